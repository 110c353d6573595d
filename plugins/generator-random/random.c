/* Generator "random": random complete grids by a randomised backtracking fill. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid_fill.h"
#include "sudokit/plugin.h"

/* An instance keeps only its options: the node bound of one fill. */
typedef struct random_instance {
    uint64_t node_limit;
} random_instance;

/* Parse a whole decimal number in [1, max] into *out. */
static int random_parse_count(const char *text, uint64_t max, uint64_t *out)
{
    if (!text || *text < '0' || *text > '9')
        return -1;
    errno = 0;
    char *end = NULL;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || *end || v < 1 || v > max)
        return -1;
    *out = v;
    return 0;
}

static void *random_create(const sk_services *services, const sk_option *options,
                           size_t option_count, char *err, size_t errlen)
{
    (void)services;
    uint64_t node_limit = FILL_DEFAULT_NODE_LIMIT;
    for (size_t i = 0; i < option_count; i++) {
        if (strcmp(options[i].key, "nodes") == 0) {
            if (random_parse_count(options[i].value, UINT64_MAX / 2, &node_limit) != 0) {
                snprintf(err, errlen, "nodes=%s is not a positive whole number",
                         options[i].value ? options[i].value : "");
                return NULL;
            }
        } else {
            snprintf(err, errlen, "unknown option '%s'; the only option is nodes=N",
                     options[i].key);
            return NULL;
        }
    }
    random_instance *inst = malloc(sizeof *inst);
    if (!inst) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    inst->node_limit = node_limit;
    return inst;
}

static void random_destroy(void *instance)
{
    free(instance);
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
    .options_help = "nodes=N (search-node bound of one fill, default 200000)",
    .create = random_create,
    .destroy = random_destroy,
    .generate = random_generate,
};

static const sk_strategy *const random_strategies[] = {&random_strategy, NULL};

static const sk_plugin random_plugin = {
    .abi_major = SK_ABI_MAJOR,
    .abi_minor = SK_ABI_MINOR,
    .struct_size = sizeof(sk_plugin),
    .name = "generator-random",
    .version = "1.0.0",
    .strategies = random_strategies,
};

/* Entry symbol: the plugin descriptor. */
SK_EXPORT const sk_plugin *SK_PLUGIN_ENTRY(void);
SK_EXPORT const sk_plugin *SK_PLUGIN_ENTRY(void)
{
    return &random_plugin;
}
