/* Operation init: create the database (or bring its schema up to date),
 * and with seeds add the starter collection. */
#include "op.h"

/* The starter collection (seeds/starter.csv), embedded at build time. */
extern const char ski_seeds_starter[];

enum { INIT_SEEDS, INIT_OUTPUT };

static const sk_key init_keys[] = {
    {.name = "seeds", .kind = SK_KEY_FLAG,
     .help = "also add the starter collection (300 puzzles per level, with solutions and "
             "ratings); puzzles already stored are counted, not added",
     .id = INIT_SEEDS},
    SK_KEY_OUTPUT(INIT_OUTPUT),
    SK_KEY_END,
};

typedef struct init_state {
    bool seeds;
} init_state;

static int init_set(sk_op *op, void *state, const sk_key *key, const sk_value *v, sk_error *err)
{
    (void)op, (void)err;
    if (key->id == INIT_SEEDS)
        ((init_state *)state)->seeds = v->flag;
    return 0;
}

/* Add every puzzle of the starter collection in one transaction. */
static int init_seed(sk_op *op, ski_store_sink *sink, sk_error *err)
{
    sk_reader *reader = sk_reader_from_string(ski_seeds_starter, "seeds/starter.csv");
    if (!reader)
        return sk_error_set(err, SK_EXIT_FAILURE, "init: out of memory");
    sk_grid grid;
    sk_read_status status;
    int rc = 0;
    while (rc == 0 && (status = sk_reader_next(reader, &grid)) != SK_READ_END) {
        if (status != SK_READ_OK)
            rc = sk_error_set(err, SK_EXIT_FAILURE, "init: %s", sk_reader_error(reader));
        else
            rc = ski_store_sink_add(sink, sk_reader_record(reader), NULL, err);
    }
    sk_reader_close(reader);
    (void)op;
    return rc;
}

static int init_run(sk_op *op, void *state, sk_error *err)
{
    init_state *s = state;
    ski_store_sink sink;
    /* One batch for the whole collection: all of it, or nothing. */
    if (ski_store_sink_open(&sink, ski_op_ctx(op), (size_t)-1, err))
        return err->status;
    FILE *out = ski_op_stream(op);
    if (out)
        fprintf(out, "%s: schema version %d\n", sk_store_path(sink.store),
                sk_store_schema_version());
    int rc = s->seeds ? init_seed(op, &sink, err) : 0;
    sk_error close_err;
    if (ski_store_sink_close(&sink, rc == 0, &close_err) && rc == 0) {
        *err = close_err;
        rc = -1;
    }
    if (rc)
        return err->status;
    op->summary.added = sink.added;
    op->summary.duplicates = sink.duplicates;
    if (s->seeds && out)
        fprintf(out, "starter collection: %llu added, %llu already stored\n",
                (unsigned long long)sink.added, (unsigned long long)sink.duplicates);
    return ski_op_output_check(op, err) ? err->status : SK_EXIT_OK;
}

const ski_op_def ski_op_init = {
    .info = {.name = "init",
             .summary = "create the database or bring its schema up to date",
             .synopsis = "",
             .description = "Create the database (and its folder, for the default path) or "
                            "apply the migrations it lacks, then print its path and schema "
                            "version. With seeds, add the starter collection in one "
                            "transaction, so that play and queries have puzzles at once.",
             .keys = init_keys,
             .inputs = SK_INPUT_NONE},
    .state_size = sizeof(init_state),
    .set = init_set,
    .run = init_run,
};
