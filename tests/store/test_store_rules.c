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
    sk_error err = {0};
    sk_store *store = NULL;
    snprintf(db_path, sizeof db_path, "/tmp/sk-test-store-rules-%d.db", (int)getpid());
    unlink(db_path);
    CHECK_INT(sk_store_open(db_path, &store, &err), 0);
    sk_store_set_rules_host(store, rules_test_host()); /* compiles turned rules */
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
    sk_error err;
    sk_puzzle_record rec;
    sk_puzzle_record_init(&rec);
    rec.rules = rules;
    rec.givens_board = givens;
    rec.solution_board = solution;
    int rc = sk_store_add_puzzle(store, &rec, id, duplicate, &err);
    if (rc != 0)
        fprintf(stderr, "add under '%s': %s\n", sk_rules_spec(rules), err.message);
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

/* The file of public puzzles, open (checked). */
static FILE *open_data(void)
{
    FILE *file = fopen(SK_TEST_DATA "/rules/puzzles.txt", "r");
    CHECK(file != NULL);
    return file;
}

/* Add p with its solution: a new row; its id. */
static int64_t add_new(sk_store *store, const data_puzzle *p)
{
    int64_t id = 0;
    bool duplicate = true;
    CHECK_INT(add(store, p->rules, &p->givens, &p->solution, &id, &duplicate), 0);
    CHECK(!duplicate);
    return id;
}

/* Each puzzle is new once; eight random images of it, with their
 * solutions, are duplicates of its row. */
