/* Tests of aligned pair and aligned triple exclusion (SE's rules) on hand-made candidate
 * positions. */
#include "check.h"
#include "human.h"

#include <stdbool.h>
#include <string.h>

static human_tables excl_tables;

/* Start st with only the listed cells empty, each given as "r1c1:235" (the
 * cell and its candidates; NULL ends the list). Every other cell is filled:
 * the finders read only candidates, so which digit it holds plays no part. */
static void excl_position(human_state *st, const char *const *cells)
{
    human_tables_init(&excl_tables);
    st->t = &excl_tables;
    st->empty = 0;
    for (int c = 0; c < 81; c++) {
        st->cand[c] = 0;
        st->value[c] = 9;
    }
    for (; *cells; cells++) {
        int cell = ((*cells)[1] - '1') * 9 + ((*cells)[3] - '1');
        uint16_t mask = 0;
        for (const char *d = *cells + 5; *d; d++)
            mask |= HUMAN_BIT(*d - '0');
        st->cand[cell] = mask;
        st->value[cell] = 0;
        st->empty++;
    }
}

static bool excl_has_elim(const human_step *step, int cell, int d)
{
    for (int i = 0; i < step->elim_count; i++)
        if (step->elim[i].cell == cell && step->elim[i].digit == d)
            return true;
    return false;
}

static bool excl_has_cell(const human_step *step, int cell)
{
    for (int i = 0; i < step->cell_count; i++)
        if (step->cells[i] == cell)
            return true;
    return false;
}

/* r1c1 {235}, r1c5 {245} and r2c2 {235}; r1c2 {45} and r1c3 {234} see all
 * three. With 4 in r1c5, a 5 in r1c1 or r2c2 empties r1c2, 2 and 3 in r1c1
 * and r2c2 (either way) empty r1c3, and one digit in both repeats it in
 * box 1. So r1c5 is not 4. */
static const char *const ate_position[] = {"r1c1:235", "r1c5:245", "r2c2:235",
                                           "r1c2:45",  "r1c3:234", NULL};

static void test_triple_fires(void)
{
    human_state st;
    human_step step;
    excl_position(&st, ate_position);
    CHECK(!human_find_aligned_pair_exclusion(&st, &step));
    CHECK(human_find_aligned_triple_exclusion(&st, &step));
    CHECK_STR(step.technique, "Aligned triple exclusion");
    CHECK(step.rating == 7.5);
    CHECK(!step.place);
    CHECK_INT(step.elim_count, 1);
    CHECK(excl_has_elim(&step, 4, 4));
    for (int cell = 0; cell < 11; cell++)
        CHECK(excl_has_cell(&step, cell) == (cell <= 2 || cell == 4 || cell == 10));
    CHECK_STR(step.text, "Every way to fill r1c1, r1c5 and r2c2 that puts 4 in r1c5 repeats a "
                         "digit within a row, column or box or uses every candidate of r1c2 "
                         "(45) or r1c3 (234), cells that see all three, so r1c5<>4");
}

/* r1c1 {24}, r1c5 {35} and r2c2 {124} with r1c2 {23} and r1c3 {245}
 * seeing all three: r2c2 keeps only 1. With 2 there, r1c1 is 4 and either
 * digit of r1c5 empties r1c2 or r1c3; with 4 there, r1c1 is 2 and the same
 * happens. */
static void test_triple_removes_two_digits(void)
{
    human_state st;
    human_step step;
    static const char *const position[] = {"r1c1:24", "r1c5:35",  "r2c2:124",
                                           "r1c2:23", "r1c3:245", NULL};
    excl_position(&st, position);
    CHECK(!human_find_aligned_pair_exclusion(&st, &step));
    CHECK(human_find_aligned_triple_exclusion(&st, &step));
    CHECK_INT(step.elim_count, 2);
    CHECK(excl_has_elim(&step, 10, 2));
    CHECK(excl_has_elim(&step, 10, 4));
    CHECK_STR(step.text, "Every way to fill r1c1, r1c5 and r2c2 that puts 2 or 4 in r2c2 "
                         "repeats a digit within a row, column or box or uses every candidate "
                         "of r1c2 (23) or r1c3 (245), cells that see all three, so r2c2<>2, "
                         "r2c2<>4");
}

