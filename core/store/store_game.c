/* The puzzle database: saved games (the games table). */
#include "store_internal.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Check the fields of a game before writing them. */
static int store_game_check(const sk_game_record *rec, sk_error *err)
{
    if (strnlen(rec->cells, sizeof rec->cells) != 81)
        return sk_error_set(err, SK_EXIT_FAILURE, "a saved game needs 81 cells, not %zu",
                          strnlen(rec->cells, sizeof rec->cells));
    for (int i = 0; i < 81; i++) {
        char ch = rec->cells[i];
        if (ch != '.' && (ch < '0' || ch > '9'))
            return sk_error_set(err, SK_EXIT_FAILURE, "a saved game's cell %d holds '%c' (expected '.' or a digit)", i + 1,
                              ch);
    }
    if (rec->status < SK_PLAY_PLAYING || rec->status > SK_PLAY_ABANDONED)
        return sk_error_set(err, SK_EXIT_FAILURE, "a saved game has an unknown status %d", (int)rec->status);
    if (rec->elapsed_ms < 0 || rec->hints < 0)
        return sk_error_set(err, SK_EXIT_FAILURE, "a saved game's time and hints cannot be negative");
    return 0;
}

int sk_store_game_save(sk_store *store, sk_game_record *rec, sk_error *err)
{
    if (store_game_check(rec, err) != 0)
        return -1;
    bool insert = rec->id == 0;
    sqlite3_stmt *stmt =
        store_stmt(store, insert ? STORE_INSERT_GAME : STORE_UPDATE_GAME, err);
    if (!stmt)
        return -1;
    sqlite3_bind_int64(stmt, 1, rec->puzzle_id);
    sqlite3_bind_text(stmt, 2, rec->cells, 81, SQLITE_STATIC);
    store_bind_text(stmt, 3, rec->marks ? rec->marks : "");
    store_bind_text(stmt, 4, rec->history ? rec->history : "");
    sqlite3_bind_int64(stmt, 5, rec->elapsed_ms);
    sqlite3_bind_int(stmt, 6, rec->hints);
    store_bind_text(stmt, 7, sk_play_status_name(rec->status));
    if (!insert)
        sqlite3_bind_int64(stmt, 8, rec->id);
    int rc = sqlite3_step(stmt);
    sqlite3_reset(stmt);
    if (rc == SQLITE_CONSTRAINT_FOREIGNKEY)
        return sk_error_set(err, SK_EXIT_FAILURE, "cannot save a game of puzzle %lld: there is no such puzzle",
                          (long long)rec->puzzle_id);
    if (rc != SQLITE_DONE)
        return store_fail_db(store, err, "cannot save the game");
    if (insert)
        rec->id = sqlite3_last_insert_rowid(store->db);
    else if (sqlite3_changes(store->db) == 0)
        return sk_error_set(err, SK_EXIT_FAILURE, "cannot save game %lld: there is no such game",
                          (long long)rec->id);
    return 0;
}

/* Fill rec from a row of (id, puzzle_id, cells, marks, history, elapsed_ms,
 * hints, status, created, updated); marks and history point into the row. */
static void store_game_from_row(sqlite3_stmt *stmt, sk_game_record *rec)
{
    rec->id = sqlite3_column_int64(stmt, 0);
    rec->puzzle_id = sqlite3_column_int64(stmt, 1);
    store_column_copy(stmt, 2, rec->cells, sizeof rec->cells);
    rec->marks = (char *)sqlite3_column_text(stmt, 3);
    rec->history = (char *)sqlite3_column_text(stmt, 4);
    rec->elapsed_ms = sqlite3_column_int64(stmt, 5);
    rec->hints = sqlite3_column_int(stmt, 6);
    const char *status = (const char *)sqlite3_column_text(stmt, 7);
    if (!status || sk_play_status_parse(status, &rec->status) != 0)
        rec->status = SK_PLAY_PLAYING;
    store_column_copy(stmt, 8, rec->created, sizeof rec->created);
    store_column_copy(stmt, 9, rec->updated, sizeof rec->updated);
}

int sk_store_game_load(sk_store *store, int64_t id, sk_game_record *out, sk_error *err)
{
    sqlite3_stmt *stmt = store_stmt(store, STORE_LOAD_GAME, err);
    int result = -1;
    if (!stmt)
        return -1;
    sqlite3_bind_int64(stmt, 1, id);
    int rc = sqlite3_step(stmt);
    if (rc == SQLITE_DONE) {
        sk_error_set(err, SK_EXIT_FAILURE, "there is no saved game %lld in %s", (long long)id, store->path);
        goto done;
    }
    if (rc != SQLITE_ROW) {
        store_fail_db(store, err, "cannot load the game");
        goto done;
    }
    /* A row written by hand may hold what no save writes; the engine
     * would take it, or a truncated copy, for real. */
    int64_t elapsed = sqlite3_column_int64(stmt, 5), hints = sqlite3_column_int64(stmt, 6);
    if (elapsed < 0 || hints < 0 || hints > INT_MAX) {
        sk_error_set(err, SK_EXIT_FAILURE, "saved game %lld is damaged: time %lld ms and hint count %lld must be 0 "
                   "or more (hints at most %d); correct its row in the games table of %s",
                   (long long)id, (long long)elapsed, (long long)hints, INT_MAX, store->path);
        goto done;
    }
    sk_game_record row;
    store_game_from_row(stmt, &row);
    char *marks = strdup(row.marks ? row.marks : "");
    char *history = strdup(row.history ? row.history : "");
    if (!marks || !history) {
        free(marks);
        free(history);
        sk_error_set(err, SK_EXIT_FAILURE, "out of memory loading game %lld", (long long)id);
        goto done;
    }
    *out = row;
    out->marks = marks;
    out->history = history;
    result = 0;
done:
    sqlite3_reset(stmt);
    return result;
}

void sk_game_record_clear(sk_game_record *rec)
{
    free(rec->marks);
    free(rec->history);
    rec->marks = NULL;
    rec->history = NULL;
}

int sk_store_game_list(sk_store *store, sk_game_fn fn, void *user, sk_error *err)
{
    sqlite3_stmt *stmt = NULL;
    int result = -1, rc;
    if (sqlite3_prepare_v2(store->db,
                           "SELECT id, puzzle_id, cells, marks, history, elapsed_ms,"
                           " hints, status, created, updated FROM games"
                           " ORDER BY updated DESC, id DESC",
                           -1, &stmt, NULL) != SQLITE_OK)
        return store_fail_db(store, err, "cannot list games");
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        sk_game_record rec;
        store_game_from_row(stmt, &rec);
        int stop = fn(user, &rec);
        if (stop) {
            result = stop;
            goto done;
        }
    }
    if (rc != SQLITE_DONE) {
        store_fail_db(store, err, "cannot list games");
        goto done;
    }
    result = 0;
done:
    sqlite3_finalize(stmt);
    return result;
}
