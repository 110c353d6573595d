/* What an operation implements, and the helpers every operation shares:
 * output, progress, cancellation, the ordered parallel pipeline and the
 * store sink. Internal to core/ops. */
#ifndef SUDOKIT_OP_H
#define SUDOKIT_OP_H

#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>

#include "color.h"
#include "sudokit/ops.h"
#include "sudokit/reader.h"
#include "sudokit/store.h"

/* An operation: its public description and its functions. state_size bytes
 * of zeroed state are allocated per request; every key's fallback is set
 * through set before the face's values. */
typedef struct ski_op_def {
    sk_op_info info;
    size_t state_size;
    /* Set what zeroed state does not mean by itself (may be NULL). */
    void (*init)(void *state);
    /* One parsed key value; 0, or -1 with err. */
    int (*set)(sk_op *op, void *state, const sk_key *key, const sk_value *value, sk_error *err);
    /* Checks across keys before the run (may be NULL); 0 or -1 with err. */
    int (*check)(sk_op *op, void *state, sk_error *err);
    /* The work; returns the exit status, with err set unless 0. */
    int (*run)(sk_op *op, void *state, sk_error *err);
    /* Free what state holds (may be NULL). */
    void (*release)(void *state);
} ski_op_def;

struct sk_op {
    const ski_op_def *def;
    sk_ctx *ctx;
    void *state;
    bool has_sink;
    sk_sink sink;
    sk_op_summary summary;
    /* The output: a writer on the context's stream or an atomic file. */
    char *output_path;
    struct ski_atomic_file *output_file;
    FILE *output_stream;
    sk_writer *writer;
    bool output_failed;
    sk_error output_error; /* why the output could not be opened, when a
                            * write found it out (ski_op_stream)       */
    bool output_continues; /* a later shard: sk_writer_continue */
    bool output_in_order;  /* what the output holds is the input's first
                            * puzzles: kept as FILE.partial on a stop  */
    bool resume;           /* the request's own resume key            */
    const char *stop_hint; /* how to go on after a stop, when what it
                            * finished is in the database (may be NULL) */
    char *resume_from;     /* the partial copied into the output first */
    bool quiet; /* the request's own quiet key */
    sk_player_fn player;
    void *player_user;
    sk_server_fn server;
    void *server_user;
};

/* Every operation (one file each in core/ops/). */
extern const ski_op_def ski_op_solve, ski_op_generate, ski_op_rate, ski_op_hint, ski_op_import,
    ski_op_query, ski_op_export, ski_op_bench, ski_op_benchmarks, ski_op_play, ski_op_games,
    ski_op_serve, ski_op_plugins, ski_op_init, ski_op_stats, ski_op_check, ski_op_canon, ski_op_grids,
    ski_op_merge,
    ski_op_print;

/* The keys most operations share, to copy into their tables. output and
 * quiet are handled by op.c for every operation that lists them. */
#define SK_KEY_JOBS(id) \
    {"jobs", 'j', SK_KEY_INT, "N", "1", "worker threads; output is the same for any N", 1, 256, \
     0, 0, NULL, 0, false, id}
#define SK_KEY_OUTPUT(id) \
    {"output", 'o', SK_KEY_TEXT, "FILE", NULL, \
     "write to FILE (replaced only when the run succeeds) instead of stdout", 0, 0, 0, 0, NULL, \
     0, false, id}
#define SK_KEY_RESUME(id) \
    {"resume", 0, SK_KEY_FLAG, NULL, NULL, \
     "go on from FILE.partial, what a stopped run with --output FILE finished: skip the " \
     "puzzles it holds, write it and the rest to FILE", 0, 0, 0, 0, NULL, 0, false, id}
#define SK_KEY_INPUT_FORMAT(id) \
    {"input-format", 0, SK_KEY_CHOICE, "F", "auto", \
     "layout of the input: auto (detected per file) or a layout of `sudokit help layouts`", \
     0, 0, 0, 0, sk_format_names, 0, false, id}
#define SK_KEY_QUIET(id) \
    {"quiet", 'q', SK_KEY_FLAG, NULL, NULL, "no progress line and no summary on stderr", 0, 0, \
     0, 0, NULL, 0, false, id}
