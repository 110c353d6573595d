/* The puzzle database: puzzles, ratings, saved games and benchmark runs in
 * SQLite. */
#ifndef SUDOKIT_STORE_H
#define SUDOKIT_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sudokit/error.h"
#include "sudokit/host.h"
#include "sudokit/play.h"
#include "sudokit/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * One sk_store is one connection to one database file. Use a store from
 * one thread at a time; several processes may use one file at once (WAL
 * journal, busy timeout). The schema is in db/ (docs/database.md).
 *
 * Every function returning int returns 0 on success and -1 on failure with
 * the failure in err (sudokit/error.h; err may be NULL). Strings passed in
 * are copied or only read during the call unless said otherwise.
 */
typedef struct sk_store sk_store;

/* ------------------------------------------------------------- opening -- */

/* Schema version of this build: the number of migrations in db/. */
int sk_store_schema_version(void);

/* The default database path into buf: $SUDOKIT_DB when set and not empty,
 * else $XDG_DATA_HOME/sudokit/sudokit.db when XDG_DATA_HOME is an absolute
 * path, else $HOME/.local/share/sudokit/sudokit.db. Returns 0, or -1 when
 * no path can be made (no HOME) or it does not fit in len bytes. */
int sk_store_default_path(char *buf, size_t len);

/* Open (creating it when missing) the database at path, or at the default
 * path when path is NULL, creating the default path's directories. Sets up
 * the connection (foreign keys, WAL, busy timeout; defensive, the file's
 * schema untrusted, its views and triggers never run) and brings the schema
 * up to date, each migration in its own transaction. Fails with a clear
 * message, before anything is written, for a file that is not an SQLite
 * database, a damaged one, one whose schema is newer than this build, or
 * one whose schema objects are not exactly those of the migrations (the
 * query planner's statistics aside). Nothing interrupts its statements
 * until a stop check is set (sk_store_set_stop). On success *out is the
 * store; close it with sk_store_close. */
int sk_store_open(const char *path, sk_store **out, sk_error *err);

/* Open the database at path (NULL: the default path) for a caller that
 * only reads it: as sk_store_open when the process can write it or it does
 * not exist yet; else read-only (a file of mode 0444, a folder the user
 * cannot write: then without a journal, as an immutable file), with the
 * same checks, an older schema refused since it cannot be brought up to
 * date. A write through a read-only store fails. Returns 0 with the store
 * in *out, or -1 with a message in err. */
int sk_store_open_read(const char *path, sk_store **out, sk_error *err);

/* Close the store (rolling back an open transaction). NULL is ignored. */
void sk_store_close(sk_store *store);

/* Path of the open database; owned by the store. */
const char *sk_store_path(const sk_store *store);

/* A stop check: nonzero asks the store's statements to end. */
typedef int (*sk_store_stop_fn)(void *user);

/* Let stopped(user) interrupt the store's statements (an operation's
 * context sets its stop request, sk_ctx_stop in ops.h): SQLite calls it
 * every 1000 steps of a statement, on the thread running it. After it
 * first answers nonzero, statements go on for some 100 000 more steps (a
 * save or a commit as the run winds down), then each one fails as
 * interrupted while it still answers nonzero. stopped NULL (the default)
 * lets nothing interrupt them. The check it replaces goes to *previous and
 * *previous_user when they are not NULL, for a caller that lends the
 * store for a while and puts the lender's back. */
void sk_store_set_stop(sk_store *store, sk_store_stop_fn stopped, void *user,
                       sk_store_stop_fn *previous, void **previous_user);

/* Lend the store host, whose constraint plugins compile the rules of the
 * stored puzzles under other rules than classic where the store reads
 * them itself (sk_store_check, sk_store_merge) and the turned images of
 * the rules of a puzzle it adds (its key: sk_rules_least_image). Without
 * one (the default) a stored puzzle under such rules is named as one that
 * could not be checked or merged, and a puzzle whose rules a map of the
 * square changes (cages, jigsaw regions, dots, lines) cannot be added.
 * host must outlive the store or be replaced first (NULL takes it back). */
