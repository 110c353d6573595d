/* Helpers for the constraint plugins' unit tests on the plugin mock: the
 * plugin's source is compiled into the test, so SK_PLUGIN_ENTRY() is the
 * plugin under test. */
#ifndef SUDOKIT_TESTS_CONSTRAINT_TEST_H
#define SUDOKIT_TESTS_CONSTRAINT_TEST_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "sudokit/plugin.h"
#include "sudokit/plugin_mock.h"

/* A mock that knows the constraints of the plugin under test. */
static inline sk_mock *constraint_mock(void)
{
    sk_mock *mock = sk_mock_new(1);
    sk_mock_set_constraints(mock, SK_PLUGIN_ENTRY());
    return mock;
}

/* spec compiles on the mock; NULL (and a failed check) when it does not. */
static inline const sk_rules *constraint_compile(sk_mock *mock, const char *spec)
{
    const sk_rules *rules = NULL;
    char err[600];
    if (sk_mock_rules_compile(mock, spec, &rules, err, sizeof err) != SK_OK) {
        fprintf(stderr, "'%s': %s\n", spec, err);
        CHECK(rules != NULL);
    }
    return rules;
}

/* spec normalises to want. */
static inline void constraint_normalises(sk_mock *mock, const char *spec, const char *want)
{
    const sk_rules *rules = constraint_compile(mock, spec);
    if (rules)
        CHECK_STR(rules->spec, want);
    sk_mock_rules_free(rules);
}

/* spec is refused with exactly want ("column N: ..."). */
static inline void constraint_refused(sk_mock *mock, const char *spec, const char *want)
{
    const sk_rules *rules = NULL;
    char err[600] = "";
    CHECK(sk_mock_rules_compile(mock, spec, &rules, err, sizeof err) == SK_ERR && !rules);
    CHECK_STR(err, want);
    sk_mock_rules_free(rules);
}

/* Under spec, givens have exactly one solution, and it is solution. */
static inline void constraint_solves(sk_mock *mock, const char *spec, const char *givens,
                                     const char *solution)
{
    const sk_rules *rules = constraint_compile(mock, spec);
    sk_board puzzle, want, got;
    CHECK(rules && sk_mock_board(rules, givens, &puzzle) == 0);
    CHECK(rules && sk_mock_board(rules, solution, &want) == 0);
    if (rules) {
        char why[200] = "";
        CHECK(sk_mock_rules_check(rules, &want, why, sizeof why));
        CHECK_INT(sk_mock_count_solutions_rules(rules, &puzzle, 2, &got), 1);
        CHECK(memcmp(got.cells, want.cells, sizeof got.cells) == 0);
    }
    sk_mock_rules_free(rules);
}

/* The puzzle called name in tests/data/rules/puzzles.txt has exactly its
 * one solution under its spec. */
static inline void constraint_solves_named(sk_mock *mock, const char *name)
{
    char line[8192];
    FILE *file = fopen(SK_TEST_DATA "/rules/puzzles.txt", "r");
    CHECK(file != NULL);
    bool found = false;
    while (file && !found && fgets(line, sizeof line, file)) {
        line[strcspn(line, "\n")] = '\0';
        size_t len = strlen(name);
        if (strncmp(line, name, len) != 0 || line[len] != '|')
            continue;
        char *spec = strtok(line + len + 1, "|"), *givens = strtok(NULL, "|");
        char *solution = strtok(NULL, "|");
        constraint_solves(mock, spec, givens, solution);
        found = true;
    }
    CHECK(found);
    if (file)
        fclose(file);
}

/* The houses (past rows, columns and regions) of rules that hold cell. */
static inline int constraint_extra_houses_with(const sk_rules *rules, uint32_t cell)
{
    uint32_t first = rules->region[0] == 255 ? 2 * rules->size : 3 * rules->size;
    int found = 0;
    for (uint32_t h = first; h < rules->house_count; h++)
        for (uint32_t k = 0; k < rules->houses[h].count; k++)
            found += rules->houses[h].cells[k] == cell;
    return found;
}

/* Every constraint of the plugin describes itself, and its example
 * compiles under the mock. */
static inline void constraint_describes_itself(void)
{
    const sk_plugin *plugin = SK_PLUGIN_ENTRY();
    CHECK(plugin->abi_major == SK_ABI_MAJOR && plugin->abi_minor == SK_ABI_MINOR);
    sk_mock *mock = constraint_mock();
    for (size_t i = 0; plugin->strategies[i]; i++) {
        const sk_strategy *s = plugin->strategies[i];
        CHECK(s->kind == SK_KIND_CONSTRAINT && s->constraint && s->constraint->parse);
        CHECK(s->summary && s->constraint->syntax && s->constraint->example);
        CHECK(strncmp(s->constraint->syntax, s->name, strlen(s->name)) == 0);
        CHECK(strstr(s->constraint->example, s->name) != NULL);
        sk_mock_rules_free(constraint_compile(mock, s->constraint->example));
    }
    sk_mock_free(mock);
}

#endif /* SUDOKIT_TESTS_CONSTRAINT_TEST_H */
