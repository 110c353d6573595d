/* The selection of stored puzzles by the filter keys of `db query`: one
 * definition for every operation that reads puzzles from the database. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "query_filter.h"
#include "sudokit/grid.h"
#include "sudokit/names.h"
#include "sudokit/rules.h"

const char *const ski_qf_statuses[] = {"playing", "solved", "abandoned", NULL};
const char *const ski_qf_sorts[] = {"id", "clues", "score", "random", NULL};

void ski_query_filter_init(ski_query_filter *f)
{
    memset(f, 0, sizeof *f);
    sk_query_init(&f->q);
}

bool ski_query_filter_key(const sk_key *key)
{
    return key->id >= SK_QF_FIRST && key->id < SK_QF_END;
}

int ski_query_filter_set(ski_query_filter *f, const sk_key *key, const sk_value *v,
                        sk_error *err)
{
    sk_query *q = &f->q;
    switch (key->id) {
    case SK_QF_ID: q->id = v->integer; return 0;
    case SK_QF_CLUES: q->clues_min = q->clues_max = (int)v->integer; return 0;
    case SK_QF_CLUES_MIN: q->clues_min = (int)v->integer; return 0;
    case SK_QF_CLUES_MAX: q->clues_max = (int)v->integer; return 0;
    case SK_QF_RATER: return ski_op_copy(&f->rater, v->text, err);
    case SK_QF_RATER_VERSION: return ski_op_copy(&f->rater_version, v->text, err);
    case SK_QF_RATED: q->rated_only = v->flag; return 0;
    case SK_QF_SCORE_MIN: q->has_score_min = true; q->score_min = v->number; return 0;
    case SK_QF_SCORE_MAX: q->has_score_max = true; q->score_max = v->number; return 0;
    case SK_QF_LEVEL: q->level_min = q->level_max = (int)v->integer; return 0;
    case SK_QF_LEVEL_MIN: q->level_min = (int)v->integer; return 0;
    case SK_QF_LEVEL_MAX: q->level_max = (int)v->integer; return 0;
    case SK_QF_HARDEST: return ski_op_copy(&f->hardest, v->text, err);
    case SK_QF_SYMMETRY: q->symmetry = sk_grid_symmetry_names[v->integer]; return 0;
    case SK_QF_MINIMAL: q->minimal = v->flag ? 1 : -1; return 0;
    case SK_QF_NOT_MINIMAL: q->minimal = v->flag ? 0 : -1; return 0;
    case SK_QF_SOURCE: return ski_op_copy(&f->source, v->text, err);
    case SK_QF_RULES: return ski_op_copy(&f->rules_spec, v->text, err);
    case SK_QF_HAS_GAME: q->has_game = v->flag ? 1 : -1; return 0;
    case SK_QF_NO_GAME: q->has_game = v->flag ? 0 : -1; return 0;
    case SK_QF_GAME_STATUS: q->game_status = ski_qf_statuses[v->integer]; return 0;
    case SK_QF_SORT: q->sort = (sk_query_sort)v->integer; return 0;
    case SK_QF_DESC: q->descending = v->flag; return 0;
    case SK_QF_UNPLAYED: q->unplayed_first = v->flag; return 0;
    case SK_QF_LIMIT: q->limit = v->integer; return 0;
    case SK_QF_OFFSET: q->offset = v->integer; return 0;
    default: return 0;
    }
}

/* Collect a stored name: note the one matching wanted in any case (its
 * stored spelling), and list them all for a message. */
static void filter_note_name(ski_query_filter *f, const char *name, const char *wanted)
{
    if (!f->matched && strcasecmp(name, wanted) == 0) {
        snprintf(f->canonical_name, sizeof f->canonical_name, "%s", name);
        f->matched = true;
    }
    size_t used = strlen(f->known);
    if (used + strlen(name) + 4 < sizeof f->known)
        snprintf(f->known + used, sizeof f->known - used, "%s%s", used ? ", " : "", name);
}

static int filter_rater_seen(void *user, const char *rater, const char *version, int64_t n,
                             double lo, double hi)
{
    ski_query_filter *f = user;
    (void)version, (void)n, (void)lo, (void)hi;
    if (strcmp(f->last_rater, rater) != 0)
        filter_note_name(f, rater, f->rater);
    snprintf(f->last_rater, sizeof f->last_rater, "%s", rater);
    return 0;
}

static void filter_hardest_seen(void *user, const char *name)
{
    ski_query_filter *f = user;
    filter_note_name(f, name, f->hardest);
}

