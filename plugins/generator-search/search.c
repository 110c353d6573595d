/* Generator plugin "generator-search": the vicinity search and the
 * clue-pattern generator, for the hard end of the scale (docs/generation.md).
 * Both run one episode per puzzle, all its randomness from (seed, index). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"

#define SEARCH_DEFAULT_EPISODE 2000u
#define SEARCH_DEFAULT_POPULATION 16
#define SEARCH_DEFAULT_REMOVE 2
#define SEARCH_DEFAULT_TRIES 400

#define SEARCH_OPTIONS_HELP                                                                      \
    "episode=N (candidates judged by one episode, default 2000) population=2..64 (members "   \
    "kept, default 16) remove=1..4 (most clues a move takes away or changes, default 2) "             \
    "tries=1..100000 (moves tried for one unique candidate, default 400)"

/* An instance: the services and the options. */
typedef struct search_instance {
    const sk_services *services;
    search_options options;
} search_instance;

static void *search_create(const sk_services *services, const sk_option *options,
                           size_t option_count, char *err, size_t errlen)
{
    static const sk_option_spec specs[] = {{"episode", 1, 4294967295LL, NULL},
                                           {"population", 2, SEARCH_POPULATION_MAX, NULL},
                                           {"remove", 1, 4, NULL},
                                           {"tries", 1, 100000, NULL}};
    long long v[] = {SEARCH_DEFAULT_EPISODE, SEARCH_DEFAULT_POPULATION, SEARCH_DEFAULT_REMOVE,
                     SEARCH_DEFAULT_TRIES};
    if (sk_options_read(options, option_count, specs, 4, v, SEARCH_OPTIONS_HELP, err, errlen) !=
        SK_OK)
        return NULL;
    search_instance *inst = sk_plugin_alloc(sizeof *inst, err, errlen);
    if (!inst)
        return NULL;
    *inst = (search_instance){services, {(uint32_t)v[0], (int)v[1], (int)v[2], (int)v[3]}};
    return inst;
}

/* Refuse what a search cannot honour; SK_OK or SK_ERR with a message. */
static int search_check(const sk_gen_request *r, bool pattern, char *err, size_t errlen)
{
    if (r->symmetry != SK_SYM_NONE || r->clues) {
        snprintf(err, errlen,
                 "a search keeps no symmetry or clue count of its own; give a clue pattern "
                 "(--pattern) to fix where the clues go");
        return SK_ERR;
    }
    int clues = 0;
    for (int c = 0; c < 81; c++)
        clues += r->pattern[c] != 0;
    if (pattern && (clues < 17 || clues > 80)) {
        snprintf(err, errlen, "the clue pattern has %d clues; a puzzle with one solution has "
                 "17 to 80", clues);
        return SK_ERR;
    }
    if (r->level < 0 || r->level > 5) {
        snprintf(err, errlen, "level %d asked; levels are 1 to 5", r->level);
        return SK_ERR;
    }
    if (r->rating_min > r->rating_max && r->rating_max > 0) {
        snprintf(err, errlen, "rating window %g-%g is empty", r->rating_min, r->rating_max);
        return SK_ERR;
    }
    return SK_OK;
}

/* One puzzle: an episode of the search. needs_pattern: the clue-pattern
 * generator, which needs a pattern; else the vicinity search, which needs
 * seeds (or a pattern). */
static int search_generate_with(void *instance, const sk_gen_request *request,
                                sk_gen_result *out, char *err, size_t errlen, bool needs_pattern)
{
    const search_instance *inst = instance;
    if (request->struct_size < offsetof(sk_gen_request, judge_user) + sizeof(void *)) {
        snprintf(err, errlen, "the request is older than plugin ABI 1.2: rebuild the host");
        return SK_ERR;
    }
    bool pattern = false;
    for (int c = 0; c < 81; c++)
        pattern |= request->pattern[c] != 0;
    if (search_check(request, pattern, err, errlen) != SK_OK)
        return SK_ERR;
    if (needs_pattern && !pattern) {
        snprintf(err, errlen, "clue-pattern needs a clue pattern (--pattern, 81 characters, x "
                              "for a clue)");
        return SK_ERR;
    }
    if (!needs_pattern && !pattern && (!request->seeds || request->seed_count == 0)) {
        snprintf(err, errlen, "vicinity needs seed puzzles (--seeds FILE, --seeds-from-db) or a "
                              "clue pattern");
        return SK_ERR;
    }
    search_run run = {.services = inst->services, .request = request, .options = &inst->options,
                      .pattern = pattern, .minimal = request->minimal != 0, .err = err,
                      .errlen = errlen};
    sk_rng_seed(&run.rng, request->seed, request->index);
    err[0] = '\0';
    return search_episode(&run, out);
}

static int search_vicinity_generate(void *instance, const sk_gen_request *request,
                                    sk_gen_result *out, char *err, size_t errlen)
{
    return search_generate_with(instance, request, out, err, errlen, false);
}

static int search_pattern_generate(void *instance, const sk_gen_request *request,
                                   sk_gen_result *out, char *err, size_t errlen)
{
    return search_generate_with(instance, request, out, err, errlen, true);
}

static const sk_strategy search_vicinity_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_GENERATOR,
    .name = "vicinity",
    .summary = "{-n+m} moves from seed puzzles, the fittest kept: the way to the hard end",
    .options_help = SEARCH_OPTIONS_HELP,
    .create = search_create,
    .destroy = sk_plugin_free,
    .generate = search_vicinity_generate,
    .flags = SK_STRATEGY_SEARCH,
};

static const sk_strategy search_pattern_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_GENERATOR,
    .name = "clue-pattern",
    .summary = "puzzles with exactly a given clue pattern, new digits moved in, the fittest kept",
    .options_help = SEARCH_OPTIONS_HELP,
    .create = search_create,
    .destroy = sk_plugin_free,
    .generate = search_pattern_generate,
    .flags = SK_STRATEGY_SEARCH,
};

/* The plugin: its descriptor and entry symbol. */
SK_PLUGIN_DEFINE("generator-search", "1.0.0", &search_vicinity_strategy, &search_pattern_strategy)
