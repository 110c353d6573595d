/* The puzzle database: merging another sudokit database into this one
 * (sk_store_merge), batch by batch, each batch one transaction. Every row
 * is checked before it is taken (store_merge_rows.c); a bad one is named
 * and left out. */
#include "store_internal.h"
#include "store_merge_rows.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sudokit/canon.h"
#include "sudokit/grid.h"

/* The statements of one merge, on the input attached as merge_in. */
enum {
    MERGE_RANGE, /* the last id and count of the next batch of input puzzles */
    MERGE_PUZZLE_READ,
    MERGE_PUZZLE_FIND, /* store's puzzle of a canonical form */
    MERGE_PUZZLE_INSERT,
    MERGE_RATING_READ,
    MERGE_RATING_INSERT,
    MERGE_GAME_READ,
    MERGE_GAME_PUZZLES, /* a game's puzzle in the input, and in store with its solution */
    MERGE_GAME_FIND,
    MERGE_GAME_INSERT,
    MERGE_GAME_UPDATE,
    MERGE_BENCH_READ,
    MERGE_BENCH_INSERT,
    MERGE_ORPHANS, /* ratings and games of no input puzzle the batches met */
    MERGE_STMT_COUNT
};

static const char *const merge_sql[MERGE_STMT_COUNT] = {
    [MERGE_RANGE] = "SELECT max(id), count(*) FROM (SELECT id FROM merge_in.puzzles"
                    " WHERE id >= ?1 ORDER BY id LIMIT ?2)",
    [MERGE_PUZZLE_READ] = merge_puzzle_read_sql,
    [MERGE_PUZZLE_FIND] = "SELECT id, givens FROM main.puzzles WHERE rules = ?2 AND canonical = ?1",
    [MERGE_PUZZLE_INSERT] = "INSERT INTO main.puzzles (givens, canonical, solution, clues,"
                            " symmetry, minimal, strategy, options, seed, source, created, rules)"
                            " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)"
                            " ON CONFLICT (canonical, rules) DO NOTHING",
    [MERGE_RATING_READ] = merge_rating_read_sql,
    [MERGE_RATING_INSERT] = "INSERT INTO main.ratings (puzzle_id, rater, rater_version, score,"
                            " score_is_lower_bound, first_step, first_placement, level, hardest,"
                            " steps, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)"
                            " ON CONFLICT (puzzle_id, rater, rater_version) DO NOTHING",
    [MERGE_GAME_READ] = merge_game_read_sql,
    [MERGE_GAME_PUZZLES] = "SELECT p.givens, m.givens, m.solution FROM merge_in.puzzles p,"
                           " main.puzzles m WHERE p.id = ?1 AND m.id = ?2",
    [MERGE_GAME_FIND] = "SELECT id, updated FROM main.games WHERE puzzle_id = ?1 AND created = ?2"
                        " ORDER BY id LIMIT 1",
    [MERGE_GAME_INSERT] = "INSERT INTO main.games (puzzle_id, cells, marks, history, elapsed_ms,"
                          " hints, status, created, updated)"
                          " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    [MERGE_GAME_UPDATE] = "UPDATE main.games SET cells = ?2, marks = ?3, history = ?4,"
                          " elapsed_ms = ?5, hints = ?6, status = ?7, updated = ?9"
                          " WHERE id = ?1", /* ?8, the start time, is the key */
    [MERGE_BENCH_READ] = merge_bench_read_sql,
    [MERGE_BENCH_INSERT] = "INSERT INTO main.bench_runs (solver, solver_options,"
                           " dataset_fingerprint, dataset_name, puzzles, seconds, guesses,"
                           " count_limit, created, jobs, sudokit_version, cpu_model,"
                           " cpu_seconds, time_limit)"
                           " SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14"
                           " WHERE NOT EXISTS (SELECT 1 FROM main.bench_runs b"
                           " WHERE b.dataset_fingerprint = ?3 AND b.solver = ?1"
                           " AND b.solver_options IS ?2 AND b.dataset_name = ?4"
                           " AND b.puzzles = ?5 AND b.seconds = ?6 AND b.guesses = ?7"
                           " AND b.count_limit = ?8 AND b.created = ?9 AND b.jobs IS ?10"
                           " AND b.sudokit_version IS ?11 AND b.cpu_model IS ?12"
                           " AND b.cpu_seconds IS ?13 AND b.time_limit IS ?14)",
    [MERGE_ORPHANS] = "SELECT 'ratings', id, puzzle_id FROM merge_in.ratings"
                      " WHERE NOT coalesce(typeof(puzzle_id) = 'integer' AND puzzle_id <= ?1, 0)"
                      " UNION ALL SELECT 'games', id, puzzle_id FROM merge_in.games"
                      " WHERE NOT coalesce(typeof(puzzle_id) = 'integer' AND puzzle_id <= ?1, 0)",
};