static void images_are_duplicates(void)
{
    sk_store *store = open_fresh();
    FILE *file = open_data();
    sk_rng rng;
    sk_rng_seed(&rng, 2026, 0);
    data_puzzle p;
    int puzzles = 0, images = 0;
    while (store && file && next_puzzle(file, &p)) {
        int64_t id = add_new(store, &p), again = 0;
        bool duplicate = true;
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
    FILE *file = open_data();
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

/* Where cell (r, c) of a grid of n goes under turn t of the square: bit 0
 * mirrors top to bottom, bit 1 left to right, bit 2 swaps rows and columns
 * (after the mirrors). */
static uint32_t turned_cell(uint32_t n, int t, uint32_t r, uint32_t c)
{
    uint32_t row = (t & 1) ? n - 1 - r : r, col = (t & 2) ? n - 1 - c : c;
    return (t & 4) ? col * n + row : row * n + col;
}

/* spec (normalised, of a grid of n) turned by t, written here by hand:
 * each rRcC moved, a jigsaw map's symbols moved, diagonal+ and diagonal-
 * swapped when r1c1 leaves the main diagonal. */
static void turned_spec(const char *spec, uint32_t n, int t, char *out, size_t len)
{
    size_t at = 0;
    bool swaps = turned_cell(n, t, 0, 0) % (n + 1) != 0;
    for (const char *s = spec; *s && at + 16 < len;) {
        unsigned r, c;
        int used = 0;
        bool starts = s == spec || s[-1] == ':' || s[-1] == '+' || s[-1] == '=' ||
                      s[-1] == ';' || s[-1] == '-';
        if (starts && sscanf(s, "r%uc%u%n", &r, &c, &used) == 2 && used > 0) {
            uint32_t x = turned_cell(n, t, r - 1, c - 1);
            at += (size_t)snprintf(out + at, len - at, "r%uc%u", x / n + 1, x % n + 1);
            s += used;
        } else if (strncmp(s, "jigsaw:", 7) == 0) {
            memcpy(out + at, s, 7);
            for (uint32_t x = 0; x < n * n; x++)
                out[at + 7 + turned_cell(n, t, x / n, x % n)] = s[7 + x];
            at += 7 + n * n, s += 7 + n * n;
        } else if (strncmp(s, "diagonal", 8) == 0 && swaps) {
            at += (size_t)snprintf(out + at, len - at, "diagonal%c", s[8] == '+' ? '-' : '+');
            s += 9;
        } else {
            out[at++] = *s++;
        }
    }
    out[at] = '\0';
}

/* board turned by t. */
static void turned_board(uint32_t n, int t, const sk_board *in, sk_board *out)
{
    memset(out, 0, sizeof *out);
    for (uint32_t x = 0; x < n * n; x++)
        out->cells[turned_cell(n, t, x / n, x % n)] = in->cells[x];
}

/* Add p turned by t with its rules (and its digits relabelled as they
 * allow): the same row as id. Returns 1 when the turned rules are another
 * rules value (their spec differs), else 0. */
static int check_turned(sk_store *store, const data_puzzle *p, int t, sk_rng *rng, int64_t id)
{
    uint32_t n = p->rules->size;
    char spec[8192];
    turned_spec(sk_rules_spec(p->rules), n, t, spec, sizeof spec);
    const sk_rules *turned = rules_test_compile(spec);
    sk_rules_map digits;
    rules_test_random_map(turned, rng, &digits);
    for (uint32_t i = 0; i < n; i++)
        digits.rows[i] = digits.cols[i] = (uint8_t)i; /* its digits only */
    digits.transpose = false;
    sk_board givens, solution;
    turned_board(n, t, &p->givens, &givens);
    turned_board(n, t, &p->solution, &solution);
    sk_rules_map_apply(turned, &digits, &givens, &givens);
    sk_rules_map_apply(turned, &digits, &solution, &solution);
    int64_t again = 0;
    bool duplicate = false;
    CHECK_INT(add(store, turned, &givens, &solution, &again, &duplicate), 0);
    if (!duplicate || again != id)
        fprintf(stderr, "'%s' turned by %d ('%s') is not a duplicate\n", sk_rules_spec(p->rules),
                t, spec);
    CHECK(duplicate && again == id);
    int other = strcmp(sk_rules_spec(turned), sk_rules_spec(p->rules)) != 0;
    sk_rules_free(turned);
    return other;
}

/* Each puzzle turned with its rules by every rotation and reflection that
 * keeps the shape of its boxes (all 8 for square boxes, jigsaw regions or
 * none; the 4 without a transposition for 2x3 boxes) is the same row:
 * killer cages, jigsaw regions, thermometers, arrows, dots and X turn with
 * the givens. A different puzzle (a given less) stays a new row. */
static void turned_images_are_one_puzzle(void)
{
    sk_store *store = open_fresh();
    FILE *file = open_data();
    sk_rng rng;
    sk_rng_seed(&rng, 26, 0);
    data_puzzle p;
    int other_rules = 0, turned = 0;
    while (store && file && next_puzzle(file, &p)) {
        int64_t id = add_new(store, &p);
        bool square = p.rules->box_rows == p.rules->box_cols;
        for (int t = 1; t < 8; t++)
            if (square || !(t & 4)) {
                other_rules += check_turned(store, &p, t, &rng, id);
                turned++;
            }
        if (p.clues > 0)
            check_one_given_less(store, &p);
        sk_rules_free(p.rules);
    }
    fprintf(stderr, "%d turned images, %d of them under other rules values\n", turned,
            other_rules);
    CHECK(turned >= 130 && other_rules >= 75);
    if (file)
        fclose(file);
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
    sk_error err;
    CHECK_INT(sk_rules_parse_board(rules, ".41.2............53..............46.", 36, &puzzle,
                                   &column), 0);
    CHECK_INT(add(store, rules, &puzzle, NULL, &id, &duplicate), 0);
    sk_store_set_rules_host(store, rules_test_host());
    CHECK_INT(sk_store_check(store, check_line, &lines, &problems, &err), 0);
    CHECK_INT(problems, 0);
    sk_store_close(store);
    sqlite3 *db = NULL;
    CHECK_INT(sqlite3_open(db_path, &db), SQLITE_OK);
    CHECK_INT(sqlite3_exec(db, "UPDATE puzzles SET canonical = givens", NULL, NULL, NULL),
              SQLITE_OK);
    sqlite3_close(db);
    CHECK_INT(sk_store_open(db_path, &store, &err), 0);
    sk_store_set_rules_host(store, rules_test_host());
    CHECK_INT(sk_store_check(store, check_line, &lines, &problems, &err), 0);
    CHECK_INT(problems, 1);
    sk_store_set_rules_host(store, NULL);
    CHECK_INT(sk_store_check(store, check_line, &lines, &problems, &err), 0);
    CHECK_INT(problems, 1);
    sk_rules_free(rules);
    sk_store_close(store);
    remove_db();
}

/* A store at path (removed first) with the rules host. */
static sk_store *open_at(const char *path)
{
    sk_error err;
    sk_store *store = NULL;
    unlink(path);
    CHECK_INT(sk_store_open(path, &store, &err), 0);
    sk_store_set_rules_host(store, rules_test_host());
    return store;
}

/* Merge the store at in into store: 0 with counts, problems counted in
 * *lines. */
static int merge_into(sk_store *store, const char *in, sk_merge_counts *counts, int *lines)
{
    sk_error err;
    sk_merge_options options = {.batch = 7, .report = check_line, .user = lines};
    int rc = sk_store_merge(store, in, &options, counts, &err);
    if (rc)
        fprintf(stderr, "merge: %s\n", err.message);
    return rc;
}

/* db merge of stores holding puzzles under rules: a store of every public
 * puzzle merged into one holding each turned by a rotation or reflection
 * adds nothing (every row a duplicate), a puzzle with a given less is
 * added with its rules, and the merged store passes the check. */
static void merge_keeps_rules(void)
{
    char in_path[300], out_path[300];
    snprintf(in_path, sizeof in_path, "/tmp/sk-test-store-rules-in-%d.db", (int)getpid());
    snprintf(out_path, sizeof out_path, "/tmp/sk-test-store-rules-out-%d.db", (int)getpid());
    sk_store *in = open_at(in_path), *out = open_at(out_path);
    FILE *file = open_data();
    sk_rng rng;
    sk_rng_seed(&rng, 9, 0);
    data_puzzle p;
    int puzzles = 0, with_givens = 0, lines = 0;
    while (in && out && file && next_puzzle(file, &p)) {
        int64_t id = 0;
        bool duplicate;
        CHECK_INT(add(in, p.rules, &p.givens, &p.solution, &id, &duplicate), 0);
        if (p.clues > 0)
            check_one_given_less(in, &p), with_givens++;
        CHECK_INT(add(out, p.rules, &p.givens, &p.solution, &id, &duplicate), 0);
        bool square = p.rules->box_rows == p.rules->box_cols;
        int t = 1 + (int)sk_rng_below(&rng, square ? 7 : 3);
        check_turned(out, &p, t, &rng, id); /* out holds it once, turned or not */
        sk_rules_free(p.rules);
        puzzles++;
    }
    sk_store_close(in);
    sk_merge_counts counts;
    CHECK_INT(merge_into(out, in_path, &counts, &lines), 0);
    CHECK_INT(lines, 0);
    CHECK_INT(counts.puzzles_duplicate, puzzles);
    CHECK_INT(counts.puzzles_added, with_givens);
    int64_t problems = -1;
    sk_error err;
    CHECK_INT(sk_store_check(out, check_line, &lines, &problems, &err), 0);
    CHECK_INT(problems, 0);
    if (file)
        fclose(file);
    sk_store_close(out);
    unlink(in_path);
    unlink(out_path);
}

/* A row stored as an older store kept it (turned otherwise than its key
 * wants: the mirror image of a killer puzzle, its canonical form under its
 * own rules) is named by the check with what to do; merged into a new
 * store it is keyed as the store keys it, a duplicate of the puzzle. */
static void old_rows_are_rekeyed_by_merge(void)
{
    sk_store *store = open_fresh();
    const sk_rules *rules = rules_test_compile("6x6 killer:7=r1c1+r1c2;6=r6c5+r6c6");
    sk_board puzzle, mirror, canonical;
    size_t column;
    int64_t id;
    bool duplicate;
    char spec[200], givens[40], form[40], sql[600];
    sk_error err;
    CHECK_INT(sk_rules_parse_board(rules, "43......1..2.46......41.6..5......24", 36, &puzzle,
                                   &column), 0);
    CHECK_INT(add(store, rules, &puzzle, NULL, &id, &duplicate), 0);
    for (int t = 0; t < 4; t++) { /* the image the store did not keep */
        turned_spec(sk_rules_spec(rules), 6, t, spec, sizeof spec);
        const sk_rules *turned = rules_test_compile(spec);
        turned_board(6, t, &puzzle, &mirror);
        CHECK_INT(sk_rules_canon_form(turned, &mirror, &canonical), SK_OK);
        sk_rules_format_board(turned, &mirror, givens, true);
        sk_rules_format_board(turned, &canonical, form, true);
        snprintf(spec, sizeof spec, "%s", sk_rules_spec(turned));
        sk_rules_free(turned);
        snprintf(sql, sizeof sql, "SELECT 1 FROM puzzles WHERE rules = '%s' AND givens = '%s'",
                 spec, givens);
        sqlite3_stmt *stmt = NULL;
        sqlite3 *db = NULL;
        CHECK_INT(sqlite3_open(db_path, &db), SQLITE_OK);
        CHECK_INT(sqlite3_prepare_v2(db, sql, -1, &stmt, NULL), SQLITE_OK);
        bool stored = sqlite3_step(stmt) == SQLITE_ROW;
        sqlite3_finalize(stmt);
        snprintf(sql, sizeof sql, "UPDATE puzzles SET rules = '%s', givens = '%s', canonical = "
                 "'%s', solution = NULL", spec, givens, form);
        if (!stored)
            CHECK_INT(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
        sqlite3_close(db);
        if (!stored)
            break;
    }
    int lines = 0;
    int64_t problems = -1;
    CHECK_INT(sk_store_check(store, check_line, &lines, &problems, &err), 0);
    CHECK_INT(problems, 1);
    sk_store_close(store);
    char new_path[300];
    snprintf(new_path, sizeof new_path, "%s.new", db_path);
    sk_store *rekeyed = open_at(new_path);
    sk_merge_counts counts;
    CHECK_INT(merge_into(rekeyed, db_path, &counts, &lines), 0);
    CHECK_INT(counts.puzzles_added, 1);
    CHECK_INT(sk_store_check(rekeyed, check_line, &lines, &problems, &err), 0);
    CHECK_INT(problems, 0);
    int64_t again;
    CHECK_INT(add(rekeyed, rules, &puzzle, NULL, &again, &duplicate), 0);
    CHECK(duplicate);
    sk_rules_free(rules);
    sk_store_close(rekeyed);
    unlink(new_path);
    remove_db();
}

static const ski_test_case store_rules_cases[] = {
    {"images_are_duplicates", images_are_duplicates},
    {"non_images_are_new", non_images_are_new},
    {"other_rules_and_broken_maps_are_new", other_rules_and_broken_maps_are_new},
    {"check_finds_a_changed_row", check_finds_a_changed_row},
    {"turned_images_are_one_puzzle", turned_images_are_one_puzzle},
    {"merge_keeps_rules", merge_keeps_rules},
    {"old_rows_are_rekeyed_by_merge", old_rows_are_rekeyed_by_merge},
};

int main(int argc, char **argv)
{
    int rc = ski_test_main(argc, argv, store_rules_cases,
                          sizeof store_rules_cases / sizeof store_rules_cases[0]);
    rules_test_host_free();
    return rc;
}
