/* Operation solve: the solutions of puzzle files, in input order. */
#include <stdlib.h>
#include <string.h>

#include "op.h"
#include "sudokit/rules.h"

enum {
    SOLVE_SOLVER,
    SOLVE_SOLVER_OPTIONS,
    SOLVE_COUNT,
    SOLVE_FIRST,
    SOLVE_VERIFY,
    SOLVE_FORMAT,
    SOLVE_JOBS,
    SOLVE_OUTPUT,
    SOLVE_RESUME,
    SOLVE_INPUT_FORMAT,
    SOLVE_QUIET,
    SOLVE_SHARD,
    SOLVE_RULES,
    SOLVE_INPUT
};

static const sk_key solve_keys[] = {
    SK_KEY_SOLVER(SOLVE_SOLVER,
                  "solver strategy (default: the fastest loaded; general for other rules than classic)"),
    SK_KEY_SOLVER_OPTIONS(SOLVE_SOLVER_OPTIONS),
    {.name = "count", .short_name = 'c', .kind = SK_KEY_FLAG,
     .help = "require exactly one solution: a puzzle with several fails", .id = SOLVE_COUNT},
    {.name = "first", .kind = SK_KEY_FLAG,
     .help = "stop at the first solution: faster, but a puzzle with several is not told",
     .id = SOLVE_FIRST},
    {.name = "verify", .kind = SK_KEY_FLAG,
     .help = "check every solution the plugin returns against its puzzle", .id = SOLVE_VERIFY},
    SK_KEY_FORMAT(SOLVE_FORMAT,
                  "the solutions in a layout of `sudokit help layouts`; csv, json and qqwing add the puzzle"),
    SK_KEY_JOBS(SOLVE_JOBS),
    SK_KEY_OUTPUT(SOLVE_OUTPUT),
    SK_KEY_RESUME(SOLVE_RESUME),
    SK_KEY_INPUT_FORMAT(SOLVE_INPUT_FORMAT),
    SK_KEY_QUIET(SOLVE_QUIET),
    SK_KEY_SHARD(SOLVE_SHARD),
    SK_KEY_RULES(SOLVE_RULES),
    SK_KEY_INPUTS(SOLVE_INPUT),
    SK_KEY_END,
};

typedef struct solve_state {
    char *solver, *solver_options, *rules_spec;
    const sk_rules *rules; /* of the puzzles before a #rules line, or NULL */
    bool count, first, verify;
    sk_format format, input_format;
    int jobs;
    ski_shard shard;
    char **inputs;
    /* the run */
    sk_op *op;
    const char *solver_name;
    const char *rules_solver_name; /* for other rules than classic, or NULL */
    const char *rules_solver_name_hint; /* the one to name when NULL        */
    sk_instance_config config;
    ski_sources sources;
    ski_progress progress;
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
    const sk_rules *rules;   /* a reference, NULL: classic               */
    sk_record_boards *boards; /* the grids under rules                   */
    char *message;           /* what went wrong, or NULL                 */
} solve_item;

static int solve_set(sk_op *op, void *state, const sk_key *key, const sk_value *v, sk_error *err)
{
    (void)op;
    solve_state *s = state;
    switch (key->id) {
    case SOLVE_SOLVER:
        return ski_op_copy(&s->solver, v->text, err);
    case SOLVE_SOLVER_OPTIONS:
        return ski_op_copy(&s->solver_options, v->text, err);
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
        s->format = ski_format_of(v->text);
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
        s->shard = ski_shard_of(v);
        return 0;
    case SOLVE_RULES:
        return ski_op_copy(&s->rules_spec, v->text, err);
    default:
        return ski_op_append(&s->inputs, v->text, err);
    }
}

/* Forget what the item held for its last puzzle. */
static void solve_item_clear(void *user, void *item_arg)
{
    (void)user;
    solve_item *item = item_arg;
    free(item->places);
    free(item->message);
    sk_rules_free(item->rules);
    free(item->boards);
    item->places = NULL;
    item->message = NULL;
    item->rules = NULL;
    item->boards = NULL;
}

