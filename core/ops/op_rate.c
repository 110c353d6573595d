/* Operation rate: the rating of every puzzle of the input, in input order,
 * with a level histogram at the end. */
#include <stdlib.h>
#include <string.h>

#include "canon_set.h"
#include "op.h"
#include "print.h"
#include "sudokit/canon.h"
#include "sudokit/grid.h"
#include "sudokit/names.h"
#include "sudokit/rules.h"

enum {
    RATE_RATER,
    RATE_RATER_OPTIONS,
    RATE_SOLVER,
    RATE_SOLVER_OPTIONS,
    RATE_FORMAT,
    RATE_EXPLAIN,
    RATE_STORE,
    RATE_PLOT,
    RATE_JOBS,
    RATE_OUTPUT,
    RATE_RESUME,
    RATE_INPUT_FORMAT,
    RATE_QUIET,
    RATE_SHARD,
    RATE_RULES,
    RATE_INPUT
};

static const sk_key rate_keys[] = {
    SK_KEY_RATER(RATE_RATER, "rater strategy"),
    SK_KEY_RATER_OPTIONS(RATE_RATER_OPTIONS),
    SK_KEY_SOLVER(RATE_SOLVER, "solver behind the rater's solution counter (default: the fastest)"),
    SK_KEY_SOLVER_OPTIONS(RATE_SOLVER_OPTIONS),
    SK_KEY_FORMAT(RATE_FORMAT,
                  "line (PUZZLE SCORE LEVEL NAME HARDEST) or another layout of `sudokit help layouts`"),
    {.name = "explain", .short_name = 'e', .kind = SK_KEY_FLAG,
     .help = "write every step of the solve before each puzzle: text lines (line and readable "
             "formats) or one JSON object a step with its reasoning as data (json)",
     .id = RATE_EXPLAIN},
    {.name = "store", .kind = SK_KEY_FLAG,
     .help = "also keep each puzzle, its solution and its rating in the database",
     .id = RATE_STORE},
    {.name = "plot", .kind = SK_KEY_TEXT, .value_name = "FILE",
     .help = "also draw the histogram of the scores into FILE (.svg, .png or .pdf)",
     .id = RATE_PLOT},
    SK_KEY_JOBS(RATE_JOBS),
    SK_KEY_OUTPUT(RATE_OUTPUT),
    {.name = "resume", .kind = SK_KEY_FLAG,
     .help = "go on from a stopped run: with --output FILE, from FILE.partial (skip the puzzles "
             "it holds, write it and the rest to FILE); with --store and no --output, skip the "
             "puzzles the database has rated with this rater version",
     .id = RATE_RESUME},
    SK_KEY_INPUT_FORMAT(RATE_INPUT_FORMAT),
    SK_KEY_QUIET(RATE_QUIET),
    SK_KEY_SHARD(RATE_SHARD),
    SK_KEY_RULES(RATE_RULES),
    SK_KEY_INPUTS(RATE_INPUT),
    SK_KEY_END,
};

typedef struct rate_state {
    char *rater, *rater_options, *solver, *solver_options, *plot, *rules_spec;
    char unrated[384]; /* why a puzzle under other rules is not rated */
    const sk_rules *rules; /* --rules, when the rater rates other rules than classic */
    sk_format format, input_format;
    bool explain, store;
    int jobs;
    ski_shard shard;
    char **inputs;
    /* the run */
    sk_op *op;
    const char *rater_version;
    ski_sources sources;
    ski_store_sink sink;
    bool sink_open;
    ski_progress progress;
    uint64_t levels[6];
    double *scores; /* with plot: every score, in input order */
    int *score_levels; /* and its level */
    size_t score_count, score_capacity;
    ski_canon_set *rated_before; /* --store --resume: what the database has rated */
    uint64_t skipped;           /* input puzzles skipped for it */
} rate_state;

typedef struct rate_worker {
    sk_instance *rater, *solver;
    sk_instance *rules_solver; /* with --store: solves puzzles under other rules */
} rate_worker;

