/* Puzzles going into the database in batches, counted once committed. */
#include <string.h>

#include "op.h"

int ski_store_sink_open(ski_store_sink *sink, sk_ctx *ctx, size_t batch, sk_error *err)
{
    memset(sink, 0, sizeof *sink);
    sink->ctx = ctx;
    sink->batch = batch ? batch : 1000;
    sk_error why;
    if (sk_ctx_open_store(ctx, &sink->store, &why))
        return sk_error_set(err, SK_EXIT_FAILURE, "%s", why.message);
    sink->joined = sk_store_in_transaction(sink->store);
    return 0;
}

/* Commit the open batch; its puzzles count only then. */
static int sink_commit(ski_store_sink *sink, sk_error *err)
{
    sk_error why;
    sink->in_batch = 0;
    if (sink->joined || !sk_store_in_transaction(sink->store)) {
        /* joined: counted now, committed by the caller's transaction */
        sink->added += sink->joined ? sink->pending_added : 0;
        sink->duplicates += sink->joined ? sink->pending_duplicates : 0;
        sink->pending_added = sink->pending_duplicates = 0;
        return 0;
    }
    if (sk_store_commit(sink->store, &why))
        return sk_error_set(err, SK_EXIT_FAILURE, "%s", why.message);
    sink->added += sink->pending_added;
    sink->duplicates += sink->pending_duplicates;
    sink->pending_added = sink->pending_duplicates = 0;
    return 0;
}

int ski_store_sink_add(ski_store_sink *sink, const sk_record *record, int64_t *id,
                      sk_error *err)
{
    sk_error why;
    if (!sk_store_in_transaction(sink->store) && sk_store_begin(sink->store, &why))
        return sk_error_set(err, SK_EXIT_FAILURE, "%s", why.message);
    sk_puzzle_record rec;
    sk_puzzle_record_init(&rec);
    rec.givens = record->puzzle;
    rec.solution = record->has_solution ? &record->solution : NULL;
    rec.minimal = record->minimal;
    rec.strategy = record->strategy;
    rec.options = record->options;
    rec.has_seed = record->has_seed;
    rec.seed = record->seed;
    rec.source = record->source;
    if (record->rules) {
        rec.rules = record->rules;
        rec.givens_board = &record->boards->puzzle;
        rec.solution_board = record->has_solution ? &record->boards->solution : NULL;
    }
    int64_t row = 0;
    bool duplicate = false;
    /* the host that compiled the rules compiles their turned images (the key) */
    sk_store_set_rules_host(sink->store, record->rules ? sk_ctx_host(sink->ctx) : NULL);
    int added = sk_store_add_puzzle(sink->store, &rec, &row, &duplicate, &why);
    sk_store_set_rules_host(sink->store, NULL);
    if (added ||
        (record->rated && sk_store_add_rating(sink->store, row, record->rater,
                                              record->rater_version, &record->rating, &why)))
        return sk_error_set(err, SK_EXIT_FAILURE, "%s", why.message);
    duplicate ? sink->pending_duplicates++ : sink->pending_added++;
    if (id)
        *id = row;
    if (++sink->in_batch >= sink->batch)
        return sink_commit(sink, err);
    return 0;
}

int ski_store_sink_close(ski_store_sink *sink, bool ok, sk_error *err)
{
    int rc = 0;
    if (sink->store && ok)
        rc = sink_commit(sink, err);
    if (sink->store && !sink->joined && sk_store_in_transaction(sink->store)) {
        sk_error why;
        sk_store_rollback(sink->store, &why);
    }
    sink->pending_added = sink->pending_duplicates = 0;
    if (sink->store)
        sk_ctx_close_store(sink->ctx, sink->store);
    sink->store = NULL;
    return rc;
}
