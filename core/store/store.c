/* The puzzle database: opening, migrations, transactions, puzzle, rating
 * and benchmark rows. */
#include "store_internal.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sudokit/canon.h"
#include "sudokit/grid.h"
#include "sudokit/rules.h"

/* How long a writer waits for another process's transaction. */
#define STORE_BUSY_TIMEOUT_MS 30000


static const char *const store_sql[STORE_STMT_COUNT] = {
    [STORE_INSERT_PUZZLE] = "INSERT INTO puzzles (givens, canonical, solution, clues, symmetry,"
                            " minimal, strategy, options, seed, source, rules)"
                            " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)"
                            " ON CONFLICT (canonical, rules) DO NOTHING",
    [STORE_FIND_CANONICAL] = "SELECT id, givens, solution IS NULL FROM puzzles"
                             " WHERE canonical = ?2 AND rules = ?1",
    [STORE_FILL_SOLUTION] = "UPDATE puzzles SET solution = ?2 WHERE id = ?1 AND solution IS NULL",
    [STORE_UPSERT_RATING] = "INSERT INTO ratings (puzzle_id, rater, rater_version, score,"
                            " score_is_lower_bound, first_step, first_placement, level, hardest,"
                            " steps) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"
                            " ON CONFLICT (puzzle_id, rater, rater_version) DO UPDATE SET"
                            " score = excluded.score,"
                            " score_is_lower_bound = excluded.score_is_lower_bound,"
                            " first_step = excluded.first_step,"
                            " first_placement = excluded.first_placement,"
                            " level = excluded.level, hardest = excluded.hardest,"
                            " steps = excluded.steps, created = excluded.created",
    [STORE_INSERT_GAME] = "INSERT INTO games (puzzle_id, cells, marks, history, elapsed_ms,"
                          " hints, status) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    [STORE_UPDATE_GAME] = "UPDATE games SET puzzle_id = ?1, cells = ?2, marks = ?3,"
                          " history = ?4, elapsed_ms = ?5, hints = ?6, status = ?7,"
                          " updated = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?8",
    [STORE_LOAD_GAME] = "SELECT id, puzzle_id, cells, marks, history, elapsed_ms, hints,"
                        " status, created, updated FROM games WHERE id = ?1",
    [STORE_INSERT_BENCH] = "INSERT INTO bench_runs (solver, solver_options, dataset_fingerprint,"
                           " dataset_name, puzzles, seconds, guesses, count_limit, jobs,"
                           " sudokit_version, cpu_model, cpu_seconds, time_limit)"
                           " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
};

int store_fail(char *buf, size_t len, const char *fmt, ...)
{
    if (buf && len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(buf, len, fmt, ap);
        va_end(ap);
    }
    return -1;
}

void store_printable(const char *text, char *out, size_t len)
{
    size_t n = 0, i = 0;
    if (!len)
        return;
    for (; text && text[i] && n + 1 < len; i++)
        out[n++] = (unsigned char)text[i] < 0x20 || text[i] == 0x7f ? '?' : text[i];
    out[n] = '\0';
    if (text && text[i] && len >= 4)
        memcpy(out + len - 4, "...", 4);
}

int store_fail_db(sk_store *store, sk_error *err, const char *what)
{
    char message[256];
    int os_error = sqlite3_system_errno(store->db);
    store_printable(sqlite3_errmsg(store->db), message, sizeof message);
    if ((sqlite3_errcode(store->db) & 0xff) == SQLITE_CORRUPT)
        return sk_error_set(err, SK_EXIT_FAILURE, "%s: database %s is damaged (%s): restore it from a copy; "
                          "`sqlite3 %s .recover` writes out what SQLite can still read of it",
                          what, store->path, message, store->path);
    if (os_error)
        return sk_error_set(err, SK_EXIT_FAILURE, "%s: %s: %s (database %s)", what, message,
                          strerror(os_error), store->path);
    return sk_error_set(err, SK_EXIT_FAILURE, "%s: %s (database %s)", what, message, store->path);
}

