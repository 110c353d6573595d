/* Tests of the human rater's chain tiers on hand-made positions. */
#include "check.h"
#include "human_chaining.h"

#include <stdio.h>
#include <stdlib.h>

static human_tables chain_tables;

/* An empty grid: every cell empty, every candidate present. */
static void chain_blank(human_state *st)
{
    human_tables_init(&chain_tables);
    st->t = &chain_tables;
    st->empty = 81;
    for (int c = 0; c < 81; c++) {
        st->cand[c] = 0x1FF;
        st->value[c] = 0;
    }
}

/* Remove d from every cell of unit u but the two given ones. */
static void chain_pair(human_state *st, int u, int d, int keep1, int keep2)
{
    for (int i = 0; i < 9; i++) {
        int c = chain_tables.unit_cells[u][i];
        if (c != keep1 && c != keep2)
            st->cand[c] &= (uint16_t)~HUMAN_BIT(d);
    }
}

/* The step's chains as data, in nested notation. */
static const char *chain_text(const human_step *step)
{
    static char text[4096];
    human_step_nested_text(step, text, sizeof text);
    return text;
}

static bool chain_has_elim(const human_step *step, int cell, int d)
{
    for (int i = 0; i < step->elim_count; i++)
        if (step->elim[i].cell == cell && step->elim[i].digit == d)
            return true;
    return false;
}

/* Run one chain tier on st. */
static bool chain_tier(const human_state *st, human_tier tier, human_step *step)
{
    human_budget bud = {0};
    void *scratch = human_chain_scratch_new();
    bool found = human_find_chain(st, tier, &bud, scratch, step);
    human_chain_scratch_free(scratch);
    return found;
}

/* 5 is confined to r1c5/r6c5 in column 5 and to r6c2/r2c2 in column 2:
 * r1c1=5 -> r2c2<>5 -> r6c2=5 -> r6c5<>5 -> r1c5=5 -> r1c1<>5, a forcing
 * X-chain of six facts: 6.6. */
static void test_forcing_x_chain(void)
{
    human_state st;
    human_step step;
    chain_blank(&st);
    chain_pair(&st, 13, 5, 4, 49);
    chain_pair(&st, 10, 5, 46, 10);
    CHECK(chain_tier(&st, HUMAN_TIER_FORCING, &step));
    CHECK_INT(step.chain_count, 1);
    CHECK_STR(chain_text(&step), "r1c1=5 -> r2c2<>5 -> r6c2=5 -> r6c5<>5 -> r1c5=5 -> r1c1<>5");
    /* Each link with the house that makes it: box 1, column 2, row 6, column 5, row 1. */
    CHECK(step.vias);
    CHECK_INT(step.nodes[0].via, HUMAN_VIA_NONE);
    CHECK_INT(step.nodes[1].via, 18);
    CHECK_INT(step.nodes[2].via, 10);
    CHECK_INT(step.nodes[3].via, 5);
    CHECK_INT(step.nodes[4].via, 13);
    CHECK_INT(step.nodes[5].via, 0);
    CHECK_STR(step.technique, "Forcing X-chain");
    CHECK(step.rating > 6.59 && step.rating < 6.61);
    CHECK(!step.place);
    CHECK_INT(step.elim_count, 1);
    CHECK(chain_has_elim(&step, 0, 5));

    /* One strong link alone makes no chain. */
    chain_blank(&st);
    chain_pair(&st, 13, 5, 4, 49);
    CHECK(!chain_tier(&st, HUMAN_TIER_FORCING, &step));
}

/* Bivalue cells r1c1 {1,2}, r1c5 {2,3}, r5c5 {3,4}, r5c1 {1,4} close a
 * Y-cycle of eight facts (6.6): each of its digits goes from the rest of
 * the unit joining its two cells. */
