/* The "variant" generator on rules it is given: generate -> solve round
 * trips for every family, symmetries only where the rules keep them,
 * minimal puzzles, clue targets, levels where a rater rates the rules,
 * reproducibility, and the requests it refuses. */
#include "variant_test.h"

/* A family of rules the generator is given, one spec each. */
static const char *const variant_families[] = {
    "4x4",
    "6x6",
    "6x6:3x2",
    "8x8",
    "9x9",
    "12x12",
    "9x9 x",
    "9x9 windoku",
    "9x9 disjoint",
    "9x9 centre-dot asterisk",
    "9x9 anti-knight",
    "9x9 anti-king",
    "6x6 non-consecutive",
    "9x9 kropki-white:r1c1+r1c2;r5c5+r5c6 kropki-black:r9c8+r9c9",
    "9x9 xv:x=r2c2+r2c3;v=r8c7+r8c8",
    "9x9 thermo:r1c1+r2c2+r3c3+r4c4",
    "9x9 arrow:r5c5-r4c4+r3c3",
    "4x4 jigsaw:aaabcabbccdbcddd",
    "9x9 jigsaw:aabbbbcccaaddbbbbcadddbccccadddeeefcaaedegeffhaeeegggfhhhhigggfhiiiiggffhhhiiiiff",
    "5x5:none",
};

/* The cell sym maps cell to in an N x N grid (the test's own map). */
static uint32_t image(sk_symmetry sym, uint32_t n, uint32_t cell)
{
    uint32_t r = cell / n, c = cell % n;
    return sym == SK_SYM_ROT180   ? (n - 1 - r) * n + (n - 1 - c)
           : sym == SK_SYM_ROT90  ? c * n + (n - 1 - r)
           : sym == SK_SYM_MIRROR ? r * n + (n - 1 - c)
           : sym == SK_SYM_DIAGONAL ? c * n + r
                                    : cell;
}

/* The clues of the puzzle made have symmetry sym. */
static bool has_symmetry(const variant_made *made, sk_symmetry sym)
{
    uint32_t n = made->rules->size;
    for (uint32_t c = 0; c < n * n; c++)
        if (!made->out.puzzle.cells[c] != !made->out.puzzle.cells[image(sym, n, c)])
            return false;
    return true;
}

/* Three puzzles of every family, each solved back to its solution. */
static void families_round_trip(void)
{
    sk_error err;
    sk_instance *gen = variant_generator(NULL, &err);
    CHECK(gen != NULL);
    for (size_t f = 0; gen && f < sizeof variant_families / sizeof variant_families[0]; f++) {
        const sk_rules *rules = variant_rules(variant_families[f]);
        for (uint64_t i = 0; rules && i < 3; i++) {
            variant_made made;
            variant_make(gen, rules, (sk_gen_request){0}, 26, i, &made);
            if (made.status != SK_OK)
                fprintf(stderr, "'%s' puzzle %llu: %s\n", variant_families[f],
                        (unsigned long long)i, made.err.message);
            CHECK_INT(made.status, SK_OK);
            /* rules given are the rules made: no spec invented */
            CHECK(made.rules == rules);
            CHECK(variant_clues(rules, &made.out.puzzle) < variant_cells(rules));
            variant_check_round_trip(&made);
            variant_release(&made);
        }
        sk_rules_free(rules);
    }
    sk_instance_free(gen);
}

/* sym asked under spec (with options): made and shown by the clues when
 * want is NULL, else refused with a message holding want. */
static void try_symmetry(const char *spec, sk_symmetry sym, const char *options, const char *want)
{
    sk_error err;
    sk_instance *gen = variant_generator(options, &err);
    const sk_rules *rules = variant_rules(spec);
    variant_made made;
    variant_make(gen, rules, (sk_gen_request){.symmetry = sym}, 5, 0, &made);
    if ((made.status != SK_OK) != (want != NULL) || (want && !strstr(made.err.message, want)))
        fprintf(stderr, "'%s' %d: %s\n  wanted: %s\n", spec, (int)sym, made.err.message,
                want ? want : "a puzzle");
    CHECK_INT(made.status, want ? SK_ERR : SK_OK);
    if (want)
        CHECK(strstr(made.err.message, want) != NULL);
    if (made.status == SK_OK) {
        CHECK_INT(made.out.symmetry, sym);
        CHECK(has_symmetry(&made, sym));
        variant_check_round_trip(&made);
    }
    variant_release(&made);
    sk_rules_free(rules);
    sk_instance_free(gen);
}