static void test_triple_needs_an_excluded_combination(void)
{
    human_state st;
    human_step step;
    /* The same cells, but no combination of their digits covers either
     * excluding cell: only repeats are excluded, and every digit stays. */
    static const char *const position[] = {"r1c1:235", "r1c5:245", "r2c2:235",
                                           "r1c2:67",  "r1c3:789", NULL};
    excl_position(&st, position);
    CHECK(!human_find_aligned_triple_exclusion(&st, &step));

    /* One excluding cell is not enough: r1c3 no longer holds 2..3 digits. */
    static const char *const one_excluder[] = {"r1c1:235", "r1c5:245",  "r2c2:235",
                                               "r1c2:45",  "r1c3:1234", NULL};
    excl_position(&st, one_excluder);
    CHECK(!human_find_aligned_triple_exclusion(&st, &step));
}

static void test_triple_skips_cells_seeing_a_single(void)
{
    human_state st;
    human_step step;
    /* r9c5, a peer of r1c5, has one candidate left. */
    static const char *const position[] = {"r1c1:235", "r1c5:245", "r2c2:235", "r1c2:45",
                                           "r1c3:234", "r9c5:9",   NULL};
    excl_position(&st, position);
    CHECK(!human_find_aligned_triple_exclusion(&st, &step));
}

/* r1c1 {12} and r2c5 {13} do not see each other; r1c4 {13} and r2c2 {23}
 * see both. With 3 in r2c5, 1 in r1c1 would empty r1c4 and 2 would empty
 * r2c2, so r2c5 is not 3. Since the two cells do not see each other, 1 in
 * both is allowed and r1c1 keeps its 1. */
static void test_pair_cells_need_not_see_each_other(void)
{
    human_state st;
    human_step step;
    static const char *const position[] = {"r1c1:12", "r2c5:13", "r1c4:13", "r2c2:23", NULL};
    excl_position(&st, position);
    CHECK(human_find_aligned_pair_exclusion(&st, &step));
    CHECK_STR(step.technique, "Aligned pair exclusion");
    CHECK(step.rating == 6.2);
    CHECK_INT(step.elim_count, 1);
    CHECK(excl_has_elim(&step, 13, 3));
    CHECK_INT(step.cell_count, 4);
    CHECK_STR(step.text, "Every way to fill r1c1 and r2c5 that puts 3 in r2c5 uses every "
                         "candidate of r1c4 (13) or r2c2 (23), cells that see both, so r2c5<>3");

    /* r3c5 has a single candidate: r1c4 and r2c5, in its box, are left out
     * of the search. */
    static const char *const single[] = {"r1c1:12", "r2c5:13", "r1c4:13",
                                         "r2c2:23", "r3c5:7",  NULL};
    excl_position(&st, single);
    CHECK(!human_find_aligned_pair_exclusion(&st, &step));
}

static void test_pair_needs_two_excluding_cells(void)
{
    human_state st;
    human_step step;
    /* With 1 in r1c1, r1c5 must be 2 and r1c9 {12} would be empty: but
     * r1c9 is the only bivalue cell seeing both, and SE asks for two. */
    static const char *const position[] = {"r1c1:13", "r1c5:12", "r1c9:12", NULL};
    excl_position(&st, position);
    CHECK(!human_find_aligned_pair_exclusion(&st, &step));

    /* A second bivalue cell seeing both (r1c7 {89}) lets the pair fire. */
    static const char *const second[] = {"r1c1:13", "r1c5:12", "r1c9:12", "r1c7:89", NULL};
    excl_position(&st, second);
    CHECK(human_find_aligned_pair_exclusion(&st, &step));
    CHECK_INT(step.elim_count, 1);
    CHECK(excl_has_elim(&step, 0, 1));
    CHECK(excl_has_cell(&step, 8));
    CHECK(!excl_has_cell(&step, 6));
}

static const ski_test_case cases[] = {
    {"triple_fires", test_triple_fires},
    {"triple_removes_two_digits", test_triple_removes_two_digits},
    {"triple_needs_an_excluded_combination", test_triple_needs_an_excluded_combination},
    {"triple_skips_cells_seeing_a_single", test_triple_skips_cells_seeing_a_single},
    {"pair_cells_need_not_see_each_other", test_pair_cells_need_not_see_each_other},
    {"pair_needs_two_excluding_cells", test_pair_needs_two_excluding_cells},
};

SK_TEST_MAIN(cases)
