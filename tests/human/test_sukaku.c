/* Tests of Sukaku Explainer's extra techniques in the human rater (option
 * techniques=sukaku): strong-link chains and WXYZ-/VWXYZ-wings on hand-made candidate
 * positions, with Sukaku Explainer's ratings, and the option itself. */
#include "check.h"
#include "human.h"

#include <stdbool.h>
#include <string.h>

const sk_plugin *SK_PLUGIN_ENTRY(void);

static human_tables su_tables;

/* An empty grid: every cell empty, every candidate present. */
static void su_blank(human_state *st)
{
    human_tables_init(&su_tables);
    st->t = &su_tables;
    st->empty = 81;
    for (int c = 0; c < 81; c++) {
        st->cand[c] = HUMAN_ALL;
        st->value[c] = 0;
    }
}

static int su_cell(int row, int col)
{
    return (row - 1) * 9 + col - 1;
}

static uint16_t su_mask(const char *digits)
{
    uint16_t m = 0;
    for (; *digits; digits++)
        m |= HUMAN_BIT(*digits - '0');
    return m;
}

/* Leave d in unit u only at the listed cells (-1 ends the list). */
static void su_confine(human_state *st, int u, int d, const int *keep)
{
    for (int i = 0; i < 9; i++) {
        int c = su_tables.unit_cells[u][i];
        bool kept = false;
        for (const int *k = keep; *k >= 0; k++)
            kept |= *k == c;
        if (!kept)
            st->cand[c] &= (uint16_t)~HUMAN_BIT(d);
    }
}

static bool su_has_elim(const human_step *step, int cell, int d)
{
    for (int i = 0; i < step->elim_count; i++)
        if (step->elim[i].cell == cell && step->elim[i].digit == d)
            return true;
    return false;
}

static bool su_rated(const human_step *step, double rating)
{
    return step->rating > rating - 0.001 && step->rating < rating + 0.001;
}

/* Units: rows 0..8, columns 9..17, boxes 18..26. */
#define ROW(n) ((n)-1)
#define COL(n) (8 + (n))
#define BOX(n) (17 + (n))

/* Columns 1 and 4 hold 5 twice each, r7c1 and r7c4 in one row: a skyscraper. r1c1 or
 * r2c4 is 5. */
static void su_skyscraper(human_state *st)
{
    su_blank(st);
    su_confine(st, COL(1), 5, (const int[]){su_cell(1, 1), su_cell(7, 1), -1});
    su_confine(st, COL(4), 5, (const int[]){su_cell(2, 4), su_cell(7, 4), -1});
}

static void test_skyscraper(void)
{
    human_state st;
    human_step step;
    su_skyscraper(&st);
    CHECK(human_find_two_strong_links(&st, &step));
    CHECK_STR(step.technique, "Skyscraper");
    CHECK(su_rated(&step, 4.0));
    CHECK_INT(step.elim_count, 4);
    CHECK(su_has_elim(&step, su_cell(2, 2), 5));
    CHECK(su_has_elim(&step, su_cell(2, 3), 5));
    CHECK(su_has_elim(&step, su_cell(1, 5), 5));
    CHECK(su_has_elim(&step, su_cell(1, 6), 5));
    CHECK(!step.place);
    CHECK(strstr(step.text, "column 1") && strstr(step.text, "column 4"));

    /* With nothing to remove, no chain of two links applies. */
    for (int c = 0; c < step.elim_count; c++)
        st.cand[step.elim[c].cell] &= (uint16_t)~HUMAN_BIT(5);
    CHECK(!human_find_two_strong_links(&st, &step));

    /* Joined by row 1 instead: r7c1 or r8c4 is 5. */
    su_blank(&st);
    su_confine(&st, COL(1), 5, (const int[]){su_cell(1, 1), su_cell(7, 1), -1});
    su_confine(&st, COL(4), 5, (const int[]){su_cell(1, 4), su_cell(8, 4), -1});
    CHECK(human_find_two_strong_links(&st, &step));
    CHECK_STR(step.technique, "Skyscraper");
    CHECK_INT(step.elim_count, 4);
    CHECK(su_has_elim(&step, su_cell(7, 5), 5));
    CHECK(su_has_elim(&step, su_cell(7, 6), 5));
    CHECK(su_has_elim(&step, su_cell(8, 2), 5));
    CHECK(su_has_elim(&step, su_cell(8, 3), 5));
}

/* Row 3 holds 5 at r3c2 and r3c7, column 1 at r2c1 and r8c1; r3c2 and r2c1 share box
 * 1: a 2-string kite, r3c7 or r8c1 is 5, so r8c7 loses 5. */