/* One puzzle and its rating, explanation and solution. */
typedef struct rate_item {
    sk_grid puzzle, solution;
    const sk_rules *rules;    /* a reference, NULL: classic */
    sk_record_boards *boards; /* the grids under rules      */
    bool read_ok, rated, solved;
    bool from_marks;  /* rated from the position of marks, not the puzzle */
    sk_grid position; /* with from_marks: its digits */
    sk_marks marks;
    char name[128]; /* the record's name in its file (sdk #D, kennett %), or "" */
    sk_rating rating;
    char *explained; /* the steps as text lines (--explain), owned */
    size_t explained_len;
    unsigned explained_steps;
    bool explain_json; /* the steps as JSON objects, one a line */
    size_t line;
    char where[300];   /* "FILE:LINE: puzzle N: " */
    sk_error error;    /* what went wrong */
} rate_item;

static int rate_set(sk_op *op, void *state, const sk_key *key, const sk_value *v, sk_error *err)
{
    (void)op;
    rate_state *s = state;
    switch (key->id) {
    case RATE_RATER:
        return ski_op_copy(&s->rater, v->text, err);
    case RATE_RATER_OPTIONS:
        return ski_op_copy(&s->rater_options, v->text, err);
    case RATE_SOLVER:
        return ski_op_copy(&s->solver, v->text, err);
    case RATE_SOLVER_OPTIONS:
        return ski_op_copy(&s->solver_options, v->text, err);
    case RATE_FORMAT:
        s->format = ski_format_of(v->text);
        return 0;
    case RATE_EXPLAIN:
        s->explain = v->flag;
        return 0;
    case RATE_STORE:
        s->store = v->flag;
        return 0;
    case RATE_PLOT:
        return ski_op_copy(&s->plot, v->text, err);
    case RATE_JOBS:
        s->jobs = (int)v->integer;
        return 0;
    case RATE_INPUT_FORMAT:
        s->input_format = (sk_format)v->integer;
        return 0;
    case RATE_QUIET:
        return 0;
    case RATE_SHARD:
        s->shard = ski_shard_of(v);
        return 0;
    case RATE_RULES:
        return ski_op_copy(&s->rules_spec, v->text, err);
    default:
        return ski_op_append(&s->inputs, v->text, err);
    }
}

static int rate_check(sk_op *op, void *state, sk_error *err)
{
    rate_state *s = state;
    if (s->explain && s->format != SK_FORMAT_LINE && s->format != SK_FORMAT_READABLE &&
        s->format != SK_FORMAT_JSON)
        return sk_error_set(err, SK_EXIT_USAGE,
                            "rate: explain writes text lines or JSON objects: use it with format "
                            "line, readable or json, not %s",
                            sk_format_names[s->format]);
    if (s->plot && ski_picture_format_of_path(s->plot) < 0)
        return sk_error_set(err, SK_EXIT_USAGE, "rate: plot '%s': name a .svg, .png or .pdf file",
                            s->plot);
    return s->plot ? ski_op_check_output(op, s->plot, err) : 0;
}

/* A record whose pencil marks go beyond its givens is rated from those
 * marks (the position); such a rating is not the puzzle's, so --store
 * refuses it. */
static void rate_take_marks(const rate_state *s, rate_item *item, const sk_record *record)
{
    item->from_marks =
        record->has_candidates && sk_marks_differ(&record->candidates, &item->puzzle);
    if (!item->from_marks)
        return;
    item->marks = record->candidates;
    sk_marks_position(&item->marks, &item->puzzle, &item->position);
    if (s->store) {
        item->read_ok = false;
        sk_error_set(&item->error, SK_EXIT_FAILURE,
                     "its pencil marks go beyond its givens, and a rating from them is of that "
                     "position, not of the puzzle: not stored (rate it without --store)");
    }
}

/* rate --store --resume without --output: the database, not a partial
 * output, holds what a stopped run finished. */
static bool rate_resumes_from_store(const rate_state *s)
{
    return s->store && s->op->resume && !ski_op_output_path(s->op);
}

