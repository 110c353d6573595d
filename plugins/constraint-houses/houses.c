/* Constraint plugin "houses": rules that add houses (N cells holding every
 * digit once) to the grid: the diagonals, windows, disjoint groups, the
 * centre dots, the asterisk and girandola patterns, and any extra region
 * given cell by cell. Each parse emits houses through the builder; none
 * needs a custom. */
#include <stdio.h>
#include <string.h>

#include "constraint_common.h"
#include "sudokit/plugin.h"

/* The 9x9 patterns, as (row, column) from 1. */
static const uint8_t houses_asterisk_cells[9][2] = {{2, 5}, {3, 3}, {3, 7}, {5, 2}, {5, 5},
                                                    {5, 8}, {7, 3}, {7, 7}, {8, 5}};
static const uint8_t houses_girandola_cells[9][2] = {{1, 1}, {1, 9}, {2, 5}, {5, 2}, {5, 5},
                                                     {5, 8}, {8, 5}, {9, 1}, {9, 9}};

/* Add one diagonal: main (r, r) or anti (N-1-r, r). */
static int houses_diagonal(const sk_rules_builder *b, int anti)
{
    uint16_t cells[SK_MAX_SIZE];
    for (uint32_t r = 0; r < b->size; r++)
        cells[r] = (uint16_t)((anti ? b->size - 1 - r : r) * b->size + r);
    return b->add_house(b->ctx, cells, b->size, "diagonal", NULL);
}

static int houses_parse_x(const sk_services *services, const sk_rules_builder *b,
                          const char *argument, char *err, size_t errlen)
{
    (void)services;
    if (constraint_no_argument(b, "x", argument, err, errlen))
        return SK_ERR;
    return houses_diagonal(b, 0) != SK_OK ? SK_ERR : houses_diagonal(b, 1);
}

static int houses_parse_plus(const sk_services *services, const sk_rules_builder *b,
                             const char *argument, char *err, size_t errlen)
{
    (void)services;
    if (constraint_no_argument(b, "diagonal+", argument, err, errlen))
        return SK_ERR;
    return houses_diagonal(b, 1);
}

static int houses_parse_minus(const sk_services *services, const sk_rules_builder *b,
                              const char *argument, char *err, size_t errlen)
{
    (void)services;
    if (constraint_no_argument(b, "diagonal-", argument, err, errlen))
        return SK_ERR;
    return houses_diagonal(b, 0);
}

/* Windows: boxes moved one cell in from the top left, one cell apart,
 * as many as fit with a free line at the bottom and right (the four
 * windows of 9x9 windoku; one window in 4x4, nine in 16x16). */
static int houses_parse_windoku(const sk_services *services, const sk_rules_builder *b,
                                const char *argument, char *err, size_t errlen)
{
    (void)services;
    if (constraint_no_argument(b, "windoku", argument, err, errlen))
        return SK_ERR;
    uint32_t h = b->box_rows, w = b->box_cols, n = b->size;
    if (!h) {
        snprintf(err, errlen,
                 "windoku needs boxes (its windows are boxes moved one cell in), "
                 "not jigsaw regions or none");
        return SK_ERR;
    }
    for (uint32_t top = 1; top + h <= n - 1; top += h + 1)
        for (uint32_t left = 1; left + w <= n - 1; left += w + 1) {
            uint16_t cells[SK_MAX_SIZE];
            uint32_t k = 0;
            for (uint32_t r = top; r < top + h; r++)
                for (uint32_t c = left; c < left + w; c++)
                    cells[k++] = (uint16_t)(r * n + c);
            if (b->add_house(b->ctx, cells, k, "window", NULL) != SK_OK)
                return SK_ERR;
        }
    return SK_OK;
}

/* Group g: the g-th cell, in reading order, of every region. */
static int houses_parse_disjoint(const sk_services *services, const sk_rules_builder *b,
                                 const char *argument, char *err, size_t errlen)
{
    (void)services;
    if (constraint_no_argument(b, "disjoint", argument, err, errlen))
        return SK_ERR;
    uint32_t n = b->size;
    if (b->region[0] == 255) {
        snprintf(err, errlen, "disjoint needs regions (boxes or jigsaw): the grid has none");
        return SK_ERR;
    }
    for (uint32_t g = 0; g < n; g++) {
        uint16_t cells[SK_MAX_SIZE];
        uint32_t seen[SK_MAX_SIZE] = {0}, k = 0;
        for (uint32_t cell = 0; cell < n * n; cell++)
            if (seen[b->region[cell]]++ == g)
                cells[k++] = (uint16_t)cell;
        if (b->add_house(b->ctx, cells, k, "disjoint", NULL) != SK_OK)
            return SK_ERR;
    }
    return SK_OK;
}

static int houses_parse_centre(const sk_services *services, const sk_rules_builder *b,
                               const char *argument, char *err, size_t errlen)
{
    (void)services;
    if (constraint_no_argument(b, "centre-dot", argument, err, errlen))
        return SK_ERR;
    uint32_t h = b->box_rows, w = b->box_cols, n = b->size;
    if (!h || h % 2 == 0 || w % 2 == 0) {
        snprintf(err, errlen,
                 "centre-dot needs boxes with a centre cell (an odd number of rows "
                 "and of columns, as 3x3 or 5x5)");
        return SK_ERR;
    }
    uint16_t cells[SK_MAX_SIZE];
    uint32_t k = 0;
    for (uint32_t top = 0; top < n; top += h)
        for (uint32_t left = 0; left < n; left += w)
            cells[k++] = (uint16_t)((top + h / 2) * n + left + w / 2);
    return b->add_house(b->ctx, cells, k, "centre-dot", NULL);
}

