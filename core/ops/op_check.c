/* Operation check: the database's integrity, foreign keys and every
 * puzzle's canonical form, clue count, symmetry and solution. */
#include "op.h"

static const sk_key check_keys[] = {SK_KEY_OUTPUT(0), SK_KEY_END};

/* One problem: a line of the output. */
static void check_problem(void *user, const char *line)
{
    sk_op *op = user;
    FILE *out = sk_op_stream(op);
    sk_row_cell cell = {.name = "problem", .kind = SK_CELL_TEXT, .text = line};
    if (out)
        fprintf(out, "%s\n", line);
    else
        sk_op_emit_row(op, &cell, 1);
}

static int check_set(sk_op *op, void *state, const sk_key *key, const sk_value *v, sk_error *err)
{
    (void)op, (void)state, (void)key, (void)v, (void)err;
    return 0;
}

static int check_run(sk_op *op, void *state, sk_error *err)
{
    (void)state;
    char why[1024];
    sk_store *store;
    if (sk_ctx_open_store(sk_op_ctx(op), &store, why, sizeof why))
        return SK_FAIL(err, SK_EXIT_FAILURE, "check: %s", why);
    int64_t problems = 0;
    int rc = sk_store_check(store, check_problem, op, &problems, why, sizeof why);
    sk_ctx_close_store(sk_op_ctx(op), store);
    if (rc != 0)
        return SK_FAIL(err, SK_EXIT_FAILURE, "check: %s", why);
    op->summary.failed = (uint64_t)problems;
    if (problems)
        return SK_FAIL(err, SK_EXIT_FAILURE, "check: %lld problem%s found", (long long)problems,
                       problems == 1 ? "" : "s");
    FILE *out = sk_op_stream(op);
    if (out)
        fputs("ok\n", out);
    return SK_EXIT_OK;
}

const sk_op_def sk_op_check = {
    .info = {.name = "check",
             .summary = "check the database's integrity and every canonical form",
             .synopsis = "",
             .description = "Run SQLite's integrity_check and foreign_key_check, then "
                            "recompute every puzzle's canonical form, clue count and symmetry "
                            "and check its solution. Prints each problem; exit status 1 when "
                            "there is any.",
             .keys = check_keys,
             .inputs = SK_INPUT_NONE},
    .set = check_set,
    .run = check_run,
};
