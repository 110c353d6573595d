/* Operation generate: puzzles from a generator strategy, on N threads, in
 * index order; puzzle i depends only on the seed, i and, for a search, the
 * puzzles the run made a fixed number of places before it. */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gen_judge.h"
#include "gen_seeds.h"
#include "keys.h"
#include "op.h"
#include "sudokit/canon.h"
#include "sudokit/names.h"
#include "sudokit/rules.h"

/* The search the default generator becomes for a rating window from this
 * floor up (dig's random digging almost never gets there). */
#define GEN_SEARCH_FLOOR 9.5
#define GEN_SEARCH "vicinity"
#define GEN_PATTERN_SEARCH "clue-pattern"
/* Most puzzles of a search run fed back as seeds. */
#define GEN_FEED_ROOM 100000
/* Candidates a search may try per puzzle, over its episodes, by default. */
#define GEN_SEARCH_ATTEMPTS 50000
/* The generator of puzzles under rules other than classic when none is
 * named. */
#define GEN_RULES_GENERATOR "variant"

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
    GEN_SHARD,
    GEN_PATTERN,
    GEN_SEEDS,
    GEN_SEEDS_FROM_DB,
    GEN_EXCLUDE,
    GEN_REQUIRES,
    GEN_HARDEST,
    GEN_RULES
};

static const sk_key gen_keys[] = {
    {.name = "generator", .short_name = 'g', .kind = SK_KEY_STRATEGY, .value_name = "NAME",
     .fallback = "dig", .strategy_kind = SK_KIND_GENERATOR,
     .help = "generator strategy (random and pattern make complete grids); without it, "
             "clue-pattern with --pattern, vicinity with seeds or a rating floor of 9.5 or "
             "more, " GEN_RULES_GENERATOR " under --rules other than 9x9",
     .id = GEN_GENERATOR},
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
    SK_KEY_RATER(GEN_RATER, "rater behind --level, --rating and the rating columns"),
    SK_KEY_RATER_OPTIONS(GEN_RATER_OPTIONS),
    {.name = "symmetry", .kind = SK_KEY_CHOICE, .value_name = "S", .fallback = "none",
     .choices = sk_symmetry_names,
     .help = "none, rot180, rot90, mirror, diagonal or random", .id = GEN_SYMMETRY},
    {.name = "minimal", .kind = SK_KEY_FLAG,
     .help = "no clue can be removed without losing uniqueness", .id = GEN_MINIMAL},
    {.name = "clues", .kind = SK_KEY_INT, .value_name = "N", .min = 1, .max = SK_MAX_CELLS - 1,
     .help = "exactly N clues (classic: 17-81, no puzzle with fewer than 17 has one solution; "
             "under --rules 1 to N*N-1; killer: the givens beside the cages)",
     .id = GEN_CLUES},
    SK_KEY_SEED(GEN_SEED, NULL, "seed of the run (default: from the clock)"),
    {.name = "attempts", .kind = SK_KEY_INT, .value_name = "N", .min = 1, .max = 4294967295LL,
     .help = "candidates tried per puzzle before giving up", .id = GEN_ATTEMPTS},
    {.name = "fixed", .kind = SK_KEY_GRID, .value_name = "GRID",
     .help = "cells every solution must have (81 characters, '.' free)", .id = GEN_FIXED},
    {.name = "pattern", .kind = SK_KEY_TEXT, .value_name = "PATTERN",
     .help = "where the clues go: 81 characters, x (or a digit) for a clue, '.' or '0' for none",
     .id = GEN_PATTERN},
    {.name = "seeds", .kind = SK_KEY_TEXT, .value_name = "FILE", .repeatable = true,
     .help = "puzzles a search starts from (any layout; may be repeated; default: the built-in "
             "hard seeds and the starter collection's evil ones); never made again",
     .id = GEN_SEEDS},
    {.name = "seeds-from-db", .kind = SK_KEY_TEXT, .value_name = "FILTERS",
     .help = "seeds from the database: key=value,... of db query's filters ('' for all)",
     .id = GEN_SEEDS_FROM_DB},
    {.name = "exclude", .kind = SK_KEY_TEXT, .value_name = "FILE", .repeatable = true,
     .help = "known puzzles never to make, the same up to symmetry (may be repeated)",
     .id = GEN_EXCLUDE},
    {.name = "requires", .kind = SK_KEY_TEXT, .value_name = "TECHNIQUE",
     .help = "a step of the rater's path uses TECHNIQUE (any case; a name without its type "
             "takes every type)",
     .id = GEN_REQUIRES},
    {.name = "hardest", .kind = SK_KEY_TEXT, .value_name = "TECHNIQUE",
     .help = "the rater's hardest technique is TECHNIQUE (as --requires)", .id = GEN_HARDEST},
    SK_KEY_SOLVER(GEN_SOLVER, "solver behind the uniqueness checks (default: the fastest)"),
    SK_KEY_SOLVER_OPTIONS(GEN_SOLVER_OPTIONS),
    SK_KEY_FORMAT(GEN_FORMAT,
                  "a layout of `sudokit help layouts`; csv, json, readable and sdk add the rating"),
    {.name = "solutions", .kind = SK_KEY_FLAG, .help = "write each solution beside its puzzle",
     .id = GEN_SOLUTIONS},
    {.name = "store", .kind = SK_KEY_FLAG,
     .help = "put the puzzles, ratings and provenance in the database (then stdout gets "
             "them only when --format is given)",
     .id = GEN_STORE},
    SK_KEY_RULES(GEN_RULES),
    SK_KEY_JOBS(GEN_JOBS),
    SK_KEY_OUTPUT(GEN_OUTPUT),
    SK_KEY_QUIET(GEN_QUIET),
    SK_KEY_SHARD(GEN_SHARD),
    SK_KEY_END,
};

