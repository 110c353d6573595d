/* Constraint plugin "relations": rules between two cells. Anti-king and
 * anti-knight tie cells a chess move apart (not equal: they become peers),
 * non-consecutive ties cells side by side (no difference of 1), Kropki
 * dots and X/V marks tie the two cells of each mark, and the negative
 * rules tie every pair side by side that has no mark. Each is a relation
 * with its table; the host works out the digit relabellings they keep. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "constraint_common.h"
#include "relations.h"

/* Tie every cell to the cells at each (row, column) step (the steps are
 * taken forward only, so that each pair is met once) with table. */
static int relations_moves(const sk_rules_builder *b, const int (*steps)[2], int count,
                           const sk_digits *table, const char *mark)
{
    int n = (int)b->size;
    for (int cell = 0; cell < n * n; cell++)
        for (int k = 0; k < count; k++) {
            int r = cell / n + steps[k][0], c = cell % n + steps[k][1];
            if (r < 0 || r >= n || c < 0 || c >= n)
                continue;
            if (b->add_relation(b->ctx, (uint16_t)cell, (uint16_t)(r * n + c), table, mark, NULL) !=
                SK_OK)
                return SK_ERR;
        }
    return SK_OK;
}

/* The table "the two digits differ" for size N. */
static void relations_unequal(uint32_t size, sk_digits *table)
{
    sk_digits all = (sk_digits)((1ull << size) - 1);
    table[0] = 0;
    for (uint32_t d = 1; d <= size; d++)
        table[d] = all & ~(1u << (d - 1));
}

static int relations_parse_king(const sk_services *services, const sk_rules_builder *b,
                                const char *argument, char *err, size_t errlen)
{
    (void)services;
    static const int steps[2][2] = {{1, -1}, {1, 1}}; /* rows and columns do the rest */
    sk_digits table[SK_MAX_SIZE + 1];
    if (constraint_no_argument(b, "anti-king", argument, err, errlen))
        return SK_ERR;
    relations_unequal(b->size, table);
    return relations_moves(b, steps, 2, table, "king");
}

static int relations_parse_knight(const sk_services *services, const sk_rules_builder *b,
                                  const char *argument, char *err, size_t errlen)
{
    (void)services;
    static const int steps[4][2] = {{1, -2}, {1, 2}, {2, -1}, {2, 1}};
    sk_digits table[SK_MAX_SIZE + 1];
    if (constraint_no_argument(b, "anti-knight", argument, err, errlen))
        return SK_ERR;
    relations_unequal(b->size, table);
    return relations_moves(b, steps, 4, table, "knight");
}

/* Tie every pair side by side that marked leaves out with the table of
 * "none of marks" (each mark a table forbidding what it allows). */
static int relations_unmarked(const sk_rules_builder *b, const bool *marked,
                              const relations_mark *marks, int mark_count, const char *name)
{
    uint32_t size = b->size;
    sk_digits table[SK_MAX_SIZE + 1], one[SK_MAX_SIZE + 1];
    sk_digits all = (sk_digits)((1ull << size) - 1);
    for (uint32_t d = 0; d <= size; d++)
        table[d] = d ? all : 0;
    for (int m = 0; m < mark_count; m++) {
        relations_mark_table(size, &marks[m], one);
        for (uint32_t d = 1; d <= size; d++)
            table[d] &= ~one[d];
    }
    for (uint32_t cell = 0; cell < size * size; cell++) {
        uint16_t next[2];
        uint32_t n = constraint_next_cells(size, cell, next);
        for (uint32_t k = 0; k < n; k++) {
            bool down = next[k] == cell + size;
            if (marked && marked[cell * 2 + down])
                continue;
            if (b->add_relation(b->ctx, (uint16_t)cell, next[k], table, name, NULL) != SK_OK)
                return SK_ERR;
        }
    }
    return SK_OK;
}

static int relations_parse_consecutive(const sk_services *services, const sk_rules_builder *b,
                                       const char *argument, char *err, size_t errlen)
{
    (void)services;
    if (constraint_no_argument(b, "non-consecutive", argument, err, errlen))
        return SK_ERR;
    relations_mark one = {RELATIONS_WHITE, 0, 0, 1};
    bool marked[SK_MAX_CELLS * 2] = {false};
    uint64_t values = 0;
    relations_marks_of(b, RELATIONS_WHITE, marked, &values); /* white dots of 1 are exempt */
    return relations_unmarked(b, marked, &one, 1, "nonconsecutive");
}

