/* Benchmark helper for tests/bench/store.sh: builds a database of N
 * synthetic puzzles with one rating each (SQL, no canonical forms), then
 * prints the plan and the time of a query by clue count and rating.
 * usage: store_query DB N */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sudokit/store.h"

static double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int bench_count(void *user, const sk_puzzle_row *row)
{
    (void)row;
    ++*(long *)user;
    return 0;
}

static void bench_print(void *user, const char *line)
{
    (void)user;
    printf("    %s\n", line);
}

static int bench_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Time q over runs repetitions; print the plan, rows and median. */
static int bench_query(sk_store *store, const char *title, const sk_query *q)
{
    sk_error err;
    enum { RUNS = 50 };
    double t[RUNS];
    long rows = 0;
    printf("%s\n  plan:\n", title);
    if (sk_store_explain(store, q, bench_print, NULL, &err) != 0)
        return fprintf(stderr, "%s\n", err.message), 1;
    for (int i = 0; i < RUNS; i++) {
        rows = 0;
        double start = bench_now();
        if (sk_store_query(store, q, bench_count, &rows, &err) != 0)
            return fprintf(stderr, "%s\n", err.message), 1;
        t[i] = bench_now() - start;
    }
    qsort(t, RUNS, sizeof t[0], bench_cmp);
    printf("  %ld rows; median %.3f ms, min %.3f ms, max %.3f ms over %d runs\n", rows,
           t[RUNS / 2] * 1e3, t[0] * 1e3, t[RUNS - 1] * 1e3, RUNS);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 3)
        return fprintf(stderr, "usage: store_query DB N\n"), 2;
    long n = atol(argv[2]);
    sk_error err;
    char sql[1024];
    sk_store *store;
    remove(argv[1]);
    if (sk_store_open(argv[1], &store, &err) != 0)
        return fprintf(stderr, "%s\n", err.message), 1;
    sk_store_close(store);
    sqlite3 *db;
    double start = bench_now();
    snprintf(sql, sizeof sql,
             "PRAGMA journal_mode = DELETE; PRAGMA synchronous = OFF;"
             "PRAGMA cache_size = -262144; BEGIN;"
             "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %ld)"
             " INSERT INTO puzzles (id, givens, canonical, clues, source)"
             " SELECT i, printf('%%081d', i), printf('%%081d', i), 17 + (i * 40503 %% 65521) %% 20,"
             " 'synthetic' FROM n;"
             "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %ld)"
             " INSERT INTO ratings (puzzle_id, rater, rater_version, score, level, hardest,"
             " steps) SELECT i, 'se', '1.0', (i * 48271 %% 2147483647) %% 1000 / 100.0,"
             " 1 + (i * 69621 %% 2147483629) %% 5, 'X-Wing', 40 FROM n;"
             "COMMIT; PRAGMA journal_mode = WAL; PRAGMA optimize;",
             n, n);
    if (sqlite3_open(argv[1], &db) != SQLITE_OK ||
        sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK)
        return fprintf(stderr, "cannot fill %s: %s\n", argv[1], sqlite3_errmsg(db)), 1;
    sqlite3_close(db);
    printf("built %ld puzzles and %ld ratings in %.1f s\n", n, n, bench_now() - start);
    if (sk_store_open(argv[1], &store, &err) != 0)
        return fprintf(stderr, "%s\n", err.message), 1;
    sk_query q;
    sk_query_init(&q);
    q.clues_min = 22;
    q.clues_max = 24;
    q.rater = "se";
    q.has_score_min = q.has_score_max = true;
    q.score_min = 4.0;
    q.score_max = 6.0;
    q.limit = 100;
    q.sort = SK_SORT_SCORE;
    int rc = bench_query(store, "clues 22..24, SE score 4..6, by score, limit 100:", &q);
    q.sort = SK_SORT_ID;
    rc |= bench_query(store, "the same by id:", &q);
    q.sort = SK_SORT_CLUES;
    rc |= bench_query(store, "the same by clue count:", &q);
    q.sort = SK_SORT_SCORE;
    q.level_min = q.level_max = 3;
    rc |= bench_query(store, "the same, level 3 only, by score:", &q);
    sk_store_close(store);
    return rc;
}
