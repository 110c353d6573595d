/* Two threads run operations on two contexts side by side and share
 * nothing mutable: a stop request made to one context ends its run and
 * leaves the other's run, which is in progress at that moment, to finish
 * every puzzle; the strategies each context makes, and the helpers behind
 * their services, are created in that context's creation context only.
 * Built with ThreadSanitizer (.ci/run), the runs also show no data race
 * between two sk_op_run calls of one process. */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "sudokit/grid.h"
#include "sudokit/host.h"
#include "sudokit/ops.h"
#include "sudokit/record.h"

/* The puzzles the solving context reads (tests/data/17_clue_2000.txt). */
#define TWO_PUZZLES 2000

/* One context's run: the request made, what its records say. */
typedef struct two_run {
    const char *name; /* the operation */
    bool on_signals;  /* the context's stop_on_signals */
    sk_ctx *ctx;
    sk_op *op;
    int status;
    atomic_bool finished;
    atomic_int records;
    pthread_t thread;
} two_run;

/* What the main thread and the two runs tell each other. */
static atomic_bool two_stopped_is_running; /* the run to stop gave records */
static atomic_bool two_stop_done;          /* it was stopped and returned */

/* The generating run's sink: counts records, and says when there are a few. */
static int two_generated(void *user, const sk_record *record)
{
    (void)record;
    two_run *run = user;
    if (atomic_fetch_add(&run->records, 1) + 1 == 3)
        atomic_store(&two_stopped_is_running, true);
    return 0;
}

/* The solving run's sink: counts records; at the first one, holds the run
 * until the other context's run was stopped, so that the stop comes while
 * this run is in progress. */
static int two_solved(void *user, const sk_record *record)
{
    (void)record;
    two_run *run = user;
    if (atomic_fetch_add(&run->records, 1) == 0)
        while (!atomic_load(&two_stop_done))
            sched_yield();
    return 0;
}

static void *two_thread(void *arg)
{
    two_run *run = arg;
    sk_error err;
    run->status = sk_op_run(run->op, &err);
    if (run->status != 0 && run->status != SK_EXIT_FAILURE)
        fprintf(stderr, "%s: %s\n", run->name, err.message);
    atomic_store(&run->finished, true);
    return NULL;
}

/* Make run's context and request; key/value pairs end with NULL. */
static bool two_prepare(two_run *run, sk_sink *sink, const char *const *keys)
{
    sk_ctx_config config = {
        .plugin_path = SK_TEST_PLUGIN_DIR, .quiet = true, .stop_on_signals = run->on_signals};
    sk_error err;
    run->ctx = sk_ctx_new(&config);
    if (!run->ctx || sk_op_new(run->ctx, run->name, &run->op, &err) != 0)
        return false;
    for (size_t i = 0; keys[i]; i += 2)
        if (sk_op_set(run->op, keys[i], keys[i + 1], &err) != 0) {
            fprintf(stderr, "%s: %s\n", run->name, err.message);
            return false;
        }
    sink->user = run;
    sk_op_set_sink(run->op, sink);
    return true;
}

/* Generate without end on one context and solve 2000 puzzles on another,
 * each on its own thread with two workers; stop the generating one. */
