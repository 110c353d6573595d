/* Tests of the human rater through the plugin host: errors, stopping, budgets, full paths. */
#include "check.h"
#include "sudokit/grid.h"
#include "sudokit/host.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static sk_host *plugin_host(void)
{
    sk_error err;
    sk_host *host = sk_host_new_empty();
    CHECK_INT(sk_host_load(host, SK_TEST_PLUGIN_DIR "/sk-rater-human.so", &err), 0);
    CHECK_INT(sk_host_load(host, SK_TEST_PLUGIN_DIR "/sk-solver-singles.so", &err), 0);
    return host;
}

static sk_instance *plugin_rater(sk_host *host, const char *options)
{
    sk_error err;
    sk_instance *rater = NULL;
    int rc = sk_instance_new(host, SK_KIND_RATER, "human", options, NULL, &rater, &err);
    CHECK_INT(rc, 0);
    if (rc)
        fprintf(stderr, "%s\n", err.message);
    return rater;
}

static void plugin_grid(sk_grid *grid, const char *text)
{
    size_t col;
    CHECK_INT(sk_grid_parse_line(grid, text, strlen(text), &col), 0);
}

static void test_bad_puzzles(void)
{
    sk_host *host = plugin_host();
    sk_instance *rater = plugin_rater(host, NULL);
    sk_grid grid;
    sk_rating r;
    sk_error err;

    memset(&grid, 0, sizeof grid);
    CHECK_INT(sk_instance_rate(rater, &grid, &r, NULL, NULL, &err), SK_ERR_INVALID);
    CHECK(strstr(err.message, "more than one solution") != NULL);

    /* Row 1 holds 1..8, and 9 sits in column 9 below: r1c9 has no digit. */
    plugin_grid(
        &grid, "12345678................9........................................................");
    CHECK_INT(sk_instance_rate(rater, &grid, &r, NULL, NULL, &err), SK_ERR_INVALID);
    CHECK(strstr(err.message, "no solution") != NULL);

    plugin_grid(
        &grid, "5...5............................................................................");
    CHECK_INT(sk_instance_rate(rater, &grid, &r, NULL, NULL, &err), SK_ERR_INVALID);
    CHECK(strstr(err.message, "r1c1") != NULL && strstr(err.message, "r1c5") != NULL);

    sk_instance_free(rater);
    sk_host_free(host);
}

static void test_bad_options(void)
{
    sk_host *host = plugin_host();
    sk_error err;
    sk_instance *rater = NULL;
    CHECK(sk_instance_new(host, SK_KIND_RATER, "human", "effort=fast", NULL, &rater, &err) != 0);
    CHECK(strstr(err.message, "effort") != NULL);
    CHECK(sk_instance_new(host, SK_KIND_RATER, "human", "effort=5X", NULL, &rater, &err) != 0);
    CHECK(sk_instance_new(host, SK_KIND_RATER, "human", "timeout=-1", NULL, &rater, &err) != 0);
    CHECK(strstr(err.message, "timeout") != NULL);
    /* The old time budget is refused with a pointer to its replacements. */
    CHECK(sk_instance_new(host, SK_KIND_RATER, "human", "budget=10", NULL, &rater, &err) != 0);
    CHECK(strstr(err.message, "effort=") != NULL && strstr(err.message, "timeout=") != NULL);
    CHECK(sk_instance_new(host, SK_KIND_RATER, "human", "depth=3", NULL, &rater, &err) != 0);
    CHECK(strstr(err.message, "depth") != NULL);
    sk_host_free(host);
}

typedef struct plugin_path {
    sk_grid grid;
    int steps;
    int stop_after; /* 0: never stop */
    double max_rating;
} plugin_path;

static int plugin_on_step(void *user, const sk_step *s)
{
    plugin_path *p = user;
    p->steps++;
    if (s->rating > p->max_rating)
        p->max_rating = s->rating;
    if (s->kind == SK_STEP_PLACE)
        p->grid.cells[s->placed[0].cell] = s->placed[0].digit;
    return p->stop_after && p->steps >= p->stop_after;
}

