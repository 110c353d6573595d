/* The puzzle database against a hostile file: the connection's settings
 * (defensive, an untrusted schema, no views or triggers of a file run), the
 * stop check that interrupts SQLite (sk_store_set_stop), and the check that
 * a file's schema is exactly the one sudokit's migrations make. */
#include "store_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* SQLite calls the stop check every GUARD_STEPS virtual-machine steps. After
 * a stop request, statements go on for GUARD_GRACE more calls (some 100 000
 * steps: a game saved or a batch committed as the run winds down), then every
 * statement is interrupted (a hostile query that never ends ends there). */
#define GUARD_STEPS 1000
#define GUARD_GRACE 100

/* The longest object name a message quotes. */
#define GUARD_NAME_MAX 64

/* The stop check: nonzero interrupts the running statement. */
static int guard_progress(void *user)
{
    sk_store *store = user;
    if (!store->stop(store->stop_user)) {
        store->stop_ticks = 0;
        return 0;
    }
    return ++store->stop_ticks > GUARD_GRACE;
}

void sk_store_set_stop(sk_store *store, sk_store_stop_fn stopped, void *user,
                       sk_store_stop_fn *previous, void **previous_user)
{
    if (previous)
        *previous = store->stop;
    if (previous_user)
        *previous_user = store->stop_user;
    store->stop = stopped;
    store->stop_user = user;
    store->stop_ticks = 0;
    /* Without a check, SQLite calls nothing between steps. */
    sqlite3_progress_handler(store->db, stopped ? GUARD_STEPS : 0, stopped ? guard_progress : NULL,
                             store);
}

int store_guard(sk_store *store, sk_error *err)
{
    static const int off[] = {SQLITE_DBCONFIG_TRUSTED_SCHEMA, SQLITE_DBCONFIG_ENABLE_VIEW,
                              SQLITE_DBCONFIG_ENABLE_TRIGGER};
    int set = -1;
    if (sqlite3_db_config(store->db, SQLITE_DBCONFIG_DEFENSIVE, 1, &set) != SQLITE_OK || set != 1)
        return sk_error_set(err, SK_EXIT_FAILURE, "this SQLite cannot open %s in defensive mode",
                          store->path);
    for (size_t i = 0; i < sizeof off / sizeof off[0]; i++)
        if (sqlite3_db_config(store->db, off[i], 0, &set) != SQLITE_OK || set != 0)
            return sk_error_set(err, SK_EXIT_FAILURE, "this SQLite cannot distrust the schema of %s",
                              store->path);
    return 0;
}

/* One row of sqlite_schema. The strings are SQLite's, valid until the
 * statement moves on; sql is NULL for an index SQLite made itself. */
typedef struct guard_object {
    const char *type, *name, *table, *sql;
    bool odd; /* a column holds a NUL byte, which no name or SQL of sudokit's does */
} guard_object;

static const char guard_schema_sql[] =
    "SELECT type, name, tbl_name, sql FROM \"%s\".sqlite_schema ORDER BY type, name";

/* The tables ANALYZE makes (`PRAGMA optimize` or a user's ANALYZE): the
 * query planner's statistics, allowed beside the migrations' objects. */
static const struct {
    const char *name, *sql;
} guard_statistics[] = {
    {"sqlite_stat1", "CREATE TABLE sqlite_stat1(tbl,idx,stat)"},
    {"sqlite_stat4", "CREATE TABLE sqlite_stat4(tbl,idx,neq,nlt,ndlt,sample)"},
};

static void guard_object_read(sqlite3_stmt *stmt, guard_object *o)
{
    const char **columns[] = {&o->type, &o->name, &o->table, &o->sql};
    o->odd = false;
    for (int i = 0; i < 4; i++) {
        *columns[i] = (const char *)sqlite3_column_text(stmt, i);
        if (*columns[i] && strlen(*columns[i]) != (size_t)sqlite3_column_bytes(stmt, i))
            o->odd = true;
    }
}

static bool guard_same(const char *a, const char *b)
{
    return a && b ? strcmp(a, b) == 0 : a == b;
}

static bool guard_is_statistics(const guard_object *o)
{
    for (size_t i = 0; i < sizeof guard_statistics / sizeof guard_statistics[0]; i++)
        if (!o->odd && guard_same(o->type, "table") && guard_same(o->name, guard_statistics[i].name) &&
            guard_same(o->table, guard_statistics[i].name) &&
            guard_same(o->sql, guard_statistics[i].sql))
            return true;
    return false;
}

/* Order of (type, name) pairs as in ORDER BY type, name (BINARY). */
static int guard_order(const guard_object *a, const guard_object *b)
{
    int c = strcmp(a->type ? a->type : "", b->type ? b->type : "");
    return c ? c : strcmp(a->name ? a->name : "", b->name ? b->name : "");
}

/* A difference between the file's schema and the migrations': the
 * object's type and name, quotable. */
typedef struct guard_difference {
    bool seen;
    char type[GUARD_NAME_MAX + 4], name[GUARD_NAME_MAX + 4];
} guard_difference;

/* The first differences of each kind, as the walk finds them. */
typedef struct guard_differences {
    guard_difference extra;   /* the file holds it, the migrations do not make it */
    guard_difference altered; /* both have it, with other SQL or on another table */
    guard_difference missing; /* the migrations make it, the file lacks it */
} guard_differences;

static void guard_note(guard_difference *d, const guard_object *o)
{
    if (d->seen)
        return;
    d->seen = true;
    store_printable(o->type ? o->type : "(none)", d->type, sizeof d->type);
    store_printable(o->name ? o->name : "(none)", d->name, sizeof d->name);
}

/* The message for what differs: an object sudokit does not make first
 * (the likely harm), then an altered one, then a missing one. */
