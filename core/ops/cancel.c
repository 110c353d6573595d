/* Cancellation of a run by SIGINT, SIGTERM or SIGHUP (a closed terminal),
 * checked between puzzles. */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>

#include "op.h"

/* Set by the handler, read by every thread of the run: a lock-free atomic,
 * which a signal handler may store to. */
static atomic_int cancel_signal_seen;
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "a signal handler needs a lock-free atomic int");
static int cancel_depth; /* nested runs (a Lua script's operations) */
#define CANCEL_SIGNALS 3
static struct sigaction cancel_previous[CANCEL_SIGNALS];
static const int cancel_signals[CANCEL_SIGNALS] = {SIGINT, SIGTERM, SIGHUP};

/* The first signal asks the run to stop; the handler that was there before
 * (which removes temporary files and ends the process) takes the next. */
static void cancel_handler(int sig)
{
    atomic_store_explicit(&cancel_signal_seen, sig, memory_order_relaxed);
    for (int i = 0; i < CANCEL_SIGNALS; i++)
        if (cancel_signals[i] == sig)
            sigaction(sig, &cancel_previous[i], NULL);
}

int sk_cancel_signal(void)
{
    return atomic_load_explicit(&cancel_signal_seen, memory_order_relaxed);
}

void sk_cancel_begin(void)
{
    if (cancel_depth++ > 0)
        return;
    atomic_store_explicit(&cancel_signal_seen, 0, memory_order_relaxed);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = cancel_handler;
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < CANCEL_SIGNALS; i++) {
        sigaction(cancel_signals[i], NULL, &cancel_previous[i]);
        /* A signal the caller ignores (a background job's SIGINT) stays so. */
        if (cancel_previous[i].sa_handler != SIG_IGN)
            sigaction(cancel_signals[i], &action, NULL);
    }
}

void sk_cancel_end(void)
{
    if (--cancel_depth > 0)
        return;
    for (int i = 0; i < CANCEL_SIGNALS; i++)
        sigaction(cancel_signals[i], &cancel_previous[i], NULL);
}
