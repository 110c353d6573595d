/* Tests of the human rater's uniqueness techniques (unique rectangles and loops, bivalue
 * universal grave) on hand-made candidate positions, with Sudoku Explainer's ratings. */
#include "check.h"
#include "human.h"

#include <stdbool.h>

static human_tables uq_tables;

static uint16_t uq_mask(const char *digits)
{
    uint16_t m = 0;
    for (; *digits; digits++)
        m |= HUMAN_BIT(*digits - '0');
    return m;
}

/* An empty grid where the digits of pair are candidates only in the n cells
 * given, which hold just the pair; every other candidate is everywhere. */
static void uq_loop(human_state *st, const int *cells, int n, const char *pair)
{
    human_tables_init(&uq_tables);
    st->t = &uq_tables;
    st->empty = 81;
    for (int c = 0; c < 81; c++) {
        st->cand[c] = HUMAN_ALL & (uint16_t)~uq_mask(pair);
        st->value[c] = 0;
    }
    for (int i = 0; i < n; i++)
        st->cand[cells[i]] = uq_mask(pair);
}

static bool uq_has_elim(const human_step *step, int cell, int d)
{
    for (int i = 0; i < step->elim_count; i++)
        if (step->elim[i].cell == cell && step->elim[i].digit == d)
            return true;
    return false;
}

static bool uq_rating(const human_step *step, double rating)
{
    return step->rating > rating - 0.001 && step->rating < rating + 0.001;
}

/* A 6-cell loop: r1c1-r1c5 (row 1), r3c5 (column 5 and box 2), r3c8 (row 3),
 * r2c8 (column 8 and box 3), r2c1 (row 2), back by column 1 and box 1. */
static const int uq_six[6] = {0, 4, 22, 25, 16, 9};
/* An 8-cell loop through boxes 1, 4, 7 and 8, two cells in each. */
static const int uq_eight[8] = {0, 1, 28, 29, 56, 57, 66, 63};
/* A 10-cell loop. */
static const int uq_ten[10] = {0, 1, 28, 29, 56, 57, 12, 13, 67, 63};

static void test_loop_type1(void)
{
    human_state st;
    human_step step;
    uq_loop(&st, uq_six, 6, "47");
    st.cand[25] = uq_mask("479");
    CHECK(human_find_unique_rectangle(&st, &step));
    CHECK_STR(step.technique, "Unique loop type 1");
    CHECK(uq_rating(&step, 4.6));
    CHECK_INT(step.elim_count, 2);
    CHECK(uq_has_elim(&step, 25, 4));
    CHECK(uq_has_elim(&step, 25, 7));
    CHECK_INT(step.cell_count, 6);
    const char *walk = "Unique loop r1c1-r2c1-r2c8-r3c8-r3c5-r1c5 on 4/7: ";
    CHECK(strncmp(step.text, walk, strlen(walk)) == 0);

    uq_loop(&st, uq_eight, 8, "12");
    st.cand[66] = uq_mask("123");
    CHECK(human_find_unique_rectangle(&st, &step));
    CHECK(uq_rating(&step, 4.7));
    CHECK_INT(step.elim_count, 2);
    CHECK(uq_has_elim(&step, 66, 1));
    CHECK(uq_has_elim(&step, 66, 2));

    uq_loop(&st, uq_ten, 10, "12");
    st.cand[12] = uq_mask("1239");
    CHECK(human_find_unique_rectangle(&st, &step));
    CHECK(uq_rating(&step, 5.0));
    CHECK_INT(step.elim_count, 2);
    CHECK(uq_has_elim(&step, 12, 1));
    CHECK(uq_has_elim(&step, 12, 2));

    /* A rectangle: 4.5. */
    uq_loop(&st, (const int[]){0, 3, 9, 12}, 4, "12");
    st.cand[12] = uq_mask("125");
    CHECK(human_find_unique_rectangle(&st, &step));
    CHECK_STR(step.technique, "Unique rectangle type 1");
    CHECK(uq_rating(&step, 4.5));
    CHECK_INT(step.elim_count, 2);
}

