/* Template plugin: a copy-me rater that scores a puzzle by its empty cells.
 *
 * Recipe for a new plugin:
 *  1. Copy this folder to plugins/<kind>-<name>/ (or anywhere, out of tree).
 *  2. Rename the `template_` prefix of every static and the strategy's
 *     name; names are 1-40 characters of a-z, 0-9, '-' and '_'.
 *  3. Pick the kind (SK_KIND_SOLVER, SK_KIND_GENERATOR or SK_KIND_RATER)
 *     and fill exactly that kind's function: solve, generate or rate
 *     (solver.c and generator.c are the examples of the other two kinds).
 *  4. Parse and validate every option in create: a table of
 *     sk_option_spec read by sk_options_read refuses unknown keys and bad
 *     values with a message naming them and the known ones.
 *  5. Keep all state in the instance (no globals): the host may run two
 *     instances on two threads.
 *  6. Use only what sk_services lends (log, count_solutions, rate) and
 *     the inline helpers of plugin.h (SK_PLUGIN_DEFINE writes the
 *     descriptor and the entry symbol); include no other sudokit header.
 *  7. Build it as a MODULE with hidden visibility (see CMakeLists.txt),
 *     put the .so on --plugin-path or SUDOKIT_PLUGIN_PATH, and check it
 *     with `sudokit plugins`.
 *  8. Unit-test it without the host: test_template.c creates instances
 *     with the services of the plugin mock (sudokit/plugin_mock.h) and
 *     checks what they return and what they asked of the services.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudokit/plugin.h"

typedef struct template_state {
    const sk_services *services;
    int scale; /* score = empty cells / scale */
} template_state;

#define TEMPLATE_OPTIONS_HELP "scale=1..81 (default 10)"

static void *template_create(const sk_services *services, const sk_option *options,
                             size_t option_count, char *err, size_t errlen)
{
    /* Each option: its key and range (or words); values start as defaults. */
    static const sk_option_spec specs[] = {{"scale", 1, 81, NULL}};
    long long scale = 10;
    if (sk_options_read(options, option_count, specs, 1, &scale, TEMPLATE_OPTIONS_HELP, err,
                        errlen) != SK_OK)
        return NULL;
    template_state *state = sk_plugin_alloc(sizeof *state, err, errlen);
    if (!state)
        return NULL;
    state->services = services;
    state->scale = (int)scale;
    /* Debug messages show with SUDOKIT_DEBUG=1; the host names the strategy. */
    char message[64];
    snprintf(message, sizeof message, "score = empty cells / %d", state->scale);
    services->log(services->ctx, SK_LOG_DEBUG, message);
    return state;
}

static int template_rate(void *instance, const sk_grid *puzzle, sk_rating *out,
                         sk_step_fn on_step, void *user, char *err, size_t errlen)
{
    (void)on_step;
    (void)user;
    template_state *state = instance;
    /* A rating is only meaningful for a proper puzzle: ask the host's
     * solver instead of carrying one. */
    int solutions = state->services->count_solutions(state->services->ctx, puzzle, 2, NULL);
    if (solutions != 1) {
        snprintf(err, errlen, "the puzzle has %s", solutions == 0 ? "no solution"
                                                 : solutions == 2 ? "several solutions"
                                                                  : "no valid givens");
        return SK_ERR_INVALID;
    }
    int empty = 0;
    for (int cell = 0; cell < 81; cell++)
        empty += puzzle->cells[cell] == 0;
    out->score = (double)empty / state->scale;
    out->level = empty < 45 ? 1 : empty < 50 ? 2 : empty < 55 ? 3 : empty < 60 ? 4 : 5;
    out->steps = (uint32_t)empty;
    snprintf(out->hardest, sizeof out->hardest, "none (counts empty cells)");
    return SK_OK;
}

static const sk_strategy template_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_RATER,
    .name = "template",
    .summary = "example rater: score = empty cells / scale",
    .options_help = TEMPLATE_OPTIONS_HELP,
    .create = template_create,
    .destroy = sk_plugin_free,
    .rate = template_rate,
};

/* The plugin: its descriptor and entry symbol. */
SK_PLUGIN_DEFINE("template", "1.0.0", &template_strategy)
