/* Template plugin: a copy-me rater that scores a puzzle by its empty cells.
 *
 * Recipe for a new plugin:
 *  1. Copy this folder to plugins/<kind>-<name>/ (or anywhere, out of tree).
 *  2. Rename the `template_` prefix of every static and the strategy's
 *     name; names are 1-40 characters of a-z, 0-9, '-' and '_'.
 *  3. Pick the kind (SK_KIND_SOLVER, SK_KIND_GENERATOR or SK_KIND_RATER)
 *     and fill exactly that kind's function: solve, generate or rate.
 *  4. Parse and validate every option in create; refuse unknown keys with
 *     a message naming the key and the known ones.
 *  5. Keep all state in the instance (no globals): the host may run two
 *     instances on two threads.
 *  6. Use only what sk_services lends (log, count_solutions, rate) and
 *     the inline helpers of plugin.h; include no other sudokit header.
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

static void *template_create(const sk_services *services, const sk_option *options,
                             size_t option_count, char *err, size_t errlen)
{
    int scale = 10;
    for (size_t i = 0; i < option_count; i++) {
        if (strcmp(options[i].key, "scale") == 0) {
            char *end;
            long value = strtol(options[i].value, &end, 10);
            if (*options[i].value == '\0' || *end != '\0' || value < 1 || value > 81) {
                snprintf(err, errlen, "option scale=%s: expected a whole number 1-81",
                         options[i].value);
                return NULL;
            }
            scale = (int)value;
        } else {
            snprintf(err, errlen, "unknown option '%s' (known: scale)", options[i].key);
            return NULL;
        }
    }
    template_state *state = calloc(1, sizeof *state);
    if (!state) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    state->services = services;
    state->scale = scale;
    /* Debug messages show with SUDOKIT_DEBUG=1; the host names the strategy. */
    char message[64];
    snprintf(message, sizeof message, "score = empty cells / %d", scale);
    services->log(services->ctx, SK_LOG_DEBUG, message);
    return state;
}

static void template_destroy(void *instance)
{
    free(instance);
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
    .options_help = "scale=1..81 (default 10)",
    .create = template_create,
    .destroy = template_destroy,
    .rate = template_rate,
};

static const sk_strategy *const template_strategies[] = {&template_strategy, NULL};

static const sk_plugin template_plugin = {
    .abi_major = SK_ABI_MAJOR,
    .abi_minor = SK_ABI_MINOR,
    .struct_size = sizeof(sk_plugin),
    .name = "template",
    .version = "1.0.0",
    .strategies = template_strategies,
};

SK_EXPORT const sk_plugin *SK_PLUGIN_ENTRY(void)
{
    return &template_plugin;
}