typedef struct gen_state {
    char *generator, *generator_options, *rater, *rater_options, *solver, *solver_options;
    char *requires, *hardest, *seeds_filter, *rules_spec;
    /* the rules (NULL: classic by the classic generators); under_rules: the
     * run goes through the generator's generate_rules (other rules than
     * classic, or a generator of any rules only) */
    const sk_rules *rules;
    bool under_rules;
    char **seed_files, **exclude_files;
    unsigned long long count;
    sk_gen_request request;
    bool seed_given, solutions, store, format_given, rated, targeted, generator_given;
    bool has_pattern, seeds_from_db;
    sk_format format;
    int jobs;
    ski_shard shard;
    /* the run: places next..end-1 (the shard's block; for a search, places
     * until it has its puzzles, past the block as needed) */
    sk_op *op;
    uint64_t first, block, next, end, wanted;
    uint64_t budget, tried_since; /* a search's attempts per puzzle, spent */
    char provenance[640];
    const char *rater_version;
    ski_store_sink sink;
    bool sink_open;
    ski_progress progress;
    /* what judges the puzzles, and what a search needs besides */
    gen_judge judge;
    bool judge_lent, search;
    gen_seeds seeds;
    ski_canon_set *written; /* a search's puzzles so far, by canonical form */
    uint64_t repeats;
} gen_state;

typedef struct gen_worker {
    sk_instance *generator, *rater;
    gen_judge_worker judge;
} gen_worker;

/* One puzzle's result. */
typedef struct gen_item {
    unsigned long long index;
    uint64_t place, tried;
    int rc;
    bool rated, missed; /* missed: a search's episode found nothing */
    sk_gen_result result;
    sk_rating rating;
    sk_error err;
    const sk_rules *made;    /* a puzzle under other rules than classic:  */
    sk_record_boards boards; /* its rules (a reference) and its grids     */
} gen_item;

static int gen_set_strategy(gen_state *s, const sk_key *key, const sk_value *v, sk_error *err)
{
    char **slots[] = {[GEN_GENERATOR] = &s->generator,
                      [GEN_GENERATOR_OPTIONS] = &s->generator_options,
                      [GEN_RATER] = &s->rater,
                      [GEN_RATER_OPTIONS] = &s->rater_options,
                      [GEN_SOLVER] = &s->solver,
                      [GEN_SOLVER_OPTIONS] = &s->solver_options,
                      [GEN_SEEDS_FROM_DB] = &s->seeds_filter,
                      [GEN_REQUIRES] = &s->requires,
                      [GEN_HARDEST] = &s->hardest,
                      [GEN_RULES] = &s->rules_spec};
    s->generator_given |= key->id == GEN_GENERATOR && !v->fallback;
    s->seeds_from_db |= key->id == GEN_SEEDS_FROM_DB;
    return ski_op_copy(slots[key->id], v->text, err);
}

/* A clue pattern: 81 characters, x or a digit for a clue, '.' or '0' for
 * none. */
static int gen_parse_pattern(const char *text, uint8_t pattern[81], sk_error *err)
{
    size_t n = strlen(text);
    if (n != 81)
        return sk_error_set(err, SK_EXIT_USAGE,
                            "generate: pattern has %zu characters, not 81 (x for a clue, '.' "
                            "for none)", n);
    for (size_t i = 0; i < 81; i++) {
        char c = text[i];
        bool clue = c == 'x' || c == 'X' || (c >= '1' && c <= '9');
        if (!clue && c != '.' && c != '0')
            return sk_error_set(err, SK_EXIT_USAGE,
                                "generate: pattern: character %zu is '%c': x for a clue, '.' "
                                "for none", i + 1, c);
        pattern[i] = clue;
    }
    return 0;
}