/* Keep a stored puzzle's canonical form in the set. */
static int rate_remember(void *user, const sk_puzzle_row *row)
{
    sk_grid canon;
    size_t col;
    bool added;
    if (sk_grid_parse_line(&canon, row->canonical, strlen(row->canonical), &col) != 0)
        return 0;
    return ski_canon_set_put(user, &canon, &added) ? 0 : 1;
}

/* The canonical forms of the puzzles the database has rated with the
 * rater's version, into s->rated_before; 0, or -1 with err. */
static int rate_load_rated(rate_state *s, sk_error *err)
{
    sk_error why;
    s->rated_before = ski_canon_set_new(0);
    if (!s->rated_before)
        return sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
    sk_query q;
    sk_query_init(&q);
    q.rater = s->rater;
    q.rater_version = s->rater_version;
    q.rated_only = true;
    int rc = sk_store_query(s->sink.store, &q, rate_remember, s->rated_before, &why);
    if (rc)
        return sk_error_set(err, SK_EXIT_FAILURE, "rate: --resume: %s",
                            rc < 0 ? why.message : "out of memory");
    return 0;
}

/* Whether puzzle is one the database has rated with this rater version
 * (rate --store --resume): it is skipped, and counted. */
static bool rate_rated_before(rate_state *s, const sk_grid *puzzle)
{
    sk_grid canon;
    if (!s->rated_before || sk_canon_form(puzzle, &canon) != SK_OK ||
        !ski_canon_set_find(s->rated_before, &canon))
        return false;
    s->skipped++;
    return true;
}

/* Keep the rules and grids of a record under other rules than classic;
 * the item is refused, saying why, when out of memory. */
static void rate_take_rules(rate_item *item, const sk_record *record)
{
    if (!item->boards && !(item->boards = malloc(sizeof *item->boards))) {
        item->read_ok = false;
        sk_error_set(&item->error, SK_EXIT_FAILURE, "out of memory");
        return;
    }
    item->rules = sk_rules_ref(record->rules);
    item->boards->puzzle = record->boards->puzzle;
}

static int rate_read(void *user, void *item_arg, sk_error *err)
{
    rate_state *s = user;
    rate_item *item = item_arg;
    const sk_record *record;
    const sk_reader_position *pos;
    (void)err;
    sk_read_status status;
    sk_rules_free(item->rules);
    item->rules = NULL;
    do
        status = ski_sources_next(&s->sources, &item->puzzle, &record, &pos, &item->error);
    while (status == SK_READ_OK && !record->rules && rate_rated_before(s, &item->puzzle));
    if (status == SK_READ_END)
        return 0;
    item->read_ok = status == SK_READ_OK;
    item->rated = item->solved = item->from_marks = false;
    item->explain_json = s->format == SK_FORMAT_JSON;
    item->where[0] = '\0';
    if (item->read_ok) {
        snprintf(item->where, sizeof item->where, "%s:%zu: puzzle %zu: ", pos->name, pos->line,
                 pos->puzzle);
        item->line = pos->line;
        snprintf(item->name, sizeof item->name, "%s", record->name ? record->name : "");
        if (!record->rules)
            rate_take_marks(s, item, record);
        else
            rate_take_rules(item, record);
    }
    return 1;
}

static int rate_worker_new(void *user, void **out, sk_error *err)
{
    rate_state *s = user;
    rate_worker *w = calloc(1, sizeof *w);
    if (!w)
        return sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
    *out = w;
    sk_instance_config config = {.solver = s->solver, .solver_options = s->solver_options};
    sk_instance_config verified = {.verify = true};
    if (ski_op_instance(s->op, SK_KIND_RATER, s->rater, s->rater_options, &config, &w->rater,
                       err))
        return -1;
    if (s->store && ski_op_instance(s->op, SK_KIND_SOLVER, s->solver, s->solver_options,
                                   &verified, &w->solver, err))
        return -1;
    const char *rules_solver = sk_host_default_rules_solver(sk_ctx_host(ski_op_ctx(s->op)));
    if (s->store && rules_solver &&
        ski_op_instance(s->op, SK_KIND_SOLVER, rules_solver, NULL, &verified, &w->rules_solver,
                        err))
        return -1;
    return 0;
}

