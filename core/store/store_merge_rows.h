/* Private to the store's merge: reading the rows of the database to merge
 * (attached as merge_in) and what is wrong with one. Nothing of a file to
 * merge is trusted: every column is checked for its type and range, and
 * what the store computes (a puzzle's canonical form, clues, symmetry) is
 * computed again. */
#ifndef SUDOKIT_STORE_MERGE_ROWS_H
#define SUDOKIT_STORE_MERGE_ROWS_H

#include <sqlite3.h>
#include <stdbool.h>
#include <stddef.h>

#include "sudokit/grid.h"

/* The rows of one batch, those of the input puzzles [?1, ?2] (the benchmark
 * runs: all), each read by one statement whose columns are numbered as
 * below. */
extern const char merge_puzzle_read_sql[], merge_rating_read_sql[], merge_game_read_sql[],
    merge_bench_read_sql[];

enum { MP_ID, MP_GIVENS, MP_CANONICAL, MP_SOLUTION, MP_CLUES, MP_SYMMETRY, MP_MINIMAL,
       MP_STRATEGY, MP_OPTIONS, MP_SEED, MP_SOURCE, MP_CREATED, MP_RULES };
enum { MR_ID, MR_PUZZLE, MR_RATER, MR_VERSION, MR_SCORE, MR_LOWER_BOUND, MR_FIRST_STEP,
       MR_FIRST_PLACEMENT, MR_LEVEL, MR_HARDEST, MR_STEPS, MR_CREATED };
enum { MG_ID, MG_PUZZLE, MG_CELLS, MG_MARKS, MG_HISTORY, MG_ELAPSED, MG_HINTS, MG_STATUS,
       MG_CREATED, MG_UPDATED };
enum { MB_ID, MB_SOLVER, MB_OPTIONS, MB_FINGERPRINT, MB_DATASET, MB_PUZZLES, MB_SECONDS,
       MB_GUESSES, MB_COUNT_LIMIT, MB_CREATED, MB_JOBS, MB_VERSION, MB_CPU, MB_CPU_SECONDS,
       MB_TIME_LIMIT };

/* A puzzle row as the store would write it: the givens read, the
 * solution (when there is one) checked, clues and symmetry recomputed. */
typedef struct merge_puzzle {
    sk_grid givens;
    char line[82];     /* the givens, '.' blank */
    char solution[82]; /* "" when the row has none */
    int clues;
    const char *symmetry;
} merge_puzzle;

/* Check the classic puzzle row on row (merge_puzzle_read_sql) but its
 * canonical form, which the caller checks (it needs the store), and fill
 * out. Returns NULL when the row is good, else what is wrong (a constant,
 * or written into why of len bytes). */
const char *merge_puzzle_problem(sqlite3_stmt *row, merge_puzzle *out, char *why, size_t len);

/* The provenance columns of a puzzle row (minimal, strategy, options,
 * seed, source, creation time): NULL when good, else what is wrong. */
const char *merge_provenance_problem(sqlite3_stmt *row);

/* The same for a rating row (merge_rating_read_sql), its puzzle aside. */
const char *merge_rating_problem(sqlite3_stmt *row);

/* The same for the columns of a game row (merge_game_read_sql); its state
 * is checked against its puzzle by the caller. */
const char *merge_game_problem(sqlite3_stmt *row);

/* The same for a benchmark run (merge_bench_read_sql). */
const char *merge_bench_problem(sqlite3_stmt *row);

/* The column's text when it is text without a NUL byte, else NULL. */
const char *merge_text(sqlite3_stmt *row, int col);

#endif /* SUDOKIT_STORE_MERGE_ROWS_H */