/* A clue count of a classic 9x9 puzzle: 0 (none asked) or 17..81, else -1
 * with err (no puzzle with fewer than 17 has one solution). */
static int gen_classic_clues(int clues, sk_error *err)
{
    if (clues && (clues < 17 || clues > 81))
        return sk_error_set(err, SK_EXIT_USAGE,
                            "generate: clues '%d': give a whole number from 17 to 81", clues);
    return 0;
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
    case GEN_PATTERN: return gen_parse_pattern(v->text, r->pattern, err);
    default: return 1;
    }
}

int sk_gen_request_set(sk_gen_request *request, const char *name, const char *value,
                       sk_error *err)
{
    const sk_key *key = sk_op_key(&ski_op_generate.info, name);
    sk_value v;
    char scratch[16];
    if (!key)
        return sk_error_set(err, SK_EXIT_USAGE, "generate: unknown option '%s'", name);
    if (ski_key_parse("generate", key, value, NULL, &v, scratch, sizeof scratch, err))
        return -1;
    int rc = gen_apply_request(request, key, &v, err);
    if (rc == 0 && key->id == GEN_CLUES) /* a request of the classic generators */
        return gen_classic_clues(request->clues, err);
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
        s->has_pattern |= key->id == GEN_PATTERN && applied == 0;
        return applied;
    }
    switch (key->id) {
    case GEN_GENERATOR:
    case GEN_GENERATOR_OPTIONS:
    case GEN_RATER:
    case GEN_RATER_OPTIONS:
    case GEN_SOLVER:
    case GEN_SOLVER_OPTIONS:
    case GEN_SEEDS_FROM_DB:
    case GEN_REQUIRES:
    case GEN_HARDEST:
    case GEN_RULES:
        return gen_set_strategy(s, key, v, err);
    case GEN_SEEDS:
        return ski_op_append(&s->seed_files, v->text, err);
    case GEN_EXCLUDE:
        return ski_op_append(&s->exclude_files, v->text, err);
    case GEN_COUNT:
        s->count = (unsigned long long)v->integer;
        return 0;
    case GEN_FORMAT:
        s->format = ski_format_of(v->text);
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
        s->shard = ski_shard_of(v);
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
    char num[82];
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
    if (s->requires)
        gen_note(s, "requires", s->requires);
    if (s->hardest)
        gen_note(s, "hardest", s->hardest);
    if (s->has_pattern) {
        for (int c = 0; c < 81; c++)
            num[c] = r->pattern[c] ? 'x' : '.';
        num[81] = '\0';
        gen_note(s, "pattern", num);
    }
    if (r->max_attempts && snprintf(num, sizeof num, "%u", r->max_attempts) > 0)
        gen_note(s, "attempts", num);
    if (s->targeted)
        gen_note(s, "rater", s->rater);
    if (s->solver)
        gen_note(s, "solver", s->solver);
}

/* The index of the puzzle at place: the shard's block, then (a search
 * making up for repeats) indexes past the run's count, shard by shard. */
static unsigned long long gen_index_of(const gen_state *s, uint64_t place)
{
    uint64_t i = place < s->block
                     ? s->first + place
                     : s->count + s->shard.index + (place - s->block) * s->shard.count;
    return s->request.index + i;
}

static int gen_read(void *user, void *item_arg, sk_error *err)
{
    gen_state *s = user;
    gen_item *item = item_arg;
    (void)err;
    if (s->next >= s->end)
        return 0;
    item->place = s->next++;
    item->index = gen_index_of(s, item->place);
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
    if (ski_op_instance(s->op, SK_KIND_GENERATOR, s->generator, s->generator_options, &config,
                       &w->generator, err))
        return -1;
    if (s->rated && ski_op_instance(s->op, SK_KIND_RATER, s->rater, s->rater_options, &config,
                                   &w->rater, err))
        return -1;
    w->judge.exact = w->rater;
    if (!s->search)
        return 0;
    /* A rater that takes no effort or stop option rates candidates in full. */
    char options[640];
    gen_judge_fitness_options(&s->judge, s->rater_options, options, sizeof options);
    sk_error ignored;
    if (ski_op_instance(s->op, SK_KIND_RATER, s->rater, options, &config, &w->judge.fitness,
                       &ignored) == 0)
        return 0;
    return ski_op_instance(s->op, SK_KIND_RATER, s->rater, s->rater_options, &config,
                          &w->judge.fitness, err);
}

static void gen_worker_free(void *user, void *worker)
{
    gen_worker *w = worker;
    (void)user;
    sk_instance_free(w->judge.fitness);
    sk_instance_free(w->rater);
    sk_instance_free(w->generator);
    free(w);
}

