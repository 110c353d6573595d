/* Operation grids: N distinct complete grids written to a file in the
 * classic layout at the speed of a file copy (`sudokit -c N`). Workers
 * make chunks of grids and write each where it belongs in the file. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "atomic_file.h"
#include "op.h"
#include "sudokit/grid.h"

/* The pattern generator's guarantee of distinct grids per seed. */
#define GRIDS_MAX_COUNT 5806080LL
/* Bytes of one grid with the blank line before it (every grid but the
 * first has one), so grid i starts at i * GRIDS_STRIDE - 1. */
#define GRIDS_STRIDE (SK_CLASSIC_CHARS + 1)
/* Grids per work unit. */
#define GRIDS_CHUNK 8192

enum { GRIDS_COUNT, GRIDS_SEED, GRIDS_OUTPUT, GRIDS_JOBS };

static const sk_key grids_keys[] = {
    {.name = "count", .short_name = 'n', .kind = SK_KEY_INT, .value_name = "N", .min = 1,
     .max = GRIDS_MAX_COUNT,
     .help = "how many grids (at most 5806080, what the pattern generator keeps distinct)",
     .id = GRIDS_COUNT},
    SK_KEY_SEED(GRIDS_SEED, NULL, "seed of the run (default: from the clock)"),
    {.name = "output", .short_name = 'o', .kind = SK_KEY_TEXT, .value_name = "FILE",
     .fallback = "sudoku.txt", .help = "the file (replaced only when every grid is written)",
     .id = GRIDS_OUTPUT},
    {.name = "jobs", .short_name = 'j', .kind = SK_KEY_INT, .value_name = "N", .min = 0,
     .max = 64, .fallback = "0", .help = "worker threads (0: one per core, at most 8)",
     .id = GRIDS_JOBS},
    SK_KEY_END,
};

typedef struct grids_state {
    long long count;
    uint64_t seed;
    bool seeded;
    int jobs;
    /* the run, shared by the workers */
    sk_op *op;
    ski_atomic_file *out;
    long long next_chunk; /* guarded by lock */
    int failed;           /* guarded by lock */
    char err[1024];       /* the first failure; "" for a write error */
    pthread_mutex_t lock;
} grids_state;

static int grids_set(sk_op *op, void *state, const sk_key *key, const sk_value *v,
                     sk_error *err)
{
    grids_state *s = state;
    (void)op, (void)err;
    switch (key->id) {
    case GRIDS_COUNT: s->count = v->integer; return 0;
    case GRIDS_SEED: s->seed = v->seed; s->seeded = true; return 0;
    case GRIDS_JOBS: s->jobs = (int)v->integer; return 0;
    default: return 0;
    }
}

static void grids_fail(grids_state *s, const char *message)
{
    pthread_mutex_lock(&s->lock);
    if (!s->failed++)
        snprintf(s->err, sizeof s->err, "%s", message ? message : "");
    pthread_mutex_unlock(&s->lock);
}

/* The next chunk to make, or -1 when none is left (or the run failed). */
static long long grids_claim(grids_state *s)
{
    pthread_mutex_lock(&s->lock);
    long long chunk = s->failed || ski_op_stopped(s->op) ? -1 : s->next_chunk++;
    pthread_mutex_unlock(&s->lock);
    return chunk < 0 || chunk * GRIDS_CHUNK >= s->count ? -1 : chunk;
}

/* Make grids [first, last) into buffer; returns the bytes, or 0 on error. */
static size_t grids_make(grids_state *s, sk_instance *gen, long long first, long long last,
                         char *buffer)
{
    sk_gen_request request = {.struct_size = sizeof request, .seed = s->seed};
    sk_gen_result result;
    sk_error err;
    char *cursor = buffer;
    for (long long i = first; i < last; i++) {
        request.index = (uint64_t)i;
        if (sk_instance_generate(gen, &request, &result, &err) != SK_OK) {
            grids_fail(s, err.message);
            return 0;
        }
        if (i > 0)
            *cursor++ = '\n';
        sk_grid_format_classic(&result.solution, cursor);
        cursor += SK_CLASSIC_CHARS;
    }
    return (size_t)(cursor - buffer);
}

