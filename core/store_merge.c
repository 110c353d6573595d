/* The puzzle database: merging another sudokit database into this one
 * (sk_store_merge), batch by batch, each batch one transaction. */
#include "store_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sudokit/canon.h"
#include "sudokit/grid.h"

/* The statements of one merge, on the input attached as merge_in. */
enum {
    MERGE_RANGE,   /* the last id and count of the next batch of input puzzles */
    MERGE_PUZZLES, /* the batch's puzzles, duplicates left out */
    MERGE_RATINGS, /* their ratings, onto store's rows */
    MERGE_RATING_COUNT,
    MERGE_GAMES,   /* their games, with both puzzles' givens */
    MERGE_GAME_FIND,
    MERGE_GAME_INSERT,
    MERGE_GAME_UPDATE,
    MERGE_BENCH,
    MERGE_BENCH_COUNT,
    MERGE_STMT_COUNT
};

static const char *const merge_sql[MERGE_STMT_COUNT] = {
    [MERGE_RANGE] = "SELECT max(id), count(*) FROM (SELECT id FROM merge_in.puzzles"
                    " WHERE id > ?1 ORDER BY id LIMIT ?2)",
    [MERGE_PUZZLES] = "INSERT INTO main.puzzles (givens, canonical, solution, clues, symmetry,"
                      " minimal, strategy, options, seed, source, created)"
                      " SELECT givens, canonical, solution, clues, symmetry, minimal, strategy,"
                      " options, seed, source, created FROM merge_in.puzzles"
                      " WHERE id > ?1 AND id <= ?2 ORDER BY id"
                      " ON CONFLICT (canonical) DO NOTHING",
    [MERGE_RATINGS] = "INSERT INTO main.ratings (puzzle_id, rater, rater_version, score,"
                      " score_is_lower_bound, first_step, first_placement, level, hardest,"
                      " steps, created)"
                      " SELECT m.id, r.rater, r.rater_version, r.score, r.score_is_lower_bound,"
                      " r.first_step, r.first_placement, r.level, r.hardest, r.steps, r.created"
                      " FROM merge_in.ratings r JOIN merge_in.puzzles p ON p.id = r.puzzle_id"
                      " JOIN main.puzzles m ON m.canonical = p.canonical"
                      " WHERE r.puzzle_id > ?1 AND r.puzzle_id <= ?2 ORDER BY r.id"
                      " ON CONFLICT (puzzle_id, rater, rater_version) DO NOTHING",
    [MERGE_RATING_COUNT] = "SELECT count(*) FROM merge_in.ratings"
                           " WHERE puzzle_id > ?1 AND puzzle_id <= ?2",
    [MERGE_GAMES] = "SELECT g.id, g.cells, g.marks, g.history, g.elapsed_ms, g.hints, g.status,"
                    " g.created, g.updated, p.givens, m.id, m.givens"
                    " FROM merge_in.games g JOIN merge_in.puzzles p ON p.id = g.puzzle_id"
                    " JOIN main.puzzles m ON m.canonical = p.canonical"
                    " WHERE g.puzzle_id > ?1 AND g.puzzle_id <= ?2 ORDER BY g.id",
    [MERGE_GAME_FIND] = "SELECT id, updated FROM main.games WHERE puzzle_id = ?1 AND created = ?2"
                        " ORDER BY id LIMIT 1",
    [MERGE_GAME_INSERT] = "INSERT INTO main.games (puzzle_id, cells, marks, history, elapsed_ms,"
                          " hints, status, created, updated)"
                          " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    [MERGE_GAME_UPDATE] = "UPDATE main.games SET cells = ?2, marks = ?3, history = ?4,"
                          " elapsed_ms = ?5, hints = ?6, status = ?7, updated = ?9"
                          " WHERE id = ?1", /* ?8, the start time, is the key */
    [MERGE_BENCH] = "INSERT INTO main.bench_runs (solver, solver_options, dataset_fingerprint,"
                    " dataset_name, puzzles, seconds, guesses, count_limit, created, jobs,"
                    " sudokit_version, cpu_model)"
                    " SELECT s.solver, s.solver_options, s.dataset_fingerprint, s.dataset_name,"
                    " s.puzzles, s.seconds, s.guesses, s.count_limit, s.created, s.jobs,"
                    " s.sudokit_version, s.cpu_model"
                    " FROM merge_in.bench_runs s WHERE NOT EXISTS (SELECT 1 FROM"
                    " main.bench_runs b WHERE b.dataset_fingerprint = s.dataset_fingerprint"
                    " AND b.solver = s.solver AND b.solver_options IS s.solver_options"
                    " AND b.dataset_name = s.dataset_name AND b.puzzles = s.puzzles"
                    " AND b.seconds = s.seconds AND b.guesses = s.guesses"
                    " AND b.count_limit = s.count_limit AND b.created = s.created"
                    " AND b.jobs IS s.jobs AND b.sudokit_version IS s.sudokit_version"
                    " AND b.cpu_model IS s.cpu_model)"
                    " ORDER BY s.id",
    [MERGE_BENCH_COUNT] = "SELECT count(*) FROM merge_in.bench_runs",
};

