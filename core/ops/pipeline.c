/* The ordered parallel pipeline every long operation runs on: items read
 * on the calling thread, worked on by N threads, written in input order.
 * Even one job works on a thread of its own, so that reading and writing
 * overlap the work. */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "op.h"

typedef enum { SLOT_FREE, SLOT_READY, SLOT_BUSY, SLOT_DONE } slot_state;

typedef struct pipe_slot {
    unsigned char *items;
    size_t count;
    slot_state state;
} pipe_slot;

typedef struct pipe_run {
    const sk_pipeline *p;
    pipe_slot *ring;
    size_t ring_size;
    bool closing;
    atomic_bool stopping; /* the writer stopped: skip what is left */
    pthread_mutex_t lock;
    pthread_cond_t changed;
} pipe_run;

typedef struct pipe_worker {
    pipe_run *run;
    void *state;
    pthread_t thread;
} pipe_worker;

static void *pipe_item(const sk_pipeline *p, unsigned char *items, size_t i)
{
    return items + i * p->item_size;
}

static void *pipe_worker_main(void *arg)
{
    pipe_worker *w = arg;
    pipe_run *run = w->run;
    const sk_pipeline *p = run->p;
    pthread_mutex_lock(&run->lock);
    for (;;) {
        pipe_slot *slot = NULL;
        for (size_t i = 0; i < run->ring_size && !slot; i++)
            if (run->ring[i].state == SLOT_READY)
                slot = &run->ring[i];
        if (!slot) {
            if (run->closing)
                break;
            pthread_cond_wait(&run->changed, &run->lock);
            continue;
        }
        slot->state = SLOT_BUSY;
        pthread_mutex_unlock(&run->lock);
        for (size_t i = 0; i < slot->count && !sk_cancel_signal() && !atomic_load(&run->stopping);
             i++)
            p->work(p->user, w->state, pipe_item(p, slot->items, i));
        pthread_mutex_lock(&run->lock);
        slot->state = SLOT_DONE;
        pthread_cond_broadcast(&run->changed);
    }
    pthread_mutex_unlock(&run->lock);
    return NULL;
}

/* Fill slot with up to batch items, fewer when a stop was asked (a signal
 * that came between two reads must not leave the next one waiting for
 * input); 1 more may follow, 0 at the end, -1 on a read error (err set). */
static int pipe_fill(const sk_pipeline *p, pipe_slot *slot, sk_error *err)
{
    slot->count = 0;
    while (slot->count < p->batch && !sk_cancel_signal()) {
        int got = p->read(p->user, pipe_item(p, slot->items, slot->count), err);
        if (got <= 0)
            return got;
        slot->count++;
    }
    return 1;
}

/* Write the items of a done slot; 0 to go on, else stop (-1 on error). */
static int pipe_drain(const sk_pipeline *p, pipe_slot *slot, sk_error *err)
{
    for (size_t i = 0; i < slot->count; i++) {
        int w = p->write(p->user, pipe_item(p, slot->items, i), err);
        if (w != 0)
            return w < 0 ? -1 : 1;
    }
    return 0;
}

/* The calling thread's loop: read into free slots, write done ones in
 * order. Called and returns with the lock held. */
static int pipe_feed(pipe_run *run, sk_error *err)
{
    const sk_pipeline *p = run->p;
    size_t next_read = 0, next_write = 0;
    int more = 1, rc = 0;
    while ((more > 0 || next_write < next_read) && rc == 0) {
        pipe_slot *slot = &run->ring[next_read % run->ring_size];
        if (more > 0 && slot->state == SLOT_FREE && !sk_cancel_signal()) {
            pthread_mutex_unlock(&run->lock);
            more = pipe_fill(p, slot, err);
            pthread_mutex_lock(&run->lock);
            if (more < 0)
                rc = -1;
            slot->state = SLOT_READY;
            next_read++;
            pthread_cond_broadcast(&run->changed);
            continue;
        }
        if (sk_cancel_signal())
            more = 0;
        pipe_slot *oldest = &run->ring[next_write % run->ring_size];
        if (oldest->state != SLOT_DONE) {
            pthread_cond_wait(&run->changed, &run->lock);
            continue;
        }
        pthread_mutex_unlock(&run->lock);
        int w = sk_cancel_signal() ? 1 : pipe_drain(p, oldest, err);
        pthread_mutex_lock(&run->lock);
        oldest->state = SLOT_FREE;
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
    const sk_pipeline *p = run->p;
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

int sk_pipeline_run(const sk_pipeline *p, sk_error *err)
{
    pipe_run run = {.p = p, .ring_size = (size_t)p->jobs * p->depth};
    atomic_init(&run.stopping, false);
    pipe_worker *workers = calloc((size_t)p->jobs, sizeof *workers);
    run.ring = calloc(run.ring_size, sizeof *run.ring);
    int rc = workers && run.ring ? 0 : sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
    for (size_t i = 0; rc == 0 && i < run.ring_size; i++)
        if (!(run.ring[i].items = calloc(p->batch, p->item_size)))
            rc = sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
    pthread_mutex_init(&run.lock, NULL);
    pthread_cond_init(&run.changed, NULL);
    int started = 0;
    if (rc == 0)
        rc = pipe_start(&run, workers, &started, err);
    pthread_mutex_lock(&run.lock);
    if (rc == 0)
        rc = pipe_feed(&run, err);
    run.closing = true;
    pthread_cond_broadcast(&run.changed);
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
    pthread_cond_destroy(&run.changed);
    pthread_mutex_destroy(&run.lock);
    free(run.ring);
    free(workers);
    return rc;
}
