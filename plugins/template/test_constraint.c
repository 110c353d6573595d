/* Unit test of the template constraint "odd-count" without the host:
 * constraint.c is compiled into this program, and whole rules specs
 * compile on the plugin mock (sudokit/plugin_mock.h) with the same code
 * as in the host. Copy it with the constraint and adapt the cases. */
#include <stdio.h>
#include <string.h>

#include "sudokit/plugin.h"
#include "sudokit/plugin_mock.h"
#include "template_test.h"

/* A mock whose compiling knows this plugin's constraints. */
static sk_mock *mock_with_the_rule(void)
{
    sk_mock *mock = sk_mock_new(1);
    sk_mock_set_constraints(mock, SK_PLUGIN_ENTRY());
    return mock;
}

/* Compile spec; NULL with the message in err when it is refused. */
static const sk_rules *compile(sk_mock *mock, const char *spec, char *err, size_t errlen)
{
    const sk_rules *rules = NULL;
    if (sk_mock_rules_compile(mock, spec, &rules, err, errlen) != SK_OK)
        return NULL;
    return rules;
}

static void describes_itself(void)
{
    const sk_strategy *s = SK_PLUGIN_ENTRY()->strategies[0];
    CHECK(s->kind == SK_KIND_CONSTRAINT && strcmp(s->name, "odd-count") == 0);
    CHECK(s->constraint->parse && s->constraint->check && s->constraint->propagate);
    sk_mock *mock = mock_with_the_rule();
    char err[600];
    const sk_rules *rules = compile(mock, s->constraint->example, err, sizeof err);
    CHECK(rules != NULL && rules->custom_count == 2);
    sk_mock_rules_free(rules);
    sk_mock_free(mock);
}

static void compiles_and_normalises(void)
{
    sk_mock *mock = mock_with_the_rule();
    char err[600];
    const sk_rules *rules = compile(mock, "9x9 ODD-COUNT:r1c3+R1C1=1", err, sizeof err);
    CHECK(rules != NULL);
    if (rules) {
        CHECK(strcmp(rules->spec, "9x9 odd-count:r1c1+r1c3=1") == 0);
        CHECK(rules->custom_count == 1 && rules->customs[0].count == 2);
        CHECK(strcmp(rules->customs[0].label, "1 odd") == 0);
        CHECK(rules->digit_symmetry == SK_DIGITS_FIXED); /* a custom keeps digits as they are */
    }
    sk_mock_rules_free(rules);
    sk_mock_free(mock);
}

static void refuses_bad_items_where_they_are(void)
{
    static const struct {
        const char *spec, *want;
    } cases[] = {
        {"9x9 odd-count", "column 5: odd-count: odd-count needs its cells and count: "
                          "odd-count:r1c1+r1c2=1"},
        {"9x9 odd-count:r1c1+r1c2", "column 24: odd-count: after the cells comes '=' and how "
                                    "many of them are odd (0-2)"},
        {"9x9 odd-count:r1c1+r1c2=3", "column 24: odd-count: after the cells comes '=' and how "
                                      "many of them are odd (0-2)"},
        {"9x9 odd-count:r1c1+r0c2=1", "column 20: odd-count: cell r0c2 is outside the 9x9 grid "
                                      "(rows and columns 1-9)"},
    };
    sk_mock *mock = mock_with_the_rule();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[600] = "";
        CHECK(compile(mock, cases[i].spec, err, sizeof err) == NULL);
        if (strcmp(err, cases[i].want) != 0)
            fprintf(stderr, "%s\n  gives %s\n  wants %s\n", cases[i].spec, err, cases[i].want);
        CHECK(strcmp(err, cases[i].want) == 0);
    }
    sk_mock_free(mock);
}

static void checks_full_grids(void)
{
    sk_mock *mock = mock_with_the_rule();
    char err[600], why[200];
    sk_board grid;
    const char *solution =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    const sk_rules *rules = compile(mock, "9x9 odd-count:r1c1+r1c2+r1c3=2", err, sizeof err);
    CHECK(rules && sk_mock_board(rules, solution, &grid) == 0);
    CHECK(rules && sk_mock_rules_check(rules, &grid, why, sizeof why)); /* 5, 3 odd; 4 even */
    sk_mock_rules_free(rules);
    rules = compile(mock, "9x9 odd-count:r1c1+r1c2+r1c3=1", err, sizeof err);
    CHECK(rules && !sk_mock_rules_check(rules, &grid, why, sizeof why));
    CHECK(strcmp(why, "the odd-count at r1c1: 2 odd digits, not 1") == 0);
    sk_mock_rules_free(rules);
    sk_mock_free(mock);
}

static int notes;

static void count_note(void *user, uint32_t cell, sk_digits removed, const char *why)
{
    (void)user, (void)cell;
    CHECK(removed != 0 && why && why[0]);
    notes++;
}

static void propagates_parity(void)
{
    sk_mock *mock = mock_with_the_rule();
    char err[600];
    const sk_rules *rules = compile(mock, "9x9 odd-count:r1c1+r1c2+r1c3=1", err, sizeof err);
    const sk_rules_custom *rule = rules ? &rules->customs[0] : NULL;
    if (rule) {
        sk_digits candidates[81];
        for (int c = 0; c < 81; c++)
            candidates[c] = 0x1FF;
        candidates[0] = 1u << 4; /* r1c1 holds 5: the other two are even */
        notes = 0;
        CHECK(rule->constraint->propagate(rule->state, rules, candidates, count_note, NULL) ==
              SK_OK);
        CHECK(candidates[1] == 0xAAu && candidates[2] == 0xAAu && notes == 2);
        candidates[1] = 1u << 2; /* and now r1c2 holds 3: two odd digits */
        CHECK(rule->constraint->propagate(rule->state, rules, candidates, NULL, NULL) ==
              SK_ERR_INVALID);
    }
    CHECK(rule != NULL);
    sk_mock_rules_free(rules);
    sk_mock_free(mock);
}

/* A 4x4 puzzle with two solutions, 1243342143122134 and 1234342143122143:
 * the rule that r1c3 is even keeps the first one only. */
static void decides_a_puzzle(void)
{
    sk_mock *mock = mock_with_the_rule();
    char err[600];
    sk_board puzzle, solution;
    const sk_rules *plain = compile(mock, "4x4", err, sizeof err);
    const sk_rules *ruled = compile(mock, "4x4 odd-count:r1c3=0", err, sizeof err);
    CHECK(plain && ruled && sk_mock_board(plain, "12......4.1.....", &puzzle) == 0);
    if (plain && ruled) {
        CHECK(sk_mock_count_solutions_rules(plain, &puzzle, 2, NULL) == 2);
        CHECK(sk_mock_count_solutions_rules(ruled, &puzzle, 2, &solution) == 1);
        sk_board want;
        CHECK(sk_mock_board(ruled, "1243342143122134", &want) == 0);
        CHECK(memcmp(solution.cells, want.cells, sizeof want.cells) == 0);
    }
    sk_mock_rules_free(plain);
    sk_mock_rules_free(ruled);
    sk_mock_free(mock);
}

static const template_case cases[] = {
    {"describes_itself", describes_itself},
    {"compiles_and_normalises", compiles_and_normalises},
    {"refuses_bad_items_where_they_are", refuses_bad_items_where_they_are},
    {"checks_full_grids", checks_full_grids},
    {"propagates_parity", propagates_parity},
    {"decides_a_puzzle", decides_a_puzzle},
};

TEMPLATE_TEST_MAIN(cases)