#define SK_KEY_INPUTS(id) \
    {"input", 0, SK_KEY_TEXT, "FILE", NULL, "a puzzle file (- for stdin); may be repeated", \
     0, 0, 0, 0, NULL, 0, true, id}
#define SK_KEY_SHARD(id) \
    {"shard", 0, SK_KEY_SHARD, "K/N", "0/1", \
     "do only block K of N of the run (0 <= K < N): the N blocks' outputs, concatenated in " \
     "K order, are the whole run's", 0, 1000000, 0, 0, NULL, 0, false, id}
#define SK_KEY_COLOR(id) \
    {"color", 0, SK_KEY_CHOICE, "WHEN", "auto", \
     "colour: auto (on a terminal, unless NO_COLOR is set), always or never", 0, 0, 0, 0, \
     ski_color_mode_names, 0, false, id}
#define SK_KEY_RULES(id) \
    {"rules", 0, SK_KEY_TEXT, "SPEC", NULL, \
     "the rules of the puzzles, a spec of `sudokit help rules` (6x6, '9x9 x', " \
     "'16x16', '9x9 jigsaw:MAP', ...; default 9x9, the classic)", 0, 0, 0, 0, NULL, 0, false, id}
/* The strategy keys several operations take: each operation gives its own
 * line of help; the rater's default is SK_DEFAULT_RATER, the solver's the
 * fastest loaded. */
#define SK_KEY_SOLVER(id, help) \
    {"solver", 's', SK_KEY_STRATEGY, "NAME", NULL, help, 0, 0, 0, 0, NULL, SK_KIND_SOLVER, \
     false, id}
#define SK_KEY_SOLVER_OPTIONS(id) \
    {"solver-options", 0, SK_KEY_TEXT, "K=V,...", NULL, "options for the solver", 0, 0, 0, 0, \
     NULL, 0, false, id}
#define SK_KEY_RATER(id, help) \
    {"rater", 'r', SK_KEY_STRATEGY, "NAME", SK_DEFAULT_RATER, help, 0, 0, 0, 0, NULL, \
     SK_KIND_RATER, false, id}
#define SK_KEY_RATER_OPTIONS(id) \
    {"rater-options", 0, SK_KEY_TEXT, "K=V,...", NULL, "options for the rater", 0, 0, 0, 0, \
     NULL, 0, false, id}
/* The output layout of an operation that writes records (line by
 * default), with the operation's own help. */
#define SK_KEY_FORMAT(id, help) \
    {"format", 'f', SK_KEY_CHOICE, "F", "line", help, 0, 0, 0, 0, SK_OUTPUT_FORMAT_NAMES, 0, \
     false, id}
/* The seed of a run, with its default (NULL: none) and help. */
#define SK_KEY_SEED(id, fallback, help) \
    {"seed", 0, SK_KEY_SEED, "S", fallback, help, 0, 0, 0, 0, NULL, 0, false, id}
#define SK_KEY_END {NULL, 0, SK_KEY_FLAG, NULL, NULL, NULL, 0, 0, 0, 0, NULL, 0, false, 0}

/* Set err and give status, for `return SK_FAIL(err, 1, "...", ...);`. */
#define SK_FAIL(err, status, ...) (sk_error_set((err), (status), __VA_ARGS__), (status))

/* The output layouts an operation may be asked for, as key choices: every
 * layout of sudokit/format.h but auto. */
#define SK_OUTPUT_FORMAT_NAMES (sk_format_names + 1)

/* The sk_format of a layout name (any case); SK_FORMAT_AUTO when unknown. */
sk_format ski_format_of(const char *name);

/* The request's context. */
sk_ctx *ski_op_ctx(const sk_op *op);

/* True when the context asks for no progress or summaries. */
bool ski_ctx_quiet(const sk_ctx *ctx);

/* True when the request or its context asks for no progress or summaries. */
bool ski_op_quiet(const sk_op *op);

/* True when the program lets bench run each solver in a child process
 * (sk_ctx_config.isolate_bench). */
bool ski_ctx_isolates_bench(const sk_ctx *ctx);

/* The creation context the context lends the instances operations make
 * (sk_ctx_config.strategy_context), or NULL. */
const void *ski_ctx_strategy_context(const sk_ctx *ctx);

/* True when the context lends its own open database to operations. */
bool ski_ctx_lends_store(const sk_ctx *ctx);

/* ------------------------------------------------------------- output -- */

