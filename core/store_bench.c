/* The puzzle database: reading back the benchmark runs (bench_runs). */
#include "store_internal.h"

static void store_bench_from_row(sqlite3_stmt *stmt, sk_bench_row *row)
{
    row->id = sqlite3_column_int64(stmt, 0);
    row->run.solver = (const char *)sqlite3_column_text(stmt, 1);
    row->run.solver_options = (const char *)sqlite3_column_text(stmt, 2);
    row->run.dataset_fingerprint = (const char *)sqlite3_column_text(stmt, 3);
    row->run.dataset_name = (const char *)sqlite3_column_text(stmt, 4);
    row->run.puzzles = sqlite3_column_int64(stmt, 5);
    row->run.seconds = sqlite3_column_double(stmt, 6);
    row->run.guesses = sqlite3_column_int64(stmt, 7);
    row->run.count_limit = sqlite3_column_int(stmt, 8);
    row->created = (const char *)sqlite3_column_text(stmt, 9);
}

int sk_store_bench_list(sk_store *store, const char *solver, const char *dataset, sk_bench_fn fn,
                        void *user, char *err, size_t errlen)
{
    sqlite3_stmt *stmt = NULL;
    if (sqlite3_prepare_v2(store->db,
                           "SELECT id, solver, solver_options, dataset_fingerprint, dataset_name,"
                           " puzzles, seconds, guesses, count_limit, created FROM bench_runs"
                           " WHERE (?1 IS NULL OR solver = ?1) AND (?2 IS NULL OR dataset_name = ?2)"
                           " ORDER BY id",
                           -1, &stmt, NULL) != SQLITE_OK)
        return store_fail_db(store, err, errlen, "cannot list the benchmark runs");
    store_bind_text(stmt, 1, solver);
    store_bind_text(stmt, 2, dataset);
    int result = 0, rc;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        sk_bench_row row;
        store_bench_from_row(stmt, &row);
        if ((result = fn(user, &row)) != 0)
            break;
    }
    if (result == 0 && rc != SQLITE_DONE)
        result = store_fail_db(store, err, errlen, "cannot list the benchmark runs");
    sqlite3_finalize(stmt);
    return result;
}
