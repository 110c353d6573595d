/* A solver plugin exactly as ABI 1.1 built it: its strategy struct ends
 * with rate_marks and its descriptor says minor 1. The host of ABI 1.2
 * loads it, reads no member it lacks, and runs it. */
#include <stddef.h>

#include "sudokit/plugin.h"
#include "sudokit/plugin_mock.h"

/* sk_strategy as ABI 1.1 declared it. */
typedef struct abi11_strategy {
    uint32_t struct_size;
    sk_kind kind;
    const char *name;
    const char *summary;
    const char *options_help;
    sk_create_fn create;
    sk_destroy_fn destroy;
    sk_solve_fn solve;
    sk_generate_fn generate;
    sk_rate_fn rate;
    sk_rate_marks_fn rate_marks;
} abi11_strategy;

static int abi11_instance;

static void *abi11_create(const sk_services *services, const sk_option *options,
                          size_t option_count, char *err, size_t errlen)
{
    (void)services, (void)options, (void)option_count, (void)err, (void)errlen;
    return &abi11_instance;
}

static void abi11_destroy(void *instance)
{
    (void)instance;
}

static int abi11_solve(void *instance, const sk_grid *puzzle, int limit, sk_grid *solution,
                       sk_solve_stats *stats)
{
    (void)instance, (void)stats;
    return sk_mock_count_solutions(puzzle, limit, solution);
}

static const abi11_strategy abi11_solver = {
    .struct_size = sizeof(abi11_strategy),
    .kind = SK_KIND_SOLVER,
    .name = "abi11",
    .summary = "a solver built for plugin ABI 1.1",
    .create = abi11_create,
    .destroy = abi11_destroy,
    .solve = abi11_solve,
};

static const sk_strategy *const abi11_strategies[] = {(const sk_strategy *)&abi11_solver, NULL};

/* sk_plugin has not changed since ABI 1.0. */
static const sk_plugin abi11_plugin = {
    .abi_major = 1,
    .abi_minor = 1,
    .struct_size = sizeof(sk_plugin),
    .name = "abi11",
    .version = "1.1.0",
    .strategies = abi11_strategies,
};

SK_EXPORT const sk_plugin *SK_PLUGIN_ENTRY(void)
{
    return &abi11_plugin;
}
