/* The operations layer: every operation a face offers (solve, generate,
 * rate, hint, import, query, bench, play...) as a request built from named
 * keys, validated in one place, run by one runner, written by one
 * formatter. The CLI, the Lua module and play only map their own syntax
 * onto these keys and print or return what comes back. */
#ifndef SUDOKIT_OPS_H
#define SUDOKIT_OPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sudokit/error.h"
#include "sudokit/format.h"
#include "sudokit/host.h"
#include "sudokit/plugin.h"
#include "sudokit/record.h"

#ifdef __cplusplus
extern "C" {
#endif

/* -------------------------------------------------------------- access -- */

/* Which files operations may open. Without a policy (the default) they
 * open what the user can; with one (a sandboxed script's, `sudokit run
 * --sandbox`) only the files and folders it grants: every path an
 * operation or the Lua module opens is checked against it first. "-"
 * (stdin, stdout) is not a file: the callers that take it never ask. */
typedef struct sk_access sk_access;

typedef enum sk_access_mode {
    SK_ACCESS_READ, /* read the file                                 */
    SK_ACCESS_WRITE /* create, replace or change it (and read it)    */
} sk_access_mode;

/* A policy that grants nothing. NULL when out of memory. */
sk_access *sk_access_new(void);

/* Free a policy. NULL is ignored. */
void sk_access_free(sk_access *access);

/* Grant mode on path: a file, or a folder and everything under it; path
 * need not exist yet, but its real path is taken now (realpath, of the
 * nearest folder that exists for one to be made). Writing grants reading.
 * Returns 0, or -1 with a message in err. */
int sk_access_grant(sk_access *access, const char *path, sk_access_mode mode, sk_error *err);

/* Whether access lets path be opened for mode: always without a policy
 * (access NULL), else when path's real path (a file to be made: its
 * folder's, which must not be a link) is a granted one or under a granted
 * folder. Returns 0, or -1 with "sandbox: writing PATH is not allowed
 * (grant it with --allow-write PATH)" (reading: --allow-read) in err, the
 * refusal counted. Thread-safe. */
int sk_access_check(sk_access *access, const char *path, sk_access_mode mode, sk_error *err);

/* sk_access_check for the database at path as sk_store_open opens it
 * (read and written; NULL: the default database). */
int sk_access_check_store(sk_access *access, const char *path, sk_error *err);

/* How many checks access refused so far (0 without a policy): a face tells
 * a refusal it could not see (a strategy's file) by the count growing. */
unsigned long sk_access_refusals(const sk_access *access);

/* ------------------------------------------------------------- context -- */

/* What every operation of one program run (or one Lua state) shares: the
 * plugin host, the database path, where output and messages go. */
typedef struct sk_ctx sk_ctx;

/* One message of a context (sk_ctx_config.on_message): a problem with an
 * input, a summary, a line of the rate histogram, a plugin's log line or
 * load problem. One line of text, without a line end or the "sudokit: "
 * a stream gets, its bytes as they came (escape them for a terminal). */
typedef void (*sk_message_fn)(void *user, const char *message);

typedef struct sk_ctx_config {
    const char *plugin_path;     /* ':'-separated, may be NULL          */
    bool allow_writable_plugins; /* see sk_host_new                     */
    const char *db_path;         /* NULL: $SUDOKIT_DB, then the default */
    sk_host *host;               /* lent (not freed), or NULL to load   */
    struct sk_store *store;      /* lent open database, or NULL to open
                                  * db_path for each operation          */
    /* Called on a host the context loads, to add strategies built into
     * the program (the Lua rater and generator); may be NULL. */
    int (*prepare_host)(sk_host *host, sk_error *err);
    FILE *out;                   /* records; NULL = stdout              */
    FILE *messages;              /* messages, each a line "sudokit: ..."
                                  * (or as is: the rate histogram) with
                                  * control characters escaped, and the
                                  * progress line when it is a terminal;
                                  * NULL: none, or to on_message        */
    sk_message_fn on_message;    /* with messages NULL: each message, on
                                  * the thread that has it (a plugin's
                                  * log line: a worker), one call at a
                                  * time; NULL: messages are dropped    */
    void *message_user;
    bool quiet;                  /* no progress lines, no summaries     */
    sk_access *access;           /* lent: the files operations may open
                                  * (the database too); NULL: any       */
    /* What the library does to the process only when the program asks
     * (library.md, "What the library does to the process"): */
    bool stop_on_signals;        /* while an operation runs on this
                                  * context, SIGINT, SIGTERM and SIGHUP
                                  * stop it as sk_ctx_stop does (the
                                  * handlers that were there before are
                                  * put back when it ends, and take a
                                  * second signal); from sk_ctx_new on,
                                  * a signal that ends the process
                                  * removes the temporary file of an
                                  * output being written               */
    bool crash_reports;          /* from sk_ctx_new on, for the life of
                                  * the process: a crash (SIGSEGV,
                                  * SIGBUS, SIGFPE, SIGILL) inside a
                                  * plugin, on any thread, is reported
                                  * on stderr (file descriptor 2) with
                                  * the plugin's name before the process
                                  * dies of it; handlers the program
                                  * installed before are chained      */
    bool isolate_bench;          /* bench runs each solver in a child
                                  * process (fork), so that one that
                                  * never returns is TIMEOUT and one
                                  * that crashes is CRASHED, the bench
                                  * going on; without it, in this
                                  * process: TIMEOUT is seen between
                                  * puzzles only, and a crash is the
                                  * program's                          */
    const void *strategy_context; /* lent: the creation context of the
                                  * instances operations make
                                  * (sk_instance_config.context); NULL:
                                  * none                               */
} sk_ctx_config;

/* Create a context; strings are copied. NULL when out of memory. */
sk_ctx *sk_ctx_new(const sk_ctx_config *config);

/* Free a context and the host it loaded. NULL is ignored. */
void sk_ctx_free(sk_ctx *ctx);

/* What sk_ctx_stopped returns for a request of sk_ctx_stop(ctx, 0). */
#define SK_STOP_REQUESTED (-1)

/* Ask the operation running on ctx to stop: it ends between puzzles (a
 * database statement still running a moment later is interrupted), keeps
 * what it committed, and sk_op_run returns 128 + sig (as a shell reports
 * a process that a signal ended), or SK_EXIT_FAILURE when sig is 0, with
 * summary.stopped set. Safe from any thread and from a signal handler the
 * program installs (a lock-free atomic store, nothing else). A request
 * made while no operation runs stops the next one as it starts; the
 * request is forgotten when the outermost operation on ctx returns. */
void sk_ctx_stop(sk_ctx *ctx, int sig);

/* The stop request of ctx: the signal that asked (by sk_ctx_stop, or one
 * of stop_on_signals), SK_STOP_REQUESTED, or 0. What a face that waits
 * inside a run (serve, the play screen) watches. Safe from any thread. */
int sk_ctx_stopped(const sk_ctx *ctx);

/* The plugin host, loaded on first use (load problems are reported once
 * as messages, and the strategies' log lines are messages too); NULL only
 * when out of memory. */
sk_host *sk_ctx_host(sk_ctx *ctx);

/* The stream records go to (the config's out). */
FILE *sk_ctx_out(const sk_ctx *ctx);

/* The stream messages go to (the config's messages), or NULL. */
FILE *sk_ctx_messages(const sk_ctx *ctx);

/* The database path operations open (NULL: the store's default). */
const char *sk_ctx_db_path(const sk_ctx *ctx);

/* Open the context's database: the lent one, else db_path (or the
 * default), which the context's access policy must let be written.
 * Returns 0, or -1 with a message in err. Give it back with
 * sk_ctx_close_store, which closes only what it opened (and rolls back
 * what the caller left uncommitted there). */
int sk_ctx_open_store(sk_ctx *ctx, struct sk_store **out, sk_error *err);
void sk_ctx_close_store(sk_ctx *ctx, struct sk_store *store);

/* sk_ctx_open_store for an operation that only reads the database: one
 * the process cannot write (a read-only file or folder) is opened
 * read-only (sk_store_open_read). */
int sk_ctx_open_store_read(sk_ctx *ctx, struct sk_store **out, sk_error *err);

/* Whether the context's access policy lets path be opened for mode
 * (sk_access_check): 0, or -1 with err (status 2) saying what would grant
 * it. Every file an operation opens is checked here first, but "-". */
int sk_ctx_check_file(sk_ctx *ctx, const char *path, sk_access_mode mode, sk_error *err);

/* The message of the first file the context's policy refused (in
 * sk_ctx_check_file or sk_ctx_open_store), or NULL: a face that raises
 * refusals as errors (Lua) tells them from other failures, also when the
 * operation went on without the file. */
const char *sk_ctx_refusal(const sk_ctx *ctx);

/* Report a problem as a message: "sudokit: MESSAGE" on the messages
 * stream, MESSAGE to on_message, else nothing. */
void sk_ctx_report(sk_ctx *ctx, const char *fmt, ...) SK_PRINTF_LIKE(2, 3);

/* The version of sudokit ("0.1.0"). */
const char *sk_version(void);

/* ---------------------------------------------------------------- keys -- */

/* The kinds of value a key takes; every face parses them the same way. */
typedef enum sk_key_kind {
    SK_KEY_FLAG,     /* no value (CLI) / a boolean (Lua)                     */
    SK_KEY_INT,      /* a whole number in [min, max]                         */
    SK_KEY_SEED,     /* a whole number 0 .. 2^64-1                           */
    SK_KEY_NUMBER,   /* a finite decimal number in [min, max]                */
    SK_KEY_WINDOW,   /* MIN-MAX, two finite numbers 0 <= MIN <= MAX          */
    SK_KEY_CHOICE,   /* one name of the key's choices, in any case           */
    SK_KEY_LEVEL,    /* 1..5 or a level name, in any case                    */
    SK_KEY_STRATEGY, /* a loaded strategy of the key's kind, in any case     */
    SK_KEY_GRID,     /* an 81-character grid ('.' or '0' blank)              */
    SK_KEY_TEXT,     /* any text: a path, a strategy's options, a name       */
    SK_KEY_SHARD     /* K/N, whole numbers with 0 <= K < N <= max            */
} sk_key_kind;

/* Names of the kinds ("flag", "int", "seed", "number", "window", "choice",
 * "level", "strategy", "grid", "text", "shard"), then NULL. */
extern const char *const sk_key_kind_names[];

/* One key of an operation. The CLI spells it --NAME (and -S when short is
 * set), Lua spells it with '_' for '-'. */
typedef struct sk_key {
    const char *name;
    char short_name;
    sk_key_kind kind;
    const char *value_name;   /* "N", "NAME", "MIN-MAX"; NULL for a flag   */
    const char *fallback;     /* the default, applied first; NULL for none */
    const char *help;         /* one line                                  */
    long long min, max;       /* SK_KEY_INT; max is N's bound for a shard  */
    double low, high;         /* SK_KEY_NUMBER                             */
    const char *const *choices; /* SK_KEY_CHOICE: NULL-terminated          */
    sk_kind strategy_kind;    /* SK_KEY_STRATEGY                           */
    bool repeatable;          /* may be given many times (inputs)          */
    int id;                   /* the operation's own code for the key     */
} sk_key;

/* A value as parsed for its key. */
typedef struct sk_value {
    bool flag;
    long long integer; /* SK_KEY_INT, and the index of a choice or level */
    uint64_t seed;
    double number, low, high; /* SK_KEY_NUMBER; SK_KEY_WINDOW low-high  */
    uint64_t shard, shards;   /* SK_KEY_SHARD: K and N of K/N           */
    sk_grid grid;
    const char *text; /* the text as given; for a strategy or choice the
                       * canonical spelling; valid during the call      */
    bool fallback;    /* the key's default, not a face's value          */
} sk_value;

/* ---------------------------------------------------------- operations -- */

/* What positional words (the CLI's arguments, Lua's `input`) mean. */
typedef enum sk_input_kind {
    SK_INPUT_NONE,  /* none                                            */
    SK_INPUT_FILES, /* puzzle files, "-" for stdin; none: stdin        */
    SK_INPUT_SOME,  /* puzzle files, at least one                      */
    SK_INPUT_ONE    /* exactly one word (a puzzle, a database path)    */
} sk_input_kind;

/* An operation as the faces see it. */
typedef struct sk_op_info {
    const char *name;        /* "generate"; the CLI's command words      */
    const char *summary;     /* one line                                 */
    const char *synopsis;    /* the positional part, e.g. "[FILE...]"    */
    const char *description; /* paragraphs for --help and the manual     */
    const sk_key *keys;      /* ends with a key whose name is NULL       */
    sk_input_kind inputs;
    const char *input_key;   /* the key positional words are given to    */
    const char *target_key;  /* NULL, or the key the first positional
                              * word is given to (the rest go to
                              * input_key): `db merge OUT IN...`        */
} sk_op_info;

/* Every operation, in the order of the manual; NULL past the end. */
const sk_op_info *sk_op_info_at(size_t index);

/* The operation named name (exactly), or NULL. */
const sk_op_info *sk_op_find(const char *name);

/* The key of info named name, with '_' taken for '-'; NULL when none. */
const sk_key *sk_op_key(const sk_op_info *info, const char *name);

/* How sk_op_usage writes: the text of --help, a section of docs/cli.md,
 * or a man page (roff). */
typedef enum sk_usage_format { SK_USAGE_TEXT, SK_USAGE_MARKDOWN, SK_USAGE_MAN } sk_usage_format;

/* Write the manual of info, run as `sudokit COMMAND`, to out in format:
 * synopsis, description, every key with its help and default, the exit
 * statuses. The three formats say the same things; a face adds what it
 * has besides (the command line: examples and, for man, SEE ALSO). */
void sk_op_usage(const sk_op_info *info, const char *command, sk_usage_format format,
                 FILE *out);

typedef struct sk_op sk_op;

/* Start a request for operation name with every key at its default.
 * Returns 0, or -1 with err (status 2 for an unknown operation). */
int sk_op_new(sk_ctx *ctx, const char *name, sk_op **out, sk_error *err);

/* Set key (its name, '_' allowed for '-') to value (NULL for a flag set by
 * its mere presence; "0"/"1" set a flag off or on). The value is parsed for
 * the key's kind and checked by the operation; a bad key or value is a
 * usage error (status 2) naming the key, the value and what would do
 * (for names: every valid one). */
int sk_op_set(sk_op *op, const char *key, const char *value, sk_error *err);

/* Where results go. By default records and rows are written to the
 * context's out stream in the request's format; a face that wants them as
 * values (Lua) sets callbacks instead. Each returns 0 to go on, nonzero to
 * stop the operation. */
typedef struct sk_row_cell {
    const char *name;
    enum { SK_CELL_NULL, SK_CELL_TEXT, SK_CELL_INT, SK_CELL_NUMBER, SK_CELL_BOOL } kind;
    const char *text;
    long long integer;
    double number;
    int decimals; /* digits after the point of a number */
    int width;    /* the table layout's column width (negative: left-aligned);
                   * 0: the column is left out of the table (csv, json keep it) */
} sk_row_cell;

typedef struct sk_sink {
    int (*record)(void *user, const sk_record *record);
    int (*step)(void *user, unsigned number, const sk_step *step);
    int (*row)(void *user, const sk_row_cell *cells, size_t count);
    void *user;
} sk_sink;

/* Send results to sink instead of the context's out stream. */
void sk_op_set_sink(sk_op *op, const sk_sink *sink);

/* A face that plays a game the play operation started: runs the session
 * (sk_session_loop with its own keys and drawing) and returns the exit
 * status. Without keys, play needs one. */
struct sk_session;
typedef int (*sk_player_fn)(void *user, struct sk_session *session);
void sk_op_set_player(sk_op *op, sk_player_fn fn, void *user);

/* A face that serves the serve operation (sudokit serve: the web server of
 * core/serve): answers requests over ctx's operations until ctx's stop
 * request (SIGINT or SIGTERM with stop_on_signals), then saves what it
 * holds; returns the exit status (err set unless 0). Without one, serve is
 * refused. */
typedef struct sk_serve_config {
    const char *bind;       /* the address to listen on                     */
    int port;               /* 0: any free port (the URL printed names it)  */
    const char *db_path;    /* NULL: the context's                          */
    const char *token_file; /* NULL: a new token at every start; else the   */
                            /* file that keeps it (made when missing)       */
} sk_serve_config;
typedef int (*sk_server_fn)(void *user, sk_ctx *ctx, const sk_serve_config *config,
                            sk_error *err);
void sk_op_set_server(sk_op *op, sk_server_fn fn, void *user);

/* Counts of a finished run. */
typedef struct sk_op_summary {
    uint64_t done;       /* records produced (or puzzles handled)     */
    uint64_t failed;     /* inputs that failed, each reported         */
    uint64_t added;      /* stored: new puzzles                       */
    uint64_t duplicates; /* stored: already there                     */
    double seconds;      /* wall time of the run                      */
    bool stopped;        /* cancelled (signal, closed output)         */
} sk_op_summary;

/* Run the request. Returns the exit status: 0 all done, 1 some input
 * failed (each named on the messages stream; err holds the summary), 2 a
 * bad request (err says why). A stop request (sk_ctx_stop; SIGINT,
 * SIGTERM and SIGHUP with stop_on_signals) stops a run between puzzles
 * (work already committed is kept); output that cannot be written (EPIPE,
 * a full disk) stops it at once. */
int sk_op_run(sk_op *op, sk_error *err);

/* The counts of the last run. */
const sk_op_summary *sk_op_summary_of(const sk_op *op);

/* Free a request. NULL is ignored. */
void sk_op_free(sk_op *op);

/* Set one key of the generate operation that shapes a single puzzle's
 * request (seed, index, level, rating, symmetry, minimal, clues, attempts,
 * fixed) on request: the same names, values and errors as sk_op_set on
 * generate, for faces that drive a generator one puzzle at a time. */
int sk_gen_request_set(sk_gen_request *request, const char *key, const char *value,
                       sk_error *err);

/* ---------------------------------------------------------------- hints -- */

/* A hint: a copy of the first step a rater reports. */
typedef struct sk_hint {
    bool found;
    sk_step_kind kind;
    char technique[64];
    double rating;
    char explanation[256];
    uint8_t cells[81];
    size_t cell_count;
    sk_candidate placed[81];
    size_t placed_count;
    sk_candidate eliminated[729];
    size_t eliminated_count;
    /* The reasoning as data, from raters of plugin ABI 1.2 (see sk_step). */
    double se_rating;
    int hodoku_score;
    char notation[2048];
    sk_chain_node nodes[1024];
    size_t node_count;
    uint32_t chain_starts[17];
    size_t chain_count;
    sk_house houses[27];
    size_t house_count;
    sk_candidate fins[81];
    size_t fin_count;
} sk_hint;

/* The next step of position (a grid whose digits are all right) as rater
 * explains it, starting from marks (the candidates of every cell, bit d-1
 * for digit d) when not NULL. Returns 0 with out filled, or -1 with err
 * (the position is not a puzzle with one solution, the rater cannot start
 * from marks, or it reported no step). */
int sk_hint_next(sk_instance *rater, const sk_grid *position, const uint16_t *marks, sk_hint *out,
                 sk_error *err);

/* Write the chains nodes[chain_starts[i], chain_starts[i + 1]) for i below
 * count (a hint's or a step's) as a JSON array, as hint --format json
 * writes them: each chain {"nodes": [...]}, each node its kind, cells,
 * digit, on, the link into it ("start", "strong", "weak", "rule",
 * "nested"), what makes it (via: "row 3", "column 5", "box 2", "cell" or
 * null) and its parent (an index in the chain, -1 for its start); a chain
 * nested in another has "unfolds": {"chain": J, "node": N}, the node of
 * chain J that it proves. */
void sk_chains_write_json(FILE *out, const sk_chain_node *nodes, const uint32_t *chain_starts,
                          size_t count);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_OPS_H */
