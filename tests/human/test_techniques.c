/* Tests of the human rater's techniques on small hand-made candidate positions. */
#include "check.h"
#include "human.h"

#include <stdbool.h>

static human_tables tech_tables;

/* An empty grid: every cell empty, every candidate present. */
static void tech_blank(human_state *st)
{
    human_tables_init(&tech_tables);
    st->t = &tech_tables;
    st->empty = 81;
    for (int c = 0; c < 81; c++) {
        st->cand[c] = HUMAN_ALL;
        st->value[c] = 0;
    }
}

static uint16_t tech_mask(const char *digits)
{
    uint16_t m = 0;
    for (; *digits; digits++)
        m |= HUMAN_BIT(*digits - '0');
    return m;
}

/* Remove d from every cell of unit u except the listed ones (-1 ends). */
static void tech_confine(human_state *st, int u, int d, const int *keep)
{
    for (int i = 0; i < 9; i++) {
        int c = tech_tables.unit_cells[u][i];
        bool kept = false;
        for (const int *k = keep; *k >= 0; k++)
            kept |= *k == c;
        if (!kept)
            st->cand[c] &= (uint16_t)~HUMAN_BIT(d);
    }
}

static bool tech_has_elim(const human_step *step, int cell, int d)
{
    for (int i = 0; i < step->elim_count; i++)
        if (step->elim[i].cell == cell && step->elim[i].digit == d)
            return true;
    return false;
}

static void test_full_house(void)
{
    human_state st;
    human_step step;
    tech_blank(&st);
    for (int c = 0; c < 8; c++)
        human_state_place(&st, c, c + 1);
    CHECK(human_find_full_house(&st, &step));
    CHECK(step.place);
    CHECK_INT(step.placed.cell, 8);
    CHECK_INT(step.placed.digit, 9);
    CHECK_STR(step.technique, "Last value in a unit");

    tech_blank(&st);
    for (int c = 0; c < 7; c++)
        human_state_place(&st, c, c + 1);
    CHECK(!human_find_full_house(&st, &step));
}

static void test_hidden_singles(void)
{
    human_state st;
    human_step step;
    tech_blank(&st);
    tech_confine(&st, 22, 6, (const int[]){40, -1}); /* box 5: 6 only in r5c5 */
    CHECK(human_find_hidden_single_box(&st, &step));
    CHECK_INT(step.placed.cell, 40);
    CHECK_INT(step.placed.digit, 6);
    CHECK(!human_find_hidden_single_line(&st, &step));

    tech_blank(&st);
    tech_confine(&st, 22, 6, (const int[]){40, 41, -1});
    CHECK(!human_find_hidden_single_box(&st, &step));

    tech_blank(&st);
    tech_confine(&st, 13, 2, (const int[]){31, -1}); /* column 5: 2 only in r4c5 */
    CHECK(human_find_hidden_single_line(&st, &step));
    CHECK_INT(step.placed.cell, 31);
    CHECK_INT(step.placed.digit, 2);
    CHECK_STR(step.text, "Only r4c5 in column 5 can hold 2");
}

static void test_naked_single(void)
{
    human_state st;
    human_step step;
    tech_blank(&st);
    CHECK(!human_find_naked_single(&st, &step));
    st.cand[40] = tech_mask("7");
    CHECK(human_find_naked_single(&st, &step));
    CHECK_INT(step.placed.cell, 40);
    CHECK_INT(step.placed.digit, 7);
}

static void test_pointing_and_claiming(void)
{
    human_state st;
    human_step step;
    tech_blank(&st);
    tech_confine(&st, 18, 4, (const int[]){0, 1, 2, -1}); /* box 1: 4 only in row 1 */
    CHECK(human_find_pointing(&st, &step));
    CHECK_INT(step.elim_count, 6);
    for (int c = 3; c < 9; c++)
        CHECK(tech_has_elim(&step, c, 4));

    tech_blank(&st);
    tech_confine(&st, 18, 4, (const int[]){0, 1, 2, 10, -1});
    CHECK(!human_find_pointing(&st, &step));

    tech_blank(&st);
    tech_confine(&st, 0, 4, (const int[]){0, 1, -1}); /* row 1: 4 only in box 1 */
    CHECK(human_find_claiming(&st, &step));
    CHECK_INT(step.elim_count, 6);
    for (int r = 1; r < 3; r++)
        for (int c = 0; c < 3; c++)
            CHECK(tech_has_elim(&step, r * 9 + c, 4));

    tech_blank(&st);
    tech_confine(&st, 0, 4, (const int[]){0, 1, 5, -1});
    CHECK(!human_find_claiming(&st, &step));
}

/* SE's direct forms: the hidden single must appear in a unit of the
 * pattern's own kind (another box for pointing, the unit itself for a
 * hidden subset), not anywhere a removal happens to leave one. */