/* Whether puzzle's clues are exactly the run's pattern. */
static bool gen_has_pattern(const gen_state *s, const sk_grid *puzzle)
{
    for (int c = 0; c < 81; c++)
        if ((puzzle->cells[c] != 0) != (s->request.pattern[c] != 0))
            return false;
    return true;
}

/* Rate the item's puzzle in full (or take the judge's rating of it) and
 * check it against every target of the run: whatever a generator did, a
 * puzzle written meets them. */
static void gen_rate_item(gen_state *s, gen_worker *w, const gen_judge_call *call, gen_item *item)
{
    const sk_grid *puzzle = &item->result.puzzle;
    int met = 1;
    if (call->has_accepted && memcmp(&call->accepted, puzzle, sizeof *puzzle) == 0)
        item->rating = call->accepted_rating;
    else if (s->targeted)
        met = gen_judge_exact(&s->judge, w->rater, puzzle, &item->rating, &item->err);
    else
        met = sk_instance_rate(w->rater, puzzle, &item->rating, NULL, NULL, &item->err) == SK_OK;
    if (met < 0 || (!s->targeted && !met)) {
        item->rc = met < 0 ? met : SK_ERR;
        return;
    }
    item->rated = true;
    if (met && (!s->judge_lent || !gen_judge_excluded(&s->judge, puzzle)))
        return;
    item->rc = SK_ERR;
    sk_error_set(
        &item->err, SK_EXIT_FAILURE,
        "generator '%s' made a puzzle that misses the run's targets (score %.2f%s, hardest "
        "%s); it does not honour them",
        s->generator, item->rating.score, item->rating.score_is_lower_bound ? "+" : "",
        item->rating.hardest);
}

/* One puzzle under the run's rules by the generator's generate_rules into
 * item: a classic result in item->result, other rules in item->made and
 * item->boards. */
static void gen_work_rules(gen_state *s, gen_worker *w, const sk_gen_request *request,
                           gen_item *item)
{
    sk_gen_rules_result out;
    const sk_rules *made = NULL;
    item->rc = sk_instance_generate_rules(w->generator, s->rules, request, &out, &made, &item->err);
    item->tried = out.attempts;
    if (item->rc != SK_OK)
        return;
    item->result = (sk_gen_result){.symmetry = out.symmetry, .minimal = out.minimal,
                                   .attempts = out.attempts};
    if (sk_rules_is_classic(made)) {
        memcpy(item->result.puzzle.cells, out.puzzle.cells, 81);
        memcpy(item->result.solution.cells, out.solution.cells, 81);
        sk_rules_free(made);
        return;
    }
    item->made = made;
    item->boards.puzzle = out.puzzle;
    item->boards.solution = out.solution;
}

static void gen_work(void *user, void *worker, void *item_arg)
{
    gen_state *s = user;
    gen_worker *w = worker;
    gen_item *item = item_arg;
    sk_gen_request request = s->request;
    request.index = item->index;
    item->rated = false;
    item->err.message[0] = '\0';
    sk_rules_free(item->made);
    item->made = NULL;
    if (s->under_rules) {
        gen_work_rules(s, w, &request, item);
        if (item->rc == SK_OK && w->rater && !item->made)
            gen_rate_item(s, w, &(gen_judge_call){.judge = &s->judge, .worker = &w->judge}, item);
        return;
    }
    gen_judge_call call = {.judge = &s->judge, .worker = &w->judge, .search = s->search};
    item->missed = false;
    if (s->judge_lent) {
        request.judge = gen_judge_candidate;
        request.judge_user = &call;
    }
    if (s->search && !(request.seeds = gen_seeds_for(&s->seeds, item->place,
                                                     &request.seed_count))) {
        item->rc = SK_ERR_STOPPED;
        return;
    }
    item->rc = sk_instance_generate(w->generator, &request, &item->result, &item->err);
    item->tried = item->result.attempts;
    /* An episode of a search that found nothing hands back its fittest. */
    item->missed = s->search && item->rc == SK_ERR_LIMIT;
    if (item->rc != SK_OK)
        return;
    if (s->has_pattern && !gen_has_pattern(s, &item->result.puzzle)) {
        item->rc = SK_ERR;
        sk_error_set(&item->err, SK_EXIT_FAILURE,
                     "generator '%s' made a puzzle without the clue pattern; it does not take one",
                     s->generator);
        return;
    }
    if (w->rater)
        gen_rate_item(s, w, &call, item);
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
    if (item->made) { /* the classic grids stay blank */
        record->rules = item->made;
        record->boards = &item->boards;
        record->rater = NULL; /* no rater rates them */
        record->rater_version = NULL;
    }
}

