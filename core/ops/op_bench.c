/* Operation bench: time solver strategies on puzzle files. For a program
 * that allows it (isolate_bench), each (solver, file) runs in a child
 * process, so a solver that hangs is reported as TIMEOUT and one that
 * crashes as CRASHED, without stopping the bench; else in this process. */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "keys.h"
#include "op.h"
#include "print.h"
#include "sudokit/grid.h"

enum {
    B_SOLVERS, B_COUNT_LIMIT, B_TIME, B_WARMUP, B_SHUFFLE, B_SEED, B_JOBS, B_FORMAT, B_STORE,
    B_PLOT, B_OUTPUT, B_QUIET, B_INPUT
};

static const sk_key bench_keys[] = {
    {.name = "solvers", .kind = SK_KEY_TEXT, .value_name = "NAME,...", .fallback = "all",
     .help = "comma-separated solver names; all: every loaded solver but those too slow "
             "for the default time (the run names them); every: all of them",
     .id = B_SOLVERS},
    {.name = "count-limit", .kind = SK_KEY_INT, .value_name = "N", .fallback = "1", .min = 1,
     .max = 2, .help = "1: find one solution; 2: also prove it unique", .id = B_COUNT_LIMIT},
    {.name = "time", .short_name = 't', .kind = SK_KEY_NUMBER, .value_name = "SECONDS",
     .fallback = "1", .low = 0.001, .high = 3600,
     .help = "length of each timed run, and the CPU time its checked pass may take",
     .id = B_TIME},
    {.name = "warmup", .kind = SK_KEY_NUMBER, .value_name = "SECONDS", .fallback = "0.2",
     .low = 0, .high = 3600, .help = "untimed whole passes until SECONDS since the checked "
     "pass began", .id = B_WARMUP},
    {.name = "shuffle", .kind = SK_KEY_FLAG, .help = "solve the puzzles in a random order",
     .id = B_SHUFFLE},
    SK_KEY_SEED(B_SEED, "1", "seed of that order"),
    {.name = "jobs", .short_name = 'j', .kind = SK_KEY_INT, .value_name = "N", .fallback = "1",
     .min = 1, .max = 256, .help = "threads solving at once in the timed run", .id = B_JOBS},
    {.name = "format", .short_name = 'f', .kind = SK_KEY_CHOICE, .value_name = "F",
     .fallback = "table", .choices = ski_rows_format_names, .help = "table, csv or json",
     .id = B_FORMAT},
    {.name = "store", .kind = SK_KEY_FLAG,
     .help = "record every run that did not fail in the database (see db benchmarks)",
     .id = B_STORE},
    {.name = "plot", .kind = SK_KEY_TEXT, .value_name = "FILE",
     .help = "also draw puzzles/s per solver and file as bars into FILE (.svg, .png or .pdf)",
     .id = B_PLOT},
    SK_KEY_OUTPUT(B_OUTPUT),
    SK_KEY_QUIET(B_QUIET),
    SK_KEY_INPUTS(B_INPUT),
    SK_KEY_END,
};

/* One result kept for the plot. */
typedef struct bench_bar {
    char file[256], solver[64], status[16];
    bool ok;
    double rate;
} bench_bar;

typedef struct bench_state {
    char *solvers, *plot;
    int limit, jobs;
    double seconds, warmup;
    bool shuffle, store, seeded;
    uint64_t seed;
    ski_rows_format format;
    char **inputs;
    bench_bar *bars; /* with plot: every result */
    size_t bar_count, bar_capacity;
    ski_progress progress; /* over the (solver, file) runs */
} bench_state;

/* The puzzles of one file, held in memory. */
typedef struct bench_set {
    const char *path;
    sk_grid *puzzles;
    size_t count;
    char fingerprint[17]; /* FNV-1a of the puzzles in file order, hex */
} bench_set;

/* What a measure reports, once after the checked pass and once at the
 * end (a child through its pipe). */
typedef struct bench_result {
    int phase; /* 1 checked, 2 timed */
    bool failed;
    bool timed_out; /* the checked pass passed the time */
    char message[400];
    uint64_t solved, no_guess, guesses;
    double seconds, cpu_seconds;
} bench_result;

