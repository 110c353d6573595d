/* Fuzz target: opening a database file of any bytes, in memory: reading
 * its schema version, refusing what it must (a version it does not know,
 * schema objects its migrations do not make), migrating the rest; then a
 * query, the statistics and the integrity check of what opened, and a merge
 * of the same bytes (as a file) into an empty store, whose result must pass
 * the integrity check whatever the input held. */
#define _POSIX_C_SOURCE 200809L /* mkstemp */
#include <sqlite3.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "store_internal.h"

/* The input written as a file for the merge (removed at exit). */
static char fuzz_file[64];

static void fuzz_remove_file(void)
{
    char side[80];
    static const char *const suffixes[] = {"", "-wal", "-shm", "-journal"};
    for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
        snprintf(side, sizeof side, "%s%s", fuzz_file, suffixes[i]);
        unlink(side);
    }
}

/* An in-memory connection whose database is the input's bytes. */
static sqlite3 *fuzz_open_image(const uint8_t *data, size_t size)
{
    sqlite3 *db = NULL;
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_EXRESCODE;
    FUZZ_CHECK(sqlite3_open_v2(":memory:", &db, flags, NULL) == SQLITE_OK);
    if (size == 0)
        return db;
    unsigned char *image = sqlite3_malloc64(size);
    FUZZ_CHECK(image != NULL);
    memcpy(image, data, size);
    /* SQLite owns image from here, also when this fails. */
    if (sqlite3_deserialize(db, "main", image, (sqlite3_int64)size, (sqlite3_int64)size,
                            SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE) !=
        SQLITE_OK) {
        sqlite3_close(db);
        return NULL;
    }
    return db;
}

/* Read one integer with SQL; -1 when the query fails. */
static int64_t fuzz_read_int(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *stmt = NULL;
    int64_t value = -1;
    if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) == SQLITE_OK &&
        sqlite3_step(stmt) == SQLITE_ROW)
        value = sqlite3_column_int64(stmt, 0);
    sqlite3_finalize(stmt);
    return value;
}

/* Count the rows a query hands over. */
static int fuzz_count_row(void *user, const sk_puzzle_row *row)
{
    (void)row;
    ++*(int64_t *)user;
    return 0;
}

/* A new empty store in memory. */
static sk_store *fuzz_empty_store(void)
{
    sqlite3 *db = fuzz_open_image(NULL, 0);
    sk_store *store = NULL;
    sk_error err;
    FUZZ_CHECK(store_open_connection(db, "fuzz-out.db", &store, &err) == 0);
    return store;
}

/* Merge the input, written to a file, into an empty store: whatever it
 * took must pass the integrity check. */
static void fuzz_merge(const uint8_t *data, size_t size)
{
    if (!fuzz_file[0]) {
        /* In memory when the system has a tmpfs: opening an older store
         * migrates it, and a disk's fsync under load once took longer than
         * the fuzzer's timeout for one input that replays in 0.3 s. */
        const char *dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
        snprintf(fuzz_file, sizeof fuzz_file, "%s/sk-fuzz-merge-XXXXXX", dir);
        int fd = mkstemp(fuzz_file);
        FUZZ_CHECK(fd >= 0);
        close(fd);
        atexit(fuzz_remove_file);
    }
    fuzz_remove_file();
    FILE *f = fopen(fuzz_file, "wb");
    FUZZ_CHECK(f != NULL && fwrite(data, 1, size, f) == size && fclose(f) == 0);
    sk_store *out = fuzz_empty_store();
    sk_merge_options options = {.batch = 7};
    sk_merge_counts counts;
    sk_error err;
    int64_t problems = -1;
    sk_store_merge(out, fuzz_file, &options, &counts, &err);
    FUZZ_CHECK(sk_store_check(out, NULL, NULL, &problems, &err) == 0);
    FUZZ_CHECK(problems == 0);
    sk_store_close(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sqlite3 *db = fuzz_open_image(data, size);
    if (!db)
        return 0;
    sk_store *store = NULL;
    sk_error err = {0};
    if (store_open_connection(db, "fuzz.db", &store, &err) != 0) {
        FUZZ_CHECK(store == NULL && err.message[0] != '\0');
        return 0;
    }
    /* Whatever opened is at this build's schema version. */
    FUZZ_CHECK(fuzz_read_int(store->db, "PRAGMA user_version") == sk_store_schema_version());
    sk_query q;
    sk_query_init(&q);
    q.rater = "human";
    int64_t rows = 0;
    sk_store_query(store, &q, fuzz_count_row, &rows, &err);
    sk_store_stats stats;
    if (sk_store_stats_get(store, &stats, &err) == 0)
        FUZZ_CHECK(stats.schema_version == sk_store_schema_version());
    int64_t problems = 0;
    sk_store_check(store, NULL, NULL, &problems, &err);
    sk_store_close(store);
    fuzz_merge(data, size);
    return 0;
}
