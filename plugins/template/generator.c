/* Template generator: a copy-me generator that digs clues out of a random
 * complete grid for as long as the puzzle keeps one solution. It carries
 * no solver: the host's (services->count_solutions, the solver the user
 * chose) completes the grid and tells a unique puzzle from the others.
 * The recipe of template.c holds; what a generator adds:
 *  - all randomness comes from the request's (seed, index), so a run is
 *    reproducible and its puzzles can be made on any thread in any order;
 *  - every puzzle returned has exactly one solution, returned beside it;
 *  - a request it cannot honour is refused with a message (this one makes
 *    no symmetric, fixed-cell, pattern or judged puzzles: a real
 *    generator such as dig does), and a bounded effort that runs out is
 *    SK_ERR_LIMIT, so the caller can say the target cannot be met.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "sudokit/plugin.h"

typedef struct template_generator {
    const sk_services *services;
    int tries; /* complete grids dug before a clue target is given up */
} template_generator;

#define TEMPLATE_GENERATOR_OPTIONS_HELP \
    "tries=1..1000 (complete grids dug for a clue target, default 10)"

static void *template_generator_create(const sk_services *services, const sk_option *options,
                                       size_t option_count, char *err, size_t errlen)
{
    static const sk_option_spec specs[] = {{"tries", 1, 1000, NULL}};
    long long tries = 10;
    if (sk_options_read(options, option_count, specs, 1, &tries,
                        TEMPLATE_GENERATOR_OPTIONS_HELP, err, errlen) != SK_OK)
        return NULL;
    template_generator *generator = sk_plugin_alloc(sizeof *generator, err, errlen);
    if (!generator)
        return NULL;
    generator->services = services;
    generator->tries = (int)tries;
    return generator;
}

/* The host's count of puzzle's solutions, up to 2 (negative: it failed). */
static int template_solutions(const template_generator *g, const sk_grid *puzzle,
                              sk_grid *solution)
{
    return g->services->count_solutions(g->services->ctx, puzzle, 2, solution);
}

/* A random complete grid: a random first row, completed by the host. */
static int template_complete_grid(const template_generator *g, sk_rng *rng, sk_grid *out)
{
    sk_grid row = {{0}};
    for (int i = 0; i < 9; i++) {
        int j = (int)sk_rng_below(rng, (uint32_t)i + 1);
        row.cells[i] = row.cells[j];
        row.cells[j] = (uint8_t)(i + 1);
    }
    return g->services->count_solutions(g->services->ctx, &row, 1, out);
}

/* Take the clues of puzzle out in a random order, each only when the
 * puzzle keeps one solution, down to target clues (0: as far as it goes).
 * Returns the clues left, or a negative status of the host's solver. */
static int template_dig(const template_generator *g, sk_rng *rng, sk_grid *puzzle, int target)
{
    int order[81], clues = 81;
    for (int i = 0; i < 81; i++) {
        int j = (int)sk_rng_below(rng, (uint32_t)i + 1);
        order[i] = order[j];
        order[j] = i;
    }
    for (int i = 0; i < 81 && clues > target; i++) {
        uint8_t digit = puzzle->cells[order[i]];
        puzzle->cells[order[i]] = 0;
        int count = template_solutions(g, puzzle, NULL);
        if (count < 0)
            return count;
        if (count == 1)
            clues--;
        else
            puzzle->cells[order[i]] = digit;
    }
    return clues;
}

/* True when no clue of a unique puzzle can go (the host still decides). */
static bool template_minimal(const template_generator *g, sk_grid puzzle)
{
    for (int cell = 0; cell < 81; cell++) {
        uint8_t digit = puzzle.cells[cell];
        puzzle.cells[cell] = 0;
        if (digit && template_solutions(g, &puzzle, NULL) == 1)
            return false;
        puzzle.cells[cell] = digit;
    }
    return true;
}

/* True when request asks for what this generator does not make. */
static bool template_refuses(const sk_gen_request *request)
{
    static const sk_gen_request plain = {0};
    bool patterned = request->struct_size >= offsetof(sk_gen_request, pattern) +
                                                 sizeof request->pattern &&
                     memcmp(request->pattern, plain.pattern, sizeof plain.pattern) != 0;
    return (request->symmetry != SK_SYM_NONE && request->symmetry != SK_SYM_RANDOM) ||
           request->level != 0 || request->rating_min != 0 || request->rating_max != 0 ||
           memcmp(&request->fixed, &plain.fixed, sizeof plain.fixed) != 0 || patterned;
}

static int template_generate(void *instance, const sk_gen_request *request, sk_gen_result *out,
                             char *err, size_t errlen)
{
    const template_generator *g = instance;
    if (template_refuses(request)) {
        snprintf(err, errlen, "makes plain puzzles only: symmetry, level, rating, fixed cells "
                              "and patterns need a generator such as 'dig'");
        return SK_ERR;
    }
    sk_rng rng;
    sk_rng_seed(&rng, request->seed, request->index);
    for (int attempt = 1; attempt <= g->tries; attempt++) {
        int status = template_complete_grid(g, &rng, &out->solution);
        out->puzzle = out->solution;
        int clues = status == 1 ? template_dig(g, &rng, &out->puzzle, request->clues) : SK_ERR;
        if (clues < 0) {
            snprintf(err, errlen, "the host's solver failed (status %d)",
                     status == 1 ? clues : status);
            return SK_ERR;
        }
        if (request->clues && clues > request->clues)
            continue; /* the dig stopped above the target: another grid */
        /* Dug as far as it goes, no clue can go; stopped at a target, ask. */
        out->minimal = request->clues == 0 || template_minimal(g, out->puzzle);
        if (request->minimal && !out->minimal)
            continue;
        out->symmetry = SK_SYM_NONE;
        out->attempts = (uint32_t)attempt;
        return SK_OK;
    }
    snprintf(err, errlen, "no %spuzzle of %d clues in %d tries (raise tries=N)",
             request->minimal ? "minimal " : "", request->clues, g->tries);
    return SK_ERR_LIMIT;
}

static const sk_strategy template_generator_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_GENERATOR,
    .name = "template",
    .summary = "example generator: digs a random grid while the puzzle stays unique",
    .options_help = TEMPLATE_GENERATOR_OPTIONS_HELP,
    .create = template_generator_create,
    .destroy = sk_plugin_free,
    .generate = template_generate,
};

/* The plugin: its descriptor and entry symbol. */
SK_PLUGIN_DEFINE("template-generator", "1.0.0", &template_generator_strategy)