static void test_stop_from_callback(void)
{
    sk_host *host = plugin_host();
    sk_instance *rater = plugin_rater(host, NULL);
    plugin_path p = {.stop_after = 3};
    sk_rating r;
    sk_error err;
    plugin_grid(
        &p.grid,
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    CHECK_INT(sk_instance_rate(rater, &p.grid, &r, plugin_on_step, &p, &err), SK_ERR_STOPPED);
    CHECK_INT(p.steps, 3);
    sk_instance_free(rater);
    sk_host_free(host);
}

/* Needs forcing chains far beyond a thousand chain steps. */
static const char *const plugin_hard =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

static void test_effort_gives_lower_bound(void)
{
    sk_host *host = plugin_host();
    sk_instance *rater = plugin_rater(host, "effort=1k");
    sk_rating r, again;
    sk_grid grid;
    sk_error err;
    plugin_grid(&grid, plugin_hard);
    CHECK_INT(sk_instance_rate(rater, &grid, &r, NULL, NULL, &err), SK_OK);
    CHECK_INT(r.score_is_lower_bound, 1);
    CHECK(r.score >= 6.5);
    CHECK(strstr(r.hardest, "unfinished") != NULL);
    /* Work, not time, ends it: the same options give the same result. */
    CHECK_INT(sk_instance_rate(rater, &grid, &again, NULL, NULL, &err), SK_OK);
    CHECK(again.score == r.score && again.steps == r.steps);
    CHECK(again.first_step == r.first_step && again.first_placement == r.first_placement);
    CHECK_INT(again.score_is_lower_bound, 1);
    sk_instance_free(rater);
    sk_host_free(host);
}

/* A rating the wall-clock safety stops is an error, never a score. The
 * clock is read once every 65 536 chain steps, so a microsecond has passed
 * by the first reading on any machine. */
static void test_timeout_is_not_a_rating(void)
{
    sk_host *host = plugin_host();
    sk_instance *rater = plugin_rater(host, "timeout=0.000001,effort=0");
    sk_rating r;
    sk_grid grid;
    sk_error err;
    plugin_grid(&grid, plugin_hard);
    CHECK_INT(sk_instance_rate(rater, &grid, &r, NULL, NULL, &err), SK_ERR_LIMIT);
    CHECK(strstr(err.message, "timed out") != NULL && strstr(err.message, "not rated") != NULL);
    sk_instance_free(rater);
    sk_host_free(host);
}

/* The solve path of 30 17-clue puzzles ends in the solution the singles
 * solver finds. */
static void test_paths_end_in_solution(void)
{
    sk_host *host = plugin_host();
    sk_instance *rater = plugin_rater(host, NULL), *solver = NULL;
    sk_error err;
    char line[256], path[1024];
    CHECK_INT(sk_instance_new(host, SK_KIND_SOLVER, "singles", NULL, NULL, &solver, &err), 0);
    const char *dir = getenv("SUDOKIT_DATA");
    snprintf(path, sizeof path, "%s/17_clue_2000.txt", dir ? dir : ".");
    FILE *in = fopen(path, "r");
    CHECK(in != NULL);
    int done = 0;
    while (in && solver && done < 30 && fgets(line, sizeof line, in)) {
        if (line[0] == '#')
            continue;
        plugin_path p = {0};
        sk_grid solution;
        plugin_grid(&p.grid, strtok(line, "\r\n"));
        sk_grid puzzle = p.grid;
        CHECK_INT(sk_instance_solve(solver, &puzzle, 2, &solution, NULL, &err), 1);
        sk_rating r;
        CHECK_INT(sk_instance_rate(rater, &puzzle, &r, plugin_on_step, &p, &err), SK_OK);
        CHECK(memcmp(&p.grid, &solution, sizeof solution) == 0);
        CHECK_INT(r.steps, (unsigned)p.steps);
        CHECK(r.score == p.max_rating);
        CHECK_INT(r.score_is_lower_bound, 0);
        CHECK(r.hardest[0] != '\0');
        done++;
    }
    CHECK_INT(done, 30);
    if (in)
        fclose(in);
    sk_instance_free(solver);
    sk_instance_free(rater);
    sk_host_free(host);
}

static void test_levels_follow_scores(void)
{
    sk_host *host = plugin_host();
    sk_instance *rater = plugin_rater(host, NULL);
    sk_rating r;
    sk_grid grid;
    sk_error err;
    /* Singles only: an easy puzzle. */
    plugin_grid(
        &grid, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    CHECK_INT(sk_instance_rate(rater, &grid, &r, NULL, NULL, &err), SK_OK);
    CHECK(r.score >= 1.0 && r.score <= 2.0);
    CHECK_INT(r.level, 1);
    CHECK(r.first_step <= r.score);
    CHECK(r.first_placement <= r.score);
    sk_instance_free(rater);
    sk_host_free(host);
}

static const ski_test_case cases[] = {
    {"bad_puzzles", test_bad_puzzles},
    {"bad_options", test_bad_options},
    {"stop_from_callback", test_stop_from_callback},
    {"effort_gives_lower_bound", test_effort_gives_lower_bound},
    {"timeout_is_not_a_rating", test_timeout_is_not_a_rating},
    {"paths_end_in_solution", test_paths_end_in_solution},
    {"levels_follow_scores", test_levels_follow_scores},
};

SK_TEST_MAIN(cases)
