/* Constraint plugin "lines": thermometers and arrows.
 *   thermo:r1c1+r1c2+r2c3   digits rise strictly from the bulb (the first
 *                           cell) along the line: one "less than"
 *                           relation a step, which propagates the bounds
 *                           along the whole line;
 *   arrow:r5c5-r4c4+r3c3    the digits on the line (after '-') sum to the
 *                           number in the circle (before '-': one cell, or
 *                           several read as a number, a pill): a custom.
 * Line cells follow each other by a side or a corner. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "constraint_common.h"
#include "lines.h"

int lines_read(const sk_rules_builder *b, const char *text, uint16_t *cells, uint32_t max,
               uint32_t *count, const char **end, char *err, size_t errlen)
{
    if (b->parse_cells(b->ctx, text, cells, max, count, end) != SK_OK)
        return SK_ERR;
    uint32_t n = b->size;
    for (uint32_t i = 1; i < *count; i++) {
        int dr = (int)(cells[i] / n) - (int)(cells[i - 1] / n);
        int dc = (int)(cells[i] % n) - (int)(cells[i - 1] % n);
        if (dr < -1 || dr > 1 || dc < -1 || dc > 1) {
            b->error_at(b->ctx, text);
            snprintf(err, errlen,
                     "cell %u of the line (r%uc%u) does not touch the one before "
                     "it: a line goes from cell to cell by a side or a corner",
                     i + 1, cells[i] / n + 1, cells[i] % n + 1);
            return SK_ERR;
        }
    }
    return SK_OK;
}

static int lines_parse_thermo(const sk_services *services, const sk_rules_builder *b,
                              const char *argument, char *err, size_t errlen)
{
    (void)services;
    if (!argument) {
        snprintf(err, errlen, "thermo needs its line: thermo:r1c1+r1c2+... (bulb first)");
        return SK_ERR;
    }
    uint16_t cells[SK_MAX_SIZE];
    uint32_t n;
    const char *end;
    if (lines_read(b, argument, cells, b->size, &n, &end, err, errlen) != SK_OK)
        return SK_ERR;
    if (*end) {
        b->error_at(b->ctx, end);
        snprintf(err, errlen, "unexpected '%.12s' after the line: join cells with '+'", end);
        return SK_ERR;
    }
    if (n < 2) {
        snprintf(err, errlen, "a thermometer has 2 cells or more");
        return SK_ERR;
    }
    sk_digits rising[SK_MAX_SIZE + 1] = {0};
    sk_digits all = (sk_digits)((1ull << b->size) - 1);
    for (uint32_t d = 1; d <= b->size; d++)
        rising[d] = all & ~(sk_digits)((1ull << d) - 1); /* d+1 .. N */
    char canonical[CONSTRAINT_TEXT_MAX] = "";
    constraint_append_cells(b->size, cells, n, canonical, sizeof canonical);
    b->normalise(b->ctx, canonical);
    for (uint32_t i = 1; i < n; i++)
        if (b->add_relation(b->ctx, cells[i - 1], cells[i], rising, "thermo", NULL) != SK_OK)
            return SK_ERR;
    return SK_OK;
}

static const sk_constraint lines_thermo_constraint = {
    .struct_size = sizeof(sk_constraint),
    .syntax = "thermo:r1c1+r1c2+... (bulb first; digits rise along the line)",
    .example = "9x9 thermo:r1c1+r1c2+r1c3;r9c9+r8c8",
    .fpuzzles = "thermometer:LINE",
    .parse = lines_parse_thermo,
};

static const sk_strategy lines_thermo = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_CONSTRAINT,
    .name = "thermo",
    .summary = "a thermometer: digits rise strictly from the bulb along the line",
    .constraint = &lines_thermo_constraint,
};

static const sk_strategy lines_arrow = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_CONSTRAINT,
    .name = "arrow",
    .summary = "an arrow: the digits on the line sum to the circle's number",
    .constraint = &lines_arrow_constraint,
};

/* The plugin: its descriptor and entry symbol. */
SK_PLUGIN_DEFINE("constraint-lines", "1.0.0", &lines_thermo, &lines_arrow)
