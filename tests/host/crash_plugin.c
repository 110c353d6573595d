/* A solver plugin that crashes on purpose, for the host's crash report:
 * built with CRASH_IN_ENTRY its entry symbol faults while loading; else its
 * solve faults on the Nth call of an instance (option after=N, default 1). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudokit/plugin.h"

typedef struct crash_state {
    long after;
    long calls;
} crash_state;

/* Fault for real (not raise): the report must come from a hardware fault.
 * The address is unmapped but not NULL, so that a sanitizer's null check
 * does not stop the store before it faults. */
static void crash_now(void)
{
    volatile uintptr_t address = 16;
    *(volatile int *)address = 1;
}

static void *crash_create(const sk_services *services, const sk_option *options,
                          size_t option_count, char *err, size_t errlen)
{
    (void)services;
    crash_state *state = calloc(1, sizeof *state);
    if (!state)
        return NULL;
    state->after = 1;
    for (size_t i = 0; i < option_count; i++) {
        if (strcmp(options[i].key, "after") != 0) {
            snprintf(err, errlen, "unknown option '%s' (known: after=N)", options[i].key);
            free(state);
            return NULL;
        }
        state->after = strtol(options[i].value, NULL, 10);
    }
    return state;
}

static void crash_destroy(void *instance)
{
    free(instance);
}

static int crash_solve(void *instance, const sk_grid *puzzle, int limit, sk_grid *solution,
                       sk_solve_stats *stats)
{
    (void)puzzle;
    (void)limit;
    (void)solution;
    (void)stats;
    crash_state *state = instance;
    if (++state->calls >= state->after)
        crash_now();
    return 0;
}

static const sk_strategy crash_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_SOLVER,
    .name = "crash",
    .summary = "faults on purpose (tests of the host's crash report)",
    .create = crash_create,
    .destroy = crash_destroy,
    .solve = crash_solve,
};

static const sk_strategy *const crash_strategies[] = {&crash_strategy, NULL};

static const sk_plugin crash_plugin = {
    .abi_major = SK_ABI_MAJOR,
    .abi_minor = SK_ABI_MINOR,
    .struct_size = sizeof(sk_plugin),
    .name = "crashtest",
    .version = "0.0.1",
    .strategies = crash_strategies,
};

SK_EXPORT const sk_plugin *SK_PLUGIN_ENTRY(void)
{
#if defined(CRASH_IN_ENTRY)
    crash_now();
#endif
    return &crash_plugin;
}
