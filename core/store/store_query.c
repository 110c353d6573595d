/* The puzzle database: filtered queries over puzzles, ratings and games. */
#include "store_internal.h"

#include <stdio.h>
#include <string.h>

/* The statement is assembled from fixed fragments chosen by which filters
 * are set; every value a user gives is bound as a parameter. */
#define QUERY_SQL_MAX 4096
#define QUERY_PARAMS_MAX 24

/* A parameter to bind, in order. */
typedef struct query_param {
    enum { QUERY_INT, QUERY_REAL, QUERY_TEXT } kind;
    int64_t i;
    double r;
    const char *t;
} query_param;

typedef struct query_builder {
    char sql[QUERY_SQL_MAX];
    size_t len;
    query_param params[QUERY_PARAMS_MAX];
    int count;
    bool overflow; /* a fragment or parameter did not fit */
} query_builder;

static void query_append(query_builder *b, const char *fragment)
{
    size_t n = strlen(fragment);
    if (b->len + n >= sizeof b->sql) {
        b->overflow = true;
        return;
    }
    memcpy(b->sql + b->len, fragment, n + 1);
    b->len += n;
}

/* Append fragment (holding one '?') and remember the value it binds. */
static void query_param_add(query_builder *b, const char *fragment, query_param p)
{
    query_append(b, fragment);
    if (b->count >= QUERY_PARAMS_MAX) {
        b->overflow = true;
        return;
    }
    b->params[b->count++] = p;
}

static void query_int(query_builder *b, const char *fragment, int64_t value)
{
    query_param_add(b, fragment, (query_param){.kind = QUERY_INT, .i = value});
}

static void query_real(query_builder *b, const char *fragment, double value)
{
    query_param_add(b, fragment, (query_param){.kind = QUERY_REAL, .r = value});
}

static void query_text(query_builder *b, const char *fragment, const char *value)
{
    query_param_add(b, fragment, (query_param){.kind = QUERY_TEXT, .t = value});
}

void sk_query_init(sk_query *q)
{
    memset(q, 0, sizeof *q);
    q->clues_min = q->clues_max = -1;
    q->minimal = -1;
    q->has_game = -1;
    q->sort = SK_SORT_ID;
}

/* The version of rater written most recently, into buf ("" when none).
 * The unary + keeps SQLite walking the table from its newest row (which
 * stops at once in practice) instead of sorting the rater's whole index
 * range by id. */
static int query_newest_version(sk_store *store, const char *rater, char *buf, size_t len,
                                sk_error *err)
{
    sqlite3_stmt *stmt = NULL;
    int rc = -1;
    buf[0] = '\0';
    if (sqlite3_prepare_v2(store->db,
                           "SELECT rater_version FROM ratings WHERE +rater = ?1"
                           " ORDER BY id DESC LIMIT 1",
                           -1, &stmt, NULL) != SQLITE_OK) {
        store_fail_db(store, err, "cannot find the rater's version");
        goto done;
    }
    sqlite3_bind_text(stmt, 1, rater, -1, SQLITE_STATIC);
    int step = sqlite3_step(stmt);
    if (step == SQLITE_ROW)
        store_column_copy(stmt, 0, buf, len);
    else if (step != SQLITE_DONE) {
        store_fail_db(store, err, "cannot find the rater's version");
        goto done;
    }
    rc = 0;
done:
    sqlite3_finalize(stmt);
    return rc;
}

/* Check the filters that cannot be expressed as "no rows". */
static int query_check(const sk_query *q, sk_error *err)
{
    bool rating_filter = q->has_score_min || q->has_score_max || q->level_min || q->level_max ||
                         q->hardest || q->rated_only || q->sort == SK_SORT_SCORE ||
                         q->rater_version;
    if (rating_filter && !(q->rater && *q->rater))
        return sk_error_set(err, SK_EXIT_FAILURE, "rating filters and sorting by score need the rater whose "
                          "ratings they read");
    if (q->level_min < 0 || q->level_min > 5 || q->level_max < 0 || q->level_max > 5)
        return sk_error_set(err, SK_EXIT_FAILURE, "levels are 1..5");
    if (q->symmetry) {
        int known = sk_name_find(sk_grid_symmetry_names, q->symmetry);
        if (known < 0 || strcmp(q->symmetry, sk_grid_symmetry_names[known]) != 0) {
            char names[80];
            sk_name_list(sk_grid_symmetry_names, names, sizeof names);
            return sk_error_set(err, SK_EXIT_FAILURE, "unknown symmetry '%s' (%s)", q->symmetry, names);
        }
    }
    if (q->game_status && strcmp(q->game_status, "playing") != 0 &&
        strcmp(q->game_status, "solved") != 0 && strcmp(q->game_status, "abandoned") != 0)
        return sk_error_set(err, SK_EXIT_FAILURE, "unknown game status '%s' (playing, solved, abandoned)",
                          q->game_status);
    if (q->limit < 0 || q->offset < 0)
        return sk_error_set(err, SK_EXIT_FAILURE, "limit and offset cannot be negative");
    if (q->sort < SK_SORT_ID || q->sort > SK_SORT_RANDOM)
        return sk_error_set(err, SK_EXIT_FAILURE, "unknown sort order %d", (int)q->sort);
    return 0;
}