/* An input puzzle of the batch and store's row it went to (0: not merged). */
typedef struct merge_taken {
    int64_t in_id, out_id;
} merge_taken;

typedef struct merge_run {
    sk_store *store;
    const char *in_path;
    const sk_merge_options *options;
    sqlite3_stmt *stmts[MERGE_STMT_COUNT];
    sk_merge_counts batch; /* what the open transaction adds */
    merge_taken *taken;    /* the batch's input puzzles, by id */
    size_t taken_count, taken_cap;
} merge_run;

/* The statement id, reset, with (lo, hi) bound as ?1 and ?2. */
static sqlite3_stmt *merge_bound(merge_run *run, int id, int64_t lo, int64_t hi)
{
    sqlite3_stmt *stmt = run->stmts[id];
    sqlite3_reset(stmt);
    sqlite3_bind_int64(stmt, 1, lo);
    sqlite3_bind_int64(stmt, 2, hi);
    return stmt;
}

/* Bind column col of read's row as parameter index of stmt, without a
 * copy: the row must stay until stmt has run. */
static void merge_bind_column(sqlite3_stmt *stmt, int index, sqlite3_stmt *read, int col)
{
    switch (sqlite3_column_type(read, col)) {
    case SQLITE_INTEGER:
        sqlite3_bind_int64(stmt, index, sqlite3_column_int64(read, col));
        break;
    case SQLITE_FLOAT:
        sqlite3_bind_double(stmt, index, sqlite3_column_double(read, col));
        break;
    case SQLITE_TEXT:
        sqlite3_bind_text(stmt, index, (const char *)sqlite3_column_text(read, col),
                          sqlite3_column_bytes(read, col), SQLITE_STATIC);
        break;
    case SQLITE_BLOB:
        sqlite3_bind_blob(stmt, index, sqlite3_column_blob(read, col),
                          sqlite3_column_bytes(read, col), SQLITE_STATIC);
        break;
    default:
        sqlite3_bind_null(stmt, index);
    }
}

/* Name a row left out, and count it in *count. */
static void merge_reject(merge_run *run, const char *table, int64_t id, const char *why,
                         int64_t *count)
{
    char line[700], printable[512];
    store_printable(why, printable, sizeof printable);
    snprintf(line, sizeof line, "%s: %s row %lld not merged: %s", run->in_path, table,
             (long long)id, printable);
    (*count)++;
    if (run->options->report)
        run->options->report(run->options->user, line);
}

/* Remember where input puzzle in_id went (0: nowhere); ids come in order. */
static int merge_note(merge_run *run, int64_t in_id, int64_t out_id)
{
    if (run->taken_count == run->taken_cap) {
        size_t cap = run->taken_cap ? 2 * run->taken_cap : 1024;
        merge_taken *grown = realloc(run->taken, cap * sizeof *grown);
        if (!grown)
            return -1;
        run->taken = grown;
        run->taken_cap = cap;
    }
    run->taken[run->taken_count++] = (merge_taken){in_id, out_id};
    return 0;
}

/* Store's id for input puzzle in_id of the batch; 0 with why when it has
 * none. */