typedef struct merge_run {
    sk_store *store;
    const char *in_path;
    const sk_merge_options *options;
    sqlite3_stmt *stmts[MERGE_STMT_COUNT];
    sk_merge_counts batch; /* what the open transaction adds */
} merge_run;

/* One integer result of a statement with two bound integers. */
static int merge_count(merge_run *run, int id, int64_t a, int64_t b, int64_t *out)
{
    sqlite3_stmt *stmt = run->stmts[id];
    sqlite3_reset(stmt);
    sqlite3_bind_int64(stmt, 1, a);
    sqlite3_bind_int64(stmt, 2, b);
    int rc = sqlite3_step(stmt);
    *out = rc == SQLITE_ROW ? sqlite3_column_int64(stmt, 0) : 0;
    sqlite3_reset(stmt);
    return rc == SQLITE_ROW ? 0 : -1;
}

/* Run an insert of the rows (lo, hi]; *changes gets the rows written. */
static int merge_insert(merge_run *run, int id, int64_t lo, int64_t hi, int64_t *changes)
{
    sqlite3_stmt *stmt = run->stmts[id];
    sqlite3_reset(stmt);
    sqlite3_bind_int64(stmt, 1, lo);
    sqlite3_bind_int64(stmt, 2, hi);
    int rc = sqlite3_step(stmt);
    sqlite3_reset(stmt);
    *changes = sqlite3_changes64(run->store->db);
    return rc == SQLITE_DONE ? 0 : -1;
}

/* A game as read from the input, carried onto store's puzzle. */
typedef struct merge_game {
    int64_t in_id, puzzle_id;
    sk_play_state state;
    const char *status, *created, *updated;
} merge_game;

/* Carry the game's state onto store's image of its puzzle when the two
 * givens differ (the input holds another member of the class). 0, or -1
 * with why (then *owned stays clear). */
static int merge_game_image(sqlite3_stmt *games, merge_game *g, sk_play_state *owned, char *why,
                            size_t len)
{
    const char *in_givens = (const char *)sqlite3_column_text(games, 9);
    const char *out_givens = (const char *)sqlite3_column_text(games, 11);
    if (!in_givens || !out_givens || strcmp(in_givens, out_givens) == 0)
        return 0;
    sk_grid from, to;
    size_t col;
    sk_transform t;
    if (sk_grid_parse_line(&from, in_givens, 81, &col) != 0 ||
        sk_grid_parse_line(&to, out_givens, 81, &col) != 0 ||
        !sk_canon_find_transform(&from, &to, &t))
        return store_fail(why, len, "its puzzle is not equivalent to the one stored");
    if (sk_play_state_transform(&g->state, &t, owned, why, len) != 0)
        return -1;
    g->state = *owned;
    return 0;
}

