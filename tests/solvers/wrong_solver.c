/* Test plugin: a solver that claims one solution but returns a grid that does not solve the puzzle.
 */
#include <stdlib.h>
#include <string.h>

#include "sudokit/plugin.h"

static void *wrong_create(const sk_services *services, const sk_option *options,
                          size_t option_count, char *err, size_t errlen)
{
    (void)services;
    (void)options;
    (void)option_count;
    (void)err;
    (void)errlen;
    return malloc(1);
}

static void wrong_destroy(void *instance)
{
    free(instance);
}

/* Fill every empty cell with the digit 1: complete, but against the rules. */
static int wrong_solve(void *instance, const sk_grid *puzzle, int limit, sk_grid *solution,
                       sk_solve_stats *stats)
{
    (void)instance;
    (void)limit;
    (void)stats;
    if (solution) {
        memcpy(solution, puzzle, sizeof *solution);
        for (int i = 0; i < 81; i++)
            if (solution->cells[i] == 0)
                solution->cells[i] = 1;
    }
    return 1;
}

static const sk_strategy wrong_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_SOLVER,
    .name = "wrong",
    .summary = "test solver that returns a wrong grid",
    .create = wrong_create,
    .destroy = wrong_destroy,
    .solve = wrong_solve,
};

static const sk_strategy *const wrong_strategies[] = {&wrong_strategy, NULL};

static const sk_plugin wrong_plugin = {
    .abi_major = SK_ABI_MAJOR,
    .abi_minor = SK_ABI_MINOR,
    .struct_size = sizeof(sk_plugin),
    .name = "test-wrong-solver",
    .version = "1.0.0",
    .strategies = wrong_strategies,
};

/* Entry symbol: the plugin descriptor. */
SK_EXPORT const sk_plugin *SK_PLUGIN_ENTRY(void);
SK_EXPORT const sk_plugin *SK_PLUGIN_ENTRY(void)
{
    return &wrong_plugin;
}
