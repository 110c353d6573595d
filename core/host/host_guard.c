/* Crash reports that name the plugin running on the faulting thread. */
#include "host_guard.h"
#include "text_escape.h"

#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static _Thread_local const ski_guard_frame *guard_current;

static const int guard_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
#define GUARD_SIGNAL_COUNT (sizeof guard_signals / sizeof guard_signals[0])
static struct sigaction guard_previous[GUARD_SIGNAL_COUNT];
static pthread_once_t guard_once = PTHREAD_ONCE_INIT;

void ski_guard_enter(ski_guard_frame *frame)
{
    frame->outer = guard_current;
    guard_current = frame;
}

void ski_guard_leave(const ski_guard_frame *frame)
{
    guard_current = frame->outer;
}

/* Append text to buf (size bytes, used so far *used), its control
 * characters escaped (a path may hold any byte): async-signal-safe. */
static void guard_append(char *buf, size_t size, size_t *used, const char *text)
{
    char escaped[512];
    ski_text_escape(escaped, sizeof escaped, text, false);
    for (const char *p = escaped; *p && *used + 1 < size; p++)
        buf[(*used)++] = *p;
}

static const char *guard_signal_name(int sig)
{
    switch (sig) {
    case SIGSEGV:
        return "SIGSEGV (invalid memory access)";
    case SIGBUS:
        return "SIGBUS (bus error)";
    case SIGFPE:
        return "SIGFPE (arithmetic fault)";
    default:
        return "SIGILL (illegal instruction)";
    }
}

/* "sudokit: SIGSEGV (...) in solver 'x' (solve) of plugin 'p' (/path.so)", or
 * "... while loading plugin /path.so (entry symbol)". */
static void guard_report(int sig, const ski_guard_frame *frame)
{
    char buf[1024];
    size_t used = 0;
    guard_append(buf, sizeof buf, &used, "sudokit: ");
    guard_append(buf, sizeof buf, &used, guard_signal_name(sig));
    if (frame->plugin) {
        guard_append(buf, sizeof buf, &used, " in ");
        guard_append(buf, sizeof buf, &used, frame->kind);
        guard_append(buf, sizeof buf, &used, " '");
        guard_append(buf, sizeof buf, &used, frame->name);
        guard_append(buf, sizeof buf, &used, "' (");
        guard_append(buf, sizeof buf, &used, frame->call);
        guard_append(buf, sizeof buf, &used, ") of plugin '");
        guard_append(buf, sizeof buf, &used, frame->plugin);
        guard_append(buf, sizeof buf, &used, "' (");
    } else {
        guard_append(buf, sizeof buf, &used, " while loading plugin ");
        guard_append(buf, sizeof buf, &used, frame->path);
        guard_append(buf, sizeof buf, &used, " (");
        guard_append(buf, sizeof buf, &used, frame->call);
    }
    if (frame->plugin)
        guard_append(buf, sizeof buf, &used, frame->path);
    guard_append(buf, sizeof buf, &used, "): a defect of the plugin");
    buf[used++] = '\n'; /* guard_append leaves a byte free */
    ssize_t ignored = write(STDERR_FILENO, buf, used);
    (void)ignored;
}

static void guard_handler(int sig, siginfo_t *info, void *context)
{
    (void)context;
    const ski_guard_frame *frame = guard_current;
    if (frame)
        guard_report(sig, frame);
    for (size_t i = 0; i < GUARD_SIGNAL_COUNT; i++)
        if (guard_signals[i] == sig)
            sigaction(sig, &guard_previous[i], NULL);
    /* A fault re-executes the faulting instruction on return and meets the
     * previous handler with its true details; a sent signal is sent again. */
    if (info->si_code <= 0)
        raise(sig);
}

static void guard_install_once(void)
{
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = guard_handler;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < GUARD_SIGNAL_COUNT; i++)
        sigaction(guard_signals[i], &action, &guard_previous[i]);
}

void ski_guard_install(void)
{
    pthread_once(&guard_once, guard_install_once);
}