/* Insert the game, or bring store's copy (same puzzle, same start) up to
 * a later save; counts what it did. */
static int merge_game_write(merge_run *run, const merge_game *g)
{
    sqlite3_stmt *find = run->stmts[MERGE_GAME_FIND];
    sqlite3_reset(find);
    sqlite3_bind_int64(find, 1, g->puzzle_id);
    store_bind_text(find, 2, g->created);
    int rc = sqlite3_step(find);
    int64_t existing = rc == SQLITE_ROW ? sqlite3_column_int64(find, 0) : 0;
    const char *saved = rc == SQLITE_ROW ? (const char *)sqlite3_column_text(find, 1) : NULL;
    bool later = saved && g->updated && strcmp(g->updated, saved) > 0;
    sqlite3_reset(find);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return -1;
    if (existing && !later) {
        run->batch.games_kept++;
        return 0;
    }
    sqlite3_stmt *stmt = run->stmts[existing ? MERGE_GAME_UPDATE : MERGE_GAME_INSERT];
    sqlite3_reset(stmt);
    sqlite3_bind_int64(stmt, 1, existing ? existing : g->puzzle_id);
    sqlite3_bind_text(stmt, 2, g->state.cells, 81, SQLITE_STATIC);
    store_bind_text(stmt, 3, g->state.marks ? g->state.marks : "");
    store_bind_text(stmt, 4, g->state.history ? g->state.history : "");
    sqlite3_bind_int64(stmt, 5, g->state.elapsed_ms);
    sqlite3_bind_int(stmt, 6, g->state.hints);
    store_bind_text(stmt, 7, g->status);
    store_bind_text(stmt, 8, g->created);
    store_bind_text(stmt, 9, g->updated);
    rc = sqlite3_step(stmt);
    sqlite3_reset(stmt);
    if (rc != SQLITE_DONE)
        return -1;
    existing ? run->batch.games_updated++ : run->batch.games_added++;
    return 0;
}

/* Report a game left out, and count it. */
static void merge_game_reject(merge_run *run, int64_t id, const char *why)
{
    char line[700];
    snprintf(line, sizeof line, "%s: game %lld not merged: %s", run->in_path, (long long)id, why);
    run->batch.games_rejected++;
    if (run->options->report)
        run->options->report(run->options->user, line);
}

/* The games of the input puzzles (lo, hi]. */
static int merge_games(merge_run *run, int64_t lo, int64_t hi)
{
    sqlite3_stmt *games = run->stmts[MERGE_GAMES];
    sqlite3_reset(games);
    sqlite3_bind_int64(games, 1, lo);
    sqlite3_bind_int64(games, 2, hi);
    int rc, result = 0;
    while (result == 0 && (rc = sqlite3_step(games)) == SQLITE_ROW) {
        merge_game g = {.in_id = sqlite3_column_int64(games, 0),
                        .puzzle_id = sqlite3_column_int64(games, 10),
                        .status = (const char *)sqlite3_column_text(games, 6),
                        .created = (const char *)sqlite3_column_text(games, 7),
                        .updated = (const char *)sqlite3_column_text(games, 8)};
        store_column_copy(games, 1, g.state.cells, sizeof g.state.cells);
        g.state.marks = (char *)sqlite3_column_text(games, 2);
        g.state.history = (char *)sqlite3_column_text(games, 3);
        g.state.elapsed_ms = sqlite3_column_int64(games, 4);
        g.state.hints = sqlite3_column_int(games, 5);
        sk_play_state owned = {0};
        char why[512];
        if (merge_game_image(games, &g, &owned, why, sizeof why) != 0)
            merge_game_reject(run, g.in_id, why);
        else
            result = merge_game_write(run, &g);
        sk_play_state_clear(&owned);
    }
    sqlite3_reset(games);
    return result == 0 && rc == SQLITE_DONE ? 0 : -1;
}

