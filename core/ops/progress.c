/* The progress line of long runs: count, rate and ETA on a terminal. */
#include <time.h>
#include <unistd.h>

#include "op.h"

double sk_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void sk_progress_start(sk_progress *p, const sk_op *op, const char *label, uint64_t total)
{
    FILE *stream = sk_ctx_messages(sk_op_ctx(op));
    bool on = !sk_op_quiet(op) && isatty(fileno(stream));
    *p = (sk_progress){on ? stream : NULL, label, total, sk_now(), 0, false};
}

void sk_progress_update(sk_progress *p, uint64_t done, double fraction)
{
    if (!p->stream)
        return;
    double now = sk_now();
    if (now - p->last < 0.25)
        return;
    p->last = now;
    double elapsed = now - p->start;
    double rate = elapsed > 0 ? (double)done / elapsed : 0;
    if (p->total)
        fraction = (double)done / (double)p->total;
    fprintf(p->stream, "\r%s: %llu", p->label, (unsigned long long)done);
    if (p->total)
        fprintf(p->stream, "/%llu", (unsigned long long)p->total);
    fprintf(p->stream, "  %.1f/s", rate);
    if (fraction > 0 && fraction <= 1)
        fprintf(p->stream, "  ETA %.0fs", elapsed * (1 - fraction) / fraction);
    fputs("   ", p->stream);
    fflush(p->stream);
    p->shown = true;
}

void sk_progress_finish(sk_progress *p)
{
    if (p->stream && p->shown)
        fputs("\r\033[K", p->stream);
    p->shown = false;
}
