/* The plugin mock: its solver counts right (checked against the core's own
 * rules check), its services record what a strategy asks, and its RNG and
 * requests are the host's. */
#include <stdlib.h>

#include "check.h"
#include "sudokit/grid.h"
#include "sudokit/plugin_mock.h"

/* Up to max puzzles of DATA/hardest_60.txt (one solution each). */
static size_t hardest(sk_grid *out, size_t max)
{
    const char *data = getenv("SUDOKIT_DATA");
    char path[4096], line[256];
    snprintf(path, sizeof path, "%s/hardest_60.txt", data ? data : ".");
    FILE *file = fopen(path, "r");
    CHECK(file != NULL);
    size_t count = 0;
    while (file && count < max && fgets(line, sizeof line, file)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] != '#' && sk_mock_grid(line, &out[count]) == 0)
            count++;
    }
    if (file)
        fclose(file);
    return count;
}

static void counts_one_solution_of_hard_puzzles(void)
{
    sk_grid puzzles[60];
    size_t count = hardest(puzzles, 60);
    CHECK_INT(count, 60);
    for (size_t i = 0; i < count; i++) {
        sk_grid solution = {{0}};
        CHECK_INT(sk_mock_count_solutions(&puzzles[i], 2, &solution), 1);
        CHECK(sk_grid_solves(&puzzles[i], &solution));
        CHECK(sk_mock_solves(&puzzles[i], &solution));
    }
}

/* Blank a rectangle r1c1 r1c2 r2c1 r2c2 in two boxes holding a b / b a:
 * the puzzle left has exactly two solutions. False when grid has none. */
static bool blank_deadly_rectangle(sk_grid *grid)
{
    const uint8_t *g = grid->cells;
    for (int r1 = 0; r1 < 9; r1++)
        for (int r2 = r1 + 1; r2 < r1 / 3 * 3 + 3; r2++) /* same band */
            for (int c1 = 0; c1 < 9; c1++)
                for (int c2 = c1 / 3 * 3 + 3; c2 < 9; c2++) /* another stack */
                    if (g[r1 * 9 + c1] == g[r2 * 9 + c2] && g[r1 * 9 + c2] == g[r2 * 9 + c1]) {
                        grid->cells[r1 * 9 + c1] = grid->cells[r1 * 9 + c2] = 0;
                        grid->cells[r2 * 9 + c1] = grid->cells[r2 * 9 + c2] = 0;
                        return true;
                    }
    return false;
}

static void counts_several_solutions(void)
{
    sk_grid empty = {{0}}, first;
    CHECK_INT(sk_mock_count_solutions(&empty, 3, &first), 3);
    CHECK(sk_grid_solves(&empty, &first));
    CHECK_INT(sk_mock_count_solutions(&empty, 1, NULL), 1);
    sk_grid puzzles[60];
    size_t count = hardest(puzzles, 60);
    bool found = false;
    for (size_t i = 0; i < count && !found; i++) {
        sk_grid grid;
        CHECK_INT(sk_mock_count_solutions(&puzzles[i], 1, &grid), 1);
        found = blank_deadly_rectangle(&grid);
        if (found)
            CHECK_INT(sk_mock_count_solutions(&grid, 5, NULL), 2);
    }
    CHECK(found);
}

static void refuses_broken_givens(void)
{
    sk_grid grid = {{0}};
    grid.cells[0] = grid.cells[8] = 5; /* twice in row 1 */
    CHECK_INT(sk_mock_count_solutions(&grid, 2, NULL), SK_ERR_INVALID);
    grid.cells[8] = 10; /* not a digit */
    CHECK_INT(sk_mock_count_solutions(&grid, 2, NULL), SK_ERR_INVALID);
    /* Valid givens without a solution: r1c9 can hold nothing. */
    sk_grid none = {{0}};
    for (int c = 0; c < 8; c++)
        none.cells[c] = (uint8_t)(c + 1);
    none.cells[80] = 9;
    CHECK_INT(sk_mock_count_solutions(&none, 2, NULL), 0);
}