static int guard_refuse(const char *file, int version, const guard_differences *d, sk_error *err)
{
    if (d->extra.seen)
        return sk_error_set(err, SK_EXIT_FAILURE, "database %s is not as sudokit made it: it holds a %s named %s "
                          "that sudokit does not make, maybe to do harm; sudokit opens only "
                          "the schema of its migrations: if you added it yourself, drop it "
                          "with sqlite3, else give another --db",
                          file, d->extra.type, d->extra.name);
    if (d->altered.seen)
        return sk_error_set(err, SK_EXIT_FAILURE, "database %s is not as sudokit made it: its %s %s differs from the "
                          "one of schema version %d (altered, maybe to do harm): restore the "
                          "file from a copy, or give another --db",
                          file, d->altered.type, d->altered.name, version);
    return sk_error_set(err, SK_EXIT_FAILURE, "database %s is not as sudokit made it: it lacks the %s %s of schema "
                      "version %d: restore the file from a copy, or give another --db",
                      file, d->missing.type, d->missing.name, version);
}

/* Prepare the listing of schema's objects on db. */
static sqlite3_stmt *guard_list(sqlite3 *db, const char *schema)
{
    char sql[sizeof guard_schema_sql + 64];
    sqlite3_stmt *stmt = NULL;
    snprintf(sql, sizeof sql, guard_schema_sql, schema);
    if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) != SQLITE_OK) {
        sqlite3_finalize(stmt);
        return NULL;
    }
    return stmt;
}

/* The schema objects migrations 1..v make, for each v (index v), in
 * (type, name) order. Made once per process, on an in-memory database the
 * migrations are applied to one by one; the strings are the table's. */
typedef struct guard_schema {
    guard_object *objects;
    size_t count;
} guard_schema;

static guard_schema *guard_schemas; /* NULL when they could not be made */
static pthread_once_t guard_schemas_once = PTHREAD_ONCE_INIT;

static char *guard_copy(const char *text)
{
    return text ? strdup(text) : NULL;
}

/* Copy the objects of db's main schema into out; 0, or -1. */
static int guard_snapshot(sqlite3 *db, guard_schema *out)
{
    sqlite3_stmt *stmt = guard_list(db, "main");
    guard_object o;
    int rc = stmt ? SQLITE_ROW : SQLITE_ERROR;
    while (stmt && (rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        guard_object *grown = realloc(out->objects, (out->count + 1) * sizeof *grown);
        if (!grown)
            break;
        out->objects = grown;
        guard_object_read(stmt, &o);
        grown[out->count++] = (guard_object){guard_copy(o.type), guard_copy(o.name),
                                             guard_copy(o.table), guard_copy(o.sql), false};
    }
    sqlite3_finalize(stmt);
    return rc == SQLITE_DONE ? 0 : -1;
}

static void guard_schemas_make(void)
{
    size_t versions = ski_store_migration_count + 1;
    guard_schema *all = calloc(versions, sizeof *all);
    sqlite3 *db = NULL;
    int rc = all && sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK
                 ? guard_snapshot(db, &all[0])
                 : -1;
    for (size_t v = 1; rc == 0 && v < versions; v++)
        rc = sqlite3_exec(db, ski_store_migrations[v - 1], NULL, NULL, NULL) == SQLITE_OK
                 ? guard_snapshot(db, &all[v])
                 : -1;
    sqlite3_close(db);
    if (rc == 0)
        guard_schemas = all; /* kept for the life of the process */
    else
        free(all); /* a failed build leaks its few strings, once */
}

/* Walk the file's objects (have) and the migrations' (want), both in
 * (type, name) order, noting the differences. */
static int guard_compare(sk_store *store, sqlite3_stmt *have, const guard_schema *want,
                         guard_differences *d, sk_error *err)
{
    guard_object h = {0};
    size_t w = 0;
    int hrc = sqlite3_step(have);
    for (;;) {
        while (hrc == SQLITE_ROW && (guard_object_read(have, &h), guard_is_statistics(&h)))
            hrc = sqlite3_step(have);
        if (hrc != SQLITE_ROW && hrc != SQLITE_DONE)
            return store_fail_db(store, err, "cannot read the schema");
        if (hrc == SQLITE_DONE && w == want->count)
            return 0;
        const guard_object *o = w < want->count ? &want->objects[w] : NULL;
        int order = hrc == SQLITE_DONE ? 1 : !o ? -1 : guard_order(&h, o);
        if (order < 0 || (order == 0 && h.odd))
            guard_note(&d->extra, &h);
        else if (order > 0)
            guard_note(&d->missing, o);
        else if (!guard_same(h.table, o->table) || !guard_same(h.sql, o->sql))
            guard_note(&d->altered, &h);
        if (order <= 0)
            hrc = sqlite3_step(have);
        if (order >= 0)
            w++;
    }
}

int store_schema_check(sk_store *store, const char *schema, int version, const char *file,
                       sk_error *err)
{
    pthread_once(&guard_schemas_once, guard_schemas_make);
    if (!guard_schemas || version < 0 || (size_t)version > ski_store_migration_count)
        return sk_error_set(err, SK_EXIT_FAILURE, "cannot make the schema of version %d to compare %s with",
                          version, file);
    sqlite3_stmt *have = guard_list(store->db, schema);
    guard_differences d = {0};
    int rc = have ? guard_compare(store, have, &guard_schemas[version], &d, err)
                  : store_fail_db(store, err, "cannot read the schema");
    sqlite3_finalize(have);
    if (rc == 0 && (d.extra.seen || d.altered.seen || d.missing.seen))
        rc = guard_refuse(file, version, &d, err);
    return rc;
}
