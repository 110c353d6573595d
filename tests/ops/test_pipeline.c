/* The ordered parallel pipeline (core/ops/pipeline.c): for any number of
 * jobs, batch size and depth, every item is worked exactly once and
 * written in input order; a writer that stops, a read error and a worker
 * that cannot start each end the run cleanly. CI also runs it under
 * ThreadSanitizer (.ci/run), since the hand-offs are lock-free. */
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include "check.h"
#include "op.h"

#define TP_MAX_ITEMS 6000

typedef struct tp_item {
    size_t index;
    uint64_t result;
} tp_item;

typedef struct tp_run {
    size_t count;           /* items the input holds */
    size_t fail_read_at;    /* read fails on this item (SIZE_MAX: never) */
    size_t stop_write_at;   /* write stops on this item (SIZE_MAX: never) */
    int stop_status;        /* what write returns there: 1 or -1 */
    size_t slow_read_every; /* read naps 1 ms every so many items (0: never) */
    int fail_worker;        /* worker_new fails for this worker (1-based; 0: none) */
    size_t read, written, freed;
    bool out_of_order, wrong_result;
    atomic_int workers_made, workers_freed;
    atomic_int worked[TP_MAX_ITEMS]; /* times each item was worked */
} tp_run;

static uint64_t tp_hash(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return x;
}

static int tp_read(void *user, void *item_arg, sk_error *err)
{
    tp_run *run = user;
    tp_item *item = item_arg;
    if (run->read == run->fail_read_at)
        return sk_error_set(err, SK_EXIT_FAILURE, "read failed at %zu", run->read);
    if (run->read == run->count)
        return 0;
    if (run->slow_read_every && run->read % run->slow_read_every == 0)
        nanosleep(&(struct timespec){0, 1000000}, NULL);
    *item = (tp_item){.index = run->read++};
    return 1;
}

static int tp_worker_new(void *user, void **worker, sk_error *err)
{
    tp_run *run = user;
    int number = atomic_fetch_add(&run->workers_made, 1) + 1;
    if (number == run->fail_worker) {
        atomic_fetch_sub(&run->workers_made, 1);
        return sk_error_set(err, SK_EXIT_FAILURE, "worker %d cannot start", number);
    }
    *worker = run;
    return 0;
}

static void tp_worker_free(void *user, void *worker)
{
    (void)worker;
    atomic_fetch_add(&((tp_run *)user)->workers_freed, 1);
}

/* Uneven work, with now and then a long item, so that the workers finish
 * out of order and the writer must put them back in order. */
static void tp_work(void *user, void *worker, void *item_arg)
{
    (void)worker;
    tp_run *run = user;
    tp_item *item = item_arg;
    uint64_t h = tp_hash(item->index);
    size_t spins = (size_t)(h % 512) + (item->index % 97 == 0 ? 200000 : 0);
    for (volatile size_t i = 0; i < spins; i++)
        ;
    item->result = h;
    atomic_fetch_add(&run->worked[item->index], 1);
}

static int tp_write(void *user, void *item_arg, sk_error *err)
{
    tp_run *run = user;
    tp_item *item = item_arg;
    if (item->index != run->written)
        run->out_of_order = true;
    if (item->result != tp_hash(item->index))
        run->wrong_result = true;
    if (item->index == run->stop_write_at)
        return run->stop_status < 0 ? sk_error_set(err, SK_EXIT_FAILURE, "write failed") : 1;
    run->written++;
    return 0;
}

static void tp_item_free(void *user, void *item)
{
    (void)item;
    ((tp_run *)user)->freed++;
}

/* A run of count items with nothing going wrong unless set after. */
static tp_run *tp_new(size_t count)
{
    tp_run *run = calloc(1, sizeof *run);
    run->count = count;
    run->fail_read_at = run->stop_write_at = SIZE_MAX;
    return run;
}

static int tp_go(tp_run *run, int jobs, size_t batch, size_t depth, sk_error *err)
{
    ski_pipeline p = {jobs, sizeof(tp_item), batch, run, tp_read, tp_worker_new,
                     tp_worker_free, tp_work, tp_write, tp_item_free, depth, NULL};
    *err = (sk_error){0};
    return ski_pipeline_run(&p, err);
}

