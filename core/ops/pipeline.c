/* The ordered parallel pipeline every long operation runs on: items read
 * on the calling thread, worked on by N threads, written in input order.
 * Even one job works on a thread of its own, so that reading and writing
 * overlap the work.
 *
 * A worker never makes a system call to hand a batch back: it publishes
 * the batch with an atomic store, and the calling thread, when it has
 * nothing to read or write, naps and looks again. Waking a sleeping
 * thread costs the waker about 15 us on the 2-core virtual machines this
 * was measured on, which was 5% of `solve` when the worker paid it for
 * every batch. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "op.h"

typedef struct pipe_slot {
    unsigned char *items;
    size_t count;
    size_t worked;    /* its first items done (all but on a stop)    */
    atomic_bool done; /* a worker finished it; the feeder clears it */
} pipe_slot;

/* Slots are published and claimed in ring order by two counters, so the
 * workers take the oldest batch first and hand-offs need no lock. */
typedef struct pipe_run {
    const ski_pipeline *p;
    pipe_slot *ring;
    size_t ring_size;
    atomic_size_t published; /* slots filled so far */
    atomic_size_t claimed;   /* slots taken by a worker so far */
    atomic_bool closing;     /* no more slots will be published */
    atomic_bool stopping;    /* the writer stopped: skip what is left */
    atomic_int sleepers;     /* workers waiting for a slot */
    atomic_bool napping;     /* the feeder waits for the oldest slot */
    pthread_mutex_t lock;    /* for sleeping and waking only */
    pthread_cond_t published_more;
    pthread_cond_t feeder_call; /* on the monotonic clock */
    bool feeder_called;
} pipe_run;

typedef struct pipe_worker {
    pipe_run *run;
    void *state;
    pthread_t thread;
} pipe_worker;

static void *pipe_item(const ski_pipeline *p, unsigned char *items, size_t i)
{
    return items + i * p->item_size;
}

/* Whether the context's stop request came (checked between items). */
static bool pipe_stopped(const ski_pipeline *p)
{
    return p->ctx && sk_ctx_stopped(p->ctx) != 0;
}

/* Sleep until a slot is published past ticket or the run closes. */
static void pipe_worker_sleep(pipe_run *run, size_t ticket)
{
    atomic_fetch_add(&run->sleepers, 1);
    pthread_mutex_lock(&run->lock);
    while (atomic_load(&run->published) <= ticket && !atomic_load(&run->closing))
        pthread_cond_wait(&run->published_more, &run->lock);
    pthread_mutex_unlock(&run->lock);
    atomic_fetch_sub(&run->sleepers, 1);
}

/* Wake the sleeping workers, if any: done by the feeder, so that a worker
 * finishing a batch never makes a system call. */
static void pipe_wake_workers(pipe_run *run)
{
    if (atomic_load(&run->sleepers) == 0)
        return;
    pthread_mutex_lock(&run->lock);
    pthread_cond_broadcast(&run->published_more);
    pthread_mutex_unlock(&run->lock);
}

/* Cut the feeder's nap short: done by a worker that has run out of
 * batches, so the system call costs it nothing. This ends the run without
 * waiting out a nap after its last batch. */
static void pipe_call_feeder(pipe_run *run)
{
    if (!atomic_load(&run->napping))
        return;
    pthread_mutex_lock(&run->lock);
    run->feeder_called = true;
    pthread_cond_signal(&run->feeder_call);
    pthread_mutex_unlock(&run->lock);
}

static void *pipe_worker_main(void *arg)
{
    pipe_worker *w = arg;
    pipe_run *run = w->run;
    const ski_pipeline *p = run->p;
    for (;;) {
        size_t ticket = atomic_load(&run->claimed);
        if (ticket >= atomic_load(&run->published)) {
            if (atomic_load(&run->closing))
                break;
            pipe_call_feeder(run);
            pipe_worker_sleep(run, ticket);
            continue;
        }
        if (!atomic_compare_exchange_weak(&run->claimed, &ticket, ticket + 1))
            continue;
        pipe_slot *slot = &run->ring[ticket % run->ring_size];
        size_t i = 0;
        for (; i < slot->count && !pipe_stopped(p) && !atomic_load(&run->stopping); i++)
            p->work(p->user, w->state, pipe_item(p, slot->items, i));
        slot->worked = i;
        /* Sequentially consistent, not just release: pipe_call_feeder then
         * reads napping, and that read must not pass this store (see
         * pipe_nap). */
        atomic_store(&slot->done, true);
    }
    return NULL;
}

/* Fill slot with up to batch items, fewer when a stop was asked (a signal
 * that came between two reads must not leave the next one waiting for
 * input); 1 more may follow, 0 at the end, -1 on a read error (err set). */
static int pipe_fill(const ski_pipeline *p, pipe_slot *slot, sk_error *err)
{
    slot->count = 0;
    while (slot->count < p->batch && !pipe_stopped(p)) {
        int got = p->read(p->user, pipe_item(p, slot->items, slot->count), err);
        if (got <= 0)
            return got;
        slot->count++;
    }
    return 1;
}

/* Write the items of a done slot that were worked, so that a stopped run
 * still writes every item finished before the first one that was not (its
 * output is the input's first items, in order); 0 to go on, else stop (-1
 * on error; 1 after a slot a stop cut short). */
static int pipe_drain(const ski_pipeline *p, pipe_slot *slot, sk_error *err)
{
    for (size_t i = 0; i < slot->worked; i++) {
        int w = p->write(p->user, pipe_item(p, slot->items, i), err);
        if (w != 0)
            return w < 0 ? -1 : 1;
    }
    return slot->worked < slot->count ? 1 : 0;
}