static void test_two_string_kite(void)
{
    human_state st;
    human_step step;
    su_blank(&st);
    su_confine(&st, ROW(3), 5, (const int[]){su_cell(3, 2), su_cell(3, 7), -1});
    su_confine(&st, COL(1), 5, (const int[]){su_cell(2, 1), su_cell(8, 1), -1});
    CHECK(human_find_two_strong_links(&st, &step));
    CHECK_STR(step.technique, "2-string kite");
    CHECK(su_rated(&step, 4.1));
    CHECK_INT(step.elim_count, 1);
    CHECK(su_has_elim(&step, su_cell(8, 7), 5));
}

/* Box 7 holds 7 at r7c2 and r9c3 (not in one line), row 1 at r1c2 and r1c7: a turbot
 * fish through column 2; r9c3 or r1c7 is 7, so r9c7 loses it. */
static void test_turbot_fish(void)
{
    human_state st;
    human_step step;
    su_blank(&st);
    su_confine(&st, BOX(7), 7, (const int[]){su_cell(7, 2), su_cell(9, 3), -1});
    su_confine(&st, ROW(1), 7, (const int[]){su_cell(1, 2), su_cell(1, 7), -1});
    CHECK(human_find_two_strong_links(&st, &step));
    CHECK_STR(step.technique, "Turbot fish");
    CHECK(su_rated(&step, 4.1));
    CHECK_INT(step.elim_count, 1);
    CHECK(su_has_elim(&step, su_cell(9, 7), 7));

    /* Two places of a box in one row make no box link (Sukaku Explainer's rule). */
    su_blank(&st);
    su_confine(&st, BOX(7), 7, (const int[]){su_cell(7, 2), su_cell(7, 3), -1});
    su_confine(&st, ROW(1), 7, (const int[]){su_cell(1, 2), su_cell(1, 7), -1});
    CHECK(!human_find_two_strong_links(&st, &step) || step.rating > 4.25);
}

/* Box 1 holds 5 in its first row (r1c2, r1c3) and first column (r2c1, r3c1), not at
 * r1c1: a grouped link. Column 7 holds 5 at r1c7 and r6c7. r2c1/r3c1 or r6c7 is 5,
 * so r6c1 loses it. */
static void test_grouped_turbot(void)
{
    human_state st;
    human_step step;
    su_blank(&st);
    su_confine(&st, BOX(1), 5,
               (const int[]){su_cell(1, 2), su_cell(1, 3), su_cell(2, 1), su_cell(3, 1), -1});
    su_confine(&st, COL(7), 5, (const int[]){su_cell(1, 7), su_cell(6, 7), -1});
    CHECK(human_find_two_strong_links(&st, &step));
    CHECK_STR(step.technique, "Grouped turbot fish");
    CHECK(su_rated(&step, 4.3));
    CHECK_INT(step.elim_count, 1);
    CHECK(su_has_elim(&step, su_cell(6, 1), 5));
}

/* Columns 1, 4 and 7 hold 5 twice each, joined by rows 5 and 8: 3 skyscrapers, r1c1
 * or r2c7 is 5. */
static void test_three_skyscrapers(void)
{
    human_state st;
    human_step step;
    su_blank(&st);
    su_confine(&st, COL(1), 5, (const int[]){su_cell(1, 1), su_cell(5, 1), -1});
    su_confine(&st, COL(4), 5, (const int[]){su_cell(5, 4), su_cell(8, 4), -1});
    su_confine(&st, COL(7), 5, (const int[]){su_cell(8, 7), su_cell(2, 7), -1});
    CHECK(!human_find_two_strong_links(&st, &step) || step.rating > 4.25);
    CHECK(human_find_three_strong_links(&st, &step));
    CHECK_STR(step.technique, "3 skyscrapers");
    CHECK(su_rated(&step, 5.4));
    CHECK_INT(step.elim_count, 4);
    CHECK(su_has_elim(&step, su_cell(1, 8), 5));
    CHECK(su_has_elim(&step, su_cell(1, 9), 5));
    CHECK(su_has_elim(&step, su_cell(2, 2), 5));
    CHECK(su_has_elim(&step, su_cell(2, 3), 5));
}

/* Row 9 (r9c3, r9c6), column 5 (r3c5, r7c5) and column 2 (r3c2, r8c2) hold 8 twice
 * each and close into a loop through box 8, row 3 and box 7: every weak link's unit
 * loses 8 outside the loop. */
