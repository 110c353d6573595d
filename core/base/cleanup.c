/* Temporary files removed when a signal ends the process, once the program
 * asked for it (ski_cleanup_install). */
#include "cleanup.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

#define CLEANUP_SLOTS 16

static _Atomic(const char *) cleanup_paths[CLEANUP_SLOTS];

static const int cleanup_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
#define CLEANUP_SIGNAL_COUNT (sizeof cleanup_signals / sizeof cleanup_signals[0])
static struct sigaction cleanup_previous[CLEANUP_SIGNAL_COUNT];
static pthread_once_t cleanup_once = PTHREAD_ONCE_INIT;

static void cleanup_handler(int sig, siginfo_t *info, void *context)
{
    for (int i = 0; i < CLEANUP_SLOTS; i++) {
        const char *path = atomic_load(&cleanup_paths[i]);
        if (path)
            unlink(path);
    }
    for (size_t i = 0; i < CLEANUP_SIGNAL_COUNT; i++) {
        if (cleanup_signals[i] != sig)
            continue;
        const struct sigaction *before = &cleanup_previous[i];
        if (before->sa_flags & SA_SIGINFO) {
            before->sa_sigaction(sig, info, context);
        } else if (before->sa_handler == SIG_DFL) {
            sigaction(sig, before, NULL);
            raise(sig);
        } else if (before->sa_handler != SIG_IGN) {
            before->sa_handler(sig);
        }
    }
}

static void cleanup_install(void)
{
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = cleanup_handler;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < CLEANUP_SIGNAL_COUNT; i++) {
        struct sigaction before;
        sigaction(cleanup_signals[i], NULL, &before);
        cleanup_previous[i] = before;
        /* An ignored SIGPIPE stays ignored: writes then fail with EPIPE. */
        if (!(before.sa_flags & SA_SIGINFO) && before.sa_handler == SIG_IGN)
            continue;
        sigaction(cleanup_signals[i], &action, NULL);
    }
}

void ski_cleanup_install(void)
{
    pthread_once(&cleanup_once, cleanup_install);
}

int ski_cleanup_remember(const char *path)
{
    for (int i = 0; i < CLEANUP_SLOTS; i++) {
        const char *empty = NULL;
        if (atomic_compare_exchange_strong(&cleanup_paths[i], &empty, path))
            return i;
    }
    return -1;
}

void ski_cleanup_forget(int slot)
{
    if (slot >= 0 && slot < CLEANUP_SLOTS)
        atomic_store(&cleanup_paths[slot], NULL);
}
