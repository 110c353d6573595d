/* The solvers of any rules, "general" and "cover", through the host, on a
 * public or project-made puzzle of every rules family (sizes 4 to 25, both
 * 6x6 boxes, jigsaw, X, windoku, disjoint, anti-king, anti-knight,
 * non-consecutive, Kropki, XV, killer with and without sums, thermometers,
 * arrows): each finds the one known solution, which the core's checker
 * accepts; a given that contradicts it leaves none; the same givens under
 * weaker rules leave several; and the plugin mock's plain solver agrees on
 * every count up to 9x9. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudokit/host.h"
#include "sudokit/rules.h"

#define FAMILY_MAX 64

/* One puzzle of tests/data/rules/{puzzles,solvers}.txt. */
typedef struct family {
    char *name, *spec;
    const sk_rules *rules;
    sk_board givens, solution;
} family;

static sk_host *family_host;
static family families[FAMILY_MAX];
static size_t family_count;

/* The solvers under test; "reference" (the mock's) checks their counts. */
static const char *const family_solvers[] = {"general", "cover"};
#define FAMILY_SOLVERS (sizeof family_solvers / sizeof family_solvers[0])

static sk_host *host(void)
{
    if (family_host)
        return family_host;
    static const char *const files[] = {SK_TEST_PLUGIN_DIR "/sk-constraint-houses.so",
                                        SK_TEST_PLUGIN_DIR "/sk-constraint-killer.so",
                                        SK_TEST_PLUGIN_DIR "/sk-constraint-lines.so",
                                        SK_TEST_PLUGIN_DIR "/sk-constraint-relations.so",
                                        SK_TEST_PLUGIN_DIR "/sk-solver-general.so",
                                        SK_TEST_PLUGIN_DIR "/sk-solver-cover.so",
                                        SK_TEST_REFERENCE};
    sk_error err;
    family_host = sk_host_new_empty();
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        if (sk_host_load(family_host, files[i], &err) != 0) {
            fprintf(stderr, "%s\n", err.message);
            CHECK(0);
        }
    return family_host;
}

static const sk_rules *compile(const char *spec)
{
    const sk_rules *rules = NULL;
    sk_rules_error error;
    if (sk_rules_compile(host(), spec, &rules, &error) != 0)
        fprintf(stderr, "'%.60s': %s\n", spec, error.message);
    return rules;
}

static sk_instance *solver(const char *name)
{
    sk_instance *inst = NULL;
    sk_error err;
    if (sk_instance_new(host(), SK_KIND_SOLVER, name, NULL, &(sk_instance_config){.verify = true},
                        &inst, &err) != 0)
        fprintf(stderr, "%s\n", err.message);
    CHECK(inst != NULL);
    return inst;
}

/* Read NAME|SPEC|GIVENS|SOLUTION lines of one data file. */
static void family_read(const char *file)
{
    char path[1024];
    static char line[16384];
    snprintf(path, sizeof path, "%s/rules/%s", getenv("SUDOKIT_DATA"), file);
    FILE *in = fopen(path, "r");
    CHECK(in != NULL);
    while (in && fgets(line, sizeof line, in) && family_count < FAMILY_MAX) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        line[strcspn(line, "\n")] = '\0';
        char *name = strtok(line, "|"), *spec = strtok(NULL, "|"), *givens = strtok(NULL, "|"),
             *answer = strtok(NULL, "|");
        family *f = &families[family_count];
        size_t column;
        f->rules = compile(spec);
        CHECK(f->rules != NULL && givens && answer);
        if (!f->rules || !givens || !answer)
            continue;
        CHECK_INT(sk_rules_parse_board(f->rules, givens, strlen(givens), &f->givens, &column), 0);
        CHECK_INT(sk_rules_parse_board(f->rules, answer, strlen(answer), &f->solution, &column), 0);
        CHECK(sk_rules_solves(f->rules, &f->givens, &f->solution));
        f->name = strdup(name);
        f->spec = strdup(spec);
        family_count++;
    }
    if (in)
        fclose(in);
}