static void rate_worker_free(void *user, void *worker)
{
    rate_worker *w = worker;
    (void)user;
    sk_instance_free(w->rater);
    sk_instance_free(w->solver);
    sk_instance_free(w->rules_solver);
    free(w);
}

/* One step (rate --explain) into a new buffer *out of *len bytes: a JSON
 * object, or a text line followed, when the step has chains, by a line of
 * them in notation; -1 when out of memory. */
static int rate_explain_write(const sk_step *step, unsigned number, bool json, char **out,
                              size_t *len)
{
    FILE *mem = open_memstream(out, len);
    if (!mem)
        return -1;
    if (json) {
        ski_step_write_json(mem, step, number);
    } else {
        fprintf(mem, "  %3u. %.1f %s: %s\n", number, step->rating, step->technique,
                step->explanation ? step->explanation : "");
        if (SK_STEP_HAS(step, fin_count) && step->notation && step->notation[0])
            fprintf(mem, "       chain: %s\n", step->notation);
    }
    return fclose(mem) == 0 ? 0 : -1;
}

/* --explain's step callback: the step's text lines (or JSON object) into
 * the item. */
static int rate_explain_step(void *user, const sk_step *step)
{
    rate_item *item = user;
    char *line = NULL;
    size_t len;
    if (rate_explain_write(step, ++item->explained_steps, item->explain_json, &line, &len))
        return 1;
    char *grown = realloc(item->explained, item->explained_len + len + 1);
    if (grown) {
        memcpy(grown + item->explained_len, line, len);
        grown[item->explained_len + len] = '\0';
        item->explained = grown;
        item->explained_len += len;
    }
    free(line);
    return grown ? 0 : 1;
}

static void rate_work(void *user, void *worker, void *item_arg)
{
    rate_state *s = user;
    rate_worker *w = worker;
    rate_item *item = item_arg;
    item->explained_len = 0;
    item->explained_steps = 0;
    if (item->explained)
        item->explained[0] = '\0';
    if (!item->read_ok)
        return;
    if (item->rules) {
        item->rated = sk_instance_rate_rules(w->rater, item->rules, &item->boards->puzzle,
                                             &item->rating, s->explain ? rate_explain_step : NULL,
                                             item, &item->error) == SK_OK;
        if (item->rated && w->rules_solver)
            item->solved = sk_instance_solve_rules(w->rules_solver, item->rules,
                                                   &item->boards->puzzle, 1,
                                                   &item->boards->solution, NULL,
                                                   &item->error) == 1;
        return;
    }
    int rc = sk_instance_rate_marks(w->rater, item->from_marks ? &item->position : &item->puzzle,
                                    item->from_marks ? item->marks.cells : NULL, &item->rating,
                                    s->explain ? rate_explain_step : NULL, item, &item->error);
    item->rated = rc == SK_OK;
    if (item->rated && w->solver)
        item->solved = sk_instance_solve(w->solver, &item->puzzle, 1, &item->solution, NULL,
                                         &item->error) == 1;
}

static void rate_item_free(void *user, void *item_arg)
{
    (void)user;
    rate_item *item = item_arg;
    free(item->explained);
    free(item->boards);
    sk_rules_free(item->rules);
}

/* The record of a rated puzzle. */
static void rate_record(const rate_state *s, const rate_item *item, sk_record *record)
{
    sk_record_init(record);
    record->puzzle = item->puzzle;
    record->has_solution = item->solved;
    record->solution = item->solution;
    record->line = item->line;
    record->rated = true;
    record->rater = s->rater;
    record->rater_version = s->rater_version;
    record->rating = item->rating;
    record->name = item->name[0] ? item->name : NULL;
    record->has_candidates = item->from_marks; /* the position rated */
    record->candidates = item->marks;
    if (item->rules) {
        record->puzzle = (sk_grid){0};
        record->rules = item->rules;
        record->boards = item->boards;
    }
}