/* Each item worked once, none twice, and every worker state freed. */
static void tp_check_worked_once(tp_run *run, size_t upto)
{
    size_t twice = 0, never = 0;
    for (size_t i = 0; i < upto; i++) {
        twice += atomic_load(&run->worked[i]) > 1;
        never += atomic_load(&run->worked[i]) == 0;
    }
    CHECK_INT(twice, 0);
    CHECK_INT(never, 0);
    CHECK_INT(atomic_load(&run->workers_freed), atomic_load(&run->workers_made));
}

static void test_in_order_for_any_shape(void)
{
    static const size_t batches[] = {1, 3, 256}, depths[] = {2, 8};
    for (int jobs = 1; jobs <= 4; jobs++)
        for (size_t b = 0; b < 3; b++)
            for (size_t d = 0; d < 2; d++) {
                tp_run *run = tp_new(batches[b] == 1 ? 1500 : TP_MAX_ITEMS);
                sk_error err;
                CHECK_INT(tp_go(run, jobs, batches[b], depths[d], &err), 0);
                CHECK_INT(run->written, run->count);
                CHECK(!run->out_of_order);
                CHECK(!run->wrong_result);
                tp_check_worked_once(run, run->count);
                CHECK_INT(atomic_load(&run->workers_made), jobs);
                CHECK_INT(run->freed, (size_t)jobs * depths[d] * batches[b]);
                free(run);
            }
}

static void test_empty_input(void)
{
    tp_run *run = tp_new(0);
    sk_error err;
    CHECK_INT(tp_go(run, 2, 16, 2, &err), 0);
    CHECK_INT(run->written, 0);
    CHECK_INT(atomic_load(&run->workers_freed), 2);
    free(run);
}

static void test_writer_stops(void)
{
    for (int status = -1; status <= 1; status += 2) {
        tp_run *run = tp_new(TP_MAX_ITEMS);
        run->stop_write_at = 700;
        run->stop_status = status;
        sk_error err;
        CHECK_INT(tp_go(run, 2, 32, 4, &err), status < 0 ? -1 : 0);
        CHECK_INT(run->written, 700);
        CHECK(!run->out_of_order);
        if (status < 0)
            CHECK_STR(err.message, "write failed");
        CHECK_INT(atomic_load(&run->workers_freed), 2);
        free(run);
    }
}

static void test_read_error(void)
{
    tp_run *run = tp_new(TP_MAX_ITEMS);
    run->fail_read_at = 1234;
    sk_error err;
    CHECK_INT(tp_go(run, 3, 64, 2, &err), -1);
    CHECK_STR(err.message, "read failed at 1234");
    CHECK(run->written <= 1234);
    CHECK(!run->out_of_order);
    CHECK_INT(atomic_load(&run->workers_freed), 3);
    free(run);
}

/* A reader slower than the workers: they run dry, sleep and are woken. */
static void test_slow_reader(void)
{
    tp_run *run = tp_new(600);
    run->slow_read_every = 40;
    sk_error err;
    CHECK_INT(tp_go(run, 2, 8, 2, &err), 0);
    CHECK_INT(run->written, 600);
    CHECK(!run->out_of_order);
    tp_check_worked_once(run, run->count);
    free(run);
}

static void test_worker_cannot_start(void)
{
    tp_run *run = tp_new(100);
    run->fail_worker = 2;
    sk_error err;
    CHECK_INT(tp_go(run, 3, 8, 2, &err), -1);
    CHECK_STR(err.message, "worker 2 cannot start");
    CHECK_INT(run->written, 0);
    CHECK_INT(atomic_load(&run->workers_made), 1);
    CHECK_INT(atomic_load(&run->workers_freed), 1);
    free(run);
}

static const ski_test_case cases[] = {
    {"in_order_for_any_shape", test_in_order_for_any_shape},
    {"empty_input", test_empty_input},
    {"writer_stops", test_writer_stops},
    {"read_error", test_read_error},
    {"slow_reader", test_slow_reader},
    {"worker_cannot_start", test_worker_cannot_start},
};

SK_TEST_MAIN(cases)
