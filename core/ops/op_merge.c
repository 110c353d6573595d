/* Operation merge: other sudokit databases added to one, in batches (the
 * store's sk_store_merge), each input in turn. */
#include <stdlib.h>
#include <string.h>

#include "op.h"

enum { MERGE_INTO, MERGE_BATCH, MERGE_CHECK, MERGE_OUTPUT, MERGE_QUIET, MERGE_INPUT };

static const sk_key merge_keys[] = {
    {.name = "into", .kind = SK_KEY_TEXT, .value_name = "OUT",
     .help = "the database the inputs are added to (created when missing)", .id = MERGE_INTO},
    {.name = "batch", .short_name = 'b', .kind = SK_KEY_INT, .value_name = "N",
     .fallback = "2000", .min = 1, .max = 1000000,
     .help = "input puzzles (with their ratings and games) per transaction", .id = MERGE_BATCH},
    {.name = "check", .kind = SK_KEY_FLAG,
     .help = "run db check on each input first, and leave out one with a problem",
     .id = MERGE_CHECK},
    SK_KEY_OUTPUT(MERGE_OUTPUT),
    SK_KEY_QUIET(MERGE_QUIET),
    {.name = "input", .kind = SK_KEY_TEXT, .value_name = "IN",
     .help = "a database to add; may be repeated", .repeatable = true, .id = MERGE_INPUT},
    SK_KEY_END,
};

typedef struct merge_state {
    char *into;
    long long batch;
    bool check;
    char **inputs;
    /* the run */
    sk_op *op;
    ski_progress progress;
} merge_state;

static int merge_set(sk_op *op, void *state, const sk_key *key, const sk_value *v,
                     sk_error *err)
{
    merge_state *s = state;
    (void)op;
    switch (key->id) {
    case MERGE_INTO:
        if (s->into)
            return sk_error_set(err, SK_EXIT_USAGE, "merge: give one database to merge into, "
                                "not '%s' and '%s'", s->into, v->text);
        return ski_op_copy(&s->into, v->text, err);
    case MERGE_BATCH:
        s->batch = v->integer;
        return 0;
    case MERGE_CHECK:
        s->check = v->flag;
        return 0;
    case MERGE_INPUT:
        return ski_op_append(&s->inputs, v->text, err);
    default:
        return 0;
    }
}

static int merge_check(sk_op *op, void *state, sk_error *err)
{
    merge_state *s = state;
    if (!s->into || !s->inputs)
        return sk_error_set(err, SK_EXIT_USAGE,
                            "merge: give the database to merge into and at least one input "
                            "(sudokit db merge OUT IN...)");
    /* An input is opened as a database too: brought up to date, with its
     * journal beside it. */
    if (sk_ctx_check_file(ski_op_ctx(op), s->into, SK_ACCESS_WRITE, err))
        return -1;
    for (char **input = s->inputs; *input; input++)
        if (sk_ctx_check_file(ski_op_ctx(op), *input, SK_ACCESS_WRITE, err))
            return -1;
    return 0;
}

static int merge_stop(void *user)
{
    merge_state *s = user;
    return ski_op_stopped(s->op);
}

static void merge_report(void *user, const char *line)
{
    merge_state *s = user;
    sk_ctx_report(ski_op_ctx(s->op), "merge: %s", line);
}

static void merge_progress(void *user, int64_t done, int64_t total)
{
    merge_state *s = user;
    s->progress.total = total > 0 ? (uint64_t)total : 0;
    ski_progress_update(&s->progress, (uint64_t)done);
}

/* The line of one input's counts. */
static void merge_print(sk_op *op, const char *path, const sk_merge_counts *c)
{
    FILE *out = ski_op_stream(op);
    if (!out)
        return;
    fprintf(out, "%s: puzzles added %lld, duplicates %lld, not merged %lld; ratings added %lld, "
            "kept %lld, not merged %lld; games added %lld, updated %lld, kept %lld, not merged "
            "%lld; bench runs added %lld, kept %lld, not merged %lld\n", path,
            (long long)c->puzzles_added, (long long)c->puzzles_duplicate,
            (long long)c->puzzles_rejected, (long long)c->ratings_added,
            (long long)c->ratings_kept, (long long)c->ratings_rejected,
            (long long)c->games_added, (long long)c->games_updated, (long long)c->games_kept,
            (long long)c->games_rejected, (long long)c->bench_added, (long long)c->bench_kept,
            (long long)c->bench_rejected);
}

