/* Crash reports that name the plugin running on the thread (not public). */
#ifndef SUDOKIT_HOST_GUARD_H
#define SUDOKIT_HOST_GUARD_H

/* What a thread is running inside a plugin: a strategy's function, or a
 * plugin's entry symbol while it loads. Frames nest (a generator's solution
 * counter is a solver call) and live on the caller's stack. */
typedef struct ski_guard_frame {
    const char *kind;   /* "solver", "generator" or "rater"; NULL while loading */
    const char *name;   /* the strategy's name; NULL while loading          */
    const char *plugin; /* the plugin's name; NULL while loading            */
    const char *path;   /* the file the plugin came from                 */
    const char *call;   /* "solve", "create", "entry symbol"...          */
    const struct ski_guard_frame *outer;
} ski_guard_frame;

/* Install, once per process, handlers for SIGSEGV, SIGBUS, SIGFPE and
 * SIGILL that print which plugin was running on the faulting thread (on
 * stderr, with write(2) only), then hand the signal to the handler that
 * was there before (the default one kills the process with the signal).
 * Handlers an application installed first are kept and chained. Only a
 * program that asks calls this (sk_ctx_config's crash_reports). */
void ski_guard_install(void);

/* Push frame as this thread's innermost plugin call; pop it with
 * ski_guard_leave(frame). */
void ski_guard_enter(ski_guard_frame *frame);
void ski_guard_leave(const ski_guard_frame *frame);

#endif /* SUDOKIT_HOST_GUARD_H */
