/* The houses constraint plugin (plugins/constraint-houses) on the plugin
 * mock: each rule's houses, its normalised spelling, its refusals with
 * their columns, and public puzzles solved under it. */
#include "constraint_test.h"

static void describes_itself(void)
{
    constraint_describes_itself();
}

static void diagonals(void)
{
    sk_mock *mock = constraint_mock();
    const sk_rules *rules = constraint_compile(mock, "9x9 x");
    CHECK(rules && rules->house_count == 29);
    CHECK(rules && constraint_extra_houses_with(rules, 40) == 2); /* r5c5: both */
    CHECK(rules && constraint_extra_houses_with(rules, 0) == 1);  /* r1c1: main  */
    CHECK(rules && constraint_extra_houses_with(rules, 72) == 1); /* r9c1: anti  */
    CHECK(rules && constraint_extra_houses_with(rules, 1) == 0);
    sk_mock_rules_free(rules);
    rules = constraint_compile(mock, "6x6 diagonal+");
    CHECK(rules && rules->house_count == 19 && constraint_extra_houses_with(rules, 30) == 1);
    CHECK(rules && constraint_extra_houses_with(rules, 0) == 0);
    CHECK(rules && strcmp(rules->houses[18].mark, "diagonal") == 0);
    sk_mock_rules_free(rules);
    rules = constraint_compile(mock, "6x6 diagonal-");
    CHECK(rules && constraint_extra_houses_with(rules, 35) == 1 &&
          constraint_extra_houses_with(rules, 30) == 0);
    sk_mock_rules_free(rules);
    /* x is both diagonals: one rules value, one spec */
    constraint_normalises(mock, "9x9 diagonal- DIAGONAL+ x", "9x9 x");
    constraint_normalises(mock, "9x9 diagonal+ diagonal-", "9x9 x");
    constraint_normalises(mock, "9x9 x diagonal-", "9x9 x");
    constraint_normalises(mock, "9x9 diagonal- windoku", "9x9 diagonal- windoku");
    constraint_refused(mock, "9x9 diagonal",
                       "column 5: unknown rule 'diagonal' in '9x9 diagonal': write x for both "
                       "diagonals (X-sudoku), diagonal- for the main one alone (top left to "
                       "bottom right) or diagonal+ for the other (the mock knows the "
                       "constraints of the plugin given to sk_mock_set_constraints)");
    constraint_refused(mock, "9x9 x:1", "column 7: x: x takes no argument: write x alone");
    constraint_refused(mock, "9x9 diagonal+:r1c1",
                       "column 15: diagonal+: diagonal+ takes no "
                       "argument: write diagonal+ alone");
    sk_mock_free(mock);
}

static void windows(void)
{
    sk_mock *mock = constraint_mock();
    const sk_rules *rules = constraint_compile(mock, "9x9 windoku");
    CHECK(rules && rules->house_count == 31);
    /* r2c2..r4c4, r2c6..r4c8, r6c2..r8c4, r6c6..r8c8 */
    static const uint32_t in[] = {10, 12, 28, 14, 16, 34, 46, 64, 50, 70};
    static const uint32_t out[] = {0, 13, 37, 40, 80, 44};
    for (size_t i = 0; rules && i < sizeof in / sizeof in[0]; i++)
        CHECK(constraint_extra_houses_with(rules, in[i]) == 1);
    for (size_t i = 0; rules && i < sizeof out / sizeof out[0]; i++)
        CHECK(constraint_extra_houses_with(rules, out[i]) == 0);
    sk_mock_rules_free(rules);
    rules = constraint_compile(mock, "16x16 windoku");
    CHECK(rules && rules->house_count == 48 + 9);
    sk_mock_rules_free(rules);
    rules = constraint_compile(mock, "4x4 windoku"); /* the centre window */
    CHECK(rules && rules->house_count == 13 && constraint_extra_houses_with(rules, 5) == 1);
    sk_mock_rules_free(rules);
    constraint_refused(mock, "9x9:none windoku",
                       "column 10: windoku: windoku needs boxes (its "
                       "windows are boxes moved one cell in), not jigsaw regions or none");
    sk_mock_free(mock);
}

static void disjoint_groups(void)
{
    sk_mock *mock = constraint_mock();
    const sk_rules *rules = constraint_compile(mock, "9x9 disjoint");
    CHECK(rules && rules->house_count == 36);
    /* group 0: the first cell of every box */
    static const uint16_t first[9] = {0, 3, 6, 27, 30, 33, 54, 57, 60};
    CHECK(rules && memcmp(rules->houses[27].cells, first, sizeof first) == 0);
    sk_mock_rules_free(rules);
    /* jigsaw regions: the g-th cell of each region in reading order */
    rules = constraint_compile(mock, "4x4 jigsaw:aaabcabbccdbcddd disjoint");
    static const uint16_t first_of_regions[4] = {0, 3, 4, 10};
    CHECK(rules && rules->house_count == 16 &&
          memcmp(rules->houses[12].cells, first_of_regions, sizeof first_of_regions) == 0);
    sk_mock_rules_free(rules);
    constraint_refused(mock, "9x9:none disjoint",
                       "column 10: disjoint: disjoint needs regions "
                       "(boxes or jigsaw): the grid has none");
    sk_mock_free(mock);
}