sqlite3_stmt *store_stmt(sk_store *store, store_stmt_id id, sk_error *err)
{
    sqlite3_stmt *stmt = store->stmts[id];
    if (!stmt) {
        if (sqlite3_prepare_v3(store->db, store_sql[id], -1, SQLITE_PREPARE_PERSISTENT, &stmt,
                               NULL) != SQLITE_OK) {
            store_fail_db(store, err, "cannot prepare a statement");
            return NULL;
        }
        store->stmts[id] = stmt;
    }
    sqlite3_reset(stmt);
    sqlite3_clear_bindings(stmt);
    return stmt;
}

int store_bind_text(sqlite3_stmt *stmt, int index, const char *text)
{
    if (!text)
        return sqlite3_bind_null(stmt, index);
    return sqlite3_bind_text(stmt, index, text, -1, SQLITE_STATIC);
}

int store_exec(sk_store *store, const char *sql, sk_error *err, const char *what)
{
    if (sqlite3_exec(store->db, sql, NULL, NULL, NULL) != SQLITE_OK)
        return store_fail_db(store, err, what);
    return 0;
}

void store_column_copy(sqlite3_stmt *stmt, int col, char *buf, size_t len)
{
    const unsigned char *text = sqlite3_column_text(stmt, col);
    snprintf(buf, len, "%s", text ? (const char *)text : "");
}

int sk_store_schema_version(void)
{
    return (int)ski_store_migration_count;
}

int sk_store_default_path(char *buf, size_t len)
{
    const char *env = getenv("SUDOKIT_DB");
    const char *xdg = getenv("XDG_DATA_HOME");
    const char *home = getenv("HOME");
    int n;
    if (env && *env)
        n = snprintf(buf, len, "%s", env);
    else if (xdg && xdg[0] == '/')
        n = snprintf(buf, len, "%s/sudokit/sudokit.db", xdg);
    else if (home && *home)
        n = snprintf(buf, len, "%s/.local/share/sudokit/sudokit.db", home);
    else
        return -1;
    return n < 0 || (size_t)n >= len ? -1 : 0;
}

/* Create every missing directory above the file path (like mkdir -p). */
static int store_make_parents(const char *path, sk_error *err)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", path);
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(dir, 0755) != 0 && errno != EEXIST)
            return sk_error_set(err, SK_EXIT_FAILURE, "cannot create directory %s: %s", dir, strerror(errno));
        *p = '/';
    }
    return 0;
}

/* Read one integer PRAGMA (or any one-integer query) into *out. */
static int store_read_int(sk_store *store, const char *sql, int64_t *out, sk_error *err,
                          const char *what)
{
    sqlite3_stmt *stmt = NULL;
    int rc = -1;
    if (sqlite3_prepare_v2(store->db, sql, -1, &stmt, NULL) != SQLITE_OK ||
        sqlite3_step(stmt) != SQLITE_ROW) {
        store_fail_db(store, err, what);
        goto done;
    }
    *out = sqlite3_column_int64(stmt, 0);
    rc = 0;
done:
    sqlite3_finalize(stmt);
    return rc;
}

/* Refuse to commit a migration that leaves a row referring to a missing
 * one (it ran with foreign keys off): err names the first. */
static int store_migration_keys(sk_store *store, const char *what, sk_error *err)
{
    sqlite3_stmt *stmt = NULL;
    if (sqlite3_prepare_v2(store->db, "PRAGMA foreign_key_check", -1, &stmt, NULL) != SQLITE_OK)
        return store_fail_db(store, err, what);
    int rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW) {
        char table[64], parent[64];
        store_printable((const char *)sqlite3_column_text(stmt, 0), table, sizeof table);
        store_printable((const char *)sqlite3_column_text(stmt, 2), parent, sizeof parent);
        sk_error_set(err, SK_EXIT_FAILURE, "%s: %s row %lld refers to a %s row that does not exist (the file was "
                   "written with foreign keys off); nothing was changed: delete that row with "
                   "sqlite3, or give another --db",
                   what, table, (long long)sqlite3_column_int64(stmt, 1), parent);
    } else if (rc != SQLITE_DONE) {
        store_fail_db(store, err, what);
    }
    sqlite3_finalize(stmt);
    return rc == SQLITE_DONE ? 0 : -1;
}

