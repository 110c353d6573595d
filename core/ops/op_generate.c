/* Operation generate: puzzles from a generator strategy, on N threads, in
 * index order; puzzle i depends only on the seed and i. */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "keys.h"
#include "op.h"
#include "sudokit/names.h"

enum {
    GEN_GENERATOR,
    GEN_GENERATOR_OPTIONS,
    GEN_COUNT,
    GEN_INDEX,
    GEN_LEVEL,
    GEN_RATING,
    GEN_RATER,
    GEN_RATER_OPTIONS,
    GEN_SYMMETRY,
    GEN_MINIMAL,
    GEN_CLUES,
    GEN_SEED,
    GEN_ATTEMPTS,
    GEN_FIXED,
    GEN_SOLVER,
    GEN_SOLVER_OPTIONS,
    GEN_FORMAT,
    GEN_SOLUTIONS,
    GEN_STORE,
    GEN_JOBS,
    GEN_OUTPUT,
    GEN_QUIET,
    GEN_SHARD
};

static const sk_key gen_keys[] = {
    {.name = "generator", .short_name = 'g', .kind = SK_KEY_STRATEGY, .value_name = "NAME",
     .fallback = "dig", .strategy_kind = SK_KIND_GENERATOR,
     .help = "generator strategy (random and pattern make complete grids)", .id = GEN_GENERATOR},
    {.name = "generator-options", .kind = SK_KEY_TEXT, .value_name = "K=V,...",
     .help = "options for the generator", .id = GEN_GENERATOR_OPTIONS},
    {.name = "count", .short_name = 'n', .kind = SK_KEY_INT, .value_name = "N", .fallback = "1",
     .min = 1, .max = 1000000000000LL, .help = "how many puzzles", .id = GEN_COUNT},
    {.name = "index", .kind = SK_KEY_INT, .value_name = "I", .fallback = "0", .min = 0,
     .max = 1000000000000LL, .help = "index of the first puzzle of the run", .id = GEN_INDEX},
    {.name = "level", .short_name = 'l', .kind = SK_KEY_LEVEL, .value_name = "L",
     .help = "level 1-5 or easy, medium, hard, expert, evil, judged by the rater",
     .id = GEN_LEVEL},
    {.name = "rating", .kind = SK_KEY_WINDOW, .value_name = "MIN-MAX",
     .help = "score window judged by the rater (e.g. 2.5-4)", .id = GEN_RATING},
    {.name = "rater", .short_name = 'r', .kind = SK_KEY_STRATEGY, .value_name = "NAME",
     .fallback = SK_DEFAULT_RATER, .strategy_kind = SK_KIND_RATER,
     .help = "rater behind --level, --rating and the rating columns", .id = GEN_RATER},
    {.name = "rater-options", .kind = SK_KEY_TEXT, .value_name = "K=V,...",
     .help = "options for the rater", .id = GEN_RATER_OPTIONS},
    {.name = "symmetry", .kind = SK_KEY_CHOICE, .value_name = "S", .fallback = "none",
     .choices = sk_symmetry_names,
     .help = "none, rot180, rot90, mirror, diagonal or random", .id = GEN_SYMMETRY},
    {.name = "minimal", .kind = SK_KEY_FLAG,
     .help = "no clue can be removed without losing uniqueness", .id = GEN_MINIMAL},
    {.name = "clues", .kind = SK_KEY_INT, .value_name = "N", .min = 17, .max = 81,
     .help = "exactly N clues (17-81; no puzzle with fewer than 17 has one solution)",
     .id = GEN_CLUES},
    {.name = "seed", .kind = SK_KEY_SEED, .value_name = "S",
     .help = "seed of the run (default: from the clock)", .id = GEN_SEED},
    {.name = "attempts", .kind = SK_KEY_INT, .value_name = "N", .min = 1, .max = 4294967295LL,
     .help = "candidates tried per puzzle before giving up", .id = GEN_ATTEMPTS},
    {.name = "fixed", .kind = SK_KEY_GRID, .value_name = "GRID",
     .help = "cells every solution must have (81 characters, '.' free)", .id = GEN_FIXED},
    {.name = "solver", .short_name = 's', .kind = SK_KEY_STRATEGY, .value_name = "NAME",
     .strategy_kind = SK_KIND_SOLVER,
     .help = "solver behind the uniqueness checks (default: the fastest)", .id = GEN_SOLVER},
    {.name = "solver-options", .kind = SK_KEY_TEXT, .value_name = "K=V,...",
     .help = "options for the solver", .id = GEN_SOLVER_OPTIONS},
    {.name = "format", .short_name = 'f', .kind = SK_KEY_CHOICE, .value_name = "F",
     .fallback = "line", .choices = SK_OUTPUT_FORMAT_NAMES,
     .help = "a layout of `sudokit help layouts`; csv, json, readable and sdk add the rating",
     .id = GEN_FORMAT},
    {.name = "solutions", .kind = SK_KEY_FLAG, .help = "write each solution beside its puzzle",
     .id = GEN_SOLUTIONS},
    {.name = "store", .kind = SK_KEY_FLAG,
     .help = "put the puzzles, ratings and provenance in the database (then stdout gets "
             "them only when --format is given)",
     .id = GEN_STORE},
    SK_KEY_JOBS(GEN_JOBS),
    SK_KEY_OUTPUT(GEN_OUTPUT),
    SK_KEY_QUIET(GEN_QUIET),
    SK_KEY_SHARD(GEN_SHARD),
    SK_KEY_END,
};