static int64_t merge_target(const merge_run *run, int64_t in_id, char *why, size_t len)
{
    size_t lo = 0, hi = run->taken_count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (run->taken[mid].in_id < in_id)
            lo = mid + 1;
        else
            hi = mid;
    }
    bool known = lo < run->taken_count && run->taken[lo].in_id == in_id;
    if (known && run->taken[lo].out_id)
        return run->taken[lo].out_id;
    snprintf(why, len, "its puzzle %lld %s", (long long)in_id,
             known ? "is not merged" : "does not exist");
    return 0;
}

/* The columns of a puzzle the merge writes (texts of its cells' length). */
typedef struct merge_columns {
    const char *givens, *canonical, *solution; /* solution NULL when none */
    const char *symmetry, *rules;              /* rules "" classic       */
    int clues;
} merge_columns;

/* Add a checked puzzle to store. */
static int merge_puzzle_insert(merge_run *run, sqlite3_stmt *read, const merge_columns *c,
                               int64_t *out_id)
{
    static const int passed[] = {MP_MINIMAL, MP_STRATEGY, MP_OPTIONS, MP_SEED, MP_SOURCE,
                                 MP_CREATED};
    sqlite3_stmt *insert = run->stmts[MERGE_PUZZLE_INSERT];
    sqlite3_reset(insert);
    sqlite3_bind_text(insert, 1, c->givens, -1, SQLITE_STATIC);
    sqlite3_bind_text(insert, 2, c->canonical, -1, SQLITE_STATIC);
    if (c->solution)
        sqlite3_bind_text(insert, 3, c->solution, -1, SQLITE_STATIC);
    else
        sqlite3_bind_null(insert, 3);
    sqlite3_bind_int(insert, 4, c->clues);
    sqlite3_bind_text(insert, 5, c->symmetry, -1, SQLITE_STATIC);
    for (int i = 0; i < 6; i++)
        merge_bind_column(insert, 6 + i, read, passed[i]);
    sqlite3_bind_text(insert, 12, c->rules, -1, SQLITE_STATIC);
    int rc = sqlite3_step(insert);
    sqlite3_reset(insert);
    if (rc != SQLITE_DONE || sqlite3_changes(run->store->db) != 1)
        return -1;
    *out_id = sqlite3_last_insert_rowid(run->store->db);
    run->batch.puzzles_added++;
    return 0;
}

/* Store's puzzle of (rules, canonical) into *found (0: none), its givens
 * compared with givens into *same_givens. 0, or -1 on a database error. */
static int merge_find(merge_run *run, const char *rules, const char *canonical,
                      const char *givens, int64_t *found, bool *same_givens)
{
    sqlite3_stmt *find = run->stmts[MERGE_PUZZLE_FIND];
    sqlite3_reset(find);
    sqlite3_bind_text(find, 1, canonical, -1, SQLITE_STATIC);
    sqlite3_bind_text(find, 2, rules, -1, SQLITE_STATIC);
    int rc = sqlite3_step(find);
    *found = rc == SQLITE_ROW ? sqlite3_column_int64(find, 0) : 0;
    const char *stored = rc == SQLITE_ROW ? (const char *)sqlite3_column_text(find, 1) : NULL;
    *same_givens = stored && strcmp(stored, givens) == 0;
    sqlite3_reset(find);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : -1;
}

/* Take a checked puzzle row: a duplicate when store holds its class, else
 * added. Its canonical form is vouched for by store's row of the same
 * givens under it, or else checked against its givens (sk_canon_is).
 * *out_id gets store's id, or *problem what is wrong. 0, or -1 on a
 * database error. */
