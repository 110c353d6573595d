/* Operation import: the puzzles of files into the database, in batches of
 * one transaction each, duplicates (up to symmetry) counted. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "op.h"
#include "sudokit/grid.h"
#include "sudokit/rules.h"

enum { IMPORT_BATCH, IMPORT_INPUT_FORMAT, IMPORT_OUTPUT, IMPORT_QUIET, IMPORT_INPUT };

static const sk_key import_keys[] = {
    {.name = "batch", .short_name = 'b', .kind = SK_KEY_INT, .value_name = "N", .fallback = "1000",
     .min = 1, .max = 1000000, .help = "puzzles per transaction", .id = IMPORT_BATCH},
    SK_KEY_INPUT_FORMAT(IMPORT_INPUT_FORMAT),
    SK_KEY_OUTPUT(IMPORT_OUTPUT),
    SK_KEY_QUIET(IMPORT_QUIET),
    SK_KEY_INPUTS(IMPORT_INPUT),
    SK_KEY_END,
};

typedef struct import_state {
    long long batch;
    sk_format input_format;
    char **inputs;
    sk_instance *solver;       /* counts each puzzle's solutions */
    sk_instance *rules_solver; /* those of puzzles under other rules */
    sk_record_boards boards;   /* the grids of the record under rules */
} import_state;

static int import_set(sk_op *op, void *state, const sk_key *key, const sk_value *v,
                      sk_error *err)
{
    import_state *s = state;
    (void)op;
    if (key->id == IMPORT_BATCH)
        s->batch = v->integer;
    else if (key->id == IMPORT_INPUT_FORMAT)
        s->input_format = (sk_format)v->integer;
    else if (key->id == IMPORT_INPUT)
        return ski_op_append(&s->inputs, v->text, err);
    return 0;
}

/* The solver of puzzles under other rules than classic, made at the
 * first one: the host's default solver of any rules. 0, or -1 with why. */
static int import_rules_solver(sk_op *op, import_state *s, sk_error *why)
{
    if (s->rules_solver)
        return 0;
    const char *name = sk_host_default_rules_solver(sk_ctx_host(ski_op_ctx(op)));
    sk_error err = {0};
    if (!name) {
        sk_error_set(why, SK_EXIT_FAILURE,
                     "no solver of any rules is loaded (the general solver plugin)");
        return -1;
    }
    if (ski_op_instance(op, SK_KIND_SOLVER, name, NULL, NULL, &s->rules_solver, &err)) {
        sk_error_set(why, SK_EXIT_FAILURE, "%.480s", err.message);
        return -1;
    }
    return 0;
}

/* Count the solutions of record's puzzle up to two (under its rules with
 * the solver of any rules), the one found into record when it has none:
 * 1, 0, 2, or -1 with why. */
static int import_solve(sk_op *op, import_state *s, sk_record *record, sk_record_boards *boards,
                        sk_error *why)
{
    if (!record->rules) {
        sk_grid solution;
        int found = sk_instance_solve(s->solver, &record->puzzle, 2, &solution, NULL, why);
        if (found == 1 && !record->has_solution)
            record->solution = solution;
        return found;
    }
    sk_board solution;
    if (import_rules_solver(op, s, why))
        return -1;
    int found = sk_instance_solve_rules(s->rules_solver, record->rules, &boards->puzzle, 2,
                                        &solution, NULL, why);
    if (found == 1 && !record->has_solution)
        boards->solution = solution;
    record->boards = boards;
    return found;
}

/* True when record's solution (it has one) solves its puzzle. */
static bool import_solution_solves(const sk_record *record)
{
    if (record->rules)
        return sk_rules_solves(record->rules, &record->boards->puzzle,
                               &record->boards->solution);
    return sk_grid_solves(&record->puzzle, &record->solution);
}

/* Add one record read, with its solution: a puzzle without exactly one is
 * refused. Returns 0, 1 when it was rejected (reported), -1 when the
 * database failed (err set). */
static int import_one(sk_op *op, import_state *s, ski_store_sink *sink, const sk_record *read,
                      const sk_reader_position *pos, sk_error *err)
{
    sk_record record = *read;
    record.source = pos->name;
    if (record.has_solution && !import_solution_solves(&record)) {
        sk_ctx_report(ski_op_ctx(op), "%s:%zu: puzzle %zu: its solution does not solve it",
                      pos->name, pos->line, pos->puzzle);
        return 1;
    }
    sk_error solver_why;
    if (record.rules)
        s->boards = *read->boards;
    int found = import_solve(op, s, &record, &s->boards, &solver_why);
    if (found != 1) {
        sk_ctx_report(ski_op_ctx(op),
                      "%s:%zu: puzzle %zu: %s; only puzzles with exactly one "
                      "solution are stored",
                      pos->name, pos->line, pos->puzzle,
                      found == 0   ? "it has no solution"
                      : found == 2 ? "it has several solutions"
                                   : solver_why.message);
        return 1;
    }
    record.has_solution = true;
    record.rated = read->rated && read->rater && read->rater_version;
    if (ski_store_sink_add(sink, &record, NULL, err)) {
        char why[sizeof err->message];
        memcpy(why, err->message, sizeof why);
        return sk_error_set(err, SK_EXIT_FAILURE, "import: %.200s:%zu: %.700s", pos->name,
                            pos->line, why);
    }
    return 0;
}