/* Apply one migration (number version, 1-based) in its own transaction,
 * unless another process applied it meanwhile. Foreign keys are off
 * while it runs (a migration that makes a table again must not cascade
 * the old one's drop; SQLite changes the setting only outside a
 * transaction) and checked before the commit. */
static int store_migrate_one(sk_store *store, int version, sk_error *err)
{
    char what[128], sql[64];
    int64_t current = 0;
    snprintf(what, sizeof what, "cannot upgrade the schema to version %d", version);
    if (store_exec(store, "PRAGMA foreign_keys = OFF", err, what) != 0)
        return -1;
    if (store_exec(store, "BEGIN IMMEDIATE", err, what) != 0)
        goto keys_on;
    if (store_read_int(store, "PRAGMA user_version", &current, err, what) != 0)
        goto fail;
    if (current >= version) {
        if (store_exec(store, "COMMIT", err, what) != 0)
            goto fail;
        return store_exec(store, "PRAGMA foreign_keys = ON", err, what);
    }
    snprintf(sql, sizeof sql, "PRAGMA user_version = %d", version);
    if (store_exec(store, ski_store_migrations[version - 1], err, what) != 0 ||
        store_migration_keys(store, what, err) != 0 ||
        store_exec(store, sql, err, what) != 0 ||
        store_exec(store, "COMMIT", err, what) != 0)
        goto fail;
    return store_exec(store, "PRAGMA foreign_keys = ON", err, what);
fail:
    sqlite3_exec(store->db, "ROLLBACK", NULL, NULL, NULL);
keys_on:
    sqlite3_exec(store->db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL);
    return -1;
}

/* Read the schema version. This is the first read of the file, so it
 * also tells a file that is not an SQLite database. */
static int store_read_version(sk_store *store, int64_t *version, sk_error *err)
{
    if (store_read_int(store, "PRAGMA user_version", version, err,
                       "cannot read the database") == 0)
        return 0;
    if (sqlite3_errcode(store->db) == SQLITE_NOTADB)
        sk_error_set(err, SK_EXIT_FAILURE, "%s is not a usable sudokit database (%s): give --db the "
                   "path of a sudokit database or of a new file",
                   store->path, sqlite3_errmsg(store->db));
    return -1;
}

/* Refuse, before anything is written to the file, a schema version this
 * build cannot bring up to date: below 0 (no sudokit writes one), newer
 * than its migrations, or 0 on a database of another program. */
static int store_check_version(sk_store *store, int64_t version, sk_error *err)
{
    int known = sk_store_schema_version();
    int64_t objects = 0;
    if (version < 0)
        return sk_error_set(err, SK_EXIT_FAILURE, "database %s has schema version %lld, which no sudokit writes "
                          "(this one knows 0 to %d): the file is damaged or belongs to "
                          "another program; restore it from a backup or give another --db",
                          store->path, (long long)version, known);
    if (version > known)
        return sk_error_set(err, SK_EXIT_FAILURE, "database %s has schema version %lld, newer than this "
                          "sudokit knows (%d): use a newer sudokit or another --db",
                          store->path, (long long)version, known);
    if (version > 0)
        return 0;
    if (store_read_int(store, "SELECT count(*) FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'",
                       &objects, err, "cannot read the schema") != 0)
        return -1;
    if (objects > 0)
        return sk_error_set(err, SK_EXIT_FAILURE, "%s is an SQLite database of another program (it has "
                          "tables but no sudokit schema version): give another --db",
                          store->path);
    return 0;
}

