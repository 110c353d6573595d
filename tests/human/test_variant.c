/* Tests of the human rater's techniques under rules other than classic,
 * each on a hand-made candidate position of a variant: the step found, its
 * cells and removals, and the house or constraint it names. */
#include "check.h"
#include "rules/rules_fixture.h"
#include "variant.h"

#include <string.h>

static variant_model test_model;
static variant_step test_step;
static const sk_rules *test_rules;

/* An empty board of spec: every cell empty, every candidate the rules
 * leave (the constraints' own steps are not applied). */
static void blank(variant_state *st, const char *spec)
{
    variant_model_release(&test_model);
    sk_rules_free(test_rules);
    test_rules = rules_test_compile(spec);
    CHECK(variant_model_build(&test_model, test_rules));
    sk_board board = {{0}};
    CHECK(variant_state_start(st, &test_model, &board));
}

static int cell(const variant_state *st, int row, int col)
{
    return (row - 1) * st->m->size + col - 1;
}

/* Remove d from every cell of house h but those listed (-1 ends). */
static void confine(variant_state *st, int h, int d, const int *keep)
{
    const sk_rules_house *house = &st->m->rules->houses[h];
    for (uint32_t i = 0; i < house->count; i++) {
        bool kept = false;
        for (const int *k = keep; *k >= 0; k++)
            kept |= *k == house->cells[i];
        if (!kept)
            st->cand[house->cells[i]] &= ~(1u << (d - 1));
    }
}

static sk_digits digits(const char *text)
{
    sk_digits m = 0;
    for (; *text; text++)
        m |= 1u << (*text - '1');
    return m;
}

static bool removes(const variant_step *step, int c, int d)
{
    for (int i = 0; i < step->elim_count; i++)
        if (step->elim[i].cell == c && step->elim[i].digit == d)
            return true;
    return false;
}

/* A hidden single in the X diagonal, named by it (1.5: not a box). */
static void test_hidden_single_diagonal(void)
{
    variant_state st;
    blank(&st, "9x9 x");
    int keep[] = {cell(&st, 3, 3), -1};
    confine(&st, 27, 5, keep);
    CHECK(!variant_find_hidden_single_region(&st, &test_step));
    CHECK(variant_find_hidden_single_other(&st, &test_step));
    CHECK(test_step.place);
    CHECK_INT(test_step.placed.cell, cell(&st, 3, 3));
    CHECK_INT(test_step.placed.digit, 5);
    CHECK_STR(test_step.where, "diagonal 1");
    CHECK_STR(test_step.technique, "Hidden single in a line");
    CHECK(test_step.rating == 1.5);
}

/* Claiming from a diagonal onto a box: the intersection of any two houses. */
static void test_claiming_diagonal_box(void)
{
    variant_state st;
    blank(&st, "9x9 x");
    int keep[] = {cell(&st, 1, 1), cell(&st, 2, 2), -1};
    confine(&st, 27, 7, keep);
    CHECK(!variant_find_pointing(&st, &test_step));
    CHECK(variant_find_claiming(&st, &test_step));
    CHECK_STR(test_step.where, "diagonal 1 and box 1");
    CHECK(removes(&test_step, cell(&st, 1, 2), 7));
    CHECK(removes(&test_step, cell(&st, 3, 1), 7));
    CHECK(!removes(&test_step, cell(&st, 1, 1), 7));
    CHECK(test_step.rating == 2.8);
}

/* Pointing from a 2x3 box onto its row. */
static void test_pointing_6x6(void)
{
    variant_state st;
    blank(&st, "6x6");
    int keep[] = {cell(&st, 1, 1), cell(&st, 1, 3), -1};
    confine(&st, 12, 4, keep); /* box 1: rows 1-2, columns 1-3 */
    CHECK(variant_find_pointing(&st, &test_step));
    CHECK_STR(test_step.where, "box 1 and row 1");
    CHECK(removes(&test_step, cell(&st, 1, 5), 4));
    CHECK_INT(test_step.elim_count, 3);
}

/* A naked pair in a Windoku window whose cells share no row, column or box. */
static void test_naked_pair_window(void)
{
    variant_state st;
    blank(&st, "9x9 windoku");
    st.cand[cell(&st, 2, 2)] = digits("12");
    st.cand[cell(&st, 4, 4)] = digits("12");
    CHECK(variant_find_naked_pair(&st, &test_step));
    CHECK_STR(test_step.where, "window 1");
    CHECK(removes(&test_step, cell(&st, 3, 3), 1));
    CHECK(removes(&test_step, cell(&st, 2, 4), 2));
    CHECK(test_step.rating == 3.0);
}

