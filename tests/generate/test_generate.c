/* Tests of the random and dig generators and the classic rater, loaded through the host. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gen_test.h"
#include "sudokit/grid.h"
#include "sudokit/host.h"

/* Generation leans on "singles"; every answer is checked with "backtrack". */
#define GEN_SOLVER "singles"
#define CHECK_SOLVER "backtrack"

static sk_host *test_get_host(void)
{
    static const char *const names[] = {"generator-dig", "generator-random", "rater-classic",
                                        "solver-singles", "solver-backtrack"};
    return gen_test_get_host(names, sizeof names / sizeof names[0], CHECK_SOLVER);
}

/* A generator instance whose services use GEN_SOLVER and the classic rater. */
static sk_instance *test_generator(const char *name, const char *options)
{
    sk_instance_config config = {.solver = GEN_SOLVER, .rater = "classic"};
    sk_instance *inst = NULL;
    sk_error err;
    if (sk_instance_new(test_get_host(), SK_KIND_GENERATOR, name, options, &config, &inst, &err) !=
        0)
        fprintf(stderr, "%s\n", err.message);
    return inst;
}

static sk_instance *test_rater(void)
{
    sk_instance *inst = NULL;
    sk_error err;
    if (sk_instance_new(test_get_host(), SK_KIND_RATER, "classic", NULL, NULL, &inst, &err) != 0)
        fprintf(stderr, "%s\n", err.message);
    return inst;
}

/* The image of a cell under the generator of a symmetry. */
static int test_image(sk_symmetry sym, int cell)
{
    int r = cell / 9, c = cell % 9;
    switch (sym) {
    case SK_SYM_ROT180:
        return (8 - r) * 9 + 8 - c;
    case SK_SYM_ROT90:
        return c * 9 + 8 - r;
    case SK_SYM_MIRROR:
        return r * 9 + 8 - c;
    case SK_SYM_DIAGONAL:
        return c * 9 + r;
    default:
        return cell;
    }
}

/* Every generated puzzle: one solution by the other solver, equal to the
 * returned one, and the givens agree with it. */
static void test_check_result(const sk_gen_result *res)
{
    sk_grid found;
    CHECK_INT(gen_test_count(&res->puzzle, &found), 1);
    CHECK(memcmp(found.cells, res->solution.cells, 81) == 0);
    CHECK(sk_grid_solves(&res->puzzle, &res->solution));
}

static void test_check_symmetry(const sk_gen_result *res, sk_symmetry sym)
{
    for (int cell = 0; cell < 81; cell++) {
        int image = test_image(sym, cell);
        CHECK((res->puzzle.cells[cell] != 0) == (res->puzzle.cells[image] != 0));
    }
}

static int test_generate(sk_instance *gen, sk_gen_request req, uint64_t index, sk_gen_result *res)
{
    sk_error err;
    req.index = index;
    int rc = sk_instance_generate(gen, &req, res, &err);
    if (rc != SK_OK)
        fprintf(stderr, "generate failed: %s\n", err.message);
    return rc;
}

static void test_random_grids(void)
{
    sk_instance *gen = test_generator("random", NULL);
    CHECK(gen != NULL);
    sk_gen_request req = {.seed = 11};
    sk_gen_result a, b;
    int distinct = 0;
    sk_grid previous = {{0}};
    for (int i = 0; i < 50; i++) {
        CHECK_INT(test_generate(gen, req, (uint64_t)i, &a), SK_OK);
        CHECK_INT(sk_grid_clues(&a.puzzle), 81);
        CHECK(sk_grid_check(&a.puzzle, NULL));
        distinct += memcmp(previous.cells, a.puzzle.cells, 81) != 0;
        previous = a.puzzle;
        CHECK_INT(test_generate(gen, req, (uint64_t)i, &b), SK_OK);
        CHECK(memcmp(a.puzzle.cells, b.puzzle.cells, 81) == 0);
    }
    CHECK_INT(distinct, 50);
    sk_instance_free(gen);
}