/* Connection settings: the WAL journal, foreign keys, synchronous. */
static int store_configure(sk_store *store, sk_error *err)
{
    int64_t fk = 0;
    sqlite3_stmt *stmt = NULL;
    int rc = -1;
    if (sqlite3_prepare_v2(store->db, "PRAGMA journal_mode = WAL", -1, &stmt, NULL) != SQLITE_OK ||
        sqlite3_step(stmt) != SQLITE_ROW) {
        store_fail_db(store, err, "cannot switch to the WAL journal");
        goto done;
    }
    const char *mode = (const char *)sqlite3_column_text(stmt, 0);
    if (!mode || (strcmp(mode, "wal") != 0 && strcmp(mode, "memory") != 0)) {
        sk_error_set(err, SK_EXIT_FAILURE, "cannot switch %s to the WAL journal (mode is %s)", store->path,
                   mode ? mode : "unknown");
        goto done;
    }
    if (store_exec(store, "PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL", err,
                   "cannot configure the connection") != 0 ||
        store_read_int(store, "PRAGMA foreign_keys", &fk, err,
                       "cannot read the foreign key setting") != 0)
        goto done;
    if (fk != 1) {
        sk_error_set(err, SK_EXIT_FAILURE, "this SQLite cannot enforce foreign keys");
        goto done;
    }
    rc = 0;
done:
    sqlite3_finalize(stmt);
    return rc;
}

/* Read the schema version and refuse, before anything is written to the
 * file, one this build must not change: a version it does not know, or
 * schema objects its migrations do not make. One read transaction, so
 * that another process's migration is seen whole or not at all. */
static int store_admit(sk_store *store, int64_t *version, sk_error *err)
{
    if (store_exec(store, "BEGIN", err, "cannot read the database") != 0)
        return -1;
    int rc = store_read_version(store, version, err) != 0 ||
                     store_check_version(store, *version, err) != 0 ||
                     store_schema_check(store, "main", (int)*version, store->path, err) != 0
                 ? -1
                 : 0;
    sqlite3_exec(store->db, rc == 0 ? "COMMIT" : "ROLLBACK", NULL, NULL, NULL);
    return rc;
}

/* Set up the connection and bring the schema up to date. A file this
 * build must not change is refused before anything is written to it. A
 * read-only store (why_read_only: why) keeps its journal mode and must
 * have the current schema. */
static int store_set_up(sk_store *store, const char *why_read_only, sk_error *err)
{
    int64_t version = 0;
    if (sqlite3_busy_timeout(store->db, STORE_BUSY_TIMEOUT_MS) != SQLITE_OK)
        return store_fail_db(store, err, "cannot set the busy timeout");
    if (store_guard(store, err) != 0 || store_admit(store, &version, err) != 0)
        return -1;
    if (why_read_only) {
        if (version < sk_store_schema_version())
            return sk_error_set(err, SK_EXIT_FAILURE, "database %s cannot be written (%s) and has schema version "
                              "%lld, older than this sudokit's %d: open it once where it can "
                              "be written (sudokit --db FILE db init) to bring it up to date",
                              store->path, why_read_only, (long long)version,
                              sk_store_schema_version());
        return store_exec(store, "PRAGMA foreign_keys = ON", err,
                          "cannot configure the connection");
    }
    if (store_configure(store, err) != 0)
        return -1;
    for (int v = (int)version + 1; v <= sk_store_schema_version(); v++)
        if (store_migrate_one(store, v, err) != 0)
            return -1;
    return 0;
}

/* Make the store of connection db (owned: closed on failure too). */
static int store_connect(sqlite3 *db, const char *name, const char *why_read_only,
                         sk_store **out, sk_error *err)
{
    *out = NULL;
    sk_store *store = calloc(1, sizeof *store);
    if (!store || !(store->path = strdup(name))) {
        free(store);
        sqlite3_close(db);
        return sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
    }
    store->db = db;
    store->read_only = why_read_only != NULL;
    if (store_set_up(store, why_read_only, err) != 0) {
        sk_store_close(store);
        return -1;
    }
    *out = store;
    return 0;
}

int store_open_connection(sqlite3 *db, const char *name, sk_store **out, sk_error *err)
{
    return store_connect(db, name, NULL, out, err);
}

int store_open_reader(sqlite3 *db, const char *name, const char *why_read_only, sk_store **out,
                      sk_error *err)
{
    return store_connect(db, name, why_read_only, out, err);
}

