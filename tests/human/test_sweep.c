/* Sweep test of the human rater: every technique at every step of real puzzles, checked
 * against the true solution. */
#include "check.h"
#include "human.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const sk_plugin *SK_PLUGIN_ENTRY(void);

/* Every finder below the chains, with the name used in failure messages. */
static const struct {
    human_finder find;
    const char *name;
    bool common; /* met in the first 200 17-clue puzzles: must fire */
} sweep_finders[] = {
    {human_find_full_house, "full house", true},
    {human_find_hidden_single_box, "hidden single box", true},
    {human_find_hidden_single_line, "hidden single line", true},
    {human_find_direct_pointing, "direct pointing", true},
    {human_find_direct_claiming, "direct claiming", true},
    {human_find_direct_hidden_pair, "direct hidden pair", true},
    {human_find_naked_single, "naked single", true},
    {human_find_direct_hidden_triple, "direct hidden triple", true},
    {human_find_pointing, "pointing", true},
    {human_find_claiming, "claiming", true},
    {human_find_naked_pair, "naked pair", true},
    {human_find_x_wing, "x-wing", true},
    {human_find_hidden_pair, "hidden pair", true},
    {human_find_naked_triple, "naked triple", true},
    {human_find_swordfish, "swordfish", true},
    {human_find_hidden_triple, "hidden triple", true},
    {human_find_two_strong_links, "2 strong links", true},
    {human_find_xy_wing, "xy-wing", true},
    {human_find_xyz_wing, "xyz-wing", true},
    {human_find_unique_rectangle, "unique rectangle", true},
    {human_find_naked_quad, "naked quad", true},
    {human_find_jellyfish, "jellyfish", false},
    /* SE looks for a hidden quad only in a unit with 9 empty cells (with
     * fewer, the complement is a naked subset found first). */
    {human_find_hidden_quad, "hidden quad", false},
    {human_find_three_strong_links, "3 strong links", true},
    {human_find_wxyz_wing, "wxyz-wing", true},
    {human_find_bug, "bug+1", false},
    {human_find_vwxyz_wing, "vwxyz-wing", true},
    {human_find_aligned_pair_exclusion, "aligned pair exclusion", true},
    {human_find_aligned_triple_exclusion, "aligned triple exclusion", true},
};
#define SWEEP_FINDERS (sizeof sweep_finders / sizeof sweep_finders[0])

typedef struct sweep_run {
    human_tables tables;
    human_state st;
    uint8_t solution[81];
    human_step step;
    void *scratch;
    long fires[SWEEP_FINDERS];
    long tier_fires[HUMAN_TIER_COUNT];
    int tier_checks; /* chain states still to cross-check */
    uint32_t steps;
    double first_rating, max_rating;
    long wrong;
} sweep_run;

/* True when step agrees with the solution; prints what is wrong. */
static bool sweep_sound(const sweep_run *run, const human_step *step)
{
    for (int i = 0; i < step->elim_count; i++)
        if (run->solution[step->elim[i].cell] == step->elim[i].digit) {
            fprintf(stderr, "false elimination by %s: cell %d digit %d (%s)\n", step->technique,
                    step->elim[i].cell, step->elim[i].digit, step->text);
            return false;
        }
    if (step->place && run->solution[step->placed.cell] != step->placed.digit) {
        fprintf(stderr, "false placement by %s (%s)\n", step->technique, step->text);
        return false;
    }
    return step->place || step->elim_count > 0;
}

/* Run every chain tier up to last on the current grid, without a limit,
 * and check what they find. */
static void sweep_tiers(sweep_run *run, human_tier last)
{
    for (int t = 0; t <= (int)last; t++) {
        human_budget bud = {0};
        if (!human_find_chain(&run->st, (human_tier)t, &bud, run->scratch, &run->step))
            continue;
        run->tier_fires[t]++;
        if (!sweep_sound(run, &run->step))
            run->wrong++;
    }
}

static int sweep_on_step(void *user, const sk_step *s)
{
    sweep_run *run = user;
    human_step reported;
    /* Every technique reported is one of the table's. */
    int id = human_technique_find(s->technique);
    CHECK(id >= 0);
    if (id < 0)
        return 1;
    human_step_begin(&reported, (human_technique_id)id, s->rating);
    reported.place = s->kind == SK_STEP_PLACE;
    if (reported.place) {
        CHECK_INT(s->placed_count, 1);
        reported.placed = s->placed[0];
    }
    for (size_t i = 0; i < s->eliminated_count; i++)
        human_step_elim(&reported, s->eliminated[i].cell, s->eliminated[i].digit);
    snprintf(reported.text, sizeof reported.text, "%s", s->explanation);
    CHECK(s->explanation && s->explanation[0]);
    CHECK(s->cell_count > 0);
    if (!sweep_sound(run, &reported))
        run->wrong++;

    for (size_t f = 0; f < SWEEP_FINDERS; f++) {
        if (!sweep_finders[f].find(&run->st, &run->step))
            continue;
        run->fires[f]++;
        if (!sweep_sound(run, &run->step))
            run->wrong++;
    }
    if (s->rating >= 6.5 && run->tier_checks > 0) {
        run->tier_checks--;
        sweep_tiers(run, HUMAN_TIER_DYNAMIC_PLUS);
    }
    if (run->steps == 0)
        run->first_rating = s->rating;
    if (s->rating > run->max_rating)
        run->max_rating = s->rating;
    run->steps++;
    human_state_apply(&run->st, &reported);
    return 0;
}

/* Rate the first count puzzles of a data file with effort chain steps
 * each; check every step and, when the rating is complete, the end grid. */