/* The run is over: searches still going stop at their next candidate. */
static void gen_halt(gen_state *s)
{
    atomic_store(&s->judge.halted, true);
    if (s->search)
        gen_seeds_halt(&s->seeds);
}

/* A search's puzzle the run already made (up to symmetry): dropped, and
 * one more place makes up for it. 1 when a repeat, -1 out of memory. */
static int gen_repeat(gen_state *s, const gen_item *item, sk_error *err)
{
    sk_grid canon;
    bool added;
    sk_canon_form(&item->result.puzzle, &canon);
    if (!ski_canon_set_put(s->written, &canon, &added))
        return sk_error_set(err, SK_EXIT_FAILURE, "generate: out of memory");
    if (added)
        return 0;
    s->repeats++;
    return 1;
}

/* A place of a search without a puzzle (an episode that found nothing, a
 * repeat): its fittest becomes a seed; the attempts of the puzzle run on,
 * and when spent the run ends. */
static int gen_miss(gen_state *s, const gen_item *item, sk_error *err)
{
    gen_seeds_written(&s->seeds, item->missed ? &item->result.puzzle : NULL);
    s->tried_since += item->tried;
    if (s->tried_since < s->budget)
        return 0;
    char note[128];
    gen_judge_note(&s->judge, note, sizeof note);
    return sk_error_set(err, SK_EXIT_FAILURE,
                        "generate: puzzle %llu: no puzzle meeting the targets found in %llu "
                        "candidates (%s); relax the target, give harder seeds or allow more "
                        "attempts (--attempts)",
                        (unsigned long long)s->op->summary.done,
                        (unsigned long long)s->tried_since, note);
}

static int gen_write_item(gen_state *s, gen_item *item, sk_error *err)
{
    if (item->missed)
        return gen_miss(s, item, err);
    if (item->rc != SK_OK)
        return sk_error_set(err, SK_EXIT_FAILURE, "generate: puzzle %llu: %s", item->index,
                            item->err.message);
    int repeat = s->search ? gen_repeat(s, item, err) : 0;
    if (repeat)
        return repeat < 0 ? -1 : gen_miss(s, item, err);
    char options[800];
    sk_record record;
    gen_record(s, item, options, sizeof options, &record);
    if (s->sink_open && ski_store_sink_add(&s->sink, &record, NULL, err))
        return -1;
    if ((!s->store || s->format_given) && ski_op_emit(s->op, &record, err))
        return -1;
    s->op->summary.done++;
    if (s->search) {
        s->tried_since = 0;
        gen_seeds_written(&s->seeds, &item->result.puzzle);
        pthread_mutex_lock(&s->judge.lock);
        s->judge.written = s->op->summary.done;
        pthread_mutex_unlock(&s->judge.lock);
    } else {
        ski_progress_update(&s->progress, s->op->summary.done);
    }
    return s->op->summary.done >= s->wanted ? 1 : 0;
}

static void gen_item_free(void *user, void *item_arg)
{
    gen_item *item = item_arg;
    (void)user;
    sk_rules_free(item->made);
    item->made = NULL;
}

static int gen_write(void *user, void *item_arg, sk_error *err)
{
    gen_state *s = user;
    int rc = gen_write_item(s, item_arg, err);
    if (rc != 0)
        gen_halt(s);
    return rc;
}

static const int gen_columns[] = {
    SK_FIELD_INDEX,    SK_FIELD_PUZZLE,        SK_FIELD_SOLUTION, SK_FIELD_CLUES,
    SK_FIELD_SYMMETRY, SK_FIELD_MINIMAL,       SK_FIELD_STRATEGY, SK_FIELD_OPTIONS,
    SK_FIELD_SEED,     SK_FIELD_RATER,         SK_FIELD_RATER_VERSION, SK_FIELD_SCORE,
    SK_FIELD_LOWER_BOUND, SK_FIELD_LEVEL,      SK_FIELD_LEVEL_NAME, SK_FIELD_HARDEST};
/* The columns under rules: the same and the rules. */
static const int gen_rules_columns[] = {
    SK_FIELD_INDEX,    SK_FIELD_RULES,         SK_FIELD_PUZZLE,   SK_FIELD_SOLUTION,
    SK_FIELD_CLUES,    SK_FIELD_SYMMETRY,      SK_FIELD_MINIMAL,  SK_FIELD_STRATEGY,
    SK_FIELD_OPTIONS,  SK_FIELD_SEED,          SK_FIELD_RATER,    SK_FIELD_RATER_VERSION,
    SK_FIELD_SCORE,    SK_FIELD_LOWER_BOUND,   SK_FIELD_LEVEL,    SK_FIELD_LEVEL_NAME,
    SK_FIELD_HARDEST};