/* A symmetry is made only where the rules' geometry and terms keep it. */
static void symmetry_where_kept(void)
{
    try_symmetry("9x9 x", SK_SYM_ROT90, NULL, NULL);
    try_symmetry("9x9 windoku", SK_SYM_ROT180, NULL, NULL);
    try_symmetry("6x6", SK_SYM_ROT180, NULL, NULL);
    try_symmetry("6x6", SK_SYM_MIRROR, NULL, NULL);
    try_symmetry("8x8", SK_SYM_ROT180, NULL, NULL);
    try_symmetry("9x9 anti-knight", SK_SYM_DIAGONAL, NULL, NULL);
    try_symmetry("4x4", SK_SYM_ROT90, NULL, NULL);
    try_symmetry("6x6", SK_SYM_ROT90, NULL,
                 "symmetry rot90 does not keep the rules '6x6': choose one of none, rot180, "
                 "mirror");
    try_symmetry("6x6", SK_SYM_DIAGONAL, NULL, "choose one of none, rot180, mirror");
    try_symmetry("9x9 thermo:r1c1+r2c2+r3c3", SK_SYM_ROT180, NULL,
                 "symmetry rot180 does not keep the rules '9x9 thermo:r1c1+r2c2+r3c3': "
                 "choose one of none, diagonal");
    try_symmetry("9x9 diagonal+", SK_SYM_MIRROR, NULL, "choose one of none, rot180, diagonal");
    try_symmetry("6x6", SK_SYM_DIAGONAL, "regions=random",
                 "symmetry diagonal does not keep the rules '6x6' with a random jigsaw layout");
}

/* symmetry=random picks, per puzzle, none or a symmetry the rules keep. */
static void random_symmetry_is_kept(void)
{
    sk_error err;
    sk_instance *gen = variant_generator("symmetry=random", &err);
    const sk_rules *rules = variant_rules("6x6");
    int seen[SK_SYM_RANDOM + 1] = {0};
    for (uint64_t i = 0; i < 24; i++) {
        variant_made made;
        variant_make(gen, rules, (sk_gen_request){0}, 3, i, &made);
        CHECK_INT(made.status, SK_OK);
        CHECK(made.out.symmetry != SK_SYM_ROT90 && made.out.symmetry != SK_SYM_DIAGONAL);
        CHECK(has_symmetry(&made, made.out.symmetry));
        seen[made.out.symmetry]++;
        variant_release(&made);
    }
    CHECK(seen[SK_SYM_NONE] > 0 && seen[SK_SYM_ROT180] > 0 && seen[SK_SYM_MIRROR] > 0);
    sk_rules_free(rules);
    sk_instance_free(gen);
}

/* Minimal puzzles lose uniqueness with any clue gone, with and without a
 * symmetry (whose orbits the generator checks clue by clue). */
static void minimal_when_asked(void)
{
    static const struct {
        const char *spec;
        sk_symmetry sym;
    } cases[] = {{"6x6", SK_SYM_NONE},         {"6x6", SK_SYM_ROT180},
                 {"9x9 x", SK_SYM_NONE},       {"9x9 anti-king", SK_SYM_ROT180},
                 {"8x8", SK_SYM_MIRROR},       {"9x9 thermo:r1c1+r2c2+r3c3", SK_SYM_NONE}};
    sk_error err;
    sk_instance *gen = variant_generator("minimal=1", &err);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const sk_rules *rules = variant_rules(cases[i].spec);
        variant_made made;
        variant_make(gen, rules, (sk_gen_request){.symmetry = cases[i].sym}, 11, i, &made);
        CHECK_INT(made.status, SK_OK);
        if (made.status == SK_OK) {
            CHECK(made.out.minimal);
            CHECK(has_symmetry(&made, cases[i].sym));
            variant_check_round_trip(&made);
            variant_check_minimal(&made);
        }
        variant_release(&made);
        sk_rules_free(rules);
    }
    sk_instance_free(gen);
}

/* A clue target gives exactly that many clues (on 16x16 and 25x25 too:
 * so many clues that the tests' plain solver counts them at once). */
static void clue_target(void)
{
    static const struct {
        const char *spec;
        int clues;
        sk_symmetry sym;
    } cases[] = {{"6x6", 14, SK_SYM_NONE},     {"9x9 x", 26, SK_SYM_ROT180},
                 {"12x12", 80, SK_SYM_NONE},   {"16x16", 140, SK_SYM_ROT180},
                 {"25x25", 400, SK_SYM_ROT90}, {"25x25", 450, SK_SYM_NONE}};
    sk_error err;
    sk_instance *gen = variant_generator(NULL, &err);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const sk_rules *rules = variant_rules(cases[i].spec);
        variant_made made;
        sk_gen_request request = {.clues = cases[i].clues, .symmetry = cases[i].sym};
        variant_make(gen, rules, request, 8, i, &made);
        CHECK_INT(made.status, SK_OK);
        if (made.status == SK_OK) {
            CHECK_INT(variant_clues(rules, &made.out.puzzle), cases[i].clues);
            CHECK(has_symmetry(&made, cases[i].sym));
            variant_check_round_trip(&made);
        }
        variant_release(&made);
        sk_rules_free(rules);
    }
    sk_instance_free(gen);
}

