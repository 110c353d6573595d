/* The lines constraint plugin (plugins/constraint-lines) on the plugin
 * mock: thermometers as rising relations, arrows as customs with their
 * check and propagation (and what they note), the refusals with their
 * columns, and a public puzzle solved under them. */
#include "constraint_test.h"

static void describes_itself(void)
{
    constraint_describes_itself();
}

static void thermometers_rise(void)
{
    sk_mock *mock = constraint_mock();
    /* the line keeps its order: the bulb comes first */
    constraint_normalises(mock, "9x9 thermo:R3C3+r2c2+r1c3;r9c9+r8c9",
                          "9x9 thermo:r3c3+r2c2+r1c3;r9c9+r8c9");
    const sk_rules *rules = constraint_compile(mock, "9x9 thermo:r3c3+r2c2+r1c3");
    CHECK(rules && rules->relation_count == 2 && rules->digit_symmetry == SK_DIGITS_FIXED);
    const sk_rules_relation *r = rules ? &rules->relations[0] : NULL;
    CHECK(r && r->a == 20 && r->b == 10 && r->allowed[1] == 0x1FEu && r->allowed[9] == 0);
    CHECK(r && strcmp(r->mark, "thermo") == 0);
    sk_mock_rules_free(rules);
    /* a thermometer through a whole 4x4 box holds 1, 2, 3, 4 in order */
    rules = constraint_compile(mock, "4x4 thermo:r1c1+r1c2+r2c2+r2c1");
    sk_board empty = {{0}}, solution;
    CHECK(rules && sk_mock_count_solutions_rules(rules, &empty, 1, &solution) == 1);
    CHECK(solution.cells[0] == 1 && solution.cells[1] == 2 && solution.cells[5] == 3 &&
          solution.cells[4] == 4);
    sk_mock_rules_free(rules);
    constraint_refused(mock, "9x9 thermo:r1c1+r1c3",
                       "column 12: thermo: cell 2 of the line "
                       "(r1c3) does not touch the one before it: a line goes from cell to cell "
                       "by a side or a corner");
    constraint_refused(mock, "9x9 thermo:r1c1",
                       "column 12: thermo: a thermometer has 2 cells "
                       "or more");
    constraint_refused(mock, "9x9 thermo:r1c1+r1c2-r1c3",
                       "column 21: thermo: unexpected "
                       "'-r1c3' after the line: join cells with '+'");
    constraint_refused(mock, "9x9 thermo",
                       "column 5: thermo: thermo needs its line: "
                       "thermo:r1c1+r1c2+... (bulb first)");
    sk_mock_free(mock);
}

static int notes;

static void count_note(void *user, uint32_t cell, sk_digits removed, const char *why)
{
    (void)user, (void)cell, (void)removed;
    CHECK(strstr(why, "sum") != NULL);
    notes++;
}

static void arrows_sum(void)
{
    sk_mock *mock = constraint_mock();
    const sk_rules *rules = constraint_compile(mock, "9x9 arrow:r1c1-r1c2+r1c3");
    CHECK(rules && rules->custom_count == 1 && rules->digit_symmetry == SK_DIGITS_FIXED);
    const sk_rules_custom *arrow = rules ? &rules->customs[0] : NULL;
    CHECK(arrow && arrow->count == 3 && arrow->cells[0] == 0 && arrow->cells[2] == 2);
    CHECK(arrow && strcmp(arrow->mark, "arrow") == 0 && strcmp(arrow->label, "1") == 0);
    if (arrow) {
        /* all digits open: the circle is at least 2, a line digit at most 8 */
        sk_digits candidates[81];
        for (int c = 0; c < 81; c++)
            candidates[c] = 0x1FF;
        notes = 0;
        CHECK_INT(arrow->constraint->propagate(arrow->state, rules, candidates, count_note, NULL),
                  SK_OK);
        CHECK(candidates[0] == 0x1FEu && candidates[1] == 0xFFu && candidates[2] == 0xFFu);
        CHECK_INT(notes, 3);
        candidates[1] = 1u << 6; /* 7 on the line: the circle is 8 or 9, the other 1 or 2 */
        CHECK_INT(arrow->constraint->propagate(arrow->state, rules, candidates, NULL, NULL), SK_OK);
        CHECK(candidates[0] == (128u | 256u) && candidates[2] == 3u);
        candidates[0] = 1u; /* a circle of 1 under a 7: nothing fits */
        CHECK_INT(arrow->constraint->propagate(arrow->state, rules, candidates, NULL, NULL),
                  SK_ERR_INVALID);
        sk_board grid = {{0}};
        grid.cells[0] = 9, grid.cells[1] = 4, grid.cells[2] = 5;
        char why[128];
        CHECK_INT(arrow->constraint->check(arrow->state, rules, &grid, why, sizeof why), 1);
        grid.cells[2] = 3;
        CHECK_INT(arrow->constraint->check(arrow->state, rules, &grid, why, sizeof why), 0);
        CHECK_STR(why, "the line sums to 7, the circle says 9");
    }
    sk_mock_rules_free(rules);
    constraint_normalises(mock, "9x9 arrow:R1C1+r1c2-r2c3+r3c3", "9x9 arrow:r1c1+r1c2-r2c3+r3c3");
    sk_mock_free(mock);
}