static void test_y_cycle(void)
{
    human_state st;
    human_step step;
    chain_blank(&st);
    st.cand[0] = HUMAN_BIT(1) | HUMAN_BIT(2);
    st.cand[4] = HUMAN_BIT(2) | HUMAN_BIT(3);
    st.cand[40] = HUMAN_BIT(3) | HUMAN_BIT(4);
    st.cand[36] = HUMAN_BIT(1) | HUMAN_BIT(4);
    CHECK(chain_tier(&st, HUMAN_TIER_FORCING, &step));
    CHECK_INT(step.chain_count, 1);
    CHECK_STR(chain_text(&step), "r1c1=1 -> r5c1<>1 -> r5c1=4 -> r5c5<>4 -> r5c5=3 -> r1c5<>3 -> r1c5=2 -> "
                                 "r1c1<>2 -> r1c1=1");
    CHECK_STR(step.technique, "Y-cycle");
    CHECK(step.rating > 6.59 && step.rating < 6.61);
    CHECK_INT(step.elim_count, 28);
    CHECK(chain_has_elim(&step, 9, 1));   /* r2c1, column 1 */
    CHECK(chain_has_elim(&step, 8, 2));   /* r1c9, row 1 */
    CHECK(chain_has_elim(&step, 76, 3));  /* r9c5, column 5 */
    CHECK(chain_has_elim(&step, 44, 4));  /* r5c9, row 5 */
    CHECK(!chain_has_elim(&step, 10, 1)); /* r2c2 sees only r1c1 */

    /* Open the loop (r5c1 takes a third digit): no cycle, and nothing else. */
    st.cand[36] |= HUMAN_BIT(9);
    CHECK(!chain_tier(&st, HUMAN_TIER_FORCING, &step));
}

/* 5 is in row 2 only in r2c1-r2c3: assuming r1c1=5 (or any 5 of box 1
 * outside row 2) leaves row 2 without a 5. SE's nishio: r1c1=5 makes
 * r2c1, r2c2, r2c3 <> 5; r2c1 and r2c2 off make r2c3 = 5 (4 facts with
 * the start) against r2c3 <> 5 (2 facts): 6 facts, 7.5. */
static void test_nishio(void)
{
    human_state st;
    human_step step;
    chain_blank(&st);
    for (int c = 12; c < 18; c++)
        st.cand[c] &= (uint16_t)~HUMAN_BIT(5);
    CHECK(chain_tier(&st, HUMAN_TIER_NISHIO, &step));
    CHECK_INT(step.chain_count, 2);
    CHECK_STR(chain_text(&step), "r1c1=5 [-> r2c1<>5] -> r2c2<>5 -> r2c3=5; r1c1=5 -> r2c3<>5");
    CHECK_STR(step.technique, "Nishio forcing chain");
    CHECK(step.rating > 7.49 && step.rating < 7.51);
    CHECK_INT(step.elim_count, 1);
    CHECK(chain_has_elim(&step, 0, 5));

    /* With one more place for 5 in row 2, no single 5 breaks the grid. */
    st.cand[12] |= HUMAN_BIT(5);
    CHECK(!chain_tier(&st, HUMAN_TIER_NISHIO, &step));
}

/* r1c1 {1,2,3}, r1c2 {1,4}, r1c3 {2,4}, r1c4 {3,4}: whichever digit r1c1
 * holds, one of r1c2-r1c4 is 4, so the rest of row 1 loses 4. A cell
 * forcing chain of three branches of four facts: 12 facts, 8.3. */
static void test_cell_forcing_chain(void)
{
    human_state st;
    human_step step;
    chain_blank(&st);
    st.cand[0] = HUMAN_BIT(1) | HUMAN_BIT(2) | HUMAN_BIT(3);
    st.cand[1] = HUMAN_BIT(1) | HUMAN_BIT(4);
    st.cand[2] = HUMAN_BIT(2) | HUMAN_BIT(4);
    st.cand[3] = HUMAN_BIT(3) | HUMAN_BIT(4);
    CHECK(chain_tier(&st, HUMAN_TIER_MULTIPLE, &step));
    CHECK_INT(step.chain_count, 3);
    CHECK_STR(chain_text(&step), "r1c1=1 -> r1c2<>1 -> r1c2=4 -> r1c5<>4; r1c1=2 -> r1c3<>2 -> r1c3=4 -> r1c5<>4; "
                                 "r1c1=3 -> r1c4<>3 -> r1c4=4 -> r1c5<>4");
    CHECK_STR(step.technique, "Cell/region forcing chains");
    CHECK(step.rating > 8.29 && step.rating < 8.31);
    CHECK_INT(step.elim_count, 1);
    CHECK(chain_has_elim(&step, 4, 4));

    /* r1c4 {3,5}: the branch r1c1=3 no longer leads to a 4 in row 1. */
    st.cand[3] = HUMAN_BIT(3) | HUMAN_BIT(5);
    CHECK(!chain_tier(&st, HUMAN_TIER_MULTIPLE, &step));
}

