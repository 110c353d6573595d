/* Operations query and export: the stored puzzles a set of filters picks,
 * as records; export writes the givens, query every column. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "op.h"
#include "sudokit/grid.h"
#include "sudokit/names.h"

enum {
    Q_ID, Q_CLUES, Q_CLUES_MIN, Q_CLUES_MAX, Q_RATER, Q_RATER_VERSION, Q_RATED, Q_SCORE_MIN,
    Q_SCORE_MAX, Q_LEVEL, Q_LEVEL_MIN, Q_LEVEL_MAX, Q_HARDEST, Q_SYMMETRY, Q_MINIMAL,
    Q_NOT_MINIMAL, Q_SOURCE, Q_HAS_GAME, Q_NO_GAME, Q_GAME_STATUS, Q_SORT, Q_DESC, Q_UNPLAYED,
    Q_LIMIT, Q_OFFSET, Q_FORMAT, Q_EXPLAIN, Q_OUTPUT, Q_QUIET
};

static const char *const q_symmetries[] = {"none", "rot180", "rot90", "mirror", "diagonal", NULL};
static const char *const q_statuses[] = {"playing", "solved", "abandoned", NULL};
static const char *const q_sorts[] = {"id", "clues", "score", "random", NULL};

#define Q_FILTER_KEYS(format_help)                                                           \
    {.name = "id", .kind = SK_KEY_INT, .value_name = "N", .min = 1, .max = INT64_MAX,         \
     .help = "one puzzle", .id = Q_ID},                                                       \
    {.name = "clues", .kind = SK_KEY_INT, .value_name = "N", .min = 0, .max = 81,              \
     .help = "exactly N clues", .id = Q_CLUES},                                               \
    {.name = "clues-min", .kind = SK_KEY_INT, .value_name = "N", .min = 0, .max = 81,          \
     .help = "at least N clues", .id = Q_CLUES_MIN},                                          \
    {.name = "clues-max", .kind = SK_KEY_INT, .value_name = "N", .min = 0, .max = 81,          \
     .help = "at most N clues", .id = Q_CLUES_MAX},                                           \
    {.name = "rater", .short_name = 'r', .kind = SK_KEY_TEXT, .value_name = "NAME",            \
     .help = "join that rater's ratings (needed by the rating filters)", .id = Q_RATER},      \
    {.name = "rater-version", .kind = SK_KEY_TEXT, .value_name = "V",                          \
     .help = "that version's ratings (default: the newest stored)", .id = Q_RATER_VERSION},   \
    {.name = "rated", .kind = SK_KEY_FLAG, .help = "only puzzles the rater rated",            \
     .id = Q_RATED},                                                                          \
    {.name = "score-min", .kind = SK_KEY_NUMBER, .value_name = "X", .low = 0, .high = 1e9,     \
     .help = "score at least X", .id = Q_SCORE_MIN},                                          \
    {.name = "score-max", .kind = SK_KEY_NUMBER, .value_name = "X", .low = 0, .high = 1e9,     \
     .help = "score at most X", .id = Q_SCORE_MAX},                                           \
    {.name = "level", .short_name = 'l', .kind = SK_KEY_LEVEL, .value_name = "L",              \
     .help = "level 1-5 or its name", .id = Q_LEVEL},                                         \
    {.name = "level-min", .kind = SK_KEY_LEVEL, .value_name = "L", .help = "level at least L", \
     .id = Q_LEVEL_MIN},                                                                      \
    {.name = "level-max", .kind = SK_KEY_LEVEL, .value_name = "L", .help = "level at most L",  \
     .id = Q_LEVEL_MAX},                                                                      \
    {.name = "hardest", .kind = SK_KEY_TEXT, .value_name = "NAME",                             \
     .help = "hardest technique (any case; unknown names are listed)", .id = Q_HARDEST},      \
    {.name = "symmetry", .kind = SK_KEY_CHOICE, .value_name = "S", .choices = q_symmetries,    \
     .help = "none, rot180, rot90, mirror or diagonal", .id = Q_SYMMETRY},                    \
    {.name = "minimal", .kind = SK_KEY_FLAG, .help = "only puzzles known to be minimal",      \
     .id = Q_MINIMAL},                                                                        \
    {.name = "not-minimal", .kind = SK_KEY_FLAG, .help = "only puzzles known not to be",      \
     .id = Q_NOT_MINIMAL},                                                                    \
    {.name = "source", .kind = SK_KEY_TEXT, .value_name = "FILE",                              \
     .help = "imported from FILE, as it was given", .id = Q_SOURCE},                         \
    {.name = "has-game", .kind = SK_KEY_FLAG, .help = "with a saved game", .id = Q_HAS_GAME},  \
    {.name = "no-game", .kind = SK_KEY_FLAG, .help = "without a saved game", .id = Q_NO_GAME}, \
    {.name = "game-status", .kind = SK_KEY_CHOICE, .value_name = "S", .choices = q_statuses,  \
     .help = "with a game playing, solved or abandoned", .id = Q_GAME_STATUS},                \
    {.name = "sort", .kind = SK_KEY_CHOICE, .value_name = "BY", .fallback = "id",              \
     .choices = q_sorts, .help = "id, clues, score (needs rater) or random", .id = Q_SORT},   \
    {.name = "desc", .kind = SK_KEY_FLAG, .help = "descending order", .id = Q_DESC},           \
    {.name = "unplayed-first", .kind = SK_KEY_FLAG, .help = "puzzles never played first",    \
     .id = Q_UNPLAYED},                                                                       \
    {.name = "limit", .kind = SK_KEY_INT, .value_name = "N", .min = 0, .max = INT64_MAX,       \
     .help = "at most N puzzles (0: all)", .id = Q_LIMIT},                                    \
    {.name = "offset", .kind = SK_KEY_INT, .value_name = "N", .min = 0, .max = INT64_MAX,      \
     .help = "skip the first N", .id = Q_OFFSET},                                             \
    {.name = "format", .short_name = 'f', .kind = SK_KEY_CHOICE, .value_name = "F",            \
     .fallback = "line", .choices = sk_output_format_names, .help = format_help,              \
     .id = Q_FORMAT},                                                                         \
    {.name = "explain", .kind = SK_KEY_FLAG,                                                  \
     .help = "print SQLite's query plan instead of the puzzles", .id = Q_EXPLAIN},            \
    SK_KEY_OUTPUT(Q_OUTPUT), SK_KEY_QUIET(Q_QUIET), SK_KEY_END

static const sk_key query_keys[] = {
    Q_FILTER_KEYS("line (PUZZLE ID CLUES SYMMETRY GAME SCORE LEVEL NAME HARDEST), classic, "
                  "csv, json or readable"),
};
static const sk_key export_keys[] = {
    Q_FILTER_KEYS("line (the givens), classic, csv, json (every column) or readable"),
};

typedef struct query_state {
    sk_query q;
    char *rater, *rater_version, *hardest, *source;
    sk_format format;
    bool explain;
    /* the run */
    sk_op *op;
    sk_progress progress;
    char canonical_name[64]; /* the hardest technique as stored */
    bool matched;
    char known[2048];
    char last_rater[64]; /* raters come once per version: list each once */
    sk_error *err;
} query_state;