typedef struct gen_state {
    char *generator, *generator_options, *rater, *rater_options, *solver, *solver_options;
    unsigned long long count;
    sk_gen_request request;
    bool seed_given, solutions, store, format_given, rated, targeted;
    sk_format format;
    int jobs;
    sk_shard shard;
    /* the run: puzzles next..end-1 of the count (the shard's block) */
    sk_op *op;
    uint64_t next, end;
    char provenance[512];
    const char *rater_version;
    sk_store_sink sink;
    bool sink_open;
    sk_progress progress;
} gen_state;

typedef struct gen_worker {
    sk_instance *generator, *rater;
} gen_worker;

/* One puzzle's result. */
typedef struct gen_item {
    unsigned long long index;
    int rc;
    bool rated;
    sk_gen_result result;
    sk_rating rating;
    char err[480];
} gen_item;

static int gen_set_strategy(gen_state *s, const sk_key *key, const sk_value *v, sk_error *err)
{
    char **slots[] = {[GEN_GENERATOR] = &s->generator,
                      [GEN_GENERATOR_OPTIONS] = &s->generator_options,
                      [GEN_RATER] = &s->rater,
                      [GEN_RATER_OPTIONS] = &s->rater_options,
                      [GEN_SOLVER] = &s->solver,
                      [GEN_SOLVER_OPTIONS] = &s->solver_options};
    return sk_op_copy(slots[key->id], v->text, err);
}

/* Apply a key that shapes one puzzle's request; 1 when key is not one. */
static int gen_apply_request(sk_gen_request *r, const sk_key *key, const sk_value *v,
                             sk_error *err)
{
    switch (key->id) {
    case GEN_INDEX: r->index = (uint64_t)v->integer; return 0;
    case GEN_LEVEL: r->level = (int)v->integer; return 0;
    case GEN_RATING:
        if (v->high <= 0)
            return sk_error_set(err, SK_EXIT_USAGE, "generate: rating '%s': MAX must be above 0",
                                v->text);
        r->rating_min = v->low;
        r->rating_max = v->high;
        return 0;
    case GEN_SYMMETRY: r->symmetry = (sk_symmetry)v->integer; return 0;
    case GEN_MINIMAL: r->minimal = v->flag; return 0;
    case GEN_CLUES: r->clues = (int)v->integer; return 0;
    case GEN_SEED: r->seed = v->seed; return 0;
    case GEN_ATTEMPTS: r->max_attempts = (uint32_t)v->integer; return 0;
    case GEN_FIXED: r->fixed = v->grid; return 0;
    default: return 1;
    }
}