/* Keep where the puzzle's cells came from, to name a refusal. */
static void solve_keep_places(solve_state *s, solve_item *item, const sk_reader_position *pos)
{
    item->source = pos->name;
    item->line = pos->line;
    item->number = pos->puzzle;
    sk_cell_places places;
    ski_sources_cell_places(&s->sources, &places);
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
    sk_error why;
    (void)err;
    solve_item_clear(s, item);
    sk_read_status status = ski_sources_next(&s->sources, &item->puzzle, &record, &pos, &why);
    if (status == SK_READ_END)
        return 0;
    item->read_ok = status == SK_READ_OK;
    item->solved = false;
    if (item->read_ok && record->rules && (item->boards = malloc(sizeof *item->boards))) {
        item->rules = sk_rules_ref(record->rules);
        item->boards->puzzle = record->boards->puzzle;
    } else if (item->read_ok && record->rules) {
        item->read_ok = false;
        item->message = strdup("solve: out of memory");
        return 1;
    }
    if (item->read_ok)
        solve_keep_places(s, item, pos);
    else
        item->message = strdup(why.message);
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
    if (item->rules || !places || !sk_reader_rules_message(&item->puzzle, item->source, item->number, places,
                                            text, sizeof text))
        snprintf(text, sizeof text, "%s:%zu: puzzle %zu: %.511s", item->source, item->line,
                 item->number,
                 found == 0   ? "has no solution"
                 : found == 2 ? "has several solutions"
                              : err);
    item->message = strdup(text);
}

/* A worker's solvers: the one asked for, and the one of other rules
 * (the same when it solves any rules; NULL when there is none). */
typedef struct solve_worker {
    sk_instance *classic, *rules;
} solve_worker;

static void solve_worker_free(void *user, void *worker_arg)
{
    (void)user;
    solve_worker *w = worker_arg;
    if (w->rules != w->classic)
        sk_instance_free(w->rules);
    sk_instance_free(w->classic);
    free(w);
}

static int solve_worker_new(void *user, void **worker, sk_error *err)
{
    solve_state *s = user;
    solve_worker *w = calloc(1, sizeof *w);
    if (!w)
        return SK_FAIL(err, SK_EXIT_FAILURE, "solve: out of memory");
    *worker = w;
    if (ski_op_instance(s->op, SK_KIND_SOLVER, s->solver_name, s->solver_options, &s->config,
                       &w->classic, err))
        return err->status;
    if (!s->rules_solver_name)
        return 0;
    if (strcmp(s->rules_solver_name, s->solver_name) == 0) {
        w->rules = w->classic;
        return 0;
    }
    return ski_op_instance(s->op, SK_KIND_SOLVER, s->rules_solver_name, NULL, &s->config,
                          &w->rules, err);
}

/* Solve the item's puzzle under its rules with the worker's solver of
 * any rules: what sk_instance_solve gives, or -1 with err. */
static int solve_under_rules(solve_state *s, solve_worker *w, solve_item *item, int limit,
                             sk_error *err)
{
    if (!w->rules) {
        sk_error_set(err, SK_EXIT_FAILURE,
                     "solver %s takes classic 9x9 puzzles only, not rules '%s' (use --solver %s)",
                     s->solver_name, sk_rules_spec(item->rules), s->rules_solver_name_hint);
        return -1;
    }
    return sk_instance_solve_rules(w->rules, item->rules, &item->boards->puzzle, limit,
                                   &item->boards->solution, NULL, err);
}

static void solve_work(void *user, void *worker, void *item_arg)
{
    solve_state *s = user;
    solve_item *item = item_arg;
    if (!item->read_ok)
        return;
    sk_error err;
    solve_worker *w = worker;
    int limit = s->first && !s->count ? 1 : 2;
    int found = item->rules ? solve_under_rules(s, w, item, limit, &err)
                            : sk_instance_solve(w->classic, &item->puzzle, limit, &item->solution,
                                                NULL, &err);
    item->several = found == 2;
    item->solved = found == 1 || (item->several && !s->count);
    /* The solver checks the rules (the reader does not, to save a pass). */
    if (!item->solved)
        solve_explain(item, found, err.message);
}

