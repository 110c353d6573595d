/* Stop requests: a context's flag, set by sk_ctx_stop from any thread or
 * signal handler and checked between puzzles, and, for a program that asks
 * for it (stop_on_signals), SIGINT, SIGTERM and SIGHUP setting it while a
 * run is on. Nothing here touches the process unless a context asked. */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>

#include "op.h"

/* A signal handler may store only to lock-free atomics. */
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "a signal handler needs a lock-free atomic int");

/* The signals a run watches for the contexts that opted in: the handler
 * counts them (every watching context compares the count with the one its
 * run began with) and keeps the last one. */
#define CANCEL_SIGNALS 3
static const int cancel_signals[CANCEL_SIGNALS] = {SIGINT, SIGTERM, SIGHUP};
static atomic_uint cancel_count;
static atomic_int cancel_last;
static struct sigaction cancel_previous[CANCEL_SIGNALS];
static pthread_mutex_t cancel_lock = PTHREAD_MUTEX_INITIALIZER;
static int cancel_watchers; /* runs watching the signals; under cancel_lock */

/* The first signal asks every watching run to stop; the handler that was
 * there before (the program's: the executable's removes temporary files
 * and ends the process) takes the next. */
static void cancel_handler(int sig)
{
    atomic_store(&cancel_last, sig);
    atomic_fetch_add(&cancel_count, 1);
    for (int i = 0; i < CANCEL_SIGNALS; i++)
        if (cancel_signals[i] == sig)
            sigaction(sig, &cancel_previous[i], NULL);
}

/* The first watcher installs the handlers, the last puts back what was
 * there. */
static void cancel_watch(void)
{
    pthread_mutex_lock(&cancel_lock);
    if (cancel_watchers++ == 0) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = cancel_handler;
        sigemptyset(&action.sa_mask);
        for (int i = 0; i < CANCEL_SIGNALS; i++) {
            sigaction(cancel_signals[i], NULL, &cancel_previous[i]);
            /* A signal the program ignores (a background job's SIGINT) stays so. */
            if (cancel_previous[i].sa_handler != SIG_IGN)
                sigaction(cancel_signals[i], &action, NULL);
        }
    }
    pthread_mutex_unlock(&cancel_lock);
}

static void cancel_unwatch(void)
{
    pthread_mutex_lock(&cancel_lock);
    if (--cancel_watchers == 0)
        for (int i = 0; i < CANCEL_SIGNALS; i++)
            sigaction(cancel_signals[i], &cancel_previous[i], NULL);
    pthread_mutex_unlock(&cancel_lock);
}

void ski_stop_begin(ski_stop *stop)
{
    if (atomic_fetch_add(&stop->runs, 1) > 0 || !stop->on_signals)
        return;
    atomic_store(&stop->watched, atomic_load(&cancel_count));
    cancel_watch();
}

void ski_stop_end(ski_stop *stop)
{
    if (atomic_fetch_sub(&stop->runs, 1) > 1)
        return;
    if (stop->on_signals)
        cancel_unwatch();
    atomic_store(&stop->requested, 0);
}

void ski_stop_request(ski_stop *stop, int sig)
{
    atomic_store(&stop->requested, sig > 0 ? sig : SK_STOP_REQUESTED);
}

int ski_stop_read(const ski_stop *stop)
{
    int requested = atomic_load_explicit(&stop->requested, memory_order_relaxed);
    if (requested || !stop->on_signals || atomic_load(&stop->runs) == 0)
        return requested;
    return atomic_load_explicit(&cancel_count, memory_order_relaxed) != atomic_load(&stop->watched)
               ? atomic_load(&cancel_last)
               : 0;
}