static const int gen_caption[] = {SK_FIELD_INDEX, SK_FIELD_SCORE, SK_FIELD_LEVEL_NAME,
                                  SK_FIELD_HARDEST};

/* The generator when none was named: the clue-pattern search for a
 * pattern, the vicinity search for seeds or a floor dig cannot reach. */
static int gen_default_generator(gen_state *s, sk_error *err)
{
    const char *name = NULL;
    if (s->has_pattern)
        name = GEN_PATTERN_SEARCH;
    else if (s->seed_files || s->seeds_from_db || s->request.rating_min >= GEN_SEARCH_FLOOR)
        name = GEN_SEARCH;
    return name && !s->generator_given ? ski_op_copy(&s->generator, name, err) : 0;
}

/* Check a technique name of key against what the rater can report. */
static int gen_check_technique(gen_state *s, const char *key, const char *name, sk_error *err)
{
    const sk_host_strategy *rater =
        sk_host_find(sk_ctx_host(ski_op_ctx(s->op)), SK_KIND_RATER, s->rater);
    char known[2048] = "";
    size_t used = 0;
    const char *t;
    for (size_t i = 0; (t = sk_host_technique_name(rater, i)); i++) {
        if (gen_technique_is(name, t))
            return 0;
        if (used + strlen(t) + 3 < sizeof known)
            used += (size_t)snprintf(known + used, sizeof known - used, "%s%s", used ? ", " : "", t);
    }
    if (!used)
        return 0;
    return sk_error_set(err, SK_EXIT_USAGE, "generate: %s '%s': rater '%s' has no such "
                        "technique (it has: %s)", key, name, s->rater, known);
}

/* What a run under rules other than classic cannot do, refused by name;
 * 0 when it asks for none of it. */
static int gen_refuse_under_rules(const gen_state *s, sk_error *err)
{
    const char *spec = sk_rules_spec(s->rules);
    if (s->requires || s->hardest)
        return sk_error_set(err, SK_EXIT_USAGE,
                            "generate: --requires and --hardest are judged while generating "
                            "classic 9x9 puzzles only, not under the rules '%.200s': leave them "
                            "out (--level and --rating work under rules the rater rates)",
                            spec);
    bool rated = ski_op_rater_rates_rules(s->op, s->rater) &&
                 s->rules->size <= SK_STEP_MAX_SIZE;
    if ((s->request.level || s->request.rating_max > 0) && !rated)
        return ski_op_refuse_unrated(s->op, s->rules, s->rater,
                                    "generate them without --level and --rating", err);
    bool fixed = false;
    for (int c = 0; c < 81; c++)
        fixed |= s->request.fixed.cells[c] != 0;
    if (fixed || s->has_pattern || s->seed_files || s->seeds_from_db || s->exclude_files)
        return sk_error_set(err, SK_EXIT_USAGE,
                            "generate: --fixed, --pattern, --seeds and --exclude are 9x9 grids "
                            "of the classic generators, not of the rules '%.200s': leave them "
                            "out",
                            spec);
    uint32_t cells = s->rules->size * s->rules->size;
    if (s->request.clues && (uint32_t)s->request.clues >= cells)
        return sk_error_set(err, SK_EXIT_USAGE,
                            "generate: clues '%d': a %ux%u puzzle has 1 to %u clues", s->request.clues,
                            s->rules->size, s->rules->size, cells - 1);
    return 0;
}

/* The rules of the run: the rules key compiled (a generator of any rules
 * named without it gets 9x9), the generator of any rules when none was
 * named, and whether the run goes through generate_rules. */
static int gen_prepare_rules(gen_state *s, sk_error *err)
{
    sk_host *host = sk_ctx_host(ski_op_ctx(s->op));
    if (s->rules_spec && ski_op_rules(s->op, s->rules_spec, &s->rules, err))
        return -1;
    bool classic = !s->rules || sk_rules_is_classic(s->rules);
    if (!classic && !s->generator_given && ski_op_copy(&s->generator, GEN_RULES_GENERATOR, err))
        return -1;
    const sk_host_strategy *generator = sk_host_find(host, SK_KIND_GENERATOR, s->generator);
    if (!generator)
        return ski_op_strategy(s->op, SK_KIND_GENERATOR, s->generator, err) ? 0 : -1;
    s->under_rules = !classic || !generator->strategy->generate;
    if (s->under_rules && !generator->strategy->generate_rules)
        return sk_error_set(err, SK_EXIT_USAGE,
                            "generate: generator '%s' makes classic 9x9 puzzles only, not the "
                            "rules '%.200s': use --generator " GEN_RULES_GENERATOR " (or leave "
                            "--generator out)",
                            s->generator, sk_rules_spec(s->rules));
    if (!s->under_rules && gen_classic_clues(s->request.clues, err))
        return -1;
    if (s->under_rules && !s->rules && ski_op_rules(s->op, "9x9", &s->rules, err))
        return -1;
    return classic ? 0 : gen_refuse_under_rules(s, err);
}

