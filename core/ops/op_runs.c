/* Operation runs: the benchmark runs kept in the database by bench
 * --store, oldest first, to compare solvers over time. */
#include <stdlib.h>

#include "op.h"

enum { RUNS_SOLVER, RUNS_DATASET, RUNS_FORMAT, RUNS_OUTPUT };

static const sk_key runs_keys[] = {
    {.name = "solver", .short_name = 's', .kind = SK_KEY_TEXT, .value_name = "NAME",
     .help = "only the runs of this solver (as stored)", .id = RUNS_SOLVER},
    {.name = "dataset", .kind = SK_KEY_TEXT, .value_name = "FILE",
     .help = "only the runs over this data set (its file as bench was given it)",
     .id = RUNS_DATASET},
    {.name = "format", .short_name = 'f', .kind = SK_KEY_CHOICE, .value_name = "F",
     .fallback = "table", .choices = sk_rows_format_names, .help = "table, csv or json",
     .id = RUNS_FORMAT},
    SK_KEY_OUTPUT(RUNS_OUTPUT),
    SK_KEY_END,
};

typedef struct runs_state {
    char *solver, *dataset;
    sk_rows_format format;
    /* the run */
    sk_op *op;
    sk_error *err;
} runs_state;

static int runs_set(sk_op *op, void *state, const sk_key *key, const sk_value *v, sk_error *err)
{
    runs_state *s = state;
    (void)op;
    switch (key->id) {
    case RUNS_SOLVER: return sk_op_copy(&s->solver, v->text, err);
    case RUNS_DATASET: return sk_op_copy(&s->dataset, v->text, err);
    case RUNS_FORMAT: s->format = (sk_rows_format)v->integer; return 0;
    default: return 0;
    }
}

static int runs_on_run(void *user, const sk_bench_row *row)
{
    runs_state *s = user;
    const sk_bench_record *r = &row->run;
    double rate = r->seconds > 0 ? (double)r->puzzles / r->seconds : 0;
    double guesses = r->puzzles > 0 ? (double)r->guesses / (double)r->puzzles : 0;
    sk_row_cell cells[] = {
        {"run", SK_CELL_INT, NULL, row->id, 0, 0, 4},
        {"solver", SK_CELL_TEXT, r->solver, 0, 0, 0, -10},
        {"solver_options", r->solver_options ? SK_CELL_TEXT : SK_CELL_NULL, r->solver_options,
         0, 0, 0, 0},
        {"dataset", SK_CELL_TEXT, r->dataset_name, 0, 0, 0, -26},
        {"fingerprint", SK_CELL_TEXT, r->dataset_fingerprint, 0, 0, 0, 0},
        {"count_limit", SK_CELL_INT, NULL, r->count_limit, 0, 0, 0},
        {"puzzles", SK_CELL_INT, NULL, r->puzzles, 0, 0, 8},
        {"seconds", SK_CELL_NUMBER, NULL, 0, r->seconds, 6, 0},
        {"puzzles_per_second", SK_CELL_NUMBER, NULL, 0, rate, 0, 18},
        {"guesses_per_puzzle", SK_CELL_NUMBER, NULL, 0, guesses, 2, 18},
        {"created", SK_CELL_TEXT, row->created, 0, 0, 0, -1},
    };
    bool first = s->op->summary.done++ == 0;
    return sk_op_emit_cells(s->op, s->format, cells, sizeof cells / sizeof cells[0], first,
                            s->err) ? 2 : 0;
}

static int runs_run(sk_op *op, void *state, sk_error *err)
{
    runs_state *s = state;
    s->op = op;
    s->err = err;
    char why[1024];
    sk_store *store;
    if (sk_ctx_open_store(sk_op_ctx(op), &store, why, sizeof why))
        return SK_FAIL(err, SK_EXIT_FAILURE, "runs: %s", why);
    int status = SK_EXIT_OK;
    int rc = sk_store_bench_list(store, s->solver, s->dataset, runs_on_run, s, why, sizeof why);
    if (rc < 0)
        status = SK_FAIL(err, SK_EXIT_FAILURE, "runs: %s", why);
    else if (rc == 2)
        status = err->status;
    else if (op->summary.done == 0 && sk_op_stream(op) && !sk_op_quiet(op))
        sk_ctx_report(sk_op_ctx(op), "runs: no benchmark run %s; keep some with `sudokit bench "
                      "--store PUZZLE_FILE`", s->solver || s->dataset ? "matches" : "is stored yet");
    sk_ctx_close_store(sk_op_ctx(op), store);
    return status;
}

static void runs_release(void *state)
{
    runs_state *s = state;
    free(s->solver);
    free(s->dataset);
}

const sk_op_def sk_op_runs = {
    .info = {.name = "runs",
             .summary = "list the benchmark runs kept in the database",
             .synopsis = "",
             .description = "List the benchmark runs that bench --store kept, oldest first: "
                            "the solver, the data set, the puzzles solved, the seconds, the "
                            "rate and the guesses per puzzle.",
             .keys = runs_keys,
             .inputs = SK_INPUT_NONE},
    .state_size = sizeof(runs_state),
    .set = runs_set,
    .run = runs_run,
    .release = runs_release,
};
