/* The puzzle database: the integrity check and the statistics. */
#include "store_internal.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudokit/canon.h"
#include "sudokit/grid.h"

/* Report one problem and count it. */
typedef struct check_state {
    sk_line_fn fn;
    void *user;
    int64_t problems;
} check_state;

static void check_report(check_state *st, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void check_report(check_state *st, const char *fmt, ...)
{
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    st->problems++;
    if (st->fn)
        st->fn(st->user, line);
}

/* Run SQLite's own checks; every result row but "ok" is a problem. */
static int check_sqlite(sk_store *store, check_state *st, sk_error *err)
{
    sqlite3_stmt *stmt = NULL;
    int rc;
    if (sqlite3_prepare_v2(store->db, "PRAGMA integrity_check", -1, &stmt, NULL) != SQLITE_OK)
        return store_fail_db(store, err, "cannot run the integrity check");
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        const char *text = (const char *)sqlite3_column_text(stmt, 0);
        if (!text || strcmp(text, "ok") != 0)
            check_report(st, "integrity_check: %s", text ? text : "(null)");
    }
    sqlite3_finalize(stmt);
    if (rc != SQLITE_DONE)
        return store_fail_db(store, err, "the integrity check failed");
    if (sqlite3_prepare_v2(store->db, "PRAGMA foreign_key_check", -1, &stmt, NULL) != SQLITE_OK)
        return store_fail_db(store, err, "cannot run the foreign key check");
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW)
        check_report(st, "foreign_key_check: %s row %lld refers to a missing %s row",
                     (const char *)sqlite3_column_text(stmt, 0),
                     (long long)sqlite3_column_int64(stmt, 1),
                     (const char *)sqlite3_column_text(stmt, 2));
    sqlite3_finalize(stmt);
    if (rc != SQLITE_DONE)
        return store_fail_db(store, err, "the foreign key check failed");
    return 0;
}

/* Check one row of a puzzle under rules other than classic. */
static void check_rules_puzzle(sk_store *store, check_state *st, sqlite3_stmt *stmt)
{
    sk_error why;
    store_stored_row row = {.rules = (const char *)sqlite3_column_text(stmt, 6),
                            .givens = (const char *)sqlite3_column_text(stmt, 1),
                            .canonical = (const char *)sqlite3_column_text(stmt, 2),
                            .solution = (const char *)sqlite3_column_text(stmt, 3),
                            .symmetry = (const char *)sqlite3_column_text(stmt, 5),
                            .clues = sqlite3_column_int(stmt, 4)};
    if (store_rules_check_row(store, &row, &why) != 0)
        check_report(st, "puzzle %lld: %s", (long long)sqlite3_column_int64(stmt, 0), why.message);
}

/* Check one puzzle row against what the store would write for its givens. */
static void check_puzzle(sk_store *store, check_state *st, sqlite3_stmt *stmt)
{
    const char *rules = (const char *)sqlite3_column_text(stmt, 6);
    if (rules && rules[0]) {
        check_rules_puzzle(store, st, stmt);
        return;
    }
    long long id = (long long)sqlite3_column_int64(stmt, 0);
    const char *givens = (const char *)sqlite3_column_text(stmt, 1);
    const char *canonical = (const char *)sqlite3_column_text(stmt, 2);
    const char *solution = (const char *)sqlite3_column_text(stmt, 3);
    int clues = sqlite3_column_int(stmt, 4);
    const char *symmetry = (const char *)sqlite3_column_text(stmt, 5);
    sk_grid grid, sol;
    size_t col;
    char want[82];
    if (!givens || sk_grid_parse_line(&grid, givens, strlen(givens), &col) != 0) {
        check_report(st, "puzzle %lld: givens are not an 81-character grid", id);
        return;
    }
    if (!sk_grid_check(&grid, NULL))
        check_report(st, "puzzle %lld: givens break the rules", id);
    sk_canon_string(&grid, want);
    if (!canonical || strcmp(canonical, want) != 0)
        check_report(st, "puzzle %lld: canonical form is %s, recomputed %s", id,
                     canonical ? canonical : "(null)", want);
    if (clues != sk_grid_clues(&grid))
        check_report(st, "puzzle %lld: clue count is %d, the givens have %d", id, clues,
                     sk_grid_clues(&grid));
    const char *sym = sk_grid_symmetry_names[sk_store_symmetry_of(&grid)];
    if (!symmetry || strcmp(symmetry, sym) != 0)
        check_report(st, "puzzle %lld: symmetry is %s, the givens have %s", id,
                     symmetry ? symmetry : "(null)", sym);
    if (solution && (sk_grid_parse_line(&sol, solution, strlen(solution), &col) != 0 ||
                     !sk_grid_solves(&grid, &sol)))
        check_report(st, "puzzle %lld: the stored solution does not solve the givens", id);
}

int sk_store_check(sk_store *store, sk_line_fn fn, void *user, int64_t *problems, sk_error *err)
{
    check_state st = {fn, user, 0};
    sqlite3_stmt *stmt = NULL;
    int result = -1, rc;
    if (check_sqlite(store, &st, err) != 0)
        goto done;
    if (sqlite3_prepare_v2(store->db,
                           "SELECT id, givens, canonical, solution, clues, symmetry, rules"
                           " FROM puzzles ORDER BY id",
                           -1, &stmt, NULL) != SQLITE_OK) {
        store_fail_db(store, err, "cannot read the puzzles");
        goto done;
    }
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW)
        check_puzzle(store, &st, stmt);
    if (rc != SQLITE_DONE) {
        store_fail_db(store, err, "cannot read the puzzles");
        goto done;
    }
    result = 0;