/* Send results to path (NULL or "-": the context's out stream) once the
 * run starts: what the output key of every operation does (op.c gives it
 * the key's value). Returns 0, or -1 when out of memory. */
int ski_op_output_to(sk_op *op, const char *path, sk_error *err);

/* Check, before the work, that path (an output the request names: its
 * output key, a plot) may be written (sk_ctx_check_file: status 2 when the
 * sandbox refuses it) and can be (status 1): 0, or -1 with err saying why.
 * sk_op_run checks the output key's path itself. */
int ski_op_check_output(sk_op *op, const char *path, sk_error *err);

/* The file the output key named, or NULL for the context's out stream. */
const char *ski_op_output_path(const sk_op *op);

/* Open the output for records of layout in format (a file is written
 * beside its target and renamed at the end). Without a sink only. 0, or
 * -1 with err. */
int ski_op_output_open(sk_op *op, sk_format format, const sk_layout *layout, sk_error *err);

/* Mark the output as continuing another run's (a later shard, see
 * ski_shard_continues): before ski_op_output_open. */
void ski_op_output_continues(sk_op *op, bool continues);

/* Emit one record (to the sink, else the writer). Returns 0, or -1 when
 * the output failed (reported once, with errno's reason, in err) or the
 * sink asked to stop. */
int ski_op_emit(sk_op *op, const sk_record *record, sk_error *err);

/* Emit one explained step (sink only; text output writes it itself). */
int ski_op_emit_step(sk_op *op, unsigned number, const sk_step *step);

/* Emit one row of cells (sink only). */
int ski_op_emit_row(sk_op *op, const sk_row_cell *cells, size_t count);

/* The stream text output goes to (the file being written or the
 * context's out); NULL with a sink. */
FILE *ski_op_stream(sk_op *op);

/* Check the stream for a write error; -1 with err when it has one. */
int ski_op_output_check(sk_op *op, sk_error *err);

/* Finish the output: flush, and rename the file over its target when ok,
 * else remove it. Returns 0, or -1 with err when it could not be written. */
int ski_op_output_close(sk_op *op, bool ok, sk_error *err);

/* --------------------------------------------------------------- rows -- */

/* Layouts of rows (bench runs, plugins, games, stats): an aligned table
 * with a header line, csv with a header line, or json (one object a line). */
typedef enum ski_rows_format { SK_ROWS_TABLE, SK_ROWS_CSV, SK_ROWS_JSON } ski_rows_format;

/* Choice names of ski_rows_format: "table", "csv", "json", then NULL. */
extern const char *const ski_rows_format_names[];

/* Emit one row: to the sink when there is one, else written to the output
 * in format (the header before the first row: pass first). Returns 0, or
 * -1 with err when the output failed or the sink stopped. */
int ski_op_emit_cells(sk_op *op, ski_rows_format format, const sk_row_cell *cells, size_t count,
                     bool first, sk_error *err);

/* The host's CPU model ("AMD EPYC 7B13", from /proc/cpuinfo), else its
 * machine name (uname), into buf of len bytes. */
void ski_cpu_model(char *buf, size_t len);

/* ----------------------------------------------------------- messages -- */

/* Where a context's messages go (messages.c): the config's stream, else its
 * on_message callback (one call at a time), else nowhere. */
typedef struct ski_messages {
    FILE *stream;
    sk_message_fn fn;
    void *user;
    pthread_mutex_t lock; /* around fn */
} ski_messages;

void ski_messages_init(ski_messages *m, const sk_ctx_config *config);
void ski_messages_destroy(ski_messages *m);

/* Give one message, text (one line, without its end): on the stream
 * escaped for a terminal, after "sudokit: " when prefixed, as one line
 * whatever thread writes; to the callback as it is. Thread-safe. */
void ski_messages_put(ski_messages *m, bool prefixed, const char *text);

/* ski_messages_put of the formatted text. */
void ski_messages_vprintf(ski_messages *m, bool prefixed, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));

/* A message given as it is, without "sudokit: " (the lines of the rate
 * histogram). */