int sk_gen_request_set(sk_gen_request *request, const char *name, const char *value,
                       sk_error *err)
{
    const sk_key *key = sk_op_key(&sk_op_generate.info, name);
    sk_value v;
    char scratch[16];
    if (!key)
        return sk_error_set(err, SK_EXIT_USAGE, "generate: unknown option '%s'", name);
    if (sk_key_parse("generate", key, value, NULL, &v, scratch, sizeof scratch, err))
        return -1;
    int rc = gen_apply_request(request, key, &v, err);
    if (rc > 0)
        return sk_error_set(err, SK_EXIT_USAGE, "generate: '%s' is a key of a run, not of one "
                            "puzzle's request", name);
    return rc;
}

static int gen_set(sk_op *op, void *state, const sk_key *key, const sk_value *v, sk_error *err)
{
    (void)op;
    gen_state *s = state;
    int applied = gen_apply_request(&s->request, key, v, err);
    if (applied <= 0) {
        s->seed_given |= key->id == GEN_SEED && applied == 0;
        return applied;
    }
    switch (key->id) {
    case GEN_GENERATOR:
    case GEN_GENERATOR_OPTIONS:
    case GEN_RATER:
    case GEN_RATER_OPTIONS:
    case GEN_SOLVER:
    case GEN_SOLVER_OPTIONS:
        return gen_set_strategy(s, key, v, err);
    case GEN_COUNT:
        s->count = (unsigned long long)v->integer;
        return 0;
    case GEN_FORMAT:
        s->format = sk_format_of(v->text);
        s->format_given = !v->fallback;
        return 0;
    case GEN_SOLUTIONS:
        s->solutions = v->flag;
        return 0;
    case GEN_STORE:
        s->store = v->flag;
        return 0;
    case GEN_JOBS:
        s->jobs = (int)v->integer;
        return 0;
    case GEN_SHARD:
        s->shard = sk_shard_of(v);
        return 0;
    default:
        return 0;
    }
}

static int gen_check(sk_op *op, void *state, sk_error *err)
{
    gen_state *s = state;
    (void)op;
    if (s->request.level && s->request.rating_max > 0)
        return sk_error_set(err, SK_EXIT_USAGE, "generate: give level or rating, not both");
    if (s->shard.count > 1 && !s->seed_given)
        return sk_error_set(err, SK_EXIT_USAGE,
                            "generate: --shard needs --seed: the shards are blocks of one run, "
                            "and without a seed each would take its own from the clock");
    return 0;
}

/* A seed from the clock and the process id, for runs without a seed. */
static uint64_t gen_clock_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t x =
        (uint64_t)ts.tv_sec * 1000000007ull ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32);
    return sk_rng_splitmix(&x);
}

/* Append ",key=value" (or "key=value" first) to the provenance. */
static void gen_note(gen_state *s, const char *key, const char *value)
{
    size_t used = strlen(s->provenance);
    if (used < sizeof s->provenance)
        snprintf(s->provenance + used, sizeof s->provenance - used, "%s%s=%s", used ? "," : "",
                 key, value);
}

/* The options a stored puzzle's provenance records (its index is added
 * per puzzle): the generator's own, then the run's targets. */
static void gen_provenance(gen_state *s)
{
    const sk_gen_request *r = &s->request;
    char num[64];
    snprintf(s->provenance, sizeof s->provenance, "%s",
             s->generator_options ? s->generator_options : "");
    gen_note(s, "symmetry", sk_symmetry_names[r->symmetry]);
    if (r->clues && snprintf(num, sizeof num, "%d", r->clues) > 0)
        gen_note(s, "clues", num);
    if (r->minimal)
        gen_note(s, "minimal", "1");
    if (r->level && snprintf(num, sizeof num, "%d", r->level) > 0)
        gen_note(s, "level", num);
    if (r->rating_max > 0 && snprintf(num, sizeof num, "%g-%g", r->rating_min, r->rating_max))
        gen_note(s, "rating", num);
    if (r->max_attempts && snprintf(num, sizeof num, "%u", r->max_attempts) > 0)
        gen_note(s, "attempts", num);
    if (r->level || r->rating_max > 0)
        gen_note(s, "rater", s->rater);
    if (s->solver)
        gen_note(s, "solver", s->solver);
}

static int gen_read(void *user, void *item_arg, sk_error *err)
{
    gen_state *s = user;
    (void)err;
    if (s->next >= s->end)
        return 0;
    ((gen_item *)item_arg)->index = s->request.index + s->next++;
    return 1;
}