void sk_store_set_rules_host(sk_store *store, sk_host *host);

/* -------------------------------------------------------- transactions -- */

/* Start a write transaction (BEGIN IMMEDIATE: waits up to the busy timeout
 * for another writer). Transactions do not nest: beginning while one is
 * open is an error. Without an explicit transaction each write commits on
 * its own, which is slow for bulk work. */
int sk_store_begin(sk_store *store, sk_error *err);

/* Commit the open transaction; an error when none is open. */
int sk_store_commit(sk_store *store, sk_error *err);

/* Roll back the open transaction; an error when none is open. */
int sk_store_rollback(sk_store *store, sk_error *err);

/* True while a transaction begun with sk_store_begin is open. */
bool sk_store_in_transaction(const sk_store *store);

/* ------------------------------------------------------------- puzzles -- */

/* A puzzle to store. Unknown optional fields are NULL, -1 or false. */
typedef struct sk_puzzle_record {
    sk_grid givens;          /* must follow the rules (no repeated digit) */
    const sk_grid *solution; /* NULL when unknown; must solve givens */
    int minimal;             /* 1 minimal, 0 not, -1 unknown */
    const char *strategy;    /* generator that made it, NULL if unknown */
    const char *options;     /* its options string */
    bool has_seed;
    uint64_t seed;      /* stored as the same 64 bits, signed */
    const char *source; /* file it was imported from */
    /* A puzzle under other rules than classic (sudokit/rules.h): rules
     * set, its givens and solution (NULL when unknown) in the boards, N*N
     * cells each; givens and solution above are then not read. rules NULL
     * (or the classic value, its grids then in the boards): classic. */
    const sk_rules *rules;
    const sk_board *givens_board;
    const sk_board *solution_board;
} sk_puzzle_record;

/* Zero rec: no solution, minimal unknown, no provenance. */
void sk_puzzle_record_init(sk_puzzle_record *rec);

/* Store a puzzle. The store computes its canonical form, clue count and
 * clue symmetry; a puzzle under other rules than classic is stored as the
 * least image of it and its rules turned together (sk_rules_least_image:
 * the turned rules' normalised spec, givens and solution, and the
 * canonical form under them), so that every rotation or reflection of a
 * killer or jigsaw puzzle is the same puzzle (the store's rules host
 * compiles the turned rules). When a
 * puzzle with the same rules and canonical form (the same puzzle, or an
 * image of it under the rules' symmetry) is stored already, nothing is
 * written but a solution the stored row lacks (rec's, carried onto the
 * stored givens; under other rules, only onto the same givens),
 * *duplicate_out is set to true and *id_out is the existing row's id; this
 * is not an error. Otherwise the row is added, *duplicate_out is false and
 * *id_out the new id. id_out and duplicate_out may be NULL. Fails for givens
 * that break the rules or a solution that does not solve them. */
int sk_store_add_puzzle(sk_store *store, const sk_puzzle_record *rec, int64_t *id_out,
                        bool *duplicate_out, sk_error *err);

/* Store the rating of puzzle_id by rater at rater_version (both non-empty),
 * replacing an earlier rating by the same rater and version. Fails when no
 * puzzle has that id. */
int sk_store_add_rating(sk_store *store, int64_t puzzle_id, const char *rater,
                        const char *rater_version, const sk_rating *rating, sk_error *err);

/* ------------------------------------------------------------- queries -- */

/* Sort orders of sk_store_query. */
typedef enum sk_query_sort {
    SK_SORT_ID = 0,    /* insertion order */
    SK_SORT_CLUES = 1, /* clue count, then id */
    SK_SORT_SCORE = 2, /* the query rater's score, then id (needs a rater) */
    SK_SORT_RANDOM = 3
} sk_query_sort;

