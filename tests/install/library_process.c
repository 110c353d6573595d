/* library_process: what libsudokit does to the process of a program that
 * links it (docs/library.md, "What the library does to the process").
 *
 *   ./library_process MODE DIR
 *
 * MODE "plain" makes its context with a zeroed config, "callback" asks for
 * the messages through on_message, "asked" opts in to everything the
 * executable has (messages on stderr, stop_on_signals, crash_reports,
 * isolate_bench). It rates DIR/puzzles.txt (its third line is not a
 * puzzle) with a rater compiled in here that logs a warning for every
 * puzzle and looks at the signal handlers while it runs, then benches the
 * fast solver on DIR/good.txt. It prints on stdout what it saw: for each
 * signal watched, its handler after sk_ctx_new, during the run and after
 * it (unchanged: the one the program began with, else newN, numbered in
 * the order first seen); how
 * many times the process forked; each message the callback got. The test
 * (test_library_process.sh) reads stderr and stdout. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <sudokit/ops.h>

/* ------------------------------------------------ what the process has -- */

#define WATCHED 8
static const int watched_signals[WATCHED] = {SIGINT,  SIGTERM, SIGHUP, SIGPIPE,
                                             SIGSEGV, SIGBUS,  SIGFPE, SIGILL};
static const char *const watched_names[WATCHED] = {"INT",  "TERM", "HUP", "PIPE",
                                                   "SEGV", "BUS",  "FPE", "ILL"};

/* Each signal's handler when the program began, and the handlers seen
 * since that differ from it, numbered in the order first seen. */
#define HANDLERS 16
static struct sigaction first_handlers[WATCHED];
static struct sigaction new_handlers[HANDLERS];
static int new_count;

static bool same_handler(const struct sigaction *a, const struct sigaction *b)
{
    if ((a->sa_flags & SA_SIGINFO) != (b->sa_flags & SA_SIGINFO))
        return false;
    return (a->sa_flags & SA_SIGINFO) ? a->sa_sigaction == b->sa_sigaction
                                      : a->sa_handler == b->sa_handler;
}

static void handlers_first(void)
{
    for (int i = 0; i < WATCHED; i++)
        sigaction(watched_signals[i], NULL, &first_handlers[i]);
}

/* Each watched signal's handler: 0 when it is the one the program began
 * with (a sanitizer's, else the default), else its number. */
static void handlers_now(int out[WATCHED])
{
    for (int i = 0; i < WATCHED; i++) {
        struct sigaction now;
        sigaction(watched_signals[i], NULL, &now);
        out[i] = 0;
        if (same_handler(&now, &first_handlers[i]))
            continue;
        for (int h = 0; h < new_count && !out[i]; h++)
            if (same_handler(&new_handlers[h], &now))
                out[i] = h + 1;
        if (!out[i] && new_count < HANDLERS) {
            new_handlers[new_count++] = now;
            out[i] = new_count;
        }
    }
}

static void handlers_print(const char *when, const int handler[WATCHED])
{
    printf("%s:", when);
    for (int i = 0; i < WATCHED; i++)
        if (handler[i])
            printf(" %s=new%d", watched_names[i], handler[i]);
        else
            printf(" %s=unchanged", watched_names[i]);
    printf("\n");
}

static int during_run[WATCHED]; /* seen by the rater (one job) */
static int forks;               /* fork() calls of this process */

static void count_fork(void)
{
    forks++;
}

/* ----------------------------------------- a rater that logs and looks -- */

static void *watcher_create(const sk_services *services, const sk_option *options,
                            size_t option_count, char *err, size_t errlen)
{
    (void)options;
    (void)option_count;
    (void)err;
    (void)errlen;
    return (void *)services;
}

static void watcher_destroy(void *instance)
{
    (void)instance;
}