static int solve_write(void *user, void *item_arg, sk_error *err)
{
    solve_state *s = user;
    solve_item *item = item_arg;
    ski_progress_update(&s->progress, s->op->summary.done + s->op->summary.failed + 1);
    if (!item->solved) {
        sk_ctx_report(ski_op_ctx(s->op), "%s", item->message ? item->message : "out of memory");
        s->op->summary.failed++;
        return 0;
    }
    if (item->several)
        sk_ctx_report(ski_op_ctx(s->op), "%s:%zu: puzzle %zu: has several solutions; this is "
                      "one of them (--count refuses such a puzzle)", item->source, item->line,
                      item->number);
    sk_record record;
    sk_record_init(&record);
    record.puzzle = item->puzzle;
    record.has_solution = true;
    record.solution = item->solution;
    if (item->rules) {
        record.puzzle = record.solution = (sk_grid){0};
        record.rules = item->rules;
        record.boards = item->boards;
    }
    s->op->summary.done++;
    return ski_op_emit(s->op, &record, err) ? -1 : 0;
}

/* The solver of puzzles under other rules than classic: the one asked
 * for when it solves any rules, else (none asked for) the host's default
 * one; NULL when a classic-only solver was asked for, the default one
 * then named in its refusals. */
static void solve_choose_rules_solver(solve_state *s, sk_host *host)
{
    const char *fallback = sk_host_default_rules_solver(host);
    s->rules_solver_name_hint = fallback ? fallback : "general";
    s->rules_solver_name = NULL;
    if (!s->solver)
        s->rules_solver_name = fallback;
    else {
        const sk_host_strategy *chosen = sk_host_find(host, SK_KIND_SOLVER, s->solver_name);
        if (chosen && chosen->strategy->solve_rules)
            s->rules_solver_name = s->solver_name;
    }
}

static const int solve_columns[] = {SK_FIELD_PUZZLE, SK_FIELD_SOLUTION};
static const sk_layout solve_layout = {solve_columns, 2, SK_FIELD_SOLUTION, -1, NULL, 0};

static int solve_run(sk_op *op, void *state, sk_error *err)
{
    solve_state *s = state;
    s->op = op;
    s->solver_name = ski_op_strategy(op, SK_KIND_SOLVER, s->solver, err);
    if (!s->solver_name)
        return err->status;
    s->config = (sk_instance_config){.verify = s->verify};
    sk_host *host = sk_ctx_host(ski_op_ctx(op));
    if (s->rules_spec && ski_op_rules(op, s->rules_spec, &s->rules, err))
        return err->status;
    solve_choose_rules_solver(s, host);
    ski_sources_init(&s->sources, ski_op_ctx(op), s->inputs, s->input_format, false);
    ski_sources_accept_rules(&s->sources, host);
    ski_sources_set_rules(&s->sources, s->rules);
    if (s->shard.count > 1 && ski_sources_shard(&s->sources, s->shard, "solve", err))
        return err->status;
    ski_op_output_continues(op, ski_shard_continues(s->shard));
    if (ski_op_resume(op, &s->sources, err)) {
        ski_sources_close(&s->sources);
        return err->status;
    }
    if (ski_op_output_open(op, s->format, &solve_layout, err))
        return err->status;
    ski_progress_start_sources(&s->progress, op, "solve", &s->sources);
    ski_pipeline pipe = {s->jobs, sizeof(solve_item), 256, s, solve_read, solve_worker_new,
                        solve_worker_free, solve_work, solve_write, solve_item_clear, 4,
                        ski_op_ctx(op)};
    int rc = ski_pipeline_run(&pipe, err);
    ski_progress_finish(&s->progress);
    ski_sources_close(&s->sources);
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
    free(s->rules_spec);
    sk_rules_free(s->rules);
    ski_op_list_free(s->inputs);
}

const ski_op_def ski_op_solve = {
    .info = {.name = "solve",
             .summary = "solve puzzles from files or stdin, in input order",
             .synopsis = "[FILE...]",
             .description =
                 "Solve every puzzle of each FILE (default stdin) and write the solutions in "
                 "input order. Input may be any layout sudokit writes, puzzles under any "
                 "rules included (`#rules SPEC` lines, f-puzzles files and links: "
                 "docs/rules.md); those go to the solver of any rules (general unless "
                 "--solver names another that solves them) and are written with their "
                 "rules; with --rules SPEC, the puzzles before a `#rules` line (plain "
                 "lines of N*N characters) are under SPEC. A FILE that does not exist but "
                 "is a puzzle itself (N*N digits, letters or '.') is that puzzle. A bad "
                 "puzzle is "
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
