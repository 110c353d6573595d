/* `sudokit solve`: solve puzzles from a file or stdin, streaming, to stdout. */
#include <getopt.h>
#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "sudokit/grid.h"
#include "sudokit/reader.h"

/* Puzzles per batch: the unit of work handed to a thread. */
#define SOLVE_BATCH 256

/* One puzzle of a batch, with what became of it. */
typedef struct solve_item {
    sk_grid puzzle;
    sk_grid solution;
    bool read_ok;   /* false: message holds the reader's error */
    bool solved;    /* true: solution is the answer            */
    char message[320];
} solve_item;

typedef struct solve_batch {
    solve_item items[SOLVE_BATCH];
    size_t count;
    enum { SOLVE_FREE, SOLVE_READY, SOLVE_BUSY, SOLVE_DONE } state;
} solve_batch;

/* A whole run: settings, counters, and the ring of batches. */
typedef struct solve_run {
    sk_host *host;
    const char *solver, *options;
    sk_instance_config config;
    int limit;
    bool classic;
    sk_reader *reader;
    size_t solved, failed;
    solve_batch *ring;
    size_t ring_size;
    bool closing;
    pthread_mutex_t lock;
    pthread_cond_t changed;
} solve_run;

/* Solve every read puzzle of batch with solver. */
static void solve_batch_work(const solve_run *run, sk_instance *solver, solve_batch *batch)
{
    char err[256];
    for (size_t i = 0; i < batch->count; i++) {
        solve_item *item = &batch->items[i];
        if (!item->read_ok)
            continue;
        int found = sk_instance_solve(solver, &item->puzzle, run->limit, &item->solution, NULL,
                                      err, sizeof err);
        item->solved = found == 1;
        if (!item->solved) {
            /* message holds the position prefix written by the reader side */
            size_t len = strlen(item->message);
            snprintf(item->message + len, sizeof item->message - len, "%s",
                     found == 0 ? "has no solution" : found == 2 ? "has several solutions" : err);
        }
    }
}

/* Fill batch from the reader; false at the end of input (batch may still
 * hold items). An I/O error ends the input after being recorded. */
static bool solve_batch_read(solve_run *run, solve_batch *batch)
{
    batch->count = 0;
    while (batch->count < SOLVE_BATCH) {
        solve_item *item = &batch->items[batch->count];
        sk_read_status status = sk_reader_next(run->reader, &item->puzzle);
        if (status == SK_READ_END)
            return false;
        batch->count++;
        item->read_ok = status == SK_READ_OK;
        item->solved = false;
        if (!item->read_ok) {
            snprintf(item->message, sizeof item->message, "%s", sk_reader_error(run->reader));
            if (status == SK_READ_IO)
                return false;
            continue;
        }
        const sk_reader_position *pos = sk_reader_position_of(run->reader);
        snprintf(item->message, sizeof item->message, "%s:%zu: puzzle %zu: ", pos->name,
                 pos->line, pos->puzzle);
    }
    return true;
}

/* Print a finished batch: solutions to stdout, failures to stderr, in
 * input order. */
static void solve_batch_emit(solve_run *run, const solve_batch *batch)
{
    char text[SK_CLASSIC_CHARS + 2];
    for (size_t i = 0; i < batch->count; i++) {
        const solve_item *item = &batch->items[i];
        if (!item->solved) {
            sk_cli_fail("%s", item->message);
            run->failed++;
            continue;
        }
        if (run->classic) {
            size_t used = 0;
            if (run->solved > 0)
                text[used++] = '\n';
            sk_grid_format_classic(&item->solution, text + used);
            fwrite(text, 1, used + SK_CLASSIC_CHARS, stdout);
        } else {
            sk_grid_format_line(&item->solution, text, false);
            text[SK_LINE_CHARS] = '\n';
            fwrite(text, 1, SK_LINE_CHARS + 1, stdout);
        }
        run->solved++;
    }
}