/* With a LIMIT and an order the puzzles table gives (id, or clues through
 * puzzles_by_clues), walk the puzzles in that order and probe each one's
 * rating, so the scan stops after LIMIT matches; SQLite would otherwise
 * start from the rating index and sort every match. Sorting by score walks
 * ratings_by_score instead. */
static bool query_walks_puzzles(const sk_query *q)
{
    return q->limit > 0 && !q->unplayed_first && (q->sort == SK_SORT_ID || q->sort == SK_SORT_CLUES);
}

/* SELECT ... FROM puzzles p [JOIN ratings r]: the columns query_row reads. */
static void query_build_from(query_builder *b, const sk_query *q, const char *version)
{
    bool rater = q->rater != NULL;
    bool inner = q->rated_only || q->has_score_min || q->has_score_max || q->level_min ||
                 q->level_max || q->hardest;
    query_append(b, "SELECT p.id, p.givens, p.canonical, p.solution, p.clues, p.symmetry,"
                    " p.minimal, p.strategy, p.options, p.seed, p.source, p.created,");
    if (rater)
        query_append(b, " r.rater_version, r.score, r.score_is_lower_bound, r.level,"
                        " r.hardest, r.steps,");
    else
        query_append(b, " NULL, NULL, NULL, NULL, NULL, NULL,");
    query_append(b, " (SELECT count(*) FROM games g WHERE g.puzzle_id = p.id),"
                    " (SELECT g.id FROM games g WHERE g.puzzle_id = p.id"
                    " ORDER BY g.updated DESC, g.id DESC LIMIT 1),"
                    " (SELECT g.status FROM games g WHERE g.puzzle_id = p.id"
                    " ORDER BY g.updated DESC, g.id DESC LIMIT 1), p.rules"
                    " FROM puzzles p");
    if (rater) {
        query_append(b, !inner ? " LEFT JOIN" : query_walks_puzzles(q) ? " CROSS JOIN" : " JOIN");
        query_text(b, " ratings r ON r.puzzle_id = p.id AND r.rater = ?", q->rater);
        query_text(b, " AND r.rater_version = ?", version);
    }
}

/* The filters on the rating: score range, levels, hardest technique. */
static void query_build_rating_filters(query_builder *b, const sk_query *q)
{
    if (q->has_score_min)
        query_real(b, " AND r.score >= ?", q->score_min);
    if (q->has_score_max)
        query_real(b, " AND r.score <= ?", q->score_max);
    if (q->level_min && q->level_min == q->level_max) {
        /* Equality lets ratings_by_level serve the score range and order. */
        query_int(b, " AND r.level = ?", q->level_min);
    } else {
        if (q->level_min)
            query_int(b, " AND r.level >= ?", q->level_min);
        if (q->level_max)
            query_int(b, " AND r.level <= ?", q->level_max);
    }
    if (q->hardest)
        query_text(b, " AND r.hardest = ?", q->hardest);
}

