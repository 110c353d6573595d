/* Operation canon: the canonical form of every puzzle, one line each. */
#include "op.h"
#include "sudokit/canon.h"

enum { CANON_FORMAT, CANON_OUTPUT, CANON_INPUT_FORMAT, CANON_INPUT };

static const sk_key canon_keys[] = {
    SK_KEY_FORMAT(CANON_FORMAT,
                  "the canonical forms in a layout of `sudokit help layouts`; csv and json add the puzzle"),
    SK_KEY_OUTPUT(CANON_OUTPUT),
    SK_KEY_INPUT_FORMAT(CANON_INPUT_FORMAT),
    SK_KEY_INPUTS(CANON_INPUT),
    SK_KEY_END,
};

typedef struct canon_state {
    sk_format format, input_format;
    char **inputs;
} canon_state;

static int canon_set(sk_op *op, void *state, const sk_key *key, const sk_value *v, sk_error *err)
{
    (void)op;
    canon_state *s = state;
    if (key->id == CANON_FORMAT)
        s->format = ski_format_of(v->text);
    else if (key->id == CANON_INPUT_FORMAT)
        s->input_format = (sk_format)v->integer;
    else
        return ski_op_append(&s->inputs, v->text, err);
    return 0;
}

static const int canon_columns[] = {SK_FIELD_PUZZLE, SK_FIELD_CANONICAL};
static const sk_layout canon_layout = {canon_columns, 2, SK_FIELD_CANONICAL, -1, NULL, 0};

static int canon_run(sk_op *op, void *state, sk_error *err)
{
    canon_state *s = state;
    if (ski_op_output_open(op, s->format, &canon_layout, err))
        return err->status;
    ski_sources sources;
    ski_sources_init(&sources, ski_op_ctx(op), s->inputs, s->input_format, false);
    sk_error why;
    int rc = 0;
    for (;;) {
        sk_grid grid;
        const sk_record *read;
        const sk_reader_position *pos;
        sk_read_status status = ski_sources_next(&sources, &grid, &read, &pos, &why);
        if (status == SK_READ_END || ski_op_stopped(op))
            break;
        if (status != SK_READ_OK) {
            sk_ctx_report(ski_op_ctx(op), "canon: %s", why.message);
            op->summary.failed++;
            continue;
        }
        sk_record record;
        sk_record_init(&record);
        record.puzzle = grid;
        record.has_canonical = sk_canon_form(&grid, &record.canonical) == SK_OK;
        op->summary.done++;
        if ((rc = ski_op_emit(op, &record, err)) != 0)
            break;
    }
    ski_sources_close(&sources);
    if (rc)
        return err->status;
    if (op->summary.failed)
        return SK_FAIL(err, SK_EXIT_FAILURE, "canon: %llu puzzles could not be read",
                       (unsigned long long)op->summary.failed);
    return SK_EXIT_OK;
}

static void canon_release(void *state)
{
    ski_op_list_free(((canon_state *)state)->inputs);
}

const ski_op_def ski_op_canon = {
    .info = {.name = "canon",
             .summary = "the canonical form of every puzzle (no database)",
             .synopsis = "[FILE...]",
             .description = "Write the canonical form of every puzzle of each FILE (default "
                            "stdin): the same line for two puzzles exactly when one is a "
                            "transformation of the other (see docs/database.md).",
             .keys = canon_keys,
             .inputs = SK_INPUT_FILES,
             .input_key = "input"},
    .state_size = sizeof(canon_state),
    .set = canon_set,
    .run = canon_run,
    .release = canon_release,
};
