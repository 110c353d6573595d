/* Deliberately broken plugins for the host's load checks; the defect is
 * chosen at build time with one BROKEN_* definition. */
#include <stdlib.h>

#include "sudokit/plugin.h"

static void *broken_create(const sk_services *services, const sk_option *options,
                           size_t option_count, char *err, size_t errlen)
{
    (void)services;
    (void)options;
    (void)option_count;
    (void)err;
    (void)errlen;
    return malloc(1);
}

static void broken_destroy(void *instance)
{
    free(instance);
}

#if !defined(BROKEN_MISSING_FUNCTION)
static int broken_rate(void *instance, const sk_grid *puzzle, sk_rating *out,
                       sk_step_fn on_step, void *user, char *err, size_t errlen)
{
    (void)instance;
    (void)puzzle;
    (void)on_step;
    (void)user;
    (void)err;
    (void)errlen;
    out->level = 1;
    return SK_OK;
}
#endif

static const sk_strategy broken_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_RATER,
#if defined(BROKEN_DUPLICATE)
    .name = "template", /* the template plugin's name */
#else
    .name = "broken",
#endif
    .summary = "a plugin with a deliberate defect",
    .create = broken_create,
    .destroy = broken_destroy,
#if !defined(BROKEN_MISSING_FUNCTION)
    .rate = broken_rate,
#endif
};

static const sk_strategy *const broken_strategies[] = {
    &broken_strategy,
#if defined(BROKEN_DUPLICATE_WITHIN)
    &broken_strategy,
#endif
    NULL,
};

static const sk_plugin broken_plugin = {
#if defined(BROKEN_WRONG_ABI)
    .abi_major = SK_ABI_MAJOR + 1,
#else
    .abi_major = SK_ABI_MAJOR,
#endif
#if defined(BROKEN_NEWER_ABI)
    .abi_minor = SK_ABI_MINOR + 1,
#else
    .abi_minor = SK_ABI_MINOR,
#endif
    .struct_size = sizeof(sk_plugin),
    .name = "broken",
    .version = "0.0.1",
    .strategies = broken_strategies,
};

#if defined(BROKEN_NO_ENTRY)
/* Exports a function, but not the entry symbol. */
SK_EXPORT const sk_plugin *not_the_entry(void);
SK_EXPORT const sk_plugin *not_the_entry(void)
#else
SK_EXPORT const sk_plugin *SK_PLUGIN_ENTRY(void)
#endif
{
    return &broken_plugin;
}
