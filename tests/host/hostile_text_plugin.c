/* A plugin whose texts hold terminal escapes and line ends: its version,
 * its rater's summary, what it logs and the step it reports. sudokit
 * shows each with those characters escaped (hostile_text.sh). */
#include <stdlib.h>

#include "sudokit/plugin.h"

/* ESC ] 0 ; ... BEL sets a terminal's title; ESC [ 2 J clears it. */
#define HOSTILE_TITLE "\033]0;pwned\007"

static void *hostile_create(const sk_services *services, const sk_option *options,
                            size_t option_count, char *err, size_t errlen)
{
    (void)options, (void)option_count, (void)err, (void)errlen;
    return (void *)services;
}

static void hostile_destroy(void *instance)
{
    (void)instance;
}

/* Logs a warning, then reports the first placement of the solution as a
 * step whose words hold escapes. */
static int hostile_rate(void *instance, const sk_grid *puzzle, sk_rating *out, sk_step_fn on_step,
                        void *user, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    const sk_services *services = instance;
    services->log(services->ctx, SK_LOG_WARN, "log" HOSTILE_TITLE "\nsudokit: fake line");
    sk_grid solution;
    if (services->count_solutions(services->ctx, puzzle, 1, &solution) != 1)
        return SK_ERR;
    int cell = 0;
    while (cell < 80 && puzzle->cells[cell])
        cell++;
    sk_candidate placed = {(uint8_t)cell, solution.cells[cell]};
    uint8_t cells[1] = {(uint8_t)cell};
    sk_step step = {.struct_size = sizeof step,
                    .kind = SK_STEP_PLACE,
                    .technique = "Technique\033[2J",
                    .rating = 1.0,
                    .cells = cells,
                    .cell_count = 1,
                    .placed = &placed,
                    .placed_count = 1,
                    .explanation = "why" HOSTILE_TITLE "\nsecond line"};
    if (on_step && on_step(user, &step))
        return SK_ERR_STOPPED;
    out->score = 1.0;
    out->level = 1;
    return SK_OK;
}

static const sk_strategy hostile_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_RATER,
    .name = "hostile",
    .summary = "a summary" HOSTILE_TITLE "\nrater    fake    row",
    .create = hostile_create,
    .destroy = hostile_destroy,
    .rate = hostile_rate,
};

static const sk_strategy *const hostile_strategies[] = {&hostile_strategy, NULL};

static const sk_plugin hostile_plugin = {
    .abi_major = SK_ABI_MAJOR,
    .abi_minor = SK_ABI_MINOR,
    .struct_size = sizeof(sk_plugin),
    .name = "hostile",
    .version = "1.0" HOSTILE_TITLE "\n9.9",
    .strategies = hostile_strategies,
};

SK_EXPORT const sk_plugin *SK_PLUGIN_ENTRY(void)
{
    return &hostile_plugin;
}