const char *store_resolve_path(const char *path, char *buf, size_t len, bool make_parents,
                               sk_error *err)
{
    if (!path) {
        if (sk_store_default_path(buf, len) != 0) {
            sk_error_set(err, SK_EXIT_FAILURE, "no database path: set SUDOKIT_DB, HOME or give --db PATH");
            return NULL;
        }
        if (make_parents && (!getenv("SUDOKIT_DB") || !*getenv("SUDOKIT_DB")) &&
            store_make_parents(buf, err) != 0)
            return NULL;
        path = buf;
    }
    /* SQLite would make PATH-journal beside a device such as /dev/null. */
    struct stat st;
    if (!*path) {
        sk_error_set(err, SK_EXIT_FAILURE, "the database path is empty: give --db FILE");
        return NULL;
    }
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        sk_error_set(err, SK_EXIT_FAILURE, "%s is not a regular file: a database is a file (give --db FILE)",
                   path);
        return NULL;
    }
    return path;
}

int sk_store_open(const char *path, sk_store **out, sk_error *err)
{
    char default_path[4096], why[4200];
    *out = NULL;
    if (!(path = store_resolve_path(path, default_path, sizeof default_path, true, err)))
        return -1;
    if (!store_writable(path, why, sizeof why))
        return sk_error_set(err, SK_EXIT_FAILURE, "cannot %s database %s: %s; make it writable, or give --db FILE "
                          "where you can write (commands that only read it work as it is)",
                          access(path, F_OK) == 0 ? "write" : "create", path, why);
    sqlite3 *db = NULL;
    int flags =
        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE;
    if (sqlite3_open_v2(path, &db, flags, NULL) != SQLITE_OK) {
        sk_error_set(err, SK_EXIT_FAILURE, "cannot open database %s: %s", path,
                   db ? sqlite3_errmsg(db) : "out of memory");
        sqlite3_close(db);
        return -1;
    }
    return store_open_connection(db, path, out, err);
}

void sk_store_close(sk_store *store)
{
    if (!store)
        return;
    for (int i = 0; i < STORE_STMT_COUNT; i++)
        sqlite3_finalize(store->stmts[i]);
    if (store->in_transaction)
        sqlite3_exec(store->db, "ROLLBACK", NULL, NULL, NULL);
    sqlite3_close(store->db);
    free(store->path);
    free(store);
}

const char *sk_store_path(const sk_store *store)
{
    return store->path;
}

int sk_store_begin(sk_store *store, sk_error *err)
{
    if (store->in_transaction)
        return sk_error_set(err, SK_EXIT_FAILURE, "a transaction is already open (transactions do not nest)");
    if (store_exec(store, "BEGIN IMMEDIATE", err, "cannot begin a transaction") != 0)
        return -1;
    store->in_transaction = true;
    return 0;
}

int sk_store_commit(sk_store *store, sk_error *err)
{
    if (!store->in_transaction)
        return sk_error_set(err, SK_EXIT_FAILURE, "no transaction is open to commit");
    if (store_exec(store, "COMMIT", err, "cannot commit") != 0) {
        sqlite3_exec(store->db, "ROLLBACK", NULL, NULL, NULL);
        store->in_transaction = false;
        return -1;
    }
    store->in_transaction = false;
    return 0;
}

int sk_store_rollback(sk_store *store, sk_error *err)
{
    if (!store->in_transaction)
        return sk_error_set(err, SK_EXIT_FAILURE, "no transaction is open to roll back");
    store->in_transaction = false;
    return store_exec(store, "ROLLBACK", err, "cannot roll back");
}

bool sk_store_in_transaction(const sk_store *store)
{
    return store->in_transaction;
}

void sk_puzzle_record_init(sk_puzzle_record *rec)
{
    memset(rec, 0, sizeof *rec);
    rec->minimal = -1;
}

/* True when cell (r, c) of an n x n grid and its image under sym hold
 * givens alike (inline: the classic grid's n is a constant). */
static inline bool store_pattern_has(const uint8_t *cells, int n, sk_symmetry sym)
{
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int r2 = r, c2 = c;
            switch (sym) {
            case SK_SYM_ROT90:
                r2 = c;
                c2 = n - 1 - r;
                break;
            case SK_SYM_ROT180:
                r2 = n - 1 - r;
                c2 = n - 1 - c;
                break;
            case SK_SYM_MIRROR:
                c2 = n - 1 - c;
                break;
            default:
                r2 = c;
                c2 = r;
                break;
            }
            if ((cells[r * n + c] != 0) != (cells[r2 * n + c2] != 0))
                return false;
        }
    return true;
}

