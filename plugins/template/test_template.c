/* Unit test of the template rater without the host: template.c is compiled
 * into this program, and its instances get the plugin mock's services
 * (sudokit/plugin_mock.h). Copy it with the plugin and adapt the cases. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "sudokit/plugin.h"
#include "sudokit/plugin_mock.h"
#include "template_test.h"

/* 17 givens, one solution. */
static const char *const hard =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/* The plugin's one strategy. */
static const sk_strategy *template_rater(void)
{
    return SK_PLUGIN_ENTRY()->strategies[0];
}

/* An instance made with options on the mock's services (NULL on refusal,
 * with the message in err). */
static void *make(sk_mock *mock, const char *key, const char *value, char *err, size_t errlen)
{
    sk_option option = {key, value};
    return template_rater()->create(sk_mock_services(mock), &option, key ? 1 : 0, err, errlen);
}

static void describes_itself(void)
{
    const sk_plugin *plugin = SK_PLUGIN_ENTRY();
    CHECK(plugin->abi_major == SK_ABI_MAJOR && plugin->abi_minor <= SK_ABI_MINOR);
    CHECK(plugin->struct_size == sizeof(sk_plugin));
    CHECK(strcmp(plugin->strategies[0]->name, "template") == 0);
    CHECK(plugin->strategies[0]->kind == SK_KIND_RATER && plugin->strategies[0]->rate);
    CHECK(plugin->strategies[1] == NULL);
}

static void refuses_bad_options(void)
{
    sk_mock *mock = sk_mock_new(1);
    char err[256] = "";
    CHECK(make(mock, "scale", "abc", err, sizeof err) == NULL);
    CHECK(strstr(err, "bad value 'abc' for scale (scale=1..81 (default 10))") != NULL);
    CHECK(make(mock, "scale", "82", err, sizeof err) == NULL);
    CHECK(make(mock, "colour", "red", err, sizeof err) == NULL);
    CHECK(strstr(err, "unknown option 'colour'; options are scale=1..81") != NULL);
    CHECK(sk_mock_log_count(mock) == 0);
    sk_mock_free(mock);
}

static void logs_its_scale(void)
{
    sk_mock *mock = sk_mock_new(1);
    char err[256];
    void *rater = make(mock, "scale", "5", err, sizeof err);
    CHECK(rater != NULL);
    int level = -1;
    const char *message = sk_mock_log_message(mock, 0, &level);
    CHECK(message && strcmp(message, "score = empty cells / 5") == 0);
    CHECK(level == SK_LOG_DEBUG);
    template_rater()->destroy(rater);
    sk_mock_free(mock);
}

/* Rate puzzle with a fresh instance of the given scale; the status,
 * with the rating in *out and the message in err. */
static int rate(sk_mock *mock, const sk_grid *puzzle, const char *scale, sk_rating *out,
                char *err, size_t errlen)
{
    void *rater = make(mock, "scale", scale, err, errlen);
    CHECK(rater != NULL);
    *out = (sk_rating){.struct_size = sizeof *out};
    int status = template_rater()->rate(rater, puzzle, out, NULL, NULL, err, errlen);
    template_rater()->destroy(rater);
    return status;
}

static void rates_by_empty_cells(void)
{
    sk_mock *mock = sk_mock_new(1);
    sk_grid puzzle;
    CHECK(sk_mock_grid(hard, &puzzle) == 0);
    sk_rating rating;
    char err[256];
    CHECK(rate(mock, &puzzle, "10", &rating, err, sizeof err) == SK_OK);
    CHECK(fabs(rating.score - 6.4) < 1e-9); /* 64 empty cells */
    CHECK(rating.level == 5 && rating.steps == 64);
    CHECK(sk_mock_calls_of(mock).count_solutions == 1); /* asked the host's solver once */
    sk_mock_free(mock);
}

static void refuses_puzzles_without_one_solution(void)
{
    sk_mock *mock = sk_mock_new(1);
    sk_grid puzzle = {{0}};
    sk_rating rating;
    char err[256];
    CHECK(rate(mock, &puzzle, "10", &rating, err, sizeof err) == SK_ERR_INVALID);
    CHECK(strstr(err, "several solutions") != NULL);
    puzzle.cells[0] = puzzle.cells[1] = 3;
    CHECK(rate(mock, &puzzle, "10", &rating, err, sizeof err) == SK_ERR_INVALID);
    CHECK(strstr(err, "no valid givens") != NULL);
    sk_mock_free(mock);
}

/* Random puzzles cut from one solution: the rater accepts exactly those the
 * mock's solver finds unique, and scores them by their empty cells. */
static void agrees_with_the_solver_on_random_puzzles(void)
{
    sk_mock *mock = sk_mock_new(2024);
    sk_grid puzzle, solution;
    CHECK(sk_mock_grid(hard, &puzzle) == 0);
    CHECK(sk_mock_count_solutions(&puzzle, 1, &solution) == 1);
    int accepted = 0, refused = 0;
    for (int round = 0; round < 40; round++) {
        sk_grid cut = solution;
        int empty = 30 + (int)sk_rng_below(sk_mock_rng(mock), 30);
        for (int blanked = 0; blanked < empty;) {
            int cell = (int)sk_rng_below(sk_mock_rng(mock), 81);
            blanked += cut.cells[cell] != 0;
            cut.cells[cell] = 0;
        }
        sk_rating rating;
        char err[256];
        int status = rate(mock, &cut, "10", &rating, err, sizeof err);
        bool unique = sk_mock_count_solutions(&cut, 2, NULL) == 1;
        CHECK(unique ? status == SK_OK : status == SK_ERR_INVALID);
        CHECK(!unique || fabs(rating.score - empty / 10.0) < 1e-9);
        accepted += unique;
        refused += !unique;
    }
    CHECK(accepted > 0 && refused > 0); /* both ways were tried */
    sk_mock_free(mock);
}

static const template_case cases[] = {
    {"describes_itself", describes_itself},
    {"refuses_bad_options", refuses_bad_options},
    {"logs_its_scale", logs_its_scale},
    {"rates_by_empty_cells", rates_by_empty_cells},
    {"refuses_puzzles_without_one_solution", refuses_puzzles_without_one_solution},
    {"agrees_with_the_solver_on_random_puzzles", agrees_with_the_solver_on_random_puzzles},
};

TEMPLATE_TEST_MAIN(cases)