static void test_random_fixed(void)
{
    sk_instance *gen = test_generator("random", NULL);
    sk_gen_request req = {.seed = 3};
    req.fixed.cells[0] = 5;
    req.fixed.cells[40] = 1;
    req.fixed.cells[80] = 9;
    sk_gen_result res;
    for (int i = 0; i < 20; i++) {
        CHECK_INT(test_generate(gen, req, (uint64_t)i, &res), SK_OK);
        CHECK(sk_grid_solves(&req.fixed, &res.solution));
    }
    sk_error err = {0};
    req.fixed.cells[1] = 5; /* 5 twice in row 1 */
    CHECK_INT(sk_instance_generate(gen, &req, &res, &err), SK_ERR_INVALID);
    CHECK(strstr(err.message, "row") != NULL);
    sk_gen_request clues = {.seed = 3, .clues = 30};
    CHECK(sk_instance_generate(gen, &clues, &res, &err) < 0);
    CHECK(strstr(err.message, "dig") != NULL);
    sk_instance_free(gen);
}

static void test_dig_symmetries(void)
{
    sk_instance *gen = test_generator("dig", NULL);
    CHECK(gen != NULL);
    int seen[SK_SYM_RANDOM] = {0};
    for (int sym = SK_SYM_NONE; sym <= SK_SYM_RANDOM; sym++) {
        sk_gen_request req = {.seed = 100 + (uint64_t)sym, .symmetry = (sk_symmetry)sym};
        for (int i = 0; i < 15; i++) {
            sk_gen_result res;
            CHECK_INT(test_generate(gen, req, (uint64_t)i, &res), SK_OK);
            test_check_result(&res);
            if (sym == SK_SYM_RANDOM) {
                CHECK(res.symmetry < SK_SYM_RANDOM);
                seen[res.symmetry % SK_SYM_RANDOM]++;
            } else {
                CHECK_INT(res.symmetry, sym);
            }
            test_check_symmetry(&res, res.symmetry);
        }
    }
    int kinds = 0;
    for (int s = 0; s < SK_SYM_RANDOM; s++)
        kinds += seen[s] > 0;
    CHECK(kinds >= 3);
    sk_instance_free(gen);
}

static void test_dig_minimal(void)
{
    sk_instance *gen = test_generator("dig", NULL);
    for (int sym = SK_SYM_NONE; sym < SK_SYM_RANDOM; sym++) {
        sk_gen_request req = {.seed = 7, .symmetry = (sk_symmetry)sym, .minimal = 1};
        for (int i = 0; i < 4; i++) {
            sk_gen_result res;
            CHECK_INT(test_generate(gen, req, (uint64_t)i, &res), SK_OK);
            test_check_result(&res);
            test_check_symmetry(&res, (sk_symmetry)sym);
            CHECK(res.minimal);
            CHECK(gen_test_is_minimal(&res.puzzle));
        }
    }
    sk_instance_free(gen);
}

static void test_dig_clues(void)
{
    sk_instance *gen = test_generator("dig", NULL);
    static const int targets[] = {24, 30, 45, 80};
    for (size_t t = 0; t < sizeof targets / sizeof targets[0]; t++) {
        sk_gen_request req = {.seed = 5, .clues = targets[t], .symmetry = SK_SYM_ROT180};
        for (int i = 0; i < 5; i++) {
            sk_gen_result res;
            CHECK_INT(test_generate(gen, req, (uint64_t)i, &res), SK_OK);
            CHECK_INT(sk_grid_clues(&res.puzzle), targets[t]);
            test_check_result(&res);
            test_check_symmetry(&res, SK_SYM_ROT180);
        }
    }
    sk_instance_free(gen);
}