/* Merge one input; 0, or -1 when it (or part of it) was not merged. */
static int merge_one(sk_op *op, merge_state *s, sk_store *store, const char *path)
{
    sk_merge_options options = {.batch = s->batch, .check = s->check, .stop = merge_stop,
                                .report = merge_report, .progress = merge_progress, .user = s};
    sk_merge_counts counts;
    sk_error why;
    ski_progress_start(&s->progress, op, "merge", 0);
    int rc = sk_store_merge(store, path, &options, &counts, &why);
    ski_progress_finish(&s->progress);
    if (rc != 0)
        sk_ctx_report(ski_op_ctx(op), "merge: %s", why.message);
    sk_merge_counts none = {0};
    if (rc == 0 || memcmp(&counts, &none, sizeof none) != 0)
        merge_print(op, path, &counts);
    op->summary.added += (uint64_t)counts.puzzles_added;
    op->summary.duplicates += (uint64_t)counts.puzzles_duplicate;
    int64_t rejected = counts.puzzles_rejected + counts.ratings_rejected +
                       counts.games_rejected + counts.bench_rejected;
    op->summary.failed += (uint64_t)rejected;
    return rc != 0 || rejected ? -1 : 0;
}

static int merge_run(sk_op *op, void *state, sk_error *err)
{
    merge_state *s = state;
    s->op = op;
    sk_store *store;
    sk_error why;
    if (sk_store_open(s->into, &store, &why) != 0)
        return SK_FAIL(err, SK_EXIT_FAILURE, "merge: %s", why.message);
    sk_store_set_stop(store, merge_stop, s, NULL, NULL);
    /* compiles the rules of the inputs' puzzles under other rules than classic */
    sk_store_set_rules_host(store, sk_ctx_host(ski_op_ctx(op)));
    size_t count = 0, refused = 0;
    for (; s->inputs[count] && !ski_op_stopped(op); count++) {
        if (merge_one(op, s, store, s->inputs[count]) != 0)
            refused++;
        else
            op->summary.done++;
    }
    sk_store_close(store);
    if (refused)
        return SK_FAIL(err, SK_EXIT_FAILURE, "merge: %zu of %zu inputs not merged whole (each "
                       "named above); merging them again completes them once fixed",
                       refused, count);
    return SK_EXIT_OK;
}

static void merge_release(void *state)
{
    merge_state *s = state;
    free(s->into);
    ski_op_list_free(s->inputs);
}

const ski_op_def ski_op_merge = {
    .info = {.name = "merge",
             .summary = "add other sudokit databases to one (the shards of a cluster run)",
             .synopsis = "OUT IN...",
             .description =
                 "Add each database IN, in order, to OUT: its puzzles (a puzzle whose "
                 "canonical form OUT holds is a duplicate, and OUT's row, with its "
                 "provenance, is kept), their ratings (one per puzzle, rater and version: "
                 "OUT's is kept), their games (onto OUT's puzzle, moved onto its image when "
                 "OUT stores another member of the class; one game per puzzle and start "
                 "time, the later save kept) and the benchmark runs (a run already there is "
                 "kept). Input puzzles go in by batches, each one transaction with its "
                 "ratings and games: a merge stopped anywhere, even killed, leaves OUT "
                 "consistent, and merging again completes it; merging an input twice adds "
                 "nothing. An input that is missing, not a sudokit database of a schema "
                 "this sudokit knows, or holds schema objects sudokit does not make is named "
                 "and left out (status 1). Every row is checked before it is taken (the "
                 "givens, the solution, the canonical form, clue count and symmetry against "
                 "the givens; ratings and games of merged puzzles only, each game replayed): "
                 "a bad one is named and left out (status 1). Prints what each input added "
                 "and left out.",
             .keys = merge_keys,
             .inputs = SK_INPUT_SOME,
             .input_key = "input",
             .target_key = "into"},
    .state_size = sizeof(merge_state),
    .set = merge_set,
    .check = merge_check,
    .run = merge_run,
    .release = merge_release,
};
