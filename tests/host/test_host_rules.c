/* The host and ABI 1.2: constraint plugins loaded and checked (each defect
 * refused by name), a plugin built for ABI 1.1 loaded and run unchanged,
 * solving and generating under any rules with its checks, and the
 * services a strategy of any rules leans on. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudokit/grid.h"
#include "sudokit/host.h"
#include "sudokit/rules.h"

static const char *const host_puzzle =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/* Load file of the broken-constraint folder into a fresh host: the error
 * (static buffer) or NULL when it loaded. */
static const char *constraint_load_error(const char *file)
{
    static sk_error err;
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", SK_TEST_BROKEN_CONSTRAINT_DIR, file);
    sk_host *host = sk_host_new_empty();
    int status = sk_host_load(host, path, &err);
    CHECK_INT(sk_host_strategy_count(host), status == 0 ? 1 : 0);
    sk_host_free(host);
    return status == 0 ? NULL : err.message;
}

static void constraint_defects_are_refused_by_name(void)
{
    static const struct {
        const char *file, *want;
    } cases[] = {
        {"no_parse.so", "no_parse.so: constraint 'odd-corner' has no parse function"},
        {"no_syntax.so", "constraint 'odd-corner' has no syntax line"},
        {"no_table.so", "constraint 'odd-corner' has no constraint table"},
        {"old_table.so", "has no complete constraint table (its struct_size is smaller than "
                         "ABI 1.2's)"},
        {"half_custom.so", "constraint 'odd-corner' has no propagate function (it has check: "
                           "customs need both)"},
        {"bad_name.so", "bad_name.so: constraint #1: missing or bad name '9x9': a constraint "
                        "is named by its spec term"},
        {"jigsaw.so", "missing or bad name 'jigsaw'"},
        {"abi11.so", "abi11.so: strategy #1: unknown kind 4"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *err = constraint_load_error(cases[i].file);
        if (!err || !strstr(err, cases[i].want))
            fprintf(stderr, "%s: %s\n", cases[i].file, err ? err : "loaded");
        CHECK(err && strstr(err, cases[i].want));
    }
    CHECK(constraint_load_error("sound.so") == NULL);
    CHECK(constraint_load_error("no_callbacks.so") == NULL); /* no custom: nothing needed */
}

/* A host with one file of the broken-constraint folder. */
static sk_host *host_with_constraint(const char *file)
{
    char path[1024];
    sk_error err;
    snprintf(path, sizeof path, "%s/%s", SK_TEST_BROKEN_CONSTRAINT_DIR, file);
    sk_host *host = sk_host_new_empty();
    CHECK_INT(sk_host_load(host, path, &err), 0);
    return host;
}

static void a_custom_rule_compiles_and_checks(void)
{
    sk_host *host = host_with_constraint("sound.so");
    const sk_rules *rules = NULL;
    sk_rules_error error;
    CHECK_INT(sk_rules_compile(host, "9x9 odd-corner", &rules, &error), 0);
    CHECK(rules && rules->custom_count == 1 && rules->customs[0].count == 1);
    CHECK(rules && rules->digit_symmetry == SK_DIGITS_FIXED);
    CHECK(rules && strcmp(rules->customs[0].mark, "odd") == 0);
    sk_board board;
    size_t column;
    CHECK_INT(sk_rules_parse_board(rules,
                                   "2..............................................."
                                   "..................................",
                                   81, &board, &column),
              0);
    sk_rules_break broken;
    CHECK(!sk_rules_check_givens(rules, &board, &broken));
    CHECK_INT(broken.part, SK_RULES_CUSTOM);
    CHECK_STR(broken.why, "the odd at r1c1: r1c1 holds 2, an even digit");
    board.cells[0] = 3;
    CHECK(sk_rules_check_givens(rules, &board, NULL));
    sk_instance *instance;
    sk_error err;
    CHECK(sk_instance_new(host, SK_KIND_CONSTRAINT, "odd-corner", NULL, NULL, &instance, &err) !=
          0);
    CHECK(strstr(err.message, "constraint 'odd-corner' has no instances: name it in a rules spec"));
    sk_rules_free(rules); /* the state goes with the value, through free_state */
    sk_host_free(host);
}

static void a_custom_without_callbacks_is_refused(void)
{
    sk_host *host = host_with_constraint("no_callbacks.so");
    const sk_rules *rules = NULL;
    sk_rules_error error;
    CHECK(sk_rules_compile(host, "9x9 odd-corner", &rules, &error) != 0 && !rules);
    CHECK(strstr(error.message, "odd-corner: the constraint emitted a custom rule but has no "
                                "check and propagate functions (a bug in plugin "
                                "'broken-constraint'") != NULL);
    CHECK(strstr(error.message, "no_callbacks.so") != NULL);
    sk_host_free(host);
}

static sk_host *host_with(const char *const *files, size_t count)
{
    sk_error err;
    sk_host *host = sk_host_new_empty();
    for (size_t i = 0; i < count; i++)
        CHECK_INT(sk_host_load(host, files[i], &err), 0);
    return host;
}

static void an_abi11_plugin_loads_and_runs(void)
{
    static const char *const files[] = {SK_TEST_ABI11};
    sk_host *host = host_with(files, 1);
    const sk_host_strategy *entry = sk_host_find(host, SK_KIND_SOLVER, "abi11");
    CHECK(entry && entry->strategy->struct_size < sizeof(sk_strategy));
    sk_instance *solver;
    sk_error err;
    CHECK_INT(sk_instance_new(host, SK_KIND_SOLVER, "abi11", NULL,
                              &(sk_instance_config){.verify = true}, &solver, &err),
              0);
    sk_grid puzzle, solution;
    size_t col;
    CHECK_INT(sk_grid_parse_line(&puzzle, host_puzzle, 81, &col), 0);
    CHECK_INT(sk_instance_solve(solver, &puzzle, 2, &solution, NULL, &err), 1);
    sk_solve_stats stats;
    CHECK_INT(sk_instance_solve(solver, &puzzle, 2, &solution, &stats, &err), 1);
    CHECK_INT(stats.struct_size, sizeof stats);
    CHECK_INT(stats.guesses, 7);
    CHECK_INT(stats.nodes, 11);
    CHECK(!sk_instance_solves_rules(solver));
    const sk_rules *classic = NULL, *small = NULL;
    sk_rules_error error;
    CHECK_INT(sk_rules_compile(host, "9x9", &classic, &error), 0);
    CHECK_INT(sk_rules_compile(host, "6x6", &small, &error), 0);
    sk_board board, answer;
    sk_board_from_grid(&board, &puzzle);
    CHECK_INT(sk_instance_solve_rules(solver, classic, &board, 2, &answer, NULL, &err),
              1); /* classic rules take the classic solve */
    CHECK(memcmp(answer.cells, solution.cells, 81) == 0);
    memset(&board, 0, sizeof board);
    CHECK_INT(sk_instance_solve_rules(solver, small, &board, 2, &answer, NULL, &err), SK_ERR);
    CHECK(strstr(err.message, "solver 'abi11': solves classic 9x9 only, not '6x6'"));
    sk_rules_free(classic);
    sk_rules_free(small);
    sk_instance_free(solver);

    /* Its generator fills the result of ABI 1.1, which the host reads. */
    sk_instance *generator;
    CHECK_INT(sk_instance_new(host, SK_KIND_GENERATOR, "abi11", NULL,
                              &(sk_instance_config){.solver = "abi11", .verify = true}, &generator,
                              &err),
              0);
    sk_gen_request request = {.struct_size = sizeof request, .seed = 1};
    sk_gen_result result;
    CHECK_INT(sk_instance_generate(generator, &request, &result, &err), SK_OK);
    CHECK_INT(result.struct_size, sizeof result);
    CHECK(memcmp(result.puzzle.cells, puzzle.cells, 81) == 0);
    CHECK(sk_grid_solves(&result.puzzle, &result.solution));
    CHECK_INT(result.attempts, 3);
    sk_instance_free(generator);
    sk_host_free(host);
}

/* The reference plugin's strategies work on rules only. */
static void strategies_of_rules_only(void)
{
    static const char *const files[] = {SK_TEST_REFERENCE, SK_TEST_ABI11};
    sk_host *host = host_with(files, 2);
    CHECK_STR(sk_host_default_rules_solver(host), "reference");
    sk_instance *solver, *generator;
    sk_error err;
    sk_instance_config config = {.solver = "abi11", .verify = true};
    CHECK_INT(sk_instance_new(host, SK_KIND_SOLVER, "reference", NULL, &config, &solver, &err), 0);
    CHECK(sk_instance_solves_rules(solver));
    sk_grid puzzle, solution;
    size_t col;
    CHECK_INT(sk_grid_parse_line(&puzzle, host_puzzle, 81, &col), 0);
    CHECK_INT(sk_instance_solve(solver, &puzzle, 2, &solution, NULL, &err), 1);
    CHECK(sk_grid_solves(&puzzle, &solution));
    puzzle.cells[2] = 5; /* a second 5 in row 1 */
    CHECK_INT(sk_instance_solve(solver, &puzzle, 2, &solution, NULL, &err), SK_ERR_INVALID);
    /* a generator of rules only makes classic puzzles too, checked by the
     * chosen (classic) solver */
    CHECK_INT(
        sk_instance_new(host, SK_KIND_GENERATOR, "reference", NULL, &config, &generator, &err), 0);
    sk_gen_result result;
    CHECK_INT(sk_instance_generate(generator, &(sk_gen_request){.seed = 7}, &result, &err), SK_OK);
    CHECK(sk_grid_solves(&result.puzzle, &result.solution));
    CHECK(sk_grid_clues(&result.puzzle) < 40);
    sk_instance_free(generator);
    sk_instance_free(solver);
    sk_host_free(host);
}

/* Counts 0, 1 and 2+ under rules through the host. */
static void solving_any_rules_counts(void)
{
    static const char *const files[] = {SK_TEST_REFERENCE,
                                        SK_TEST_PLUGIN_DIR "/sk-constraint-houses.so"};
    sk_host *host = host_with(files, 2);
    sk_instance *solver;
    sk_error err;
    CHECK_INT(sk_instance_new(host, SK_KIND_SOLVER, "reference", NULL,
                              &(sk_instance_config){.verify = true}, &solver, &err),
              0);
    const sk_rules *rules = NULL, *small = NULL;
    sk_rules_error error;
    CHECK_INT(sk_rules_compile(host, "6x6 x", &rules, &error), 0);
    sk_board board, answer;
    size_t col;
    /* kinnison/kaji "Wormhole Sixxtreme" (tests/data/rules/puzzles.txt) */
    CHECK_INT(sk_rules_parse_board(rules, ".41.2............53..............46.", 36, &board, &col),
              0);
    CHECK_INT(sk_instance_solve_rules(solver, rules, &board, 2, &answer, NULL, &err), 1);
    CHECK(sk_rules_solves(rules, &board, &answer));
    memset(&board, 0, sizeof board);
    CHECK_INT(sk_instance_solve_rules(solver, rules, &board, 2, NULL, NULL, &err), 2);
    board.cells[0] = board.cells[7] = 1; /* r1c1 and r2c2: 1 twice on the main diagonal */
    CHECK_INT(sk_instance_solve_rules(solver, rules, &board, 2, NULL, NULL, &err), SK_ERR_INVALID);
    CHECK(strstr(err.message, "the puzzle breaks the rules"));
    /* 4x4: r1c1 can hold nothing (2 and 3 in its row, 4 in its column, 1
     * in its box), though no given repeats */
    CHECK_INT(sk_rules_compile(host, "4x4", &small, &error), 0);
    CHECK_INT(sk_rules_parse_board(small, ".23..1..4.......", 16, &board, &col), 0);
    CHECK_INT(sk_instance_solve_rules(solver, small, &board, 2, NULL, NULL, &err), 0);
    sk_rules_free(small);
    sk_rules_free(rules);
    sk_instance_free(solver);
    sk_host_free(host);
}

/* A generator under rules: its result is checked under the rules it made,
 * and a generator that invents rules has them compiled. */
static void generating_under_rules(void)
{
    static const char *const files[] = {SK_TEST_REFERENCE,
                                        SK_TEST_PLUGIN_DIR "/sk-constraint-houses.so"};
    sk_host *host = host_with(files, 2);
    sk_instance *generator;
    sk_error err;
    sk_instance_config config = {.verify = true};
    CHECK_INT(
        sk_instance_new(host, SK_KIND_GENERATOR, "reference", NULL, &config, &generator, &err), 0);
    const sk_rules *rules = NULL, *made = NULL;
    sk_rules_error error;
    CHECK_INT(sk_rules_compile(host, "6x6 x", &rules, &error), 0);
    sk_gen_rules_result out;
    CHECK_INT(sk_instance_generate_rules(generator, rules, &(sk_gen_request){.seed = 1}, &out,
                                         &made, &err),
              SK_OK);
    CHECK(made == rules && out.spec == NULL);
    CHECK(sk_rules_solves(rules, &out.puzzle, &out.solution));
    sk_rules_free(made);
    sk_instance_free(generator);
    CHECK_INT(sk_instance_new(host, SK_KIND_GENERATOR, "reference", "rules=6X6:3x2 windoku",
                              &config, &generator, &err),
              0);
    CHECK_INT(sk_instance_generate_rules(generator, rules, &(sk_gen_request){.seed = 2}, &out,
                                         &made, &err),
              SK_OK);
    CHECK(made && strcmp(sk_rules_spec(made), "6x6:3x2 windoku") == 0);
    CHECK(made && sk_rules_solves(made, &out.puzzle, &out.solution));
    sk_rules_free(made);
    sk_instance_free(generator);
    CHECK_INT(sk_instance_new(host, SK_KIND_GENERATOR, "reference", "rules=6x6 nosuch", &config,
                              &generator, &err),
              0);
    CHECK_INT(sk_instance_generate_rules(generator, rules, &(sk_gen_request){.seed = 3}, &out,
                                         &made, &err),
              SK_ERR);
    CHECK(made == NULL && strstr(err.message, "column 5: unknown rule 'nosuch'"));
    sk_instance_free(generator);
    sk_rules_free(rules);
    sk_host_free(host);
}

static const ski_test_case host_rules_cases[] = {
    {"constraint_defects_are_refused_by_name", constraint_defects_are_refused_by_name},
    {"a_custom_rule_compiles_and_checks", a_custom_rule_compiles_and_checks},
    {"a_custom_without_callbacks_is_refused", a_custom_without_callbacks_is_refused},
    {"an_abi11_plugin_loads_and_runs", an_abi11_plugin_loads_and_runs},
    {"strategies_of_rules_only", strategies_of_rules_only},
    {"solving_any_rules_counts", solving_any_rules_counts},
    {"generating_under_rules", generating_under_rules},
};

SK_TEST_MAIN(host_rules_cases)