/* A worker thread: its own solver instance; solves READY batches. */
static void *solve_worker(void *arg)
{
    solve_run *run = arg;
    char err[512];
    sk_instance *solver = NULL;
    if (sk_instance_new(run->host, SK_KIND_SOLVER, run->solver, run->options, &run->config,
                        &solver, err, sizeof err))
        sk_cli_fail("%s", err);
    pthread_mutex_lock(&run->lock);
    for (;;) {
        solve_batch *batch = NULL;
        for (size_t i = 0; i < run->ring_size && !batch; i++)
            if (run->ring[i].state == SOLVE_READY)
                batch = &run->ring[i];
        if (!batch) {
            if (run->closing)
                break;
            pthread_cond_wait(&run->changed, &run->lock);
            continue;
        }
        batch->state = SOLVE_BUSY;
        pthread_mutex_unlock(&run->lock);
        if (solver)
            solve_batch_work(run, solver, batch);
        else
            for (size_t i = 0; i < batch->count; i++)
                snprintf(batch->items[i].message, sizeof batch->items[i].message, "%.300s", err);
        pthread_mutex_lock(&run->lock);
        batch->state = SOLVE_DONE;
        pthread_cond_broadcast(&run->changed);
    }
    pthread_mutex_unlock(&run->lock);
    sk_instance_free(solver);
    return NULL;
}

/* Read, solve and print everything with jobs threads; the main thread
 * reads and prints, workers solve, and a ring of batches keeps the output
 * in input order. With one job everything happens on this thread. */