static void query_init(void *state)
{
    sk_query_init(&((query_state *)state)->q);
}

static int query_set(sk_op *op, void *state, const sk_key *key, const sk_value *v,
                     sk_error *err)
{
    query_state *s = state;
    (void)op;
    sk_query *q = &s->q;
    switch (key->id) {
    case Q_ID: q->id = v->integer; return 0;
    case Q_CLUES: q->clues_min = q->clues_max = (int)v->integer; return 0;
    case Q_CLUES_MIN: q->clues_min = (int)v->integer; return 0;
    case Q_CLUES_MAX: q->clues_max = (int)v->integer; return 0;
    case Q_RATER: return sk_op_copy(&s->rater, v->text, err);
    case Q_RATER_VERSION: return sk_op_copy(&s->rater_version, v->text, err);
    case Q_RATED: q->rated_only = v->flag; return 0;
    case Q_SCORE_MIN: q->has_score_min = true; q->score_min = v->number; return 0;
    case Q_SCORE_MAX: q->has_score_max = true; q->score_max = v->number; return 0;
    case Q_LEVEL: q->level_min = q->level_max = (int)v->integer; return 0;
    case Q_LEVEL_MIN: q->level_min = (int)v->integer; return 0;
    case Q_LEVEL_MAX: q->level_max = (int)v->integer; return 0;
    case Q_HARDEST: return sk_op_copy(&s->hardest, v->text, err);
    case Q_SYMMETRY: q->symmetry = q_symmetries[v->integer]; return 0;
    case Q_MINIMAL: q->minimal = v->flag ? 1 : -1; return 0;
    case Q_NOT_MINIMAL: q->minimal = v->flag ? 0 : -1; return 0;
    case Q_SOURCE: return sk_op_copy(&s->source, v->text, err);
    case Q_HAS_GAME: q->has_game = v->flag ? 1 : -1; return 0;
    case Q_NO_GAME: q->has_game = v->flag ? 0 : -1; return 0;
    case Q_GAME_STATUS: q->game_status = q_statuses[v->integer]; return 0;
    case Q_SORT: q->sort = (sk_query_sort)v->integer; return 0;
    case Q_DESC: q->descending = v->flag; return 0;
    case Q_UNPLAYED: q->unplayed_first = v->flag; return 0;
    case Q_LIMIT: q->limit = v->integer; return 0;
    case Q_OFFSET: q->offset = v->integer; return 0;
    case Q_FORMAT: s->format = sk_format_of(v->text); return 0;
    case Q_EXPLAIN: s->explain = v->flag; return 0;
    default: return 0;
    }
}