/* WHERE: every filter of q. */
static void query_build_where(query_builder *b, const sk_query *q)
{
    query_append(b, " WHERE 1");
    if (q->id)
        query_int(b, " AND p.id = ?", q->id);
    /* In id order the clue filter is checked row by row (the unary +
     * keeps SQLite from using puzzles_by_clues and then sorting). */
    bool by_rowid = query_walks_puzzles(q) && q->sort == SK_SORT_ID;
    if (q->clues_min >= 0)
        query_int(b, by_rowid ? " AND +p.clues >= ?" : " AND p.clues >= ?", q->clues_min);
    if (q->clues_max >= 0)
        query_int(b, by_rowid ? " AND +p.clues <= ?" : " AND p.clues <= ?", q->clues_max);
    query_build_rating_filters(b, q);
    if (q->symmetry)
        query_text(b, " AND p.symmetry = ?", q->symmetry);
    if (q->minimal >= 0)
        query_int(b, " AND p.minimal = ?", q->minimal);
    if (q->source)
        query_text(b, " AND p.source = ?", q->source);
    /* The second term lets puzzles_by_rules (of the rows not classic) serve. */
    if (q->rules)
        query_text(b, q->rules[0] ? " AND p.rules = ? AND p.rules <> ''" : " AND p.rules = ?",
                   q->rules);
    if (q->has_game == 0)
        query_append(b, " AND NOT EXISTS (SELECT 1 FROM games g WHERE g.puzzle_id = p.id)");
    if (q->has_game == 1)
        query_append(b, " AND EXISTS (SELECT 1 FROM games g WHERE g.puzzle_id = p.id)");
    if (q->game_status)
        query_text(b,
                   " AND EXISTS (SELECT 1 FROM games g WHERE g.puzzle_id = p.id"
                   " AND g.status = ?)",
                   q->game_status);
}

/* ORDER BY, LIMIT and OFFSET. */
static void query_build_order(query_builder *b, const sk_query *q)
{
    query_append(b, " ORDER BY ");
    if (q->unplayed_first)
        query_append(b, "EXISTS (SELECT 1 FROM games g WHERE g.puzzle_id = p.id), ");
    const char *dir = q->descending ? " DESC" : "";
    switch (q->sort) {
    case SK_SORT_CLUES:
        query_append(b, "p.clues");
        query_append(b, dir);
        query_append(b, ", ");
        break;
    case SK_SORT_SCORE:
        /* Ties by rating row: the order of index ratings_by_score, so a
         * LIMIT stops early instead of sorting every match. */
        query_append(b, "r.score");
        query_append(b, dir);
        query_append(b, ", r.id");
        break;
    case SK_SORT_RANDOM:
        query_append(b, "random(), ");
        break;
    default:
        break;
    }
    if (q->sort != SK_SORT_SCORE)
        query_append(b, "p.id");
    query_append(b, dir);
    query_int(b, " LIMIT ?", q->limit > 0 ? q->limit : -1);
    query_int(b, " OFFSET ?", q->offset);
}

/* Assemble the statement for q; version is the rater version to match. */
static void query_build(query_builder *b, const sk_query *q, const char *version)
{
    query_build_from(b, q, version);
    query_build_where(b, q);
    query_build_order(b, q);
}

/* A text column, NULL for SQL NULL. */
static const char *query_text_col(sqlite3_stmt *stmt, int col)
{
    return (const char *)sqlite3_column_text(stmt, col);
}

/* Call fn with one row of the statement built by query_build. */
static int query_row(sqlite3_stmt *stmt, bool rater, sk_puzzle_row_fn fn, void *user)
{
    sk_puzzle_row row;
    memset(&row, 0, sizeof row);
    row.id = sqlite3_column_int64(stmt, 0);
    row.givens = query_text_col(stmt, 1);
    row.canonical = query_text_col(stmt, 2);
    row.solution = query_text_col(stmt, 3);
    row.clues = sqlite3_column_int(stmt, 4);
    row.symmetry = query_text_col(stmt, 5);
    row.minimal = sqlite3_column_type(stmt, 6) == SQLITE_NULL ? -1 : sqlite3_column_int(stmt, 6);
    row.strategy = query_text_col(stmt, 7);
    row.options = query_text_col(stmt, 8);
    row.has_seed = sqlite3_column_type(stmt, 9) != SQLITE_NULL;
    row.seed = (uint64_t)sqlite3_column_int64(stmt, 9);
    row.source = query_text_col(stmt, 10);
    row.created = query_text_col(stmt, 11);
    row.rated = rater && sqlite3_column_type(stmt, 12) != SQLITE_NULL;
    if (row.rated) {
        row.rater_version = query_text_col(stmt, 12);
        row.score = sqlite3_column_double(stmt, 13);
        row.score_is_lower_bound = sqlite3_column_int(stmt, 14) != 0;
        row.level = sqlite3_column_int(stmt, 15);
        row.hardest = query_text_col(stmt, 16);
        row.steps = sqlite3_column_int(stmt, 17);
    }
    row.games = sqlite3_column_int(stmt, 18);
    row.last_game_id = sqlite3_column_int64(stmt, 19);
    row.last_game_status = query_text_col(stmt, 20);
    row.rules = query_text_col(stmt, 21);
    return fn(user, &row);
}