static void checks_solutions(void)
{
    sk_grid puzzles[1], solution;
    CHECK_INT(hardest(puzzles, 1), 1);
    CHECK_INT(sk_mock_count_solutions(&puzzles[0], 1, &solution), 1);
    CHECK(sk_mock_solves(&puzzles[0], &solution));
    sk_grid changed = solution;
    int given = 0;
    while (puzzles[0].cells[given] == 0)
        given++;
    changed.cells[given] = (uint8_t)(changed.cells[given] % 9 + 1);
    CHECK(!sk_mock_solves(&puzzles[0], &changed)); /* a given changed */
    sk_grid partial = solution;
    partial.cells[40] = 0;
    CHECK(!sk_mock_solves(&puzzles[0], &partial));
    CHECK_INT(sk_mock_grid("12345", &partial), -1);
    CHECK_INT(sk_mock_grid(NULL, &partial), -1);
}

static void services_record_logs_and_calls(void)
{
    sk_mock *mock = sk_mock_new(1);
    const sk_services *services = sk_mock_services(mock);
    CHECK_INT(services->struct_size, sizeof(sk_services));
    CHECK_INT(services->version, SK_ABI_MINOR);
    services->log(services->ctx, SK_LOG_WARN, "option scale=0 is odd");
    services->log(services->ctx, SK_LOG_DEBUG, "created");
    CHECK_INT(sk_mock_log_count(mock), 2);
    int level = -1;
    CHECK_STR(sk_mock_log_message(mock, 0, &level), "option scale=0 is odd");
    CHECK_INT(level, SK_LOG_WARN);
    CHECK(sk_mock_log_message(mock, 2, NULL) == NULL);
    CHECK_STR(sk_mock_log_find(mock, "creat"), "created");
    CHECK(sk_mock_log_find(mock, "absent") == NULL);
    sk_grid empty = {{0}};
    CHECK_INT(services->count_solutions(services->ctx, &empty, 2, NULL), 2);
    sk_mock_log_clear(mock);
    CHECK_INT(sk_mock_log_count(mock), 0);
    sk_mock_calls calls = sk_mock_calls_of(mock);
    CHECK_INT(calls.log, 2);
    CHECK_INT(calls.count_solutions, 1);
    CHECK_INT(calls.rate, 0);
    sk_mock_free(mock);
}

static int fixed_rate(void *user, const sk_grid *puzzle, sk_rating *out)
{
    out->score = *(double *)user + sk_grid_clues(puzzle);
    out->level = 2;
    return SK_OK;
}

static void services_rate_with_the_test_s_rater(void)
{
    sk_mock *mock = sk_mock_new(1);
    const sk_services *services = sk_mock_services(mock);
    sk_grid grid = {{0}};
    grid.cells[0] = 1;
    sk_rating rating = {.struct_size = sizeof rating};
    CHECK_INT(services->rate(services->ctx, &grid, &rating), SK_ERR); /* no rater */
    double base = 0.5;
    sk_mock_set_rate(mock, fixed_rate, &base);
    CHECK_INT(services->rate(services->ctx, &grid, &rating), SK_OK);
    CHECK(rating.score == 1.5);
    CHECK_INT(rating.level, 2);
    CHECK_INT(sk_mock_calls_of(mock).rate, 2);
    sk_mock_free(mock);
}

static void rng_and_requests_follow_the_seed(void)
{
    sk_mock *a = sk_mock_new(42), *b = sk_mock_new(42), *c = sk_mock_new(43);
    sk_rng expected;
    sk_rng_seed(&expected, 42, 0);
    bool same = true, differs = false;
    for (int i = 0; i < 100; i++) {
        uint64_t x = sk_rng_next(sk_mock_rng(a));
        same &= x == sk_rng_next(&expected) && x == sk_rng_next(sk_mock_rng(b));
        differs |= x != sk_rng_next(sk_mock_rng(c));
    }
    CHECK(same);
    CHECK(differs);
    sk_gen_request request = sk_mock_request(a, 7);
    CHECK_INT(request.struct_size, sizeof(sk_gen_request));
    CHECK_INT(request.seed, 42);
    CHECK_INT(request.index, 7);
    CHECK_INT(request.clues + request.level + request.minimal, 0);
    sk_mock_free(a);
    sk_mock_free(b);
    sk_mock_free(c);
}

static const ski_test_case cases[] = {
    {"counts_one_solution_of_hard_puzzles", counts_one_solution_of_hard_puzzles},
    {"counts_several_solutions", counts_several_solutions},
    {"refuses_broken_givens", refuses_broken_givens},
    {"checks_solutions", checks_solutions},
    {"services_record_logs_and_calls", services_record_logs_and_calls},
    {"services_rate_with_the_test_s_rater", services_rate_with_the_test_s_rater},
    {"rng_and_requests_follow_the_seed", rng_and_requests_follow_the_seed},
};

SK_TEST_MAIN(cases)