static int import_loop(sk_op *op, import_state *s, ski_store_sink *sink, sk_error *err)
{
    ski_sources sources;
    ski_sources_init(&sources, ski_op_ctx(op), s->inputs, s->input_format, true);
    ski_sources_accept_rules(&sources, sk_ctx_host(ski_op_ctx(op)));
    ski_progress progress;
    ski_progress_start_sources(&progress, op, "import", &sources);
    int rc = 0;
    sk_error why;
    for (;;) {
        sk_grid grid;
        const sk_record *record;
        const sk_reader_position *pos;
        sk_read_status status = ski_sources_next(&sources, &grid, &record, &pos, &why);
        if (status == SK_READ_END || ski_op_stopped(op))
            break;
        int got = status == SK_READ_OK ? import_one(op, s, sink, record, pos, err) : 1;
        if (status != SK_READ_OK)
            sk_ctx_report(ski_op_ctx(op), "import: %s", why.message);
        if (got < 0) {
            rc = -1;
            break;
        }
        got ? op->summary.failed++ : op->summary.done++;
        ski_progress_update(&progress, op->summary.done + op->summary.failed);
    }
    ski_progress_finish(&progress);
    ski_sources_close(&sources);
    return rc;
}

static int import_run(sk_op *op, void *state, sk_error *err)
{
    import_state *s = state;
    ski_store_sink sink;
    if (ski_op_instance(op, SK_KIND_SOLVER, NULL, NULL, NULL, &s->solver, err) ||
        ski_store_sink_open(&sink, ski_op_ctx(op), (size_t)s->batch, err))
        return err->status;
    int rc = import_loop(op, s, &sink, err);
    uint64_t lost = sink.pending_added + sink.pending_duplicates; /* if not committed */
    sk_error close_err;
    if (ski_store_sink_close(&sink, rc == 0, &close_err) && rc == 0) {
        *err = close_err;
        rc = -1;
    }
    if (rc == 0)
        lost = 0;
    if (rc && lost)
        sk_ctx_report(ski_op_ctx(op), "import: the batch in progress (%llu puzzles) was rolled "
                      "back; the counts below are what was committed; importing again adds the "
                      "rest", (unsigned long long)lost);
    op->summary.added = sink.added;
    op->summary.duplicates = sink.duplicates;
    FILE *out = ski_op_stream(op);
    if (out)
        fprintf(out, "added %llu, duplicates %llu, rejected %llu\n",
                (unsigned long long)sink.added, (unsigned long long)sink.duplicates,
                (unsigned long long)op->summary.failed);
    if (rc)
        return err->status ? err->status : SK_EXIT_FAILURE;
    if (op->summary.failed)
        return SK_FAIL(err, SK_EXIT_FAILURE, "import: %llu puzzles rejected",
                       (unsigned long long)op->summary.failed);
    return SK_EXIT_OK;
}

static void import_release(void *state)
{
    import_state *s = state;
    ski_op_list_free(s->inputs);
    sk_instance_free(s->solver);
    sk_instance_free(s->rules_solver);
}

const ski_op_def ski_op_import = {
    .info = {.name = "import",
             .summary = "add the puzzles of files to the database",
             .synopsis = "FILE...",
             .description =
                 "Add every puzzle of each FILE (- for stdin), in any layout sudokit writes "
                 "and under any rules (docs/rules.md), with its solution (found when the file has none) and rating when the file has "
                 "them. Puzzles go in by batches, each one transaction: an interrupted import "
                 "keeps every batch it committed. A bad puzzle, or one without exactly one "
                 "solution, is reported with its file and line and skipped (the others go in; "
                 "exit status 1); a puzzle already stored (even transformed) is a duplicate. Prints "
                 "`added A, duplicates D, rejected R`, counting only what was committed.",
             .keys = import_keys,
             .inputs = SK_INPUT_SOME,
             .input_key = "input"},
    .state_size = sizeof(import_state),
    .set = import_set,
    .run = import_run,
    .release = import_release,
};
