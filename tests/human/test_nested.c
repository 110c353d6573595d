/* Ratings of SE's nested chain levels by the human rater, in full and where a work budget
 * stops them: puzzles of tests/data/hardest_60.txt, with the ratings of rater version 0.2.0
 * (the same before and after its speed work). */
#include "check.h"
#include "human.h"

#include <stdlib.h>
#include <string.h>

const sk_plugin *SK_PLUGIN_ENTRY(void);

typedef struct nested_case {
    int number;         /* puzzle number in hardest_60.txt, from 1 */
    const char *effort; /* the rater's effort= option, NULL for the default */
    double er, ep, ed;
    bool lower_bound;
    unsigned steps;
    const char *hardest;
} nested_case;

static const nested_case nested_cases[] = {
    /* Levels 2 and 3 (9.5 and 10.0 plus length), rated in full. */
    {36, NULL, 10.8, 1.2, 1.2, false, 110, "Dynamic chain (+forcing chains)"},
    {32, NULL, 10.9, 10.9, 3.4, false, 114, "Dynamic chain (+multiple chains)"},
    /* Level 4 (10.5 plus length): puzzle 11's second step (its full rating, 11.8/11.8/11.5
     * in 151 steps, takes four times the work). */
    {11, "120M", 11.8, 11.8, 11.5, true, 2, "Dynamic chain (+dynamic chains)"},
    /* The chain steps counted, exactly: puzzle 36 takes 58 738 292 of them; one fewer and
     * the rating stops in its last chain search, at step 76. */
    {36, "58738292", 10.8, 1.2, 1.2, false, 110, "Dynamic chain (+forcing chains)"},
    {36, "58738291", 10.8, 1.2, 1.2, true, 76, "Dynamic chain (+forcing chains)"},
};

/* Puzzle number n of tests/data/hardest_60.txt into grid; false when missing. */
static bool nested_puzzle(int n, sk_grid *grid)
{
    const char *dir = getenv("SUDOKIT_DATA");
    char path[1024], line[256];
    snprintf(path, sizeof path, "%s/hardest_60.txt", dir ? dir : ".");
    FILE *in = fopen(path, "r");
    if (!in)
        return false;
    int seen = 0;
    bool found = false;
    while (!found && fgets(line, sizeof line, in))
        if (line[0] != '#' && strlen(line) >= 81 && ++seen == n) {
            for (int c = 0; c < 81; c++)
                grid->cells[c] = (uint8_t)(line[c] >= '1' && line[c] <= '9' ? line[c] - '0' : 0);
            found = true;
        }
    fclose(in);
    return found;
}

static bool nested_near(double a, double b)
{
    return a > b - 0.05 && a < b + 0.05;
}

static void test_nested_ratings(void)
{
    const sk_strategy *strategy = SK_PLUGIN_ENTRY()->strategies[0];
    for (size_t i = 0; i < sizeof nested_cases / sizeof nested_cases[0]; i++) {
        const nested_case *nc = &nested_cases[i];
        sk_option effort = {"effort", nc->effort};
        char err[256];
        void *rater = strategy->create(NULL, &effort, nc->effort ? 1 : 0, err, sizeof err);
        sk_grid grid;
        CHECK(rater != NULL);
        CHECK(nested_puzzle(nc->number, &grid));
        if (!rater)
            continue;
        sk_rating r = {.struct_size = sizeof r};
        CHECK_INT(strategy->rate(rater, &grid, &r, NULL, NULL, err, sizeof err), SK_OK);
        strategy->destroy(rater);
        bool ok = nested_near(r.score, nc->er) && nested_near(r.first_placement, nc->ep) &&
                  nested_near(r.first_step, nc->ed) &&
                  (r.score_is_lower_bound != 0) == nc->lower_bound && r.steps == nc->steps &&
                  strcmp(r.hardest, nc->hardest) == 0;
        if (!ok)
            fprintf(stderr,
                    "puzzle %d (effort %s): want %.1f%s/%.1f/%.1f %u %s\n  got  %.1f%s/%.1f/%.1f "
                    "%u %s\n",
                    nc->number, nc->effort ? nc->effort : "default", nc->er,
                    nc->lower_bound ? "+" : "", nc->ep, nc->ed, nc->steps, nc->hardest, r.score,
                    r.score_is_lower_bound ? "+" : "", r.first_placement, r.first_step, r.steps,
                    r.hardest);
        CHECK(ok);
    }
}

static const ski_test_case cases[] = {
    {"nested_ratings", test_nested_ratings},
};

SK_TEST_MAIN(cases)
