/* Solver plugins through the host: agreement on public data sets, 0/1/2+
 * solutions, invalid givens, statistics, options, and a lying plugin. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudokit/grid.h"
#include "sudokit/host.h"
#include "sudokit/reader.h"

/* Every solver plugin; the first, backtrack, is too slow for 17-clue
 * puzzles (minutes for some), so it runs only on the other sets. */
static const char *const solvers_names[] = {"backtrack", "singles", "fast", "dlx", "propagate"};
#define SOLVERS_COUNT 5
#define SOLVERS_BACKTRACK 0

/* Sizes of the samples taken from the data sets. */
#define SOLVERS_17_SAMPLE 200
#define SOLVERS_HARD_SAMPLE 30

/* A host with every solver loaded and one instance of each. */
typedef struct solvers_set {
    sk_host *host;
    sk_instance *inst[SOLVERS_COUNT];
} solvers_set;

static const char *const solvers_easy =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

static int solvers_open(solvers_set *set)
{
    char err[1024], path[1024];
    memset(set, 0, sizeof *set);
    set->host = sk_host_new_empty();
    CHECK(set->host != NULL);
    if (!set->host)
        return -1;
    for (int i = 0; i < SOLVERS_COUNT; i++) {
        snprintf(path, sizeof path, "%s/sk-solver-%s.so", SK_TEST_PLUGIN_DIR, solvers_names[i]);
        int status = sk_host_load(set->host, path, err, sizeof err);
        if (status != 0)
            fprintf(stderr, "%s\n", err);
        CHECK_INT(status, 0);
        sk_instance_config config = {.verify = true};
        status = sk_instance_new(set->host, SK_KIND_SOLVER, solvers_names[i], NULL, &config,
                                 &set->inst[i], err, sizeof err);
        if (status != 0) {
            fprintf(stderr, "%s\n", err);
            CHECK_INT(status, 0);
            return -1;
        }
    }
    return 0;
}