/* Keep a rating's score and level for the plot; -1 when out of memory. */
static int rate_keep_score(rate_state *s, const sk_rating *rating)
{
    if (s->score_count == s->score_capacity) {
        size_t capacity = s->score_capacity ? 2 * s->score_capacity : 256;
        double *grown = realloc(s->scores, capacity * sizeof *grown);
        if (grown)
            s->scores = grown;
        int *levels = grown ? realloc(s->score_levels, capacity * sizeof *levels) : NULL;
        if (!levels)
            return -1;
        s->score_levels = levels;
        s->score_capacity = capacity;
    }
    s->score_levels[s->score_count] = rating->level;
    s->scores[s->score_count++] = rating->score;
    return 0;
}

/* Draw the histogram of the scores into the plot file. */
static int rate_plot(rate_state *s, sk_error *err)
{
    char title[200];
    sk_error why;
    snprintf(title, sizeof title, "Scores of %zu puzzle%s rated by %s %s", s->score_count,
             s->score_count == 1 ? "" : "s", s->rater, s->rater_version ? s->rater_version : "");
    ski_histogram h = {title, "score", s->scores, s->score_levels, {NULL}, s->score_count};
    for (int l = 1; l <= SK_HISTOGRAM_LEVELS; l++)
        h.level_names[l - 1] = sk_level_name(l);
    if (ski_plot_histogram_file(s->plot, &h, &why))
        return SK_FAIL(err, SK_EXIT_FAILURE, "rate: %s", why.message);
    return 0;
}

static int rate_write(void *user, void *item_arg, sk_error *err)
{
    rate_state *s = user;
    rate_item *item = item_arg;
    ski_progress_update(&s->progress, s->op->summary.done + s->op->summary.failed + 1);
    if (!item->rated || (s->store && !item->solved)) {
        sk_ctx_report(ski_op_ctx(s->op), "%s%s", item->where, item->error.message);
        s->op->summary.failed++;
        return 0;
    }
    sk_record record;
    rate_record(s, item, &record);
    if (s->sink_open && ski_store_sink_add(&s->sink, &record, NULL, err))
        return -1;
    FILE *out = ski_op_stream(s->op);
    if (s->explain && out && item->explained_len)
        fwrite(item->explained, 1, item->explained_len, out);
    s->levels[item->rating.level >= 1 && item->rating.level <= 5 ? item->rating.level : 0]++;
    s->op->summary.done++;
    if (s->plot && rate_keep_score(s, &item->rating))
        return sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
    return ski_op_emit(s->op, &record, err) ? -1 : 0;
}

/* The level histogram on the messages stream, a bar of up to 40 marks a
 * level; after a run that rated nothing, that alone. */
static void rate_histogram(const rate_state *s)
{
    sk_ctx *ctx = ski_op_ctx(s->op);
    uint64_t most = 1, rated = s->op->summary.done, failed = s->op->summary.failed;
    for (int l = 1; l <= 5; l++)
        most = s->levels[l] > most ? s->levels[l] : most;
    char failures[64] = "";
    if (failed)
        snprintf(failures, sizeof failures, ", %llu failed", (unsigned long long)failed);
    ski_ctx_say(ctx, "rated %llu puzzle%s with '%s'%s", (unsigned long long)rated,
               rated == 1 ? "" : "s", s->rater, failures);
    if (rated == 0)
        return;
    char bar[41];
    for (int l = 1; l <= 5; l++) {
        uint64_t marks = s->levels[l] * 40 / most;
        memset(bar, '#', (size_t)marks);
        bar[marks] = '\0';
        ski_ctx_say(ctx, "  %d %-7s %8llu %s", l, sk_level_name(l), (unsigned long long)s->levels[l],
                   bar);
    }
}