static int bench_set_key(sk_op *op, void *state, const sk_key *key, const sk_value *v,
                         sk_error *err)
{
    (void)op;
    bench_state *s = state;
    switch (key->id) {
    case B_SOLVERS: return ski_op_copy(&s->solvers, v->text, err);
    case B_COUNT_LIMIT: s->limit = (int)v->integer; return 0;
    case B_TIME: s->seconds = v->number; return 0;
    case B_WARMUP: s->warmup = v->number; return 0;
    case B_SHUFFLE: s->shuffle = v->flag; return 0;
    case B_SEED: s->seed = v->seed; s->seeded = !v->fallback; return 0;
    case B_JOBS: s->jobs = (int)v->integer; return 0;
    case B_FORMAT: s->format = (ski_rows_format)v->integer; return 0;
    case B_STORE: s->store = v->flag; return 0;
    case B_PLOT: return ski_op_copy(&s->plot, v->text, err);
    case B_INPUT: return ski_op_append(&s->inputs, v->text, err);
    default: return 0;
    }
}

static int bench_check(sk_op *op, void *state, sk_error *err)
{
    bench_state *s = state;
    if (s->seeded && !s->shuffle)
        return sk_error_set(err, SK_EXIT_USAGE, "bench: seed orders a shuffle: add --shuffle");
    if (s->plot && ski_picture_format_of_path(s->plot) < 0)
        return sk_error_set(err, SK_EXIT_USAGE,
                            "bench: plot '%s': name a .svg, .png or .pdf file", s->plot);
    return s->plot ? ski_op_check_output(op, s->plot, err) : 0;
}

/* Read every puzzle of path into set; a bad puzzle stops the bench. */
static int bench_load(sk_op *op, const char *path, bench_set *set, sk_error *err)
{
    if (strcmp(path, "-") != 0 && sk_ctx_check_file(ski_op_ctx(op), path, SK_ACCESS_READ, err))
        return -1;
    sk_error why;
    sk_reader *reader = sk_reader_open(path, &why);
    if (!reader)
        return sk_error_set(err, SK_EXIT_FAILURE, "bench: %s", why.message);
    size_t cap = 0;
    *set = (bench_set){.path = path};
    int rc = 0;
    for (;;) {
        if (set->count == cap) {
            sk_grid *more = realloc(set->puzzles, (cap = cap ? cap * 2 : 1024) * sizeof *more);
            if (!more) {
                rc = sk_error_set(err, SK_EXIT_FAILURE, "bench: out of memory reading %s", path);
                break;
            }
            set->puzzles = more;
        }
        sk_read_status rs = sk_reader_next(reader, &set->puzzles[set->count]);
        if (rs == SK_READ_END)
            break;
        if (rs != SK_READ_OK) {
            rc = sk_error_set(err, SK_EXIT_FAILURE, "bench: %s (a benchmark needs every puzzle; "
                              "fix or remove it)", sk_reader_error(reader));
            break;
        }
        set->count++;
    }
    sk_reader_close(reader);
    if (rc == 0 && set->count == 0)
        rc = sk_error_set(err, SK_EXIT_FAILURE, "bench: %s holds no puzzle", path);
    uint64_t hash = 0xCBF29CE484222325ull;
    for (size_t i = 0; i < set->count; i++)
        for (int c = 0; c < 81; c++)
            hash = (hash ^ set->puzzles[i].cells[c]) * 0x100000001B3ull;
    snprintf(set->fingerprint, sizeof set->fingerprint, "%016llx", (unsigned long long)hash);
    return rc;
}

/* Put the puzzles in a seeded random order (Fisher-Yates). */
static void bench_shuffle(bench_set *set, uint64_t seed)
{
    sk_rng rng;
    sk_rng_seed(&rng, seed, 0);
    for (size_t i = set->count; i > 1; i--) {
        size_t j = sk_rng_below(&rng, (uint32_t)i);
        sk_grid tmp = set->puzzles[i - 1];
        set->puzzles[i - 1] = set->puzzles[j];
        set->puzzles[j] = tmp;
    }
}