static int solve_stream(solve_run *run, long jobs)
{
    if (jobs == 1) {
        char err[512];
        sk_instance *solver;
        if (sk_instance_new(run->host, SK_KIND_SOLVER, run->solver, run->options, &run->config,
                            &solver, err, sizeof err))
            return sk_cli_fail("%s", err);
        solve_batch *batch = malloc(sizeof *batch);
        if (!batch) {
            sk_instance_free(solver);
            return sk_cli_fail("out of memory");
        }
        bool more = true;
        while (more) {
            more = solve_batch_read(run, batch);
            solve_batch_work(run, solver, batch);
            solve_batch_emit(run, batch);
        }
        free(batch);
        sk_instance_free(solver);
        return SK_EXIT_OK;
    }
    run->ring_size = (size_t)jobs * 2;
    run->ring = calloc(run->ring_size, sizeof *run->ring);
    if (!run->ring)
        return sk_cli_fail("out of memory");
    pthread_mutex_init(&run->lock, NULL);
    pthread_cond_init(&run->changed, NULL);
    pthread_t *threads = calloc((size_t)jobs, sizeof *threads);
    long started = 0;
    while (threads && started < jobs &&
           pthread_create(&threads[started], NULL, solve_worker, run) == 0)
        started++;
    if (started == 0) {
        free(threads);
        free(run->ring);
        return sk_cli_fail("cannot start solver threads");
    }
    size_t next_read = 0, next_emit = 0;
    bool more = true;
    pthread_mutex_lock(&run->lock);
    while (more || next_emit < next_read) {
        solve_batch *slot = &run->ring[next_read % run->ring_size];
        if (more && slot->state == SOLVE_FREE) {
            pthread_mutex_unlock(&run->lock);
            more = solve_batch_read(run, slot);
            pthread_mutex_lock(&run->lock);
            slot->state = SOLVE_READY;
            next_read++;
            pthread_cond_broadcast(&run->changed);
            continue;
        }
        solve_batch *oldest = &run->ring[next_emit % run->ring_size];
        if (oldest->state != SOLVE_DONE) {
            pthread_cond_wait(&run->changed, &run->lock);
            continue;
        }
        pthread_mutex_unlock(&run->lock);
        solve_batch_emit(run, oldest);
        pthread_mutex_lock(&run->lock);
        oldest->state = SOLVE_FREE;
        next_emit++;
    }
    run->closing = true;
    pthread_cond_broadcast(&run->changed);
    pthread_mutex_unlock(&run->lock);
    for (long i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    free(threads);
    free(run->ring);
    pthread_mutex_destroy(&run->lock);
    pthread_cond_destroy(&run->changed);
    return SK_EXIT_OK;
}

static void solve_usage(FILE *out)
{
    fputs("usage: sudokit solve [--solver NAME] [--options K=V,...] [--count] [--verify]\n"
          "                     [--format line|classic] [--jobs N] [FILE|-]\n"
          "Solve every puzzle of FILE (or stdin) and print the solutions to stdout in input\n"
          "order. Input may mix the line format (81 characters) and the classic format\n"
          "(9 lines of 9 digits). A bad puzzle is reported on stderr with its file, line\n"
          "and column and skipped; the exit status is 1 when any puzzle failed.\n"
          "  --solver NAME     solver strategy (default: the fastest loaded)\n"
          "  --options K=V,... options for the solver\n"
          "  --count           require exactly one solution: a puzzle with several fails\n"
          "  --verify          check every solution the plugin returns\n"
          "  --format F        line (default) or classic\n"
          "  --jobs N          solve with N threads (output still in input order)\n",
          out);
}

int sk_cmd_solve(sk_cli *cli, int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},     {"solver", required_argument, NULL, 's'},
        {"options", required_argument, NULL, 'o'}, {"count", no_argument, NULL, 'c'},
        {"verify", no_argument, NULL, 'v'},   {"format", required_argument, NULL, 'f'},
        {"jobs", required_argument, NULL, 'j'}, {NULL, 0, NULL, 0},
    };
    const char *solver_name = NULL, *options = NULL;
    bool count = false, classic = false;
    sk_instance_config config = {0};
    long jobs = 1;
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (opt) {
        case 'h':
            solve_usage(stdout);
            return SK_EXIT_OK;
        case 's':
            solver_name = optarg;
            break;
        case 'o':
            options = optarg;
            break;
        case 'c':
            count = true;
            break;
        case 'v':
            config.verify = true;
            break;
        case 'j':
            if (!sk_parse_long(optarg, 1, 256, &jobs)) {
                sk_cli_fail("solve: --jobs '%s': give a whole number of threads from 1 to 256",
                            optarg);
                return SK_EXIT_USAGE;
            }
            break;
        case 'f':
            if (strcmp(optarg, "line") != 0 && strcmp(optarg, "classic") != 0) {
                sk_cli_fail("solve: unknown format '%s' (line or classic)", optarg);
                return SK_EXIT_USAGE;
            }
            classic = strcmp(optarg, "classic") == 0;
            break;
        default:
            solve_usage(stderr);
            return SK_EXIT_USAGE;
        }
    }
    if (argc - optind > 1) {
        sk_cli_fail("solve: give one FILE (or - for stdin), not %d", argc - optind);
        return SK_EXIT_USAGE;
    }
    const char *path = optind < argc ? argv[optind] : "-";
    sk_host *host = sk_cli_host(cli);
    if (!solver_name)
        solver_name = sk_host_default_name(host, SK_KIND_SOLVER);
    if (!solver_name)
        return sk_cli_fail("no solver plugin found (see sudokit plugins)");
    /* Create one instance first so that a bad name or option is reported
     * before any input is read. */
    char err[1024];
    sk_instance *solver;
    if (sk_instance_new(host, SK_KIND_SOLVER, solver_name, options, &config, &solver, err,
                        sizeof err))
        return sk_cli_fail("%s", err);
    sk_instance_free(solver);
    sk_reader *reader = sk_reader_open(path, err, sizeof err);
    if (!reader)
        return sk_cli_fail("solve: %s", err);
    solve_run run = {.host = host, .solver = solver_name, .options = options, .config = config,
                     .limit = count ? 2 : 1, .classic = classic, .reader = reader};
    int status = solve_stream(&run, jobs);
    sk_reader_close(reader);
    if (status)
        return status;
    size_t failed = run.failed, solved = run.solved;
    if (fflush(stdout) != 0)
        return sk_cli_fail("solve: cannot write the output");
    if (failed)
        return sk_cli_fail("solve: %zu of %zu puzzles failed", failed, failed + solved);
    return SK_EXIT_OK;
}