static const int rate_columns[] = {
    SK_FIELD_PUZZLE,          SK_FIELD_RATER, SK_FIELD_RATER_VERSION, SK_FIELD_SCORE, SK_FIELD_LOWER_BOUND,
    SK_FIELD_FIRST_STEP,      SK_FIELD_FIRST_PLACEMENT, SK_FIELD_LEVEL, SK_FIELD_LEVEL_NAME,
    SK_FIELD_STEPS,           SK_FIELD_HARDEST};
static const int rate_tail[] = {SK_FIELD_SCORE, SK_FIELD_LEVEL, SK_FIELD_LEVEL_NAME,
                                SK_FIELD_HARDEST};
static const sk_layout rate_layout = {rate_columns, 11, SK_FIELD_PUZZLE, -1, rate_tail, 4};
/* Under --rules other than classic: the same and the rules. */
static const int rate_rules_columns[] = {
    SK_FIELD_RULES,      SK_FIELD_PUZZLE,          SK_FIELD_RATER, SK_FIELD_RATER_VERSION,
    SK_FIELD_SCORE,      SK_FIELD_LOWER_BOUND,     SK_FIELD_FIRST_STEP,
    SK_FIELD_FIRST_PLACEMENT, SK_FIELD_LEVEL,      SK_FIELD_LEVEL_NAME, SK_FIELD_STEPS,
    SK_FIELD_HARDEST};
static const sk_layout rate_rules_layout = {rate_rules_columns, 12, SK_FIELD_PUZZLE, -1,
                                            rate_tail, 4};

static int rate_run(sk_op *op, void *state, sk_error *err)
{
    rate_state *s = state;
    s->op = op;
    if (!ski_op_strategy(op, SK_KIND_RATER, s->rater, err) ||
        (s->solver && !ski_op_strategy(op, SK_KIND_SOLVER, s->solver, err)))
        return err->status;
    bool any_rules = ski_op_rater_rates_rules(op, s->rater);
    if (any_rules ? s->rules_spec && ski_op_rules(op, s->rules_spec, &s->rules, err)
                  : ski_op_rules_rated(op, s->rules_spec, s->rater,
                                       "choose one of those, or solve them (sudokit solve "
                                       "--rules SPEC)",
                                       err))
        return err->status;
    s->rater_version =
        sk_host_find(sk_ctx_host(ski_op_ctx(op)), SK_KIND_RATER, s->rater)->plugin_version;
    ski_sources_init(&s->sources, ski_op_ctx(op), s->inputs, s->input_format, true);
    ski_op_classic_rater_why(op, s->rater, s->unrated, sizeof s->unrated);
    snprintf(s->unrated + strlen(s->unrated), sizeof s->unrated - strlen(s->unrated),
             ": not rated");
    if (any_rules) {
        ski_sources_accept_rules(&s->sources, sk_ctx_host(ski_op_ctx(op)));
        ski_sources_set_rules(&s->sources, s->rules);
    } else {
        ski_sources_refuse_rules(&s->sources, sk_ctx_host(ski_op_ctx(op)), s->unrated);
    }
    if (s->shard.count > 1 && ski_sources_shard(&s->sources, s->shard, "rate", err))
        return err->status;
    ski_op_output_continues(op, ski_shard_continues(s->shard));
    if (s->store && !ski_op_output_path(op))
        op->stop_hint = "the same command with --resume skips the puzzles it rated";
    bool from_store = rate_resumes_from_store(s);
    op->resume = op->resume && !from_store; /* no partial output to go on from */
    if (ski_op_resume(op, &s->sources, err)) {
        ski_sources_close(&s->sources);
        return err->status;
    }
    bool rules_layout = s->rules && !sk_rules_is_classic(s->rules);
    if (ski_op_output_open(op, s->format, rules_layout ? &rate_rules_layout : &rate_layout, err) ||
        (s->store && ski_store_sink_open(&s->sink, ski_op_ctx(op), 1000, err)))
        return err->status;
    s->sink_open = s->store;
    ski_progress_start_sources(&s->progress, op, "rate", &s->sources);
    /* A rating takes from microseconds to seconds: 8 batches a job in
     * flight, so that a slow batch does not hold the other workers back. */
    ski_pipeline pipe = {s->jobs, sizeof(rate_item), 16, s, rate_read, rate_worker_new,
                        rate_worker_free, rate_work, rate_write, rate_item_free, 8,
                        ski_op_ctx(op)};
    int rc = from_store && rate_load_rated(s, err) ? -1 : ski_pipeline_run(&pipe, err);
    ski_progress_finish(&s->progress);
    ski_sources_close(&s->sources);
    if (s->sink_open) {
        sk_error store_err;
        if (ski_store_sink_close(&s->sink, rc == 0, &store_err) && rc == 0) {
            *err = store_err;
            rc = -1;
        }
        op->summary.added = s->sink.added;
        op->summary.duplicates = s->sink.duplicates;
    }
    if (rc)
        return err->status ? err->status : SK_EXIT_FAILURE;
    if (!ski_op_quiet(op)) {
        rate_histogram(s);
        if (s->store)
            sk_ctx_report(ski_op_ctx(op), "rate: stored %llu ratings: %llu new puzzles, %llu "
                          "already in the database", (unsigned long long)(s->sink.added +
                          s->sink.duplicates), (unsigned long long)s->sink.added,
                          (unsigned long long)s->sink.duplicates);
        if (s->rated_before)
            sk_ctx_report(ski_op_ctx(op), "rate: --resume: skipped %llu puzzles the database "
                          "has rated with '%s' %s", (unsigned long long)s->skipped, s->rater,
                          s->rater_version ? s->rater_version : "");
    }
    uint64_t total = op->summary.done + op->summary.failed;
    if (total == 0 && !s->skipped && !(s->sources.sharded && s->sources.total > 0))
        return SK_FAIL(err, SK_EXIT_FAILURE, "rate: the input holds no puzzle");
    if (s->plot && !s->score_count && !ski_op_stopped(op))
        sk_ctx_report(ski_op_ctx(op), "rate: no puzzle was rated, so no plot was drawn (%s not "
                      "written)", s->plot);
    if (s->plot && s->score_count && !ski_op_stopped(op) && rate_plot(s, err))
        return err->status;
    if (op->summary.failed)
        return SK_FAIL(err, SK_EXIT_FAILURE, "rate: %llu of %llu puzzles failed",
                       (unsigned long long)op->summary.failed, (unsigned long long)total);
    return SK_EXIT_OK;
}

