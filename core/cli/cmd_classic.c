/* The classic program: `sudokit -c N` and `sudokit -s FILE` into ./sudoku.txt. */
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "sudokit/atomic_file.h"
#include "sudokit/grid.h"
#include "sudokit/reader.h"

#define CLASSIC_OUTPUT "sudoku.txt"
/* The pattern generator's guarantee of distinct grids per seed. */
#define CLASSIC_MAX_COUNT 5806080L

static bool classic_parse_seed(const char *text, uint64_t *seed)
{
    long value;
    if (!sk_parse_long(text, 0, LONG_MAX, &value))
        return false;
    *seed = (uint64_t)value;
    return true;
}

/* Bytes of one grid in sudoku.txt with the blank line before it (every
 * grid but the first has one), so grid i starts at i * CLASSIC_STRIDE. */
#define CLASSIC_STRIDE (SK_CLASSIC_CHARS + 1)
/* Grids per work unit of the -c workers. */
#define CLASSIC_CHUNK 8192

/* Shared state of the -c workers. */
typedef struct classic_job {
    sk_host *host;
    sk_atomic_file *out;
    uint64_t seed;
    long count;
    long next_chunk; /* guarded by lock */
    int failed;      /* guarded by lock */
    char err[1024];  /* the first failure's message; "" for a write error,
                      * which the atomic file itself describes */
    pthread_mutex_t lock;
} classic_job;

static void classic_job_fail(classic_job *job, const char *message)
{
    pthread_mutex_lock(&job->lock);
    if (!job->failed++)
        snprintf(job->err, sizeof job->err, "%s", message ? message : "");
    pthread_mutex_unlock(&job->lock);
}

/* One worker: its own generator instance; takes chunks until none is left
 * and writes each where it belongs in the file. */
static void *classic_worker(void *arg)
{
    classic_job *job = arg;
    char err[1024];
    sk_instance *generator;
    if (sk_instance_new(job->host, SK_KIND_GENERATOR, "pattern", NULL, NULL, &generator, err,
                        sizeof err)) {
        classic_job_fail(job, err);
        return NULL;
    }
    char *buffer = malloc((size_t)CLASSIC_CHUNK * CLASSIC_STRIDE);
    if (!buffer) {
        classic_job_fail(job, "out of memory");
        sk_instance_free(generator);
        return NULL;
    }
    sk_gen_request request = {.seed = job->seed};
    sk_gen_result result;
    for (;;) {
        pthread_mutex_lock(&job->lock);
        long chunk = job->failed ? -1 : job->next_chunk++;
        pthread_mutex_unlock(&job->lock);
        long first = chunk * CLASSIC_CHUNK;
        if (chunk < 0 || first >= job->count)
            break;
        long last = first + CLASSIC_CHUNK < job->count ? first + CLASSIC_CHUNK : job->count;
        char *cursor = buffer;
        for (long i = first; i < last; i++) {
            request.index = (uint64_t)i;
            if (sk_instance_generate(generator, &request, &result, err, sizeof err) != SK_OK) {
                classic_job_fail(job, err);
                goto done;
            }
            if (i > 0)
                *cursor++ = '\n';
            sk_grid_format_classic(&result.solution, cursor);
            cursor += SK_CLASSIC_CHARS;
        }
        size_t offset = first > 0 ? (size_t)first * CLASSIC_STRIDE - 1 : 0;
        if (sk_atomic_file_pwrite(job->out, buffer, (size_t)(cursor - buffer), offset)) {
            classic_job_fail(job, NULL);
            break;
        }
    }
done:
    free(buffer);
    sk_instance_free(generator);
    return NULL;
}

/* Write count grids of the pattern generator to sudoku.txt with one worker
 * per core. */
static int classic_generate(sk_cli *cli, long count, uint64_t seed)
{
    char err[1024];
    classic_job job = {.host = sk_cli_host(cli), .seed = seed, .count = count};
    if (!sk_host_find(job.host, SK_KIND_GENERATOR, "pattern"))
        return sk_cli_fail("-c needs the pattern generator plugin (see sudokit plugins)");
    job.out = sk_atomic_file_open(CLASSIC_OUTPUT, err, sizeof err);
    if (!job.out)
        return sk_cli_fail("%s", err);
    pthread_mutex_init(&job.lock, NULL);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    long chunks = (count + CLASSIC_CHUNK - 1) / CLASSIC_CHUNK;
    int workers = (int)(cores < 1 ? 1 : cores > 8 ? 8 : cores);
    if (workers > chunks)
        workers = (int)chunks;
    pthread_t threads[8];
    int started = 0;
    for (; started < workers; started++)
        if (pthread_create(&threads[started], NULL, classic_worker, &job) != 0)
            break;
    if (started == 0)
        classic_worker(&job);
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    pthread_mutex_destroy(&job.lock);
    if (job.failed && job.err[0]) {
        sk_atomic_file_abort(job.out);
        return sk_cli_fail("%s", job.err);
    }
    /* After a write error, commit reports it with the file and the reason
     * and leaves the target as it was. */
    if (sk_atomic_file_commit(job.out, err, sizeof err))
        return sk_cli_fail("-c: %s; %s left as it was", err, CLASSIC_OUTPUT);
    return SK_EXIT_OK;
}

