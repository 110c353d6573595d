/* Solver "singles": repeated naked and hidden singles, then backtracking on
 * the cell with fewest candidates. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudokit/plugin.h"

/* One search state: the grid and, per unit, the digits used (bit d-1). It
 * is small, so a branch copies it instead of undoing moves. */
typedef struct singles_state {
    uint8_t cells[81];
    uint16_t row[9], col[9], box[9];
} singles_state;

/* What one solve call carries through the recursion. */
typedef struct singles_search {
    int limit;
    int found;
    sk_grid *solution;
    uint64_t guesses;
    uint64_t nodes;
} singles_search;

/* The instance holds nothing: the solver has no options and no state. */
typedef struct singles_instance {
    const sk_services *services;
} singles_instance;

static const uint8_t singles_box_of[81] = {
    0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 0, 0, 1, 1, 1, 2, 2, 2,
    3, 3, 3, 4, 4, 4, 5, 5, 5, 3, 3, 3, 4, 4, 4, 5, 5, 5, 3, 3, 3, 4, 4, 4, 5, 5, 5,
    6, 6, 6, 7, 7, 7, 8, 8, 8, 6, 6, 6, 7, 7, 7, 8, 8, 8, 6, 6, 6, 7, 7, 7, 8, 8, 8};

static void *singles_create(const sk_services *services, const sk_option *options,
                            size_t option_count, char *err, size_t errlen)
{
    if (sk_options_none(options, option_count, err, errlen) != SK_OK)
        return NULL;
    singles_instance *inst = sk_plugin_alloc(sizeof *inst, err, errlen);
    if (!inst)
        return NULL;
    inst->services = services;
    return inst;
}

/* Put digit d (1..9) in cell i of st. */
static void singles_place(singles_state *st, int i, int d)
{
    uint16_t bit = (uint16_t)(1u << (d - 1));
    st->cells[i] = (uint8_t)d;
    st->row[i / 9] |= bit;
    st->col[i % 9] |= bit;
    st->box[singles_box_of[i]] |= bit;
}

/* Candidates of empty cell i (bit d-1 for digit d). */
static unsigned singles_candidates(const singles_state *st, int i)
{
    return ~(unsigned)(st->row[i / 9] | st->col[i % 9] | st->box[singles_box_of[i]]) & 0x1FFu;
}

/* Cells of the 27 units: rows, columns, boxes. */
static const uint8_t singles_unit_cells[27][9] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8},          {9, 10, 11, 12, 13, 14, 15, 16, 17},
    {18, 19, 20, 21, 22, 23, 24, 25, 26}, {27, 28, 29, 30, 31, 32, 33, 34, 35},
    {36, 37, 38, 39, 40, 41, 42, 43, 44}, {45, 46, 47, 48, 49, 50, 51, 52, 53},
    {54, 55, 56, 57, 58, 59, 60, 61, 62}, {63, 64, 65, 66, 67, 68, 69, 70, 71},
    {72, 73, 74, 75, 76, 77, 78, 79, 80}, {0, 9, 18, 27, 36, 45, 54, 63, 72},
    {1, 10, 19, 28, 37, 46, 55, 64, 73},  {2, 11, 20, 29, 38, 47, 56, 65, 74},
    {3, 12, 21, 30, 39, 48, 57, 66, 75},  {4, 13, 22, 31, 40, 49, 58, 67, 76},
    {5, 14, 23, 32, 41, 50, 59, 68, 77},  {6, 15, 24, 33, 42, 51, 60, 69, 78},
    {7, 16, 25, 34, 43, 52, 61, 70, 79},  {8, 17, 26, 35, 44, 53, 62, 71, 80},
    {0, 1, 2, 9, 10, 11, 18, 19, 20},     {3, 4, 5, 12, 13, 14, 21, 22, 23},
    {6, 7, 8, 15, 16, 17, 24, 25, 26},    {27, 28, 29, 36, 37, 38, 45, 46, 47},
    {30, 31, 32, 39, 40, 41, 48, 49, 50}, {33, 34, 35, 42, 43, 44, 51, 52, 53},
    {54, 55, 56, 63, 64, 65, 72, 73, 74}, {57, 58, 59, 66, 67, 68, 75, 76, 77},
    {60, 61, 62, 69, 70, 71, 78, 79, 80},
};

