/* The solver conformance test: every solver the host loads, through the
 * host, on public data sets, 0/1/2+ solutions, invalid givens, statistics,
 * options, and a lying plugin. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudokit/grid.h"
#include "sudokit/host.h"
#include "sudokit/reader.h"

/*
 * The solvers are not named here: the host loads every plugin of the
 * build's plugin folder and each strategy of kind solver on its list is
 * tested. A solver whose options_help lists the values of an option as
 * key=a|b|c is also tested once per value, so that each copy of a solver
 * with several implementations (fast's simd=...) is checked on the machine
 * that runs the test. Such a value may be refused only because the
 * processor lacks what it needs: the refusal must say "processor", and is
 * printed.
 *
 * Two rules name solvers, for properties of theirs:
 *  - slow solvers search without propagating: some 17-clue puzzles take
 *    them minutes (row-major order meets the empty rows first), so they
 *    skip the 17-clue sample, and they guess even where singles suffice;
 *  - for same-search options, every value must search the same tree (the
 *    same guesses and nodes), not merely find the same answers.
 * A name on either list that no loaded solver has fails the test, so the
 * lists cannot go stale unnoticed.
 */
static const char *const solvers_slow[] = {"backtrack"};
static const struct {
    const char *solver, *key;
} solvers_same_search[] = {{"fast", "simd"}};

#define SOLVERS_MAX 32

/* Sizes of the samples taken from the data sets. */
#define SOLVERS_17_SAMPLE 200
#define SOLVERS_HARD_SAMPLE 30

/* One solver under test: a strategy with one choice of options. */
typedef struct solvers_entry {
    const char *name;
    char options[64]; /* "" or one "key=value" from options_help */
    char label[112];  /* name and options, for messages           */
    bool slow;
    sk_instance *inst;
} solvers_entry;

/* A host with every plugin loaded and one instance per entry. */
typedef struct solvers_set {
    sk_host *host;
    size_t count;
    solvers_entry entry[SOLVERS_MAX];
} solvers_set;

static const char *const solvers_easy =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

static void solvers_report(void *user, const char *message)
{
    (void)user;
    fprintf(stderr, "%s\n", message);
}

static bool solvers_is_slow(const char *name)
{
    for (size_t i = 0; i < sizeof solvers_slow / sizeof solvers_slow[0]; i++)
        if (strcmp(name, solvers_slow[i]) == 0)
            return true;
    return false;
}

/* Add an entry for solver name with options ("" for none). A refusal is a
 * failure, unless options is a listed value the processor lacks (listed is
 * true), which is printed and left out. */
static void solvers_add(solvers_set *set, const char *name, const char *options, bool listed)
{
    CHECK(set->count < SOLVERS_MAX);
    if (set->count >= SOLVERS_MAX)
        return;
    solvers_entry *e = &set->entry[set->count];
    sk_error err = {0};
    sk_instance_config config = {.verify = true};
    int status = sk_instance_new(set->host, SK_KIND_SOLVER, name, options, &config, &e->inst, &err);
    if (status != 0 && listed && strstr(err.message, "processor")) {
        fprintf(stderr, "note: solver %s %s not tested here: %s\n", name, options, err.message);
        return;
    }
    if (status != 0)
        fprintf(stderr, "solver %s %s: %s\n", name, options, err.message);
    CHECK_INT(status, 0);
    if (status != 0)
        return;
    e->name = name;
    snprintf(e->options, sizeof e->options, "%s", options);
    snprintf(e->label, sizeof e->label, "%s%s%s", name, options[0] ? " " : "", options);
    e->slow = solvers_is_slow(name);
    set->count++;
}