static void two_run_side_by_side(bool on_signals)
{
    char input[1024];
    const char *data = getenv("SUDOKIT_DATA");
    snprintf(input, sizeof input, "%s/17_clue_2000.txt", data ? data : "tests/data");
    const char *const generate_keys[] = {"count", "100000000", "jobs", "2", "seed", "7", NULL};
    const char *const solve_keys[] = {"input", input, "jobs", "2", NULL};
    two_run stopped = {.name = "generate", .on_signals = on_signals};
    two_run solving = {.name = "solve", .on_signals = on_signals};
    sk_sink generated = {.record = two_generated}, solved = {.record = two_solved};
    atomic_store(&two_stopped_is_running, false);
    atomic_store(&two_stop_done, false);
    CHECK(two_prepare(&stopped, &generated, generate_keys));
    CHECK(two_prepare(&solving, &solved, solve_keys));
    if (!stopped.op || !solving.op)
        return;
    CHECK_INT(pthread_create(&stopped.thread, NULL, two_thread, &stopped), 0);
    CHECK_INT(pthread_create(&solving.thread, NULL, two_thread, &solving), 0);
    while (!atomic_load(&two_stopped_is_running) && !atomic_load(&stopped.finished))
        sched_yield();
    sk_ctx_stop(stopped.ctx, 0);
    CHECK_INT(pthread_join(stopped.thread, NULL), 0);
    atomic_store(&two_stop_done, true);
    CHECK_INT(pthread_join(solving.thread, NULL), 0);

    CHECK_INT(stopped.status, SK_EXIT_FAILURE);
    CHECK(sk_op_summary_of(stopped.op)->stopped);
    CHECK(atomic_load(&stopped.records) >= 3);
    CHECK_INT(solving.status, SK_EXIT_OK);
    CHECK(!sk_op_summary_of(solving.op)->stopped);
    CHECK_INT(atomic_load(&solving.records), TWO_PUZZLES);
    CHECK_INT(sk_ctx_stopped(solving.ctx), 0);
    sk_op_free(stopped.op);
    sk_ctx_free(stopped.ctx);
    sk_op_free(solving.op);
    sk_ctx_free(solving.ctx);
}

static void test_stop_of_one_context_leaves_the_other_running(void)
{
    two_run_side_by_side(false);
}

/* Both watch SIGINT, SIGTERM and SIGHUP, which a signal would stop both
 * for; a stop request of one context is still its own. */
static void test_stop_is_per_context_when_both_watch_signals(void)
{
    two_run_side_by_side(true);
}

/* ----------------------------------------------- creation contexts -- */

/* A built-in plugin whose rater and generator tell the creation context
 * they were made in: it is a double, which the rater gives as its score
 * and the generator as its attempts (the score of its helper rater). */
typedef struct witness {
    const sk_services *services;
    const double *context;
} witness;

static void *witness_create(const void *context, const sk_services *services,
                            const sk_option *options, size_t option_count, char *err,
                            size_t errlen)
{
    (void)options;
    (void)option_count;
    witness *w = calloc(1, sizeof *w);
    if (!w)
        snprintf(err, errlen, "out of memory");
    else
        *w = (witness){services, context};
    return w;
}

static void witness_destroy(void *instance)
{
    free(instance);
}

static int witness_rate(void *instance, const sk_grid *puzzle, sk_rating *out, sk_step_fn on_step,
                        void *user, char *err, size_t errlen)
{
    (void)puzzle;
    (void)on_step;
    (void)user;
    (void)err;
    (void)errlen;
    const witness *w = instance;
    out->score = w->context ? *w->context : 0;
    out->level = 1;
    return SK_OK;
}

/* The first puzzle of the test data (a 17-clue puzzle), its solution
 * counted by the host's solver, and attempts = its helper rater's score. */
static int witness_generate(void *instance, const sk_gen_request *request, sk_gen_result *out,
                            char *err, size_t errlen)
{
    (void)request;
    (void)err;
    (void)errlen;
    const witness *w = instance;
    static const char line[] =
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000";
    sk_rating rating = {.struct_size = sizeof rating};
    if (sk_grid_parse_line(&out->puzzle, line, sizeof line - 1, NULL) ||
        w->services->count_solutions(w->services->ctx, &out->puzzle, 2, &out->solution) != 1 ||
        w->services->rate(w->services->ctx, &out->puzzle, &rating) != SK_OK)
        return SK_ERR;
    out->attempts = (uint32_t)rating.score;
    return SK_OK;
}

static const sk_strategy witness_rater = {
    .struct_size = sizeof(sk_strategy), .kind = SK_KIND_RATER, .name = "witness",
    .summary = "scores the creation context", .destroy = witness_destroy, .rate = witness_rate};
static const sk_strategy witness_generator = {
    .struct_size = sizeof(sk_strategy), .kind = SK_KIND_GENERATOR, .name = "witness",
    .summary = "gives the creation context as attempts", .destroy = witness_destroy,
    .generate = witness_generate};
static const sk_strategy *const witness_strategies[] = {&witness_rater, &witness_generator, NULL};
static const sk_host_create_fn witness_creates[] = {witness_create, witness_create};
static const sk_plugin witness_plugin = {
    .abi_major = SK_ABI_MAJOR, .abi_minor = SK_ABI_MINOR, .struct_size = sizeof(sk_plugin),
    .name = "witness", .version = "1", .strategies = witness_strategies};