static void families_load(void)
{
    if (family_count)
        return;
    family_read("puzzles.txt");
    family_read("solvers.txt");
}

/* Count with solver under rules, limit 2 (or limit), checking any answer
 * with the core's checker. */
static int count(sk_instance *inst, const sk_rules *rules, const sk_board *givens, int limit,
                 sk_board *answer)
{
    sk_error err = {0};
    sk_board got;
    int found = sk_instance_solve_rules(inst, rules, givens, limit, &got, NULL, &err);
    if (found < 0)
        fprintf(stderr, "%s\n", err.message);
    if (found >= 1) {
        CHECK(sk_rules_check(rules, &got, NULL));
        CHECK(sk_rules_solves(rules, givens, &got));
        if (answer)
            *answer = got;
    }
    return found;
}

/* Which solvers family_counts runs. */
enum { FAMILY_SOLVERS_ONLY, FAMILY_WITH_REFERENCE, FAMILY_REFERENCE_ONLY };

/* Every solver, the mock's too or alone (which), finds want. */
static void family_counts(const family *f, const sk_rules *rules, const sk_board *givens, int want,
                          int which)
{
    for (size_t s = which == FAMILY_REFERENCE_ONLY ? FAMILY_SOLVERS : 0; s <= FAMILY_SOLVERS; s++) {
        if (s == FAMILY_SOLVERS && which == FAMILY_SOLVERS_ONLY)
            break;
        const char *name = s < FAMILY_SOLVERS ? family_solvers[s] : "reference";
        sk_instance *inst = solver(name);
        int found = inst ? count(inst, rules, givens, 2, NULL) : -1;
        if (found != want)
            fprintf(stderr, "%s under '%.60s': %s found %d, not %d\n", f->name, rules->spec, name,
                    found, want);
        CHECK_INT(found, want);
        sk_instance_free(inst);
    }
}

static void each_family_has_its_one_solution(void)
{
    families_load();
    CHECK_INT(family_count, 34);
    sk_instance *inst[FAMILY_SOLVERS];
    for (size_t s = 0; s < FAMILY_SOLVERS; s++)
        inst[s] = solver(family_solvers[s]);
    for (size_t i = 0; i < family_count; i++) {
        const family *f = &families[i];
        for (size_t s = 0; s < FAMILY_SOLVERS && inst[s]; s++) {
            sk_board got;
            int found = count(inst[s], f->rules, &f->givens, 2, &got);
            if (found != 1)
                fprintf(stderr, "%s: %s found %d solutions\n", f->name, family_solvers[s], found);
            CHECK_INT(found, 1);
            CHECK(found != 1 || memcmp(got.cells, f->solution.cells, sizeof got.cells) == 0);
            /* every cell given: the grid itself */
            CHECK_INT(count(inst[s], f->rules, &f->solution, 2, NULL), 1);
        }
        /* a third search, the plugin mock's plain one (up to 9x9) */
        if (f->rules->size <= 9)
            family_counts(f, f->rules, &f->givens, 1, FAMILY_REFERENCE_ONLY);
    }
    for (size_t s = 0; s < FAMILY_SOLVERS; s++)
        sk_instance_free(inst[s]);
}

/* The first blank cell given a digit other than the solution's that no
 * filled cell forbids outright: since the solution is the only one, the
 * puzzle then has none. */
static void no_solution_after_a_wrong_given(void)
{
    families_load();
    for (size_t i = 0; i < family_count; i++) {
        const family *f = &families[i];
        sk_board wrong = f->givens;
        uint32_t cells = f->rules->size * f->rules->size, cell = 0;
        while (cell < cells && wrong.cells[cell])
            cell++;
        bool placed = false;
        for (uint8_t d = 1; d <= f->rules->size && !placed; d++) {
            wrong.cells[cell] = d;
            placed = d != f->solution.cells[cell] && sk_rules_check_givens(f->rules, &wrong, NULL);
        }
        CHECK(placed);
        family_counts(f, f->rules, &wrong, 0,
                      f->rules->size <= 9 ? FAMILY_WITH_REFERENCE : FAMILY_SOLVERS_ONLY);
    }
}