void ski_ctx_say(sk_ctx *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ------------------------------------------------------- cancellation -- */

/* A context's stop request (cancel.c): set by sk_ctx_stop from any thread
 * or a signal handler and, for a context made with stop_on_signals, by
 * SIGINT, SIGTERM and SIGHUP while one of its runs is on (the handlers are
 * installed for the outermost run and removed when it ends; a second
 * signal goes to the program's handler). Every loop of a run checks it
 * between puzzles (sk_ctx_stopped, ops.h). */
typedef struct ski_stop {
    atomic_int requested; /* a signal, SK_STOP_REQUESTED or 0            */
    atomic_int runs;      /* runs in progress on the context             */
    atomic_uint watched;  /* the signals counted when the outermost began */
    bool on_signals;      /* the context opted in; set once, at creation */
} ski_stop;

/* A run begins and ends on the context: the outermost watches the signals
 * when asked to, and its end forgets the request. */
void ski_stop_begin(ski_stop *stop);
void ski_stop_end(ski_stop *stop);

/* Ask to stop (async-signal-safe): sig, or SK_STOP_REQUESTED when 0. */
void ski_stop_request(ski_stop *stop, int sig);

/* The request: a signal, SK_STOP_REQUESTED, or 0 (any thread). */
int ski_stop_read(const ski_stop *stop);

/* Begin and end a run on ctx (sk_op_run): ski_stop_begin and ski_stop_end
 * on the context's request. */
void ski_ctx_run_begin(sk_ctx *ctx);
void ski_ctx_run_end(sk_ctx *ctx);

/* Whether the request's context was asked to stop (sk_ctx_stopped). */
bool ski_op_stopped(const sk_op *op);

/* -------------------------------------------------------------- bench -- */

/* The share of a CPU each of jobs threads got in a timed run of seconds
 * that used cpu_seconds, in percent (0 when unknown). */
double ski_bench_cpu_percent(double cpu_seconds, double seconds, int jobs);

/* ----------------------------------------------------------- progress -- */

/* A progress line on the messages stream ("rate: 64/375 (17%)  0.7/s
 * ETA 7m12s"): done/total and the ETA from them. Only when that stream is
 * a terminal (at most four updates a second, on one line) or when
 * SUDOKIT_PROGRESS=SECONDS asks for it elsewhere (a line every SECONDS, 0:
 * every update), and the request is not quiet. */
typedef struct ski_progress {
    FILE *stream; /* NULL: off */
    const char *label;
    uint64_t total; /* 0: unknown */
    double start, last, every;
    bool shown, lines;
    char note[128]; /* said after the count (ski_progress_note) */
} ski_progress;

struct ski_sources;

/* Start the line of label over total items (0: unknown). */
void ski_progress_start(ski_progress *p, const sk_op *op, const char *label, uint64_t total);

/* Start the line of label over the puzzles of sources (before their first
 * read): when the line is shown and the inputs are regular files, their
 * records are counted first (a shard knows its block), so the line has
 * its total; stdin and pipes have none. */
void ski_progress_start_sources(ski_progress *p, const sk_op *op, const char *label,
                               const struct ski_sources *sources);

/* done items so far. */
void ski_progress_update(ski_progress *p, uint64_t done);

/* As ski_progress_update, with note (what a long search has done so far)
 * after the count in place of the rate and ETA. */
void ski_progress_note(ski_progress *p, uint64_t done, const char *note);

/* Clear the line (leaving the screen as it was). */
void ski_progress_finish(ski_progress *p);

/* Seconds on the monotonic clock. */
double ski_now(void);

/* ----------------------------------------------------------- pipeline -- */

/* An ordered parallel map: items are read on the calling thread, worked on
 * by jobs threads (each with its own worker state, such as strategy
 * instances), and written on the calling thread in the order they were
 * read. One job is one worker thread: the calling thread reads and writes
 * meanwhile, so that a fast worker waits for neither. jobs must be >= 1. */
typedef struct ski_pipeline {
    int jobs;
    size_t item_size;
    size_t batch; /* items handed to a worker at once */
    void *user;
    /* Read the next item: 1, 0 at the end, -1 to stop (err set). */
    int (*read)(void *user, void *item, sk_error *err);
    /* Make and free one worker's state (one per thread). */
    int (*worker_new)(void *user, void **worker, sk_error *err);
    void (*worker_free)(void *user, void *worker);
    /* Work on one item (on a worker thread). */
    void (*work)(void *user, void *worker, void *item);
    /* Write one item: 0 to go on, nonzero to stop (err set when < 0). */
    int (*write)(void *user, void *item, sk_error *err);
    /* Free what an item holds, on every item buffer at the end (items
     * start zeroed); may be NULL. */
    void (*item_free)(void *user, void *item);
    /* Batches in flight per job, at least 2. Results are written in input
     * order, so a slow batch holds back the ones after it: with more in
     * flight, the other workers go on meanwhile. The calling thread looks
     * for finished batches between naps of up to 0.5 ms, so batches that
     * take less than that need several in flight to keep a worker busy. */
    size_t depth;
    /* The context whose stop request (sk_ctx_stopped) ends the run early;
     * NULL: none. */
    const sk_ctx *ctx;
} ski_pipeline;

/* Run the pipeline until the input ends, write stops it, or the context's
 * stop request cancels it. Returns 0, or -1 with err (a worker could not
 * start, read or write failed); sk_ctx_stopped tells a cancelled run. */
int ski_pipeline_run(const ski_pipeline *p, sk_error *err);

/* --------------------------------------------------------- store sink -- */

/* Puzzles going into the database in batches: one transaction a batch,
 * counted as added or duplicates only once committed. */
typedef struct ski_store_sink {
    sk_ctx *ctx;
    sk_store *store;
    bool joined; /* the store was lent inside the caller's transaction,
                  * which the sink joins instead of making its own */
    size_t batch, in_batch;
    uint64_t added, duplicates;
    uint64_t pending_added, pending_duplicates;
} ski_store_sink;

/* Open the context's database for a sink of batch puzzles a transaction. */
int ski_store_sink_open(ski_store_sink *sink, sk_ctx *ctx, size_t batch, sk_error *err);

/* Add a record's puzzle (with its solution, provenance and rating, when it
 * has them); *id (may be NULL) gets its row. Commits when a batch is full. */
int ski_store_sink_add(ski_store_sink *sink, const sk_record *record, int64_t *id,
                      sk_error *err);

/* Commit what is pending (ok) or roll it back, and close. The counts then
 * say what the database holds from this run. */
int ski_store_sink_close(ski_store_sink *sink, bool ok, sk_error *err);

/* -------------------------------------------------------------- shards -- */

/* Block index of count of a run (--shard K/N); {0, 1} is the whole run. */
typedef struct ski_shard {
    uint64_t index, count;
} ski_shard;

/* The shard a SK_KEY_SHARD value names. */
ski_shard ski_shard_of(const sk_value *value);

/* The items [*first, *end) of a run of total items that shard does: the
 * run cut into count consecutive blocks in order, the first total % count
 * blocks one item longer than the others (so sizes differ by at most one,
 * and no block is empty while total >= count). Generate's items are the
 * puzzle indexes after --index, rate's and solve's the input's puzzles
 * (ski_sources_shard). */
void ski_shard_block(ski_shard shard, uint64_t total, uint64_t *first, uint64_t *end);

/* True when shard is a part of its run after the first: its output
 * continues the earlier blocks' (no csv header; classic and readable
 * records separated from what came before). */
bool ski_shard_continues(ski_shard shard);

/* ------------------------------------------------------------ sources -- */

/* The puzzles of a list of files read one after the other (none: stdin),
 * in one layout or each file's detected one. */
typedef struct ski_sources {
    sk_ctx *ctx;        /* whose access policy each file is checked by */
    char **paths;       /* NULL-terminated; NULL or empty: "-"          */
    size_t next;        /* index of the next file to open              */
    sk_reader *reader;  /* the file being read                         */
    bool reader_failed; /* it ended on a read error: close it next      */
    sk_format format;
    bool check_rules;
    sk_host *rules_host; /* set: puzzles under any rules are read     */
    const char *rules_refusal; /* set: records under rules are refused, why */
    const sk_rules *rules; /* of the records before a "#rules" line (borrowed;
                            * NULL: classic)                             */
    size_t files, file_index;
    uint64_t file_good, file_bad; /* records of the open file read, refused */
    /* A shard reads the puzzles whose ordinal (place among every puzzle
     * the reader reports, good or bad, over all the files) is in
     * [first, end); total is the input's number of them. */
    bool sharded;
    uint64_t ordinal, first, end, total;
    /* Going on from a stopped run's partial output (ski_op_resume): while
     * it has records, the input's puzzles are skipped, each of its records
     * matched off by the puzzle (or solution) it holds. */
    sk_reader *resume;
    sk_grid resume_grid;   /* its next record's grid */
    const char *resume_path;
    uint64_t resumed;      /* input records skipped  */
} ski_sources;

/* Read puzzles under any rules too (sk_reader_accept_rules on host): a
 * record's rules and boards are then set for them. Before the first
 * ski_sources_next. */
void ski_sources_accept_rules(ski_sources *s, sk_host *host);

/* Read the "#rules" lines and rules fields of the files (on host) and
 * refuse every record under other rules than classic: SK_READ_BAD with
 * "NAME:LINE: puzzle N: under the rules 'SPEC': " and why (borrowed).
 * Without it such records are refused by the reader as classic ones. */
void ski_sources_refuse_rules(ski_sources *s, sk_host *host, const char *why);

/* Read the records of every file before its first "#rules" line under
 * rules (borrowed: they must outlive the sources; sk_reader_set_rules),
 * after ski_sources_accept_rules. */
void ski_sources_set_rules(ski_sources *s, const sk_rules *rules);

/* Start reading paths (borrowed: they must outlive the sources), each
 * one once ctx's access policy lets it be read. */
void ski_sources_init(ski_sources *s, sk_ctx *ctx, char **paths, sk_format format,
                     bool check_rules);

/* The next puzzle of the files: SK_READ_OK with grid and the record and
 * position (valid until the next call) set; SK_READ_BAD with a message
 * ("FILE:LINE:COL: puzzle N: ..." or "cannot open FILE: ...") in err, to be
 * reported and skipped; SK_READ_IO (a read error ended a file; message in
 * err; the next file follows); SK_READ_END after the last file. */
sk_read_status ski_sources_next(ski_sources *s, sk_grid *grid, const sk_record **record,
                                const sk_reader_position **pos, sk_error *err);

/* Read only shard's block of the input (ski_shard_block over every puzzle
 * record, bad ones included): counts the records first, so every path
 * must be a regular file (not stdin or a pipe, which cannot be read
 * twice). Before the first ski_sources_next. 0, or -1 with err (status 2
 * for an input that cannot be counted). op names the operation. */
int ski_sources_shard(ski_sources *s, ski_shard shard, const char *op, sk_error *err);

/* Where the cells of the puzzle last read came from (sk_reader_cell_places). */
void ski_sources_cell_places(const ski_sources *s, sk_cell_places *out);

/* The number of puzzle records (good or bad) of the paths of s, read
 * through once with s's layout and checks. */
uint64_t ski_sources_count(const ski_sources *s);

/* Close the file being read. */
void ski_sources_close(ski_sources *s);

/* ------------------------------------------------------------- resume -- */

/* For an operation whose output holds the input's puzzles in order (solve,
 * rate): on a stop, sk_op_run keeps what --output FILE got as
 * FILE.partial; with the resume key, FILE.partial is copied into the new
 * output first and sources skip the input's puzzles it holds. Call after
 * ski_op_output_continues and before ski_op_output_open. 0, or -1 with err
 * (status 2: no --output, or a shard; 1: no FILE.partial, or one that
 * cannot be read). */
int ski_op_resume(sk_op *op, ski_sources *sources, sk_error *err);

/* Copy the partial output being resumed into file, the output just
 * opened. 0, or -1 with err. */
int ski_op_resume_copy(sk_op *op, struct ski_atomic_file *file, sk_error *err);

/* The output of a stopped run that holds the input's first puzzles, kept
 * as FILE.partial (the writer finished, the file renamed). 1 kept, 0 not
 * (no such output), -1 it could not be (err set). */
int ski_op_keep_partial(sk_op *op, sk_error *err);

/* After a run that succeeded: remove the partial it resumed from. */
void ski_op_resume_done(sk_op *op);

/* Whether the input record (status, grid) is one the partial output being
 * resumed holds, or one that failed before them: then it is skipped.
 * With status SK_READ_END, -1 when the partial still holds records (it is
 * not this input's output), else 0. */
int ski_sources_resumed(ski_sources *s, sk_read_status status, const sk_grid *grid);

/* ------------------------------------------------------------ helpers -- */

/* The name of the strategy a key names, or the host's default of kind when
 * name is NULL; err when none is loaded. */
const char *ski_op_strategy(sk_op *op, sk_kind kind, const char *name, sk_error *err);

/* Make an instance of strategy name (NULL: the host's default of kind),
 * with err prefixed by the operation (the host's message says which
 * strategy). config may be NULL; the instance's creation context is the
 * operation's context's (sk_ctx_config.strategy_context). */
int ski_op_instance(sk_op *op, sk_kind kind, const char *name, const char *options,
                   const sk_instance_config *config, sk_instance **out, sk_error *err);

/* Compile spec, the value of a rules key, into *out (a reference the
 * caller releases with sk_rules_free; the classic rules too); 0, or -1
 * with err (status 2: what is wrong, at which column of the spec). */
int ski_op_rules(sk_op *op, const char *spec, const sk_rules **out, sk_error *err);

/* True when the rater called rater (loaded) rates puzzles under rules
 * other than classic (its strategy has rate_rules). */
bool ski_op_rater_rates_rules(sk_op *op, const char *rater);

/* Refuse a target that needs ratings while generating under rules rater
 * does not rate (rules past SK_STEP_MAX_SIZE, or a rater without
 * rate_rules). Sets err (status 2) naming the rules, what rater rates and
 * ending with advice (what to do instead); returns -1. */
int ski_op_refuse_unrated(sk_op *op, const sk_rules *rules, const char *rater,
                          const char *advice, sk_error *err);

/* Why rater (loaded, without rate_rules) does not rate rules other than
 * classic, naming the loaded raters that do, into out. */
void ski_op_classic_rater_why(sk_op *op, const char *rater, char *out, size_t len);

/* The rules key (spec, NULL when not given) of an operation that rates
 * with rater: 0 for the classic rules or a rater of any rules, else -1
 * with err (status 2): the spec does not compile, or the rater rates
 * classic puzzles only (ski_op_classic_rater_why), then advice. */
int ski_op_rules_rated(sk_op *op, const char *spec, const char *rater, const char *advice,
                       sk_error *err);

/* Replace *slot with a copy of text (NULL allowed); -1 when out of memory. */
int ski_op_copy(char **slot, const char *text, sk_error *err);

/* Append a copy of text to a NULL-terminated list; -1 when out of memory. */
int ski_op_append(char ***list, const char *text, sk_error *err);

/* Free a list made by ski_op_append. */
void ski_op_list_free(char **list);

/* Write step as one JSON object and a newline: technique, rating,
 * explanation, cells, placements, removals and, from raters of ABI 1.2,
 * the reasoning as data (SE rating, HoDoKu score, notation, chains with
 * their nodes and links, a fish's base, cover and fins) and, from raters
 * of ABI 1.4, the house or constraint used (where), cells named on the
 * step's board size. number, when not 0, is its place in a path. */
void ski_step_write_json(FILE *out, const sk_step *step, unsigned number);

/* 0 when a hint's puzzle has one solution (found, a solver's count up to
 * 2), else an exit status with err: none, several, or what the solver
 * said (op_hint.c). */
int ski_hint_one_solution(int found, const char *what, sk_error *err);

/* What hint asks under rules other than classic (hint_rules.c). */
typedef struct ski_hint_rules_ask {
    const sk_rules *rules;
    const char *puzzle_text, *cells_text; /* cells_text NULL: the puzzle */
    const char *rater, *rater_options;
    bool json, path;
} ski_hint_rules_ask;

/* hint under rules other than classic: the puzzle and entries read as
 * boards of the rules and checked against the one solution, then the next
 * step (or, with path, every step) of a rater of any rules, in words or
 * JSON, naming the house or constraint used. An exit status, err set when
 * not 0. */
int ski_hint_rules(sk_op *op, const ski_hint_rules_ask *ask, sk_error *err);

/* Copy the chains of step (plugin ABI 1.2; none from an older rater) into
 * notation (len bytes) and nodes (node_cap) with chain_starts (chain_cap +
 * 1 entries): whole chains, as many as fit. Sets *node_count and
 * *chain_count. */
void ski_step_copy_chains(const sk_step *step, char *notation, size_t len, sk_chain_node *nodes,
                         size_t node_cap, uint32_t *chain_starts, size_t chain_cap,
                         size_t *node_count, size_t *chain_count);

#endif /* SUDOKIT_OP_H */
