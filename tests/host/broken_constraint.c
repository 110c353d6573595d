/* Deliberately broken constraint plugins for the host's checks; the defect
 * is chosen at build time with one BROKEN_* definition. Without one it is
 * a sound constraint "odd-corner" (the top-left cell holds an odd digit,
 * a custom rule with check and propagate). */
#include <stdio.h>
#include <stdlib.h>

#include "sudokit/plugin.h"

__attribute__((unused)) static int broken_check(void *state, const sk_rules *rules,
                                                const sk_board *grid, char *why, size_t len)
{
    (void)state, (void)rules;
    snprintf(why, len, "r1c1 holds %u, an even digit", grid->cells[0]);
    return grid->cells[0] % 2;
}

__attribute__((unused)) static int broken_propagate(void *state, const sk_rules *rules,
                                                    sk_digits *candidates, sk_note_fn note,
                                                    void *user)
{
    (void)state, (void)rules;
    sk_digits even = candidates[0] & 0xAAAAAAu;
    if (even && note)
        note(user, 0, even, "r1c1 holds an odd digit");
    candidates[0] &= ~0xAAAAAAu;
    return candidates[0] ? SK_OK : SK_ERR_INVALID;
}

__attribute__((unused)) static int broken_parse(const sk_services *services,
                                                const sk_rules_builder *builder,
                                                const char *argument, char *err, size_t errlen)
{
    (void)services, (void)argument, (void)err, (void)errlen;
    uint16_t corner = 0;
    int *state = malloc(sizeof *state); /* freed by the host through free_state */
    return builder->add_custom(builder->ctx, state, &corner, 1, "odd", NULL);
}

__attribute__((unused)) static const sk_constraint broken_constraint = {
#if defined(BROKEN_OLD_TABLE)
    .struct_size = offsetof(sk_constraint, check),
#else
    .struct_size = sizeof(sk_constraint),
#endif
#if !defined(BROKEN_NO_SYNTAX)
    .syntax = "odd-corner",
#endif
    .example = "9x9 odd-corner",
#if !defined(BROKEN_NO_PARSE)
    .parse = broken_parse,
#endif
#if !defined(BROKEN_NO_CALLBACKS)
    .check = broken_check,
#endif
#if !defined(BROKEN_NO_CALLBACKS) && !defined(BROKEN_HALF_CUSTOM)
    .propagate = broken_propagate,
#endif
    .free_state = free,
};

static const sk_strategy broken_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_CONSTRAINT,
#if defined(BROKEN_BAD_NAME)
    .name = "9x9",
#elif defined(BROKEN_JIGSAW)
    .name = "jigsaw",
#else
    .name = "odd-corner",
#endif
    .summary = "a constraint with a deliberate defect",
#if !defined(BROKEN_NO_TABLE)
    .constraint = &broken_constraint,
#endif
};

static const sk_strategy *const broken_strategies[] = {&broken_strategy, NULL};

static const sk_plugin broken_plugin = {
    .abi_major = SK_ABI_MAJOR,
#if defined(BROKEN_ABI11)
    .abi_minor = 1,
#else
    .abi_minor = SK_ABI_MINOR,
#endif
    .struct_size = sizeof(sk_plugin),
    .name = "broken-constraint",
    .version = "0.0.1",
    .strategies = broken_strategies,
};

SK_EXPORT const sk_plugin *SK_PLUGIN_ENTRY(void)
{
    return &broken_plugin;
}