static void test_x_loop(void)
{
    human_state st;
    human_step step;
    su_blank(&st);
    su_confine(&st, ROW(9), 8, (const int[]){su_cell(9, 3), su_cell(9, 6), -1});
    su_confine(&st, COL(5), 8, (const int[]){su_cell(3, 5), su_cell(7, 5), -1});
    su_confine(&st, COL(2), 8, (const int[]){su_cell(3, 2), su_cell(8, 2), -1});
    CHECK(human_find_three_strong_links(&st, &step));
    CHECK_STR(step.technique, "X-loop (3 strong links)");
    CHECK(su_rated(&step, 5.5));
    /* Box 8: r7c4, r7c6, r8c4, r8c6; row 3: seven cells; box 7: r7c1, r7c3, r8c1, r8c3. */
    CHECK_INT(step.elim_count, 15);
    CHECK(su_has_elim(&step, su_cell(7, 6), 8));
    CHECK(su_has_elim(&step, su_cell(3, 9), 8));
    CHECK(su_has_elim(&step, su_cell(8, 1), 8));
    CHECK(!su_has_elim(&step, su_cell(9, 4), 8)); /* in the loop's row 9 */
}

/* r1c1 {1,2}, r1c2 {1,3}, r1c3 {2,3,4}: three cells, four digits. r4c3 {1,4} sees the
 * only 4 (r1c3) but not the 1s: 1 is in r4c3 or in r1c1/r1c2. */
static void test_wxyz_wing(void)
{
    human_state st;
    human_step step;
    su_blank(&st);
    st.cand[su_cell(1, 1)] = su_mask("12");
    st.cand[su_cell(1, 2)] = su_mask("13");
    st.cand[su_cell(1, 3)] = su_mask("234");
    st.cand[su_cell(4, 3)] = su_mask("14");
    CHECK(human_find_wxyz_wing(&st, &step));
    CHECK_STR(step.technique, "WXYZ-wing");
    CHECK(su_rated(&step, 5.6)); /* largest cell of three candidates */
    CHECK_INT(step.elim_count, 2);
    CHECK(su_has_elim(&step, su_cell(2, 3), 1));
    CHECK(su_has_elim(&step, su_cell(3, 3), 1));
    CHECK_INT(step.cell_count, 4);

    /* A cell of four candidates: 5.5. */
    st.cand[su_cell(1, 3)] = su_mask("1234");
    CHECK(human_find_wxyz_wing(&st, &step));
    CHECK(su_rated(&step, 5.5));

    /* Pincer r4c1 {2,4} sees one 2 of two and no 4: nothing linked. */
    st.cand[su_cell(1, 3)] = su_mask("234");
    st.cand[su_cell(4, 3)] = HUMAN_ALL;
    st.cand[su_cell(4, 1)] = su_mask("24");
    CHECK(!human_find_wxyz_wing(&st, &step));
}

/* Pincer r2c2 {1,4} sees every cell of the set: both digits linked, so the set holds 2
 * and 3 for sure and cells seeing their places lose them. */
static void test_wxyz_wing_double(void)
{
    human_state st;
    human_step step;
    su_blank(&st);
    st.cand[su_cell(1, 1)] = su_mask("12");
    st.cand[su_cell(1, 2)] = su_mask("13");
    st.cand[su_cell(1, 3)] = su_mask("234");
    st.cand[su_cell(2, 2)] = su_mask("14");
    CHECK(human_find_wxyz_wing(&st, &step));
    CHECK(su_rated(&step, 5.6));
    CHECK(su_has_elim(&step, su_cell(1, 9), 2));  /* sees r1c1 and r1c3 */
    CHECK(su_has_elim(&step, su_cell(1, 9), 3));  /* sees r1c2 and r1c3 */
    CHECK(su_has_elim(&step, su_cell(3, 1), 1));  /* sees r2c2, r1c1, r1c2 */
    CHECK(su_has_elim(&step, su_cell(2, 3), 4));  /* sees r2c2 and r1c3 */
    CHECK(!su_has_elim(&step, su_cell(1, 9), 1)); /* does not see r2c2 */
    CHECK(!su_has_elim(&step, su_cell(5, 2), 2));
}

/* r1c1 {1,2}, r1c2 {1,3}, r1c3 {2,3,4}, r1c4 {4,5}: four cells, five digits. r2c3
 * {1,5} sees both 1s but not the 5 (r1c4): 5 is in r2c3 or r1c4. */
