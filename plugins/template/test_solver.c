/* Unit test of the template solver without the host: solver.c is compiled
 * into this program and its instances get the plugin mock's services
 * (sudokit/plugin_mock.h), whose own solver is the reference. */
#include <stdio.h>
#include <string.h>

#include "sudokit/plugin.h"
#include "sudokit/plugin_mock.h"
#include "template_test.h"

/* 17 givens, one solution. */
static const char *const hard =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

static const sk_strategy *template_solver(void)
{
    return SK_PLUGIN_ENTRY()->strategies[0];
}

/* An instance with one option (key NULL: none); NULL on refusal. */
static void *make(sk_mock *mock, const char *key, const char *value, char *err, size_t errlen)
{
    sk_option option = {key, value};
    return template_solver()->create(sk_mock_services(mock), &option, key ? 1 : 0, err, errlen);
}

/* Solve puzzle with a fresh instance of the given digit order. */
static int solve(sk_mock *mock, const sk_grid *puzzle, int limit, const char *digits,
                 sk_grid *solution, sk_solve_stats *stats)
{
    char err[256];
    void *solver = make(mock, "digits", digits, err, sizeof err);
    CHECK(solver != NULL);
    int found = template_solver()->solve(solver, puzzle, limit, solution, stats);
    template_solver()->destroy(solver);
    return found;
}

static void describes_itself(void)
{
    const sk_plugin *plugin = SK_PLUGIN_ENTRY();
    CHECK(plugin->abi_major == SK_ABI_MAJOR && plugin->struct_size == sizeof(sk_plugin));
    CHECK(strcmp(template_solver()->name, "template") == 0);
    CHECK(template_solver()->kind == SK_KIND_SOLVER && template_solver()->solve);
    CHECK(plugin->strategies[1] == NULL);
}

static void refuses_bad_options(void)
{
    sk_mock *mock = sk_mock_new(1);
    char err[256] = "";
    CHECK(make(mock, "digits", "sideways", err, sizeof err) == NULL);
    CHECK(strstr(err, "bad value 'sideways' for digits (digits=up|down") != NULL);
    CHECK(make(mock, "depth", "3", err, sizeof err) == NULL);
    CHECK(strstr(err, "unknown option 'depth'; options are digits=up|down") != NULL);
    sk_mock_free(mock);
}

static void solves_a_hard_puzzle(void)
{
    sk_mock *mock = sk_mock_new(1);
    sk_grid puzzle, solution, expected;
    CHECK(sk_mock_grid(hard, &puzzle) == 0);
    sk_solve_stats stats = {.struct_size = sizeof stats};
    CHECK(solve(mock, &puzzle, 2, "up", &solution, &stats) == 1);
    CHECK(sk_mock_solves(&puzzle, &solution));
    CHECK(sk_mock_count_solutions(&puzzle, 1, &expected) == 1);
    CHECK(memcmp(&solution, &expected, sizeof solution) == 0);
    CHECK(stats.guesses > 0 && stats.nodes >= 64); /* 64 empty cells, some guessed */
    sk_mock_free(mock);
}

/* The empty grid has more solutions than any limit: the count stops at
 * the limit, and the digit order decides which solution comes first. */
static void counts_to_the_limit(void)
{
    sk_mock *mock = sk_mock_new(1);
    sk_grid empty = {{0}}, first;
    CHECK(solve(mock, &empty, 1, "up", &first, NULL) == 1);
    CHECK(sk_mock_solves(&empty, &first));
    CHECK(memcmp(first.cells, "\1\2\3\4\5\6\7\10\11", 9) == 0);
    CHECK(solve(mock, &empty, 5, "down", &first, NULL) == 5);
    CHECK(memcmp(first.cells, "\11\10\7\6\5\4\3\2\1", 9) == 0);
    CHECK(solve(mock, &empty, 1000, "up", NULL, NULL) == 1000);
    sk_mock_free(mock);
}

static void refuses_givens_that_break_the_rules(void)
{
    sk_mock *mock = sk_mock_new(1);
    sk_grid puzzle = {{0}};
    puzzle.cells[0] = puzzle.cells[80] = 5; /* one box apart: allowed */
    CHECK(solve(mock, &puzzle, 1, "up", NULL, NULL) == 1);
    puzzle.cells[8] = 5; /* row 1 holds two 5s */
    CHECK(solve(mock, &puzzle, 1, "up", NULL, NULL) == SK_ERR_INVALID);
    sk_mock_free(mock);
}

/* Random cuts of one solution: the solver's count (to 3) is the mock's. */
static void agrees_with_the_mock_on_random_puzzles(void)
{
    sk_mock *mock = sk_mock_new(2024);
    sk_grid puzzle, solution;
    CHECK(sk_mock_grid(hard, &puzzle) == 0);
    CHECK(sk_mock_count_solutions(&puzzle, 1, &solution) == 1);
    int unique = 0, several = 0;
    for (int round = 0; round < 40; round++) {
        sk_grid cut = solution;
        int empty = 40 + (int)sk_rng_below(sk_mock_rng(mock), 25);
        for (int blanked = 0; blanked < empty;) {
            int cell = (int)sk_rng_below(sk_mock_rng(mock), 81);
            blanked += cut.cells[cell] != 0;
            cut.cells[cell] = 0;
        }
        int found = solve(mock, &cut, 3, round % 2 ? "up" : "down", NULL, NULL);
        CHECK(found == sk_mock_count_solutions(&cut, 3, NULL));
        unique += found == 1;
        several += found > 1;
    }
    CHECK(unique > 0 && several > 0); /* both kinds were tried */
    sk_mock_free(mock);
}

static const template_case cases[] = {
    {"describes_itself", describes_itself},
    {"refuses_bad_options", refuses_bad_options},
    {"solves_a_hard_puzzle", solves_a_hard_puzzle},
    {"counts_to_the_limit", counts_to_the_limit},
    {"refuses_givens_that_break_the_rules", refuses_givens_that_break_the_rules},
    {"agrees_with_the_mock_on_random_puzzles", agrees_with_the_mock_on_random_puzzles},
};

TEMPLATE_TEST_MAIN(cases)