/* Filters of sk_store_query; start from sk_query_init, which sets every
 * filter to "any". All strings are compared exactly and bound as
 * parameters. Rating filters (score, level, hardest) need rater. */
typedef struct sk_query {
    int64_t id;                /* one puzzle; 0 = any */
    int clues_min;             /* -1 = no bound */
    int clues_max;             /* -1 = no bound */
    const char *rater;         /* NULL: no rating filter or rating column */
    const char *rater_version; /* NULL: the newest version of rater stored */
    bool rated_only;           /* with rater: skip puzzles it has not rated */
    bool has_score_min, has_score_max;
    double score_min, score_max;
    int level_min, level_max; /* 0 = no bound */
    const char *hardest;      /* hardest technique, exact name */
    const char *symmetry;     /* "none", "rot180", "rot90", "mirror", "diagonal" */
    int minimal;              /* -1 any, 0 not minimal, 1 minimal */
    const char *source;
    int has_game;            /* -1 any, 0 no saved game, 1 a saved game */
    const char *game_status; /* a game with this status exists */
    sk_query_sort sort;
    bool descending;
    bool unplayed_first; /* puzzles without any game first, then sort */
    int64_t limit;       /* 0 = no limit */
    int64_t offset;
    const char *rules;   /* NULL: any; "": classic; else a normalised spec */
} sk_query;

/* Set every filter of q to "any", sort by id, no limit. */
void sk_query_init(sk_query *q);

/* One result row. Every pointer is owned by the store and valid only
 * during the callback. */
typedef struct sk_puzzle_row {
    int64_t id;
    const char *givens;    /* 81 chars (classic), '.' blank */
    const char *canonical; /* as many */
    const char *solution;  /* NULL when unknown */
    int clues;
    const char *symmetry;
    int minimal;          /* 1, 0, -1 unknown */
    const char *strategy; /* NULL when unknown (same for the next three) */
    const char *options;
    const char *source;
    bool has_seed;
    uint64_t seed;
    const char *created; /* ISO 8601 UTC */
    /* The query rater's rating, when the query has a rater and it rated
     * this puzzle (rated is false otherwise and the rest is zero). */
    bool rated;
    const char *rater_version;
    double score;
    bool score_is_lower_bound;
    int level;
    const char *hardest;
    int steps;
    /* Saved games of this puzzle. */
    int games;
    int64_t last_game_id;         /* most recently updated game, 0 when none */
    const char *last_game_status; /* NULL when none */
    /* The normalised rules spec; "" for a classic puzzle. Under other
     * rules, givens, canonical and solution have N*N characters (digits
     * past 9 as letters, sudokit/rules.h). */
    const char *rules;
} sk_puzzle_row;

/* Called once per row; return 0 to go on, anything else to stop (the query
 * then returns that value). */
typedef int (*sk_puzzle_row_fn)(void *user, const sk_puzzle_row *row);

/* Run a query, calling fn for each row in order. Returns 0, -1 with a
 * message (a bad filter, a database error), or the nonzero value fn
 * returned to stop. */
int sk_store_query(sk_store *store, const sk_query *q, sk_puzzle_row_fn fn, void *user, sk_error *err);

/* Called once per line of text (a plan line, a problem). */
typedef void (*sk_line_fn)(void *user, const char *line);

/* Call fn with every distinct hardest technique rater's ratings name, in
 * name order (how a query's technique filter is checked). */
int sk_store_hardest_names(sk_store *store, const char *rater, sk_line_fn fn, void *user,
                           sk_error *err);

/* Call fn with each line of SQLite's EXPLAIN QUERY PLAN for the statement
 * sk_store_query would run for q (to see which index answers it). */
int sk_store_explain(sk_store *store, const sk_query *q, sk_line_fn fn, void *user, sk_error *err);

/* --------------------------------------------------------------- games -- */