/* Add one mark item of kind as a relation, with its canonical spelling. */
static int relations_parse_mark(const sk_rules_builder *b, relations_kind kind, const char *name,
                                const char *argument, char *err, size_t errlen)
{
    static const char *const marks[3] = {"dot-white", "dot-black", NULL};
    if (!argument) {
        snprintf(err, errlen, "%s needs its cells: %s", name,
                 kind == RELATIONS_SUM     ? "xv:X=r1c1+r1c2 or xv:V=r1c1+r1c2"
                 : kind == RELATIONS_WHITE ? "kropki-white:r1c1+r1c2 (=D for a difference "
                                             "other than 1)"
                                           : "kropki-black:r1c1+r1c2 (=R for a ratio other "
                                             "than 2)");
        return SK_ERR;
    }
    relations_mark mark;
    if (relations_read_mark(b, kind, argument, &mark, err, errlen) != SK_OK)
        return SK_ERR;
    sk_digits table[SK_MAX_SIZE + 1];
    relations_mark_table(b->size, &mark, table);
    char canonical[64] = "", label[16];
    bool plain = kind != RELATIONS_SUM && mark.value == (kind == RELATIONS_WHITE ? 1u : 2u);
    snprintf(label, sizeof label, kind == RELATIONS_SUM ? (mark.value == 10 ? "X" : "V") : "%u",
             mark.value);
    if (kind == RELATIONS_SUM)
        snprintf(canonical, sizeof canonical, "%s=", mark.value == 10 ? "x" : "v");
    uint16_t pair[2] = {mark.a, mark.b};
    constraint_append_cells(b->size, pair, 2, canonical, sizeof canonical);
    if (kind != RELATIONS_SUM && !plain)
        snprintf(canonical + strlen(canonical), sizeof canonical - strlen(canonical), "=%u",
                 mark.value);
    b->normalise(b->ctx, canonical);
    const char *mark_name = marks[kind] ? marks[kind] : mark.value == 10 ? "x" : "v";
    return b->add_relation(b->ctx, mark.a, mark.b, table, mark_name, label);
}

static int relations_parse_white(const sk_services *services, const sk_rules_builder *b,
                                 const char *argument, char *err, size_t errlen)
{
    (void)services;
    return relations_parse_mark(b, RELATIONS_WHITE, "kropki-white", argument, err, errlen);
}

static int relations_parse_black(const sk_services *services, const sk_rules_builder *b,
                                 const char *argument, char *err, size_t errlen)
{
    (void)services;
    return relations_parse_mark(b, RELATIONS_BLACK, "kropki-black", argument, err, errlen);
}

static int relations_parse_xv(const sk_services *services, const sk_rules_builder *b,
                              const char *argument, char *err, size_t errlen)
{
    (void)services;
    return relations_parse_mark(b, RELATIONS_SUM, "xv", argument, err, errlen);
}

/* The marks of kind that are written (or the default value), as a list. */
static int relations_values(uint64_t values, uint32_t fallback, relations_kind kind,
                            relations_mark *out, int at)
{
    if (!values)
        values = 1ull << fallback;
    for (uint32_t v = 0; v < 64; v++)
        if (values >> v & 1u)
            out[at++] = (relations_mark){kind, 0, 0, v};
    return at;
}

static int relations_parse_negative_kropki(const sk_services *services, const sk_rules_builder *b,
                                           const char *argument, char *err, size_t errlen)
{
    (void)services;
    if (constraint_no_argument(b, "negative-kropki", argument, err, errlen))
        return SK_ERR;
    bool *marked = calloc(SK_MAX_CELLS * 2, sizeof *marked);
    if (!marked) {
        snprintf(err, errlen, "out of memory");
        return SK_ERR;
    }
    uint64_t whites = 0, blacks = 0;
    relations_marks_of(b, RELATIONS_WHITE, marked, &whites);
    relations_marks_of(b, RELATIONS_BLACK, marked, &blacks);
    relations_mark marks[128];
    int count = relations_values(whites, 1, RELATIONS_WHITE, marks, 0);
    count = relations_values(blacks, 2, RELATIONS_BLACK, marks, count);
    int status = relations_unmarked(b, marked, marks, count, "negative-kropki");
    free(marked);
    return status;
}