/* The spec without its terms but for killer cages, which lose their sums
 * (the geometry stays: size, boxes or jigsaw regions). */
static void family_weaker(const char *spec, char *out, size_t len)
{
    char *copy = strdup(spec), *save = NULL;
    size_t at = 0;
    for (char *word = strtok_r(copy, " ", &save); word; word = strtok_r(NULL, " ", &save)) {
        bool killer = strncmp(word, "killer:", 7) == 0;
        if (word != copy && strncmp(word, "jigsaw:", 7) != 0 && !killer)
            continue;
        if (at && at + 1 < len)
            out[at++] = ' ';
        bool item_start = false;
        for (const char *p = word; *p && at + 1 < len; p++) {
            bool digit = *p >= '0' && *p <= '9';
            if (killer && item_start && digit)
                continue;
            item_start = killer && (*p == ':' || *p == ';' || (item_start && digit));
            out[at++] = *p;
        }
    }
    out[at] = '\0';
    free(copy);
}

/* The same givens under weaker rules have two solutions or more; when the
 * rules have nothing to weaken, the empty grid has. */
static void several_solutions_under_weaker_rules(void)
{
    families_load();
    for (size_t i = 0; i < family_count; i++) {
        const family *f = &families[i];
        char weaker[16384];
        family_weaker(f->spec, weaker, sizeof weaker);
        const sk_rules *rules = compile(weaker);
        CHECK(rules != NULL);
        if (!rules)
            continue;
        sk_board givens = f->givens;
        if (strcmp(sk_rules_spec(rules), sk_rules_spec(f->rules)) == 0)
            memset(&givens, 0, sizeof givens);
        family_counts(f, rules, &givens, 2,
                      f->rules->size <= 9 ? FAMILY_WITH_REFERENCE : FAMILY_SOLVERS_ONLY);
        sk_rules_free(rules);
    }
}

/* The empty grid of the Miracle sudoku's rules has 72 solutions
 * (dclamage/SudokuSolver's MiracleCount, tests/data/rules/solvers.txt). */
static void miracle_rules_have_72_solutions(void)
{
    const sk_rules *rules = compile("9x9 anti-king anti-knight non-consecutive");
    sk_board empty = {{0}};
    for (size_t s = 0; rules && s < FAMILY_SOLVERS; s++) {
        sk_instance *inst = solver(family_solvers[s]);
        CHECK_INT(count(inst, rules, &empty, 100, NULL), 72);
        CHECK_INT(count(inst, rules, &empty, 72, NULL), 72);
        CHECK_INT(count(inst, rules, &empty, 5, NULL), 5);
        sk_instance_free(inst);
    }
    sk_rules_free(rules);
}

/* Givens that repeat a digit among peers (a house, a cage, an anti-knight
 * pair) or hold a digit past N break the rules: SK_ERR_INVALID. Givens
 * that only leave no solution (consecutive neighbours under
 * non-consecutive) give 0. */