static double bench_clock(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Solve every puzzle once; the solver hands back each solution, as it
 * does for solve (a solver may skip building an answer nobody asks for,
 * which would flatter its rate). */
static void bench_pass(sk_instance *solver, const bench_set *set, int limit)
{
    sk_grid solution;
    for (size_t i = 0; i < set->count; i++)
        sk_instance_solve(solver, &set->puzzles[i], limit, &solution, NULL, NULL);
}

/* The checked pass: every answer checked, guesses counted; false (with
 * the reason in r->message) at the first bad answer, when a puzzle ends
 * with the thread's CPU time past cpu_deadline (r->timed_out), or on a
 * stop request. */
static bool bench_check_pass(const sk_op *op, sk_instance *solver, const bench_set *set, int limit,
                             double cpu_deadline, bench_result *r)
{
    sk_error err;
    for (size_t i = 0; i < set->count; i++) {
        if (ski_op_stopped(op)) {
            snprintf(r->message, sizeof r->message, "stopped");
            return false;
        }
        if (i > 0 && bench_clock(CLOCK_THREAD_CPUTIME_ID) > cpu_deadline) {
            r->timed_out = true;
            return false;
        }
        sk_grid solution;
        sk_solve_stats stats;
        int found = sk_instance_solve(solver, &set->puzzles[i], limit, &solution, &stats, &err);
        const char *why = found < 0                                      ? err.message
                          : found == 0                                   ? "no solution found"
                          : !sk_grid_solves(&set->puzzles[i], &solution) ? "returned a wrong grid"
                                                                         : NULL;
        if (why) {
            snprintf(r->message, sizeof r->message, "puzzle %zu: %.255s", i + 1, why);
            return false;
        }
        r->guesses += stats.guesses;
        r->no_guess += stats.guesses == 0;
    }
    return true;
}

/* One thread of the timed run: whole passes until the deadline or a stop
 * request. */
typedef struct bench_thread {
    const sk_op *op;
    sk_instance *solver;
    const bench_set *set;
    int limit;
    double until, ended;
    uint64_t solved;
    pthread_t thread;
} bench_thread;

static void *bench_thread_main(void *arg)
{
    bench_thread *t = arg;
    do {
        bench_pass(t->solver, t->set, t->limit);
        t->solved += t->set->count;
        t->ended = bench_clock(CLOCK_MONOTONIC);
    } while (t->ended < t->until && !ski_op_stopped(t->op));
    return NULL;
}

/* The timed run on jobs threads (the calling one included). */
static void bench_timed(bench_thread *threads, int jobs, double seconds, bench_result *r)
{
    double cpu0 = bench_clock(CLOCK_PROCESS_CPUTIME_ID), t0 = bench_clock(CLOCK_MONOTONIC);
    int started = 1;
    for (int j = 0; j < jobs; j++)
        threads[j].until = t0 + seconds;
    for (; started < jobs; started++)
        if (pthread_create(&threads[started].thread, NULL, bench_thread_main, &threads[started]))
            break;
    bench_thread_main(&threads[0]);
    double last = threads[0].ended;
    for (int j = 0; j < started; j++) {
        if (j > 0)
            pthread_join(threads[j].thread, NULL);
        r->solved += threads[j].solved;
        last = threads[j].ended > last ? threads[j].ended : last;
    }
    r->seconds = last - t0;
    r->cpu_seconds = bench_clock(CLOCK_PROCESS_CPUTIME_ID) - cpu0;
}

/* Where a measure's results go: a child's pipe, or the bench's own copy. */
typedef void (*bench_report_fn)(void *user, const bench_result *r);

/* bench_report_fn into the pipe whose descriptor user points at. */
static void bench_send(void *user, const bench_result *r)
{
    int fd = *(const int *)user;
    size_t done = 0;
    while (done < sizeof *r) {
        ssize_t n = write(fd, (const char *)r + done, sizeof *r - done);
        if (n <= 0 && errno != EINTR)
            return;
        done += n > 0 ? (size_t)n : 0;
    }
}

/* bench_report_fn into the bench_result user points at. */
static void bench_keep_result(void *user, const bench_result *r)
{
    *(bench_result *)user = *r;
}

/* Make the instances, check, warm up, time; report each phase: what a
 * child does, or the bench itself without isolation. */
static void bench_work(sk_op *op, const bench_state *s, const bench_set *set, const char *solver,
                       bench_report_fn report, void *user)
{
    bench_result r = {.phase = 1};
    bench_thread threads[256];
    sk_error err;
    int made = 0;
    for (; made < s->jobs; made++) {
        threads[made] = (bench_thread){.op = op, .set = set, .limit = s->limit};
        if (ski_op_instance(op, SK_KIND_SOLVER, solver, NULL, NULL, &threads[made].solver, &err))
            break;
    }
    double start = bench_clock(CLOCK_MONOTONIC);
    /* --time of CPU time, as the parent bounds a child's (bench_check_bounds). */
    double cpu_deadline = bench_clock(CLOCK_THREAD_CPUTIME_ID) + s->seconds;
    if (made < s->jobs) {
        r.failed = true;
        snprintf(r.message, sizeof r.message, "%.380s", err.message);
    } else if (!bench_check_pass(op, threads[0].solver, set, s->limit, cpu_deadline, &r)) {
        r.failed = true;
    }
    report(user, &r);
    if (!r.failed) {
        while (bench_clock(CLOCK_MONOTONIC) - start < s->warmup && !ski_op_stopped(op))
            bench_pass(threads[0].solver, set, s->limit);
        r.phase = 2;
        bench_timed(threads, s->jobs, s->seconds, &r);
        report(user, &r);
    }
    for (int j = 0; j < made; j++)
        sk_instance_free(threads[j].solver);
}

/* The CPU seconds process pid has used (utime and stime of
 * /proc/PID/stat), or -1 when they cannot be read. */
static double bench_cpu_of(pid_t pid)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    /* After the command's closing parenthesis: the state (field 3), then
     * utime and stime are fields 14 and 15. */
    const char *after = strrchr(buf, ')');
    unsigned long utime, stime;
    if (!after || sscanf(after + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu",
                         &utime, &stime) != 2)
        return -1;
    return (double)(utime + stime) / (double)sysconf(_SC_CLK_TCK);
}