static void test_direct_techniques(void)
{
    human_state st;
    human_step step;
    /* Box 1: 4 only in r1c1, r1c2 (points along row 1). Box 2: 4 only in
     * r1c4 and r2c4, so the pointing leaves r2c4 as box 2's only 4. */
    tech_blank(&st);
    tech_confine(&st, 18, 4, (const int[]){0, 1, -1});
    tech_confine(&st, 19, 4, (const int[]){3, 12, -1});
    CHECK(human_find_direct_pointing(&st, &step));
    CHECK(step.place);
    CHECK_INT(step.placed.cell, 12);
    CHECK_INT(step.placed.digit, 4);
    CHECK_STR(step.technique, "Direct pointing");

    /* The same pointing leaving a hidden single in column 4 only: not a
     * direct pointing for SE, which looks in the boxes the row crosses. */
    tech_blank(&st);
    tech_confine(&st, 18, 4, (const int[]){0, 1, -1});
    tech_confine(&st, 12, 4, (const int[]){3, 39, -1});
    CHECK(!human_find_direct_pointing(&st, &step));
    CHECK(human_find_pointing(&st, &step));

    /* Row 1: 1 and 2 only in r1c1, r1c2, and 3 only there and in r1c3: the
     * hidden pair leaves r1c3 as row 1's only 3. */
    tech_blank(&st);
    tech_confine(&st, 0, 1, (const int[]){0, 1, -1});
    tech_confine(&st, 0, 2, (const int[]){0, 1, -1});
    tech_confine(&st, 0, 3, (const int[]){0, 1, 2, -1});
    CHECK(human_find_direct_hidden_pair(&st, &step));
    CHECK(step.place);
    CHECK_INT(step.placed.cell, 2);
    CHECK_INT(step.placed.digit, 3);

    /* The same pair whose removal of 5 from r1c1 leaves a hidden single
     * in column 1 only: not direct. */
    tech_blank(&st);
    tech_confine(&st, 0, 1, (const int[]){0, 1, -1});
    tech_confine(&st, 0, 2, (const int[]){0, 1, -1});
    tech_confine(&st, 9, 5, (const int[]){0, 27, -1});
    CHECK(!human_find_direct_hidden_pair(&st, &step));
    CHECK(human_find_hidden_pair(&st, &step));
}

static void test_naked_subsets(void)
{
    human_state st;
    human_step step;
    tech_blank(&st);
    st.cand[0] = st.cand[4] = tech_mask("12");
    CHECK(human_find_naked_pair(&st, &step));
    CHECK_INT(step.elim_count, 14);
    CHECK(tech_has_elim(&step, 8, 1));
    CHECK(tech_has_elim(&step, 1, 2));
    CHECK(!tech_has_elim(&step, 4, 1));

    st.cand[4] = tech_mask("13");
    CHECK(!human_find_naked_pair(&st, &step));

    tech_blank(&st);
    st.cand[9] = tech_mask("12");
    st.cand[36] = tech_mask("23");
    st.cand[72] = tech_mask("13");
    CHECK(!human_find_naked_pair(&st, &step));
    CHECK(human_find_naked_triple(&st, &step));
    CHECK_INT(step.elim_count, 18);
    CHECK(tech_has_elim(&step, 0, 3));
    CHECK(!tech_has_elim(&step, 36, 2));

    st.cand[72] = tech_mask("14");
    CHECK(!human_find_naked_triple(&st, &step));
}

static void test_hidden_subsets(void)
{
    human_state st;
    human_step step;
    tech_blank(&st);
    tech_confine(&st, 0, 1, (const int[]){0, 6, -1});
    tech_confine(&st, 0, 2, (const int[]){0, 6, -1});
    CHECK(human_find_hidden_pair(&st, &step));
    CHECK_INT(step.elim_count, 14);
    CHECK(tech_has_elim(&step, 0, 9));
    CHECK(!tech_has_elim(&step, 6, 1));

    tech_blank(&st);
    tech_confine(&st, 0, 1, (const int[]){0, 6, -1});
    tech_confine(&st, 0, 2, (const int[]){0, 6, 7, -1});
    CHECK(!human_find_hidden_pair(&st, &step));
}

static void test_fish(void)
{
    human_state st;
    human_step step;
    tech_blank(&st);
    tech_confine(&st, 1, 5, (const int[]){10, 13, -1}); /* row 2: c2, c5 */
    tech_confine(&st, 5, 5, (const int[]){46, 49, -1}); /* row 6: c2, c5 */
    CHECK(human_find_x_wing(&st, &step));
    CHECK_INT(step.elim_count, 14);
    CHECK(tech_has_elim(&step, 1, 5));
    CHECK(!tech_has_elim(&step, 46, 5));

    tech_confine(&st, 5, 5, (const int[]){46, 49, 52, -1});
    st.cand[52] |= HUMAN_BIT(5);
    CHECK(!human_find_x_wing(&st, &step));

    tech_blank(&st);
    tech_confine(&st, 0, 7, (const int[]){0, 4, -1});
    tech_confine(&st, 3, 7, (const int[]){31, 35, -1});
    tech_confine(&st, 6, 7, (const int[]){54, 62, -1});
    CHECK(!human_find_x_wing(&st, &step));
    CHECK(human_find_swordfish(&st, &step));
    CHECK_INT(step.elim_count, 18);
    CHECK(tech_has_elim(&step, 9, 7));
    CHECK(!tech_has_elim(&step, 31, 7));

    st.cand[62] &= (uint16_t)~HUMAN_BIT(7);
    st.cand[61] |= HUMAN_BIT(7);
    CHECK(!human_find_swordfish(&st, &step));
}

