/* A test plugin of ABI 1.2 strategies that work on any rules only: the
 * solver "reference" (the plugin mock's plain solver of any rules) and the
 * generator "reference" (fill by the host's counter, then dig while the
 * puzzle stays unique; with option rules=SPEC it makes its puzzle under
 * SPEC instead, compiled through the services, and says so). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudokit/plugin.h"
#include "sudokit/plugin_mock.h"

typedef struct reference_state {
    const sk_services *services;
    char rules[256]; /* the generator's own spec, or "" */
} reference_state;

static void *reference_create(const sk_services *services, const sk_option *options,
                              size_t option_count, char *err, size_t errlen)
{
    reference_state *state = calloc(1, sizeof *state);
    if (!state)
        return NULL;
    state->services = services;
    for (size_t i = 0; i < option_count; i++) {
        if (strcmp(options[i].key, "rules") != 0) {
            snprintf(err, errlen, "unknown option '%s' (known: rules)", options[i].key);
            free(state);
            return NULL;
        }
        snprintf(state->rules, sizeof state->rules, "%s", options[i].value);
    }
    return state;
}

static void reference_destroy(void *instance)
{
    free(instance);
}

static int reference_solve(void *instance, const sk_rules *rules, const sk_board *puzzle, int limit,
                           sk_board *solution, sk_solve_stats *stats)
{
    (void)instance;
    if (stats)
        stats->nodes++;
    return sk_mock_count_solutions_rules(rules, puzzle, limit, solution);
}

/* Fill, then dig every cell whose removal keeps one solution. */
static int reference_dig(const sk_services *s, const sk_rules *rules, sk_gen_rules_result *out,
                         sk_rng *rng, char *err, size_t errlen)
{
    sk_board empty = {{0}};
    if (s->count_solutions_rules(s->ctx, rules, &empty, 1, &out->solution) != 1) {
        snprintf(err, errlen, "the rules have no solution");
        return SK_ERR;
    }
    uint32_t cells = rules->size * rules->size;
    out->puzzle = out->solution;
    for (uint32_t tries = 0; tries < cells; tries++) {
        uint32_t cell = sk_rng_below(rng, cells);
        uint8_t digit = out->puzzle.cells[cell];
        out->puzzle.cells[cell] = 0;
        if (digit && s->count_solutions_rules(s->ctx, rules, &out->puzzle, 2, NULL) != 1)
            out->puzzle.cells[cell] = digit;
    }
    return SK_OK;
}

static int reference_generate(void *instance, const sk_rules *rules, const sk_gen_request *request,
                              sk_gen_rules_result *out, char *err, size_t errlen)
{
    reference_state *state = instance;
    const sk_services *s = state->services;
    sk_rng rng;
    sk_rng_seed(&rng, request->seed, request->index);
    const sk_rules *own = NULL;
    if (state->rules[0]) {
        if (s->compile_rules(s->ctx, state->rules, &own, err, errlen) != SK_OK)
            return SK_ERR;
        snprintf(out->spec, out->spec_size, "%s", own->spec);
    }
    int status = reference_dig(s, own ? own : rules, out, &rng, err, errlen);
    if (own)
        s->release_rules(s->ctx, own);
    return status;
}

static const sk_strategy reference_solver = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_SOLVER,
    .name = "reference",
    .summary = "the plugin mock's plain solver of any rules (tests only)",
    .create = reference_create,
    .destroy = reference_destroy,
    .solve_rules = reference_solve,
};

static const sk_strategy reference_generator = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_GENERATOR,
    .name = "reference",
    .summary = "fill and dig under any rules (tests only)",
    .options_help = "rules=SPEC (make the puzzle under SPEC instead)",
    .create = reference_create,
    .destroy = reference_destroy,
    .generate_rules = reference_generate,
};

static const sk_strategy *const reference_strategies[] = {&reference_solver, &reference_generator,
                                                          NULL};

static const sk_plugin reference_plugin = {
    .abi_major = SK_ABI_MAJOR,
    .abi_minor = SK_ABI_MINOR,
    .struct_size = sizeof(sk_plugin),
    .name = "reference",
    .version = "1.0.0",
    .strategies = reference_strategies,
};

SK_EXPORT const sk_plugin *SK_PLUGIN_ENTRY(void)
{
    return &reference_plugin;
}
