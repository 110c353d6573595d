/* Private to the store files: the connection and its kept statements. */
#ifndef SUDOKIT_STORE_INTERNAL_H
#define SUDOKIT_STORE_INTERNAL_H

#include <sqlite3.h>
#include <stdbool.h>
#include <stddef.h>

#include "sudokit/names.h"
#include "sudokit/store.h"

/* Statements prepared once per connection and reset after each use. */
typedef enum store_stmt_id {
    STORE_INSERT_PUZZLE,
    STORE_FIND_CANONICAL,
    STORE_FILL_SOLUTION,
    STORE_UPSERT_RATING,
    STORE_INSERT_GAME,
    STORE_UPDATE_GAME,
    STORE_LOAD_GAME,
    STORE_INSERT_BENCH,
    STORE_STMT_COUNT
} store_stmt_id;

struct sk_store {
    sqlite3 *db;
    char *path;
    bool in_transaction;
    bool read_only; /* opened by sk_store_open_read on a file it cannot write */
    sk_store_stop_fn stop; /* the stop check, or NULL (sk_store_set_stop) */
    void *stop_user;
    unsigned stop_ticks; /* stop checks since a stop request (store_guard.c) */
    sk_host *rules_host;   /* compiles stored rules specs (sk_store_set_rules_host) */
    sqlite3_stmt *stmts[STORE_STMT_COUNT];
};

/* The columns the store computes for a puzzle it adds. */
typedef struct store_puzzle_columns {
    const char *rules; /* the normalised spec, "" classic */
    const sk_rules *image_rules; /* the rules of rules, a reference (or NULL) */
    int cells;         /* characters of each grid text */
    char givens[SK_MAX_CELLS + 1], canonical[SK_MAX_CELLS + 1], solution[SK_MAX_CELLS + 1];
    bool has_solution;
    int clues;
    sk_symmetry symmetry;
} store_puzzle_columns;

/* The columns of rec, a puzzle under rules other than classic
 * (store_rules.c): its givens must follow the rules and its solution, when
 * given, solve them. The columns are those of the least image of the
 * puzzle and its rules (sk_rules_least_image, compiled with the store's
 * rules host), so that every turned image of it has the same key. 0, or
 * -1 with why in err. Release the columns with store_columns_free. */
int store_rules_columns(sk_store *store, const sk_puzzle_record *rec, store_puzzle_columns *out,
                        sk_error *err);

/* Release what columns hold (nothing for a classic puzzle). */
void store_columns_free(store_puzzle_columns *columns);

/* A puzzle row as stored, its text columns NULL when SQL NULL. */
typedef struct store_stored_row {
    const char *rules; /* not "" here: a puzzle under other rules */
    const char *givens, *canonical, *solution, *symmetry;
    int clues;
} store_stored_row;

/* The columns the store writes for a stored row under rules other than
 * classic (its rules compiled with the store's rules host, its givens and
 * solution checked): those of its least image. 0, or -1 with why; release the columns with store_columns_free. */
int store_rules_row_columns(sk_store *store, const store_stored_row *row,
                            store_puzzle_columns *out, sk_error *why);

/* Check a stored row under rules other than classic against what the
 * store would write for its givens (compiling its rules with the store's
 * rules host): 0, or -1 with the first problem in why. */
int store_rules_check_row(sk_store *store, const store_stored_row *row, sk_error *why);

/* The symmetry of the pattern of givens of an n x n grid of cells, as
 * sk_store_symmetry_of says it. */
sk_symmetry store_cells_symmetry(const uint8_t *cells, int n);

/* The migrations embedded from db/ (generated store_migrations_data.c). */
extern const char *const ski_store_migrations[];
extern const size_t ski_store_migration_count;

/* The second half of sk_store_open, for a connection opened elsewhere
 * (an in-memory database, say): takes ownership of db (closed on failure
 * too), names the store name in messages, sets up the connection and
 * brings the schema up to date. Returns 0 with the store in *out, or -1
 * with a message in err and *out NULL. */
int store_open_connection(sqlite3 *db, const char *name, sk_store **out, sk_error *err);

/* store_open_connection for a connection opened read-only: the schema is
 * checked, not brought up to date (an older one is refused, err saying
 * why the file cannot be written: why_read_only). */
int store_open_reader(sqlite3 *db, const char *name, const char *why_read_only, sk_store **out,
                      sk_error *err);

/* path, or the default path when path is NULL (its directories created
 * when make_parents and the path is not $SUDOKIT_DB), into buf (len
 * bytes). Returns buf, or NULL with err. */
const char *store_resolve_path(const char *path, char *buf, size_t len, bool make_parents,
                               sk_error *err);

/* Whether the process can write the database at path (an existing file
 * and its folder, where SQLite keeps its journal; or the folder it would
 * be created in). Returns true, or false with why: "the file
 * is read-only", "its folder DIR cannot be written". */
bool store_writable(const char *path, char *why, size_t len);

/* Guard the store's new connection against a hostile file: defensive
 * mode, a schema not trusted (its functions must be innocuous), views and
 * triggers of the file's schemas never run. 0, or -1 with a message. */
int store_guard(sk_store *store, sk_error *err);

/* Check that the schema objects (tables, indexes, views, triggers) of
 * schema ("main", or the name of an attached database) are exactly those
 * migrations 1..version make (the query planner's statistics tables
 * allowed): compared by type, name, table and SQL text with an in-memory
 * database the migrations are applied to. 0, or -1 with a message naming
 * file, the first object that differs and what to do. */
int store_schema_check(sk_store *store, const char *schema, int version, const char *file,
                       sk_error *err);

/* Copy text into out fit for a message: control characters
 * as '?', cut with "..." when it does not fit. */
void store_printable(const char *text, char *out, size_t len);

/* Write a formatted message into buf (when len > 0); returns -1. */
int store_fail(char *buf, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Write "what: <SQLite's message>" into err, and for a damaged file
 * what to do about it; returns -1. */
int store_fail_db(sk_store *store, sk_error *err, const char *what);

/* The kept statement id, prepared on first use, reset and with its
 * bindings cleared; NULL with a message on failure. */
sqlite3_stmt *store_stmt(sk_store *store, store_stmt_id id, sk_error *err);

/* Bind text, or NULL when text is NULL; the text must outlive the step. */
int store_bind_text(sqlite3_stmt *stmt, int index, const char *text);

/* Run SQL without results (several statements allowed). */
int store_exec(sk_store *store, const char *sql, sk_error *err, const char *what);

/* Copy a column's text (NULL as "") into buf of len bytes. */
void store_column_copy(sqlite3_stmt *stmt, int col, char *buf, size_t len);

#endif /* SUDOKIT_STORE_INTERNAL_H */
