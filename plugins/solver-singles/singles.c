/* Solver "singles": repeated naked singles, then backtracking on the cell with fewest candidates. */
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
    if (option_count > 0) {
        snprintf(err, errlen, "solver 'singles' takes no options, got '%s'; remove it",
                 options[0].key);
        return NULL;
    }
    singles_instance *inst = calloc(1, sizeof *inst);
    if (!inst) {
        snprintf(err, errlen, "solver 'singles': out of memory");
        return NULL;
    }
    inst->services = services;
    return inst;
}

static void singles_destroy(void *instance)
{
    free(instance);
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
    return ~(unsigned)(st->row[i / 9] | st->col[i % 9] | st->box[singles_box_of[i]]) &
           0x1FFu;
}

/* Search from st: naked singles to a fixed point, then branch on the empty
 * cell with the fewest candidates. */
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
        if (!placed)
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

static int singles_solve(void *instance, const sk_grid *puzzle, int limit,
                         sk_grid *solution, sk_solve_stats *stats)
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
    .summary = "naked singles, then backtracking on the cell with fewest candidates",
    .options_help = NULL,
    .create = singles_create,
    .destroy = singles_destroy,
    .solve = singles_solve,
};

static const sk_strategy *const singles_strategies[] = {&singles_strategy, NULL};

static const sk_plugin singles_plugin = {
    .abi_major = SK_ABI_MAJOR,
    .abi_minor = SK_ABI_MINOR,
    .struct_size = sizeof(sk_plugin),
    .name = "solver-singles",
    .version = "1.0.0",
    .strategies = singles_strategies,
};

/* Entry symbol: the plugin descriptor. */
SK_EXPORT const sk_plugin *SK_PLUGIN_ENTRY(void);
SK_EXPORT const sk_plugin *SK_PLUGIN_ENTRY(void)
{
    return &singles_plugin;
}
