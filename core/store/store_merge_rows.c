/* The puzzle database's merge: the rows of the database to merge as read,
 * and what is wrong with one (store_merge_rows.h). */
#include "store_merge_rows.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "store_internal.h"
#include "sudokit/play.h"

const char merge_puzzle_read_sql[] =
    "SELECT id, givens, canonical, solution, clues, symmetry, minimal, strategy, options, seed,"
    " source, created, rules FROM merge_in.puzzles WHERE id >= ?1 AND id <= ?2 ORDER BY id";
const char merge_rating_read_sql[] =
    "SELECT id, puzzle_id, rater, rater_version, score, score_is_lower_bound, first_step,"
    " first_placement, level, hardest, steps, created FROM merge_in.ratings"
    " WHERE puzzle_id >= ?1 AND puzzle_id <= ?2 AND typeof(puzzle_id) = 'integer' ORDER BY id";
const char merge_game_read_sql[] =
    "SELECT id, puzzle_id, cells, marks, history, elapsed_ms, hints, status, created, updated"
    " FROM merge_in.games"
    " WHERE puzzle_id >= ?1 AND puzzle_id <= ?2 AND typeof(puzzle_id) = 'integer' ORDER BY id";
const char merge_bench_read_sql[] =
    "SELECT id, solver, solver_options, dataset_fingerprint, dataset_name, puzzles, seconds,"
    " guesses, count_limit, created, jobs, sudokit_version, cpu_model, cpu_seconds, time_limit"
    " FROM merge_in.bench_runs ORDER BY id";

const char *merge_text(sqlite3_stmt *row, int col)
{
    if (sqlite3_column_type(row, col) != SQLITE_TEXT)
        return NULL;
    const char *text = (const char *)sqlite3_column_text(row, col);
    return text && strlen(text) == (size_t)sqlite3_column_bytes(row, col) ? text : NULL;
}

static bool merge_is_text_or_null(sqlite3_stmt *row, int col)
{
    return sqlite3_column_type(row, col) == SQLITE_NULL || merge_text(row, col);
}

static bool merge_is_name(sqlite3_stmt *row, int col)
{
    const char *text = merge_text(row, col);
    return text && *text;
}

/* An integer (not a number of another type) in lo..hi. */
static bool merge_is_int(sqlite3_stmt *row, int col, int64_t lo, int64_t hi)
{
    if (sqlite3_column_type(row, col) != SQLITE_INTEGER)
        return false;
    int64_t v = sqlite3_column_int64(row, col);
    return v >= lo && v <= hi;
}

/* A finite number at least lo. */
static bool merge_is_number(sqlite3_stmt *row, int col, double lo)
{
    int type = sqlite3_column_type(row, col);
    if (type != SQLITE_INTEGER && type != SQLITE_FLOAT)
        return false;
    double v = sqlite3_column_double(row, col);
    return isfinite(v) && v >= lo;
}

/* Read an 81-character grid; NULL, or what is wrong with it, after what
 * ("its givens are"). */
static const char *merge_grid(sqlite3_stmt *row, int col, sk_grid *out, const char *what,
                              char *why, size_t len)
{
    const char *text = merge_text(row, col);
    size_t at = 0;
    if (!text) {
        snprintf(why, len, "%s not text", what);
        return why;
    }
    if (sk_grid_parse_line(out, text, strlen(text), &at) != 0) {
        if (at < 81 && at < strlen(text))
            snprintf(why, len, "%s not a grid (character %zu is not a digit or '.')", what,
                     at + 1);
        else
            snprintf(why, len, "%s not a grid (%zu characters, not 81)", what, strlen(text));
        return why;
    }
    return NULL;
}

/* The givens: a grid that follows the rules, with the clue count and
 * symmetry the row claims. */
static const char *merge_givens(sqlite3_stmt *row, merge_puzzle *out, char *why, size_t len)
{
    sk_conflict conflict;
    char conflict_text[96];
    if (merge_grid(row, MP_GIVENS, &out->givens, "its givens are", why, len))
        return why;
    if (!sk_grid_check(&out->givens, &conflict)) {
        sk_conflict_describe(&conflict, conflict_text, sizeof conflict_text);
        snprintf(why, len, "its givens break the rules (%s)", conflict_text);
        return why;
    }
    sk_grid_format_line(&out->givens, out->line, true);
    out->line[81] = '\0';
    out->clues = sk_grid_clues(&out->givens);
    out->symmetry = sk_grid_symmetry_names[sk_store_symmetry_of(&out->givens)];
    if (!merge_is_int(row, MP_CLUES, out->clues, out->clues)) {
        snprintf(why, len, "its clue count is not the %d of its givens", out->clues);
        return why;
    }
    const char *symmetry = merge_text(row, MP_SYMMETRY);
    if (!symmetry || strcmp(symmetry, out->symmetry) != 0) {
        snprintf(why, len, "its symmetry is not the %s of its givens", out->symmetry);
        return why;
    }
    return NULL;
}