/* The rater's stored spelling (the default rater's when none is named),
 * or a usage error listing the stored ones. The default rater without
 * ratings is an error only when required; else f->rater is left NULL. */
static int filter_resolve_rater(ski_query_filter *f, sk_store *store, bool required,
                                sk_error *err)
{
    sk_error why;
    bool named = f->rater != NULL;
    if (!named && ski_op_copy(&f->rater, SK_DEFAULT_RATER, err))
        return -1;
    f->known[0] = '\0';
    f->matched = false;
    if (sk_store_raters(store, filter_rater_seen, f, &why))
        return SK_FAIL(err, SK_EXIT_FAILURE, "%s", why.message);
    const char *known = f->known[0] ? "raters with ratings: " : "no rater has any";
    if (!f->matched && named)
        return SK_FAIL(err, SK_EXIT_USAGE, "%s: no ratings by rater '%s' are stored (%s%s)",
                       f->op_name, f->rater, known, f->known);
    if (!f->matched && required)
        return SK_FAIL(err, SK_EXIT_USAGE,
                       "%s: the rating filters and the score sort read the default rater "
                       "'%s', and no ratings by it are stored (%s%s): rate puzzles with "
                       "`sudokit rate --store FILE`, or name a rater with --rater",
                       f->op_name, f->rater, known, f->known);
    if (!f->matched) {
        free(f->rater);
        f->rater = NULL;
        return 0;
    }
    return ski_op_copy(&f->rater, f->canonical_name, err);
}

int ski_query_rater_resolve(sk_store *store, const char *op_name, char **rater, sk_error *err)
{
    ski_query_filter f;
    ski_query_filter_init(&f);
    f.op_name = op_name;
    f.rater = *rater;
    int rc = filter_resolve_rater(&f, store, false, err);
    *rater = f.rater;
    return rc;
}

/* The technique's stored spelling, or a usage error listing the stored ones. */
static int filter_resolve_hardest(ski_query_filter *f, sk_store *store, sk_error *err)
{
    sk_error why;
    f->known[0] = '\0';
    f->matched = false;
    if (sk_store_hardest_names(store, f->rater, filter_hardest_seen, f, &why))
        return SK_FAIL(err, SK_EXIT_FAILURE, "%s", why.message);
    if (!f->matched)
        return SK_FAIL(err, SK_EXIT_USAGE,
                       "%s: no rating by '%s' has the hardest technique '%s' (stored: %s)",
                       f->op_name, f->rater, f->hardest, f->known);
    return ski_op_copy(&f->hardest, f->canonical_name, err);
}

/* Compile the spec of --rules; the query then reads the puzzles of the
 * spec the store keeps them under ("" for the classic rules): the least
 * turned image of the rules, which is the same for the rules and each of
 * their images (sk_rules_least_image compares specs first). */
static int filter_resolve_rules(ski_query_filter *f, sk_error *err)
{
    if (ski_op_rules(f->op, f->rules_spec, &f->rules, err))
        return -1;
    if (sk_rules_is_classic(f->rules)) {
        f->q.rules = "";
        return 0;
    }
    sk_board empty = {{0}};
    sk_rules_image image;
    char why[300];
    if (sk_rules_least_image(sk_ctx_host(ski_op_ctx(f->op)), f->rules, &empty, NULL, &image, why,
                             sizeof why) != 0)
        return SK_FAIL(err, SK_EXIT_FAILURE, "%s: rules '%s': %s", f->op_name,
                       sk_rules_spec(f->rules), why);
    sk_rules_free(f->rules);
    f->rules = image.rules; /* the reference moves to f */
    f->q.rules = sk_rules_spec(f->rules);
    return 0;
}

int ski_query_filter_resolve(ski_query_filter *f, sk_store *store, sk_op *op,
                            const char *op_name, sk_error *err)
{
    const sk_query *q = &f->q;
    bool rating_filter = q->has_score_min || q->has_score_max || q->level_min ||
                         q->level_max || f->hardest || q->rated_only ||
                         q->sort == SK_SORT_SCORE || f->rater_version;
    f->op_name = op_name;
    f->op = op;
    if (f->rules_spec && filter_resolve_rules(f, err))
        return -1;
    if (filter_resolve_rater(f, store, rating_filter, err))
        return -1;
    if (f->hardest && filter_resolve_hardest(f, store, err))
        return -1;
    f->q.rater = f->rater;
    f->q.rater_version = f->rater_version;
    f->q.hardest = f->hardest;
    f->q.source = f->source;
    return 0;
}