static void *grids_worker(void *arg)
{
    grids_state *s = arg;
    sk_error err;
    sk_instance *gen = NULL;
    char *buffer = malloc((size_t)GRIDS_CHUNK * GRIDS_STRIDE);
    if (!buffer || ski_op_instance(s->op, SK_KIND_GENERATOR, "pattern", NULL, NULL, &gen, &err)) {
        grids_fail(s, buffer ? err.message : "out of memory");
        free(buffer);
        return NULL;
    }
    long long chunk;
    while ((chunk = grids_claim(s)) >= 0) {
        long long first = chunk * GRIDS_CHUNK;
        long long last = first + GRIDS_CHUNK < s->count ? first + GRIDS_CHUNK : s->count;
        size_t len = grids_make(s, gen, first, last, buffer);
        size_t offset = first > 0 ? (size_t)first * GRIDS_STRIDE - 1 : 0;
        if (len == 0)
            break;
        if (ski_atomic_file_pwrite(s->out, buffer, len, offset)) {
            grids_fail(s, NULL);
            break;
        }
    }
    free(buffer);
    sk_instance_free(gen);
    return NULL;
}

/* Start the workers (one per core, at most 8, or as asked) and wait. */
static void grids_work(grids_state *s)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    long long chunks = (s->count + GRIDS_CHUNK - 1) / GRIDS_CHUNK;
    int workers = s->jobs ? s->jobs : (int)(cores < 1 ? 1 : cores > 8 ? 8 : cores);
    if (workers > chunks)
        workers = (int)chunks;
    pthread_t threads[64];
    int started = 0;
    for (; started < workers; started++)
        if (pthread_create(&threads[started], NULL, grids_worker, s) != 0)
            break;
    if (started == 0)
        grids_worker(s);
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
}

static int grids_run(sk_op *op, void *state, sk_error *err)
{
    grids_state *s = state;
    s->op = op;
    if (!s->count)
        return SK_FAIL(err, SK_EXIT_USAGE, "grids: give the count");
    if (!ski_op_strategy(op, SK_KIND_GENERATOR, "pattern", err))
        return err->status;
    if (!s->seeded)
        s->seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
    const char *output = ski_op_output_path(op) ? ski_op_output_path(op) : "sudoku.txt";
    if (sk_ctx_check_file(ski_op_ctx(op), output, SK_ACCESS_WRITE, err))
        return err->status;
    sk_error why;
    if (!(s->out = ski_atomic_file_open(output, &why)))
        return SK_FAIL(err, SK_EXIT_FAILURE, "grids: %s", why.message);
    pthread_mutex_init(&s->lock, NULL);
    grids_work(s);
    pthread_mutex_destroy(&s->lock);
    if (ski_op_stopped(op) || (s->failed && s->err[0])) {
        ski_atomic_file_abort(s->out);
        return ski_op_stopped(op) ? SK_EXIT_FAILURE : SK_FAIL(err, SK_EXIT_FAILURE, "%s", s->err);
    }
    /* After a write error, commit says which file and why, and leaves the
     * target as it was. */
    if (ski_atomic_file_commit(s->out, &why))
        return SK_FAIL(err, SK_EXIT_FAILURE, "grids: %s; %s left as it was", why.message, output);
    op->summary.done = (uint64_t)s->count;
    return SK_EXIT_OK;
}

const ski_op_def ski_op_grids = {
    .info = {.name = "grids",
             .summary = "distinct complete grids into a file, classic layout (sudokit -c N)",
             .synopsis = "",
             .description = "Write COUNT distinct complete grids to FILE in the classic layout: "
                            "9 lines of space-separated digits per grid, a blank line between "
                            "grids; the top-left digit is always 1. The same seed gives the same "
                            "file. An existing FILE is never truncated by a failing run.",
             .keys = grids_keys,
             .inputs = SK_INPUT_NONE},
    .state_size = sizeof(grids_state),
    .set = grids_set,
    .run = grids_run,
};
