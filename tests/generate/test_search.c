/* Tests of the search generators (vicinity, clue-pattern) through the
 * host: every candidate their moves make is checked by another solver. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "gen_test.h"

#define CHECK_SOLVER "backtrack"
#define MAX_SEEN 400

/* A public Patterns Game pattern (see docs/generation.md). */
static const char *const test_pattern =
    "...xxx.....x...x..xx.....xx..x...x.....x.x.......x........x.......x.x....xx...xx.";

static sk_host *test_get_host(void)
{
    static const char *const names[] = {"generator-search", "solver-fast", "solver-backtrack"};
    return gen_test_get_host(names, sizeof names / sizeof names[0], CHECK_SOLVER);
}

static sk_instance *test_generator(const char *name, const char *options)
{
    sk_instance_config config = {.solver = "fast"};
    sk_instance *inst = NULL;
    sk_error err;
    if (sk_instance_new(test_get_host(), SK_KIND_GENERATOR, name, options, &config, &inst, &err) !=
        0)
        fprintf(stderr, "%s\n", err.message);
    return inst;
}

/* A judge that accepts nothing and remembers what it was shown; fitness
 * is the number of blanks, so the search moves somewhere. */
typedef struct test_judge {
    sk_grid seen[MAX_SEEN], solutions[MAX_SEEN];
    int count;
    int stop_after; /* answer SK_ERR_STOPPED from this call on (0: never) */
} test_judge;

static int test_judge_fn(void *user, const sk_grid *puzzle, const sk_grid *solution,
                         sk_judgement *out, char *err, size_t errlen)
{
    test_judge *j = user;
    if (j->stop_after && j->count >= j->stop_after) {
        snprintf(err, errlen, "stopped");
        return SK_ERR_STOPPED;
    }
    if (j->count < MAX_SEEN) {
        j->seen[j->count] = *puzzle;
        j->solutions[j->count] = *solution;
    }
    j->count++;
    out->fitness = 81 - sk_grid_clues(puzzle);
    out->score = out->fitness;
    out->accepted = 0;
    return SK_OK;
}

static bool test_has_pattern(const sk_grid *puzzle)
{
    for (int c = 0; c < 81; c++)
        if ((puzzle->cells[c] != 0) != (test_pattern[c] == 'x'))
            return false;
    return true;
}

/* Run one episode of gen on request with judge j; returns the status. */
static int test_episode(sk_instance *gen, sk_gen_request req, test_judge *j, sk_gen_result *res)
{
    sk_error err;
    req.judge = test_judge_fn;
    req.judge_user = j;
    j->count = 0;
    return sk_instance_generate(gen, &req, res, &err);
}

/* Every candidate: one solution (the one the judge was given), minimal
 * when asked; the moves made new puzzles. */
static void test_check_candidates(const test_judge *j, bool minimal, bool pattern)
{
    int moved = 0;
    CHECK(j->count > 20);
    for (int i = 0; i < j->count && i < MAX_SEEN; i++) {
        sk_grid found;
        CHECK_INT(gen_test_count(&j->seen[i], &found), 1);
        CHECK(memcmp(&found, &j->solutions[i], sizeof found) == 0);
        if (minimal)
            CHECK(gen_test_is_minimal(&j->seen[i]));
        if (pattern)
            CHECK(test_has_pattern(&j->seen[i]));
        moved += i > 0 && memcmp(&j->seen[i], &j->seen[0], sizeof found) != 0;
    }
    CHECK(moved > 10);
}

static test_judge test_j, test_k;

static void test_vicinity_moves(void)
{
    sk_instance *gen = test_generator("vicinity", "episode=80,population=4");
    sk_grid seeds[6];
    for (int i = 0; i < 6; i++)
        CHECK_INT(gen_test_data_puzzle("hardest_60.txt", i * 7, &seeds[i]), 0);
    for (int minimal = 0; minimal < 2; minimal++) {
        sk_gen_request req = {.seed = 5, .index = 3, .minimal = minimal, .seeds = seeds,
                              .seed_count = 6};
        sk_gen_result res;
        CHECK_INT(test_episode(gen, req, &test_j, &res), SK_ERR_LIMIT);
        test_check_candidates(&test_j, minimal, false);
        /* The fittest it met comes back with the miss. */
        CHECK_INT(gen_test_count(&res.puzzle, NULL), 1);
    }
    sk_instance_free(gen);
}