static int relations_parse_negative_xv(const sk_services *services, const sk_rules_builder *b,
                                       const char *argument, char *err, size_t errlen)
{
    (void)services;
    if (constraint_no_argument(b, "negative-xv", argument, err, errlen))
        return SK_ERR;
    bool *marked = calloc(SK_MAX_CELLS * 2, sizeof *marked);
    if (!marked) {
        snprintf(err, errlen, "out of memory");
        return SK_ERR;
    }
    uint64_t sums = 0;
    relations_marks_of(b, RELATIONS_SUM, marked, &sums);
    relations_mark marks[2] = {{RELATIONS_SUM, 0, 0, 5}, {RELATIONS_SUM, 0, 0, 10}};
    int status = relations_unmarked(b, marked, marks, 2, "negative-xv");
    free(marked);
    return status;
}

#define RELATIONS_CONSTRAINT(id, syntax_text, example_text, field)                                 \
    static const sk_constraint relations_##id##_constraint = {.struct_size =                       \
                                                                  sizeof(sk_constraint),           \
                                                              .syntax = syntax_text,               \
                                                              .example = example_text,             \
                                                              .fpuzzles = field,                   \
                                                              .parse = relations_parse_##id}

RELATIONS_CONSTRAINT(king, "anti-king", "9x9 anti-king", "antiking");
RELATIONS_CONSTRAINT(knight, "anti-knight", "9x9 anti-knight", "antiknight");
RELATIONS_CONSTRAINT(consecutive, "non-consecutive", "9x9 non-consecutive", "nonconsecutive");
RELATIONS_CONSTRAINT(white, "kropki-white:r1c1+r1c2[=D] (D: the difference, 1 when left out)",
                     "9x9 kropki-white:r1c1+r1c2;r5c5+r6c5=3", "difference:CELLS[=VALUE]");
RELATIONS_CONSTRAINT(black, "kropki-black:r1c1+r1c2[=R] (R: the ratio, 2 when left out)",
                     "9x9 kropki-black:r1c1+r1c2;r5c5+r6c5=3", "ratio:CELLS[=VALUE]");
RELATIONS_CONSTRAINT(xv, "xv:X=r1c1+r1c2 (sum 10) or xv:V=r1c1+r1c2 (sum 5)",
                     "9x9 xv:X=r1c1+r1c2;V=r2c1+r2c2", "xv:VALUE=CELLS");
RELATIONS_CONSTRAINT(negative_kropki, "negative-kropki",
                     "9x9 kropki-white:r1c1+r1c2 negative-kropki",
                     "nonconsecutive&negative[ratio]");
RELATIONS_CONSTRAINT(negative_xv, "negative-xv", "9x9 xv:X=r1c1+r1c2 negative-xv", "negative[xv]");

#define RELATIONS_STRATEGY(id, term, text)                                                         \
    static const sk_strategy relations_##id = {.struct_size = sizeof(sk_strategy),                 \
                                               .kind = SK_KIND_CONSTRAINT,                         \
                                               .name = term,                                       \
                                               .summary = text,                                    \
                                               .constraint = &relations_##id##_constraint}

RELATIONS_STRATEGY(king, "anti-king", "cells a king's move apart hold different digits");
RELATIONS_STRATEGY(knight, "anti-knight", "cells a knight's move apart hold different digits");
RELATIONS_STRATEGY(consecutive, "non-consecutive",
                   "cells side by side never hold consecutive digits (but across a white dot)");
RELATIONS_STRATEGY(white, "kropki-white", "a white dot: the two digits differ by D (1)");
RELATIONS_STRATEGY(black, "kropki-black", "a black dot: one digit is R (2) times the other");
RELATIONS_STRATEGY(xv, "xv", "an X: the two digits sum to 10; a V: to 5");
RELATIONS_STRATEGY(negative_kropki, "negative-kropki",
                   "every dot is given: cells side by side without one are neither "
                   "consecutive nor in the dots' ratio");
RELATIONS_STRATEGY(negative_xv, "negative-xv",
                   "every X and V is given: cells side by side without one sum to neither 10 "
                   "nor 5");

/* The plugin: its descriptor and entry symbol. */
SK_PLUGIN_DEFINE("constraint-relations", "1.0.0", &relations_king, &relations_knight, &relations_consecutive, &relations_white, &relations_black, &relations_xv, &relations_negative_kropki, &relations_negative_xv)