/* A hidden pair in a jigsaw region. */
static void test_hidden_pair_jigsaw(void)
{
    variant_state st;
    blank(&st, "6x6 jigsaw:abbbccaabbccaabccdaeedddeefffdeefffd");
    /* Region a: r1c1, r2c1, r2c2, r3c1, r3c2, r4c1. */
    int keep[] = {cell(&st, 1, 1), cell(&st, 4, 1), -1};
    confine(&st, 12, 1, keep);
    confine(&st, 12, 2, keep);
    CHECK(variant_find_hidden_pair(&st, &test_step));
    CHECK_STR(test_step.where, "region 1");
    CHECK(removes(&test_step, cell(&st, 1, 1), 6));
    CHECK(removes(&test_step, cell(&st, 4, 1), 3));
    CHECK(!removes(&test_step, cell(&st, 1, 1), 1));
}

/* Naked and hidden triples in a 16x16 row. */
static void test_triples_16x16(void)
{
    variant_state st;
    blank(&st, "16x16");
    st.cand[cell(&st, 1, 1)] = digits("12");
    st.cand[cell(&st, 1, 6)] = digits("23");
    st.cand[cell(&st, 1, 11)] = digits("13");
    CHECK(variant_find_naked_triple(&st, &test_step));
    CHECK_STR(test_step.where, "row 1");
    CHECK_STR(test_step.text, "naked triple in row 1: r1c1,r1c6,r1c11 hold only 1,2,3, which "
                              "leave the house's other cells");
    CHECK(removes(&test_step, cell(&st, 1, 16), 3));
    blank(&st, "16x16");
    int keep[] = {cell(&st, 16, 1), cell(&st, 16, 8), cell(&st, 16, 16), -1};
    for (int d = 14; d <= 16; d++)
        confine(&st, 15, d, keep);
    CHECK(variant_find_hidden_triple(&st, &test_step));
    CHECK_STR(test_step.where, "row 16");
    CHECK(removes(&test_step, cell(&st, 16, 8), 9));
}

/* An X-wing and a swordfish over rows of a 6x6 grid. */
static void test_fish_6x6(void)
{
    variant_state st;
    blank(&st, "6x6");
    int keep[] = {cell(&st, 1, 1), cell(&st, 1, 5), cell(&st, 4, 1), cell(&st, 4, 5), -1};
    confine(&st, 0, 3, keep);
    confine(&st, 3, 3, keep);
    CHECK(variant_find_x_wing(&st, &test_step));
    CHECK_STR(test_step.where, "rows 1,4");
    CHECK(removes(&test_step, cell(&st, 6, 1), 3));
    CHECK(removes(&test_step, cell(&st, 2, 5), 3));
    blank(&st, "8x8");
    int sword[] = {cell(&st, 1, 2),
                   cell(&st, 1, 7),
                   cell(&st, 3, 7),
                   cell(&st, 3, 8),
                   cell(&st, 8, 2),
                   cell(&st, 8, 8),
                   -1};
    for (int row = 0; row < 8; row += 1)
        if (row == 0 || row == 2 || row == 7)
            confine(&st, row, 6, sword);
    CHECK(!variant_find_x_wing(&st, &test_step));
    CHECK(variant_find_swordfish(&st, &test_step));
    CHECK_STR(test_step.where, "rows 1,3,8");
    CHECK(removes(&test_step, cell(&st, 5, 7), 6));
}

/* An XY-wing whose pivot sees a pincer by a knight's move only. */
static void test_xy_wing_anti_knight(void)
{
    variant_state st;
    blank(&st, "9x9");
    st.cand[cell(&st, 5, 5)] = digits("12");
    st.cand[cell(&st, 3, 4)] = digits("13");
    st.cand[cell(&st, 5, 9)] = digits("23");
    CHECK(!variant_find_xy_wing(&st, &test_step));
    blank(&st, "9x9 anti-knight");
    st.cand[cell(&st, 5, 5)] = digits("12");
    st.cand[cell(&st, 3, 4)] = digits("13");
    st.cand[cell(&st, 5, 9)] = digits("23");
    CHECK(variant_find_xy_wing(&st, &test_step));
    CHECK_STR(test_step.where, "cells r5c5, r3c4, r5c9");
    CHECK(removes(&test_step, cell(&st, 3, 9), 3));
    CHECK(removes(&test_step, cell(&st, 5, 4), 3));
    CHECK(test_step.rating == 4.2);
}