static void test_pattern_moves(void)
{
    sk_instance *gen = test_generator("clue-pattern", "episode=60");
    for (int minimal = 0; minimal < 2; minimal++) {
        sk_gen_request req = {.seed = 8, .minimal = minimal};
        for (int c = 0; c < 81; c++)
            req.pattern[c] = test_pattern[c] == 'x';
        sk_gen_result res;
        CHECK_INT(test_episode(gen, req, &test_j, &res), SK_ERR_LIMIT);
        test_check_candidates(&test_j, minimal, true);
        CHECK(test_has_pattern(&res.puzzle));
    }
    sk_instance_free(gen);
}

/* The same seed and index: the same candidates in the same order. */
static void test_reproducible(void)
{
    sk_instance *gen = test_generator("vicinity", "episode=40");
    sk_grid seeds[3];
    for (int i = 0; i < 3; i++)
        CHECK_INT(gen_test_data_puzzle("hardest_60.txt", i, &seeds[i]), 0);
    sk_gen_request req = {.seed = 11, .index = 1, .seeds = seeds, .seed_count = 3};
    sk_gen_result a, b;
    CHECK_INT(test_episode(gen, req, &test_j, &a), SK_ERR_LIMIT);
    CHECK_INT(test_episode(gen, req, &test_k, &b), SK_ERR_LIMIT);
    CHECK_INT(test_j.count, test_k.count);
    CHECK(memcmp(test_j.seen, test_k.seen, sizeof test_j.seen) == 0);
    req.index = 2;
    CHECK_INT(test_episode(gen, req, &test_k, &b), SK_ERR_LIMIT);
    CHECK(memcmp(test_j.seen + 12, test_k.seen + 12, 20 * sizeof(sk_grid)) != 0);
    sk_instance_free(gen);
}

/* A judge that says stop ends the episode at once with its status. */
static void test_judge_stops(void)
{
    sk_instance *gen = test_generator("vicinity", NULL);
    sk_grid seed;
    CHECK_INT(gen_test_data_puzzle("hardest_60.txt", 0, &seed), 0);
    sk_gen_request req = {.seed = 1, .seeds = &seed, .seed_count = 1};
    sk_gen_result res;
    test_j.stop_after = 5;
    CHECK_INT(test_episode(gen, req, &test_j, &res), SK_ERR_STOPPED);
    CHECK_INT(test_j.count, 5);
    test_j.stop_after = 0;
    sk_instance_free(gen);
}

static void test_bad_requests(void)
{
    sk_instance *vicinity = test_generator("vicinity", NULL);
    sk_instance *pattern = test_generator("clue-pattern", NULL);
    sk_grid seed;
    CHECK_INT(gen_test_data_puzzle("hardest_60.txt", 0, &seed), 0);
    sk_gen_result res;
    sk_error err;
    sk_gen_request none = {.seed = 1};
    CHECK_INT(sk_instance_generate(vicinity, &none, &res, &err), SK_ERR);
    CHECK(strstr(err.message, "needs seed puzzles") != NULL);
    CHECK_INT(sk_instance_generate(pattern, &none, &res, &err), SK_ERR);
    CHECK(strstr(err.message, "needs a clue pattern") != NULL);
    sk_gen_request sym = {.seed = 1, .symmetry = SK_SYM_ROT180, .seeds = &seed, .seed_count = 1};
    CHECK_INT(sk_instance_generate(vicinity, &sym, &res, &err), SK_ERR);
    CHECK(strstr(err.message, "symmetry") != NULL);
    sk_gen_request sparse = {.seed = 1};
    for (int c = 0; c < 10; c++)
        sparse.pattern[c * 8] = 1;
    CHECK_INT(sk_instance_generate(pattern, &sparse, &res, &err), SK_ERR);
    CHECK(strstr(err.message, "has 10 clues") != NULL);
    sk_instance *bad = NULL;
    CHECK_INT(sk_instance_new(test_get_host(), SK_KIND_GENERATOR, "vicinity", "remove=9", NULL,
                              &bad, &err),
              -1);
    CHECK(strstr(err.message, "bad value '9' for remove") != NULL);
    sk_instance_free(vicinity);
    sk_instance_free(pattern);
}

static const ski_test_case cases[] = {
    {"vicinity_moves", test_vicinity_moves}, {"pattern_moves", test_pattern_moves},
    {"reproducible", test_reproducible},     {"judge_stops", test_judge_stops},
    {"bad_requests", test_bad_requests},
};

SK_TEST_MAIN(cases)