/* The grid of a stored text column: 0, or -1 when it is not 81 cells. */
static int query_filter_grid(const char *text, sk_grid *out)
{
    size_t col;
    return text && sk_grid_parse_line(out, text, strlen(text), &col) == 0 ? 0 : -1;
}

/* Write what into why (len bytes); returns -1. */
static int query_filter_bad(char *why, size_t len, const char *what)
{
    snprintf(why, len, "%s", what);
    return -1;
}

/* The rules of a row under rules other than classic, compiled with the
 * context's host (the last row's kept). 0, or -1 with why. */
static int query_filter_row_rules(ski_query_filter *f, const char *spec, char *why, size_t len)
{
    if (f->row_rules && strcmp(sk_rules_spec(f->row_rules), spec) == 0)
        return 0;
    sk_rules_free(f->row_rules);
    f->row_rules = NULL;
    sk_host *host = f->op ? sk_ctx_host(ski_op_ctx(f->op)) : NULL;
    sk_rules_error error;
    if (!host || sk_rules_compile(host, spec, &f->row_rules, &error) != 0) {
        char text[600] = "no constraint plugins";
        if (host)
            sk_rules_error_text(&error, text, sizeof text);
        snprintf(why, len, "its rules '%.200s' do not compile (%.300s)", spec, text);
        return -1;
    }
    return 0;
}

/* The board of a stored text column under rules: 0, or -1. */
static int query_filter_board(const sk_rules *rules, const char *text, sk_board *out)
{
    size_t col;
    return text && sk_rules_parse_board(rules, text, strlen(text), out, &col) == 0 ? 0 : -1;
}

/* The grids of a row under rules other than classic, into r and f's
 * boards. 0, or -1 with why. */
static int query_filter_row_boards(ski_query_filter *f, const sk_puzzle_row *row, sk_record *r,
                                   char *why, size_t len)
{
    if (query_filter_row_rules(f, row->rules, why, len) != 0)
        return -1;
    const sk_rules *rules = f->row_rules;
    sk_record_boards *b = &f->boards;
    r->rules = rules;
    r->boards = b;
    if (query_filter_board(rules, row->givens, &b->puzzle) != 0 ||
        !sk_rules_check_givens(rules, &b->puzzle, NULL))
        return query_filter_bad(why, len, "its givens are not a grid that follows the rules");
    r->has_canonical = query_filter_board(rules, row->canonical, &b->canonical) == 0;
    if (!r->has_canonical)
        return query_filter_bad(why, len, "its canonical form is not a grid");
    r->has_solution = row->solution && query_filter_board(rules, row->solution, &b->solution) == 0;
    if (row->solution && (!r->has_solution || !sk_rules_solves(rules, &b->puzzle, &b->solution)))
        return query_filter_bad(why, len, "its solution does not solve its givens");
    return 0;
}

/* The grids of a classic row into r. 0, or -1 with why. */
static int query_filter_row_grids(const sk_puzzle_row *row, sk_record *r, char *why, size_t len)
{
    if (query_filter_grid(row->givens, &r->puzzle) != 0 || !sk_grid_check(&r->puzzle, NULL))
        return query_filter_bad(why, len, "its givens are not a grid that follows the rules");
    r->has_canonical = query_filter_grid(row->canonical, &r->canonical) == 0;
    if (!r->has_canonical)
        return query_filter_bad(why, len, "its canonical form is not a grid");
    r->has_solution = row->solution && query_filter_grid(row->solution, &r->solution) == 0;
    if (row->solution && (!r->has_solution || !sk_grid_solves(&r->puzzle, &r->solution)))
        return query_filter_bad(why, len, "its solution does not solve its givens");
    return 0;
}

int ski_query_filter_record(ski_query_filter *f, const sk_puzzle_row *row, sk_record *r, char *why,
                           size_t len)
{
    sk_record_init(r);
    r->id = row->id;
    bool under_rules = row->rules && row->rules[0];
    if (under_rules ? query_filter_row_boards(f, row, r, why, len)
                    : query_filter_row_grids(row, r, why, len))
        return -1;
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
    return 0;
}

void ski_query_filter_release(ski_query_filter *f)
{
    free(f->rater);
    free(f->rater_version);
    free(f->hardest);
    free(f->source);
    free(f->rules_spec);
    sk_rules_free(f->rules);
    sk_rules_free(f->row_rules);
    f->rater = f->rater_version = f->hardest = f->source = f->rules_spec = NULL;
    f->rules = f->row_rules = NULL;
}
