/* A solver and a generator plugin exactly as ABI 1.1 built them: the
 * strategy struct ends with rate_marks, the search statistics and the
 * generated result have no struct_size (ABI 1.3 put it first), and the
 * descriptor says minor 1. The host of a newer ABI loads it, reads no
 * member it lacks, hands it the layouts it knows and runs it. */
#include <stddef.h>

#include "sudokit/plugin.h"
#include "sudokit/plugin_mock.h"

/* sk_solve_stats and sk_gen_result as ABI 1.1 declared them. */
typedef struct abi11_solve_stats {
    uint64_t guesses;
    uint64_t nodes;
} abi11_solve_stats;

typedef struct abi11_gen_result {
    sk_grid puzzle;
    sk_grid solution;
    sk_symmetry symmetry;
    int minimal;
    uint32_t attempts;
} abi11_gen_result;

typedef int (*abi11_solve_fn)(void *instance, const sk_grid *puzzle, int limit,
                              sk_grid *solution, abi11_solve_stats *stats);
typedef int (*abi11_generate_fn)(void *instance, const sk_gen_request *request,
                                 abi11_gen_result *out, char *err, size_t errlen);

/* sk_strategy as ABI 1.1 declared it. */
typedef struct abi11_strategy {
    uint32_t struct_size;
    sk_kind kind;
    const char *name;
    const char *summary;
    const char *options_help;
    sk_create_fn create;
    sk_destroy_fn destroy;
    abi11_solve_fn solve;
    abi11_generate_fn generate;
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

/* Counts 7 guesses and 11 nodes for every solve. */
static int abi11_solve(void *instance, const sk_grid *puzzle, int limit, sk_grid *solution,
                       abi11_solve_stats *stats)
{
    (void)instance;
    if (stats) {
        stats->guesses += 7;
        stats->nodes += 11;
    }
    return sk_mock_count_solutions(puzzle, limit, solution);
}

/* Makes the one puzzle ABI11_PUZZLE, after 3 attempts. */
static int abi11_generate(void *instance, const sk_gen_request *request, abi11_gen_result *out,
                          char *err, size_t errlen)
{
    (void)instance, (void)request, (void)err, (void)errlen;
    static const char puzzle[] =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    for (int i = 0; i < 81; i++)
        out->puzzle.cells[i] = puzzle[i] == '.' ? 0 : (uint8_t)(puzzle[i] - '0');
    if (sk_mock_count_solutions(&out->puzzle, 1, &out->solution) != 1)
        return SK_ERR;
    out->symmetry = SK_SYM_NONE;
    out->minimal = 0;
    out->attempts = 3;
    return SK_OK;
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

static const abi11_strategy abi11_generator = {
    .struct_size = sizeof(abi11_strategy),
    .kind = SK_KIND_GENERATOR,
    .name = "abi11",
    .summary = "a generator built for plugin ABI 1.1",
    .create = abi11_create,
    .destroy = abi11_destroy,
    .generate = abi11_generate,
};

static const sk_strategy *const abi11_strategies[] = {(const sk_strategy *)&abi11_solver,
                                                      (const sk_strategy *)&abi11_generator, NULL};

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