/* One batch: the input puzzles (lo, hi], count of them, with their ratings
 * and games, in one transaction. */
static int merge_batch(merge_run *run, int64_t lo, int64_t hi, int64_t count, char *err,
                       size_t errlen)
{
    int64_t added = 0, ratings = 0, rated = 0;
    memset(&run->batch, 0, sizeof run->batch);
    if (sk_store_begin(run->store, err, errlen) != 0)
        return -1;
    if (merge_insert(run, MERGE_PUZZLES, lo, hi, &added) != 0 ||
        merge_insert(run, MERGE_RATINGS, lo, hi, &rated) != 0 ||
        merge_count(run, MERGE_RATING_COUNT, lo, hi, &ratings) != 0 ||
        merge_games(run, lo, hi) != 0) {
        store_fail_db(run->store, err, errlen, "cannot merge a batch of puzzles");
        sk_store_rollback(run->store, NULL, 0);
        return -1;
    }
    run->batch.puzzles_added = added;
    run->batch.puzzles_duplicate = count - added;
    run->batch.ratings_added = rated;
    run->batch.ratings_kept = ratings - rated;
    return sk_store_commit(run->store, err, errlen);
}

/* The benchmark runs, in one transaction. */
static int merge_bench(merge_run *run, char *err, size_t errlen)
{
    int64_t added = 0, all = 0;
    memset(&run->batch, 0, sizeof run->batch);
    if (sk_store_begin(run->store, err, errlen) != 0)
        return -1;
    if (merge_insert(run, MERGE_BENCH, 0, 0, &added) != 0 ||
        merge_count(run, MERGE_BENCH_COUNT, 0, 0, &all) != 0) {
        store_fail_db(run->store, err, errlen, "cannot merge the benchmark runs");
        sk_store_rollback(run->store, NULL, 0);
        return -1;
    }
    run->batch.bench_added = added;
    run->batch.bench_kept = all - added;
    return sk_store_commit(run->store, err, errlen);
}

/* Add what the committed transaction added to counts. */
static void merge_tally(sk_merge_counts *c, const sk_merge_counts *b)
{
    c->puzzles_added += b->puzzles_added;
    c->puzzles_duplicate += b->puzzles_duplicate;
    c->ratings_added += b->ratings_added;
    c->ratings_kept += b->ratings_kept;
    c->games_added += b->games_added;
    c->games_updated += b->games_updated;
    c->games_kept += b->games_kept;
    c->games_rejected += b->games_rejected;
    c->bench_added += b->bench_added;
    c->bench_kept += b->bench_kept;
}

/* Refuse an input that is missing, store's own file, or not a sudokit
 * database this build reads; bring an older one up to date (as every
 * sudokit command does), check it when asked, and count its puzzles. */
static int merge_open_input(sk_store *store, const char *path, const sk_merge_options *options,
                            int64_t *puzzles, char *err, size_t errlen)
{
    struct stat in, out;
    if (stat(path, &in) != 0)
        return store_fail(err, errlen, "cannot merge %s: %s", path, strerror(errno));
    if (!S_ISREG(in.st_mode))
        return store_fail(err, errlen, "cannot merge %s: not a regular file", path);
    if (stat(store->path, &out) == 0 && in.st_dev == out.st_dev && in.st_ino == out.st_ino)
        return store_fail(err, errlen, "cannot merge %s into itself", path);
    sk_store *input = NULL;
    char why[1024];
    if (sk_store_open(path, &input, why, sizeof why) != 0)
        return store_fail(err, errlen, "cannot merge %s: %s", path, why);
    int64_t problems = 0;
    int rc = 0;
    if (options->check && sk_store_check(input, NULL, NULL, &problems, why, sizeof why) != 0)
        rc = store_fail(err, errlen, "cannot check %s: %s", path, why);
    else if (problems)
        rc = store_fail(err, errlen,
                        "%s fails the database check (%lld problems): `sudokit --db %s db "
                        "check` lists them; it is not merged",
                        path, (long long)problems, path);
    sqlite3_stmt *stmt = NULL;
    if (rc == 0 && (sqlite3_prepare_v2(input->db, "SELECT count(*) FROM puzzles", -1, &stmt,
                                       NULL) != SQLITE_OK ||
                    sqlite3_step(stmt) != SQLITE_ROW))
        rc = store_fail_db(input, err, errlen, "cannot count the puzzles to merge");
    *puzzles = rc == 0 ? sqlite3_column_int64(stmt, 0) : 0;
    sqlite3_finalize(stmt);
    sk_store_close(input);
    return rc;
}

