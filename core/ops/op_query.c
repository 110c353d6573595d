/* Operations query and export: the stored puzzles a set of filters picks
 * (query_filter.c), as records; export writes the givens, query every
 * column. */
#include <stdlib.h>
#include <string.h>

#include "query_filter.h"

enum { Q_FORMAT, Q_EXPLAIN, Q_OUTPUT, Q_QUIET };

#define Q_KEYS(format_help)                                                                  \
    SK_QUERY_FILTER_KEYS,                                                                    \
    {.name = "format", .short_name = 'f', .kind = SK_KEY_CHOICE, .value_name = "F",            \
     .fallback = "line", .choices = SK_OUTPUT_FORMAT_NAMES, .help = format_help,              \
     .id = Q_FORMAT},                                                                         \
    {.name = "explain", .kind = SK_KEY_FLAG,                                                  \
     .help = "print SQLite's query plan instead of the puzzles", .id = Q_EXPLAIN},            \
    SK_KEY_OUTPUT(Q_OUTPUT), SK_KEY_QUIET(Q_QUIET), SK_KEY_END

static const sk_key query_keys[] = {
    Q_KEYS("line (PUZZLE ID CLUES SYMMETRY GAME SCORE LEVEL NAME HARDEST) or another layout of "
           "`sudokit help layouts` (csv and json: every column)"),
};
static const sk_key export_keys[] = {
    Q_KEYS("line (the givens) or another layout of `sudokit help layouts` (csv and json: "
           "every column)"),
};

typedef struct query_state {
    ski_query_filter filter;
    sk_format format;
    bool explain;
    /* the run */
    sk_op *op;
    ski_progress progress;
    sk_error *err;
} query_state;

static void query_init(void *state)
{
    ski_query_filter_init(&((query_state *)state)->filter);
}

static int query_set(sk_op *op, void *state, const sk_key *key, const sk_value *v,
                     sk_error *err)
{
    query_state *s = state;
    (void)op;
    if (ski_query_filter_key(key))
        return ski_query_filter_set(&s->filter, key, v, err);
    switch (key->id) {
    case Q_FORMAT: s->format = ski_format_of(v->text); return 0;
    case Q_EXPLAIN: s->explain = v->flag; return 0;
    default: return 0;
    }
}

/* One stored puzzle, written; a row that does not read back as the puzzle
 * it stands for is named and left out. */
static int query_row(void *user, const sk_puzzle_row *row)
{
    query_state *s = user;
    sk_record record;
    char why[512];
    if (ski_op_stopped(s->op))
        return 2;
    if (ski_query_filter_record(&s->filter, row, &record, why, sizeof why) != 0) {
        sk_ctx_report(ski_op_ctx(s->op), "%s: stored puzzle %lld: %s; not written (the database "
                      "is damaged: `sudokit db check` lists what)", s->op->def->info.name,
                      (long long)row->id, why);
        s->op->summary.failed++;
        return 0;
    }
    record.rater = s->filter.rater;
    s->op->summary.done++;
    ski_progress_update(&s->progress, s->op->summary.done);
    return ski_op_emit(s->op, &record, s->err) ? 3 : 0;
}

/* One line of the query plan. */
static void query_plan_line(void *user, const char *line)
{
    query_state *s = user;
    FILE *out = ski_op_stream(s->op);
    sk_row_cell cell = {.name = "plan", .kind = SK_CELL_TEXT, .text = line};
    if (out)
        fprintf(out, "%s\n", line);
    else
        ski_op_emit_row(s->op, &cell, 1);
}

static const int query_columns[] = {
    SK_FIELD_ID,         SK_FIELD_PUZZLE,        SK_FIELD_CANONICAL,     SK_FIELD_SOLUTION,
    SK_FIELD_RULES,      SK_FIELD_CLUES,      SK_FIELD_SYMMETRY,      SK_FIELD_MINIMAL,       SK_FIELD_STRATEGY,
    SK_FIELD_OPTIONS,    SK_FIELD_SEED,          SK_FIELD_SOURCE,        SK_FIELD_CREATED,
    SK_FIELD_RATER,      SK_FIELD_RATER_VERSION, SK_FIELD_SCORE,         SK_FIELD_LOWER_BOUND,
    SK_FIELD_LEVEL,      SK_FIELD_LEVEL_NAME,    SK_FIELD_HARDEST,       SK_FIELD_STEPS,
    SK_FIELD_GAMES,      SK_FIELD_LAST_GAME_ID,  SK_FIELD_LAST_GAME_STATUS};