static int gen_worker_new(void *user, void **out, sk_error *err)
{
    gen_state *s = user;
    gen_worker *w = calloc(1, sizeof *w);
    if (!w)
        return sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
    *out = w;
    /* The generator is lent a rater only when a target needs one. */
    sk_instance_config config = {.solver = s->solver, .solver_options = s->solver_options,
                                 .rater = s->targeted ? s->rater : NULL,
                                 .rater_options = s->rater_options};
    if (sk_op_instance(s->op, SK_KIND_GENERATOR, s->generator, s->generator_options, &config,
                       &w->generator, err))
        return -1;
    if (s->rated && sk_op_instance(s->op, SK_KIND_RATER, s->rater, s->rater_options, &config,
                                   &w->rater, err))
        return -1;
    return 0;
}

static void gen_worker_free(void *user, void *worker)
{
    gen_worker *w = worker;
    (void)user;
    sk_instance_free(w->rater);
    sk_instance_free(w->generator);
    free(w);
}

static void gen_work(void *user, void *worker, void *item_arg)
{
    gen_state *s = user;
    gen_worker *w = worker;
    gen_item *item = item_arg;
    sk_gen_request request = s->request;
    request.index = item->index;
    item->rated = false;
    item->err[0] = '\0';
    item->rc = sk_instance_generate(w->generator, &request, &item->result, item->err,
                                    sizeof item->err);
    if (item->rc != SK_OK || !w->rater)
        return;
    item->rc = sk_instance_rate(w->rater, &item->result.puzzle, &item->rating, NULL, NULL,
                                item->err, sizeof item->err);
    item->rated = item->rc == SK_OK;
}

/* The record of a generated puzzle (strings point into s and options). */
static void gen_record(gen_state *s, const gen_item *item, char *options, size_t len,
                       sk_record *record)
{
    sk_record_init(record);
    record->has_index = true;
    record->index = item->index;
    record->puzzle = item->result.puzzle;
    record->has_solution = true;
    record->solution = item->result.solution;
    record->has_symmetry = true;
    record->symmetry = item->result.symmetry;
    record->minimal = item->result.minimal ? 1 : -1;
    record->strategy = s->generator;
    snprintf(options, len, "%s%sindex=%llu", s->provenance, *s->provenance ? "," : "",
             item->index);
    record->options = options;
    record->has_seed = true;
    record->seed = s->request.seed;
    record->rated = item->rated;
    record->rater = s->rater;
    record->rater_version = s->rater_version;
    record->rating = item->rating;
}

static int gen_write(void *user, void *item_arg, sk_error *err)
{
    gen_state *s = user;
    gen_item *item = item_arg;
    if (item->rc != SK_OK)
        return sk_error_set(err, SK_EXIT_FAILURE, "generate: puzzle %llu: %s", item->index,
                            item->err);
    char options[640];
    sk_record record;
    gen_record(s, item, options, sizeof options, &record);
    if (s->sink_open && sk_store_sink_add(&s->sink, &record, NULL, err))
        return -1;
    if ((!s->store || s->format_given) && sk_op_emit(s->op, &record, err))
        return -1;
    s->op->summary.done++;
    sk_progress_update(&s->progress, s->op->summary.done);
    return 0;
}

static const int gen_columns[] = {
    SK_FIELD_INDEX,    SK_FIELD_PUZZLE,        SK_FIELD_SOLUTION, SK_FIELD_CLUES,
    SK_FIELD_SYMMETRY, SK_FIELD_MINIMAL,       SK_FIELD_STRATEGY, SK_FIELD_OPTIONS,
    SK_FIELD_SEED,     SK_FIELD_RATER,         SK_FIELD_RATER_VERSION, SK_FIELD_SCORE,
    SK_FIELD_LOWER_BOUND, SK_FIELD_LEVEL,      SK_FIELD_LEVEL_NAME, SK_FIELD_HARDEST};
static const int gen_caption[] = {SK_FIELD_INDEX, SK_FIELD_SCORE, SK_FIELD_LEVEL_NAME,
                                  SK_FIELD_HARDEST};

