/* Operation solve: the solutions of puzzle files, in input order. */
#include <stdlib.h>
#include <string.h>

#include "op.h"

enum {
    SOLVE_SOLVER,
    SOLVE_SOLVER_OPTIONS,
    SOLVE_COUNT,
    SOLVE_FIRST,
    SOLVE_VERIFY,
    SOLVE_FORMAT,
    SOLVE_JOBS,
    SOLVE_OUTPUT,
    SOLVE_INPUT_FORMAT,
    SOLVE_QUIET,
    SOLVE_SHARD,
    SOLVE_INPUT
};

static const sk_key solve_keys[] = {
    {.name = "solver", .short_name = 's', .kind = SK_KEY_STRATEGY, .value_name = "NAME",
     .help = "solver strategy (default: the fastest loaded)", .strategy_kind = SK_KIND_SOLVER,
     .id = SOLVE_SOLVER},
    {.name = "solver-options", .kind = SK_KEY_TEXT, .value_name = "K=V,...",
     .help = "options for the solver", .id = SOLVE_SOLVER_OPTIONS},
    {.name = "count", .short_name = 'c', .kind = SK_KEY_FLAG,
     .help = "require exactly one solution: a puzzle with several fails", .id = SOLVE_COUNT},
    {.name = "first", .kind = SK_KEY_FLAG,
     .help = "stop at the first solution: faster, but a puzzle with several is not told",
     .id = SOLVE_FIRST},
    {.name = "verify", .kind = SK_KEY_FLAG,
     .help = "check every solution the plugin returns against its puzzle", .id = SOLVE_VERIFY},
    {.name = "format", .short_name = 'f', .kind = SK_KEY_CHOICE, .value_name = "F",
     .fallback = "line", .choices = SK_OUTPUT_FORMAT_NAMES,
     .help = "the solutions in a layout of `sudokit help layouts`; csv, json and qqwing add the puzzle",
     .id = SOLVE_FORMAT},
    SK_KEY_JOBS(SOLVE_JOBS),
    SK_KEY_OUTPUT(SOLVE_OUTPUT),
    SK_KEY_INPUT_FORMAT(SOLVE_INPUT_FORMAT),
    SK_KEY_QUIET(SOLVE_QUIET),
    SK_KEY_SHARD(SOLVE_SHARD),
    SK_KEY_INPUTS(SOLVE_INPUT),
    SK_KEY_END,
};

typedef struct solve_state {
    char *solver, *solver_options;
    bool count, first, verify;
    sk_format format, input_format;
    int jobs;
    sk_shard shard;
    char **inputs;
    /* the run */
    sk_op *op;
    const char *solver_name;
    sk_instance_config config;
    sk_sources sources;
    sk_progress progress;
    sk_error *err;
} solve_state;

/* One puzzle and what became of it; small, since the solver walks a
 * batch of them. */
typedef struct solve_item {
    sk_grid puzzle, solution;
    bool read_ok, solved, several;
    const char *source;      /* where it came from: the reader's name (a */
    size_t line, number;     /* path the op keeps, or a literal), line,  */
    size_t first_col;        /* number, a line record's first column,    */
    sk_cell_places *places;  /* or each cell's place (other layouts)     */
    char *message;           /* what went wrong, or NULL                 */
} solve_item;

static int solve_set(sk_op *op, void *state, const sk_key *key, const sk_value *v, sk_error *err)
{
    (void)op;
    solve_state *s = state;
    switch (key->id) {
    case SOLVE_SOLVER:
        return sk_op_copy(&s->solver, v->text, err);
    case SOLVE_SOLVER_OPTIONS:
        return sk_op_copy(&s->solver_options, v->text, err);
    case SOLVE_COUNT:
        s->count = v->flag;
        return 0;
    case SOLVE_FIRST:
        s->first = v->flag;
        return 0;
    case SOLVE_VERIFY:
        s->verify = v->flag;
        return 0;
    case SOLVE_FORMAT:
        s->format = sk_format_of(v->text);
        return 0;
    case SOLVE_JOBS:
        s->jobs = (int)v->integer;
        return 0;
    case SOLVE_INPUT_FORMAT:
        s->input_format = (sk_format)v->integer;
        return 0;
    case SOLVE_QUIET:
        return 0;
    case SOLVE_SHARD:
        s->shard = sk_shard_of(v);
        return 0;
    default:
        return sk_op_append(&s->inputs, v->text, err);
    }
}

/* Forget what the item held for its last puzzle. */
static void solve_item_clear(void *user, void *item_arg)
{
    (void)user;
    solve_item *item = item_arg;
    free(item->places);
    free(item->message);
    item->places = NULL;
    item->message = NULL;
}

/* Keep where the puzzle's cells came from, to name a refusal. */
static void solve_keep_places(solve_state *s, solve_item *item, const sk_reader_position *pos)
{
    item->source = pos->name;
    item->line = pos->line;
    item->number = pos->puzzle;
    sk_cell_places places;
    sk_sources_cell_places(&s->sources, &places);
    item->first_col = places.first_col;
    if (!places.first_col && (item->places = malloc(sizeof places)))
        *item->places = places;
}

static int solve_read(void *user, void *item_arg, sk_error *err)
{
    solve_state *s = user;
    solve_item *item = item_arg;
    const sk_record *record;
    const sk_reader_position *pos;
    char why[512];
    (void)err;
    solve_item_clear(s, item);
    sk_read_status status =
        sk_sources_next(&s->sources, &item->puzzle, &record, &pos, why, sizeof why);
    if (status == SK_READ_END)
        return 0;
    item->read_ok = status == SK_READ_OK;
    item->solved = false;
    if (item->read_ok)
        solve_keep_places(s, item, pos);
    else
        item->message = strdup(why);
    return 1;
}

