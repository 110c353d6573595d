/* Template solver: a copy-me solver, a backtracking search that fills the
 * empty cell with the fewest candidates first. The recipe of template.c
 * holds; what a solver adds:
 *  - solve returns how many solutions it found, stopping at limit (1 asks
 *    for any solution, 2 tells a unique puzzle from one with several);
 *  - givens that break the rules are SK_ERR_INVALID, not 0 solutions;
 *  - the first solution found goes to solution when it is not NULL, and
 *    stats (may be NULL) counts the search: a node per digit placed, a
 *    guess per cell tried with more than one candidate.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "sudokit/plugin.h"

typedef struct template_solver {
    bool backward; /* try digits 9..1 instead of 1..9 */
} template_solver;

#define TEMPLATE_SOLVER_OPTIONS_HELP "digits=up|down (the order digits are tried, default up)"

static void *template_solver_create(const sk_services *services, const sk_option *options,
                                    size_t option_count, char *err, size_t errlen)
{
    (void)services;
    static const char *const orders[] = {"up", "down", NULL};
    static const sk_option_spec specs[] = {{"digits", 0, 0, orders}};
    long long order = 0;
    if (sk_options_read(options, option_count, specs, 1, &order, TEMPLATE_SOLVER_OPTIONS_HELP,
                        err, errlen) != SK_OK)
        return NULL;
    template_solver *solver = sk_plugin_alloc(sizeof *solver, err, errlen);
    if (solver)
        solver->backward = order == 1;
    return solver;
}

/* One search: the grid being filled and the digits each unit holds. */
typedef struct template_search {
    sk_grid grid;
    uint16_t row[9], col[9], box[9]; /* bit d-1: digit d is placed there */
    bool backward;
    int limit, found;
    sk_grid *solution;
    sk_solve_stats *stats;
} template_search;

/* Place digit in cell (or take it out: the same bits flip back). */
static void template_flip(template_search *s, int cell, int digit)
{
    uint16_t bit = (uint16_t)(1u << (digit - 1));
    s->row[cell / 9] ^= bit;
    s->col[cell % 9] ^= bit;
    s->box[cell / 27 * 3 + cell % 9 / 3] ^= bit;
    s->grid.cells[cell] = s->grid.cells[cell] ? 0 : (uint8_t)digit;
}

static uint16_t template_candidates(const template_search *s, int cell)
{
    return (uint16_t)(~(s->row[cell / 9] | s->col[cell % 9] |
                        s->box[cell / 27 * 3 + cell % 9 / 3]) & 0x1ff);
}

static int template_count_bits(uint16_t set)
{
    int n = 0;
    for (; set; set &= (uint16_t)(set - 1))
        n++;
    return n;
}

static void template_search_from(template_search *s)
{
    int best = -1, fewest = 10;
    for (int cell = 0; cell < 81 && fewest > 1; cell++) {
        int n = s->grid.cells[cell] ? 10 : template_count_bits(template_candidates(s, cell));
        if (n < fewest) {
            best = cell;
            fewest = n;
        }
    }
    if (fewest == 0)
        return; /* an empty cell without candidates: a dead end */
    if (best < 0) { /* no empty cell: a solution */
        if (s->found++ == 0 && s->solution)
            *s->solution = s->grid;
        return;
    }
    uint16_t candidates = template_candidates(s, best);
    if (s->stats && fewest > 1)
        s->stats->guesses++;
    for (int i = 1; i <= 9 && s->found < s->limit; i++) {
        int digit = s->backward ? 10 - i : i;
        if (!(candidates & (1u << (digit - 1))))
            continue;
        if (s->stats)
            s->stats->nodes++;
        template_flip(s, best, digit);
        template_search_from(s);
        template_flip(s, best, digit);
    }
}

static int template_solve(void *instance, const sk_grid *puzzle, int limit, sk_grid *solution,
                          sk_solve_stats *stats)
{
    const template_solver *solver = instance;
    template_search s = {.backward = solver->backward, .limit = limit,
                         .solution = solution, .stats = stats};
    for (int cell = 0; cell < 81; cell++) {
        int digit = puzzle->cells[cell];
        if (digit == 0)
            continue;
        if (digit > 9 || !(template_candidates(&s, cell) & (1u << (digit - 1))))
            return SK_ERR_INVALID; /* a digit repeated in a unit, or not a digit */
        template_flip(&s, cell, digit);
    }
    template_search_from(&s);
    return s.found;
}

static const sk_strategy template_solver_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_SOLVER,
    .name = "template",
    .summary = "example solver: backtracking, fewest candidates first",
    .options_help = TEMPLATE_SOLVER_OPTIONS_HELP,
    .create = template_solver_create,
    .destroy = sk_plugin_free,
    .solve = template_solve,
};

/* The plugin: its descriptor and entry symbol. */
SK_PLUGIN_DEFINE("template-solver", "1.0.0", &template_solver_strategy)