static void solvers_close(solvers_set *set)
{
    for (int i = 0; i < SOLVERS_COUNT; i++)
        sk_instance_free(set->inst[i]);
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
    char path[1024], err[1024];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    sk_reader *reader = sk_reader_open(path, err, sizeof err);
    if (!reader) {
        fprintf(stderr, "%s\n", err);
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

/* Solve puzzle with every solver from first on (limit 2) and check each
 * finds exactly one solution, a correct one, the same for all. */
static void solvers_agree_on(solvers_set *set, int first, const sk_grid *puzzle, size_t index)
{
    sk_grid reference = {{0}};
    for (int i = first; i < SOLVERS_COUNT; i++) {
        sk_grid solution;
        char err[512];
        int found = sk_instance_solve(set->inst[i], puzzle, 2, &solution, NULL, err, sizeof err);
        if (found != 1)
            fprintf(stderr, "puzzle %zu, solver %s: %d solutions (%s)\n", index + 1,
                    solvers_names[i], found, err);
        CHECK_INT(found, 1);
        CHECK(sk_grid_solves(puzzle, &solution));
        if (i == first)
            reference = solution;
        else
            CHECK(memcmp(&reference, &solution, sizeof solution) == 0);
        found = sk_instance_solve(set->inst[i], puzzle, 1, &solution, NULL, err, sizeof err);
        CHECK_INT(found, 1);
        CHECK(memcmp(&reference, &solution, sizeof solution) == 0);
    }
}

static void every_solver_loads(void)
{
    solvers_set set;
    if (solvers_open(&set) != 0)
        return;
    CHECK_INT(sk_host_strategy_count(set.host), SOLVERS_COUNT);
    for (int i = 0; i < SOLVERS_COUNT; i++) {
        const sk_host_strategy *entry = sk_host_find(set.host, SK_KIND_SOLVER, solvers_names[i]);
        CHECK(entry != NULL);
        CHECK(entry && entry->strategy->summary && entry->strategy->summary[0]);
    }
    CHECK_STR(sk_host_default_name(set.host, SK_KIND_SOLVER), "fast");
    solvers_close(&set);
}

static void options_are_refused(void)
{
    solvers_set set;
    if (solvers_open(&set) != 0)
        return;
    for (int i = 0; i < SOLVERS_COUNT; i++) {
        sk_instance *inst = NULL;
        char err[512] = "";
        CHECK(sk_instance_new(set.host, SK_KIND_SOLVER, solvers_names[i], "depth=3", NULL, &inst,
                              err, sizeof err) != 0);
        CHECK(inst == NULL);
        CHECK(strstr(err, "depth") != NULL);
        CHECK(strstr(err, "no options") != NULL);
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
        solvers_agree_on(&set, SOLVERS_BACKTRACK + 1, &puzzles[p], p);
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
        solvers_agree_on(&set, SOLVERS_BACKTRACK, &puzzles[p], p);
    solvers_close(&set);
}

/* Check every solver from first on finds no solution of puzzle. */
static void solvers_none(solvers_set *set, int first, const sk_grid *puzzle)
{
    CHECK(sk_grid_check(puzzle, NULL));
    for (int i = first; i < SOLVERS_COUNT; i++) {
        sk_grid solution;
        int found = sk_instance_solve(set->inst[i], puzzle, 2, &solution, NULL, NULL, 0);
        if (found != 0)
            fprintf(stderr, "solver %s: %d solutions of an unsolvable puzzle\n", solvers_names[i],
                    found);
        CHECK_INT(found, 0);
    }
}

/* From a puzzle with one solution, make one with none: give an empty cell
 * a digit other than its solution's that breaks no rule. Any solution of
 * the new puzzle would be a second solution of the old one. */
static sk_grid solvers_spoil(solvers_set *set, const sk_grid *puzzle)
{
    sk_grid solution, spoiled = *puzzle;
    CHECK_INT(sk_instance_solve(set->inst[2], puzzle, 2, &solution, NULL, NULL, 0), 1);
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
    solvers_none(&set, SOLVERS_BACKTRACK, &dead);
    for (size_t p = 0; p < n_easy; p++) {
        sk_grid spoiled = solvers_spoil(&set, &easy[p]);
        solvers_none(&set, SOLVERS_BACKTRACK + 1, &spoiled);
    }
    for (size_t p = 0; p < n_hard; p++) {
        sk_grid spoiled = solvers_spoil(&set, &hard[p]);
        solvers_none(&set, SOLVERS_BACKTRACK, &spoiled);
    }
    solvers_close(&set);
}

/* Check every solver from first on counts `expected` solutions of puzzle
 * when asked for up to limit, and returns one that solves it. */
static void solvers_count(solvers_set *set, int first, const sk_grid *puzzle, int limit,
                          int expected)
{
    for (int i = first; i < SOLVERS_COUNT; i++) {
        sk_grid solution;
        char err[512];
        int found =
            sk_instance_solve(set->inst[i], puzzle, limit, &solution, NULL, err, sizeof err);
        if (found != expected)
            fprintf(stderr, "solver %s: %d solutions, expected %d (%s)\n", solvers_names[i], found,
                    expected, err);
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
        solvers_count(&set, SOLVERS_BACKTRACK + 1, &fewer, 2, 2);
        solvers_count(&set, SOLVERS_BACKTRACK + 1, &fewer, 1, 1);
    }
    sk_grid empty = {{0}};
    solvers_count(&set, SOLVERS_BACKTRACK, &empty, 2, 2);
    solvers_count(&set, SOLVERS_BACKTRACK, &empty, 1, 1);
    int rectangles = 0;
    for (size_t p = 0; p < n_hard && rectangles < 5; p++) {
        sk_grid full, holed;
        CHECK_INT(sk_instance_solve(set.inst[2], &hard[p], 1, &full, NULL, NULL, 0), 1);
        if (!solvers_rectangle(&full, &holed))
            continue;
        rectangles++;
        solvers_count(&set, SOLVERS_BACKTRACK, &holed, 3, 2);
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
        for (int i = 0; i < SOLVERS_COUNT; i++) {
            char err[512] = "";
            int status = sk_instance_solve(set.inst[i], &puzzle, 2, NULL, NULL, err, sizeof err);
            CHECK_INT(status, SK_ERR_INVALID);
            CHECK(strstr(err, solvers_names[i]) != NULL);
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
    for (int i = 0; i < SOLVERS_COUNT; i++) {
        sk_solve_stats stats = {99, 99};
        CHECK_INT(sk_instance_solve(set.inst[i], &hard[0], 1, NULL, &stats, NULL, 0), 1);
        CHECK(stats.guesses > 0);
        CHECK(stats.nodes > stats.guesses);
        stats = (sk_solve_stats){99, 99};
        CHECK_INT(sk_instance_solve(set.inst[i], &easy, 1, NULL, &stats, NULL, 0), 1);
        CHECK(stats.nodes >= 1);
        /* Everything but the plain backtracker solves it by singles. */
        if (i != SOLVERS_BACKTRACK)
            CHECK_INT(stats.guesses, 0);
    }
    solvers_close(&set);
}

static void wrong_plugin_is_caught(void)
{
    char err[512] = "";
    sk_host *host = sk_host_new_empty();
    CHECK(host != NULL);
    if (!host)
        return;
    CHECK_INT(sk_host_load(host, SK_TEST_WRONG_SOLVER, err, sizeof err), 0);
    sk_grid puzzle = solvers_grid(solvers_easy), solution;
    sk_instance_config config = {.verify = true};
    sk_instance *checked = NULL, *trusted = NULL;
    CHECK_INT(
        sk_instance_new(host, SK_KIND_SOLVER, "wrong", NULL, &config, &checked, err, sizeof err),
        0);
    CHECK_INT(sk_instance_new(host, SK_KIND_SOLVER, "wrong", NULL, NULL, &trusted, err, sizeof err),
              0);
    if (checked && trusted) {
        err[0] = '\0';
        CHECK_INT(sk_instance_solve(checked, &puzzle, 1, &solution, NULL, err, sizeof err), SK_ERR);
        CHECK(strstr(err, "wrong grid") != NULL);
        CHECK(strstr(err, "wrong") != NULL);
        /* Without verify the lie goes through: that is what verify is for. */
        CHECK_INT(sk_instance_solve(trusted, &puzzle, 1, &solution, NULL, NULL, 0), 1);
        CHECK(!sk_grid_solves(&puzzle, &solution));
    }
    sk_instance_free(checked);
    sk_instance_free(trusted);
    sk_host_free(host);
}

static const sk_test_case solvers_cases[] = {
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
