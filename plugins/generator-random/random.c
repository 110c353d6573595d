/* Generator "random": random complete grids by a randomised backtracking fill. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid_fill.h"
#include "sudokit/plugin.h"

/* An instance keeps only its options: the node bound of one fill. */
typedef struct random_instance {
    uint64_t node_limit;
} random_instance;

#define RANDOM_OPTIONS_HELP "nodes=N (search-node bound of one fill, default 200000)"

static void *random_create(const sk_services *services, const sk_option *options,
                           size_t option_count, char *err, size_t errlen)
{
    (void)services;
    static const sk_option_spec specs[] = {{"nodes", 1, INT64_MAX, NULL}};
    long long node_limit = FILL_DEFAULT_NODE_LIMIT;
    if (sk_options_read(options, option_count, specs, 1, &node_limit, RANDOM_OPTIONS_HELP, err,
                        errlen) != SK_OK)
        return NULL;
    random_instance *inst = sk_plugin_alloc(sizeof *inst, err, errlen);
    if (!inst)
        return NULL;
    inst->node_limit = (uint64_t)node_limit;
    return inst;
}

/* A complete grid from (seed, index) that keeps request->fixed. Clue,
 * symmetry, level and rating requests do not apply to complete grids and
 * are refused so that a caller does not think they were met. */
static int random_generate(void *instance, const sk_gen_request *request, sk_gen_result *out,
                           char *err, size_t errlen)
{
    const random_instance *inst = instance;
    if (request->clues != 0 || request->minimal || request->level != 0 ||
        request->rating_min != 0 || request->rating_max != 0 ||
        (request->symmetry != SK_SYM_NONE && request->symmetry != SK_SYM_RANDOM)) {
        snprintf(err, errlen,
                 "makes complete grids only; clues, symmetry, minimal, "
                 "level and rating need a puzzle generator such as 'dig'");
        return SK_ERR;
    }
    sk_rng rng;
    sk_rng_seed(&rng, request->seed, request->index);
    uint64_t limit = request->max_attempts ? request->max_attempts : inst->node_limit;
    sk_grid grid = request->fixed;
    int rc = fill_random_grid(&grid, &rng, limit, err, errlen);
    if (rc != SK_OK)
        return rc;
    out->puzzle = grid;
    out->solution = grid;
    out->symmetry = SK_SYM_NONE;
    out->minimal = 0;
    out->attempts = 1;
    return SK_OK;
}

static const sk_strategy random_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_GENERATOR,
    .name = "random",
    .summary = "random complete grids: randomised backtracking fill with shuffled candidates",
    .options_help = RANDOM_OPTIONS_HELP,
    .create = random_create,
    .destroy = sk_plugin_free,
    .generate = random_generate,
};

/* The plugin: its descriptor and entry symbol. */
SK_PLUGIN_DEFINE("generator-random", "1.0.0", &random_strategy)