static void test_loop_type2(void)
{
    human_state st;
    human_step step;
    /* Rectangle r1c1, r1c4, r2c1, r2c4: the r2 corners both have 5; row 2
     * loses 5. SE rates type 2 as the loop, 4.5. */
    uq_loop(&st, (const int[]){0, 3, 9, 12}, 4, "12");
    st.cand[9] = st.cand[12] = uq_mask("125");
    CHECK(human_find_unique_rectangle(&st, &step));
    CHECK_STR(step.technique, "Unique rectangle type 2");
    CHECK(uq_rating(&step, 4.5));
    CHECK_INT(step.elim_count, 7);
    for (int c = 10; c < 18; c++)
        CHECK(uq_has_elim(&step, c, 5) == (c != 12));

    /* Three loop cells with the extra 9: only r3c4 and r3c6 see them all. */
    uq_loop(&st, uq_six, 6, "47");
    st.cand[4] = st.cand[22] = st.cand[25] = uq_mask("479");
    CHECK(human_find_unique_rectangle(&st, &step));
    CHECK_STR(step.technique, "Unique loop type 2");
    CHECK(uq_rating(&step, 4.6));
    CHECK_INT(step.elim_count, 2);
    CHECK(uq_has_elim(&step, 21, 9));
    CHECK(uq_has_elim(&step, 23, 9));

    /* Three cells with extras that are not one same digit: nothing. */
    st.cand[25] = uq_mask("478");
    CHECK(!human_find_unique_rectangle(&st, &step));
}

static void test_loop_type3_naked(void)
{
    human_state st;
    human_step step;
    /* r1c1 {4,7,3} and r1c5 {4,7,5}: one of them is 3 or 5, a naked pair
     * with r1c2 {3,5}; 4 and 7 have other places in row 1 (no type 4). */
    uq_loop(&st, uq_six, 6, "47");
    st.cand[0] = uq_mask("347");
    st.cand[4] = uq_mask("457");
    st.cand[1] = uq_mask("35");
    st.cand[6] = uq_mask("489");
    st.cand[7] = uq_mask("789");
    CHECK(human_find_unique_rectangle(&st, &step));
    CHECK_STR(step.technique, "Unique loop type 3");
    CHECK(uq_rating(&step, 4.7));
    CHECK_INT(step.elim_count, 8);
    for (int c = 2; c < 9; c++) {
        bool full = c != 4 && c != 6 && c != 7;
        CHECK(uq_has_elim(&step, c, 3) == full);
        CHECK(uq_has_elim(&step, c, 5) == full);
    }

    /* No cell completes the set: nothing. */
    st.cand[1] = uq_mask("356");
    CHECK(!human_find_unique_rectangle(&st, &step));
}

static void test_loop_type3_hidden(void)
{
    human_state st;
    human_step step;
    /* Rectangle on 1/2 with r2c1 {1,2,3}, r2c4 {1,2,3,4}; in row 2, 1 and 2
     * are elsewhere only in r2c9: a hidden pair with the rectangle, rated
     * 4.5 (SE counts one cell). */
    uq_loop(&st, (const int[]){0, 3, 9, 12}, 4, "12");
    st.cand[9] = uq_mask("123");
    st.cand[12] = uq_mask("1234");
    st.cand[17] = uq_mask("1268");
    CHECK(human_find_unique_rectangle(&st, &step));
    CHECK_STR(step.technique, "Unique rectangle type 3");
    CHECK(uq_rating(&step, 4.5));
    CHECK_INT(step.elim_count, 2);
    CHECK(uq_has_elim(&step, 17, 6));
    CHECK(uq_has_elim(&step, 17, 8));

    /* A hidden triple 1, 2, 6 in r2c1 (or r2c4), r2c8, r2c9: two cells,
     * rated 4.6. */
    st.cand[16] = uq_mask("1689");
    st.cand[17] = uq_mask("256");
    for (int c = 10; c < 16; c++)
        st.cand[c] &= (uint16_t)~HUMAN_BIT(6);
    CHECK(human_find_unique_rectangle(&st, &step));
    CHECK_STR(step.technique, "Unique rectangle type 3");
    CHECK(uq_rating(&step, 4.6));
    CHECK_INT(step.elim_count, 3);
    CHECK(uq_has_elim(&step, 16, 8));
    CHECK(uq_has_elim(&step, 16, 9));
    CHECK(uq_has_elim(&step, 17, 5));
}