/* Read a result from the child pid on fd: 1 read, 0 the child closed the
 * pipe (it died), -1 timed out or stopped (op's stop request). Timed out:
 * once the child has used more than cpu_limit seconds of CPU (when not 0),
 * so that a busy machine does not make a run time out, or after wall_limit
 * seconds. */
static int bench_receive(const sk_op *op, int fd, bench_result *r, pid_t pid, double cpu_limit,
                         double wall_limit)
{
    size_t done = 0;
    double deadline = bench_clock(CLOCK_MONOTONIC) + wall_limit;
    while (done < sizeof *r) {
        int left = (int)((deadline - bench_clock(CLOCK_MONOTONIC)) * 1000);
        if (left <= 0 || ski_op_stopped(op) || (cpu_limit > 0 && bench_cpu_of(pid) > cpu_limit))
            return -1;
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, left < 50 ? left : 50) <= 0)
            continue;
        ssize_t n = read(fd, (char *)r + done, sizeof *r - done);
        if (n == 0)
            return 0;
        if (n > 0)
            done += (size_t)n;
    }
    return 1;
}

/* The bounds of the checked pass: --time of the child's CPU, and ten times
 * that and 10 s of wall time for a child that waits without working; the
 * wall time alone (with half a second to spare) where a process's CPU time
 * cannot be read. */
static void bench_check_bounds(const bench_state *s, pid_t pid, double *cpu, double *wall)
{
    bool readable = bench_cpu_of(pid) >= 0;
    *cpu = readable ? s->seconds : 0;
    *wall = readable ? 10 * s->seconds + 10 : s->seconds + 0.5;
}

/* A checked pass that did not end within --time of CPU time: TIMEOUT. */
static void bench_timeout(const bench_state *s, bench_result *r, const char **status)
{
    *status = "TIMEOUT";
    snprintf(r->message, sizeof r->message,
             "did not finish the checked pass within %g s of CPU time (--time)", s->seconds);
}

/* Run one (solver, file) in a child; status names the outcome ("ok",
 * "FAILED", "TIMEOUT", "CRASHED"). */