static int witness_add(sk_host *host, sk_error *err)
{
    return sk_host_add_with_context(host, &witness_plugin, witness_creates, "(test)", err);
}

/* One context's thread: a rate run over the test data with the witness
 * rater on two workers, then a witness generator whose helper rater is
 * made on demand; all of them must see this context's value. The context
 * is freed after the join: unloading plugins (dlclose) on two threads at
 * once is the C library's business, which ThreadSanitizer cannot see. */
typedef struct made_in {
    double value;
    sk_ctx *ctx; /* freed by the main thread, as a program would */
    atomic_int records, records_of_value;
    uint32_t generated_attempts;
    int status;
} made_in;

static int made_in_rated(void *user, const sk_record *record)
{
    made_in *m = user;
    atomic_fetch_add(&m->records, 1);
    if (record->rated && record->rating.score == m->value)
        atomic_fetch_add(&m->records_of_value, 1);
    return 0;
}

static void *made_in_thread(void *arg)
{
    made_in *m = arg;
    char input[1024];
    const char *data = getenv("SUDOKIT_DATA");
    snprintf(input, sizeof input, "%s/17_clue_2000.txt", data ? data : "tests/data");
    sk_ctx_config config = {.plugin_path = SK_TEST_PLUGIN_DIR, .quiet = true,
                            .prepare_host = witness_add, .strategy_context = &m->value};
    sk_ctx *ctx = m->ctx = sk_ctx_new(&config);
    sk_op *op = NULL;
    sk_error err = {0};
    sk_sink sink = {.record = made_in_rated, .user = m};
    m->status = -1;
    if (ctx && !sk_op_new(ctx, "rate", &op, &err) && !sk_op_set(op, "rater", "witness", &err) &&
        !sk_op_set(op, "input", input, &err) && !sk_op_set(op, "jobs", "2", &err)) {
        sk_op_set_sink(op, &sink);
        m->status = sk_op_run(op, &err);
    }
    if (m->status)
        fprintf(stderr, "rate: %s\n", err.message);
    sk_op_free(op);
    sk_instance *generator = NULL;
    sk_error why;
    sk_instance_config made = {.rater = "witness", .context = &m->value};
    sk_gen_result result = {0};
    sk_host *host = ctx ? sk_ctx_host(ctx) : NULL;
    if (host && !sk_instance_new(host, SK_KIND_GENERATOR, "witness", NULL, &made, &generator, &why) &&
        sk_instance_generate(generator, &(sk_gen_request){0}, &result, &why) == SK_OK)
        m->generated_attempts = result.attempts;
    sk_instance_free(generator);
    return NULL;
}

/* Two contexts, two threads, two creation contexts: each run's raters
 * and each generator's helper rater see their own and never the other's. */
static void test_each_context_makes_strategies_in_its_own_creation_context(void)
{
    made_in first = {.value = 3}, second = {.value = 5};
    pthread_t a, b;
    CHECK_INT(pthread_create(&a, NULL, made_in_thread, &first), 0);
    CHECK_INT(pthread_create(&b, NULL, made_in_thread, &second), 0);
    CHECK_INT(pthread_join(a, NULL), 0);
    CHECK_INT(pthread_join(b, NULL), 0);
    for (made_in *m = &first; m; m = m == &first ? &second : NULL) {
        CHECK_INT(m->status, SK_EXIT_OK);
        CHECK_INT(atomic_load(&m->records), TWO_PUZZLES);
        CHECK_INT(atomic_load(&m->records_of_value), TWO_PUZZLES);
        CHECK_INT(m->generated_attempts, (uint32_t)m->value);
        sk_ctx_free(m->ctx);
    }
}

static const ski_test_case cases[] = {
    {"stop_of_one_context_leaves_the_other_running",
     test_stop_of_one_context_leaves_the_other_running},
    {"stop_is_per_context_when_both_watch_signals",
     test_stop_is_per_context_when_both_watch_signals},
    {"each_context_makes_strategies_in_its_own_creation_context",
     test_each_context_makes_strategies_in_its_own_creation_context},
};

int main(int argc, char **argv)
{
    return ski_test_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