static void test_loop_type4(void)
{
    human_state st;
    human_step step;
    /* Rectangle on 1/2; in row 2, 1 is only in r2c1 and r2c4, so one of
     * them is 1 and neither can be 2. */
    uq_loop(&st, (const int[]){0, 3, 9, 12}, 4, "12");
    st.cand[9] = uq_mask("123");
    st.cand[12] = uq_mask("124");
    st.cand[16] = uq_mask("25");
    st.cand[17] = uq_mask("26");
    CHECK(human_find_unique_rectangle(&st, &step));
    CHECK_STR(step.technique, "Unique rectangle type 4");
    CHECK(uq_rating(&step, 4.5));
    CHECK_INT(step.elim_count, 2);
    CHECK(uq_has_elim(&step, 9, 2));
    CHECK(uq_has_elim(&step, 12, 2));

    /* 1 in a third place of row 2 too: no lock, nothing. */
    st.cand[15] = uq_mask("15");
    CHECK(!human_find_unique_rectangle(&st, &step));
}

static void test_loop_invalid(void)
{
    human_state st;
    human_step step;
    /* r1c1, r1c4, r4c4, r4c7, r2c7, r2c1: boxes 2, 4 and 5 hold one loop
     * cell each, so SE's parity test fails: no deadly pattern. */
    uq_loop(&st, (const int[]){0, 3, 30, 33, 15, 9}, 6, "12");
    st.cand[30] = uq_mask("123");
    CHECK(!human_find_unique_rectangle(&st, &step));

    /* r1c1, r1c5, r5c5, r5c2, r1c2: an odd loop, row 1 holds three cells. */
    uq_loop(&st, (const int[]){0, 4, 40, 37, 1}, 5, "12");
    st.cand[40] = uq_mask("123");
    CHECK(!human_find_unique_rectangle(&st, &step));

    /* A rectangle whose corners are in four boxes. */
    uq_loop(&st, (const int[]){0, 3, 27, 30}, 4, "12");
    st.cand[30] = uq_mask("125");
    CHECK(!human_find_unique_rectangle(&st, &step));

    /* Two corners with extras that form no type: nothing. */
    uq_loop(&st, (const int[]){0, 3, 9, 12}, 4, "12");
    st.cand[9] = uq_mask("123");
    st.cand[3] = uq_mask("124");
    st.cand[16] = st.cand[17] = st.cand[21] = st.cand[30] = uq_mask("125");
    CHECK(!human_find_unique_rectangle(&st, &step));
}

/* A grave: the solution grid r, c -> (3 (r mod 3) + r / 3 + c) mod 9 + 1
 * with the cells of digits 1 to 5 empty, each holding its digit and the next
 * one (5 -> 1), which is a second solution. Other cells are filled. */
static void uq_grave(human_state *st)
{
    human_tables_init(&uq_tables);
    st->t = &uq_tables;
    st->empty = 0;
    for (int c = 0; c < 81; c++) {
        int r = c / 9, d = (r % 3 * 3 + r / 3 + c % 9) % 9 + 1;
        st->value[c] = d > 5 ? (uint8_t)d : 0;
        st->cand[c] = d > 5 ? 0 : (uint16_t)(HUMAN_BIT(d) | HUMAN_BIT(d % 5 + 1));
        st->empty += d <= 5;
    }
}

