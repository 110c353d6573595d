/* What the C tests of rules share: a host with the built-in constraint
 * plugins (SK_TEST_PLUGIN_DIR names their folder), a spec compiled on it,
 * and a random map that keeps a rules value. Include after check.h. */
#ifndef SUDOKIT_TESTS_RULES_FIXTURE_H
#define SUDOKIT_TESTS_RULES_FIXTURE_H

#include <stdio.h>

#include "check.h"
#include "sudokit/host.h"
#include "sudokit/rules.h"

static sk_host *rules_test_host_value;

/* The host with the four built-in constraint plugins, loaded at the first
 * call; freed by rules_test_host_free. */
static inline sk_host *rules_test_host(void)
{
    if (rules_test_host_value)
        return rules_test_host_value;
    static const char *const files[] = {SK_TEST_PLUGIN_DIR "/sk-constraint-houses.so",
                                        SK_TEST_PLUGIN_DIR "/sk-constraint-killer.so",
                                        SK_TEST_PLUGIN_DIR "/sk-constraint-lines.so",
                                        SK_TEST_PLUGIN_DIR "/sk-constraint-relations.so"};
    sk_error err;
    rules_test_host_value = sk_host_new_empty();
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        if (sk_host_load(rules_test_host_value, files[i], &err) != 0) {
            fprintf(stderr, "%s\n", err.message);
            CHECK(0);
        }
    return rules_test_host_value;
}

/* Free the host (every rules value compiled on it released first). */
static inline void rules_test_host_free(void)
{
    sk_host_free(rules_test_host_value);
    rules_test_host_value = NULL;
}

/* spec compiled on the host (a reference), or NULL after a failed check. */
static inline const sk_rules *rules_test_compile(const char *spec)
{
    const sk_rules *rules = NULL;
    sk_rules_error error;
    if (sk_rules_compile(rules_test_host(), spec, &rules, &error) != 0)
        fprintf(stderr, "'%s': %s\n", spec, error.message);
    CHECK(rules != NULL);
    return rules;
}

/* A random map that keeps rules: one of its listed grid maps and a
 * relabelling of the digits its rules allow. */
static inline void rules_test_random_map(const sk_rules *rules, sk_rng *rng, sk_rules_map *map)
{
    sk_rules_symmetry_info info;
    CHECK(sk_rules_symmetry(rules, &info) == SK_OK && info.maps > 0);
    CHECK(sk_rules_symmetry_map(rules, sk_rng_below(rng, (uint32_t)info.maps), map));
    uint32_t n = rules->size;
    if (rules->digit_symmetry == SK_DIGITS_ANY)
        for (uint32_t d = n; d > 1; d--) { /* Fisher-Yates over 1..n */
            uint32_t e = 1 + sk_rng_below(rng, d);
            uint8_t swap = map->digits[d];
            map->digits[d] = map->digits[e];
            map->digits[e] = swap;
        }
    else if (rules->digit_symmetry == SK_DIGITS_REVERSE && sk_rng_below(rng, 2))
        for (uint32_t d = 1; d <= n; d++)
            map->digits[d] = (uint8_t)(n + 1 - d);
    CHECK(sk_rules_map_keeps(rules, map));
}

#endif /* SUDOKIT_TESTS_RULES_FIXTURE_H */
