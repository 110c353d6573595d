/* Solver "general": any rules (docs/solvers.md). Candidates as bit sets of
 * up to 25 digits; houses, groups with their sums' digit combinations,
 * relations kept arc consistent, customs through their own propagation;
 * hidden singles in every house, locked candidates on large grids, and
 * branching on the cell with the fewest candidates. Classic grids come
 * through the host under the rules 9x9. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "general_model.h"
#include "general_search.h"
#include "rules_givens.h"

#define GENERAL_LOCKED_VALUES "auto|on|off"

/* Locked candidates pay from this size on (measured: tests/bench/rules_solvers.sh). */
#define GENERAL_LOCKED_FROM 16

typedef struct general_instance {
    int locked;            /* 1 on, 0 off, -1 auto (by size)       */
    general_model *model;  /* of the last rules solved              */
    general_search search; /* sized for model                       */
} general_instance;

static int general_solve_rules(void *instance, const sk_rules *rules, const sk_board *puzzle,
                               int limit, sk_board *solution, sk_solve_stats *stats)
{
    general_instance *g = instance;
    if (!rules_givens_ok(rules, puzzle))
        return SK_ERR_INVALID;
    if (!general_model_fits(g->model, rules)) {
        general_model *model = general_model_build(rules);
        if (!model)
            return SK_ERR;
        g->search.model = NULL;
        general_model_free(g->model);
        g->model = model;
    }
    if (!general_search_fit(&g->search, g->model, rules))
        return SK_ERR;
    g->search.locked = g->locked < 0 ? rules->size >= GENERAL_LOCKED_FROM : g->locked == 1;
    g->search.guesses = g->search.nodes = 0;
    int found = general_search_run(&g->search, puzzle, limit < 1 ? 1 : limit, solution);
    if (stats) {
        stats->guesses += g->search.guesses;
        stats->nodes += g->search.nodes;
    }
    return found;
}

static void *general_create(const sk_services *services, const sk_option *options,
                            size_t option_count, char *err, size_t errlen)
{
    (void)services;
    static const char *const words[] = {"auto", "on", "off", NULL};
    static const sk_option_spec specs[] = {{"locked", 0, 0, words}};
    long long locked = 0; /* auto */
    if (sk_options_read(options, option_count, specs, 1, &locked, "locked=" GENERAL_LOCKED_VALUES,
                        err, errlen) != SK_OK)
        return NULL;
    general_instance *g = sk_plugin_alloc(sizeof *g, err, errlen);
    if (!g)
        return NULL;
    g->locked = locked == 0 ? -1 : locked == 1;
    return g;
}

static void general_destroy(void *instance)
{
    general_instance *g = instance;
    if (!g)
        return;
    general_search_free(&g->search);
    general_model_free(g->model);
    free(g);
}

static const sk_strategy general_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_SOLVER,
    .name = "general",
    .summary = "any rules: bit-set candidates, constraint propagation, hidden singles, fewest "
               "candidates first",
    .options_help = "locked=" GENERAL_LOCKED_VALUES,
    .create = general_create,
    .destroy = general_destroy,
    .solve_rules = general_solve_rules,
};

/* The plugin: its descriptor and entry symbol. */
SK_PLUGIN_DEFINE("solver-general", "1.0.0", &general_strategy)