/* Add one entry per value of every option that help lists as key=a|b|c. */
static void solvers_add_listed(solvers_set *set, const char *name, const char *help)
{
    while (help && *help) {
        size_t len = strcspn(help, " ");
        const char *eq = memchr(help, '=', len), *bar = memchr(help, '|', len);
        if (eq && bar && len < 64) {
            char token[64];
            memcpy(token, help, len);
            token[len] = '\0';
            size_t key_len = (size_t)(eq - help);
            for (char *save = NULL, *value = strtok_r(token + key_len + 1, "|", &save); value;
                 value = strtok_r(NULL, "|", &save)) {
                char options[64];
                snprintf(options, sizeof options, "%.*s=%s", (int)key_len, help, value);
                solvers_add(set, name, options, true);
            }
        }
        help += len;
        help += strspn(help, " ");
    }
}

/* Check that every name the rules above give is a loaded solver. */
static void solvers_check_rules(const solvers_set *set)
{
    for (size_t i = 0; i < sizeof solvers_slow / sizeof solvers_slow[0]; i++)
        CHECK(sk_host_find(set->host, SK_KIND_SOLVER, solvers_slow[i]) != NULL);
    for (size_t i = 0; i < sizeof solvers_same_search / sizeof solvers_same_search[0]; i++)
        CHECK(sk_host_find(set->host, SK_KIND_SOLVER, solvers_same_search[i].solver) != NULL);
}

static int solvers_open(solvers_set *set)
{
    memset(set, 0, sizeof *set);
    sk_host_config config = {.plugin_path = SK_TEST_PLUGIN_DIR, .report = solvers_report};
    set->host = sk_host_new(&config);
    CHECK(set->host != NULL);
    if (!set->host)
        return -1;
    CHECK_INT(sk_host_problems(set->host), 0);
    for (size_t i = 0; i < sk_host_strategy_count(set->host); i++) {
        const sk_strategy *strategy = sk_host_strategy_at(set->host, i)->strategy;
        if (strategy->kind != SK_KIND_SOLVER)
            continue;
        solvers_add(set, strategy->name, "", false);
        solvers_add_listed(set, strategy->name, strategy->options_help);
    }
    solvers_check_rules(set);
    CHECK(set->count > 0);
    return set->count > 0 ? 0 : -1;
}

static void solvers_close(solvers_set *set)
{
    for (size_t i = 0; i < set->count; i++)
        sk_instance_free(set->entry[i].inst);
    sk_host_free(set->host);
}

/* Read up to max puzzles of $SUDOKIT_DATA/file into out; returns how many. */
static size_t solvers_read(const char *file, sk_grid *out, size_t max)
{
    const char *dir = getenv("SUDOKIT_DATA");
    if (!dir)
        fprintf(stderr, "set SUDOKIT_DATA to the folder holding %s (ctest sets it)\n", file);
    CHECK(dir != NULL);
    if (!dir)
        return 0;
    char path[1024];
    sk_error err;
    snprintf(path, sizeof path, "%s/%s", dir, file);
    sk_reader *reader = sk_reader_open(path, &err);
    if (!reader) {
        fprintf(stderr, "%s\n", err.message);
        CHECK(reader != NULL);
        return 0;
    }
    size_t n = 0;
    while (n < max) {
        sk_read_status status = sk_reader_next(reader, &out[n]);
        if (status == SK_READ_END)
            break;
        CHECK_INT(status, SK_READ_OK);
        if (status != SK_READ_OK)
            break;
        n++;
    }
    sk_reader_close(reader);
    CHECK_INT(n, max);
    return n;
}

static sk_grid solvers_grid(const char *line)
{
    sk_grid grid;
    size_t col;
    CHECK_INT(sk_grid_parse_line(&grid, line, strlen(line), &col), 0);
    return grid;
}

/* Whether entry e runs on a sample: slow solvers only when with_slow. */
static bool solvers_runs(const solvers_entry *e, bool with_slow)
{
    return with_slow || !e->slow;
}

/* A solver to make test puzzles with: the first that is not slow. */
static sk_instance *solvers_reference(const solvers_set *set)
{
    for (size_t i = 0; i < set->count; i++)
        if (!set->entry[i].slow)
            return set->entry[i].inst;
    return set->entry[0].inst;
}