static void broken_givens_are_refused(void)
{
    static const struct {
        const char *spec, *givens;
        int want;
    } cases[] = {
        {"6x6", "1.....1.............................", SK_ERR_INVALID},
        {"6x6:3x2", "1......1............................", SK_ERR_INVALID},
        {"4x4 killer:5=r1c1+r2c2", "2....2..........", SK_ERR_INVALID},
        {"9x9 anti-knight",
         "1.........1......................................................................",
         SK_ERR_INVALID},
        {"9x9 non-consecutive",
         "12...............................................................................", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const sk_rules *rules = compile(cases[i].spec);
        sk_board givens;
        size_t column;
        CHECK(rules && sk_rules_parse_board(rules, cases[i].givens, strlen(cases[i].givens),
                                            &givens, &column) == 0);
        for (size_t s = 0; rules && s < FAMILY_SOLVERS; s++) {
            sk_instance *inst = solver(family_solvers[s]);
            sk_error err = {0};
            CHECK_INT(sk_instance_solve_rules(inst, rules, &givens, 2, NULL, NULL, &err),
                      cases[i].want);
            sk_instance_free(inst);
        }
        /* a cell past N, which no reader makes but a caller of the ABI can */
        givens.cells[3] = 10;
        for (size_t s = 0; rules && s < FAMILY_SOLVERS; s++) {
            sk_instance *inst = solver(family_solvers[s]);
            CHECK_INT(sk_instance_solve_rules(inst, rules, &givens, 2, NULL, NULL, NULL),
                      SK_ERR_INVALID);
            sk_instance_free(inst);
        }
        sk_rules_free(rules);
    }
}

/* general with and without locked candidates: the same answers, and on
 * the 16x16 and 25x25 puzzles no more guesses with them. */
static void locked_candidates_keep_the_answers(void)
{
    families_load();
    sk_instance *on = NULL, *off = NULL;
    sk_error err;
    CHECK_INT(sk_instance_new(host(), SK_KIND_SOLVER, "general", "locked=on", NULL, &on, &err), 0);
    CHECK_INT(sk_instance_new(host(), SK_KIND_SOLVER, "general", "locked=off", NULL, &off, &err),
              0);
    for (size_t i = 0; on && off && i < family_count; i++) {
        const family *f = &families[i];
        sk_board a, b;
        sk_solve_stats with = {0}, without = {0};
        CHECK_INT(sk_instance_solve_rules(on, f->rules, &f->givens, 2, &a, &with, NULL), 1);
        CHECK_INT(sk_instance_solve_rules(off, f->rules, &f->givens, 2, &b, &without, NULL), 1);
        CHECK(memcmp(a.cells, b.cells, sizeof a.cells) == 0);
        if (f->rules->size >= 16)
            CHECK(with.guesses <= without.guesses);
        CHECK(with.nodes >= 1 && without.nodes > without.guesses);
    }
    sk_instance_free(on);
    sk_instance_free(off);
}

static void cleanup(void)
{
    for (size_t i = 0; i < family_count; i++) {
        sk_rules_free(families[i].rules);
        free(families[i].name);
        free(families[i].spec);
    }
    family_count = 0;
    sk_host_free(family_host);
    family_host = NULL;
}

/* cover keeps the relations that say more than "the digits differ" arc
 * consistent: on Clipped (thermometers, anti-king) and XV Kropki X it
 * guesses a few thousand times at most, where forward checking alone
 * guessed 2,675,201 and 624,177 times. */
static void cover_prunes_by_the_relations(void)
{
    families_load();
    static const char *const names[] = {"fp-clipped", "fp-xv-kropki-x"};
    sk_instance *inst = solver("cover");
    for (size_t k = 0; inst && k < sizeof names / sizeof names[0]; k++) {
        const family *f = NULL;
        for (size_t i = 0; i < family_count; i++)
            if (strcmp(families[i].name, names[k]) == 0)
                f = &families[i];
        CHECK(f != NULL);
        sk_solve_stats stats = {0};
        CHECK(f && sk_instance_solve_rules(inst, f->rules, &f->givens, 2, NULL, &stats, NULL) == 1);
        if (stats.guesses > 10000)
            fprintf(stderr, "%s: cover guessed %llu times\n", names[k],
                    (unsigned long long)stats.guesses);
        CHECK(stats.guesses <= 10000);
    }
    sk_instance_free(inst);
}

static const ski_test_case rules_solvers_cases[] = {
    {"each_family_has_its_one_solution", each_family_has_its_one_solution},
    {"no_solution_after_a_wrong_given", no_solution_after_a_wrong_given},
    {"several_solutions_under_weaker_rules", several_solutions_under_weaker_rules},
    {"miracle_rules_have_72_solutions", miracle_rules_have_72_solutions},
    {"broken_givens_are_refused", broken_givens_are_refused},
    {"locked_candidates_keep_the_answers", locked_candidates_keep_the_answers},
    {"cover_prunes_by_the_relations", cover_prunes_by_the_relations},
    {"cleanup", cleanup},
};

SK_TEST_MAIN(rules_solvers_cases)