static void bench_measure_apart(sk_op *op, const bench_state *s, const bench_set *set,
                                const char *solver, bench_result *r, const char **status)
{
    int fds[2];
    memset(r, 0, sizeof *r);
    *status = "FAILED";
    if (pipe(fds)) {
        snprintf(r->message, sizeof r->message, "cannot make a pipe: %s", strerror(errno));
        return;
    }
    fflush(NULL); /* nothing buffered twice */
    pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        bench_work(op, s, set, solver, bench_send, &fds[1]);
        _exit(0);
    }
    close(fds[1]);
    double cpu_limit, wall_limit;
    bench_check_bounds(s, pid, &cpu_limit, &wall_limit);
    int got = pid < 0 ? 0 : bench_receive(op, fds[0], r, pid, cpu_limit, wall_limit);
    if (got > 0 && !r->failed)
        got = bench_receive(op, fds[0], r, pid, 0, s->warmup + s->seconds + 10);
    if (got < 0 && pid > 0)
        kill(pid, SIGKILL);
    int wstatus = 0;
    if (pid > 0)
        waitpid(pid, &wstatus, 0);
    close(fds[0]);
    if (got < 0 || (got > 0 && r->timed_out)) {
        bench_timeout(s, r, status);
    } else if (got == 0 && pid > 0 && WIFSIGNALED(wstatus)) {
        *status = "CRASHED";
        snprintf(r->message, sizeof r->message, "died of signal %d", WTERMSIG(wstatus));
    } else if (got > 0 && !r->failed && r->phase == 2) {
        *status = "ok";
    } else if (!r->message[0]) {
        snprintf(r->message, sizeof r->message, "%s", pid < 0 ? strerror(errno) : "no result");
    }
}

/* Run one (solver, file) in this process: a solver that never returns
 * holds the bench, one that crashes ends the program. */
static void bench_measure_here(sk_op *op, const bench_state *s, const bench_set *set,
                               const char *solver, bench_result *r, const char **status)
{
    memset(r, 0, sizeof *r);
    bench_work(op, s, set, solver, bench_keep_result, r);
    if (r->timed_out)
        bench_timeout(s, r, status);
    else
        *status = !r->failed && r->phase == 2 ? "ok" : "FAILED";
}

/* Run one (solver, file), in a child when the program allows it. */
static void bench_measure(sk_op *op, const bench_state *s, const bench_set *set, const char *solver,
                          bench_result *r, const char **status)
{
    if (ski_ctx_isolates_bench(ski_op_ctx(op)))
        bench_measure_apart(op, s, set, solver, r, status);
    else
        bench_measure_here(op, s, set, solver, r, status);
}

/* One result as a row. */
static int bench_row(sk_op *op, const bench_state *s, const bench_set *set, const char *solver,
                     const bench_result *r, const char *status, bool first, sk_error *err)
{
    bool ok = strcmp(status, "ok") == 0;
    double n = (double)set->count;
    const char *name = strrchr(set->path, '/') ? strrchr(set->path, '/') + 1 : set->path;
#define NUM(v, d) ok ? SK_CELL_NUMBER : SK_CELL_NULL, NULL, 0, (v), (d)
    sk_row_cell cells[] = {
        {"file", SK_CELL_TEXT, s->format == SK_ROWS_TABLE ? name : set->path, 0, 0, 0, -26},
        {"fingerprint", SK_CELL_TEXT, set->fingerprint, 0, 0, 0, 0},
        {"solver", SK_CELL_TEXT, solver, 0, 0, 0, -10},
        {"count_limit", SK_CELL_INT, NULL, s->limit, 0, 0, 0},
        {"jobs", SK_CELL_INT, NULL, s->jobs, 0, 0, 0},
        {"puzzles", SK_CELL_INT, NULL, (long long)set->count, 0, 0, 7},
        {"timed_solves", ok ? SK_CELL_INT : SK_CELL_NULL, NULL, (long long)r->solved, 0, 0, 0},
        {"seconds", NUM(r->seconds, 6), 0},
        {"puzzles_per_second", NUM(r->seconds > 0 ? r->solved / r->seconds : 0, 0), 18},
        {"us_per_puzzle", NUM(r->solved ? r->seconds * 1e6 / r->solved : 0, 2), 13},
        {"cpu_percent", NUM(ski_bench_cpu_percent(r->cpu_seconds, r->seconds, s->jobs), 0), 11},
        {"puzzles_per_cpu_second", NUM(r->cpu_seconds > 0 ? r->solved / r->cpu_seconds : 0, 0),
         0},
        {"no_guess_percent", NUM(100.0 * (double)r->no_guess / n, 1), 16},
        {"guesses_per_puzzle", NUM((double)r->guesses / n, 2), 18},
        {"status", SK_CELL_TEXT, status, 0, 0, 0, -7},
    };
#undef NUM
    return ski_op_emit_cells(op, s->format, cells, sizeof cells / sizeof cells[0], first, err);
}