/* Whether entries a and b are one solver with two values of a same-search
 * option. */
static bool solvers_same_search_pair(const solvers_entry *a, const solvers_entry *b)
{
    if (strcmp(a->name, b->name) != 0)
        return false;
    for (size_t i = 0; i < sizeof solvers_same_search / sizeof solvers_same_search[0]; i++) {
        size_t len = strlen(solvers_same_search[i].key);
        const char *oa = a->options[0] ? a->options : solvers_same_search[i].key;
        const char *ob = b->options[0] ? b->options : solvers_same_search[i].key;
        if (strcmp(a->name, solvers_same_search[i].solver) == 0 &&
            strncmp(oa, solvers_same_search[i].key, len) == 0 &&
            strncmp(ob, solvers_same_search[i].key, len) == 0)
            return true;
    }
    return false;
}

/* Solve puzzle with every solver (the slow ones too when with_slow), limit
 * 2, and check each finds exactly one solution, a correct one, the same
 * for all, and the same again with limit 1; entries of one solver that
 * differ in a same-search option must count the same guesses and nodes. */
static void solvers_agree_on(solvers_set *set, bool with_slow, const sk_grid *puzzle, size_t index)
{
    sk_grid reference = {{0}};
    sk_solve_stats stats[SOLVERS_MAX];
    bool first = true;
    for (size_t i = 0; i < set->count; i++) {
        const solvers_entry *e = &set->entry[i];
        if (!solvers_runs(e, with_slow))
            continue;
        sk_grid solution;
        sk_error err;
        stats[i] = (sk_solve_stats){0};
        int found = sk_instance_solve(e->inst, puzzle, 2, &solution, &stats[i], &err);
        if (found != 1)
            fprintf(stderr, "puzzle %zu, solver %s: %d solutions (%s)\n", index + 1, e->label,
                    found, err.message);
        CHECK_INT(found, 1);
        CHECK(sk_grid_solves(puzzle, &solution));
        if (first)
            reference = solution;
        else
            CHECK(memcmp(&reference, &solution, sizeof solution) == 0);
        first = false;
        found = sk_instance_solve(e->inst, puzzle, 1, &solution, NULL, &err);
        CHECK_INT(found, 1);
        CHECK(memcmp(&reference, &solution, sizeof solution) == 0);
        for (size_t j = 0; j < i; j++) {
            if (!solvers_runs(&set->entry[j], with_slow) ||
                !solvers_same_search_pair(&set->entry[j], e))
                continue;
            if (stats[j].guesses != stats[i].guesses || stats[j].nodes != stats[i].nodes)
                fprintf(stderr, "puzzle %zu: %s and %s searched different trees\n", index + 1,
                        set->entry[j].label, e->label);
            CHECK_INT(stats[j].guesses, stats[i].guesses);
            CHECK_INT(stats[j].nodes, stats[i].nodes);
        }
    }
}

static void every_solver_loads(void)
{
    solvers_set set;
    if (solvers_open(&set) != 0)
        return;
    for (size_t i = 0; i < set.count; i++) {
        const sk_host_strategy *found = sk_host_find(set.host, SK_KIND_SOLVER, set.entry[i].name);
        CHECK(found != NULL);
        CHECK(found && found->strategy->summary && found->strategy->summary[0]);
        fprintf(stderr, "solver under test: %s%s\n", set.entry[i].label,
                set.entry[i].slow ? " (slow: not on the 17-clue sample)" : "");
    }
    /* fast is the host's default, the solver behind every uniqueness check. */
    CHECK_STR(sk_host_default_name(set.host, SK_KIND_SOLVER), "fast");
    solvers_close(&set);
}