/* The first symmetry of the n x n pattern of givens, or SK_SYM_NONE. */
static inline sk_symmetry store_pattern_symmetry(const uint8_t *cells, int n)
{
    static const sk_symmetry order[] = {SK_SYM_ROT90, SK_SYM_ROT180, SK_SYM_MIRROR,
                                        SK_SYM_DIAGONAL};
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
        if (store_pattern_has(cells, n, order[i]))
            return order[i];
    return SK_SYM_NONE;
}

sk_symmetry store_cells_symmetry(const uint8_t *cells, int n)
{
    return store_pattern_symmetry(cells, n);
}

sk_symmetry sk_store_symmetry_of(const sk_grid *givens)
{
    return store_pattern_symmetry(givens->cells, 9);
}

void sk_store_set_rules_host(sk_store *store, sk_host *host)
{
    store->rules_host = host;
}

/* Give stored puzzle id, which has no solution, solution (text): rec's,
 * carried onto the stored givens by the transformation between them (a
 * classic puzzle), or rec's own when the stored givens are rec's (under
 * other rules). Returns 0, or -1 with err. */
static int store_fill_solution(sk_store *store, const sk_puzzle_record *rec,
                               const store_puzzle_columns *columns, int64_t id,
                               const char *stored_givens, sk_error *err)
{
    char text[SK_MAX_CELLS + 1];
    if (columns->rules[0]) {
        if (strcmp(stored_givens, columns->givens) != 0)
            return 0;
        memcpy(text, columns->solution, (size_t)columns->cells + 1);
    } else {
        sk_grid stored, solution;
        sk_transform t;
        size_t col;
        if (sk_grid_parse_line(&stored, stored_givens, strlen(stored_givens), &col) != 0 ||
            !sk_canon_find_transform(&rec->givens, &stored, &t))
            return 0; /* a damaged row: left as it is, for `db check` to name */
        sk_canon_transform(rec->solution, &t, &solution);
        sk_grid_format_line(&solution, text, true);
    }
    sqlite3_stmt *stmt = store_stmt(store, STORE_FILL_SOLUTION, err);
    if (!stmt)
        return -1;
    sqlite3_bind_int64(stmt, 1, id);
    sqlite3_bind_text(stmt, 2, text, columns->cells, SQLITE_STATIC);
    int rc = sqlite3_step(stmt);
    sqlite3_reset(stmt);
    return rc == SQLITE_DONE ? 0 : store_fail_db(store, err, "cannot add a solution");
}

/* The id of the stored puzzle rec duplicates (its columns given); a
 * stored row without a solution takes rec's. Returns 0, or -1 with err. */
static int store_find_duplicate(sk_store *store, const sk_puzzle_record *rec,
                                const store_puzzle_columns *columns, int64_t *id, sk_error *err)
{
    sqlite3_stmt *stmt = store_stmt(store, STORE_FIND_CANONICAL, err);
    if (!stmt)
        return -1;
    sqlite3_bind_text(stmt, 1, columns->rules, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 2, columns->canonical, -1, SQLITE_STATIC);
    int rc = sqlite3_step(stmt);
    if (rc != SQLITE_ROW) {
        sqlite3_reset(stmt);
        return store_fail_db(store, err, "cannot find a duplicate puzzle");
    }
    *id = sqlite3_column_int64(stmt, 0);
    bool wants_solution = columns->has_solution && sqlite3_column_int(stmt, 2);
    char givens[SK_MAX_CELLS + 1] = "";
    const char *text = (const char *)sqlite3_column_text(stmt, 1);
    if (text)
        snprintf(givens, sizeof givens, "%s", text);
    sqlite3_reset(stmt);
    return wants_solution ? store_fill_solution(store, rec, columns, *id, givens, err)
                          : 0;
}