/* Resolve the strategies and what the run needs of them. */
static int gen_prepare(sk_op *op, gen_state *s, sk_error *err)
{
    s->op = op;
    if (!sk_op_strategy(op, SK_KIND_GENERATOR, s->generator, err) ||
        (s->solver && !sk_op_strategy(op, SK_KIND_SOLVER, s->solver, err)))
        return -1;
    bool targeted = s->request.level || s->request.rating_max > 0;
    /* A face taking the records (Lua's tables) gets every field, whatever
     * the format; text in the line and classic layouts has no rating. */
    s->rated = targeted || s->store || op->has_sink || s->format == SK_FORMAT_CSV ||
               s->format == SK_FORMAT_JSON || s->format == SK_FORMAT_READABLE ||
               s->format == SK_FORMAT_SDK;
    if (s->rated) {
        if (!sk_op_strategy(op, SK_KIND_RATER, s->rater, err))
            return -1;
        s->rater_version = sk_host_find(sk_ctx_host(sk_op_ctx(op)), SK_KIND_RATER, s->rater)
                               ->plugin_version;
    }
    s->targeted = targeted;
    if (!s->seed_given)
        s->request.seed = gen_clock_seed();
    s->request.struct_size = sizeof s->request;
    sk_shard_block(s->shard, s->count, &s->next, &s->end);
    sk_op_output_continues(op, sk_shard_continues(s->shard));
    gen_provenance(s);
    return 0;
}

static int gen_run(sk_op *op, void *state, sk_error *err)
{
    gen_state *s = state;
    if (gen_prepare(op, s, err))
        return err->status;
    bool readable = s->format == SK_FORMAT_READABLE;
    sk_layout layout = {gen_columns, sizeof gen_columns / sizeof gen_columns[0],
                        SK_FIELD_PUZZLE, s->solutions ? SK_FIELD_SOLUTION : -1,
                        readable ? gen_caption : NULL, readable ? 4 : 0};
    if ((!s->store || s->format_given) && sk_op_output_open(op, s->format, &layout, err))
        return err->status;
    if (s->store && sk_store_sink_open(&s->sink, sk_op_ctx(op), 1000, err))
        return err->status;
    s->sink_open = s->store;
    sk_progress_start(&s->progress, op, "generate", s->end - s->next);
    sk_pipeline pipe = {s->jobs, sizeof(gen_item), 1, s, gen_read, gen_worker_new,
                        gen_worker_free, gen_work, gen_write, NULL, 8};
    int rc = sk_pipeline_run(&pipe, err);
    sk_progress_finish(&s->progress);
    if (s->sink_open) {
        /* What was made before a failure is good: keep it. */
        sk_error store_err;
        if (sk_store_sink_close(&s->sink, true, &store_err) && rc == 0) {
            *err = store_err;
            rc = -1;
        }
        op->summary.added = s->sink.added;
        op->summary.duplicates = s->sink.duplicates;
        if (!sk_op_quiet(op))
            sk_ctx_report(sk_op_ctx(op), "generate: stored %llu new puzzles, %llu duplicates",
                          (unsigned long long)s->sink.added,
                          (unsigned long long)s->sink.duplicates);
    }
    return rc ? (err->status ? err->status : SK_EXIT_FAILURE) : SK_EXIT_OK;
}

static void gen_release(void *state)
{
    gen_state *s = state;
    free(s->generator);
    free(s->generator_options);
    free(s->rater);
    free(s->rater_options);
    free(s->solver);
    free(s->solver_options);
}

const sk_op_def sk_op_generate = {
    .info = {.name = "generate",
             .summary = "generate puzzles with a generator strategy",
             .synopsis = "",
             .description =
                 "Generate COUNT puzzles (default 1), each with exactly one solution. Puzzle "
                 "i of a run depends only on the seed and i, so the same seed and keys give "
                 "the same output with any number of jobs. A target (level, rating) not met "
                 "within the attempts ends the run with a message (status 1); the puzzles "
                 "made before it are kept. With --shard K/N (and --seed) only block K of "
                 "the COUNT indexes is made, so N shards together make the run's puzzles.",
             .keys = gen_keys,
             .inputs = SK_INPUT_NONE},
    .state_size = sizeof(gen_state),
    .set = gen_set,
    .check = gen_check,
    .run = gen_run,
    .release = gen_release,
};