/* Resolve the strategies and what the run needs of them. */
static int gen_prepare(sk_op *op, gen_state *s, sk_error *err)
{
    s->op = op;
    if (gen_default_generator(s, err) || gen_prepare_rules(s, err) ||
        !ski_op_strategy(op, SK_KIND_GENERATOR, s->generator, err) ||
        (s->solver && !ski_op_strategy(op, SK_KIND_SOLVER, s->solver, err)))
        return -1;
    sk_host *host = sk_ctx_host(ski_op_ctx(op));
    s->search = sk_host_strategy_flags(sk_host_find(host, SK_KIND_GENERATOR, s->generator)) &
                SK_STRATEGY_SEARCH;
    s->targeted = s->request.level || s->request.rating_max > 0 || s->requires || s->hardest;
    /* A face taking the records (Lua's tables) gets every field, whatever
     * the format; text in the line and classic layouts has no rating. */
    s->rated = s->targeted || s->search || s->store || op->has_sink ||
               s->format == SK_FORMAT_CSV ||
               s->format == SK_FORMAT_JSON || s->format == SK_FORMAT_READABLE ||
               s->format == SK_FORMAT_SDK;
    /* No rater rates other rules: their puzzles go unrated. */
    s->rated &= !s->rules || sk_rules_is_classic(s->rules);
    if (s->rated) {
        if (!ski_op_strategy(op, SK_KIND_RATER, s->rater, err))
            return -1;
        s->rater_version = sk_host_find(host, SK_KIND_RATER, s->rater)->plugin_version;
    }
    if ((s->requires && gen_check_technique(s, "requires", s->requires, err)) ||
        (s->hardest && gen_check_technique(s, "hardest", s->hardest, err)))
        return -1;
    if (!s->search && (s->has_pattern || s->seed_files || s->seeds_from_db))
        return sk_error_set(err, SK_EXIT_USAGE,
                            "generate: generator '%s' takes no %s; a search does (vicinity, "
                            "clue-pattern)",
                            s->generator, s->has_pattern ? "clue pattern" : "seeds");
    if (!s->seed_given)
        s->request.seed = gen_clock_seed();
    s->request.struct_size = sizeof s->request;
    ski_shard_block(s->shard, s->count, &s->first, &s->end);
    s->block = s->end - s->first;
    s->next = 0;
    s->end = s->wanted = s->block;
    /* A search makes places until it has its puzzles or its attempts run out. */
    if (s->search && s->wanted)
        s->end = UINT64_MAX;
    s->budget = s->request.max_attempts ? s->request.max_attempts : GEN_SEARCH_ATTEMPTS;
    ski_op_output_continues(op, ski_shard_continues(s->shard));
    gen_provenance(s);
    return 0;
}

/* The judge, and for a search its seeds and memory of what it made. */
static int gen_prepare_judge(gen_state *s, sk_error *err)
{
    gen_targets targets = {s->request.level, s->request.rating_min, s->request.rating_max,
                           s->requires, s->hardest};
    if (gen_judge_init(&s->judge, s->op, &targets, err))
        return -1;
    s->judge_lent = s->search || s->requires || s->hardest || s->exclude_files;
    for (char **f = s->exclude_files; f && *f; f++) {
        gen_seeds excluded;
        gen_seeds_init(&excluded);
        int rc = gen_seeds_read_file(&excluded, *f, "exclude", err);
        for (size_t i = 0; rc == 0 && i < excluded.count; i++)
            rc = gen_judge_exclude(&s->judge, &excluded.list[i], err);
        gen_seeds_release(&excluded);
        if (rc)
            return -1;
    }
    if (!s->search)
        return 0;
    gen_seeds_init(&s->seeds);
    int rc = 0;
    for (char **f = s->seed_files; rc == 0 && f && *f; f++)
        rc = gen_seeds_read_file(&s->seeds, *f, "seeds", err);
    if (rc == 0 && s->seeds_from_db)
        rc = gen_seeds_read_store(&s->seeds, ski_op_ctx(s->op), s->seeds_filter, err);
    if (rc == 0 && !s->seed_files && !s->seeds_from_db && !s->has_pattern)
        rc = gen_seeds_read_builtin(&s->seeds, &targets, err);
    /* A search makes new puzzles: never one of its seeds. */
    for (size_t i = 0; rc == 0 && i < s->seeds.count; i++)
        rc = gen_judge_exclude(&s->judge, &s->seeds.list[i], err);
    s->written = rc == 0 ? ski_canon_set_new(0) : NULL;
    if (rc == 0 && !s->written)
        rc = sk_error_set(err, SK_EXIT_FAILURE, "generate: out of memory");
    return rc ? -1
              : gen_seeds_start(&s->seeds, s->op,
                                s->count < GEN_FEED_ROOM ? s->count : GEN_FEED_ROOM, err);
}


