/* Puzzles under any rules in the database (sudokit/store.h): each public
 * puzzle of tests/data/rules/puzzles.txt is stored once with its rules;
 * random images of it under maps that keep the rules (grid maps and the
 * digit relabellings the rules allow) are refused as duplicates of its
 * row; non-images (a given less, the same givens under other rules, the
 * digits relabelled where sums or order forbid it, a map that breaks the
 * rules) are new rows; the check finds a row changed behind the store. */
#define _XOPEN_SOURCE 700
#include <sqlite3.h>
#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "rules/rules_fixture.h"
#include "sudokit/store.h"

static char db_path[256];

static sk_store *open_fresh(void)
{
    char err[512] = "";
    sk_store *store = NULL;
    snprintf(db_path, sizeof db_path, "/tmp/sk-test-store-rules-%d.db", (int)getpid());
    unlink(db_path);
    CHECK_INT(sk_store_open(db_path, &store, err, sizeof err), 0);
    return store;
}

static void remove_db(void)
{
    char path[300];
    static const char *const suffixes[] = {"", "-wal", "-shm"};
    for (size_t i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s%s", db_path, suffixes[i]);
        unlink(path);
    }
}

/* Add givens (and solution) under rules: 0 with *id and *duplicate, or -1. */
static int add(sk_store *store, const sk_rules *rules, const sk_board *givens,
               const sk_board *solution, int64_t *id, bool *duplicate)
{
    char err[512];
    sk_puzzle_record rec;
    sk_puzzle_record_init(&rec);
    rec.rules = rules;
    rec.givens_board = givens;
    rec.solution_board = solution;
    int rc = sk_store_add_puzzle(store, &rec, id, duplicate, err, sizeof err);
    if (rc != 0)
        fprintf(stderr, "add under '%s': %s\n", sk_rules_spec(rules), err);
    return rc;
}

/* One puzzle of the data file, parsed. */
typedef struct data_puzzle {
    const sk_rules *rules;
    sk_board givens, solution;
    int clues;
} data_puzzle;

/* Read the next puzzle under rules other than classic; false at the end. */
static bool next_puzzle(FILE *file, data_puzzle *p)
{
    char line[8192];
    while (fgets(line, sizeof line, file)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        line[strcspn(line, "\n")] = '\0';
        strtok(line, "|");
        char *spec = strtok(NULL, "|"), *givens = strtok(NULL, "|"), *solution = strtok(NULL, "|");
        p->rules = rules_test_compile(spec);
        if (!p->rules || sk_rules_is_classic(p->rules)) {
            sk_rules_free(p->rules);
            continue;
        }
        size_t column;
        CHECK_INT(sk_rules_parse_board(p->rules, givens, strlen(givens), &p->givens, &column), 0);
        CHECK_INT(sk_rules_parse_board(p->rules, solution, strlen(solution), &p->solution,
                                       &column), 0);
        p->clues = 0;
        for (uint32_t i = 0; i < p->rules->size * p->rules->size; i++)
            p->clues += p->givens.cells[i] != 0;
        return true;
    }
    return false;
}

/* Each puzzle is new once; eight random images of it, with their
 * solutions, are duplicates of its row. */
static void images_are_duplicates(void)
{
    sk_store *store = open_fresh();
    FILE *file = fopen(SK_TEST_DATA "/rules/puzzles.txt", "r");
    CHECK(file != NULL);
    sk_rng rng;
    sk_rng_seed(&rng, 2026, 0);
    data_puzzle p;
    int puzzles = 0, images = 0;
    while (store && file && next_puzzle(file, &p)) {
        int64_t id = 0, again = 0;
        bool duplicate = true;
        CHECK_INT(add(store, p.rules, &p.givens, &p.solution, &id, &duplicate), 0);
        CHECK(!duplicate);
        for (int round = 0; round < 8; round++) {
            sk_rules_map map;
            sk_board image, image_solution;
            rules_test_random_map(p.rules, &rng, &map);
            sk_rules_map_apply(p.rules, &map, &p.givens, &image);
            sk_rules_map_apply(p.rules, &map, &p.solution, &image_solution);
            CHECK_INT(add(store, p.rules, &image, &image_solution, &again, &duplicate), 0);
            if (!duplicate || again != id)
                fprintf(stderr, "an image under '%s' is not a duplicate\n",
                        sk_rules_spec(p.rules));
            CHECK(duplicate && again == id);
            images++;
        }
        sk_rules_free(p.rules);
        puzzles++;
    }
    CHECK(puzzles >= 25 && images == 8 * puzzles);
    if (file)
        fclose(file);
    sk_store_close(store);
    remove_db();
}

/* The puzzle with its first given removed: fewer clues, another puzzle. */
static void check_one_given_less(sk_store *store, const data_puzzle *p)
{
    sk_board fewer = p->givens;
    int64_t id;
    bool duplicate = true;
    for (uint32_t i = 0; i < SK_MAX_CELLS; i++)
        if (fewer.cells[i]) {
            fewer.cells[i] = 0;
            break;
        }
    CHECK_INT(add(store, p->rules, &fewer, NULL, &id, &duplicate), 0);
    CHECK(!duplicate);
}

/* Where the rules forbid relabelling, the givens with two digits swapped
 * (a relabelling every map keeps the clue pattern of) are another puzzle,
 * when they still follow the rules. */