/* Record a good run in the database. Guesses were counted over one pass,
 * so they are scaled to the timed solves. */
static int bench_record(sk_store *store, const bench_state *s, const bench_set *set,
                        const char *solver, const bench_result *r, sk_error *err)
{
    sk_error why;
    char cpu[256];
    ski_cpu_model(cpu, sizeof cpu);
    sk_bench_record record = {
        .solver = solver,
        .dataset_fingerprint = set->fingerprint,
        .dataset_name = set->path,
        .puzzles = (int64_t)r->solved,
        .seconds = r->seconds,
        .guesses = (int64_t)((double)r->guesses * (double)r->solved / (double)set->count),
        .count_limit = s->limit,
        .jobs = s->jobs,
        .sudokit_version = sk_version(),
        .cpu_model = cpu,
        .cpu_seconds = r->cpu_seconds,
        .time_limit = s->seconds,
    };
    if (sk_store_add_bench_run(store, &record, NULL, &why))
        return sk_error_set(err, SK_EXIT_FAILURE, "bench: %s", why.message);
    return 0;
}

double ski_bench_cpu_percent(double cpu_seconds, double seconds, int jobs)
{
    return seconds > 0 && jobs > 0 ? 100 * cpu_seconds / seconds / jobs : 0;
}

/* Below this share of a CPU a thread, a timed run measured the machine's
 * load more than the solver: said at once. */
#define BENCH_LOW_CPU_PERCENT 80

static void bench_warn_low_cpu(sk_op *op, const bench_state *s, const bench_set *set,
                               const char *solver, const bench_result *r)
{
    double share = ski_bench_cpu_percent(r->cpu_seconds, r->seconds, s->jobs);
    if (share < BENCH_LOW_CPU_PERCENT)
        sk_ctx_report(ski_op_ctx(op), "bench: %s on %s got %.0f%% of a CPU a thread: the "
                      "machine was busy (or --jobs %d exceeds its free cores), so the rate "
                      "understates the solver", solver, set->path, share, s->jobs);
}

/* The one rule of what "all" leaves out: the reference solvers that take
 * longer than the default --time on hard puzzle sets (backtrack on every
 * standard file, propagate on 17-clue puzzles), so that a bench with the
 * defaults finishes. "every", or their names, includes them. */
static const char *const bench_slow_solvers[] = {"backtrack", "propagate", NULL};

static bool bench_is_slow(const char *name)
{
    for (int i = 0; bench_slow_solvers[i]; i++)
        if (strcasecmp(name, bench_slow_solvers[i]) == 0)
            return true;
    return false;
}

static bool bench_has_name(char names[][64], int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcasecmp(names[i], name) == 0)
            return true;
    return false;
}

/* Append name to names (n of max) unless it is there; the new count. */
static int bench_add_name(char names[][64], int n, int max, const char *name)
{
    if (bench_has_name(names, n, name))
        return n;
    if (n < max)
        snprintf(names[n++], 64, "%s", name);
    return n;
}

/* The loaded solvers into names: every one, or (every false) every one but
 * the slow ones. The new count. */
static int bench_loaded(sk_host *host, bool every, char names[][64], int n, int max)
{
    for (size_t i = 0; host && i < sk_host_strategy_count(host); i++) {
        const sk_strategy *st = sk_host_strategy_at(host, i)->strategy;
        if (st->kind == SK_KIND_SOLVER && (every || !bench_is_slow(st->name)))
            n = bench_add_name(names, n, max, st->name);
    }
    return n;
}

/* Say which loaded slow solvers "all" left out of names, and how to take
 * them in. */
static void bench_say_left_out(sk_op *op, char names[][64], int n)
{
    sk_host *host = sk_ctx_host(ski_op_ctx(op));
    char left_out[512] = "";
    for (size_t i = 0; host && i < sk_host_strategy_count(host); i++) {
        const sk_strategy *st = sk_host_strategy_at(host, i)->strategy;
        if (st->kind != SK_KIND_SOLVER || !bench_is_slow(st->name) ||
            bench_has_name(names, n, st->name))
            continue;
        size_t used = strlen(left_out);
        snprintf(left_out + used, sizeof left_out - used, "%s%s", used ? "," : "", st->name);
    }
    if (left_out[0] && !ski_op_quiet(op))
        sk_ctx_report(ski_op_ctx(op), "bench: all leaves out %s, slower than the default --time "
                      "on hard puzzles: name them (--solvers all,%s) or use --solvers every",
                      left_out, left_out);
}