static void test_vwxyz_wing(void)
{
    human_state st;
    human_step step;
    su_blank(&st);
    st.cand[su_cell(1, 1)] = su_mask("12");
    st.cand[su_cell(1, 2)] = su_mask("13");
    st.cand[su_cell(1, 3)] = su_mask("234");
    st.cand[su_cell(1, 4)] = su_mask("45");
    st.cand[su_cell(2, 3)] = su_mask("15");
    CHECK(!human_find_wxyz_wing(&st, &step));
    CHECK(human_find_vwxyz_wing(&st, &step));
    CHECK_STR(step.technique, "VWXYZ-wing");
    CHECK(su_rated(&step, 6.4));
    CHECK_INT(step.elim_count, 3);
    CHECK(su_has_elim(&step, su_cell(2, 4), 5));
    CHECK(su_has_elim(&step, su_cell(2, 5), 5));
    CHECK(su_has_elim(&step, su_cell(2, 6), 5));
    CHECK_INT(step.cell_count, 5);

    /* Without the pincer, nothing. */
    st.cand[su_cell(2, 3)] = HUMAN_ALL;
    CHECK(!human_find_vwxyz_wing(&st, &step));
}

/* Rate one puzzle with the plugin's rater and the given techniques option. */
static double su_rate(const char *puzzle, const char *techniques, char *hardest, size_t len)
{
    const sk_strategy *strategy = SK_PLUGIN_ENTRY()->strategies[0];
    sk_option option = {"techniques", techniques};
    char err[256];
    void *rater = strategy->create(NULL, &option, 1, err, sizeof err);
    CHECK(rater != NULL);
    if (!rater)
        return -1;
    sk_grid grid;
    for (int c = 0; c < 81; c++)
        grid.cells[c] = (uint8_t)(puzzle[c] >= '1' && puzzle[c] <= '9' ? puzzle[c] - '0' : 0);
    sk_rating rating = {.struct_size = sizeof rating};
    CHECK_INT(strategy->rate(rater, &grid, &rating, NULL, NULL, err, sizeof err), SK_OK);
    snprintf(hardest, len, "%s", rating.hardest);
    strategy->destroy(rater);
    return rating.score;
}

static void test_option(void)
{
    const sk_strategy *strategy = SK_PLUGIN_ENTRY()->strategies[0];
    char err[256] = "";
    sk_option bad = {"techniques", "hodoku2"};
    CHECK(strategy->create(NULL, &bad, 1, err, sizeof err) == NULL);
    CHECK(strstr(err, "bad techniques 'hodoku2'") != NULL);
    sk_option unknown = {"colour", "red"};
    CHECK(strategy->create(NULL, &unknown, 1, err, sizeof err) == NULL);
    CHECK(strstr(err, "techniques=se|sukaku") != NULL);
    CHECK(strstr(strategy->options_help, "techniques=se|sukaku") != NULL);

    /* Sukaku Explainer rates these 4.0 (a skyscraper) and 5.5 (a WXYZ-wing); SE's own
     * techniques need more. */
    static const char *const skyscraper =
        "040000000086100034001500260000305840000040000058902000095008300160009450000000010";
    static const char *const wxyz =
        "007000500000080000900070001025108930003000600009000200000503000700000006010207040";
    char hardest[64];
    double sukaku = su_rate(skyscraper, "sukaku", hardest, sizeof hardest);
    CHECK(sukaku > 3.999 && sukaku < 4.001);
    CHECK_STR(hardest, "Skyscraper");
    CHECK(su_rate(skyscraper, "se", hardest, sizeof hardest) > 4.001);
    CHECK(strcmp(hardest, "Skyscraper") != 0);
    sukaku = su_rate(wxyz, "sukaku", hardest, sizeof hardest);
    CHECK(sukaku > 5.499 && sukaku < 5.501);
    CHECK_STR(hardest, "WXYZ-wing");
    CHECK(su_rate(wxyz, "se", hardest, sizeof hardest) > 5.501);
}

static const ski_test_case cases[] = {
    {"skyscraper", test_skyscraper},
    {"two_string_kite", test_two_string_kite},
    {"turbot_fish", test_turbot_fish},
    {"grouped_turbot", test_grouped_turbot},
    {"three_skyscrapers", test_three_skyscrapers},
    {"x_loop", test_x_loop},
    {"wxyz_wing", test_wxyz_wing},
    {"wxyz_wing_double", test_wxyz_wing_double},
    {"vwxyz_wing", test_vwxyz_wing},
    {"option", test_option},
};

SK_TEST_MAIN(cases)