static void options_are_refused(void)
{
    solvers_set set;
    if (solvers_open(&set) != 0)
        return;
    for (size_t i = 0; i < set.count; i++) {
        const solvers_entry *e = &set.entry[i];
        const sk_strategy *strategy = sk_host_find(set.host, SK_KIND_SOLVER, e->name)->strategy;
        sk_instance *inst = NULL;
        sk_error err = {0};
        CHECK(sk_instance_new(set.host, SK_KIND_SOLVER, e->name, "depth=3", NULL, &inst, &err) !=
              0);
        CHECK(inst == NULL);
        CHECK(strstr(err.message, "depth") != NULL);
        /* A solver without options says so; one with options names them. */
        if (strategy->options_help)
            CHECK(strstr(err.message, strategy->options_help) != NULL);
        else
            CHECK(strstr(err.message, "no options") != NULL);
    }
    solvers_close(&set);
}

static void agree_on_17_clue(void)
{
    static sk_grid puzzles[SOLVERS_17_SAMPLE];
    size_t n = solvers_read("17_clue_2000.txt", puzzles, SOLVERS_17_SAMPLE);
    solvers_set set;
    if (solvers_open(&set) != 0)
        return;
    for (size_t p = 0; p < n; p++)
        solvers_agree_on(&set, false, &puzzles[p], p);
    solvers_close(&set);
}

static void agree_on_hardest(void)
{
    static sk_grid puzzles[SOLVERS_HARD_SAMPLE];
    size_t n = solvers_read("hardest_60.txt", puzzles, SOLVERS_HARD_SAMPLE);
    solvers_set set;
    if (solvers_open(&set) != 0)
        return;
    for (size_t p = 0; p < n; p++)
        solvers_agree_on(&set, true, &puzzles[p], p);
    solvers_close(&set);
}

/* Check every solver (the slow ones when with_slow) finds no solution of
 * puzzle. */
static void solvers_none(solvers_set *set, bool with_slow, const sk_grid *puzzle)
{
    CHECK(sk_grid_check(puzzle, NULL));
    for (size_t i = 0; i < set->count; i++) {
        const solvers_entry *e = &set->entry[i];
        if (!solvers_runs(e, with_slow))
            continue;
        sk_grid solution;
        int found = sk_instance_solve(e->inst, puzzle, 2, &solution, NULL, NULL);
        if (found != 0)
            fprintf(stderr, "solver %s: %d solutions of an unsolvable puzzle\n", e->label, found);
        CHECK_INT(found, 0);
    }
}

/* From a puzzle with one solution, make one with none: give an empty cell
 * a digit other than its solution's that breaks no rule. Any solution of
 * the new puzzle would be a second solution of the old one. */
static sk_grid solvers_spoil(solvers_set *set, const sk_grid *puzzle)
{
    sk_grid solution, spoiled = *puzzle;
    CHECK_INT(sk_instance_solve(solvers_reference(set), puzzle, 2, &solution, NULL, NULL), 1);
    for (int cell = 0; cell < 81; cell++) {
        if (puzzle->cells[cell])
            continue;
        for (int d = 1; d <= 9; d++) {
            if (d == solution.cells[cell])
                continue;
            spoiled.cells[cell] = (uint8_t)d;
            if (sk_grid_check(&spoiled, NULL))
                return spoiled;
        }
        spoiled.cells[cell] = 0;
    }
    CHECK(!"no cell of the puzzle can be spoiled");
    return spoiled;
}

static void no_solution(void)
{
    static sk_grid easy[10], hard[5];
    size_t n_easy = solvers_read("17_clue_2000.txt", easy, 10);
    size_t n_hard = solvers_read("hardest_60.txt", hard, 5);
    solvers_set set;
    if (solvers_open(&set) != 0)
        return;
    /* r1c9 sees 1-8 in its row and 9 in its column. */
    sk_grid dead = solvers_grid("12345678."
                                "........."
                                "........."
                                "........."
                                "........."
                                "........9"
                                "........."
                                "........."
                                ".........");
    solvers_none(&set, true, &dead);
    for (size_t p = 0; p < n_easy; p++) {
        sk_grid spoiled = solvers_spoil(&set, &easy[p]);
        solvers_none(&set, false, &spoiled);
    }
    for (size_t p = 0; p < n_hard; p++) {
        sk_grid spoiled = solvers_spoil(&set, &hard[p]);
        solvers_none(&set, true, &spoiled);
    }
    solvers_close(&set);
}