/* A level is judged by the host's rater: classic rules through its rate,
 * others through the services' rate_rules (ABI 1.5); a rater that does
 * not rate the rules fails the dig with its name. */
static void levels_where_rated(void)
{
    sk_error err;
    sk_instance *gen = variant_generator(NULL, &err), *rater = NULL, *human = NULL;
    sk_instance_config config = {0};
    CHECK_INT(
        sk_instance_new(variant_host(), SK_KIND_RATER, "classic", NULL, &config, &rater, &err), 0);
    const sk_rules *classic = variant_rules("9x9"), *x = variant_rules("9x9 x");
    for (int level = 1; level <= 3; level++) {
        variant_made made;
        variant_make(gen, classic, (sk_gen_request){.level = level}, 4, (uint64_t)level, &made);
        CHECK_INT(made.status, SK_OK);
        sk_grid grid;
        sk_board_to_grid(&grid, &made.out.puzzle);
        sk_rating rating = {.struct_size = sizeof rating};
        CHECK_INT(sk_instance_rate(rater, &grid, &rating, NULL, NULL, &err), SK_OK);
        CHECK_INT(rating.level, level);
        variant_check_round_trip(&made);
        variant_release(&made);
    }
    variant_made made;
    variant_make(gen, x, (sk_gen_request){.level = 2}, 4, 0, &made);
    CHECK_INT(made.status, SK_ERR);
    CHECK(strstr(made.err.message, "the host's rater failed on the rules '9x9 x'") != NULL);
    sk_instance_free(gen);
    config = (sk_instance_config){.rater = "human", .verify = true};
    CHECK_INT(sk_instance_new(variant_host(), SK_KIND_GENERATOR, "variant", NULL, &config, &gen,
                              &err), 0);
    CHECK_INT(sk_instance_new(variant_host(), SK_KIND_RATER, "human", NULL, &(sk_instance_config){0},
                              &human, &err), 0);
    for (uint64_t index = 0; index < 2; index++) {
        variant_make(gen, x, (sk_gen_request){.level = 2}, 4, index, &made);
        CHECK_INT(made.status, SK_OK);
        sk_rating rating;
        CHECK_INT(sk_instance_rate_rules(human, x, &made.out.puzzle, &rating, NULL, NULL, &err),
                  SK_OK);
        CHECK_INT(rating.level, 2);
        variant_release(&made);
        variant_make(gen, x, (sk_gen_request){.rating_min = 1.5, .rating_max = 2}, 4, index,
                     &made);
        CHECK_INT(made.status, SK_OK);
        CHECK_INT(sk_instance_rate_rules(human, x, &made.out.puzzle, &rating, NULL, NULL, &err),
                  SK_OK);
        CHECK(rating.score >= 1.5 && rating.score <= 2);
        variant_release(&made);
    }
    sk_rules_free(classic);
    sk_rules_free(x);
    sk_instance_free(human);
    sk_instance_free(rater);
    sk_instance_free(gen);
}

/* The same seed and index give the same puzzle, from a fresh instance
 * too; another index another puzzle. */
static void reproducible_from_seed(void)
{
    static const char *const specs[] = {"6x6", "9x9 x", "9x9 anti-knight"};
    sk_error err;
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        const sk_rules *rules = variant_rules(specs[i]);
        sk_instance *one = variant_generator("symmetry=random", &err);
        sk_instance *two = variant_generator("symmetry=random", &err);
        variant_made a, b, c;
        variant_make(one, rules, (sk_gen_request){0}, 99, 4, &a);
        variant_make(two, rules, (sk_gen_request){0}, 99, 4, &b);
        variant_make(two, rules, (sk_gen_request){0}, 99, 5, &c);
        CHECK(a.status == SK_OK && b.status == SK_OK && c.status == SK_OK);
        CHECK(memcmp(&a.out.puzzle, &b.out.puzzle, sizeof a.out.puzzle) == 0);
        CHECK(memcmp(&a.out.solution, &b.out.solution, sizeof a.out.solution) == 0);
        CHECK_INT(a.out.symmetry, b.out.symmetry);
        CHECK(memcmp(&a.out.solution, &c.out.solution, sizeof a.out.solution) != 0);
        variant_release(&a);
        variant_release(&b);
        variant_release(&c);
        sk_instance_free(one);
        sk_instance_free(two);
        sk_rules_free(rules);
    }
}