static void rate_release(void *state)
{
    rate_state *s = state;
    free(s->rater);
    free(s->rater_options);
    free(s->solver);
    free(s->solver_options);
    free(s->rules_spec);
    sk_rules_free(s->rules);
    free(s->plot);
    free(s->scores);
    free(s->score_levels);
    ski_canon_set_free(s->rated_before);
    ski_op_list_free(s->inputs);
}

const ski_op_def ski_op_rate = {
    .info = {.name = "rate",
             .summary = "rate puzzles from files or stdin",
             .synopsis = "[FILE...]",
             .description =
                 "Rate every puzzle of each FILE (default stdin), in input order, then print "
                 "a histogram of the levels on stderr. A bad puzzle (unreadable, or without "
                 "exactly one solution) is reported with its file and line and skipped; the "
                 "exit status is then 1. With --store, ratings are kept in the database: "
                 "one row per puzzle, rater and rater version, committed in batches; after a "
                 "stopped run, --store --resume skips the puzzles the database has rated with "
                 "the rater's version. --plot draws "
                 "the histogram of the scores of the puzzles rated, at the end of the run, each "
                 "bar split by level in the levels' colours (a run that rated nothing says so "
                 "and draws none). With "
                 "--shard K/N only block K of the input's puzzles (counted over every file, "
                 "bad ones included) is rated.",
             .keys = rate_keys,
             .inputs = SK_INPUT_FILES,
             .input_key = "input"},
    .state_size = sizeof(rate_state),
    .set = rate_set,
    .check = rate_check,
    .run = rate_run,
    .release = rate_release,
};