/* Check every solver (the slow ones when with_slow) counts `expected`
 * solutions of puzzle when asked for up to limit, and returns one that
 * solves it. */
static void solvers_count(solvers_set *set, bool with_slow, const sk_grid *puzzle, int limit,
                          int expected)
{
    for (size_t i = 0; i < set->count; i++) {
        const solvers_entry *e = &set->entry[i];
        if (!solvers_runs(e, with_slow))
            continue;
        sk_grid solution;
        sk_error err;
        int found = sk_instance_solve(e->inst, puzzle, limit, &solution, NULL, &err);
        if (found != expected)
            fprintf(stderr, "solver %s: %d solutions, expected %d (%s)\n", e->label, found,
                    expected, err.message);
        CHECK_INT(found, expected);
        CHECK(sk_grid_solves(puzzle, &solution));
    }
}

/* Find a deadly rectangle in a full grid: four cells in two rows of one
 * band and two columns of different stacks holding a, b / b, a. Emptying
 * them leaves exactly two solutions. Returns 0 when there is none. */
static int solvers_rectangle(const sk_grid *full, sk_grid *out)
{
    for (int r1 = 0; r1 < 9; r1++)
        for (int r2 = r1 + 1; r2 < r1 / 3 * 3 + 3; r2++)
            for (int c1 = 0; c1 < 9; c1++)
                for (int c2 = (c1 / 3 + 1) * 3; c2 < 9; c2++) {
                    const uint8_t *g = full->cells;
                    if (g[r1 * 9 + c1] == g[r2 * 9 + c2] && g[r1 * 9 + c2] == g[r2 * 9 + c1]) {
                        *out = *full;
                        out->cells[r1 * 9 + c1] = out->cells[r1 * 9 + c2] = 0;
                        out->cells[r2 * 9 + c1] = out->cells[r2 * 9 + c2] = 0;
                        return 1;
                    }
                }
    return 0;
}

static void several_solutions(void)
{
    static sk_grid easy[10], hard[SOLVERS_HARD_SAMPLE];
    size_t n_easy = solvers_read("17_clue_2000.txt", easy, 10);
    size_t n_hard = solvers_read("hardest_60.txt", hard, SOLVERS_HARD_SAMPLE);
    solvers_set set;
    if (solvers_open(&set) != 0)
        return;
    /* No 16-clue puzzle has one solution: dropping a clue of a 17-clue
     * puzzle leaves several. */
    for (size_t p = 0; p < n_easy; p++) {
        sk_grid fewer = easy[p];
        for (int cell = 0; cell < 81; cell++) {
            if (fewer.cells[cell]) {
                fewer.cells[cell] = 0;
                break;
            }
        }
        CHECK_INT(sk_grid_clues(&fewer), 16);
        solvers_count(&set, false, &fewer, 2, 2);
        solvers_count(&set, false, &fewer, 1, 1);
    }
    sk_grid empty = {{0}};
    solvers_count(&set, true, &empty, 2, 2);
    solvers_count(&set, true, &empty, 1, 1);
    int rectangles = 0;
    for (size_t p = 0; p < n_hard && rectangles < 5; p++) {
        sk_grid full, holed;
        CHECK_INT(sk_instance_solve(solvers_reference(&set), &hard[p], 1, &full, NULL, NULL), 1);
        if (!solvers_rectangle(&full, &holed))
            continue;
        rectangles++;
        solvers_count(&set, true, &holed, 3, 2);
    }
    CHECK(rectangles > 0);
    solvers_close(&set);
}