static void test_dig_levels(void)
{
    sk_instance *gen = test_generator("dig", NULL);
    sk_instance *rater = test_rater();
    sk_error err;
    for (int level = 1; level <= 5; level++) {
        sk_gen_request req = {.seed = 9, .level = level};
        for (int i = 0; i < 3; i++) {
            sk_gen_result res;
            CHECK_INT(test_generate(gen, req, (uint64_t)i, &res), SK_OK);
            test_check_result(&res);
            sk_rating r = {0};
            CHECK_INT(sk_instance_rate(rater, &res.puzzle, &r, NULL, NULL, &err), SK_OK);
            CHECK_INT(r.level, level);
        }
    }
    sk_gen_request window = {.seed = 9, .rating_min = 4.0, .rating_max = 6.0};
    for (int i = 0; i < 3; i++) {
        sk_gen_result res;
        CHECK_INT(test_generate(gen, window, (uint64_t)i, &res), SK_OK);
        sk_rating r = {0};
        CHECK_INT(sk_instance_rate(rater, &res.puzzle, &r, NULL, NULL, &err), SK_OK);
        CHECK(r.score >= 4.0 && r.score <= 6.0);
    }
    sk_instance_free(rater);
    sk_instance_free(gen);
}

static void test_dig_reproducible(void)
{
    sk_instance *one = test_generator("dig", NULL);
    sk_instance *two = test_generator("dig", NULL);
    sk_gen_request req = {.seed = 2024, .symmetry = SK_SYM_RANDOM, .level = 3};
    for (int i = 0; i < 10; i++) {
        sk_gen_result a, b, c;
        CHECK_INT(test_generate(one, req, (uint64_t)i, &a), SK_OK);
        CHECK_INT(test_generate(two, req, (uint64_t)i, &b), SK_OK);
        CHECK(memcmp(&a.puzzle, &b.puzzle, sizeof a.puzzle) == 0);
        CHECK_INT(a.symmetry, b.symmetry);
        CHECK_INT(test_generate(one, req, (uint64_t)i + 1, &c), SK_OK);
        CHECK(memcmp(&a.puzzle, &c.puzzle, sizeof a.puzzle) != 0);
    }
    sk_instance_free(two);
    sk_instance_free(one);
}

static void test_dig_bad_requests(void)
{
    sk_instance *gen = test_generator("dig", NULL);
    sk_error err;
    sk_gen_result res;
    sk_gen_request few = {.clues = 10};
    CHECK_INT(sk_instance_generate(gen, &few, &res, &err), SK_ERR);
    CHECK(strstr(err.message, "17") != NULL);
    sk_gen_request level = {.level = 9};
    CHECK_INT(sk_instance_generate(gen, &level, &res, &err), SK_ERR);
    CHECK(strstr(err.message, "level 9") != NULL);
    sk_gen_request rot90 = {.clues = 30, .symmetry = SK_SYM_ROT90};
    CHECK_INT(sk_instance_generate(gen, &rot90, &res, &err), SK_ERR);
    CHECK(strstr(err.message, "rot90") != NULL);
    /* 18 clues is far below what digging reaches: the bound must end it. */
    sk_gen_request hard = {.clues = 18, .max_attempts = 3};
    CHECK_INT(sk_instance_generate(gen, &hard, &res, &err), SK_ERR_LIMIT);
    CHECK(strstr(err.message, "3 attempts") != NULL);
    sk_instance_free(gen);

    sk_instance *bad = NULL;
    sk_instance_config config = {.solver = GEN_SOLVER};
    CHECK(sk_instance_new(test_get_host(), SK_KIND_GENERATOR, "dig", "symmetry=spiral", &config,
                          &bad, &err) != 0);
    CHECK(strstr(err.message, "spiral") != NULL);
    CHECK(sk_instance_new(test_get_host(), SK_KIND_GENERATOR, "dig", "colour=red", &config, &bad,
                          &err) != 0);
    CHECK(strstr(err.message, "colour") != NULL);
    CHECK(bad == NULL);
}