/* The solvers to run: the comma-separated list of names (each checked as
 * every strategy name is, in any case), "all" and "every" (bench_loaded),
 * into names (spellings kept in store, max entries). Returns the count, or
 * -1 with err. */
static int bench_solvers(sk_op *op, char *list, char names[][64], int max, sk_error *err)
{
    sk_host *host = sk_ctx_host(ski_op_ctx(op));
    char name_buf[64];
    bool all = false;
    int n = 0;
    for (char *save = NULL, *name = strtok_r(list, ",", &save); name;
         name = strtok_r(NULL, ",", &save)) {
        if (strcmp(name, "all") == 0 || strcmp(name, "every") == 0) {
            all = all || strcmp(name, "all") == 0;
            n = bench_loaded(host, strcmp(name, "every") == 0, names, n, max);
        } else if (ski_key_strategy("bench", SK_KIND_SOLVER, name, host, name_buf,
                                   sizeof name_buf, err)) {
            return -1;
        } else {
            n = bench_add_name(names, n, max, name_buf);
        }
    }
    if (all)
        bench_say_left_out(op, names, n);
    return n ? n : sk_error_set(err, SK_EXIT_USAGE, "bench: solvers names no solver");
}

/* Keep a result for the plot; -1 with err when out of memory. */
static int bench_keep(bench_state *s, const bench_set *set, const char *solver,
                      const bench_result *r, const char *status, sk_error *err)
{
    if (s->bar_count == s->bar_capacity) {
        size_t capacity = s->bar_capacity ? 2 * s->bar_capacity : 16;
        bench_bar *grown = realloc(s->bars, capacity * sizeof *grown);
        if (!grown)
            return sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
        s->bars = grown;
        s->bar_capacity = capacity;
    }
    bench_bar *bar = &s->bars[s->bar_count++];
    const char *name = strrchr(set->path, '/') ? strrchr(set->path, '/') + 1 : set->path;
    snprintf(bar->file, sizeof bar->file, "%s", name);
    snprintf(bar->solver, sizeof bar->solver, "%.63s", solver);
    snprintf(bar->status, sizeof bar->status, "%s", status);
    bar->ok = strcmp(status, "ok") == 0;
    bar->rate = r->seconds > 0 ? (double)r->solved / r->seconds : 0;
    return 0;
}

/* Draw the kept results as bars into the plot file. */
static int bench_plot(const bench_state *s, sk_error *err)
{
    char title[160];
    sk_error why;
    ski_plot_bar *bars = calloc(s->bar_count ? s->bar_count : 1, sizeof *bars);
    if (!bars)
        return SK_FAIL(err, SK_EXIT_FAILURE, "out of memory");
    for (size_t i = 0; i < s->bar_count; i++)
        bars[i] = (ski_plot_bar){s->bars[i].file, s->bars[i].solver, s->bars[i].ok,
                                s->bars[i].rate, s->bars[i].status};
    snprintf(title, sizeof title, "Puzzles solved per second (count-limit %d, %d job%s, %g s)",
             s->limit, s->jobs, s->jobs == 1 ? "" : "s", s->seconds);
    int rc = ski_plot_bars_file(s->plot, title, "/s", bars, s->bar_count, &why);
    free(bars);
    return rc ? SK_FAIL(err, SK_EXIT_FAILURE, "bench: %s", why.message) : SK_EXIT_OK;
}

/* Every solver on one file: a row each, recorded when asked. Returns 0,
 * 1 when a run failed (reported), -1 when the output or the database
 * failed (err set). */