/* Word why the item's puzzle was not solved: a refused puzzle in the
 * reader's words and place (when its places could be kept), else the
 * solver's answer. */
static void solve_explain(solve_item *item, int found, const char *err)
{
    char text[1024];
    sk_cell_places line_places = {.line = item->line, .first_col = item->first_col};
    const sk_cell_places *places = item->places       ? item->places
                                   : item->first_col ? &line_places
                                                     : NULL;
    if (!places || !sk_reader_rules_message(&item->puzzle, item->source, item->number, places,
                                            text, sizeof text))
        snprintf(text, sizeof text, "%s:%zu: puzzle %zu: %s", item->source, item->line,
                 item->number,
                 found == 0   ? "has no solution"
                 : found == 2 ? "has several solutions"
                              : err);
    item->message = strdup(text);
}

static int solve_worker_new(void *user, void **worker, sk_error *err)
{
    solve_state *s = user;
    return sk_op_instance(s->op, SK_KIND_SOLVER, s->solver_name, s->solver_options, &s->config,
                          (sk_instance **)worker, err);
}

static void solve_worker_free(void *user, void *worker)
{
    (void)user;
    sk_instance_free(worker);
}

static void solve_work(void *user, void *worker, void *item_arg)
{
    solve_state *s = user;
    solve_item *item = item_arg;
    if (!item->read_ok)
        return;
    char err[256];
    int found = sk_instance_solve(worker, &item->puzzle, s->first && !s->count ? 1 : 2,
                                  &item->solution, NULL, err, sizeof err);
    item->several = found == 2;
    item->solved = found == 1 || (item->several && !s->count);
    /* The solver checks the rules (the reader does not, to save a pass). */
    if (!item->solved)
        solve_explain(item, found, err);
}

static int solve_write(void *user, void *item_arg, sk_error *err)
{
    solve_state *s = user;
    solve_item *item = item_arg;
    sk_progress_update(&s->progress, s->op->summary.done + s->op->summary.failed + 1);
    if (!item->solved) {
        sk_ctx_report(sk_op_ctx(s->op), "%s", item->message ? item->message : "out of memory");
        s->op->summary.failed++;
        return 0;
    }
    if (item->several)
        sk_ctx_report(sk_op_ctx(s->op), "%s:%zu: puzzle %zu: has several solutions; this is "
                      "one of them (--count refuses such a puzzle)", item->source, item->line,
                      item->number);
    sk_record record;
    sk_record_init(&record);
    record.puzzle = item->puzzle;
    record.has_solution = true;
    record.solution = item->solution;
    s->op->summary.done++;
    return sk_op_emit(s->op, &record, err) ? -1 : 0;
}

static const int solve_columns[] = {SK_FIELD_PUZZLE, SK_FIELD_SOLUTION};
static const sk_layout solve_layout = {solve_columns, 2, SK_FIELD_SOLUTION, -1, NULL, 0};

static int solve_run(sk_op *op, void *state, sk_error *err)
{
    solve_state *s = state;
    s->op = op;
    s->solver_name = sk_op_strategy(op, SK_KIND_SOLVER, s->solver, err);
    if (!s->solver_name)
        return err->status;
    s->config = (sk_instance_config){.verify = s->verify};
    sk_sources_init(&s->sources, sk_op_ctx(op), s->inputs, s->input_format, false);
    if (s->shard.count > 1 && sk_sources_shard(&s->sources, s->shard, "solve", err))
        return err->status;
    sk_op_output_continues(op, sk_shard_continues(s->shard));
    if (sk_op_output_open(op, s->format, &solve_layout, err))
        return err->status;
    sk_progress_start_sources(&s->progress, op, "solve", &s->sources);
    sk_pipeline pipe = {s->jobs, sizeof(solve_item), 256, s, solve_read, solve_worker_new,
                        solve_worker_free, solve_work, solve_write, solve_item_clear, 4};
    int rc = sk_pipeline_run(&pipe, err);
    sk_progress_finish(&s->progress);
    sk_sources_close(&s->sources);
    if (rc)
        return err->status ? err->status : SK_EXIT_FAILURE;
    uint64_t total = op->summary.done + op->summary.failed;
    if (total == 0 && !(s->sources.sharded && s->sources.total > 0))
        return SK_FAIL(err, SK_EXIT_FAILURE, "solve: the input holds no puzzle");
    if (op->summary.failed)
        return SK_FAIL(err, SK_EXIT_FAILURE, "solve: %llu of %llu puzzles failed",
                       (unsigned long long)op->summary.failed, (unsigned long long)total);
    return SK_EXIT_OK;
}

static void solve_release(void *state)
{
    solve_state *s = state;
    free(s->solver);
    free(s->solver_options);
    sk_op_list_free(s->inputs);
}

const sk_op_def sk_op_solve = {
    .info = {.name = "solve",
             .summary = "solve puzzles from files or stdin, in input order",
             .synopsis = "[FILE...]",
             .description =
                 "Solve every puzzle of each FILE (default stdin) and write the solutions in "
                 "input order. Input may be any layout sudokit writes. A bad puzzle is "
                 "reported on stderr with its file, line and column and skipped; the exit "
                 "status is then 1, and a file given with --output is not written. A puzzle "
                 "with several solutions is said so on stderr and one of them written (exit "
                 "status 0; with --count it fails instead; --first does not look for a "
                 "second). With "
                 "--shard K/N only block K of the input's puzzles (counted over every file, "
                 "bad ones included) is solved.",
             .keys = solve_keys,
             .inputs = SK_INPUT_FILES,
             .input_key = "input"},
    .state_size = sizeof(solve_state),
    .set = solve_set,
    .run = solve_run,
    .release = solve_release,
};