const char *merge_provenance_problem(sqlite3_stmt *row)
{
    if (sqlite3_column_type(row, MP_MINIMAL) != SQLITE_NULL && !merge_is_int(row, MP_MINIMAL, 0, 1))
        return "its minimal flag is not 0, 1 or NULL";
    if (!merge_is_text_or_null(row, MP_STRATEGY) || !merge_is_text_or_null(row, MP_OPTIONS) ||
        !merge_is_text_or_null(row, MP_SOURCE))
        return "its strategy, options or source is not text";
    if (sqlite3_column_type(row, MP_SEED) != SQLITE_NULL &&
        sqlite3_column_type(row, MP_SEED) != SQLITE_INTEGER)
        return "its seed is not an integer";
    if (!merge_text(row, MP_CREATED))
        return "its creation time is not text";
    return NULL;
}

const char *merge_puzzle_problem(sqlite3_stmt *row, merge_puzzle *out, char *why, size_t len)
{
    if (merge_givens(row, out, why, len))
        return why;
    const char *canonical = merge_text(row, MP_CANONICAL);
    if (!canonical || strlen(canonical) != 81)
        return "its canonical form is not the one of its givens";
    out->solution[0] = '\0';
    if (sqlite3_column_type(row, MP_SOLUTION) != SQLITE_NULL) {
        sk_grid solution;
        if (merge_grid(row, MP_SOLUTION, &solution, "its solution is", why, len))
            return why;
        if (!sk_grid_solves(&out->givens, &solution))
            return "its solution does not solve its givens";
        sk_grid_format_line(&solution, out->solution, true);
        out->solution[81] = '\0';
    }
    return merge_provenance_problem(row);
}

/* A finite number, or NULL. */
static bool merge_is_number_or_null(sqlite3_stmt *row, int col)
{
    return sqlite3_column_type(row, col) == SQLITE_NULL || merge_is_number(row, col, -HUGE_VAL);
}

/* A number of at least 0, or NULL. */
static bool merge_is_positive_or_null(sqlite3_stmt *row, int col)
{
    return sqlite3_column_type(row, col) == SQLITE_NULL || merge_is_number(row, col, 0);
}

const char *merge_rating_problem(sqlite3_stmt *row)
{
    if (!merge_is_name(row, MR_RATER) || !merge_is_name(row, MR_VERSION))
        return "its rater or rater version is not a name";
    if (!merge_is_number(row, MR_SCORE, -HUGE_VAL) ||
        !merge_is_number_or_null(row, MR_FIRST_STEP) ||
        !merge_is_number_or_null(row, MR_FIRST_PLACEMENT))
        return "a score is not a finite number";
    if (!merge_is_int(row, MR_LOWER_BOUND, 0, 1))
        return "its lower-bound flag is not 0 or 1";
    if (!merge_is_int(row, MR_LEVEL, 0, 5))
        return "its level is not in 0..5";
    if (!merge_text(row, MR_HARDEST) || !merge_text(row, MR_CREATED))
        return "its hardest technique or creation time is not text";
    if (!merge_is_int(row, MR_STEPS, 0, UINT32_MAX))
        return "its step count is not a count";
    return NULL;
}

const char *merge_game_problem(sqlite3_stmt *row)
{
    sk_play_status status;
    const char *cells = merge_text(row, MG_CELLS);
    if (!cells || strlen(cells) != 81)
        return "its cells are not 81 characters";
    if (!merge_text(row, MG_MARKS) || !merge_text(row, MG_HISTORY))
        return "its marks or history is not text";
    if (!merge_is_int(row, MG_ELAPSED, 0, INT64_MAX) || !merge_is_int(row, MG_HINTS, 0, INT_MAX))
        return "its time or hint count is not a count";
    const char *name = merge_text(row, MG_STATUS);
    if (!name || sk_play_status_parse(name, &status) != 0)
        return "its status is not playing, solved or abandoned";
    if (!merge_text(row, MG_CREATED) || !merge_text(row, MG_UPDATED))
        return "its start or save time is not text";
    return NULL;
}

const char *merge_bench_problem(sqlite3_stmt *row)
{
    if (!merge_is_name(row, MB_SOLVER) || !merge_is_name(row, MB_FINGERPRINT) ||
        !merge_text(row, MB_DATASET))
        return "its solver, data set fingerprint or data set name is not a name";
    if (!merge_is_int(row, MB_PUZZLES, 0, INT64_MAX) || !merge_is_int(row, MB_GUESSES, 0, INT64_MAX) ||
        !merge_is_int(row, MB_COUNT_LIMIT, 1, INT_MAX) || !merge_is_number(row, MB_SECONDS, 0))
        return "its puzzles, guesses, count limit or seconds is not a count";
    if (sqlite3_column_type(row, MB_JOBS) != SQLITE_NULL && !merge_is_int(row, MB_JOBS, 1, INT_MAX))
        return "its jobs is not a count of at least 1";
    if (!merge_is_text_or_null(row, MB_OPTIONS) || !merge_is_text_or_null(row, MB_VERSION) ||
        !merge_is_text_or_null(row, MB_CPU) || !merge_text(row, MB_CREATED))
        return "its options, version, CPU model or creation time is not text";
    if (!merge_is_positive_or_null(row, MB_CPU_SECONDS) ||
        !merge_is_positive_or_null(row, MB_TIME_LIMIT))
        return "its CPU seconds or time limit is not a number of seconds";
    return NULL;
}