done:
    sqlite3_finalize(stmt);
    if (problems)
        *problems = st.problems;
    return result;
}

/* Run a query of (key, count) rows, calling add for each. */
static int stats_grouped(sk_store *store, const char *sql,
                         void (*add)(sk_store_stats *, const char *, int64_t), sk_store_stats *out,
                         sk_error *err)
{
    sqlite3_stmt *stmt = NULL;
    int rc;
    if (sqlite3_prepare_v2(store->db, sql, -1, &stmt, NULL) != SQLITE_OK)
        return store_fail_db(store, err, "cannot count");
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW)
        add(out, (const char *)sqlite3_column_text(stmt, 0), sqlite3_column_int64(stmt, 1));
    sqlite3_finalize(stmt);
    if (rc != SQLITE_DONE)
        return store_fail_db(store, err, "cannot count");
    return 0;
}

static void stats_add_clues(sk_store_stats *out, const char *key, int64_t n)
{
    int clues = key ? atoi(key) : -1;
    if (clues >= 0 && clues <= SK_MAX_CELLS)
        out->by_clues[clues] += n;
}

static void stats_add_symmetry(sk_store_stats *out, const char *key, int64_t n)
{
    for (int i = 0; sk_grid_symmetry_names[i]; i++)
        if (key && strcmp(key, sk_grid_symmetry_names[i]) == 0)
            out->by_symmetry[i] += n;
}

static void stats_add_status(sk_store_stats *out, const char *key, int64_t n)
{
    sk_play_status status;
    if (key && sk_play_status_parse(key, &status) == 0)
        out->games_by_status[status] += n;
}

int sk_store_stats_get(sk_store *store, sk_store_stats *out, sk_error *err)
{
    static const struct {
        const char *sql;
        size_t offset;
    } counts[] = {
        {"SELECT count(*) FROM puzzles", offsetof(sk_store_stats, puzzles)},
        {"SELECT count(*) FROM puzzles WHERE solution IS NOT NULL",
         offsetof(sk_store_stats, with_solution)},
        {"SELECT count(*) FROM puzzles WHERE minimal = 1", offsetof(sk_store_stats, minimal)},
        {"SELECT count(*) FROM ratings", offsetof(sk_store_stats, ratings)},
        {"SELECT count(DISTINCT puzzle_id) FROM ratings", offsetof(sk_store_stats, rated_puzzles)},
        {"SELECT count(*) FROM games", offsetof(sk_store_stats, games)},
        {"SELECT count(*) FROM bench_runs", offsetof(sk_store_stats, bench_runs)},
    };
    memset(out, 0, sizeof *out);
    int64_t version = 0;
    sqlite3_stmt *stmt = NULL;
    if (sqlite3_prepare_v2(store->db, "PRAGMA user_version", -1, &stmt, NULL) != SQLITE_OK ||
        sqlite3_step(stmt) != SQLITE_ROW) {
        sqlite3_finalize(stmt);
        return store_fail_db(store, err, "cannot read the schema version");
    }
    version = sqlite3_column_int64(stmt, 0);
    sqlite3_finalize(stmt);
    out->schema_version = (int)version;
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        if (sqlite3_prepare_v2(store->db, counts[i].sql, -1, &stmt, NULL) != SQLITE_OK ||
            sqlite3_step(stmt) != SQLITE_ROW) {
            sqlite3_finalize(stmt);
            return store_fail_db(store, err, "cannot count");
        }
        *(int64_t *)((char *)out + counts[i].offset) = sqlite3_column_int64(stmt, 0);
        sqlite3_finalize(stmt);
    }
    if (stats_grouped(store, "SELECT clues, count(*) FROM puzzles GROUP BY clues", stats_add_clues,
                      out, err) != 0 ||
        stats_grouped(store, "SELECT symmetry, count(*) FROM puzzles GROUP BY symmetry",
                      stats_add_symmetry, out, err) != 0 ||
        stats_grouped(store, "SELECT status, count(*) FROM games GROUP BY status", stats_add_status,
                      out, err) != 0)
        return -1;
    return 0;
}

int sk_store_raters(sk_store *store, sk_rater_fn fn, void *user, sk_error *err)
{
    sqlite3_stmt *stmt = NULL;
    int result = -1, rc;
    if (sqlite3_prepare_v2(store->db,
                           "SELECT rater, rater_version, count(*), min(score), max(score)"
                           " FROM ratings GROUP BY rater, rater_version"
                           " ORDER BY rater, rater_version",
                           -1, &stmt, NULL) != SQLITE_OK)
        return store_fail_db(store, err, "cannot list raters");
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        int stop = fn(user, (const char *)sqlite3_column_text(stmt, 0),
                      (const char *)sqlite3_column_text(stmt, 1), sqlite3_column_int64(stmt, 2),
                      sqlite3_column_double(stmt, 3), sqlite3_column_double(stmt, 4));
        if (stop) {
            result = stop;
            goto done;
        }
    }
    if (rc != SQLITE_DONE) {
        store_fail_db(store, err, "cannot list raters");
        goto done;
    }
    result = 0;
done:
    sqlite3_finalize(stmt);
    return result;
}