static void invalid_givens(void)
{
    static const char *const bad[] = {
        "5.......5........................................................................",
        "5........5.......................................................................",
        "5.........5......................................................................",
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..75",
    };
    solvers_set set;
    if (solvers_open(&set) != 0)
        return;
    for (size_t b = 0; b <= sizeof bad / sizeof bad[0]; b++) {
        /* The last case is a cell holding 200, which no reader makes but a
         * caller of the ABI can pass. */
        sk_grid puzzle = {{200}};
        if (b < sizeof bad / sizeof bad[0]) {
            puzzle = solvers_grid(bad[b]);
            CHECK(!sk_grid_check(&puzzle, NULL));
        }
        for (size_t i = 0; i < set.count; i++) {
            sk_error err = {0};
            int status = sk_instance_solve(set.entry[i].inst, &puzzle, 2, NULL, NULL, &err);
            CHECK_INT(status, SK_ERR_INVALID);
            CHECK(strstr(err.message, set.entry[i].name) != NULL);
        }
    }
    solvers_close(&set);
}

static void statistics_are_counted(void)
{
    static sk_grid hard[1];
    solvers_read("hardest_60.txt", hard, 1);
    sk_grid easy = solvers_grid(solvers_easy);
    solvers_set set;
    if (solvers_open(&set) != 0)
        return;
    for (size_t i = 0; i < set.count; i++) {
        sk_instance *inst = set.entry[i].inst;
        sk_solve_stats stats = {.guesses = 99, .nodes = 99};
        CHECK_INT(sk_instance_solve(inst, &hard[0], 1, NULL, &stats, NULL), 1);
        CHECK(stats.guesses > 0);
        CHECK(stats.nodes > stats.guesses);
        CHECK_INT(stats.struct_size, sizeof stats);
        stats = (sk_solve_stats){.guesses = 99, .nodes = 99};
        CHECK_INT(sk_instance_solve(inst, &easy, 1, NULL, &stats, NULL), 1);
        CHECK(stats.nodes >= 1);
        /* Every solver that propagates (all but the slow ones) solves it
         * by singles. */
        if (!set.entry[i].slow)
            CHECK_INT(stats.guesses, 0);
    }
    solvers_close(&set);
}

static void wrong_plugin_is_caught(void)
{
    sk_error err = {0};
    sk_host *host = sk_host_new_empty();
    CHECK(host != NULL);
    if (!host)
        return;
    CHECK_INT(sk_host_load(host, SK_TEST_WRONG_SOLVER, &err), 0);
    sk_grid puzzle = solvers_grid(solvers_easy), solution;
    sk_instance_config config = {.verify = true};
    sk_instance *checked = NULL, *trusted = NULL;
    CHECK_INT(sk_instance_new(host, SK_KIND_SOLVER, "wrong", NULL, &config, &checked, &err), 0);
    CHECK_INT(sk_instance_new(host, SK_KIND_SOLVER, "wrong", NULL, NULL, &trusted, &err), 0);
    if (checked && trusted) {
        err.message[0] = '\0';
        CHECK_INT(sk_instance_solve(checked, &puzzle, 1, &solution, NULL, &err), SK_ERR);
        CHECK(strstr(err.message, "wrong grid") != NULL);
        CHECK(strstr(err.message, "wrong") != NULL);
        /* Without verify the lie goes through: that is what verify is for. */
        CHECK_INT(sk_instance_solve(trusted, &puzzle, 1, &solution, NULL, NULL), 1);
        CHECK(!sk_grid_solves(&puzzle, &solution));
    }
    sk_instance_free(checked);
    sk_instance_free(trusted);
    sk_host_free(host);
}

static const ski_test_case solvers_cases[] = {
    {"every_solver_loads", every_solver_loads},
    {"options_are_refused", options_are_refused},
    {"agree_on_17_clue", agree_on_17_clue},
    {"agree_on_hardest", agree_on_hardest},
    {"no_solution", no_solution},
    {"several_solutions", several_solutions},
    {"invalid_givens", invalid_givens},
    {"statistics_are_counted", statistics_are_counted},
    {"wrong_plugin_is_caught", wrong_plugin_is_caught},
};

SK_TEST_MAIN(solvers_cases)