/* Collect a stored name: note the one matching s->canonical_name's
 * spelling in any case, and list them all for a message. */
static void query_note_name(query_state *s, const char *name, const char *wanted)
{
    if (!s->matched && strcasecmp(name, wanted) == 0) {
        snprintf(s->canonical_name, sizeof s->canonical_name, "%s", name);
        s->matched = true;
    }
    size_t used = strlen(s->known);
    if (used + strlen(name) + 4 < sizeof s->known)
        snprintf(s->known + used, sizeof s->known - used, "%s%s", used ? ", " : "", name);
}

static int query_rater_seen(void *user, const char *rater, const char *version, int64_t n,
                            double lo, double hi)
{
    query_state *s = user;
    (void)version, (void)n, (void)lo, (void)hi;
    if (strcmp(s->last_rater, rater) != 0)
        query_note_name(s, rater, s->rater);
    snprintf(s->last_rater, sizeof s->last_rater, "%s", rater);
    return 0;
}

static void query_hardest_seen(void *user, const char *name)
{
    query_state *s = user;
    query_note_name(s, name, s->hardest);
}

/* Check the rater and technique names against what the database holds and
 * take their stored spelling. */
static int query_resolve_names(query_state *s, sk_store *store, sk_error *err)
{
    char why[512];
    if (s->rater) {
        s->known[0] = '\0';
        s->matched = false;
        if (sk_store_raters(store, query_rater_seen, s, why, sizeof why))
            return SK_FAIL(err, SK_EXIT_FAILURE, "%s", why);
        if (!s->matched)
            return SK_FAIL(err, SK_EXIT_USAGE, "%s: no ratings by rater '%s' are stored (%s%s)",
                           s->op->def->info.name, s->rater,
                           s->known[0] ? "raters with ratings: " : "no rater has any",
                           s->known);
        sk_op_copy(&s->rater, s->canonical_name, err);
    }
    if (s->hardest) {
        if (!s->rater)
            return SK_FAIL(err, SK_EXIT_USAGE, "%s: hardest needs a rater (e.g. --rater human)",
                           s->op->def->info.name);
        s->known[0] = '\0';
        s->matched = false;
        if (sk_store_hardest_names(store, s->rater, query_hardest_seen, s, why, sizeof why))
            return SK_FAIL(err, SK_EXIT_FAILURE, "%s", why);
        if (!s->matched)
            return SK_FAIL(err, SK_EXIT_USAGE,
                           "%s: no rating by '%s' has the hardest technique '%s' (stored: %s)",
                           s->op->def->info.name, s->rater, s->hardest, s->known);
        sk_op_copy(&s->hardest, s->canonical_name, err);
    }
    s->q.rater = s->rater;
    s->q.rater_version = s->rater_version;
    s->q.hardest = s->hardest;
    s->q.source = s->source;
    return 0;
}