/* Requests that cannot be met are refused at once, saying why. */
static void bad_requests(void)
{
    sk_error err;
    CHECK(variant_generator("colour=red", &err) == NULL);
    CHECK(strstr(err.message, "unknown option 'colour'; options are attempts=N") != NULL);
    CHECK(variant_generator("cage-max=1", &err) == NULL);
    CHECK(strstr(err.message, "bad value '1' for cage-max") != NULL);
    CHECK(variant_generator("regions=sometimes", &err) == NULL);
    static const struct {
        const char *spec, *options;
        sk_gen_request request;
        const char *want;
    } cases[] = {
        {"4x4", NULL, {.clues = 16}, "16 clues asked; a 4x4 puzzle has 1 to 15"},
        {"6x6", NULL, {.clues = 13, .symmetry = SK_SYM_ROT90}, "cannot have rot90 symmetry"},
        {"9x9", NULL, {.level = 6}, "level 6 asked; levels are 1 to 5"},
        {"9x9 killer:10=r1c1+r1c2", "killer=1", {0}, "have cages already"},
        {"4x4", "killer=1,cage-max=5", {0}, "a cage of a 4x4 grid holds at most 4"},
        {"9x9", "killer=1", {.level = 1}, "not judged while drawing killer cages"},
        {"9x9 windoku", "regions=random", {0}, "do not hold on a random jigsaw layout"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sk_instance *gen = variant_generator(cases[i].options, &err);
        const sk_rules *rules = variant_rules(cases[i].spec);
        variant_made made;
        variant_make(gen, rules, cases[i].request, 1, 0, &made);
        CHECK_INT(made.status, SK_ERR);
        if (!strstr(made.err.message, cases[i].want))
            fprintf(stderr, "case %zu: %s\n  wanted: %s\n", i, made.err.message, cases[i].want);
        CHECK(strstr(made.err.message, cases[i].want) != NULL);
        variant_release(&made);
        sk_rules_free(rules);
        sk_instance_free(gen);
    }
}

/* The generator decides uniqueness by its own search: with no solver of
 * any rules loaded it still makes puzzles (given and invented rules,
 * 16x16 too), which the tests' solver then finds unique. */
static void no_rules_solver_needed(void)
{
    static const struct {
        const char *spec, *options;
    } cases[] = {{"9x9 x", NULL},          {"6x6 anti-king", NULL},
                 {"16x16", NULL},          {"9x9", "regions=random"},
                 {"6x6", "killer=1"},      {"9x9 thermo:r1c1+r2c2+r3c3", "minimal=1"}};
    static const char *const names[] = {"constraint-houses", "constraint-killer",
                                        "constraint-lines", "constraint-relations",
                                        "generator-variant"};
    char path[1024];
    sk_error err;
    sk_host *bare = sk_host_new_empty();
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(path, sizeof path, "%s/sk-%s.so", SK_TEST_PLUGIN_DIR, names[i]);
        CHECK_INT(sk_host_load(bare, path, &err), 0);
    }
    CHECK(sk_host_default_rules_solver(bare) == NULL);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sk_instance_config config = {0};
        sk_instance *gen = NULL;
        const sk_rules *rules = NULL;
        sk_rules_error error;
        CHECK_INT(sk_instance_new(bare, SK_KIND_GENERATOR, "variant", cases[i].options, &config,
                                  &gen, &err),
                  0);
        CHECK_INT(sk_rules_compile(bare, cases[i].spec, &rules, &error), 0);
        variant_made made;
        variant_make(gen, rules, (sk_gen_request){0}, 31, i, &made);
        if (made.status != SK_OK)
            fprintf(stderr, "'%s' %s: %s\n", cases[i].spec, cases[i].options, made.err.message);
        CHECK_INT(made.status, SK_OK);
        if (made.status == SK_OK) {
            /* checked again under the same spec compiled by the tests' host */
            const sk_rules *checked = variant_rules(sk_rules_spec(made.rules));
            variant_release(&made);
            made.rules = checked;
            variant_check_round_trip(&made);
            if (cases[i].options && strcmp(cases[i].options, "minimal=1") == 0)
                variant_check_minimal(&made);
        }
        variant_release(&made);
        sk_rules_free(rules);
        sk_instance_free(gen);
    }
    sk_host_free(bare);
}

static const ski_test_case cases[] = {
    {"no_rules_solver_needed", no_rules_solver_needed},
    {"families_round_trip", families_round_trip},
    {"symmetry_where_kept", symmetry_where_kept},
    {"random_symmetry_is_kept", random_symmetry_is_kept},
    {"minimal_when_asked", minimal_when_asked},
    {"clue_target", clue_target},
    {"levels_where_rated", levels_where_rated},
    {"reproducible_from_seed", reproducible_from_seed},
    {"bad_requests", bad_requests},
};

SK_TEST_MAIN(cases)
