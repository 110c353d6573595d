/* Tests of the puzzle database API: schema, uniqueness, ratings, queries,
 * games, transactions and refusal of bad files. */
#define _XOPEN_SOURCE 700 /* nftw */
#include <ftw.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "sudokit/canon.h"
#include "sudokit/grid.h"
#include "sudokit/store.h"

static char test_dir[256];

static int test_remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

/* Remove this run's temporary folder. */
static void test_cleanup(void)
{
    if (test_dir[0])
        nftw(test_dir, test_remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* A fresh path in this run's temporary folder (removed at exit). */
static const char *test_path(const char *name)
{
    static char path[512];
    if (!test_dir[0]) {
        snprintf(test_dir, sizeof test_dir, "/tmp/sk-test-store-XXXXXX");
        CHECK(mkdtemp(test_dir) != NULL);
        atexit(test_cleanup);
    }
    snprintf(path, sizeof path, "%s/%s", test_dir, name);
    return path;
}

static sk_store *test_open(const char *name)
{
    sk_error err = {0};
    sk_store *store = NULL;
    const char *path = test_path(name);
    unlink(path);
    int rc = sk_store_open(path, &store, &err);
    if (rc != 0)
        fprintf(stderr, "open %s: %s\n", path, err.message);
    CHECK_INT(rc, 0);
    return store;
}

static sk_grid test_grid(const char *text)
{
    sk_grid g;
    size_t col;
    CHECK(sk_grid_parse_line(&g, text, strlen(text), &col) == 0);
    return g;
}

/* Run one SQL statement on a file directly, outside the store. */
static void test_raw_sql(const char *path, const char *sql)
{
    sqlite3 *db = NULL;
    CHECK_INT(sqlite3_open(path, &db), SQLITE_OK);
    CHECK_INT(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
}

static const char *const test_puzzle =
    "...8.1..........435............7.8........1...2..3....6......75..34........2..6..";
static const char *const test_solution =
    "237841569186795243594326718315674892469582137728139456642918375853467921971253684";
static const char *const test_other =
    "..............1..2.3...4.....5..........6....7.8.....1...9...........3....2....4.";

static void test_fresh_database_has_schema_and_settings(void)
{
    sk_store *store = test_open("fresh.db");
    if (!store)
        return;
    sk_store_stats s;
    sk_error err;
    CHECK_INT(sk_store_stats_get(store, &s, &err), 0);
    CHECK_INT(s.schema_version, sk_store_schema_version());
    CHECK(sk_store_schema_version() >= 1);
    CHECK_INT(s.puzzles, 0);
    sk_store_close(store);
    sqlite3 *db;
    sqlite3_stmt *stmt;
    CHECK_INT(sqlite3_open(test_path("fresh.db"), &db), SQLITE_OK);
    CHECK_INT(sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &stmt, NULL), SQLITE_OK);
    CHECK_INT(sqlite3_step(stmt), SQLITE_ROW);
    CHECK_STR((const char *)sqlite3_column_text(stmt, 0), "wal");
    sqlite3_finalize(stmt);
    CHECK_INT(sqlite3_prepare_v2(db,
                                 "SELECT count(*) FROM sqlite_schema WHERE type = 'table'"
                                 " AND name IN ('puzzles','ratings','games','bench_runs')"
                                 " AND sql LIKE '%STRICT%'",
                                 -1, &stmt, NULL),
              SQLITE_OK);
    CHECK_INT(sqlite3_step(stmt), SQLITE_ROW);
    CHECK_INT(sqlite3_column_int(stmt, 0), 4);
    sqlite3_finalize(stmt);
    sqlite3_close(db);
}

static void test_transformed_duplicate_is_reported(void)
{
    sk_store *store = test_open("dup.db");
    if (!store)
        return;
    sk_error err;
    sk_grid g = test_grid(test_puzzle), sol = test_grid(test_solution);
    sk_puzzle_record rec;
    sk_puzzle_record_init(&rec);
    rec.givens = g;
    rec.solution = &sol;
    rec.minimal = 1;
    rec.strategy = "test";
    rec.has_seed = true;
    rec.seed = UINT64_MAX;
    int64_t id = 0, id2 = 0;
    bool dup = true;
    CHECK_INT(sk_store_add_puzzle(store, &rec, &id, &dup, &err), 0);
    CHECK(!dup);
    CHECK(id > 0);
    sk_rng rng;
    sk_rng_seed(&rng, 3, 4);
    for (int k = 0; k < 10; k++) {
        sk_transform t;
        sk_puzzle_record image;
        sk_puzzle_record_init(&image);
        sk_transform_random(&rng, &t);
        sk_canon_transform(&g, &t, &image.givens);
        CHECK_INT(sk_store_add_puzzle(store, &image, &id2, &dup, &err), 0);
        CHECK(dup);
        CHECK_INT(id2, id);
    }
    sk_puzzle_record other;
    sk_puzzle_record_init(&other);
    other.givens = test_grid(test_other);
    CHECK_INT(sk_store_add_puzzle(store, &other, &id2, &dup, &err), 0);
    CHECK(!dup);
    CHECK(id2 != id);
    sk_store_stats s;
    CHECK_INT(sk_store_stats_get(store, &s, &err), 0);
    CHECK_INT(s.puzzles, 2);
    CHECK_INT(s.with_solution, 1);
    CHECK_INT(s.minimal, 1);
    CHECK_INT(s.by_clues[17], 1);
    sk_store_close(store);
}

static int test_collect_seed(void *user, const sk_puzzle_row *row)
{
    *(uint64_t *)user = row->seed;
    return 0;
}

static void test_seed_keeps_all_64_bits(void)
{
    sk_store *store = test_open("seed.db");
    if (!store)
        return;
    sk_error err;
    sk_puzzle_record rec;
    sk_puzzle_record_init(&rec);
    rec.givens = test_grid(test_puzzle);
    rec.has_seed = true;
    rec.seed = 0xFEDCBA9876543210ull;
    CHECK_INT(sk_store_add_puzzle(store, &rec, NULL, NULL, &err), 0);
    uint64_t seed = 0;
    sk_query q;
    sk_query_init(&q);
    CHECK_INT(sk_store_query(store, &q, test_collect_seed, &seed, &err), 0);
    CHECK(seed == 0xFEDCBA9876543210ull);
    sk_store_close(store);
}

static void test_bad_puzzles_are_refused(void)
{
    sk_store *store = test_open("bad.db");
    if (!store)
        return;
    sk_error err = {0};
    sk_puzzle_record rec;
    sk_puzzle_record_init(&rec);
    rec.givens = test_grid(test_puzzle);
    rec.givens.cells[0] = 8; /* row 1 already has an 8 */
    CHECK_INT(sk_store_add_puzzle(store, &rec, NULL, NULL, &err), -1);
    CHECK(strstr(err.message, "breaks the rules") != NULL);
    sk_grid wrong = test_grid(test_solution);
    wrong.cells[80] = wrong.cells[79];
    rec.givens = test_grid(test_puzzle);
    rec.solution = &wrong;
    CHECK_INT(sk_store_add_puzzle(store, &rec, NULL, NULL, &err), -1);
    CHECK(strstr(err.message, "solution") != NULL);
    sk_store_close(store);
}

typedef struct test_rows {
    int count;
    int64_t ids[16];
    double scores[16];
    int levels[16];
    bool rated[16];
    char status[16][16];
} test_rows;

static int test_collect(void *user, const sk_puzzle_row *row)
{
    test_rows *r = user;
    if (r->count < 16) {
        r->ids[r->count] = row->id;
        r->scores[r->count] = row->score;
        r->levels[r->count] = row->level;
        r->rated[r->count] = row->rated;
        snprintf(r->status[r->count], sizeof r->status[0], "%s",
                 row->last_game_status ? row->last_game_status : "");
    }
    r->count++;
    return 0;
}

static int test_run(sk_store *store, const sk_query *q, test_rows *rows)
{
    sk_error err = {0};
    memset(rows, 0, sizeof *rows);
    int rc = sk_store_query(store, q, test_collect, rows, &err);
    if (rc != 0)
        fprintf(stderr, "query: %s\n", err.message);
    return rc;
}

/* Five puzzles (ids 1..5) with 17, 18, 19, 20, 21 clues, rated 1.5, 2.5,
 * ... by "se" 1.0, and one game on puzzle 2. */
static sk_store *test_filled(const char *name)
{
    sk_store *store = test_open(name);
    if (!store)
        return NULL;
    sk_error err;
    sk_grid base = test_grid(test_puzzle), sol = test_grid(test_solution);
    CHECK_INT(sk_store_begin(store, &err), 0);
    for (int k = 0; k < 5; k++) {
        sk_puzzle_record rec;
        sk_puzzle_record_init(&rec);
        rec.givens = base;
        int added = 0;
        for (int cell = 0; cell < 81 && added < k; cell++)
            if (!rec.givens.cells[cell]) {
                rec.givens.cells[cell] = sol.cells[cell];
                added++;
            }
        rec.source = k < 3 ? "a.txt" : "b.txt";
        rec.minimal = k == 0;
        int64_t id;
        bool dup;
        CHECK_INT(sk_store_add_puzzle(store, &rec, &id, &dup, &err), 0);
        CHECK(!dup);
        sk_rating r = {
            .struct_size = sizeof r, .score = 1.5 + k, .level = k + 1, .steps = (uint32_t)(10 * k)};
        snprintf(r.hardest, sizeof r.hardest, "%s", k < 2 ? "Hidden single" : "X-Wing");
        CHECK_INT(sk_store_add_rating(store, id, "se", "1.0", &r, &err), 0);
    }
    CHECK_INT(sk_store_commit(store, &err), 0);
    sk_game_record game = {.puzzle_id = 2, .status = SK_PLAY_SOLVED};
    memcpy(game.cells, test_puzzle, 82);
    CHECK_INT(sk_store_game_save(store, &game, &err), 0);
    return store;
}

static void test_queries_filter_and_sort(void)
{
    sk_store *store = test_filled("query.db");
    if (!store)
        return;
    sk_query q;
    test_rows rows;
    sk_query_init(&q);
    CHECK_INT(test_run(store, &q, &rows), 0);
    CHECK_INT(rows.count, 5);
    CHECK(!rows.rated[0]);

    sk_query_init(&q);
    q.clues_min = 18;
    q.clues_max = 20;
    CHECK_INT(test_run(store, &q, &rows), 0);
    CHECK_INT(rows.count, 3);
    CHECK_INT(rows.ids[0], 2);

    sk_query_init(&q);
    q.rater = "se";
    q.has_score_min = q.has_score_max = true;
    q.score_min = 2.0;
    q.score_max = 4.5;
    q.sort = SK_SORT_SCORE;
    q.descending = true;
    CHECK_INT(test_run(store, &q, &rows), 0);
    CHECK_INT(rows.count, 3);
    CHECK_INT(rows.ids[0], 4); /* scores 2.5, 3.5, 4.5: highest first */
    CHECK(rows.scores[0] > 4.4 && rows.scores[0] < 4.6);
    CHECK(rows.rated[0]);

    sk_query_init(&q);
    q.rater = "se";
    q.level_min = q.level_max = 4;
    CHECK_INT(test_run(store, &q, &rows), 0);
    CHECK_INT(rows.count, 1);
    CHECK_INT(rows.levels[0], 4);

    sk_query_init(&q);
    q.rater = "se";
    q.hardest = "X-Wing";
    q.source = "b.txt";
    CHECK_INT(test_run(store, &q, &rows), 0);
    CHECK_INT(rows.count, 2);

    sk_query_init(&q);
    q.minimal = 1;
    CHECK_INT(test_run(store, &q, &rows), 0);
    CHECK_INT(rows.count, 1);
    CHECK_INT(rows.ids[0], 1);

    sk_query_init(&q);
    q.has_game = 1;
    CHECK_INT(test_run(store, &q, &rows), 0);
    CHECK_INT(rows.count, 1);
    CHECK_STR(rows.status[0], "solved");
    q.has_game = 0;
    CHECK_INT(test_run(store, &q, &rows), 0);
    CHECK_INT(rows.count, 4);

    sk_query_init(&q);
    q.game_status = "playing";
    CHECK_INT(test_run(store, &q, &rows), 0);
    CHECK_INT(rows.count, 0);

    sk_query_init(&q);
    q.unplayed_first = true;
    q.descending = true;
    q.limit = 2;
    q.offset = 3;
    CHECK_INT(test_run(store, &q, &rows), 0);
    CHECK_INT(rows.count, 2);
    CHECK_INT(rows.ids[0], 1); /* unplayed 5, 4, 3, 1, then played 2 */
    CHECK_INT(rows.ids[1], 2);

    sk_query_init(&q);
    q.symmetry = "none";
    q.clues_min = 17;
    q.clues_max = 17;
    CHECK_INT(test_run(store, &q, &rows), 0);
    CHECK_INT(rows.count, 1);
    sk_store_close(store);
}

static void test_line_count(void *user, const char *line)
{
    (void)line;
    ++*(int *)user;
}

static void test_every_filter_at_once(void)
{
    sk_store *store = test_filled("every.db");
    if (!store)
        return;
    sk_error err = {0};
    sk_query q;
    test_rows rows;
    sk_query_init(&q);
    q.id = 3;
    q.clues_min = 17;
    q.clues_max = 30;
    q.rater = "se";
    q.rater_version = "1.0";
    q.rated_only = true;
    q.has_score_min = q.has_score_max = true;
    q.score_min = 0;
    q.score_max = 10;
    q.level_min = 1;
    q.level_max = 5;
    q.hardest = "X-Wing";
    q.symmetry = "none";
    q.minimal = 0;
    q.source = "a.txt";
    q.has_game = 0;
    q.sort = SK_SORT_SCORE;
    q.descending = true;
    q.unplayed_first = true;
    q.limit = 10;
    q.offset = 0;
    CHECK_INT(test_run(store, &q, &rows), 0);
    CHECK_INT(rows.count, 1);
    CHECK_INT(rows.ids[0], 3);
    q.has_game = -1;
    q.game_status = "abandoned";
    CHECK_INT(test_run(store, &q, &rows), 0);
    CHECK_INT(rows.count, 0);
    int lines = 0;
    CHECK_INT(sk_store_explain(store, &q, test_line_count, &lines, &err), 0);
    CHECK(lines > 0);
    sk_store_close(store);
}

static void test_bad_queries_are_errors(void)
{
    sk_store *store = test_filled("badq.db");
    if (!store)
        return;
    sk_error err = {0};
    sk_query q;
    sk_query_init(&q);
    q.has_score_min = true;
    CHECK_INT(sk_store_query(store, &q, test_collect, &(test_rows){0}, &err), -1);
    CHECK(strstr(err.message, "rater") != NULL);
    sk_query_init(&q);
    q.symmetry = "spiral";
    CHECK_INT(sk_store_query(store, &q, test_collect, &(test_rows){0}, &err), -1);
    CHECK(strstr(err.message, "spiral") != NULL);
    /* A value that looks like SQL is only ever a value. */
    sk_query_init(&q);
    q.source = "a.txt' OR '1'='1";
    test_rows rows;
    CHECK_INT(test_run(store, &q, &rows), 0);
    CHECK_INT(rows.count, 0);
    sk_store_close(store);
}

static void test_rating_upsert_and_missing_puzzle(void)
{
    sk_store *store = test_filled("rating.db");
    if (!store)
        return;
    sk_error err = {0};
    sk_rating r = {.struct_size = sizeof r, .score = 9.9, .level = 5, .steps = 3};
    snprintf(r.hardest, sizeof r.hardest, "Forcing chain");
    CHECK_INT(sk_store_add_rating(store, 1, "se", "1.0", &r, &err), 0);
    CHECK_INT(sk_store_add_rating(store, 1, "se", "2.0", &r, &err), 0);
    sk_store_stats s;
    CHECK_INT(sk_store_stats_get(store, &s, &err), 0);
    CHECK_INT(s.ratings, 6);
    CHECK_INT(s.rated_puzzles, 5);
    /* The newest version is used when none is named. */
    sk_query q;
    test_rows rows;
    sk_query_init(&q);
    q.rater = "se";
    q.rated_only = true;
    CHECK_INT(test_run(store, &q, &rows), 0);
    CHECK_INT(rows.count, 1);
    q.rater_version = "1.0";
    CHECK_INT(test_run(store, &q, &rows), 0);
    CHECK_INT(rows.count, 5);
    CHECK(rows.scores[0] > 9.8);
    CHECK_INT(sk_store_add_rating(store, 999, "se", "1.0", &r, &err), -1);
    CHECK(strstr(err.message, "999") != NULL);
    sk_store_close(store);
}

static int test_count_games(void *user, const sk_game_record *rec)
{
    int *n = user;
    CHECK_INT(strlen(rec->cells), 81);
    (*n)++;
    return 0;
}

static void test_games_save_load_list(void)
{
    sk_store *store = test_filled("games.db");
    if (!store)
        return;
    sk_error err = {0};
    char history[5000];
    memset(history, 'u', sizeof history - 1);
    history[sizeof history - 1] = '\0';
    sk_game_record g = {.puzzle_id = 3,
                        .elapsed_ms = 1234,
                        .hints = 2,
                        .status = SK_PLAY_PLAYING,
                        .marks = "1ff",
                        .history = history};
    memcpy(g.cells, test_puzzle, 82);
    CHECK_INT(sk_store_game_save(store, &g, &err), 0);
    CHECK(g.id > 0);
    g.elapsed_ms = 5678;
    g.status = SK_PLAY_ABANDONED;
    CHECK_INT(sk_store_game_save(store, &g, &err), 0);
    sk_game_record back;
    CHECK_INT(sk_store_game_load(store, g.id, &back, &err), 0);
    CHECK_INT(back.id, g.id);
    CHECK_INT(back.puzzle_id, 3);
    CHECK_STR(back.cells, test_puzzle);
    CHECK_STR(back.marks, "1ff");
    CHECK_STR(back.history, history);
    CHECK_INT(back.elapsed_ms, 5678);
    CHECK_INT(back.hints, 2);
    CHECK_INT(back.status, SK_PLAY_ABANDONED);
    CHECK(back.updated[0] != '\0');
    sk_game_record_clear(&back);
    sk_game_record_clear(&back);
    CHECK(back.marks == NULL);
    int n = 0;
    CHECK_INT(sk_store_game_list(store, test_count_games, &n, &err), 0);
    CHECK_INT(n, 2);
    CHECK_INT(sk_store_game_load(store, 4242, &back, &err), -1);
    CHECK(strstr(err.message, "4242") != NULL);
    g.id = 4242;
    CHECK_INT(sk_store_game_save(store, &g, &err), -1);
    g.id = 0;
    g.puzzle_id = 777;
    CHECK_INT(sk_store_game_save(store, &g, &err), -1);
    CHECK(strstr(err.message, "777") != NULL);
    g.puzzle_id = 3;
    g.cells[5] = 'x';
    CHECK_INT(sk_store_game_save(store, &g, &err), -1);
    sk_store_close(store);
}

static void test_transactions(void)
{
    sk_store *store = test_open("tx.db");
    if (!store)
        return;
    sk_error err = {0};
    CHECK_INT(sk_store_commit(store, &err), -1);
    CHECK_INT(sk_store_rollback(store, &err), -1);
    CHECK_INT(sk_store_begin(store, &err), 0);
    CHECK_INT(sk_store_begin(store, &err), -1);
    CHECK(strstr(err.message, "nest") != NULL);
    sk_puzzle_record rec;
    sk_puzzle_record_init(&rec);
    rec.givens = test_grid(test_puzzle);
    CHECK_INT(sk_store_add_puzzle(store, &rec, NULL, NULL, &err), 0);
    CHECK_INT(sk_store_rollback(store, &err), 0);
    sk_store_stats s;
    CHECK_INT(sk_store_stats_get(store, &s, &err), 0);
    CHECK_INT(s.puzzles, 0);
    sk_store_close(store);
}

static void test_bench_runs(void)
{
    sk_store *store = test_open("bench.db");
    if (!store)
        return;
    sk_error err = {0};
    sk_bench_record b = {.solver = "backtrack",
                         .dataset_fingerprint = "abc",
                         .dataset_name = "17.txt",
                         .puzzles = 10,
                         .seconds = 0.5,
                         .guesses = 99,
                         .count_limit = 2};
    int64_t id = 0;
    CHECK_INT(sk_store_add_bench_run(store, &b, &id, &err), 0);
    CHECK(id > 0);
    b.solver = NULL;
    CHECK_INT(sk_store_add_bench_run(store, &b, &id, &err), -1);
    sk_store_stats s;
    CHECK_INT(sk_store_stats_get(store, &s, &err), 0);
    CHECK_INT(s.bench_runs, 1);
    sk_store_close(store);
}

static void test_newer_schema_is_refused(void)
{
    sk_store *store = test_open("newer.db");
    if (!store)
        return;
    sk_store_close(store);
    test_raw_sql(test_path("newer.db"), "PRAGMA user_version = 999");
    sk_error err = {0};
    CHECK_INT(sk_store_open(test_path("newer.db"), &store, &err), -1);
    CHECK(store == NULL);
    CHECK(strstr(err.message, "999") != NULL);
    CHECK(strstr(err.message, "newer") != NULL);
}

/* The whole file at path in a heap buffer (NULL when it cannot be read). */
static unsigned char *test_slurp(const char *path, long *len)
{
    FILE *f = fopen(path, "rb");
    unsigned char *data = NULL;
    *len = -1;
    if (f && fseek(f, 0, SEEK_END) == 0 && (*len = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (data = malloc((size_t)*len + 1)) != NULL &&
        fread(data, 1, (size_t)*len, f) != (size_t)*len) {
        free(data);
        data = NULL;
    }
    if (f)
        fclose(f);
    return data;
}

/* Open path, expect a refusal whose message holds want, and check that the
 * file's bytes are what they were and no journal is left beside it. */
static void test_refused_untouched(const char *path, const char *want)
{
    long before_len, after_len;
    unsigned char *before = test_slurp(path, &before_len);
    sk_error err = {0};
    char side[600];
    sk_store *store = NULL;
    CHECK_INT(sk_store_open(path, &store, &err), -1);
    CHECK(store == NULL);
    if (!strstr(err.message, want))
        fprintf(stderr, "%s: message \"%s\" lacks \"%s\"\n", path, err.message, want);
    CHECK(strstr(err.message, want) != NULL);
    unsigned char *after = test_slurp(path, &after_len);
    CHECK(before != NULL && after != NULL);
    CHECK_INT(after_len, before_len);
    CHECK(before && after && before_len == after_len &&
          memcmp(before, after, (size_t)after_len) == 0);
    snprintf(side, sizeof side, "%s-wal", path);
    CHECK(access(side, F_OK) != 0);
    free(before);
    free(after);
}

static void test_out_of_range_schema_version_leaves_file_untouched(void)
{
    static const struct {
        const char *sql, *want;
    } cases[] = {
        {"PRAGMA user_version = -1", "schema version -1, which no sudokit writes"},
        {"PRAGMA user_version = -100", "schema version -100, which no sudokit writes"},
        {"PRAGMA user_version = -2147483648", "schema version -2147483648"},
        {"PRAGMA user_version = 2147483647", "newer than this sudokit knows"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sk_store *store = test_filled("version.db");
        if (!store)
            return;
        sk_store_close(store);
        test_raw_sql(test_path("version.db"), cases[i].sql);
        test_refused_untouched(test_path("version.db"), cases[i].want);
    }
    /* Another program's database, in its own journal mode: refused before
     * the switch to WAL would rewrite its header. */
    const char *path = test_path("foreign.db");
    unlink(path);
    test_raw_sql(path, "CREATE TABLE notes (x TEXT); INSERT INTO notes VALUES ('keep')");
    test_refused_untouched(path, "another program");
}

static void test_migration_from_empty_file(void)
{
    const char *path = test_path("empty.db");
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (f)
        fclose(f);
    sk_error err = {0};
    sk_store *store = NULL;
    CHECK_INT(sk_store_open(path, &store, &err), 0);
    sk_store_close(store);
    /* A second open finds the schema current and changes nothing. */
    CHECK_INT(sk_store_open(path, &store, &err), 0);
    sk_store_stats s;
    CHECK_INT(sk_store_stats_get(store, &s, &err), 0);
    CHECK_INT(s.schema_version, sk_store_schema_version());
    sk_store_close(store);
}

static void test_foreign_and_garbage_files_are_refused(void)
{
    sk_error err = {0};
    sk_store *store = NULL;
    const char *path = test_path("garbage.db");
    FILE *f = fopen(path, "w");
    for (int i = 0; i < 2000; i++)
        fputs("this is not a database at all\n", f);
    fclose(f);
    CHECK_INT(sk_store_open(path, &store, &err), -1);
    CHECK(strstr(err.message, "not a usable sudokit database") != NULL);

    path = test_path("other.db");
    unlink(path);
    test_raw_sql(path, "CREATE TABLE notes (x TEXT)");
    CHECK_INT(sk_store_open(path, &store, &err), -1);
    CHECK(strstr(err.message, "another program") != NULL);

    CHECK_INT(sk_store_open("/nonexistent-dir/x/y.db", &store, &err), -1);
    CHECK(strstr(err.message, "cannot create database /nonexistent-dir/x/y.db: its folder "
                      "/nonexistent-dir/x does not exist") != NULL);
}

static void test_damaged_file_fails_cleanly(void)
{
    sk_store *store = test_filled("damaged.db");
    if (!store)
        return;
    sk_error err = {0};
    sk_store_close(store);
    /* Overwrite the second page onwards with garbage. */
    const char *path = test_path("damaged.db");
    FILE *f = fopen(path, "r+b");
    CHECK(f != NULL);
    if (!f)
        return;
    fseek(f, 4096, SEEK_SET);
    for (int i = 0; i < 4096 * 3; i++)
        fputc(i * 7 & 0xFF, f);
    fclose(f);
    int rc = sk_store_open(path, &store, &err);
    if (rc == 0) {
        int64_t problems = 0;
        rc = sk_store_check(store, NULL, NULL, &problems, &err);
        CHECK(rc != 0 || problems > 0);
        sk_store_close(store);
    } else {
        CHECK(err.message[0] != '\0');
    }
}

typedef struct test_problems {
    int count;
    char first[256];
} test_problems;

static void test_note_problem(void *user, const char *problem)
{
    test_problems *p = user;
    if (!p->count++)
        snprintf(p->first, sizeof p->first, "%s", problem);
}

static void test_check_finds_wrong_canonical_form(void)
{
    sk_store *store = test_filled("check.db");
    if (!store)
        return;
    sk_error err = {0};
    int64_t problems = -1;
    test_problems seen = {0};
    CHECK_INT(sk_store_check(store, test_note_problem, &seen, &problems, &err), 0);
    CHECK_INT(problems, 0);
    sk_store_close(store);
    test_raw_sql(test_path("check.db"), "UPDATE puzzles SET canonical = givens WHERE id = 2");
    CHECK_INT(sk_store_open(test_path("check.db"), &store, &err), 0);
    CHECK_INT(sk_store_check(store, test_note_problem, &seen, &problems, &err), 0);
    CHECK_INT(problems, 1);
    CHECK(strstr(seen.first, "puzzle 2") != NULL);
    sk_store_close(store);
}

static void test_default_path(void)
{
    char buf[512];
    setenv("SUDOKIT_DB", "/x/y.db", 1);
    CHECK_INT(sk_store_default_path(buf, sizeof buf), 0);
    CHECK_STR(buf, "/x/y.db");
    unsetenv("SUDOKIT_DB");
    setenv("XDG_DATA_HOME", "/data", 1);
    CHECK_INT(sk_store_default_path(buf, sizeof buf), 0);
    CHECK_STR(buf, "/data/sudokit/sudokit.db");
    setenv("XDG_DATA_HOME", "relative", 1);
    setenv("HOME", "/home/u", 1);
    CHECK_INT(sk_store_default_path(buf, sizeof buf), 0);
    CHECK_STR(buf, "/home/u/.local/share/sudokit/sudokit.db");
    CHECK_INT(sk_store_default_path(buf, 10), -1);
    /* The default path's folders are created on open. */
    char home[600];
    snprintf(home, sizeof home, "%s/home", test_path(""));
    unsetenv("XDG_DATA_HOME");
    setenv("HOME", home, 1);
    sk_store *store = NULL;
    sk_error err = {0};
    CHECK_INT(sk_store_open(NULL, &store, &err), 0);
    CHECK(strstr(sk_store_path(store), "/home/.local/share/sudokit/sudokit.db") != NULL);
    sk_store_close(store);
}

static void test_symmetry_of(void)
{
    sk_grid g = {{0}};
    CHECK_INT(sk_store_symmetry_of(&g), SK_SYM_ROT90);
    g.cells[0] = 1;
    g.cells[80] = 2;
    CHECK_INT(sk_store_symmetry_of(&g), SK_SYM_ROT180);
    g.cells[80] = 0;
    g.cells[8] = 2;
    CHECK_INT(sk_store_symmetry_of(&g), SK_SYM_MIRROR);
    g.cells[8] = 0;
    g.cells[1] = 2;
    g.cells[9] = 3;
    CHECK_INT(sk_store_symmetry_of(&g), SK_SYM_DIAGONAL);
    g.cells[9] = 0;
    CHECK_INT(sk_store_symmetry_of(&g), SK_SYM_NONE);
}

static const ski_test_case cases[] = {
    {"fresh_database_has_schema_and_settings", test_fresh_database_has_schema_and_settings},
    {"transformed_duplicate_is_reported", test_transformed_duplicate_is_reported},
    {"seed_keeps_all_64_bits", test_seed_keeps_all_64_bits},
    {"bad_puzzles_are_refused", test_bad_puzzles_are_refused},
    {"queries_filter_and_sort", test_queries_filter_and_sort},
    {"every_filter_at_once", test_every_filter_at_once},
    {"bad_queries_are_errors", test_bad_queries_are_errors},
    {"rating_upsert_and_missing_puzzle", test_rating_upsert_and_missing_puzzle},
    {"games_save_load_list", test_games_save_load_list},
    {"transactions", test_transactions},
    {"bench_runs", test_bench_runs},
    {"newer_schema_is_refused", test_newer_schema_is_refused},
    {"out_of_range_schema_version_leaves_file_untouched",
     test_out_of_range_schema_version_leaves_file_untouched},
    {"migration_from_empty_file", test_migration_from_empty_file},
    {"foreign_and_garbage_files_are_refused", test_foreign_and_garbage_files_are_refused},
    {"damaged_file_fails_cleanly", test_damaged_file_fails_cleanly},
    {"check_finds_wrong_canonical_form", test_check_finds_wrong_canonical_form},
    {"default_path", test_default_path},
    {"symmetry_of", test_symmetry_of},
};

SK_TEST_MAIN(cases)