/* A stored row as a record (strings borrowed from the row). */
static void query_record(const sk_puzzle_row *row, sk_record *r)
{
    size_t col;
    sk_record_init(r);
    r->id = row->id;
    sk_grid_parse_line(&r->puzzle, row->givens, 81, &col);
    r->has_canonical = sk_grid_parse_line(&r->canonical, row->canonical, 81, &col) == 0;
    r->has_solution =
        row->solution && sk_grid_parse_line(&r->solution, row->solution, 81, &col) == 0;
    int sym = sk_name_find(sk_symmetry_names, row->symmetry);
    r->has_symmetry = sym >= 0;
    r->symmetry = sym >= 0 ? (sk_symmetry)sym : SK_SYM_NONE;
    r->minimal = row->minimal;
    r->strategy = row->strategy;
    r->options = row->options;
    r->has_seed = row->has_seed;
    r->seed = row->seed;
    r->source = row->source;
    r->created = row->created;
    r->rated = row->rated;
    r->rater_version = row->rater_version;
    r->rating = (sk_rating){.struct_size = sizeof(sk_rating), .score = row->score,
                            .level = row->level, .score_is_lower_bound = row->score_is_lower_bound,
                            .steps = (uint32_t)row->steps};
    snprintf(r->rating.hardest, sizeof r->rating.hardest, "%s", row->hardest ? row->hardest : "");
    r->has_games = true;
    r->games = row->games;
    r->last_game_id = row->last_game_id;
    r->last_game_status = row->last_game_status;
}

static int query_row(void *user, const sk_puzzle_row *row)
{
    query_state *s = user;
    sk_record record;
    query_record(row, &record);
    record.rater = s->rater;
    s->op->summary.done++;
    sk_progress_update(&s->progress, s->op->summary.done, -1);
    if (sk_cancel_signal())
        return 2;
    return sk_op_emit(s->op, &record, s->err) ? 3 : 0;
}

/* One line of the query plan. */
static void query_plan_line(void *user, const char *line)
{
    query_state *s = user;
    FILE *out = sk_op_stream(s->op);
    sk_row_cell cell = {.name = "plan", .kind = SK_CELL_TEXT, .text = line};
    if (out)
        fprintf(out, "%s\n", line);
    else
        sk_op_emit_row(s->op, &cell, 1);
}

static const int query_columns[] = {
    SK_FIELD_ID,         SK_FIELD_PUZZLE,        SK_FIELD_CANONICAL,     SK_FIELD_SOLUTION,
    SK_FIELD_CLUES,      SK_FIELD_SYMMETRY,      SK_FIELD_MINIMAL,       SK_FIELD_STRATEGY,
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
    char why[1024];
    sk_store *store;
    if (sk_ctx_open_store(sk_op_ctx(op), &store, why, sizeof why))
        return SK_FAIL(err, SK_EXIT_FAILURE, "%s: %s", op->def->info.name, why);
    int status = SK_EXIT_OK;
    if (query_resolve_names(s, store, err)) {
        status = err->status;
    } else if (s->explain) {
        if (sk_store_explain(store, &s->q, query_plan_line, s, why, sizeof why))
            status = SK_FAIL(err, SK_EXIT_USAGE, "%s: %s", op->def->info.name, why);
    } else {
        bool tail = !export_mode && s->format != SK_FORMAT_CLASSIC;
        sk_layout layout = {query_columns, QUERY_COLUMNS, SK_FIELD_PUZZLE, -1,
                            tail ? query_tail : NULL, tail ? 8 : 0};
        sk_progress_start(&s->progress, op, op->def->info.name, 0);
        int rc = sk_op_output_open(op, s->format, &layout, err)
                     ? -1
                     : sk_store_query(store, &s->q, query_row, s, why, sizeof why);
        sk_progress_finish(&s->progress);
        if (rc == -1 && !err->message[0])
            sk_error_set(err, SK_EXIT_USAGE, "%s: %s", op->def->info.name, why);
        if (rc != 0 && rc != 2)
            status = err->status ? err->status : SK_EXIT_FAILURE;
    }
    sk_ctx_close_store(sk_op_ctx(op), store);
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
    free(s->rater);
    free(s->rater_version);
    free(s->hardest);
    free(s->source);
}

#define QUERY_DESCRIPTION                                                                    \
    "Filters are bound as SQL parameters. Rating filters and sorting by score need a rater, " \
    "which must have ratings stored; its newest version is used unless rater-version says "  \
    "otherwise. Names (rater, technique, symmetry, status) are matched in any case."

const sk_op_def sk_op_query = {
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

const sk_op_def sk_op_export = {
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