/* Attach the input as merge_in and prepare the merge's statements. */
static int merge_attach(merge_run *run, char *err, size_t errlen)
{
    sqlite3_stmt *attach = NULL;
    int rc = sqlite3_prepare_v2(run->store->db, "ATTACH DATABASE ?1 AS merge_in", -1, &attach,
                                NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(attach, 1, run->in_path, -1, SQLITE_STATIC);
        rc = sqlite3_step(attach) == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
    }
    sqlite3_finalize(attach);
    if (rc != SQLITE_OK)
        return store_fail_db(run->store, err, errlen, "cannot open the database to merge");
    for (int i = 0; i < MERGE_STMT_COUNT; i++)
        if (sqlite3_prepare_v2(run->store->db, merge_sql[i], -1, &run->stmts[i], NULL) !=
            SQLITE_OK)
            return store_fail_db(run->store, err, errlen, "cannot prepare the merge");
    return 0;
}

static void merge_detach(merge_run *run)
{
    for (int i = 0; i < MERGE_STMT_COUNT; i++)
        sqlite3_finalize(run->stmts[i]);
    sqlite3_exec(run->store->db, "DETACH DATABASE merge_in", NULL, NULL, NULL);
}

/* Every batch of the input, then its benchmark runs. */
static int merge_all(merge_run *run, int64_t total, sk_merge_counts *counts, char *err,
                     size_t errlen)
{
    const sk_merge_options *o = run->options;
    int64_t lo = 0, done = 0;
    for (;;) {
        if (o->stop && o->stop(o->user))
            return 0;
        sqlite3_stmt *range = run->stmts[MERGE_RANGE];
        sqlite3_reset(range);
        sqlite3_bind_int64(range, 1, lo);
        sqlite3_bind_int64(range, 2, o->batch > 0 ? o->batch : 1000);
        if (sqlite3_step(range) != SQLITE_ROW) {
            sqlite3_reset(range);
            return store_fail_db(run->store, err, errlen, "cannot read the puzzles to merge");
        }
        int64_t hi = sqlite3_column_int64(range, 0), count = sqlite3_column_int64(range, 1);
        sqlite3_reset(range);
        if (count == 0)
            break;
        if (merge_batch(run, lo, hi, count, err, errlen) != 0)
            return -1;
        merge_tally(counts, &run->batch);
        lo = hi;
        done += count;
        if (o->progress)
            o->progress(o->user, done, total);
    }
    if (merge_bench(run, err, errlen) != 0)
        return -1;
    merge_tally(counts, &run->batch);
    return 0;
}

int sk_store_merge(sk_store *store, const char *in_path, const sk_merge_options *options,
                   sk_merge_counts *counts, char *err, size_t errlen)
{
    memset(counts, 0, sizeof *counts);
    if (store->in_transaction)
        return store_fail(err, errlen, "cannot merge inside an open transaction");
    int64_t total = 0;
    if (merge_open_input(store, in_path, options, &total, err, errlen) != 0)
        return -1;
    merge_run run = {.store = store, .in_path = in_path, .options = options};
    int rc = merge_attach(&run, err, errlen);
    if (rc == 0)
        rc = merge_all(&run, total, counts, err, errlen);
    merge_detach(&run);
    return rc;
}