static int check_relabelled(sk_store *store, const data_puzzle *p)
{
    if (p->rules->digit_symmetry != SK_DIGITS_FIXED || p->clues == 0)
        return 0;
    sk_board swapped = p->givens;
    for (uint32_t i = 0; i < SK_MAX_CELLS; i++)
        swapped.cells[i] = swapped.cells[i] == 1 ? 2 : swapped.cells[i] == 2 ? 1 : swapped.cells[i];
    if (!sk_rules_check_givens(p->rules, &swapped, NULL) ||
        memcmp(&swapped, &p->givens, sizeof swapped) == 0)
        return 0;
    int64_t id;
    bool duplicate = true;
    CHECK_INT(add(store, p->rules, &swapped, NULL, &id, &duplicate), 0);
    if (duplicate)
        fprintf(stderr, "a relabelling under '%s' was taken for an image\n",
                sk_rules_spec(p->rules));
    CHECK(!duplicate);
    return 1;
}

/* Non-images are new rows: a given less, the digits relabelled where the
 * rules forbid it, and (below) the same givens under other rules and an
 * image by a map that does not keep the rules. */
static void non_images_are_new(void)
{
    sk_store *store = open_fresh();
    FILE *file = fopen(SK_TEST_DATA "/rules/puzzles.txt", "r");
    CHECK(file != NULL);
    data_puzzle p;
    int relabelled = 0;
    while (store && file && next_puzzle(file, &p)) {
        int64_t id;
        bool duplicate;
        CHECK_INT(add(store, p.rules, &p.givens, &p.solution, &id, &duplicate), 0);
        if (p.clues > 0)
            check_one_given_less(store, &p);
        relabelled += check_relabelled(store, &p);
        sk_rules_free(p.rules);
    }
    CHECK(relabelled >= 2); /* thermo, xv, arrow and Kropki puzzles with givens */
    if (file)
        fclose(file);
    sk_store_close(store);
    remove_db();
}

/* Solo's X puzzle (solo-3x3x of the data file) under 9x9 x; under plain
 * 9x9 the same givens are another (classic) puzzle, and a swap of the top
 * two rows, which keeps the boxes but not the diagonals, gives another
 * puzzle under 9x9 x. */
static void other_rules_and_broken_maps_are_new(void)
{
    static const char x_givens[] =
        ".164....87..6.......89....5.......36.6.3.4.2.83.......6....91.......2..32....678.";
    sk_store *store = open_fresh();
    const sk_rules *x = rules_test_compile("9x9 x"), *classic = rules_test_compile("9x9");
    sk_board puzzle, swapped;
    size_t column;
    int64_t id_x, id_classic, id_swapped;
    bool duplicate = true;
    CHECK_INT(sk_rules_parse_board(x, x_givens, 81, &puzzle, &column), 0);
    CHECK_INT(add(store, x, &puzzle, NULL, &id_x, &duplicate), 0);
    CHECK(!duplicate);
    CHECK_INT(add(store, classic, &puzzle, NULL, &id_classic, &duplicate), 0);
    CHECK(!duplicate && id_classic != id_x);
    swapped = puzzle;
    memcpy(swapped.cells, puzzle.cells + 9, 9);
    memcpy(swapped.cells + 9, puzzle.cells, 9);
    if (sk_rules_check_givens(x, &swapped, NULL)) {
        CHECK_INT(add(store, x, &swapped, NULL, &id_swapped, &duplicate), 0);
        CHECK(!duplicate && id_swapped != id_x);
    }
    sk_rules_free(x);
    sk_rules_free(classic);
    sk_store_close(store);
    remove_db();
}

/* Count a problem the check names, and show it. */
static void check_line(void *user, const char *line)
{
    fprintf(stderr, "  problem: %s\n", line);
    ++*(int *)user;
}

/* A stored row under rules passes the check; its canonical form changed
 * behind the store is found, and without a host to compile the rules the
 * row is named as not checked. */
static void check_finds_a_changed_row(void)
{
    sk_store *store = open_fresh();
    const sk_rules *rules = rules_test_compile("6x6 x");
    sk_board puzzle;
    size_t column;
    int64_t id;
    bool duplicate;
    int lines = 0;
    int64_t problems = -1;
    char err[512];
    CHECK_INT(sk_rules_parse_board(rules, ".41.2............53..............46.", 36, &puzzle,
                                   &column), 0);
    CHECK_INT(add(store, rules, &puzzle, NULL, &id, &duplicate), 0);
    sk_store_set_rules_host(store, rules_test_host());
    CHECK_INT(sk_store_check(store, check_line, &lines, &problems, err, sizeof err), 0);
    CHECK_INT(problems, 0);
    sk_store_close(store);
    sqlite3 *db = NULL;
    CHECK_INT(sqlite3_open(db_path, &db), SQLITE_OK);
    CHECK_INT(sqlite3_exec(db, "UPDATE puzzles SET canonical = givens", NULL, NULL, NULL),
              SQLITE_OK);
    sqlite3_close(db);
    CHECK_INT(sk_store_open(db_path, &store, err, sizeof err), 0);
    sk_store_set_rules_host(store, rules_test_host());
    CHECK_INT(sk_store_check(store, check_line, &lines, &problems, err, sizeof err), 0);
    CHECK_INT(problems, 1);
    sk_store_set_rules_host(store, NULL);
    CHECK_INT(sk_store_check(store, check_line, &lines, &problems, err, sizeof err), 0);
    CHECK_INT(problems, 1);
    sk_rules_free(rules);
    sk_store_close(store);
    remove_db();
}

static const ski_test_case store_rules_cases[] = {
    {"images_are_duplicates", images_are_duplicates},
    {"non_images_are_new", non_images_are_new},
    {"other_rules_and_broken_maps_are_new", other_rules_and_broken_maps_are_new},
    {"check_finds_a_changed_row", check_finds_a_changed_row},
};

int main(int argc, char **argv)
{
    int rc = ski_test_main(argc, argv, store_rules_cases,
                          sizeof store_rules_cases / sizeof store_rules_cases[0]);
    rules_test_host_free();
    return rc;
}
