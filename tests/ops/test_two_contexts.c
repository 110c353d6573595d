/* Two threads run operations on two contexts side by side and share
 * nothing mutable: a stop request made to one context ends its run and
 * leaves the other's run, which is in progress at that moment, to finish
 * every puzzle. Built with ThreadSanitizer (.ci/run), the runs also show
 * no data race between two sk_op_run calls of one process. */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "sudokit/ops.h"

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

static const ski_test_case cases[] = {
    {"stop_of_one_context_leaves_the_other_running",
     test_stop_of_one_context_leaves_the_other_running},
    {"stop_is_per_context_when_both_watch_signals",
     test_stop_is_per_context_when_both_watch_signals},
};

int main(int argc, char **argv)
{
    return ski_test_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