static void test_bug(void)
{
    human_state st;
    human_step step;
    uq_grave(&st);
    CHECK(!human_find_bug(&st, &step));

    /* Type 1: r1c1 {1,2} + 3; it is 3. */
    st.cand[0] = uq_mask("123");
    CHECK(human_find_bug(&st, &step));
    CHECK_STR(step.technique, "Bivalue universal grave type 1");
    CHECK(uq_rating(&step, 5.6));
    CHECK(!step.place);
    CHECK_INT(step.elim_count, 2);
    CHECK(uq_has_elim(&step, 0, 1));
    CHECK(uq_has_elim(&step, 0, 2));

    /* A digit out of place with no cell of three candidates: no grave. */
    uq_grave(&st);
    st.cand[0] = uq_mask("1");
    CHECK(!human_find_bug(&st, &step));

    /* Type 2: r1c1 and r6c3 {1,2} both + 3; r1c3 {3,4} and r4c1 {2,3} see
     * both and lose 3. */
    uq_grave(&st);
    st.cand[0] |= HUMAN_BIT(3);
    st.cand[47] |= HUMAN_BIT(3);
    CHECK(st.cand[2] == uq_mask("34") && st.cand[27] == uq_mask("23"));
    CHECK(human_find_bug(&st, &step));
    CHECK_STR(step.technique, "Bivalue universal grave type 2");
    CHECK(uq_rating(&step, 5.7));
    CHECK_INT(step.elim_count, 2);
    CHECK(uq_has_elim(&step, 2, 3));
    CHECK(uq_has_elim(&step, 27, 3));

    /* Type 3: r1c1 {1,2} + 4 and r1c4 {4,5} + 3; one of them holds 3 or 4,
     * a naked pair with r1c3 {3,4}: r1c2 {2,3} loses 3. */
    uq_grave(&st);
    st.cand[0] |= HUMAN_BIT(4);
    st.cand[3] |= HUMAN_BIT(3);
    CHECK(st.cand[2] == uq_mask("34"));
    CHECK(human_find_bug(&st, &step));
    CHECK_STR(step.technique, "Bivalue universal grave type 3");
    CHECK(uq_rating(&step, 5.8));
    CHECK_INT(step.elim_count, 1);
    CHECK(uq_has_elim(&step, 1, 3));

    /* Type 4: r1c1 {1,2} + 3 and r1c2 {2,3} + 4 share 2, which row 1 has
     * nowhere else: one is 2, the other its extra; r1c1 loses 1, r1c2 3. */
    uq_grave(&st);
    st.cand[0] |= HUMAN_BIT(3);
    st.cand[1] |= HUMAN_BIT(4);
    CHECK(human_find_bug(&st, &step));
    CHECK_STR(step.technique, "Bivalue universal grave type 4");
    CHECK(uq_rating(&step, 5.7));
    CHECK_INT(step.elim_count, 2);
    CHECK(uq_has_elim(&step, 0, 1));
    CHECK(uq_has_elim(&step, 1, 3));

    /* r1c9 {6,7,8}: without its out-of-place digits it has none: no grave. */
    uq_grave(&st);
    st.value[8] = 0;
    st.cand[8] = uq_mask("678");
    CHECK(!human_find_bug(&st, &step));
}

static const ski_test_case cases[] = {
    {"loop_type1", test_loop_type1},
    {"loop_type2", test_loop_type2},
    {"loop_type3_naked", test_loop_type3_naked},
    {"loop_type3_hidden", test_loop_type3_hidden},
    {"loop_type4", test_loop_type4},
    {"loop_invalid", test_loop_invalid},
    {"bug", test_bug},
};

SK_TEST_MAIN(cases)
