/* Operation games: the saved and finished games, most recent first, with
 * their puzzle's rating; and marking one abandoned. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "query_filter.h"
#include "sudokit/names.h"

enum {
    GAMES_UNFINISHED, GAMES_STATUS, GAMES_RATER, GAMES_LIMIT, GAMES_ABANDON, GAMES_FORMAT,
    GAMES_OUTPUT
};

static const char *const games_statuses[] = {"playing", "solved", "abandoned", NULL};

static const sk_key games_keys[] = {
    {.name = "unfinished", .short_name = 'u', .kind = SK_KEY_FLAG,
     .help = "only games still being played", .id = GAMES_UNFINISHED},
    {.name = "status", .kind = SK_KEY_CHOICE, .value_name = "S", .choices = games_statuses,
     .help = "only games playing, solved or abandoned", .id = GAMES_STATUS},
    {.name = "rater", .short_name = 'r', .kind = SK_KEY_TEXT, .value_name = "NAME",
     .help = "show ratings by this rater (default " SK_DEFAULT_RATER ")", .id = GAMES_RATER},
    {.name = "limit", .kind = SK_KEY_INT, .value_name = "N", .min = 0, .max = INT64_MAX,
     .help = "at most N games (0: all)", .id = GAMES_LIMIT},
    {.name = "abandon", .kind = SK_KEY_INT, .value_name = "GAME_ID", .min = 1, .max = INT64_MAX,
     .help = "mark game GAME_ID abandoned (play --resume takes it up again)",
     .id = GAMES_ABANDON},
    {.name = "format", .short_name = 'f', .kind = SK_KEY_CHOICE, .value_name = "F",
     .fallback = "table", .choices = ski_rows_format_names, .help = "table, csv or json",
     .id = GAMES_FORMAT},
    SK_KEY_OUTPUT(GAMES_OUTPUT),
    SK_KEY_END,
};

typedef struct games_state {
    bool unfinished;
    const char *status;
    char *rater;
    long long limit, abandon;
    ski_rows_format format;
    /* the run */
    sk_op *op;
    sk_store *store;
    long long listed;
    sk_error *err;
} games_state;

static int games_set(sk_op *op, void *state, const sk_key *key, const sk_value *v,
                     sk_error *err)
{
    games_state *s = state;
    (void)op;
    switch (key->id) {
    case GAMES_UNFINISHED: s->unfinished = v->flag; return 0;
    case GAMES_STATUS: s->status = games_statuses[v->integer]; return 0;
    case GAMES_RATER: return ski_op_copy(&s->rater, v->text, err);
    case GAMES_LIMIT: s->limit = v->integer; return 0;
    case GAMES_ABANDON: s->abandon = v->integer; return 0;
    case GAMES_FORMAT: s->format = (ski_rows_format)v->integer; return 0;
    default: return 0;
    }
}

/* The puzzle's rating by the rater, copied out of a query. */
typedef struct games_rating {
    bool rated;
    double score;
    int level;
} games_rating;

static int games_on_puzzle(void *user, const sk_puzzle_row *row)
{
    games_rating *r = user;
    *r = (games_rating){row->rated, row->score, row->level};
    return 1;
}