static int watcher_rate(void *instance, const sk_grid *puzzle, sk_rating *out, sk_step_fn on_step,
                        void *user, char *err, size_t errlen)
{
    (void)puzzle;
    (void)on_step;
    (void)user;
    (void)err;
    (void)errlen;
    const sk_services *services = instance;
    services->log(services->ctx, SK_LOG_WARN, "a warning of the watcher");
    handlers_now(during_run);
    out->score = 1.0;
    out->level = 1;
    out->steps = 1;
    snprintf(out->hardest, sizeof out->hardest, "watching");
    return SK_OK;
}

static const sk_strategy watcher_rater = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_RATER,
    .name = "watcher",
    .summary = "logs a warning and looks at the signal handlers",
    .create = watcher_create,
    .destroy = watcher_destroy,
    .rate = watcher_rate,
};
static const sk_strategy *const watcher_strategies[] = {&watcher_rater, NULL};
static const sk_plugin watcher_plugin = {
    .abi_major = SK_ABI_MAJOR,
    .abi_minor = SK_ABI_MINOR,
    .struct_size = sizeof(sk_plugin),
    .name = "library-process",
    .version = "1.0",
    .strategies = watcher_strategies,
};

static int watcher_prepare_host(sk_host *host, sk_error *err)
{
    return sk_host_add(host, &watcher_plugin, "library_process", err);
}

/* on_message: each message, on stdout. */
static void print_message(void *user, const char *message)
{
    (void)user;
    printf("message: %s\n", message);
}

/* ---------------------------------------------------------- the runs -- */

/* Run operation name with the "key", "value" pairs of keys (NULL ends
 * them); print and return its status. */
static int run(sk_ctx *ctx, const char *name, const char *const *keys)
{
    sk_op *op = NULL;
    sk_error err;
    int status = sk_op_new(ctx, name, &op, &err);
    for (size_t i = 0; status == 0 && keys[i]; i += 2)
        status = sk_op_set(op, keys[i], keys[i + 1], &err);
    if (status == 0)
        status = sk_op_run(op, &err);
    printf("%s: status %d%s%s\n", name, status, status ? ": " : "", status ? err.message : "");
    sk_op_free(op);
    return status;
}

int main(int argc, char **argv)
{
    if (argc != 3 ||
        (strcmp(argv[1], "plain") && strcmp(argv[1], "callback") && strcmp(argv[1], "asked"))) {
        fprintf(stderr, "usage: library_process plain|callback|asked DIR\n");
        return 2;
    }
    bool asked = strcmp(argv[1], "asked") == 0;
    char input[1024], good[1024], out_path[1024], db_path[1024];
    snprintf(input, sizeof input, "%s/puzzles.txt", argv[2]);
    snprintf(good, sizeof good, "%s/good.txt", argv[2]);
    snprintf(out_path, sizeof out_path, "%s/out.txt", argv[2]);
    snprintf(db_path, sizeof db_path, "%s/process.db", argv[2]);
    pthread_atfork(count_fork, NULL, NULL);
    handlers_first();
    int handled[WATCHED];

    FILE *out = fopen(out_path, "w");
    if (!out)
        return 1;
    sk_ctx_config config = {.db_path = db_path, .out = out, .prepare_host = watcher_prepare_host};
    if (strcmp(argv[1], "callback") == 0)
        config.on_message = print_message;
    if (asked) {
        config.messages = stderr;
        config.stop_on_signals = config.crash_reports = config.isolate_bench = true;
    }
    sk_ctx *ctx = sk_ctx_new(&config);
    if (!ctx)
        return 1;
    handlers_now(handled);
    handlers_print("context", handled);

    const char *const rate_keys[] = {"rater", "watcher", "input", input, NULL};
    run(ctx, "rate", rate_keys);
    handlers_print("during", during_run);
    handlers_now(handled);
    handlers_print("after", handled);
    const char *const bench_keys[] = {"solvers", "fast",  "time", "0.05", "warmup",
                                      "0",       "input", good,   NULL};
    run(ctx, "bench", bench_keys);
    printf("forks: %d\n", forks);
    sk_ctx_free(ctx);
    fclose(out);
    return 0;
}