/* Check a count given to -c; 0 or a usage error already reported. */
static int classic_check_count(const char *text, long *count)
{
    const char *digits = text + (text[0] == '-' || text[0] == '+');
    bool numeric = *digits != '\0';
    for (const char *p = digits; *p; p++)
        numeric &= *p >= '0' && *p <= '9';
    if (!numeric)
        return sk_cli_fail("-c: '%s' is not a whole number; give a count from 1 to %ld", text,
                           CLASSIC_MAX_COUNT);
    if (text[0] == '-' || (sk_parse_long(text, LONG_MIN, LONG_MAX, count) && *count < 1))
        return sk_cli_fail("-c: the count must be at least 1 (got %s)", text);
    if (!sk_parse_long(text, 1, CLASSIC_MAX_COUNT, count))
        return sk_cli_fail("-c: %s is too large; at most %ld distinct grids can be made", text,
                           CLASSIC_MAX_COUNT);
    return 0;
}

int sk_cmd_classic_count(sk_cli *cli, const char *count_text, const char *seed_text)
{
    long count;
    if (classic_check_count(count_text, &count))
        return SK_EXIT_USAGE;
    uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
    if (seed_text && !classic_parse_seed(seed_text, &seed))
        return sk_cli_fail("--seed: '%s' is not a non-negative whole number", seed_text),
               SK_EXIT_USAGE;

    return classic_generate(cli, count, seed);
}

int sk_cmd_classic_solve(sk_cli *cli, const char *path, const char *solver_name)
{
    char err[1024];
    sk_reader *reader = sk_reader_open(path, err, sizeof err);
    if (!reader)
        return sk_cli_fail("-s: %s", err);
    sk_host *host = sk_cli_host(cli);
    if (!solver_name)
        solver_name = sk_host_default_name(host, SK_KIND_SOLVER);
    if (!solver_name) {
        sk_reader_close(reader);
        return sk_cli_fail("no solver plugin found (see sudokit plugins)");
    }
    sk_instance_config config = {.verify = true};
    sk_instance *solver;
    if (sk_instance_new(host, SK_KIND_SOLVER, solver_name, NULL, &config, &solver, err,
                        sizeof err)) {
        sk_reader_close(reader);
        return sk_cli_fail("%s", err);
    }
    sk_atomic_file *out = sk_atomic_file_open(CLASSIC_OUTPUT, err, sizeof err);
    if (!out) {
        sk_instance_free(solver);
        sk_reader_close(reader);
        return sk_cli_fail("%s", err);
    }
    size_t solved = 0, failed = 0;
    sk_grid puzzle, solution;
    sk_read_status status;
    while ((status = sk_reader_next(reader, &puzzle)) != SK_READ_END) {
        if (status == SK_READ_IO) {
            sk_cli_fail("%s", sk_reader_error(reader));
            failed++;
            break;
        }
        if (status == SK_READ_BAD) {
            sk_cli_fail("%s", sk_reader_error(reader));
            failed++;
            continue;
        }
        int found = sk_instance_solve(solver, &puzzle, 1, &solution, NULL, err, sizeof err);
        const sk_reader_position *pos = sk_reader_position_of(reader);
        if (found != 1) {
            sk_cli_fail("%s:%zu: puzzle %zu: %s", pos->name, pos->line, pos->puzzle,
                        found == 0 ? "has no solution" : err);
            failed++;
            continue;
        }
        char *slot = sk_atomic_file_reserve(out, SK_CLASSIC_CHARS + 1);
        size_t used = 0;
        if (solved > 0)
            slot[used++] = '\n';
        sk_grid_format_classic(&solution, slot + used);
        sk_atomic_file_advance(out, used + SK_CLASSIC_CHARS);
        solved++;
    }
    sk_instance_free(solver);
    sk_reader_close(reader);
    if (failed || solved == 0) {
        sk_atomic_file_abort(out);
        if (solved + failed == 0)
            return sk_cli_fail("-s: %s holds no puzzle; %s not written", path, CLASSIC_OUTPUT);
        return sk_cli_fail("-s: %zu of %zu puzzles failed; %s not written", failed,
                           failed + solved, CLASSIC_OUTPUT);
    }
    if (sk_atomic_file_commit(out, err, sizeof err))
        return sk_cli_fail("%s", err);
    return SK_EXIT_OK;
}