static int merge_puzzle_take(merge_run *run, sqlite3_stmt *read, const merge_puzzle *p,
                             int64_t *out_id, const char **problem)
{
    static const char *const wrong = "its canonical form is not the one of its givens";
    sk_grid form;
    size_t col;
    char canonical[82];
    if (sk_grid_parse_line(&form, merge_text(read, MP_CANONICAL), 81, &col) != 0) {
        *problem = wrong;
        return 0;
    }
    sk_grid_format_line(&form, canonical, true);
    canonical[81] = '\0';
    if (strcmp(canonical, merge_text(read, MP_CANONICAL)) != 0) {
        *problem = wrong; /* not as the store writes one */
        return 0;
    }
    int64_t found;
    bool vouched;
    if (merge_find(run, "", canonical, p->line, &found, &vouched) != 0)
        return -1;
    if (!vouched && !sk_canon_is(&p->givens, &form)) {
        *problem = wrong;
        return 0;
    }
    if (found) {
        *out_id = found;
        run->batch.puzzles_duplicate++;
        return 0;
    }
    merge_columns c = {p->line, canonical, p->solution[0] ? p->solution : NULL, p->symmetry,
                       "", p->clues};
    return merge_puzzle_insert(run, read, &c, out_id);
}

/* Take a puzzle row under rules other than classic: its rules compiled
 * with the store's rules host, its givens and solution checked and every
 * column the store computes computed again (the least image of the puzzle
 * and its rules, so a row an older store kept unturned is keyed as the
 * store keys it now); a duplicate when store holds its class, else added.
 * *out_id gets store's id, or *problem what is wrong (in why). 0, or -1
 * on a database error. */
static int merge_rules_take(merge_run *run, sqlite3_stmt *read, int64_t *out_id,
                            const char **problem, char *why, size_t len)
{
    store_stored_row row = {.rules = merge_text(read, MP_RULES),
                            .givens = merge_text(read, MP_GIVENS),
                            .solution = merge_text(read, MP_SOLUTION)};
    store_puzzle_columns columns;
    if ((*problem = merge_provenance_problem(read)) != NULL)
        return 0;
    if (!row.givens || (sqlite3_column_type(read, MP_SOLUTION) != SQLITE_NULL && !row.solution)) {
        *problem = "its givens or solution is not text";
        return 0;
    }
    sk_error refused;
    if (store_rules_row_columns(run->store, &row, &columns, &refused) != 0) {
        snprintf(why, len, "%s", refused.message);
        *problem = why;
        return 0;
    }
    int64_t found;
    bool same;
    int rc = merge_find(run, columns.rules, columns.canonical, columns.givens, &found, &same);
    if (rc == 0 && found) {
        *out_id = found;
        run->batch.puzzles_duplicate++;
    } else if (rc == 0) {
        merge_columns c = {columns.givens, columns.canonical,
                           columns.has_solution ? columns.solution : NULL,
                           sk_grid_symmetry_names[columns.symmetry], columns.rules,
                           columns.clues};
        rc = merge_puzzle_insert(run, read, &c, out_id);
    }
    store_columns_free(&columns);
    return rc;
}

/* The input puzzles [lo, hi]: each checked, then a duplicate or added,
 * or named and left out. */
static int merge_puzzles(merge_run *run, int64_t lo, int64_t hi)
{
    sqlite3_stmt *read = merge_bound(run, MERGE_PUZZLE_READ, lo, hi);
    int rc;
    run->taken_count = 0;
    while ((rc = sqlite3_step(read)) == SQLITE_ROW) {
        merge_puzzle p;
        char why[1024];
        int64_t in_id = sqlite3_column_int64(read, MP_ID), out_id = 0;
        const char *rules = merge_text(read, MP_RULES), *problem = NULL;
        if (rules && rules[0]) {
            if (merge_rules_take(run, read, &out_id, &problem, why, sizeof why) != 0)
                break;
        } else if (!(problem = merge_puzzle_problem(read, &p, why, sizeof why)) &&
                   merge_puzzle_take(run, read, &p, &out_id, &problem) != 0) {
            break;
        }
        if (problem)
            merge_reject(run, "puzzles", in_id, problem, &run->batch.puzzles_rejected);
        if (merge_note(run, in_id, out_id) != 0)
            break;
    }
    sqlite3_reset(read);
    return rc == SQLITE_DONE ? 0 : -1;
}

/* The ratings of the input puzzles [lo, hi]: the good ones of merged
 * puzzles onto store's rows, the others named. */