static void sweep_file(sweep_run *run, const char *file, int count, const char *effort,
                       int *complete)
{
    const char *dir = getenv("SUDOKIT_DATA");
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir ? dir : ".", file);
    FILE *in = fopen(path, "r");
    CHECK(in != NULL);
    if (!in)
        return;
    const sk_strategy *strategy = SK_PLUGIN_ENTRY()->strategies[0];
    sk_option option = {"effort", effort};
    char err[256];
    void *rater = strategy->create(NULL, &option, 1, err, sizeof err);
    CHECK(rater != NULL);
    char line[256];
    int done = 0;
    while (rater && done < count && fgets(line, sizeof line, in)) {
        sk_grid grid;
        if (line[0] == '#' || strlen(line) < 81)
            continue;
        for (int c = 0; c < 81; c++)
            grid.cells[c] = (uint8_t)(line[c] >= '1' && line[c] <= '9' ? line[c] - '0' : 0);
        CHECK(human_state_from_grid(&run->st, &run->tables, &grid));
        CHECK_INT(human_solve_count(&run->st, 2, run->solution), 1);
        run->steps = 0;
        run->max_rating = 0;
        run->first_rating = 0;
        sk_rating rating = {.struct_size = sizeof rating};
        int rc = strategy->rate(rater, &grid, &rating, sweep_on_step, run, err, sizeof err);
        CHECK_INT(rc, SK_OK);
        if (rc != SK_OK)
            fprintf(stderr, "%s: %s\n", file, err);
        CHECK_INT(rating.steps, run->steps);
        if (run->steps > 0)
            CHECK(rating.first_step == run->first_rating);
        CHECK(rating.first_placement <= rating.score);
        CHECK(rating.level >= 1 && rating.level <= 5);
        if (!rating.score_is_lower_bound) {
            (*complete)++;
            CHECK(rating.score == run->max_rating);
            CHECK_INT(run->st.empty, 0);
            CHECK(memcmp(run->st.value, run->solution, 81) == 0);
        } else {
            CHECK(rating.score >= run->max_rating);
        }
        done++;
    }
    CHECK_INT(done, count);
    strategy->destroy(rater);
    fclose(in);
}

static void test_sweep_17_clue(void)
{
    sweep_run *run = calloc(1, sizeof *run);
    human_tables_init(&run->tables);
    run->scratch = human_chain_scratch_new();
    run->tier_checks = 30;
    int complete = 0;
    sweep_file(run, "17_clue_2000.txt", 200, "0", &complete);
    CHECK_INT(run->wrong, 0);
    CHECK_INT(complete, 200);
    for (size_t f = 0; f < SWEEP_FINDERS; f++) {
        printf("  %-22s fired %ld times\n", sweep_finders[f].name, run->fires[f]);
        if (sweep_finders[f].common)
            CHECK(run->fires[f] > 0);
    }
    for (int t = 0; t < HUMAN_TIER_COUNT; t++)
        printf("  %-30s fired %ld times\n", human_tier_name((human_tier)t), run->tier_fires[t]);
    CHECK(run->tier_fires[HUMAN_TIER_FORCING] > 0);
    CHECK(run->tier_fires[HUMAN_TIER_DYNAMIC] > 0);
    human_chain_scratch_free(run->scratch);
    free(run);
}

/* Solve the first count puzzles of file with the techniques below the
 * chains only, then run every chain tier up to the first nested one on the
 * grid where they stall. */
static void sweep_stalls(sweep_run *run, const char *file, int count)
{
    const char *dir = getenv("SUDOKIT_DATA");
    char path[1024], line[256];
    snprintf(path, sizeof path, "%s/%s", dir ? dir : ".", file);
    FILE *in = fopen(path, "r");
    CHECK(in != NULL);
    int done = 0;
    while (in && done < count && fgets(line, sizeof line, in)) {
        sk_grid grid;
        if (line[0] == '#' || strlen(line) < 81)
            continue;
        for (int c = 0; c < 81; c++)
            grid.cells[c] = (uint8_t)(line[c] >= '1' && line[c] <= '9' ? line[c] - '0' : 0);
        CHECK(human_state_from_grid(&run->st, &run->tables, &grid));
        CHECK_INT(human_solve_count(&run->st, 2, run->solution), 1);
        for (size_t f = 0; f < SWEEP_FINDERS; f++) {
            if (!sweep_finders[f].find(&run->st, &run->step))
                continue;
            if (!sweep_sound(run, &run->step))
                run->wrong++;
            human_state_apply(&run->st, &run->step);
            f = (size_t)-1; /* start again from the easiest */
        }
        CHECK(run->st.empty > 0);
        sweep_tiers(run, HUMAN_TIER_NESTED_FORCING);
        done++;
    }
    CHECK_INT(done, count);
    if (in)
        fclose(in);
}

static void test_sweep_hardest(void)
{
    sweep_run *run = calloc(1, sizeof *run);
    human_tables_init(&run->tables);
    run->scratch = human_chain_scratch_new();
    int complete = 0;
    sweep_file(run, "hardest_60.txt", 20, "5M", &complete);
    sweep_stalls(run, "hardest_60.txt", 3);
    CHECK_INT(run->wrong, 0);
    for (int t = 0; t < HUMAN_TIER_COUNT; t++)
        printf("  %-30s fired %ld times\n", human_tier_name((human_tier)t), run->tier_fires[t]);
    CHECK(run->tier_fires[HUMAN_TIER_DYNAMIC_PLUS] > 0);
    CHECK(run->tier_fires[HUMAN_TIER_NESTED_FORCING] > 0);
    human_chain_scratch_free(run->scratch);
    free(run);
}

static const ski_test_case cases[] = {
    {"sweep_17_clue", test_sweep_17_clue},
    {"sweep_hardest", test_sweep_hardest},
};

SK_TEST_MAIN(cases)