/* The columns of rec, a classic puzzle. 0, or -1 with err. */
static int store_classic_columns(const sk_puzzle_record *rec, store_puzzle_columns *out,
                                 sk_error *err)
{
    sk_conflict conflict;
    char why[96];
    if (!sk_grid_check(&rec->givens, &conflict)) {
        sk_conflict_describe(&conflict, why, sizeof why);
        return sk_error_set(err, SK_EXIT_FAILURE, "cannot store a puzzle that breaks the rules: %s", why);
    }
    if (rec->solution && !sk_grid_solves(&rec->givens, rec->solution))
        return sk_error_set(err, SK_EXIT_FAILURE, "cannot store a puzzle with a solution that does not solve it");
    out->rules = "";
    out->cells = 81;
    sk_grid_format_line(&rec->givens, out->givens, true);
    out->givens[81] = '\0';
    sk_canon_string(&rec->givens, out->canonical);
    out->has_solution = rec->solution != NULL;
    if (rec->solution) {
        sk_grid_format_line(rec->solution, out->solution, true);
        out->solution[81] = '\0';
    }
    out->clues = sk_grid_clues(&rec->givens);
    out->symmetry = sk_store_symmetry_of(&rec->givens);
    return 0;
}

/* The columns of rec, classic or not. 0, or -1 with err. */
static int store_columns(sk_store *store, const sk_puzzle_record *rec, store_puzzle_columns *out,
                         sk_error *err)
{
    out->image_rules = NULL;
    if (rec->minimal < -1 || rec->minimal > 1)
        return sk_error_set(err, SK_EXIT_FAILURE, "minimal must be 1, 0 or -1 (unknown), not %d",
                          rec->minimal);
    if (!rec->rules)
        return store_classic_columns(rec, out, err);
    if (!rec->givens_board)
        return sk_error_set(err, SK_EXIT_FAILURE, "a puzzle under rules needs its givens as a board");
    if (!sk_rules_is_classic(rec->rules))
        return store_rules_columns(store, rec, out, err);
    sk_puzzle_record classic = *rec;
    sk_grid solution;
    sk_board_to_grid(&classic.givens, rec->givens_board);
    if (rec->solution_board)
        sk_board_to_grid(&solution, rec->solution_board);
    classic.solution = rec->solution_board ? &solution : NULL;
    return store_classic_columns(&classic, out, err);
}

/* Add the puzzle of rec with its columns (sk_store_add_puzzle). */
static int store_add_columns(sk_store *store, const sk_puzzle_record *rec,
                             const store_puzzle_columns *columns, int64_t *id_out,
                             bool *duplicate_out, sk_error *err)
{
    sqlite3_stmt *stmt = store_stmt(store, STORE_INSERT_PUZZLE, err);
    if (!stmt)
        return -1;
    /* Bound with their NUL (length -1): the schema's checks read them as
     * text, which SQLite would otherwise copy to terminate. */
    sqlite3_bind_text(stmt, 1, columns->givens, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 2, columns->canonical, -1, SQLITE_STATIC);
    if (columns->has_solution)
        sqlite3_bind_text(stmt, 3, columns->solution, -1, SQLITE_STATIC);
    sqlite3_bind_int(stmt, 4, columns->clues);
    sqlite3_bind_text(stmt, 5, sk_grid_symmetry_names[columns->symmetry], -1, SQLITE_STATIC);
    if (rec->minimal >= 0)
        sqlite3_bind_int(stmt, 6, rec->minimal);
    store_bind_text(stmt, 7, rec->strategy);
    store_bind_text(stmt, 8, rec->options);
    if (rec->has_seed)
        sqlite3_bind_int64(stmt, 9, (int64_t)rec->seed);
    store_bind_text(stmt, 10, rec->source);
    sqlite3_bind_text(stmt, 11, columns->rules, -1, SQLITE_STATIC);
    int rc = sqlite3_step(stmt);
    sqlite3_reset(stmt);
    if (rc != SQLITE_DONE)
        return store_fail_db(store, err, "cannot add a puzzle");
    bool duplicate = sqlite3_changes(store->db) == 0;
    int64_t id = sqlite3_last_insert_rowid(store->db);
    if (duplicate && store_find_duplicate(store, rec, columns, &id, err))
        return -1;
    if (id_out)
        *id_out = id;
    if (duplicate_out)
        *duplicate_out = duplicate;
    return 0;
}

