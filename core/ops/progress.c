/* The progress line of long runs: done/total, rate and the ETA from them,
 * on a terminal (or wherever SUDOKIT_PROGRESS asks). The one rule every
 * operation that can run long follows. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "op.h"

double ski_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* SUDOKIT_PROGRESS=SECONDS: the seconds between lines when the stream is
 * not a terminal; negative when unset or not a number of seconds. */
static double progress_forced_every(void)
{
    const char *env = getenv("SUDOKIT_PROGRESS");
    char *end;
    double every = env && *env ? strtod(env, &end) : -1;
    return env && *env && !*end && every >= 0 && every <= 3600 ? every : -1;
}

void ski_progress_start(ski_progress *p, const sk_op *op, const char *label, uint64_t total)
{
    FILE *stream = sk_ctx_messages(ski_op_ctx(op));
    double forced = progress_forced_every();
    bool tty = stream && isatty(fileno(stream));
    bool on = stream && !ski_op_quiet(op) && (tty || forced >= 0);
    *p = (ski_progress){.stream = on ? stream : NULL, .label = label, .total = total,
                       .start = ski_now(), .every = tty ? 0.25 : forced, .lines = !tty};
}

/* Whether every path names a regular file (stdin and pipes cannot be
 * read twice, so they are not counted). */
static bool progress_countable(char **paths)
{
    if (!paths || !paths[0])
        return false;
    for (char **path = paths; *path; path++) {
        struct stat st;
        if (strcmp(*path, "-") == 0 || stat(*path, &st) != 0 || !S_ISREG(st.st_mode))
            return false;
    }
    return true;
}

void ski_progress_start_sources(ski_progress *p, const sk_op *op, const char *label,
                               const ski_sources *sources)
{
    ski_progress_start(p, op, label, 0);
    if (!p->stream)
        return;
    if (sources->sharded)
        p->total = sources->end - sources->first;
    else if (progress_countable(sources->paths))
        p->total = ski_sources_count(sources);
}

/* "7m12s": a duration the way a person reads it. */
static void progress_duration(FILE *out, double seconds)
{
    unsigned long s = (unsigned long)(seconds + 0.5);
    if (s >= 3600)
        fprintf(out, "%luh%02lum", s / 3600, s / 60 % 60);
    else if (s >= 60)
        fprintf(out, "%lum%02lus", s / 60, s % 60);
    else
        fprintf(out, "%lus", s);
}

void ski_progress_update(ski_progress *p, uint64_t done)
{
    if (!p->stream)
        return;
    double now = ski_now();
    if (p->shown && now - p->last < p->every)
        return;
    p->last = now;
    double elapsed = now - p->start;
    double rate = elapsed > 0 ? (double)done / elapsed : 0;
    fprintf(p->stream, "%s%s: %llu", p->lines ? "" : "\r", p->label, (unsigned long long)done);
    if (p->total && done <= p->total) {
        fprintf(p->stream, "/%llu (%.0f%%)", (unsigned long long)p->total,
                100.0 * (double)done / (double)p->total);
    }
    if (p->note[0]) {
        fprintf(p->stream, "  %s", p->note);
    } else {
        fprintf(p->stream, "  %.1f/s", rate);
        if (p->total && done > 0 && done <= p->total) {
            fputs("  ETA ", p->stream);
            progress_duration(p->stream, elapsed * (double)(p->total - done) / (double)done);
        }
    }
    fputs(p->lines ? "\n" : "   ", p->stream);
    fflush(p->stream);
    p->shown = true;
}

void ski_progress_note(ski_progress *p, uint64_t done, const char *note)
{
    snprintf(p->note, sizeof p->note, "%s", note);
    ski_progress_update(p, done);
}

void ski_progress_finish(ski_progress *p)
{
    if (p->stream && p->shown && !p->lines)
        fputs("\r\033[K", p->stream);
    p->shown = false;
}
