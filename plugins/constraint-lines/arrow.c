/* Constraint plugin "lines": the arrow, a custom rule. The digits on the
 * line sum to the number in the circle: one cell, or a pill of several
 * cells whose digits read as a number (grids up to 9x9). The custom's
 * cells are the circle's then the line's, its label the number of circle
 * cells. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "constraint_common.h"
#include "lines.h"

typedef struct arrow_state {
    uint32_t circle, count; /* circle cells, then line cells up to count */
    uint16_t cells[];
} arrow_state;

static int arrow_low(sk_digits set)
{
    return set ? __builtin_ctz(set) + 1 : 0;
}

static int arrow_high(sk_digits set)
{
    return set ? 32 - __builtin_clz(set) : 0;
}

/* The circle's number: digit i of the pill weighs 10^(circle-1-i). */
static long arrow_weight(const arrow_state *s, uint32_t i)
{
    long w = 1;
    for (uint32_t k = i + 1; k < s->circle; k++)
        w *= 10;
    return w;
}

static int arrow_check(void *state, const sk_rules *rules, const sk_board *grid, char *why,
                       size_t len)
{
    (void)rules;
    const arrow_state *s = state;
    long circle = 0, line = 0;
    for (uint32_t i = 0; i < s->count; i++) {
        if (i < s->circle)
            circle += grid->cells[s->cells[i]] * arrow_weight(s, i);
        else
            line += grid->cells[s->cells[i]];
    }
    if (circle == line)
        return 1;
    snprintf(why, len, "the line sums to %ld, the circle says %ld", line, circle);
    return 0;
}

/* Keep in cell only the digits d with low <= d * weight + rest_low and
 * d * weight + rest_high >= ... : those for which some total in
 * [want_low, want_high] stays reachable. */
static void arrow_narrow(sk_digits *cell, long weight, long rest_low, long rest_high, long want_low,
                         long want_high)
{
    sk_digits keep = 0;
    for (int d = 1; d <= 25; d++)
        if ((*cell >> (d - 1) & 1u) && d * weight + rest_low <= want_high &&
            d * weight + rest_high >= want_low)
            keep |= 1u << (d - 1);
    *cell = keep;
}

static int arrow_propagate(void *state, const sk_rules *rules, sk_digits *candidates,
                           sk_note_fn note, void *user)
{
    (void)rules;
    const arrow_state *s = state;
    long circle_low = 0, circle_high = 0, line_low = 0, line_high = 0;
    for (uint32_t i = 0; i < s->count; i++) {
        sk_digits set = candidates[s->cells[i]];
        long w = i < s->circle ? arrow_weight(s, i) : 1;
        *(i < s->circle ? &circle_low : &line_low) += arrow_low(set) * w;
        *(i < s->circle ? &circle_high : &line_high) += arrow_high(set) * w;
    }
    for (uint32_t i = 0; i < s->count; i++) {
        sk_digits *cell = &candidates[s->cells[i]], before = *cell;
        bool in_circle = i < s->circle;
        long w = in_circle ? arrow_weight(s, i) : 1;
        long own_low = arrow_low(before) * w, own_high = arrow_high(before) * w;
        if (in_circle)
            arrow_narrow(cell, w, circle_low - own_low, circle_high - own_high, line_low,
                         line_high);
        else
            arrow_narrow(cell, 1, line_low - own_low, line_high - own_high, circle_low,
                         circle_high);
        if (note && *cell != before)
            note(user, s->cells[i], before & ~*cell,
                 in_circle ? "the circle holds the line's sum"
                           : "the line's digits sum to the circle");
        if (!*cell)
            return SK_ERR_INVALID;
    }
    return SK_OK;
}

/* Read CIRCLE-LINE into a new state (NULL with err on a problem). */
static arrow_state *arrow_read(const sk_rules_builder *b, const char *argument, char *err,
                               size_t errlen)
{
    uint16_t circle[3], line[SK_MAX_CELLS];
    uint32_t k, m;
    const char *end;
    if (lines_read(b, argument, circle, 3, &k, &end, err, errlen) != SK_OK)
        return NULL;
    if (*end != '-') {
        b->error_at(b->ctx, end);
        snprintf(err, errlen,
                 "an arrow is CIRCLE-LINE: the circle's cells, '-', then the line's "
                 "(arrow:r5c5-r4c4+r3c3)");
        return NULL;
    }
    if (k > 1 && b->size > 9) {
        b->error_at(b->ctx, argument);
        snprintf(err, errlen,
                 "a pill (several circle cells) reads its digits as a number, so "
                 "it needs digits 1-9 (a grid of 9x9 at most)");
        return NULL;
    }
    const char *start = end + 1;
    if (lines_read(b, start, line, SK_MAX_CELLS, &m, &end, err, errlen) != SK_OK)
        return NULL;
    int dr = (int)(line[0] / b->size) - (int)(circle[k - 1] / b->size);
    int dc = (int)(line[0] % b->size) - (int)(circle[k - 1] % b->size);
    bool apart = false;
    for (uint32_t i = 0; i < k; i++)
        for (uint32_t j = 0; j < m; j++)
            apart |= circle[i] == line[j];
    if (*end || apart || dr < -1 || dr > 1 || dc < -1 || dc > 1) {
        b->error_at(b->ctx, *end ? end : start);
        snprintf(err, errlen, "%s",
                 *end    ? "unexpected text after the line: join cells with '+'"
                 : apart ? "a cell is both in the circle and on the line"
                         : "the line starts beside the circle's last cell");
        return NULL;
    }
    arrow_state *s = malloc(sizeof *s + (k + m) * sizeof *s->cells);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    s->circle = k;
    s->count = k + m;
    memcpy(s->cells, circle, k * sizeof *circle);
    memcpy(s->cells + k, line, m * sizeof *line);
    return s;
}

static int arrow_parse(const sk_services *services, const sk_rules_builder *b, const char *argument,
                       char *err, size_t errlen)
{
    (void)services;
    if (!argument) {
        snprintf(err, errlen, "arrow needs its cells: arrow:CIRCLE-LINE, as r5c5-r4c4+r3c3");
        return SK_ERR;
    }
    arrow_state *s = arrow_read(b, argument, err, errlen);
    if (!s)
        return SK_ERR;
    char canonical[CONSTRAINT_TEXT_MAX] = "", label[8];
    constraint_append_cells(b->size, s->cells, s->circle, canonical, sizeof canonical);
    strcat(canonical, "-");
    constraint_append_cells(b->size, s->cells + s->circle, s->count - s->circle, canonical,
                            sizeof canonical);
    b->normalise(b->ctx, canonical);
    snprintf(label, sizeof label, "%u", s->circle);
    return b->add_custom(b->ctx, s, s->cells, s->count, "arrow", label);
}

const sk_constraint lines_arrow_constraint = {
    .struct_size = sizeof(sk_constraint),
    .syntax = "arrow:CIRCLE-LINE (circle cells, '-', line cells: r5c5-r4c4+r3c3; a pill of "
              "several circle cells reads as a number)",
    .example = "9x9 arrow:r5c5-r4c4+r3c3;r1c1+r1c2-r2c3+r3c4+r4c5",
    .fpuzzles = "arrow:CIRCLE-LINE",
    .parse = arrow_parse,
    .check = arrow_check,
    .propagate = arrow_propagate,
    .free_state = free,
};