/* A saved game: the shape of sk_play_state (play.h) plus its row ids. */
typedef struct sk_game_record {
    int64_t id; /* 0 = not stored yet */
    int64_t puzzle_id;
    char cells[82]; /* 81 chars ('.' or '0' blank, digits) then NUL */
    char *marks;    /* NUL-terminated; NULL is stored as "" */
    char *history;  /* NUL-terminated, any length; NULL stored as "" */
    int64_t elapsed_ms;
    int hints;
    sk_play_status status;
    char created[32]; /* ISO 8601 UTC; set by load and list, not saved */
    char updated[32];
} sk_game_record;

/* Save a game: insert it when rec->id is 0 (rec->id is then set to the new
 * id), else update row rec->id (an error when there is none). marks and
 * history stay the caller's; they are only read. */
int sk_store_game_save(sk_store *store, sk_game_record *rec, sk_error *err);

/* Load game id into out. out->marks and out->history are heap strings the
 * caller owns and frees with sk_game_record_clear. Fails when there is no
 * such game. */
int sk_store_game_load(sk_store *store, int64_t id, sk_game_record *out, sk_error *err);

/* Free out->marks and out->history and set them to NULL; safe to call
 * twice. */
void sk_game_record_clear(sk_game_record *rec);

/* Called once per game; rec and its strings are the store's, valid only
 * during the call. Return 0 to go on, anything else to stop. */
typedef int (*sk_game_fn)(void *user, const sk_game_record *rec);

/* Call fn for every saved game, most recently updated first. Returns 0,
 * -1 with a message, or fn's nonzero value. */
int sk_store_game_list(sk_store *store, sk_game_fn fn, void *user, sk_error *err);

/* ----------------------------------------------------------- benchmark -- */

/* One benchmark run of one solver over one data set. */
typedef struct sk_bench_record {
    const char *solver;              /* strategy name */
    const char *solver_options;      /* NULL when none */
    const char *dataset_fingerprint; /* e.g. a hash of the puzzles */
    const char *dataset_name;        /* e.g. the file name */
    int64_t puzzles;
    double seconds;
    int64_t guesses;
    int count_limit; /* solutions counted up to (1 = solve) */
    int jobs;        /* threads solving at once; 0 when not known */
    const char *sudokit_version; /* NULL when not known */
    const char *cpu_model;       /* the host's CPU, NULL when not known */
    double cpu_seconds; /* CPU time of the solving threads; 0 when not known */
    double time_limit;  /* the --time the run was timed for; 0 when not known */
} sk_bench_record;

/* Record a benchmark run; *id_out (may be NULL) is its id. */
int sk_store_add_bench_run(sk_store *store, const sk_bench_record *rec, int64_t *id_out, sk_error *err);

/* A recorded benchmark run, as listed. */
typedef struct sk_bench_run {
    int64_t id;
    sk_bench_record record;
    const char *created; /* ISO 8601 UTC */
} sk_bench_run;

/* Called once per run; run and its strings are the store's, valid only
 * during the call. Return 0 to go on, anything else to stop. */
typedef int (*sk_bench_run_fn)(void *user, const sk_bench_run *run);

/* Call fn for the recorded benchmark runs, newest first: every run, or
 * only those of solver (when not NULL). Returns 0, -1 with a message, or
 * fn's nonzero value. */
int sk_store_bench_runs(sk_store *store, const char *solver, sk_bench_run_fn fn, void *user,
                        sk_error *err);

/* --------------------------------------------------------------- merge -- */

/* What merging one database into another did; counts only what was
 * committed. */
typedef struct sk_merge_counts {
    int64_t puzzles_added, puzzles_duplicate; /* duplicate: its class was there */
    int64_t ratings_added, ratings_kept;      /* kept: that puzzle, rater and
                                               * version had a rating already */
    int64_t games_added, games_updated, games_kept, games_rejected;
    int64_t bench_added, bench_kept;
    /* Rows of the input left out, each named through the report function:
     * a value of the wrong type or out of range, givens that are not a grid
     * or break the rules, a solution that does not solve them, a canonical
     * form, clue count or symmetry that is not the givens', a rating or game
     * of a puzzle not merged, a game whose state does not read or replay
     * (games_rejected above). */
    int64_t puzzles_rejected, ratings_rejected, bench_rejected;
} sk_merge_counts;

