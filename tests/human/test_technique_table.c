/* Tests of the human rater's technique table: every name it can report is in it, with its
 * rating, family and explanation template. */
#include "check.h"
#include "human.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

const sk_plugin *SK_PLUGIN_ENTRY(void);

/* What a lower bound appends to its tier's name in a rating's hardest. */
static const char table_unfinished[] = " (unfinished)";

/* Every entry is complete, its name unique, found by name, and short
 * enough for a rating's hardest even as a lower bound. */
static void test_entries(void)
{
    sk_rating r;
    for (int id = 0; id < HUMAN_TECHNIQUES; id++) {
        const human_technique *t = human_technique_of((human_technique_id)id);
        CHECK(t->name && t->name[0]);
        CHECK(t->family && t->family[0]);
        CHECK(t->texts[0] && t->texts[0][0]);
        /* HoDoKu's techniques that SE lacks have no SE rating, and the
         * HoDoKu set never stops with a lower bound. */
        bool hodoku = strncmp(t->family, "HoDoKu: ", 8) == 0;
        CHECK((hodoku && t->rating == 0.0) || (t->rating >= 1.0 && t->rating <= 11.0));
        CHECK(hodoku ? t->hodoku_score > 0 && strlen(t->name) < sizeof r.hardest
                     : strlen(t->name) + sizeof table_unfinished <= sizeof r.hardest);
        CHECK_INT(human_technique_find(t->name), id);
    }
    CHECK_INT(human_technique_find("Coloring"), -1);
    CHECK_STR(human_technique_of(HUMAN_T_HIDDEN_SINGLE_BOX)->name, "Hidden single in a box");
    CHECK(human_technique_of(HUMAN_T_NESTED_DYNAMIC)->rating == 10.5);
    CHECK_STR(human_technique_of(HUMAN_T_X_WING)->family, "fish");
}

/* A step's name and explanation come from its technique's entry. */
static void test_step_from_table(void)
{
    human_step step;
    human_step_begin(&step, HUMAN_T_NAKED_SINGLE, 2.3);
    human_step_explain(&step, 0, 7, "r2c3");
    CHECK_STR(step.technique, "Naked single");
    CHECK_STR(step.text, "7 is the only candidate left in r2c3");
    human_step_begin(&step, HUMAN_T_DIRECT_POINTING, 1.7);
    human_step_explain(&step, 0, "box 1", 4, "row 2", 4, "row 2");
    human_step_explain_more(&step, 1, "r2c7", "box 3", 4);
    CHECK_STR(step.text, "In box 1, 4 can only be in row 2, so 4 is removed from the rest of row "
                         "2; then only r2c7 in box 3 can hold 4");
}

/* Every chain tier, named in a lower bound, is one of the table's chains. */
static void test_tiers(void)
{
    for (int tier = 0; tier < HUMAN_TIER_COUNT; tier++) {
        int id = human_technique_find(human_tier_name((human_tier)tier));
        CHECK(id >= 0);
        if (id >= 0)
            CHECK(strstr(human_technique_of((human_technique_id)id)->family, "chains") != NULL);
    }
}

/* Checks each reported step's technique against the table. */
static int table_on_step(void *user, const sk_step *s)
{
    int *unknown = user;
    int id = human_technique_find(s->technique);
    if (id < 0 && (*unknown)++ < 5)
        fprintf(stderr, "not in the table: %s\n", s->technique);
    return 0;
}

/* Rate count puzzles of a tests/data file with options; every step's
 * technique and every hardest (without the lower bound's mark) must be in
 * the table. Returns the number of lower bounds. */
static int table_rate_file(const char *file, int count, const sk_option *options, size_t n)
{
    const char *dir = getenv("SUDOKIT_DATA");
    char path[1024], line[256], err[256];
    snprintf(path, sizeof path, "%s/%s", dir ? dir : ".", file);
    FILE *in = fopen(path, "r");
    CHECK(in != NULL);
    const sk_strategy *strategy = SK_PLUGIN_ENTRY()->strategies[0];
    void *rater = strategy->create(NULL, options, n, err, sizeof err);
    CHECK(rater != NULL);
    int done = 0, unknown = 0, lower = 0;
    while (in && rater && done < count && fgets(line, sizeof line, in)) {
        if (line[0] == '#' || strlen(line) < 81)
            continue;
        sk_grid grid;
        for (int c = 0; c < 81; c++)
            grid.cells[c] = (uint8_t)(line[c] >= '1' && line[c] <= '9' ? line[c] - '0' : 0);
        sk_rating r = {.struct_size = sizeof r};
        CHECK_INT(strategy->rate(rater, &grid, &r, table_on_step, &unknown, err, sizeof err),
                  SK_OK);
        char *mark = strstr(r.hardest, table_unfinished);
        if (mark) {
            CHECK(r.score_is_lower_bound);
            *mark = '\0';
            lower++;
        }
        CHECK(human_technique_find(r.hardest) >= 0);
        done++;
    }
    CHECK_INT(done, count);
    CHECK_INT(unknown, 0);
    if (rater)
        strategy->destroy(rater);
    if (in)
        fclose(in);
    return lower;
}

static void test_reported_names(void)
{
    sk_option sukaku = {"techniques", "sukaku"};
    table_rate_file("17_clue_2000.txt", 400, NULL, 0);
    table_rate_file("17_clue_2000.txt", 400, &sukaku, 1);
    /* A small budget: the hardest stop in a chain tier, named as a lower bound. */
    sk_option small = {"effort", "200k"};
    CHECK(table_rate_file("hardest_60.txt", 4, &small, 1) > 0);
}

static const ski_test_case cases[] = {
    {"entries", test_entries},
    {"step_from_table", test_step_from_table},
    {"tiers", test_tiers},
    {"reported_names", test_reported_names},
};

SK_TEST_MAIN(cases)