static void pills_read_as_numbers(void)
{
    sk_mock *mock = constraint_mock();
    const sk_rules *rules = constraint_compile(mock, "9x9 arrow:r1c1+r1c2-r2c3+r3c4+r4c5");
    const sk_rules_custom *pill = rules ? &rules->customs[0] : NULL;
    CHECK(pill && strcmp(pill->label, "2") == 0);
    if (pill) {
        sk_board grid = {{0}};
        grid.cells[0] = 1, grid.cells[1] = 5;                       /* 15 */
        grid.cells[11] = 9, grid.cells[21] = 4, grid.cells[31] = 2; /* 9 + 4 + 2 */
        char why[128];
        CHECK_INT(pill->constraint->check(pill->state, rules, &grid, why, sizeof why), 1);
        sk_digits candidates[81];
        for (int c = 0; c < 81; c++)
            candidates[c] = 0x1FF;
        CHECK_INT(pill->constraint->propagate(pill->state, rules, candidates, NULL, NULL), SK_OK);
        CHECK(candidates[0] == 3u); /* the line sums to 3..27: the pill is 11..27 */
    }
    sk_mock_rules_free(rules);
    constraint_refused(mock, "16x16 arrow:r1c1+r1c2-r2c3",
                       "column 13: arrow: a pill (several "
                       "circle cells) reads its digits as a number, so it needs digits 1-9 (a "
                       "grid of 9x9 at most)");
    sk_mock_free(mock);
}

static void bad_arrows_are_refused_where_they_are(void)
{
    sk_mock *mock = constraint_mock();
    constraint_refused(mock, "9x9 arrow:r5c5+r4c4",
                       "column 20: arrow: an arrow is CIRCLE-LINE: "
                       "the circle's cells, '-', then the line's (arrow:r5c5-r4c4+r3c3)");
    constraint_refused(mock, "9x9 arrow:r5c5-r3c3",
                       "column 16: arrow: the line starts beside "
                       "the circle's last cell");
    constraint_refused(mock, "9x9 arrow:r5c5-r4c4+r5c5",
                       "column 16: arrow: a cell is both in "
                       "the circle and on the line");
    constraint_refused(mock, "9x9 arrow:r5c5-r4c4+r3c3;r1c1",
                       "column 30: arrow: an arrow is "
                       "CIRCLE-LINE: the circle's cells, '-', then the line's "
                       "(arrow:r5c5-r4c4+r3c3)");
    constraint_refused(mock, "9x9 arrow",
                       "column 5: arrow: arrow needs its cells: "
                       "arrow:CIRCLE-LINE, as r5c5-r4c4+r3c3");
    sk_mock_free(mock);
}

/* A public puzzle (tests/data/rules/puzzles.txt names its source). */
static void public_puzzles(void)
{
    sk_mock *mock = constraint_mock();
    constraint_solves_named(mock, "kaji-frost");
    sk_mock_free(mock);
}

static const ski_test_case lines_cases[] = {
    {"describes_itself", describes_itself},
    {"thermometers_rise", thermometers_rise},
    {"arrows_sum", arrows_sum},
    {"pills_read_as_numbers", pills_read_as_numbers},
    {"bad_arrows_are_refused_where_they_are", bad_arrows_are_refused_where_they_are},
    {"public_puzzles", public_puzzles},
};

SK_TEST_MAIN(lines_cases)