int sk_store_add_puzzle(sk_store *store, const sk_puzzle_record *rec, int64_t *id_out,
                        bool *duplicate_out, sk_error *err)
{
    store_puzzle_columns columns;
    if (store_columns(store, rec, &columns, err) != 0)
        return -1;
    int rc = store_add_columns(store, rec, &columns, id_out, duplicate_out, err);
    store_columns_free(&columns);
    return rc;
}

int sk_store_add_rating(sk_store *store, int64_t puzzle_id, const char *rater,
                        const char *rater_version, const sk_rating *rating, sk_error *err)
{
    if (!rater || !*rater || !rater_version || !*rater_version)
        return sk_error_set(err, SK_EXIT_FAILURE, "a rating needs a rater name and version");
    if (rating->level < 0 || rating->level > 5)
        return sk_error_set(err, SK_EXIT_FAILURE, "rating level %d is not in 0..5", rating->level);
    if (!isfinite(rating->score) || !isfinite(rating->first_step) ||
        !isfinite(rating->first_placement))
        return sk_error_set(err, SK_EXIT_FAILURE, "a rating's scores must be finite numbers (not inf or nan)");
    sqlite3_stmt *stmt = store_stmt(store, STORE_UPSERT_RATING, err);
    if (!stmt)
        return -1;
    sqlite3_bind_int64(stmt, 1, puzzle_id);
    store_bind_text(stmt, 2, rater);
    store_bind_text(stmt, 3, rater_version);
    sqlite3_bind_double(stmt, 4, rating->score);
    sqlite3_bind_int(stmt, 5, rating->score_is_lower_bound != 0);
    sqlite3_bind_double(stmt, 6, rating->first_step);
    sqlite3_bind_double(stmt, 7, rating->first_placement);
    sqlite3_bind_int(stmt, 8, rating->level);
    sqlite3_bind_text(stmt, 9, rating->hardest,
                      (int)strnlen(rating->hardest, sizeof rating->hardest), SQLITE_STATIC);
    sqlite3_bind_int64(stmt, 10, rating->steps);
    int rc = sqlite3_step(stmt);
    sqlite3_reset(stmt);
    if (rc == SQLITE_CONSTRAINT_FOREIGNKEY)
        return sk_error_set(err, SK_EXIT_FAILURE, "cannot rate puzzle %lld: there is no such puzzle",
                          (long long)puzzle_id);
    if (rc != SQLITE_DONE)
        return store_fail_db(store, err, "cannot add a rating");
    return 0;
}

int sk_store_add_bench_run(sk_store *store, const sk_bench_record *rec, int64_t *id_out, sk_error *err)
{
    if (!rec->solver || !rec->dataset_fingerprint || !rec->dataset_name)
        return sk_error_set(err, SK_EXIT_FAILURE, "a benchmark run needs a solver, a data set name and fingerprint");
    sqlite3_stmt *stmt = store_stmt(store, STORE_INSERT_BENCH, err);
    if (!stmt)
        return -1;
    store_bind_text(stmt, 1, rec->solver);
    store_bind_text(stmt, 2, rec->solver_options);
    store_bind_text(stmt, 3, rec->dataset_fingerprint);
    store_bind_text(stmt, 4, rec->dataset_name);
    sqlite3_bind_int64(stmt, 5, rec->puzzles);
    sqlite3_bind_double(stmt, 6, rec->seconds);
    sqlite3_bind_int64(stmt, 7, rec->guesses);
    sqlite3_bind_int(stmt, 8, rec->count_limit);
    if (rec->jobs > 0)
        sqlite3_bind_int(stmt, 9, rec->jobs);
    store_bind_text(stmt, 10, rec->sudokit_version);
    store_bind_text(stmt, 11, rec->cpu_model);
    if (rec->cpu_seconds > 0)
        sqlite3_bind_double(stmt, 12, rec->cpu_seconds);
    if (rec->time_limit > 0)
        sqlite3_bind_double(stmt, 13, rec->time_limit);
    int rc = sqlite3_step(stmt);
    sqlite3_reset(stmt);
    if (rc != SQLITE_DONE)
        return store_fail_db(store, err, "cannot add a benchmark run");
    if (id_out)
        *id_out = sqlite3_last_insert_rowid(store->db);
    return 0;
}