/* Check q, build its statement (prefixed by prefix) and bind it. version
 * must outlive the statement. Returns the statement or NULL. */
static sqlite3_stmt *query_prepare(sk_store *store, const sk_query *q, const char *prefix,
                                   char *version, size_t version_len, sk_error *err)
{
    query_builder b;
    sqlite3_stmt *stmt = NULL;
    if (query_check(q, err) != 0)
        return NULL;
    version[0] = '\0';
    if (q->rater) {
        if (q->rater_version)
            snprintf(version, version_len, "%s", q->rater_version);
        else if (query_newest_version(store, q->rater, version, version_len, err) != 0)
            return NULL;
    }
    memset(&b, 0, sizeof b);
    query_append(&b, prefix);
    query_build(&b, q, version);
    if (b.overflow) {
        sk_error_set(err, SK_EXIT_FAILURE, "internal error: the query does not fit its buffer");
        return NULL;
    }
    if (sqlite3_prepare_v2(store->db, b.sql, -1, &stmt, NULL) != SQLITE_OK) {
        store_fail_db(store, err, "cannot prepare the query");
        return NULL;
    }
    for (int i = 0; i < b.count; i++) {
        const query_param *p = &b.params[i];
        if (p->kind == QUERY_INT)
            sqlite3_bind_int64(stmt, i + 1, p->i);
        else if (p->kind == QUERY_REAL)
            sqlite3_bind_double(stmt, i + 1, p->r);
        else
            sqlite3_bind_text(stmt, i + 1, p->t, -1, SQLITE_STATIC);
    }
    return stmt;
}

int sk_store_explain(sk_store *store, const sk_query *q, sk_line_fn fn, void *user, sk_error *err)
{
    char version[256], line[512];
    int rc;
    sqlite3_stmt *stmt =
        query_prepare(store, q, "EXPLAIN QUERY PLAN ", version, sizeof version, err);
    if (!stmt)
        return -1;
    /* Rows are (id, parent, notused, detail): indent by depth. */
    int ids[64], depth[64], n = 0;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        int id = sqlite3_column_int(stmt, 0), parent = sqlite3_column_int(stmt, 1), d = 0;
        for (int i = 0; i < n; i++)
            if (ids[i] == parent)
                d = depth[i] + 1;
        if (n < 64) {
            ids[n] = id;
            depth[n++] = d;
        }
        snprintf(line, sizeof line, "%*s%s", 2 * d, "", (const char *)sqlite3_column_text(stmt, 3));
        fn(user, line);
    }
    sqlite3_finalize(stmt);
    if (rc != SQLITE_DONE)
        return store_fail_db(store, err, "cannot explain the query");
    return 0;
}

int sk_store_query(sk_store *store, const sk_query *q, sk_puzzle_row_fn fn, void *user, sk_error *err)
{
    char version[256];
    int result = -1, rc;
    sqlite3_stmt *stmt = query_prepare(store, q, "", version, sizeof version, err);
    if (!stmt)
        return -1;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        int stop = query_row(stmt, q->rater != NULL, fn, user);
        if (stop) {
            result = stop;
            goto done;
        }
    }
    if (rc != SQLITE_DONE) {
        store_fail_db(store, err, "the query failed");
        goto done;
    }
    result = 0;
done:
    sqlite3_finalize(stmt);
    return result;
}

int sk_store_hardest_names(sk_store *store, const char *rater, sk_line_fn fn, void *user,
                           sk_error *err)
{
    sqlite3_stmt *stmt = NULL;
    int rc, result = -1;
    if (sqlite3_prepare_v2(store->db,
                           "SELECT DISTINCT hardest FROM ratings WHERE rater = ?1 ORDER BY 1",
                           -1, &stmt, NULL) != SQLITE_OK)
        return store_fail_db(store, err, "cannot list techniques");
    sqlite3_bind_text(stmt, 1, rater, -1, SQLITE_STATIC);
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW)
        fn(user, (const char *)sqlite3_column_text(stmt, 0));
    if (rc != SQLITE_DONE)
        store_fail_db(store, err, "cannot list techniques");
    else
        result = 0;
    sqlite3_finalize(stmt);
    return result;
}
