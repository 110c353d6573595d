/* Fuzz target: opening a database file of any bytes, in memory: reading
 * its schema version, refusing what it must, migrating the rest, and
 * reading the statistics and the integrity check of what opened. */
#include <sqlite3.h>
#include <string.h>

#include "fuzz.h"
#include "store_internal.h"

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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sqlite3 *db = fuzz_open_image(data, size);
    if (!db)
        return 0;
    sk_store *store = NULL;
    char err[512] = "";
    if (store_open_connection(db, "fuzz.db", &store, err, sizeof err) != 0) {
        FUZZ_CHECK(store == NULL && err[0] != '\0');
        return 0;
    }
    /* Whatever opened is at this build's schema version. */
    FUZZ_CHECK(fuzz_read_int(store->db, "PRAGMA user_version") == sk_store_schema_version());
    sk_store_stats stats;
    if (sk_store_stats_get(store, &stats, err, sizeof err) == 0)
        FUZZ_CHECK(stats.schema_version == sk_store_schema_version());
    int64_t problems = 0;
    sk_store_check(store, NULL, NULL, &problems, err, sizeof err);
    sk_store_close(store);
    return 0;
}