static void test_wings(void)
{
    human_state st;
    human_step step;
    tech_blank(&st);
    st.cand[0] = tech_mask("12");
    st.cand[4] = tech_mask("13");
    st.cand[36] = tech_mask("23");
    CHECK(human_find_xy_wing(&st, &step));
    CHECK_INT(step.elim_count, 1);
    CHECK(tech_has_elim(&step, 40, 3));

    st.cand[36] = tech_mask("24");
    CHECK(!human_find_xy_wing(&st, &step));

    tech_blank(&st);
    st.cand[0] = tech_mask("123");
    st.cand[4] = tech_mask("13");
    st.cand[10] = tech_mask("23");
    CHECK(human_find_xyz_wing(&st, &step));
    CHECK_INT(step.elim_count, 2);
    CHECK(tech_has_elim(&step, 1, 3));
    CHECK(tech_has_elim(&step, 2, 3));

    st.cand[10] = tech_mask("24");
    CHECK(!human_find_xyz_wing(&st, &step));
}

static void test_unique_rectangle(void)
{
    human_state st;
    human_step step;
    tech_blank(&st);
    st.cand[0] = st.cand[3] = st.cand[9] = tech_mask("12");
    st.cand[12] = tech_mask("125");
    CHECK(human_find_unique_rectangle(&st, &step));
    CHECK_INT(step.elim_count, 2);
    CHECK(tech_has_elim(&step, 12, 1));
    CHECK(tech_has_elim(&step, 12, 2));

    st.cand[9] = tech_mask("126");
    CHECK(!human_find_unique_rectangle(&st, &step));

    /* Type 3: the roofs' extras 3,4 and r2c2 {3,4} make a naked pair in row 2. */
    tech_blank(&st);
    st.cand[0] = st.cand[3] = tech_mask("12");
    st.cand[9] = tech_mask("123");
    st.cand[12] = tech_mask("124");
    st.cand[10] = tech_mask("34");
    CHECK(human_find_unique_rectangle(&st, &step));
    CHECK_STR(step.technique, "Unique rectangle type 3");
    CHECK_INT(step.elim_count, 12);
    CHECK(tech_has_elim(&step, 17, 4));
    CHECK(!tech_has_elim(&step, 10, 3));
    st.cand[10] = tech_mask("35");
    CHECK(!human_find_unique_rectangle(&st, &step));

    /* Four corners in four boxes are no deadly pattern. */
    tech_blank(&st);
    st.cand[0] = st.cand[3] = st.cand[27] = tech_mask("12");
    st.cand[30] = tech_mask("125");
    CHECK(!human_find_unique_rectangle(&st, &step));
}

static void test_aligned_pair_exclusion(void)
{
    human_state st;
    human_step step;
    tech_blank(&st);
    st.cand[0] = tech_mask("12");
    st.cand[1] = tech_mask("23");
    st.cand[2] = tech_mask("13");
    st.cand[10] = tech_mask("23");
    CHECK(human_find_aligned_pair_exclusion(&st, &step));
    CHECK_INT(step.elim_count, 2);
    CHECK(tech_has_elim(&step, 0, 2));
    CHECK(tech_has_elim(&step, 1, 3));

    /* Two bivalue cells alone exclude nothing. */
    st.cand[2] = st.cand[10] = HUMAN_ALL;
    CHECK(!human_find_aligned_pair_exclusion(&st, &step));
}

static void test_length_bonus(void)
{
    CHECK(human_length_bonus(4) == 0.0);
    CHECK(human_length_bonus(6) == 0.0);
    CHECK(human_length_bonus(7) > 0.09 && human_length_bonus(7) < 0.11);
    CHECK(human_length_bonus(10) > 0.19 && human_length_bonus(10) < 0.21);
    CHECK(human_length_bonus(11) > 0.29 && human_length_bonus(11) < 0.31);
}

static const ski_test_case cases[] = {
    {"full_house", test_full_house},
    {"hidden_singles", test_hidden_singles},
    {"naked_single", test_naked_single},
    {"pointing_and_claiming", test_pointing_and_claiming},
    {"direct_techniques", test_direct_techniques},
    {"naked_subsets", test_naked_subsets},
    {"hidden_subsets", test_hidden_subsets},
    {"fish", test_fish},
    {"wings", test_wings},
    {"unique_rectangle", test_unique_rectangle},
    {"aligned_pair_exclusion", test_aligned_pair_exclusion},
    {"length_bonus", test_length_bonus},
};

SK_TEST_MAIN(cases)