/* r1c2 and r1c3 hold {1,3} (a naked pair) and r1c1 {1,2}: r1c1=1 makes
 * both of them 3 by naked singles, a contradiction the dynamic tier
 * finds; it concludes r1c1 <> 1, that is r1c1 = 2. */
static void test_dynamic_forcing_chain(void)
{
    human_state st;
    human_step step;
    chain_blank(&st);
    st.cand[0] = HUMAN_BIT(1) | HUMAN_BIT(2);
    st.cand[1] = HUMAN_BIT(1) | HUMAN_BIT(3);
    st.cand[2] = HUMAN_BIT(1) | HUMAN_BIT(3);
    CHECK(chain_tier(&st, HUMAN_TIER_DYNAMIC, &step));
    CHECK_INT(step.chain_count, 2);
    CHECK_STR(chain_text(&step), "r1c2=1 -> r1c1<>1; r1c2=3 -> r1c3<>3 -> r1c3=1 -> r1c1<>1");
    /* r1c3=1 because r1c3 holds nothing else but 3: a link within the cell. */
    CHECK_INT(step.nodes[step.chain_start[1] + 2].via, HUMAN_VIA_CELL);
    CHECK(step.rating >= 8.5 && step.rating < 9.0);
    CHECK(step.place ? step.placed.cell == 0 && step.placed.digit == 2
                     : step.elim_count == 1 && chain_has_elim(&step, 0, 1));

    /* r1c3 {1,3,4}: nothing is forced any more. */
    st.cand[2] |= HUMAN_BIT(4);
    CHECK(!chain_tier(&st, HUMAN_TIER_DYNAMIC, &step));
}

/* Run one chain tier on st with at most cap hints kept for each rule run
 * inside a branch; the budget used goes to bud. */
static bool chain_tier_capped(const human_state *st, human_tier tier, int cap, human_budget *bud,
                              human_step *step)
{
    human_depth *scratch = human_chain_scratch_new();
    for (human_depth *d = scratch; d; d = d->next)
        d->hints_cap = cap;
    bool found = human_find_chain(st, tier, bud, scratch, step);
    human_chain_scratch_free(scratch);
    return found;
}

/* Rules run inside the branches of the 9.0 tier find more than one hint
 * on a nearly empty grid: with one hint kept, the search stops there and
 * says so (the budget is spent, the rating a lower bound), instead of
 * going on without the hints it dropped. */
static void test_hints_cap_lower_bound(void)
{
    human_state st;
    human_step step;
    chain_blank(&st);
    st.cand[0] = HUMAN_BIT(1) | HUMAN_BIT(2);
    st.cand[1] = HUMAN_BIT(1) | HUMAN_BIT(3);
    st.cand[2] = HUMAN_BIT(1) | HUMAN_BIT(3) | HUMAN_BIT(4);
    human_budget full = {0}, capped = {0};
    chain_tier_capped(&st, HUMAN_TIER_DYNAMIC_PLUS, 16384, &full, &step);
    CHECK(!full.expired);
    CHECK(!chain_tier_capped(&st, HUMAN_TIER_DYNAMIC_PLUS, 1, &capped, &step));
    CHECK(capped.expired);
    CHECK(capped.used <= full.used);
}

static const ski_test_case cases[] = {
    {"forcing_x_chain", test_forcing_x_chain},
    {"y_cycle", test_y_cycle},
    {"nishio", test_nishio},
    {"cell_forcing_chain", test_cell_forcing_chain},
    {"dynamic_forcing_chain", test_dynamic_forcing_chain},
    {"hints_cap_lower_bound", test_hints_cap_lower_bound},
};

SK_TEST_MAIN(cases)
