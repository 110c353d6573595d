/* Operation benchmarks: the benchmark runs recorded by bench --store,
 * newest first. */
#include <stdlib.h>
#include <string.h>

#include "op.h"

enum { RUNS_SOLVER, RUNS_LIMIT, RUNS_FORMAT, RUNS_OUTPUT };

static const sk_key runs_keys[] = {
    {.name = "solver", .short_name = 's', .kind = SK_KEY_TEXT, .value_name = "NAME",
     .help = "only the runs of this solver", .id = RUNS_SOLVER},
    {.name = "limit", .kind = SK_KEY_INT, .value_name = "N", .min = 0, .max = INT64_MAX,
     .help = "at most N runs (0: all)", .id = RUNS_LIMIT},
    {.name = "format", .short_name = 'f', .kind = SK_KEY_CHOICE, .value_name = "F",
     .fallback = "table", .choices = ski_rows_format_names, .help = "table, csv or json",
     .id = RUNS_FORMAT},
    SK_KEY_OUTPUT(RUNS_OUTPUT),
    SK_KEY_END,
};

typedef struct runs_state {
    char *solver;
    long long limit;
    ski_rows_format format;
    /* the run */
    sk_op *op;
    long long listed;
    sk_error *err;
} runs_state;

static int runs_set(sk_op *op, void *state, const sk_key *key, const sk_value *v, sk_error *err)
{
    runs_state *s = state;
    (void)op;
    switch (key->id) {
    case RUNS_SOLVER: return ski_op_copy(&s->solver, v->text, err);
    case RUNS_LIMIT: s->limit = v->integer; return 0;
    case RUNS_FORMAT: s->format = (ski_rows_format)v->integer; return 0;
    default: return 0;
    }
}

/* A text cell, or an empty one when the run did not record it. */
static sk_row_cell runs_text(const char *name, const char *text, int width)
{
    return (sk_row_cell){name, text ? SK_CELL_TEXT : SK_CELL_NULL, text, 0, 0, 0, width};
}

static int runs_on_run(void *user, const sk_bench_run *run)
{
    runs_state *s = user;
    if (s->limit && s->listed >= s->limit)
        return 1;
    const sk_bench_record *r = &run->record;
    const char *base = strrchr(r->dataset_name, '/');
    char when[20];
    snprintf(when, sizeof when, "%.16s", run->created);
    if (when[10] == 'T')
        when[10] = ' ';
    bool table = s->format == SK_ROWS_TABLE;
    double rate = r->seconds > 0 ? (double)r->puzzles / r->seconds : 0;
    sk_row_cell cells[] = {
        {"run", SK_CELL_INT, NULL, run->id, 0, 0, 5},
        runs_text("created", table ? when : run->created, -16),
        runs_text("solver", r->solver, -10),
        runs_text("dataset", table && base ? base + 1 : r->dataset_name, -24),
        runs_text("fingerprint", r->dataset_fingerprint, 0),
        {"count_limit", SK_CELL_INT, NULL, r->count_limit, 0, 0, 11},
        {"jobs", r->jobs ? SK_CELL_INT : SK_CELL_NULL, NULL, r->jobs, 0, 0, 4},
        {"time_limit", r->time_limit > 0 ? SK_CELL_NUMBER : SK_CELL_NULL, NULL, 0,
         r->time_limit, 3, 10},
        {"cpu_percent", r->cpu_seconds > 0 ? SK_CELL_NUMBER : SK_CELL_NULL, NULL, 0,
         ski_bench_cpu_percent(r->cpu_seconds, r->seconds, r->jobs ? r->jobs : 1), 0, 11},
        {"timed_solves", SK_CELL_INT, NULL, r->puzzles, 0, 0, 0},
        {"seconds", SK_CELL_NUMBER, NULL, 0, r->seconds, 6, 0},
        {"puzzles_per_second", SK_CELL_NUMBER, NULL, 0, rate, 0, 18},
        {"guesses", SK_CELL_INT, NULL, r->guesses, 0, 0, 0},
        runs_text("sudokit_version", r->sudokit_version, -15),
        runs_text("cpu_model", r->cpu_model, -1),
    };
    s->op->summary.done++;
    return ski_op_emit_cells(s->op, s->format, cells, sizeof cells / sizeof cells[0],
                            s->listed++ == 0, s->err) ? 2 : 0;
}

static int runs_run(sk_op *op, void *state, sk_error *err)
{
    runs_state *s = state;
    s->op = op;
    s->err = err;
    sk_error why;
    sk_store *store;
    if (sk_ctx_open_store_read(ski_op_ctx(op), &store, &why))
        return SK_FAIL(err, SK_EXIT_FAILURE, "benchmarks: %s", why.message);
    int status = SK_EXIT_OK;
    int rc = sk_store_bench_runs(store, s->solver, runs_on_run, s, &why);
    if (rc < 0)
        status = SK_FAIL(err, SK_EXIT_FAILURE, "benchmarks: %s", why.message);
    else if (rc == 2)
        status = err->status;
    else if (s->listed == 0 && ski_op_stream(op) && !ski_op_quiet(op))
        sk_ctx_report(ski_op_ctx(op), "benchmarks: no run %s; record some with `sudokit bench "
                      "--store FILE`", s->solver ? "of this solver" : "recorded yet");
    sk_ctx_close_store(ski_op_ctx(op), store);
    return status;
}

static void runs_release(void *state)
{
    free(((runs_state *)state)->solver);
}

const ski_op_def ski_op_benchmarks = {
    .info = {.name = "benchmarks",
             .summary = "list the benchmark runs recorded by bench --store",
             .synopsis = "",
             .description = "List the benchmark runs that `sudokit bench --store` recorded, "
                            "newest first: when, solver, data set (file name and "
                            "fingerprint), what tells runs apart (count limit, threads, time "
                            "limit, and the share of a CPU each thread got: a run below 80 "
                            "measured a busy machine), timed solves and seconds, puzzles per "
                            "second, the sudokit version and the host's CPU model (empty for "
                            "runs recorded before they were kept). The view bench_results "
                            "sums them up per solver and data set (docs/database.md).",
             .keys = runs_keys,
             .inputs = SK_INPUT_NONE},
    .state_size = sizeof(runs_state),
    .set = runs_set,
    .run = runs_run,
    .release = runs_release,
};