static int bench_file(sk_op *op, bench_state *s, const bench_set *set, char names[][64],
                      int count, sk_store *store, bool *first, sk_error *err)
{
    int status = 0;
    for (int i = 0; i < count && !ski_op_stopped(op); i++) {
        bench_result r;
        const char *outcome;
        /* The line stands while a run measures, and is cleared for its row. */
        ski_progress_update(&s->progress, op->summary.done + op->summary.failed);
        bench_measure(op, s, set, names[i], &r, &outcome);
        ski_progress_finish(&s->progress);
        if (ski_op_stopped(op))
            break; /* a measure a stop cut short is no result */
        if (strcmp(outcome, "ok") != 0) {
            sk_ctx_report(ski_op_ctx(op), "bench: %s on %s: %s: %s", names[i], set->path, outcome,
                          r.message);
            op->summary.failed++;
            status = 1;
        } else {
            op->summary.done++;
            bench_warn_low_cpu(op, s, set, names[i], &r);
        }
        if (bench_row(op, s, set, names[i], &r, outcome, *first, err) ||
            (s->plot && bench_keep(s, set, names[i], &r, outcome, err)))
            return -1;
        *first = false;
        if (store && strcmp(outcome, "ok") == 0 && bench_record(store, s, set, names[i], &r, err))
            return -1;
    }
    return status;
}

static int bench_run(sk_op *op, void *state, sk_error *err)
{
    bench_state *s = state;
    char names[64][64];
    int count = bench_solvers(op, s->solvers, names, 64, err);
    if (count < 0)
        return err->status;
    sk_store *store = NULL;
    sk_error why;
    if (s->store && sk_ctx_open_store(ski_op_ctx(op), &store, &why))
        return SK_FAIL(err, SK_EXIT_FAILURE, "bench: %s", why.message);
    if (ski_op_output_open(op, SK_FORMAT_LINE, NULL, err))
        return err->status;
    int failed = 0, rc = 0;
    bool first = true;
    size_t files = 0;
    while (s->inputs && s->inputs[files])
        files++;
    ski_progress_start(&s->progress, op, "bench", (uint64_t)files * (uint64_t)count);
    for (size_t f = 0; s->inputs && s->inputs[f] && rc >= 0 && !ski_op_stopped(op); f++) {
        bench_set set = {0};
        if (bench_load(op, s->inputs[f], &set, err)) {
            sk_ctx_report(ski_op_ctx(op), "%s", err->message);
            failed++;
        } else {
            if (s->shuffle)
                bench_shuffle(&set, s->seed);
            rc = bench_file(op, s, &set, names, count, store, &first, err);
            failed += rc > 0;
        }
        free(set.puzzles);
    }
    ski_progress_finish(&s->progress);
    sk_ctx_close_store(ski_op_ctx(op), store);
    if (rc < 0 || (s->plot && !ski_op_stopped(op) && bench_plot(s, err)))
        return err->status;
    if (failed)
        return SK_FAIL(err, SK_EXIT_FAILURE, "bench: %llu runs and %d files failed",
                       (unsigned long long)op->summary.failed, failed);
    return SK_EXIT_OK;
}

static void bench_release(void *state)
{
    bench_state *s = state;
    free(s->solvers);
    free(s->plot);
    free(s->bars);
    ski_op_list_free(s->inputs);
}

const ski_op_def ski_op_bench = {
    .info = {.name = "bench",
             .summary = "time solver strategies on puzzle files",
             .synopsis = "FILE...",
             .description =
                 "Time solver strategies on each FILE. Each file is read once into memory (a "
                 "bad puzzle stops that file). For each solver, in a process of its own, a "
                 "checked pass solves every puzzle and checks the answer (a wrong or missing "
                 "answer marks it FAILED; one that does not finish within --time of CPU time "
                 "(so that a busy machine does not make it fail) is TIMEOUT; "
                 "one that crashes is CRASHED), whole passes warm up, then whole passes are "
                 "timed until --time has passed. cpu_percent is the share of the wall time "
                 "the threads ran: below 100 on a busy machine, and a run below 80 is warned "
                 "of. --solvers all leaves out the solvers too slow for the default --time "
                 "on hard puzzles (backtrack, propagate) and says so; every takes them in. "
                 "--store records each good run with its CPU time and --time (sudokit db "
                 "benchmarks lists them). --plot draws puzzles_per_second as "
                 "bars, a group per file and a colour per solver, at the end of the bench, "
                 "each with its figure, on a log axis when the rates span more than 30 times, "
                 "with a run that failed marked by its status in a grey hatched box.",
             .keys = bench_keys,
             .inputs = SK_INPUT_SOME,
             .input_key = "input"},
    .state_size = sizeof(bench_state),
    .set = bench_set_key,
    .check = bench_check,
    .run = bench_run,
    .release = bench_release,
};