static void patterns(void)
{
    sk_mock *mock = constraint_mock();
    const sk_rules *rules = constraint_compile(mock, "9x9 centre-dot");
    static const uint16_t centres[9] = {10, 13, 16, 37, 40, 43, 64, 67, 70};
    CHECK(rules && memcmp(rules->houses[27].cells, centres, sizeof centres) == 0);
    sk_mock_rules_free(rules);
    rules = constraint_compile(mock, "9x9 asterisk");
    static const uint16_t asterisk[9] = {13, 20, 24, 37, 40, 43, 56, 60, 67};
    CHECK(rules && memcmp(rules->houses[27].cells, asterisk, sizeof asterisk) == 0);
    sk_mock_rules_free(rules);
    rules = constraint_compile(mock, "9x9 girandola");
    static const uint16_t girandola[9] = {0, 8, 13, 37, 40, 43, 67, 72, 80};
    CHECK(rules && memcmp(rules->houses[27].cells, girandola, sizeof girandola) == 0);
    sk_mock_rules_free(rules);
    rules = constraint_compile(mock, "25x25 centre-dot");
    CHECK(rules && rules->house_count == 76 && rules->houses[75].cells[0] == 2 * 25 + 2);
    sk_mock_rules_free(rules);
    constraint_refused(mock, "6x6 centre-dot",
                       "column 5: centre-dot: centre-dot needs boxes "
                       "with a centre cell (an odd number of rows and of columns, as 3x3 or 5x5)");
    constraint_refused(mock, "16x16 girandola",
                       "column 7: girandola: girandola is a 9x9 "
                       "pattern; on a 16x16 grid write its cells with extra:CELLS");
    sk_mock_free(mock);
}

static void extra_regions(void)
{
    sk_mock *mock = constraint_mock();
    constraint_normalises(mock, "6x6 extra:r6c6+R1C1+r2c3", "6x6 extra:r1c1+r2c3+r6c6");
    constraint_normalises(mock, "6x6 extra:r2c2+r1c1 extra:r1c1+r2c2;r3c3+r4c4",
                          "6x6 extra:r1c1+r2c2;r3c3+r4c4");
    const sk_rules *rules = constraint_compile(mock, "4x4 extra:r1c1+r2c3+r3c2+r4c4");
    CHECK(rules && rules->house_count == 13 && rules->group_count == 0);
    sk_mock_rules_free(rules);
    rules = constraint_compile(mock, "4x4 extra:r1c1+r2c3");
    CHECK(rules && rules->house_count == 12 && rules->group_count == 1);
    CHECK(rules && rules->groups[0].sum == 0 && strcmp(rules->groups[0].mark, "extra") == 0);
    CHECK(rules && rules->digit_symmetry == SK_DIGITS_ANY);
    sk_mock_rules_free(rules);
    constraint_refused(mock, "4x4 extra",
                       "column 5: extra: extra needs its cells: "
                       "extra:r1c1+r1c2+... (all different)");
    constraint_refused(mock, "4x4 extra:r1c1+r5c1",
                       "column 16: extra: cell r5c1 is outside "
                       "the 4x4 grid (rows and columns 1-4)");
    constraint_refused(mock, "4x4 extra:r1c1,r2c2",
                       "column 15: extra: unexpected ',r2c2' after "
                       "the cells: join cells with '+'");
    constraint_refused(mock, "4x4 extra:r1c1+r1c2+r1c3+r1c4+r2c1",
                       "column 31: extra: more "
                       "than 4 cells in one list");
    sk_mock_free(mock);
}

/* Public puzzles (tests/data/rules/puzzles.txt names their sources). */
static void public_puzzles(void)
{
    sk_mock *mock = constraint_mock();
    constraint_solves(mock, "6x6 x", ".41.2............53..............46.",
                      "641523532146124635365214416352253461");
    constraint_solves(mock, "6x6 disjoint", "1....2....4.....6..5........1.4....3",
                      "134652265341341265652134523416416523");
    constraint_solves(mock, "9x9 x",
                      ".164....87..6.......89....5.......36.6.3.4.2.83.......6....91.......2..3"
                      "2....678.",
                      "3164752987596283414289136759472815365613948278325674196837491521748529"
                      "63295136784");
    sk_mock_free(mock);
}

static const ski_test_case houses_cases[] = {
    {"describes_itself", describes_itself},
    {"diagonals", diagonals},
    {"windows", windows},
    {"disjoint_groups", disjoint_groups},
    {"patterns", patterns},
    {"extra_regions", extra_regions},
    {"public_puzzles", public_puzzles},
};

SK_TEST_MAIN(houses_cases)