static int merge_ratings(merge_run *run, int64_t lo, int64_t hi)
{
    sqlite3_stmt *read = merge_bound(run, MERGE_RATING_READ, lo, hi);
    sqlite3_stmt *insert = run->stmts[MERGE_RATING_INSERT];
    int rc = SQLITE_DONE, written = SQLITE_DONE;
    while (written == SQLITE_DONE && (rc = sqlite3_step(read)) == SQLITE_ROW) {
        char why[128];
        int64_t id = sqlite3_column_int64(read, MR_ID);
        const char *problem = merge_rating_problem(read);
        int64_t out_id = merge_target(run, sqlite3_column_int64(read, MR_PUZZLE), why, sizeof why);
        if (problem || !out_id) {
            merge_reject(run, "ratings", id, problem ? problem : why, &run->batch.ratings_rejected);
            continue;
        }
        sqlite3_reset(insert);
        sqlite3_bind_int64(insert, 1, out_id);
        for (int col = MR_RATER; col <= MR_CREATED; col++)
            merge_bind_column(insert, col, read, col);
        written = sqlite3_step(insert);
        sqlite3_reset(insert);
        sqlite3_changes(run->store->db) ? run->batch.ratings_added++ : run->batch.ratings_kept++;
    }
    sqlite3_reset(read);
    return written == SQLITE_DONE && rc == SQLITE_DONE ? 0 : -1;
}

/* A game as read from the input, carried onto store's puzzle. */
typedef struct merge_game {
    int64_t puzzle_id;
    sk_play_state state; /* owned */
    const char *status, *created, *updated;
} merge_game;

/* The board of a game on puzzle, checked against the puzzle: by the play
 * engine (the board keeps the givens, the history replays) when the
 * puzzle's solution is known (store's, or the board when it is one), else
 * only that the board keeps the givens. 0, or -1 with why. */
static int merge_game_check(const sk_grid *puzzle, const char *solution_text,
                            const sk_play_state *state, char *why, size_t len)
{
    sk_grid solution, board;
    size_t col;
    bool known = solution_text && sk_grid_parse_line(&solution, solution_text, 81, &col) == 0;
    if (!known && sk_grid_parse_line(&board, state->cells, 81, &col) == 0 &&
        sk_grid_solves(puzzle, &board)) {
        solution = board;
        known = true;
    }
    if (!known) {
        for (int i = 0; i < 81; i++)
            if (puzzle->cells[i] && state->cells[i] != '0' + puzzle->cells[i])
                return store_fail(why, len, "its cells change a given of its puzzle");
        if (state->status == SK_PLAY_SOLVED)
            return store_fail(why, len, "it is marked solved but its board is not solved");
        return 0;
    }
    sk_play *game = NULL;
    sk_error error;
    int rc = sk_play_new(puzzle, &solution, &game, &error);
    if (rc == 0)
        rc = sk_play_import(game, state->cells, state->marks, state->history, state->elapsed_ms,
                            state->hints, state->status, &error);
    sk_play_free(game);
    return rc == 0 ? 0 : store_fail(why, len, "%s", error.message);
}

/* The game on read, carried onto store's puzzle out_id (moved onto its
 * image when the two givens differ) and checked there: g->state. 0, -1
 * with why when the game is bad, -2 on a database error. */