/* The constraints' own steps: a cage's combinations, a thermometer's
 * order, an arrow's sum (its plugin's propagation). */
static void test_constraints(void)
{
    variant_state st;
    blank(&st, "9x9 killer:3=r1c1+r1c2");
    CHECK(variant_find_constraint(&st, &test_step));
    CHECK_STR(test_step.technique, "Cage combinations");
    CHECK_STR(test_step.where, "cage 3 at r1c1");
    CHECK(removes(&test_step, cell(&st, 1, 1), 3));
    CHECK(removes(&test_step, cell(&st, 1, 2), 9));
    CHECK(!removes(&test_step, cell(&st, 1, 2), 2));
    CHECK(test_step.rating == VARIANT_CONSTRAINT_RATING);
    blank(&st, "6x6 thermo:r1c1+r1c2+r1c3");
    CHECK(variant_find_constraint(&st, &test_step));
    CHECK_STR(test_step.technique, "Relation (thermo)");
    CHECK_STR(test_step.where, "thermo r1c1-r1c2");
    CHECK(removes(&test_step, cell(&st, 1, 1), 6));
    CHECK(removes(&test_step, cell(&st, 1, 2), 1));
    blank(&st, "9x9 arrow:r1c1-r1c2+r1c3");
    CHECK(variant_find_constraint(&st, &test_step));
    CHECK_STR(test_step.technique, "Constraint (arrow)");
    CHECK_STR(test_step.where, "arrow at r1c1");
    CHECK(removes(&test_step, cell(&st, 1, 1), 1));
    CHECK(!removes(&test_step, cell(&st, 1, 1), 3));
}

/* A cage's digit that every combination holds, its places in one row. */
static void test_cage_pointing(void)
{
    variant_state st;
    blank(&st, "9x9 killer:16=r1c4+r1c5");
    CHECK(variant_find_cage_pointing(&st, &test_step));
    CHECK_STR(test_step.technique, "Cage pointing");
    CHECK_STR(test_step.where, "cage 16 at r1c4 and row 1");
    CHECK(removes(&test_step, cell(&st, 1, 1), 7));
    CHECK(removes(&test_step, cell(&st, 1, 9), 7));
    CHECK(!removes(&test_step, cell(&st, 1, 4), 9));
    CHECK(test_step.rating == 2.8);
}

/* The forcing step: a candidate whose singles break the rules goes. */
static void test_forcing(void)
{
    variant_state st;
    blank(&st, "4x4");
    /* Row 1 is 1 2 | 3 4 but for r1c1 and r1c2: {1,2} each, and column 1
     * below already rules out 2 at r1c1 in effect: r2c1 = 2 alone. */
    variant_state_place(&st, cell(&st, 1, 3), 3);
    variant_state_place(&st, cell(&st, 1, 4), 4);
    variant_state_place(&st, cell(&st, 3, 1), 3);
    variant_state_place(&st, cell(&st, 4, 1), 4);
    st.cand[cell(&st, 2, 1)] = digits("1");
    CHECK(!variant_state_broken(&st));
    CHECK(variant_find_forcing(&st, &test_step));
    CHECK_STR(test_step.technique, "Dynamic forcing chain");
    CHECK_INT(test_step.elim_count, 1);
    CHECK_INT(test_step.elim[0].cell, cell(&st, 1, 1));
    CHECK_INT(test_step.elim[0].digit, 1);
}

/* Not a test: frees what the tests share, for the sanitizers. */
static void release(void)
{
    variant_model_release(&test_model);
    sk_rules_free(test_rules);
    test_rules = NULL;
    rules_test_host_free();
}

static const ski_test_case cases[] = {
    {"hidden_single_diagonal", test_hidden_single_diagonal},
    {"claiming_diagonal_box", test_claiming_diagonal_box},
    {"pointing_6x6", test_pointing_6x6},
    {"naked_pair_window", test_naked_pair_window},
    {"hidden_pair_jigsaw", test_hidden_pair_jigsaw},
    {"triples_16x16", test_triples_16x16},
    {"fish_6x6", test_fish_6x6},
    {"xy_wing_anti_knight", test_xy_wing_anti_knight},
    {"constraints", test_constraints},
    {"cage_pointing", test_cage_pointing},
    {"forcing", test_forcing},
    {"release", release},
};

SK_TEST_MAIN(cases)