/* Hidden singles: a digit with one place left in a unit goes there.
 * Returns 1 if something was placed, 0 if nothing, -1 on a contradiction
 * (a digit with no place left in a unit). */
static int singles_hidden(singles_state *st)
{
    int placed = 0;
    for (int u = 0; u < 27; u++) {
        const uint8_t *cells = singles_unit_cells[u];
        unsigned once = 0, twice = 0, done = 0;
        for (int i = 0; i < 9; i++) {
            int cell = cells[i];
            if (st->cells[cell]) {
                done |= 1u << (st->cells[cell] - 1);
                continue;
            }
            unsigned cands = singles_candidates(st, cell);
            twice |= once & cands;
            once |= cands;
        }
        if ((once | done) != 0x1FFu)
            return -1;
        unsigned hidden = once & ~twice & ~done;
        while (hidden) {
            unsigned bit = hidden & -hidden;
            hidden &= hidden - 1;
            for (int i = 0; i < 9; i++) {
                int cell = cells[i];
                if (!st->cells[cell] && (singles_candidates(st, cell) & bit)) {
                    singles_place(st, cell, __builtin_ctz(bit) + 1);
                    placed = 1;
                    break;
                }
            }
        }
    }
    return placed;
}

/* Search from st: naked and hidden singles to a fixed point, then branch
 * on the empty cell with the fewest candidates. */
static void singles_search_from(singles_search *s, singles_state *st)
{
    s->nodes++;
    int best, best_count;
    unsigned best_cands;
    for (;;) {
        int placed = 0;
        best = -1;
        best_count = 10;
        best_cands = 0;
        for (int i = 0; i < 81; i++) {
            if (st->cells[i])
                continue;
            unsigned cands = singles_candidates(st, i);
            if (cands == 0)
                return;
            int n = __builtin_popcount(cands);
            if (n == 1) {
                singles_place(st, i, __builtin_ctz(cands) + 1);
                placed = 1;
            } else if (n < best_count) {
                best = i;
                best_count = n;
                best_cands = cands;
            }
        }
        if (placed)
            continue;
        int hidden = singles_hidden(st);
        if (hidden < 0)
            return;
        if (!hidden)
            break;
    }
    if (best < 0) {
        if (s->found == 0 && s->solution)
            memcpy(s->solution->cells, st->cells, 81);
        s->found++;
        return;
    }
    s->guesses++;
    while (best_cands && s->found < s->limit) {
        int d = __builtin_ctz(best_cands) + 1;
        best_cands &= best_cands - 1;
        singles_state child = *st;
        singles_place(&child, best, d);
        singles_search_from(s, &child);
    }
}

static int singles_solve(void *instance, const sk_grid *puzzle, int limit, sk_grid *solution,
                         sk_solve_stats *stats)
{
    (void)instance;
    singles_state st;
    memset(&st, 0, sizeof st);
    for (int i = 0; i < 81; i++) {
        int d = puzzle->cells[i];
        if (d == 0)
            continue;
        if (d > 9 || (singles_candidates(&st, i) & (1u << (d - 1))) == 0)
            return SK_ERR_INVALID;
        singles_place(&st, i, d);
    }
    singles_search s = {limit < 1 ? 1 : limit, 0, solution, 0, 0};
    singles_search_from(&s, &st);
    if (stats) {
        stats->guesses += s.guesses;
        stats->nodes += s.nodes;
    }
    return s.found;
}

static const sk_strategy singles_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_SOLVER,
    .name = "singles",
    .summary = "naked and hidden singles, then backtracking on the fewest-candidate cell",
    .options_help = NULL,
    .create = singles_create,
    .destroy = sk_plugin_free,
    .solve = singles_solve,
};

/* The plugin: its descriptor and entry symbol. */
SK_PLUGIN_DEFINE("solver-singles", "1.0.0", &singles_strategy)