static const int query_tail[] = {SK_FIELD_ID,    SK_FIELD_CLUES,      SK_FIELD_SYMMETRY,
                                 SK_FIELD_LAST_GAME_STATUS, SK_FIELD_SCORE, SK_FIELD_LEVEL,
                                 SK_FIELD_LEVEL_NAME, SK_FIELD_HARDEST};
#define QUERY_COLUMNS (sizeof query_columns / sizeof query_columns[0])

static int query_run_common(sk_op *op, query_state *s, bool export_mode, sk_error *err)
{
    s->op = op;
    s->err = err;
    sk_error why;
    sk_store *store;
    if (sk_ctx_open_store_read(ski_op_ctx(op), &store, &why))
        return SK_FAIL(err, SK_EXIT_FAILURE, "%s: %s", op->def->info.name, why.message);
    int status = SK_EXIT_OK;
    if (ski_query_filter_resolve(&s->filter, store, op, op->def->info.name, err)) {
        status = err->status;
    } else if (s->explain) {
        if (sk_store_explain(store, &s->filter.q, query_plan_line, s, &why))
            status = SK_FAIL(err, SK_EXIT_USAGE, "%s: %s", op->def->info.name, why.message);
    } else {
        bool tail = !export_mode && s->format != SK_FORMAT_CLASSIC;
        sk_layout layout = {query_columns, QUERY_COLUMNS, SK_FIELD_PUZZLE, -1,
                            tail ? query_tail : NULL, tail ? 8 : 0};
        ski_progress_start(&s->progress, op, op->def->info.name, 0);
        int rc = ski_op_output_open(op, s->format, &layout, err)
                     ? -1
                     : sk_store_query(store, &s->filter.q, query_row, s, &why);
        ski_progress_finish(&s->progress);
        if (rc == -1 && !err->message[0])
            sk_error_set(err, SK_EXIT_USAGE, "%s: %s", op->def->info.name, why.message);
        if (rc != 0 && rc != 2)
            status = err->status ? err->status : SK_EXIT_FAILURE;
        else if (op->summary.failed)
            status = SK_FAIL(err, SK_EXIT_FAILURE, "%s: %llu stored puzzles not written (each "
                             "named above)", op->def->info.name,
                             (unsigned long long)op->summary.failed);
    }
    sk_ctx_close_store(ski_op_ctx(op), store);
    return status;
}

static int query_run(sk_op *op, void *state, sk_error *err)
{
    return query_run_common(op, state, false, err);
}

static int export_run(sk_op *op, void *state, sk_error *err)
{
    return query_run_common(op, state, true, err);
}

static void query_release(void *state)
{
    query_state *s = state;
    ski_query_filter_release(&s->filter);
}

#define QUERY_DESCRIPTION                                                                    \
    "Filters are bound as SQL parameters. Ratings (shown, filtered and sorted by score) are " \
    "the rater's, " SK_DEFAULT_RATER " unless --rater names another, which must have "       \
    "ratings stored; its newest version is used unless rater-version says otherwise. Names (rater, technique, symmetry, status) are matched in any case."

const ski_op_def ski_op_query = {
    .info = {.name = "query",
             .summary = "list the stored puzzles that match filters",
             .synopsis = "",
             .description = "List the stored puzzles that match the filters, with their "
                            "rating by the rater and their games. " QUERY_DESCRIPTION,
             .keys = query_keys,
             .inputs = SK_INPUT_NONE},
    .state_size = sizeof(query_state),
    .init = query_init,
    .set = query_set,
    .run = query_run,
    .release = query_release,
};

const ski_op_def ski_op_export = {
    .info = {.name = "export",
             .summary = "write the stored puzzles that match filters",
             .synopsis = "",
             .description = "Write the stored puzzles that match the filters: the givens in "
                            "the line or classic layout, every column in csv and json, to read "
                            "back with import or any command. " QUERY_DESCRIPTION,
             .keys = export_keys,
             .inputs = SK_INPUT_NONE},
    .state_size = sizeof(query_state),
    .init = query_init,
    .set = query_set,
    .run = export_run,
    .release = query_release,
};