typedef struct sk_merge_options {
    int64_t batch; /* input puzzles (with their ratings and games) a transaction */
    bool check;    /* run sk_store_check on the input first; refuse it on a problem */
    /* Called between batches; nonzero stops the merge there (may be NULL). */
    int (*stop)(void *user);
    /* Told about each row left out, one line naming the input, table, row
     * id and what is wrong (may be NULL). */
    sk_line_fn report;
    /* Told how many input puzzles are done, of total (may be NULL). */
    void (*progress)(void *user, int64_t done, int64_t total);
    void *user;
} sk_merge_options;

/* Add the database at in_path to store (docs/database.md, "Merging"),
 * checking every row before it is taken and leaving out, each named
 * through options->report and counted, a bad one (see sk_merge_counts):
 * its puzzles by canonical form (a puzzle whose class store holds is a
 * duplicate: the stored row is kept as it is), their ratings (one per
 * puzzle, rater and version: a rating store has is kept), their games
 * (remapped onto store's puzzle, keyed by puzzle and start time: a later
 * save replaces an earlier one) and the benchmark runs (a run whose every
 * column store has is kept). In batches of options->batch input puzzles,
 * each one transaction, so that a merge stopped anywhere (even by SIGKILL)
 * leaves store consistent and merging again completes it; merging an
 * input twice adds nothing. The input is opened as sk_store_open opens a
 * database (an older schema is brought up to date) and refused, with its
 * name, when it is missing, is store's own file, or is not a sudokit
 * database this build knows. counts (zeroed first) says what was
 * committed, also on failure. Not inside a transaction of store. */
int sk_store_merge(sk_store *store, const char *in_path, const sk_merge_options *options,
                   sk_merge_counts *counts, sk_error *err);

/* ------------------------------------------------------ check and stats -- */

/* Check the database: SQLite's integrity_check and foreign_key_check, then
 * every puzzle row: givens, clue count, symmetry and solution consistent,
 * canonical form recomputed and equal. Each problem goes to fn, one line
 * each (fn may be
 * NULL); *problems (may be NULL) gets their number. Returns 0 when the
 * check ran (whatever it found), -1 when it could not run. */
int sk_store_check(sk_store *store, sk_line_fn fn, void *user, int64_t *problems, sk_error *err);

/* Counts for `sudokit db stats`. */
typedef struct sk_store_stats {
    int schema_version;
    int64_t puzzles;
    int64_t with_solution;
    int64_t minimal;        /* puzzles known to be minimal */
    int64_t by_clues[SK_MAX_CELLS + 1]; /* puzzles per clue count, 0..625 (any rules) */
    int64_t by_symmetry[5]; /* by sk_symmetry: sk_grid_symmetry_names */
    int64_t ratings;
    int64_t rated_puzzles;
    int64_t games;
    int64_t games_by_status[3]; /* indexed by sk_play_status */
    int64_t bench_runs;
} sk_store_stats;

/* Fill out with the database's counts. */
int sk_store_stats_get(sk_store *store, sk_store_stats *out, sk_error *err);

/* Called once per rater and version with its rating count and score range. */
typedef int (*sk_rater_fn)(void *user, const char *rater, const char *version, int64_t ratings,
                           double score_min, double score_max);

/* Call fn for every (rater, version) with ratings, by name then version. */
int sk_store_raters(sk_store *store, sk_rater_fn fn, void *user, sk_error *err);

/* The symmetry of a grid's givens, as stored: the first of rot90, rot180,
 * mirror (left-right), diagonal (main diagonal) that the pattern of givens
 * has, else SK_SYM_NONE. The value indexes sk_grid_symmetry_names (names.h). */
sk_symmetry sk_store_symmetry_of(const sk_grid *givens);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_STORE_H */