static void test_dig_options(void)
{
    sk_instance *gen = test_generator("dig", "clues=40,symmetry=mirror");
    CHECK(gen != NULL);
    sk_gen_request req = {.seed = 1};
    sk_gen_result res;
    CHECK_INT(test_generate(gen, req, 0, &res), SK_OK);
    CHECK_INT(sk_grid_clues(&res.puzzle), 40);
    test_check_symmetry(&res, SK_SYM_MIRROR);
    sk_instance_free(gen);
}

/* Read the n-th puzzle of a data set. */
static int test_count_steps(void *user, const sk_step *step)
{
    sk_grid *g = user;
    if (step->kind == SK_STEP_PLACE && step->placed_count == 1) {
        if (g->cells[step->placed[0].cell])
            g->cells[step->placed[0].cell] = 10; /* placed twice: breaks the grid */
        else
            g->cells[step->placed[0].cell] = step->placed[0].digit;
    }
    return 0;
}

static int test_stop_at_first(void *user, const sk_step *step)
{
    (void)step;
    ++*(int *)user;
    return 1;
}

static void test_classic_rater(void)
{
    sk_instance *rater = test_rater();
    sk_instance *gen = test_generator("dig", NULL);
    sk_error err;
    sk_gen_request easy_req = {.seed = 77, .level = 1};
    sk_gen_result easy;
    CHECK_INT(test_generate(gen, easy_req, 0, &easy), SK_OK);
    sk_rating easy_r = {0}, hard_r = {0};
    CHECK_INT(sk_instance_rate(rater, &easy.puzzle, &easy_r, NULL, NULL, &err), SK_OK);
    for (int n = 0; n < 60; n += 6) {
        sk_grid hard;
        CHECK_INT(gen_test_data_puzzle("hardest_60.txt", n, &hard), 0);
        CHECK_INT(sk_instance_rate(rater, &hard, &hard_r, NULL, NULL, &err), SK_OK);
        CHECK(easy_r.score < hard_r.score);
        CHECK(easy_r.level < hard_r.level);
        CHECK_STR(hard_r.hardest, "Search");
    }
    CHECK_INT(easy_r.level, 1);

    /* The steps fill every empty cell exactly once, with the solution. */
    sk_grid filled = easy.puzzle;
    CHECK_INT(sk_instance_rate(rater, &easy.puzzle, &easy_r, test_count_steps, &filled, &err),
              SK_OK);
    CHECK(memcmp(filled.cells, easy.solution.cells, 81) == 0);
    int calls = 0;
    CHECK_INT(sk_instance_rate(rater, &easy.puzzle, &easy_r, test_stop_at_first, &calls, &err),
              SK_ERR_STOPPED);
    CHECK_INT(calls, 1);

    sk_grid empty = {{0}};
    CHECK_INT(sk_instance_rate(rater, &empty, &easy_r, NULL, NULL, &err), SK_ERR_INVALID);
    CHECK(strstr(err.message, "more than one") != NULL);
    sk_grid clash = easy.solution;
    clash.cells[0] = clash.cells[1];
    CHECK_INT(sk_instance_rate(rater, &clash, &easy_r, NULL, NULL, &err), SK_ERR_INVALID);
    sk_instance_free(gen);
    sk_instance_free(rater);
}

static const ski_test_case cases[] = {
    {"random_grids", test_random_grids},
    {"random_fixed", test_random_fixed},
    {"dig_symmetries", test_dig_symmetries},
    {"dig_minimal", test_dig_minimal},
    {"dig_clues", test_dig_clues},
    {"dig_levels", test_dig_levels},
    {"dig_reproducible", test_dig_reproducible},
    {"dig_bad_requests", test_dig_bad_requests},
    {"dig_options", test_dig_options},
    {"classic_rater", test_classic_rater},
};

SK_TEST_MAIN(cases)