static int games_on_game(void *user, const sk_game_record *rec)
{
    games_state *s = user;
    const char *status = sk_play_status_name(rec->status);
    if ((s->unfinished && rec->status != SK_PLAY_PLAYING) ||
        (s->status && strcmp(s->status, status) != 0))
        return 0;
    if (s->limit && s->listed >= s->limit)
        return 1;
    games_rating r = {false, 0, 0};
    sk_query q;
    sk_query_init(&q);
    q.id = rec->puzzle_id;
    q.rater = s->rater;
    sk_store_query(s->store, &q, games_on_puzzle, &r, NULL);
    int filled = 0;
    for (int i = 0; i < 81; i++)
        filled += rec->cells[i] >= '1' && rec->cells[i] <= '9';
    int64_t sec = rec->elapsed_ms / 1000;
    char time_text[32], when[20];
    snprintf(time_text, sizeof time_text, "%" PRId64 ":%02d:%02d", sec / 3600,
             (int)(sec / 60 % 60), (int)(sec % 60));
    snprintf(when, sizeof when, "%.16s", rec->updated);
    if (when[10] == 'T')
        when[10] = ' ';
    sk_row_cell cells[] = {
        {"game", SK_CELL_INT, NULL, rec->id, 0, 0, 6},
        {"puzzle", SK_CELL_INT, NULL, rec->puzzle_id, 0, 0, 7},
        {"score", r.rated ? SK_CELL_NUMBER : SK_CELL_NULL, NULL, 0, r.score, 1, 5},
        {"level", r.rated ? SK_CELL_INT : SK_CELL_NULL, NULL, r.level, 0, 0, 5},
        {"filled", SK_CELL_INT, NULL, filled, 0, 0, 6},
        {"time", SK_CELL_TEXT, time_text, 0, 0, 0, 9},
        {"status", SK_CELL_TEXT, status, 0, 0, 0, -9},
        {"updated", SK_CELL_TEXT, when, 0, 0, 0, -1},
    };
    s->op->summary.done++;
    return ski_op_emit_cells(s->op, s->format, cells, 8, s->listed++ == 0, s->err) ? 2 : 0;
}

/* Mark game id abandoned: it leaves the unfinished games but stays listed. */
static int games_abandon(games_state *s, sk_error *err)
{
    sk_game_record rec;
    memset(&rec, 0, sizeof rec);
    sk_error why;
    int status = SK_EXIT_FAILURE;
    if (sk_store_game_load(s->store, s->abandon, &rec, &why) != 0) {
        sk_error_set(err, status, "games: %s", why.message);
    } else if (rec.status != SK_PLAY_PLAYING) {
        sk_error_set(err, status, "games: game %lld is %s; only a game being played can be "
                     "abandoned", s->abandon, sk_play_status_name(rec.status));
    } else {
        rec.status = SK_PLAY_ABANDONED;
        if (sk_store_game_save(s->store, &rec, &why))
            sk_error_set(err, status, "games: %s", why.message);
        else
            status = SK_EXIT_OK;
    }
    FILE *out = ski_op_stream(s->op);
    if (status == SK_EXIT_OK && out)
        fprintf(out, "Game %lld abandoned; `sudokit play --resume %lld` takes it up again.\n",
                s->abandon, s->abandon);
    sk_game_record_clear(&rec);
    return status;
}

static int games_run(sk_op *op, void *state, sk_error *err)
{
    games_state *s = state;
    s->op = op;
    s->err = err;
    sk_error why;
    int opened = s->abandon ? sk_ctx_open_store(ski_op_ctx(op), &s->store, &why)
                            : sk_ctx_open_store_read(ski_op_ctx(op), &s->store, &why);
    if (opened)
        return SK_FAIL(err, SK_EXIT_FAILURE, "games: %s", why.message);
    int status = SK_EXIT_OK;
    if (ski_query_rater_resolve(s->store, "games", &s->rater, err)) {
        status = err->status;
    } else if (s->abandon) {
        status = games_abandon(s, err);
    } else {
        int rc = sk_store_game_list(s->store, games_on_game, s, &why);
        if (rc < 0)
            status = SK_FAIL(err, SK_EXIT_FAILURE, "games: %s", why.message);
        else if (rc == 2)
            status = err->status;
        else if (s->listed == 0 && ski_op_stream(op) && !ski_op_quiet(op))
            sk_ctx_report(ski_op_ctx(op), "games: no game %s; start one with `sudokit play`",
                          s->unfinished || s->status ? "matches" : "saved yet");
    }
    sk_ctx_close_store(ski_op_ctx(op), s->store);
    return status;
}

static void games_release(void *state)
{
    free(((games_state *)state)->rater);
}

const ski_op_def ski_op_games = {
    .info = {.name = "games",
             .summary = "list saved and finished games",
             .synopsis = "",
             .description = "List saved and finished games, most recently played first: game "
                            "id, puzzle id, the puzzle's rating, filled cells, time played, "
                            "status and when last played. Resume one with `sudokit play "
                            "--resume GAME_ID`.",
             .keys = games_keys,
             .inputs = SK_INPUT_NONE},
    .state_size = sizeof(games_state),
    .set = games_set,
    .run = games_run,
    .release = games_release,
};