static int merge_game_state(merge_run *run, sqlite3_stmt *read, int64_t out_id, merge_game *g,
                            char *why, size_t len)
{
    sqlite3_stmt *puzzles =
        merge_bound(run, MERGE_GAME_PUZZLES, sqlite3_column_int64(read, MG_PUZZLE), out_id);
    if (sqlite3_step(puzzles) != SQLITE_ROW)
        return -2;
    sk_grid from, to;
    sk_transform t;
    size_t col;
    int rc = -1;
    const char *in_givens = (const char *)sqlite3_column_text(puzzles, 0);
    const char *out_givens = (const char *)sqlite3_column_text(puzzles, 1);
    sk_transform_identity(&t);
    if (!in_givens || !out_givens || sk_grid_parse_line(&from, in_givens, 81, &col) != 0 ||
        sk_grid_parse_line(&to, out_givens, 81, &col) != 0)
        store_fail(why, len, "its puzzle cannot be read");
    else if (strcmp(in_givens, out_givens) != 0 && !sk_canon_find_transform(&from, &to, &t))
        store_fail(why, len, "its puzzle is not equivalent to the one stored");
    else {
        sk_play_state in = {.marks = (char *)merge_text(read, MG_MARKS),
                            .history = (char *)merge_text(read, MG_HISTORY),
                            .elapsed_ms = sqlite3_column_int64(read, MG_ELAPSED),
                            .hints = sqlite3_column_int(read, MG_HINTS)};
        snprintf(in.cells, sizeof in.cells, "%s", merge_text(read, MG_CELLS));
        sk_play_status_parse(merge_text(read, MG_STATUS), &in.status);
        sk_error error;
        if (sk_play_state_transform(&in, &t, &g->state, &error) != 0)
            store_fail(why, len, "%s", error.message);
        else
            rc = merge_game_check(&to, (const char *)sqlite3_column_text(puzzles, 2), &g->state,
                                  why, len);
    }
    sqlite3_reset(puzzles);
    return rc;
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

/* One game row: checked, carried onto store's puzzle and written, or
 * named and left out. 0, or -1 on a database error. */
static int merge_one_game(merge_run *run, sqlite3_stmt *read)
{
    char why[512];
    int64_t id = sqlite3_column_int64(read, MG_ID);
    const char *problem = merge_game_problem(read);
    merge_game g = {.status = merge_text(read, MG_STATUS),
                    .created = merge_text(read, MG_CREATED),
                    .updated = merge_text(read, MG_UPDATED)};
    int state = 0;
    if (!problem) {
        g.puzzle_id = merge_target(run, sqlite3_column_int64(read, MG_PUZZLE), why, sizeof why);
        state = g.puzzle_id ? merge_game_state(run, read, g.puzzle_id, &g, why, sizeof why) : -1;
        problem = state == -1 ? why : NULL;
    }
    int rc = 0;
    if (state == -2)
        rc = -1;
    else if (problem)
        merge_reject(run, "games", id, problem, &run->batch.games_rejected);
    else
        rc = merge_game_write(run, &g);
    sk_play_state_clear(&g.state);
    return rc;
}

/* The games of the input puzzles [lo, hi]. */
static int merge_games(merge_run *run, int64_t lo, int64_t hi)
{
    sqlite3_stmt *read = merge_bound(run, MERGE_GAME_READ, lo, hi);
    int rc = SQLITE_DONE, result = 0;
    while (result == 0 && (rc = sqlite3_step(read)) == SQLITE_ROW)
        result = merge_one_game(run, read);
    sqlite3_reset(read);
    return result == 0 && rc == SQLITE_DONE ? 0 : -1;
}

/* One batch: the input puzzles [lo, hi] with their ratings and games, in
 * one transaction. */
static int merge_batch(merge_run *run, int64_t lo, int64_t hi, sk_error *err)
{
    memset(&run->batch, 0, sizeof run->batch);
    if (sk_store_begin(run->store, err) != 0)
        return -1;
    if (merge_puzzles(run, lo, hi) != 0 || merge_ratings(run, lo, hi) != 0 ||
        merge_games(run, lo, hi) != 0) {
        store_fail_db(run->store, err, "cannot merge a batch of puzzles");
        sk_store_rollback(run->store, NULL);
        return -1;
    }
    return sk_store_commit(run->store, err);
}

/* The benchmark runs, in one transaction. */
static int merge_bench(merge_run *run, sk_error *err)
{
    memset(&run->batch, 0, sizeof run->batch);
    if (sk_store_begin(run->store, err) != 0)
        return -1;
    sqlite3_stmt *read = run->stmts[MERGE_BENCH_READ];
    sqlite3_stmt *insert = run->stmts[MERGE_BENCH_INSERT];
    int rc = SQLITE_DONE, written = SQLITE_DONE;
    while (written == SQLITE_DONE && (rc = sqlite3_step(read)) == SQLITE_ROW) {
        const char *problem = merge_bench_problem(read);
        if (problem) {
            merge_reject(run, "bench_runs", sqlite3_column_int64(read, MB_ID), problem,
                         &run->batch.bench_rejected);
            continue;
        }
        sqlite3_reset(insert);
        for (int col = MB_SOLVER; col <= MB_TIME_LIMIT; col++)
            merge_bind_column(insert, col, read, col);
        written = sqlite3_step(insert);
        sqlite3_reset(insert);
        sqlite3_changes(run->store->db) ? run->batch.bench_added++ : run->batch.bench_kept++;
    }
    sqlite3_reset(read);
    if (written != SQLITE_DONE || rc != SQLITE_DONE) {
        store_fail_db(run->store, err, "cannot merge the benchmark runs");
        sk_store_rollback(run->store, NULL);
        return -1;
    }
    return sk_store_commit(run->store, err);
}

/* Name the ratings and games whose puzzle no batch met (an id past the
 * last puzzle's, or not an integer): they are not merged. */
static int merge_orphans(merge_run *run, bool any, int64_t last, sk_error *err)
{
    sqlite3_stmt *stmt = run->stmts[MERGE_ORPHANS];
    sqlite3_reset(stmt);
    if (any)
        sqlite3_bind_int64(stmt, 1, last);
    else
        sqlite3_bind_null(stmt, 1);
    memset(&run->batch, 0, sizeof run->batch);
    int rc;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        bool rating = strcmp((const char *)sqlite3_column_text(stmt, 0), "ratings") == 0;
        char why[128], puzzle[32];
        store_printable((const char *)sqlite3_column_text(stmt, 2), puzzle, sizeof puzzle);
        snprintf(why, sizeof why, "its puzzle %s does not exist", puzzle);
        merge_reject(run, rating ? "ratings" : "games", sqlite3_column_int64(stmt, 1), why,
                     rating ? &run->batch.ratings_rejected : &run->batch.games_rejected);
    }
    sqlite3_reset(stmt);
    return rc == SQLITE_DONE ? 0 : store_fail_db(run->store, err,
                                                 "cannot read the ratings and games to merge");
}