/* Wait a little for a worker to finish the oldest slot (see the top of
 * the file for why this naps instead of sleeping until woken), or until a
 * worker with nothing left to do calls. Naps double from 16 us up to
 * 512 us, and start again after each slot. */
static void pipe_nap(pipe_run *run, pipe_slot *oldest, long *nap_ns)
{
    struct timespec until;
    clock_gettime(CLOCK_MONOTONIC, &until);
    until.tv_nsec += *nap_ns;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&run->lock);
    atomic_store(&run->napping, true);
    /* A worker that runs dry after finishing this slot is not missed:
     * both sides are sequentially consistent, so either its done shows
     * here or it sees napping and calls. */
    while (!run->feeder_called && !atomic_load(&oldest->done) &&
           pthread_cond_timedwait(&run->feeder_call, &run->lock, &until) == 0)
        ;
    run->feeder_called = false;
    atomic_store(&run->napping, false);
    pthread_mutex_unlock(&run->lock);
    if (*nap_ns < 512000)
        *nap_ns *= 2;
}

/* The calling thread's loop: read into free slots, write done ones in
 * order. */
static int pipe_feed(pipe_run *run, sk_error *err)
{
    const ski_pipeline *p = run->p;
    size_t next_read = 0, next_write = 0;
    int more = 1, rc = 0;
    long nap_ns = 16000;
    while ((more > 0 || next_write < next_read) && rc == 0) {
        pipe_slot *slot = &run->ring[next_read % run->ring_size];
        if (more > 0 && next_read - next_write < run->ring_size && !pipe_stopped(p)) {
            more = pipe_fill(p, slot, err);
            if (more < 0)
                rc = -1;
            atomic_store(&run->published, ++next_read);
            pipe_wake_workers(run);
            continue;
        }
        if (pipe_stopped(p))
            more = 0;
        pipe_slot *oldest = &run->ring[next_write % run->ring_size];
        if (!atomic_load_explicit(&oldest->done, memory_order_acquire)) {
            pipe_nap(run, oldest, &nap_ns);
            continue;
        }
        nap_ns = 16000;
        int w = pipe_drain(p, oldest, err);
        atomic_store_explicit(&oldest->done, false, memory_order_relaxed);
        next_write++;
        if (w != 0) {
            rc = w < 0 ? -1 : 0;
            break;
        }
    }
    atomic_store(&run->stopping, true);
    return rc;
}

/* Make every worker's state on this thread (so that what the caller's
 * context lends, such as a script's limits, reaches them), then start.
 * Workers start with the stopping signals blocked, so that one always
 * reaches the calling thread and interrupts a read waiting for input. */
static int pipe_start(pipe_run *run, pipe_worker *workers, int *started, sk_error *err)
{
    const ski_pipeline *p = run->p;
    for (int j = 0; j < p->jobs; j++) {
        workers[j].run = run;
        if (p->worker_new(p->user, &workers[j].state, err))
            return -1;
    }
    sigset_t stopping, before;
    sigemptyset(&stopping);
    sigaddset(&stopping, SIGINT);
    sigaddset(&stopping, SIGTERM);
    sigaddset(&stopping, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &stopping, &before);
    int rc = 0;
    for (; *started < p->jobs; (*started)++) {
        if (pthread_create(&workers[*started].thread, NULL, pipe_worker_main, &workers[*started])) {
            rc = sk_error_set(err, SK_EXIT_FAILURE, "cannot start worker thread %d",
                              *started + 1);
            break;
        }
    }
    pthread_sigmask(SIG_SETMASK, &before, NULL);
    return rc;
}

int ski_pipeline_run(const ski_pipeline *p, sk_error *err)
{
    pipe_run run = {.p = p, .ring_size = (size_t)p->jobs * p->depth};
    atomic_init(&run.published, 0);
    atomic_init(&run.claimed, 0);
    atomic_init(&run.closing, false);
    atomic_init(&run.stopping, false);
    atomic_init(&run.sleepers, 0);
    atomic_init(&run.napping, false);
    pipe_worker *workers = calloc((size_t)p->jobs, sizeof *workers);
    run.ring = calloc(run.ring_size, sizeof *run.ring);
    int rc = workers && run.ring ? 0 : sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
    for (size_t i = 0; rc == 0 && i < run.ring_size; i++)
        if (!(run.ring[i].items = calloc(p->batch, p->item_size)))
            rc = sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
    pthread_mutex_init(&run.lock, NULL);
    pthread_cond_init(&run.published_more, NULL);
    pthread_condattr_t monotonic;
    pthread_condattr_init(&monotonic);
    pthread_condattr_setclock(&monotonic, CLOCK_MONOTONIC);
    pthread_cond_init(&run.feeder_call, &monotonic);
    pthread_condattr_destroy(&monotonic);
    int started = 0;
    if (rc == 0)
        rc = pipe_start(&run, workers, &started, err);
    if (rc == 0)
        rc = pipe_feed(&run, err);
    atomic_store(&run.closing, true);
    pthread_mutex_lock(&run.lock);
    pthread_cond_broadcast(&run.published_more);
    pthread_mutex_unlock(&run.lock);
    for (int j = 0; j < started; j++)
        pthread_join(workers[j].thread, NULL);
    for (int j = 0; workers && j < p->jobs; j++)
        if (workers[j].state)
            p->worker_free(p->user, workers[j].state);
    for (size_t i = 0; run.ring && i < run.ring_size; i++) {
        for (size_t k = 0; p->item_free && run.ring[i].items && k < p->batch; k++)
            p->item_free(p->user, pipe_item(p, run.ring[i].items, k));
        free(run.ring[i].items);
    }
    pthread_cond_destroy(&run.published_more);
    pthread_cond_destroy(&run.feeder_call);
    pthread_mutex_destroy(&run.lock);
    free(run.ring);
    free(workers);
    return rc;
}
