/* The killer constraint plugin (plugins/constraint-killer) on the plugin
 * mock: both spellings, the canonical one, sums and their checks, the
 * refusals with their columns, and killer puzzles without givens. */
#include "constraint_test.h"

static void describes_itself(void)
{
    constraint_describes_itself();
}

static void cages_are_groups(void)
{
    sk_mock *mock = constraint_mock();
    const sk_rules *rules = constraint_compile(mock, "9x9 killer:17=r1c2+r1c1;=r5c5+r6c5+r4c5");
    CHECK(rules && rules->group_count == 2 && rules->house_count == 27);
    if (rules) {
        const sk_rules_group *sum = &rules->groups[0], *bare = &rules->groups[1];
        CHECK(sum->count == 2 && sum->cells[0] == 0 && sum->cells[1] == 1 && sum->sum == 17);
        CHECK_STR(sum->mark, "cage");
        CHECK_STR(sum->label, "17");
        CHECK(bare->count == 3 && bare->sum == 0 && bare->label == NULL && bare->cells[0] == 31);
        CHECK_INT(rules->digit_symmetry, SK_DIGITS_FIXED);
        /* r1c1's peers now include nothing new (r1c2 shares its row), r4c5's
         * include r6c5 already (column): a cage adds no peer here */
        CHECK_INT(rules->peer_start[1] - rules->peer_start[0], 20);
    }
    sk_mock_rules_free(rules);
    rules = constraint_compile(mock, "9x9 killer:=r1c1+r2c4");
    CHECK(rules && rules->peer_start[1] - rules->peer_start[0] == 21);
    CHECK(rules && rules->digit_symmetry == SK_DIGITS_ANY);
    sk_mock_rules_free(rules);
    sk_mock_free(mock);
}

static void both_spellings_normalise_alike(void)
{
    sk_mock *mock = constraint_mock();
    const char *want = "4x4 killer:3=r1c1+r1c2;7=r1c3+r1c4;=r2c3+r2c4";
    constraint_normalises(mock, "4x4 killer:aabb..cc......../3,7,", want);
    constraint_normalises(mock, "4x4 killer:AACC..dd......../3,7,", want);
    constraint_normalises(mock, "4x4 killer:=r2c4+r2c3;7=R1C4+r1c3 killer:3=r1c2+r1c1", want);
    constraint_normalises(mock, "4x4 killer:3=r1c1+r1c2;3=r1c1+r1c2", "4x4 killer:3=r1c1+r1c2");
    sk_mock_free(mock);
}

static void bad_cages_are_refused_where_they_are(void)
{
    sk_mock *mock = constraint_mock();
    constraint_refused(mock, "9x9 killer:0=r1c1",
                       "column 12: killer: '0=r1c1' is not a cage: "
                       "write SUM=CELLS (15=r1c1+r1c2) or =CELLS for a cage without a sum");
    constraint_refused(mock, "9x9 killer:12=r1c1",
                       "column 12: killer: 1 different digits of "
                       "1-9 cannot sum to 12 (only 1 to 9)");
    constraint_refused(mock, "6x6 killer:3=r1c1;=r7c1",
                       "column 20: killer: cell r7c1 is "
                       "outside the 6x6 grid (rows and columns 1-6)");
    constraint_refused(mock, "4x4 killer:=r1c1+r1c2+r1c3+r1c4+r2c1",
                       "column 33: killer: more "
                       "than 4 cells in one list");
    constraint_refused(mock, "4x4 killer:aabb..cc......./3,7",
                       "column 27: killer: a cage map "
                       "has 16 symbols (one per cell, '.' for none) then '/' and the sums");
    constraint_refused(mock, "4x4 killer:aabb..cc......../3",
                       "column 29: killer: the sum of "
                       "cage 2 is missing or not a whole number above 0");
    constraint_refused(mock, "4x4 killer:aabb..cc......../3,x,",
                       "column 31: killer: the sum "
                       "of cage 2 is missing or not a whole number above 0");
    /* a cell in two cages: in one term, across terms, against a map */
    constraint_refused(mock, "9x9 killer:15=r1c1+r1c2;7=r1c2+r2c2",
                       "column 25: killer: cell r1c2 is in two cages, this one and r1c1+r1c2: "
                       "a cell belongs to one cage at most; merge the two cages or take the "
                       "cell out of one");
    constraint_refused(mock, "4x4 killer:3=r1c1+r1c2 killer:=r2c1+r1c1",
                       "column 31: killer: cell r1c1 is in two cages, this one and r1c1+r1c2: "
                       "a cell belongs to one cage at most; merge the two cages or take the "
                       "cell out of one");
    constraint_refused(mock, "4x4 killer:aabb..cc......../3,7, killer:5=r2c3+r3c3",
                       "column 41: killer: cell r2c3 is in two cages, this one and "
                       "r2c3+r2c4: a cell belongs to one cage at most; merge the two cages or "
                       "take the cell out of one");
    constraint_refused(mock, "4x4 killer:5=r2c3+r3c3 killer:aabb..cc......../3,7,",
                       "column 31: killer: cell r2c3 is in two cages, this one and "
                       "r2c3+r3c3: a cell belongs to one cage at most; merge the two cages or "
                       "take the cell out of one");
    constraint_refused(mock, "4x4 killer:aa#b..cc......../3,7,",
                       "column 14: killer: '#' is "
                       "not a cage symbol: use 0-9, A-Z, a-z, or '.'");
    constraint_refused(mock, "4x4 killer:aaaaa...cc....../,7",
                       "column 12: killer: a group of "
                       "different digits has 1 to 4 cells, not 5");
    sk_mock_free(mock);
}

static void sums_are_checked(void)
{
    sk_mock *mock = constraint_mock();
    const sk_rules *rules = constraint_compile(mock, "4x4 killer:3=r1c1+r1c2;=r2c1+r2c2");
    sk_board board;
    char why[200] = "";
    CHECK(rules && sk_mock_board(rules, "1234341221434321", &board) == 0);
    CHECK(rules && sk_mock_rules_check(rules, &board, why, sizeof why));
    CHECK(rules && sk_mock_board(rules, "2134341212434321", &board) == 0);
    CHECK(rules && sk_mock_rules_check(rules, &board, why, sizeof why)); /* 2 + 1 */
    sk_mock_rules_free(rules);
    rules = constraint_compile(mock, "4x4 killer:4=r1c1+r1c2");
    CHECK(rules && !sk_mock_rules_check(rules, &board, why, sizeof why));
    CHECK_STR(why, "the cage at r1c1 sums to 3, not 4");
    sk_mock_rules_free(rules);
    sk_mock_free(mock);
}

/* Killer puzzles without a given, made by Solo (tests/data/rules/puzzles.txt). */
static void killers_without_givens(void)
{
    sk_mock *mock = constraint_mock();
    constraint_solves_named(mock, "solo-2x3k");
    constraint_solves_named(mock, "solo-3x3k");
    sk_mock_free(mock);
}

static const ski_test_case killer_cases[] = {
    {"describes_itself", describes_itself},
    {"cages_are_groups", cages_are_groups},
    {"both_spellings_normalise_alike", both_spellings_normalise_alike},
    {"bad_cages_are_refused_where_they_are", bad_cages_are_refused_where_they_are},
    {"sums_are_checked", sums_are_checked},
    {"killers_without_givens", killers_without_givens},
};

SK_TEST_MAIN(killer_cases)