/* Add what the committed transaction added to counts. */
static void merge_tally(sk_merge_counts *c, const sk_merge_counts *b)
{
    c->puzzles_added += b->puzzles_added;
    c->puzzles_duplicate += b->puzzles_duplicate;
    c->puzzles_rejected += b->puzzles_rejected;
    c->ratings_added += b->ratings_added;
    c->ratings_kept += b->ratings_kept;
    c->ratings_rejected += b->ratings_rejected;
    c->games_added += b->games_added;
    c->games_updated += b->games_updated;
    c->games_kept += b->games_kept;
    c->games_rejected += b->games_rejected;
    c->bench_added += b->bench_added;
    c->bench_kept += b->bench_kept;
    c->bench_rejected += b->bench_rejected;
}

/* Refuse an input that is missing, store's own file, or not a sudokit
 * database this build reads; bring an older one up to date (as every
 * sudokit command does), check it when asked, and count its puzzles. */
static int merge_open_input(sk_store *store, const char *path, const sk_merge_options *options,
                            int64_t *puzzles, sk_error *err)
{
    struct stat in, out;
    if (stat(path, &in) != 0)
        return sk_error_set(err, SK_EXIT_FAILURE, "cannot merge %s: %s", path, strerror(errno));
    if (!S_ISREG(in.st_mode))
        return sk_error_set(err, SK_EXIT_FAILURE, "cannot merge %s: not a regular file", path);
    if (stat(store->path, &out) == 0 && in.st_dev == out.st_dev && in.st_ino == out.st_ino)
        return sk_error_set(err, SK_EXIT_FAILURE, "cannot merge %s into itself", path);
    sk_store *input = NULL;
    sk_error why;
    if (sk_store_open(path, &input, &why) != 0)
        return sk_error_set(err, SK_EXIT_FAILURE, "cannot merge %s: %s", path, why.message);
    int64_t problems = 0;
    int rc = 0;
    sk_store_set_rules_host(input, store->rules_host);
    if (options->check && sk_store_check(input, NULL, NULL, &problems, &why) != 0)
        rc = sk_error_set(err, SK_EXIT_FAILURE, "cannot check %s: %s", path, why.message);
    else if (problems)
        rc = sk_error_set(err, SK_EXIT_FAILURE, "%s fails the database check (%lld problems): `sudokit --db %s db "
                        "check` lists them; it is not merged",
                        path, (long long)problems, path);
    sqlite3_stmt *stmt = NULL;
    if (rc == 0 && (sqlite3_prepare_v2(input->db, "SELECT count(*) FROM puzzles", -1, &stmt,
                                       NULL) != SQLITE_OK ||
                    sqlite3_step(stmt) != SQLITE_ROW))
        rc = store_fail_db(input, err, "cannot count the puzzles to merge");
    *puzzles = rc == 0 ? sqlite3_column_int64(stmt, 0) : 0;
    sqlite3_finalize(stmt);
    sk_store_close(input);
    return rc;
}

