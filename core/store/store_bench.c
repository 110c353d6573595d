/* The store's recorded benchmark runs, listed. */
#include "store_internal.h"

/* Column i's text, or NULL when it is NULL. */
static const char *bench_text(sqlite3_stmt *stmt, int i)
{
    return (const char *)sqlite3_column_text(stmt, i);
}

static void bench_run_from_row(sqlite3_stmt *stmt, sk_bench_run *run)
{
    run->id = sqlite3_column_int64(stmt, 0);
    run->record = (sk_bench_record){
        .solver = bench_text(stmt, 1),
        .solver_options = bench_text(stmt, 2),
        .dataset_fingerprint = bench_text(stmt, 3),
        .dataset_name = bench_text(stmt, 4),
        .puzzles = sqlite3_column_int64(stmt, 5),
        .seconds = sqlite3_column_double(stmt, 6),
        .guesses = sqlite3_column_int64(stmt, 7),
        .count_limit = sqlite3_column_int(stmt, 8),
        .jobs = sqlite3_column_int(stmt, 9),
        .sudokit_version = bench_text(stmt, 10),
        .cpu_model = bench_text(stmt, 11),
        .cpu_seconds = sqlite3_column_double(stmt, 13),
        .time_limit = sqlite3_column_double(stmt, 14),
    };
    run->created = bench_text(stmt, 12);
}

int sk_store_bench_runs(sk_store *store, const char *solver, sk_bench_run_fn fn, void *user,
                        sk_error *err)
{
    sqlite3_stmt *stmt = NULL;
    if (sqlite3_prepare_v2(store->db,
                           "SELECT id, solver, solver_options, dataset_fingerprint, dataset_name,"
                           " puzzles, seconds, guesses, count_limit, jobs, sudokit_version,"
                            " cpu_model, created, cpu_seconds, time_limit FROM bench_runs"
                           " WHERE ?1 IS NULL OR solver = ?1 ORDER BY id DESC",
                           -1, &stmt, NULL) != SQLITE_OK)
        return store_fail_db(store, err, "cannot list benchmark runs");
    store_bind_text(stmt, 1, solver);
    int rc = SQLITE_DONE, result = 0;
    while (result == 0 && (rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        sk_bench_run run;
        bench_run_from_row(stmt, &run);
        result = fn(user, &run);
    }
    if (result == 0 && rc != SQLITE_DONE)
        result = store_fail_db(store, err, "cannot list benchmark runs");
    sqlite3_finalize(stmt);
    return result;
}