/* A fixed 9x9 pattern named name. */
static int houses_pattern(const sk_rules_builder *b, const char *name, const uint8_t pattern[9][2],
                          const char *argument, char *err, size_t errlen)
{
    if (constraint_no_argument(b, name, argument, err, errlen))
        return SK_ERR;
    if (b->size != 9) {
        snprintf(err, errlen,
                 "%s is a 9x9 pattern; on a %ux%u grid write its cells with "
                 "extra:CELLS",
                 name, b->size, b->size);
        return SK_ERR;
    }
    uint16_t cells[9];
    for (int i = 0; i < 9; i++)
        cells[i] = (uint16_t)((pattern[i][0] - 1) * 9 + pattern[i][1] - 1);
    return b->add_house(b->ctx, cells, 9, name, NULL);
}

static int houses_parse_asterisk(const sk_services *services, const sk_rules_builder *b,
                                 const char *argument, char *err, size_t errlen)
{
    (void)services;
    return houses_pattern(b, "asterisk", houses_asterisk_cells, argument, err, errlen);
}

static int houses_parse_girandola(const sk_services *services, const sk_rules_builder *b,
                                  const char *argument, char *err, size_t errlen)
{
    (void)services;
    return houses_pattern(b, "girandola", houses_girandola_cells, argument, err, errlen);
}

/* extra:CELLS: N cells are a house, fewer a group of different digits. */
static int houses_parse_extra(const sk_services *services, const sk_rules_builder *b,
                              const char *argument, char *err, size_t errlen)
{
    (void)services;
    if (!argument) {
        snprintf(err, errlen, "extra needs its cells: extra:r1c1+r1c2+... (all different)");
        return SK_ERR;
    }
    uint16_t cells[SK_MAX_SIZE];
    uint32_t n;
    if (constraint_cell_list(b, argument, cells, b->size, &n, err, errlen))
        return SK_ERR;
    constraint_sort_cells(cells, n);
    char canonical[CONSTRAINT_TEXT_MAX] = "";
    constraint_append_cells(b->size, cells, n, canonical, sizeof canonical);
    b->normalise(b->ctx, canonical);
    return n == b->size ? b->add_house(b->ctx, cells, n, "extra", NULL)
                        : b->add_group(b->ctx, cells, n, 0, "extra", NULL);
}

#define HOUSES_CONSTRAINT(id, syntax_text, example_text, field)                                    \
    static const sk_constraint houses_##id##_constraint = {.struct_size = sizeof(sk_constraint),   \
                                                           .syntax = syntax_text,                  \
                                                           .example = example_text,                \
                                                           .fpuzzles = field,                      \
                                                           .parse = houses_parse_##id}

HOUSES_CONSTRAINT(x, "x", "9x9 x", "diagonal+&diagonal-");
HOUSES_CONSTRAINT(plus, "diagonal+", "9x9 diagonal+", "diagonal+");
HOUSES_CONSTRAINT(minus, "diagonal-", "9x9 diagonal-", "diagonal-");
HOUSES_CONSTRAINT(windoku, "windoku", "9x9 windoku", "extraregion:HOUSES");
HOUSES_CONSTRAINT(disjoint, "disjoint", "9x9 disjoint", "disjointgroups");
HOUSES_CONSTRAINT(centre, "centre-dot", "9x9 centre-dot", "extraregion:HOUSES");
HOUSES_CONSTRAINT(asterisk, "asterisk", "9x9 asterisk", "extraregion:HOUSES");
HOUSES_CONSTRAINT(girandola, "girandola", "9x9 girandola", "extraregion:HOUSES");
HOUSES_CONSTRAINT(extra, "extra:CELLS (CELLS = r1c1+r1c2+..., up to N, all different)",
                  "9x9 extra:r1c1+r2c3+r3c5+r4c7+r5c9+r6c2+r7c4+r8c6+r9c8", "extraregion:CELLS");

#define HOUSES_STRATEGY(id, term, text)                                                            \
    static const sk_strategy houses_##id = {.struct_size = sizeof(sk_strategy),                    \
                                            .kind = SK_KIND_CONSTRAINT,                            \
                                            .name = term,                                          \
                                            .summary = text,                                       \
                                            .constraint = &houses_##id##_constraint}

HOUSES_STRATEGY(x, "x", "both main diagonals are houses (X-sudoku)");
HOUSES_STRATEGY(plus, "diagonal+", "the anti-diagonal (bottom left to top right) is a house");
HOUSES_STRATEGY(minus, "diagonal-", "the main diagonal (top left to bottom right) is a house");
HOUSES_STRATEGY(windoku, "windoku", "the windows (boxes moved one cell in) are houses");
HOUSES_STRATEGY(disjoint, "disjoint", "cells at the same place in every region form a house");
HOUSES_STRATEGY(centre, "centre-dot", "the centre cells of the boxes form a house");
HOUSES_STRATEGY(asterisk, "asterisk", "the nine asterisk cells of a 9x9 grid form a house");
HOUSES_STRATEGY(girandola, "girandola", "the nine girandola cells of a 9x9 grid form a house");
HOUSES_STRATEGY(extra, "extra", "the cells listed hold different digits (N cells: a house)");

/* The plugin: its descriptor and entry symbol. */
SK_PLUGIN_DEFINE("constraint-houses", "1.0.0", &houses_x, &houses_plus, &houses_minus, &houses_windoku, &houses_disjoint, &houses_centre, &houses_asterisk, &houses_girandola, &houses_extra)