/* Attach the input as merge_in, check its schema again (the file may have
 * changed since it was opened), and prepare the merge's statements. */
static int merge_attach(merge_run *run, sk_error *err)
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
        return store_fail_db(run->store, err, "cannot open the database to merge");
    if (store_schema_check(run->store, "merge_in", sk_store_schema_version(), run->in_path, err) != 0)
        return -1;
    for (int i = 0; i < MERGE_STMT_COUNT; i++)
        if (sqlite3_prepare_v3(run->store->db, merge_sql[i], -1, SQLITE_PREPARE_PERSISTENT,
                               &run->stmts[i], NULL) != SQLITE_OK)
            return store_fail_db(run->store, err, "cannot prepare the merge");
    return 0;
}

static void merge_detach(merge_run *run)
{
    for (int i = 0; i < MERGE_STMT_COUNT; i++)
        sqlite3_finalize(run->stmts[i]);
    sqlite3_exec(run->store->db, "DETACH DATABASE merge_in", NULL, NULL, NULL);
    free(run->taken);
}

/* Every batch of the input, the ratings and games of no puzzle, then the
 * benchmark runs. */
static int merge_all(merge_run *run, int64_t total, sk_merge_counts *counts, sk_error *err)
{
    const sk_merge_options *o = run->options;
    int64_t lo = INT64_MIN, last = 0, done = 0;
    for (;;) {
        if (o->stop && o->stop(o->user))
            return 0;
        sqlite3_stmt *range = merge_bound(run, MERGE_RANGE, lo, o->batch > 0 ? o->batch : 1000);
        if (sqlite3_step(range) != SQLITE_ROW) {
            sqlite3_reset(range);
            return store_fail_db(run->store, err, "cannot read the puzzles to merge");
        }
        int64_t hi = sqlite3_column_int64(range, 0), count = sqlite3_column_int64(range, 1);
        sqlite3_reset(range);
        if (count == 0)
            break;
        if (merge_batch(run, lo, hi, err) != 0)
            return -1;
        merge_tally(counts, &run->batch);
        last = hi;
        done += count;
        if (o->progress)
            o->progress(o->user, done, total);
        if (hi == INT64_MAX)
            break;
        lo = hi + 1;
    }
    if (merge_orphans(run, done > 0, last, err) != 0)
        return -1;
    merge_tally(counts, &run->batch);
    if (merge_bench(run, err) != 0)
        return -1;
    merge_tally(counts, &run->batch);
    return 0;
}

int sk_store_merge(sk_store *store, const char *in_path, const sk_merge_options *options,
                   sk_merge_counts *counts, sk_error *err)
{
    memset(counts, 0, sizeof *counts);
    if (store->in_transaction)
        return sk_error_set(err, SK_EXIT_FAILURE, "cannot merge inside an open transaction");
    int64_t total = 0;
    if (merge_open_input(store, in_path, options, &total, err) != 0)
        return -1;
    merge_run run = {.store = store, .in_path = in_path, .options = options};
    int rc = merge_attach(&run, err);
    if (rc == 0)
        rc = merge_all(&run, total, counts, err);
    merge_detach(&run);
    return rc;
}