/* What a search did, on the messages stream. */
static void gen_report_search(gen_state *s)
{
    char note[128];
    gen_judge_note(&s->judge, note, sizeof note);
    sk_ctx_report(ski_op_ctx(s->op), "generate: %llu puzzles; %s",
                  (unsigned long long)s->op->summary.done, note);
    if (s->repeats)
        sk_ctx_report(ski_op_ctx(s->op), "generate: %llu repeats of puzzles already made dropped",
                      (unsigned long long)s->repeats);
}

static int gen_run(sk_op *op, void *state, sk_error *err)
{
    gen_state *s = state;
    if (gen_prepare(op, s, err) || gen_prepare_judge(s, err))
        return err->status;
    bool readable = s->format == SK_FORMAT_READABLE;
    sk_layout layout = {gen_columns, sizeof gen_columns / sizeof gen_columns[0],
                        SK_FIELD_PUZZLE, s->solutions ? SK_FIELD_SOLUTION : -1,
                        readable ? gen_caption : NULL, readable ? 4 : 0};
    if (s->under_rules) {
        layout.columns = gen_rules_columns;
        layout.column_count = sizeof gen_rules_columns / sizeof gen_rules_columns[0];
    }
    if ((!s->store || s->format_given) && ski_op_output_open(op, s->format, &layout, err))
        return err->status;
    /* A search's puzzles come slowly: each is committed at once. */
    if (s->store && ski_store_sink_open(&s->sink, ski_op_ctx(op), s->search ? 1 : 1000, err))
        return err->status;
    s->sink_open = s->store;
    ski_progress_start(&s->progress, op, "generate", s->wanted);
    s->judge.progress = s->search ? &s->progress : NULL;
    ski_pipeline pipe = {s->jobs, sizeof(gen_item), 1, s, gen_read, gen_worker_new,
                        gen_worker_free, gen_work, gen_write, gen_item_free, 8,
                        ski_op_ctx(op)};
    int rc = ski_pipeline_run(&pipe, err);
    ski_progress_finish(&s->progress);
    if (s->search && !ski_op_quiet(op))
        gen_report_search(s);
    if (s->sink_open) {
        /* What was made before a failure is good: keep it. */
        sk_error store_err;
        if (ski_store_sink_close(&s->sink, true, &store_err) && rc == 0) {
            *err = store_err;
            rc = -1;
        }
        op->summary.added = s->sink.added;
        op->summary.duplicates = s->sink.duplicates;
        if (!ski_op_quiet(op))
            sk_ctx_report(ski_op_ctx(op), "generate: stored %llu new puzzles, %llu duplicates",
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
    free(s->requires);
    free(s->hardest);
    free(s->seeds_filter);
    free(s->rules_spec);
    sk_rules_free(s->rules);
    ski_op_list_free(s->seed_files);
    ski_op_list_free(s->exclude_files);
    if (s->judge.memo)
        gen_judge_release(&s->judge);
    if (s->search)
        gen_seeds_release(&s->seeds);
    ski_canon_set_free(s->written);
}

const ski_op_def ski_op_generate = {
    .info = {.name = "generate",
             .summary = "generate puzzles with a generator strategy",
             .synopsis = "",
             .description =
                 "Generate COUNT puzzles (default 1), each with exactly one solution. Puzzle "
                 "i of a run depends only on the seed and i (for a search, also on the "
                 "puzzles the run made before it), so the same seed and keys give the same "
                 "output with any number of jobs. A target (level, rating, technique) not met "
                 "within the attempts ends the run with a message (status 1); the puzzles "
                 "made before it are kept, and every puzzle written meets every target, "
                 "rated in full. The searches (vicinity, clue-pattern) move clues of seed "
                 "puzzles, keep the fittest, store each puzzle at once, never make one of "
                 "their seeds or one the run made, and take puzzles they made as seeds of "
                 "those made 8 places later. With --shard K/N (and --seed) only block K of "
                 "the COUNT indexes is made, so N shards together make the run's puzzles.",
             .keys = gen_keys,
             .inputs = SK_INPUT_NONE},
    .state_size = sizeof(gen_state),
    .set = gen_set,
    .check = gen_check,
    .run = gen_run,
    .release = gen_release,
};
