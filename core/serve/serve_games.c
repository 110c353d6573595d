/* The games of the page: started and resumed through the play operation,
 * kept open between requests (so a hint on show, a check and the time go
 * on as in the terminal), every move saved in the games table. A move
 * carries the version of the game it was made on: a stale one is refused
 * (409) with the game as it is. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "serve_internal.h"
#include "sudokit/format.h"
#include "sudokit/ops.h"

/* The open game of id, or NULL. */
static serve_game *games_find(serve_server *server, int64_t id)
{
    for (size_t i = 0; i < server->game_count; i++)
        if (sk_session_game_id(server->games[i].session) == id)
            return &server->games[i];
    return NULL;
}

/* Close slot g (saving it first when save). */
static void games_drop(serve_server *server, serve_game *g, bool save)
{
    if (save)
        sk_session_save(g->session);
    sk_session_close(g->session);
    *g = server->games[--server->game_count];
}

/* Keep session open, closing the least recently seen game when full. */
static serve_game *games_keep(serve_server *server, sk_session *session)
{
    if (server->game_count == SERVE_GAMES_MAX) {
        serve_game *oldest = &server->games[0];
        for (size_t i = 1; i < server->game_count; i++)
            if (server->games[i].seen < oldest->seen)
                oldest = &server->games[i];
        games_drop(server, oldest, true);
    }
    serve_game *g = &server->games[server->game_count++];
    g->session = session;
    g->seen = serve_now_ms();
    return g;
}

/* Count the time since the game was last asked for, unless that was a
 * pause (the page was closed or hidden). */
static void games_tick(serve_game *g)
{
    int64_t now = serve_now_ms();
    if (now - g->seen <= SERVE_IDLE_MS)
        sk_play_add_time(sk_session_game(g->session), now - g->seen);
    g->seen = now;
}

size_t serve_games_close_all(serve_server *server)
{
    size_t saved = 0;
    while (server->game_count > 0) {
        serve_game *g = &server->games[server->game_count - 1];
        games_tick(g);
        saved += sk_session_save(g->session) == 0;
        games_drop(server, g, false);
    }
    return saved;
}

/* The player of the play operation here: take the game and keep it. */
static int games_take(void *user, sk_session *session)
{
    serve_server *server = user;
    if (!sk_session_detach(session))
        return SK_EXIT_FAILURE;
    serve_game *old = games_find(server, sk_session_game_id(session));
    if (old)
        games_drop(server, old, false);
    games_keep(server, session);
    server->taken = sk_session_game_id(session);
    return SK_EXIT_OK;
}

/* Cells of the board as 81 characters: digit or '.', givens only or all. */
static void games_cells(const sk_play *game, bool givens, char out[82])
{
    for (int c = 0; c < 81; c++) {
        int v = sk_play_value(game, c);
        out[c] = v && (!givens || sk_play_is_given(game, c)) ? (char)('0' + v) : '.';
    }
    out[81] = '\0';
}

/* The hint on show as JSON, or null. */
static void games_hint_json(FILE *out, const sk_play *game)
{
    const sk_play_hint *h = sk_play_current_hint(game);
    if (!h) {
        fputs("null", out);
        return;
    }
    fputs("{\"text\":", out);
    sk_json_string(out, h->text);
    fputs(",\"cells\":[", out);
    for (int c = 0, n = 0; c < 81; c++)
        if (h->cells[c])
            fprintf(out, "%s%d", n++ ? "," : "", c);
    fputs("],\"eliminated\":[", out);
    for (int c = 0, n = 0; c < 81; c++)
        if (h->eliminated[c])
            fprintf(out, "%s[%d,%u]", n++ ? "," : "", c, (unsigned)h->eliminated[c]);
    fprintf(out, "],\"place\":%d,\"notation\":", h->place_cell);
    sk_json_string(out, h->notation);
    fputs(",\"chains\":", out);
    sk_chains_write_json(out, h->nodes, h->chain_starts, h->chain_count);
    fputc('}', out);
}

/* The cells for which test holds, as a JSON array. */
static void games_list_json(FILE *out, const bool set[81])
{
    fputc('[', out);
    for (int c = 0, n = 0; c < 81; c++)
        if (set[c])
            fprintf(out, "%s%d", n++ ? "," : "", c);
    fputc(']', out);
}

/* The whole game as a JSON object: what the page draws. */
static void games_state_json(FILE *out, const sk_session *session)
{
    sk_play *game = sk_session_game((sk_session *)session);
    const sk_play_view *view = sk_session_view(session);
    char givens[82], cells[82];
    bool conflicts[81], wrong[81];
    games_cells(game, true, givens);
    games_cells(game, false, cells);
    sk_play_conflicts(game, conflicts);
    for (int c = 0; c < 81; c++)
        wrong[c] = sk_play_is_wrong(game, c);
    fprintf(out, "{\"game\":%" PRId64 ",\"puzzle\":%" PRId64 ",\"version\":\"%016" PRIx64
            "\",\"title\":", sk_session_game_id(session), sk_session_puzzle_id(session),
            sk_session_version(session));
    sk_json_string(out, view->title);
    fprintf(out, ",\"givens\":\"%s\",\"cells\":\"%s\",\"marks\":[", givens, cells);
    for (int c = 0; c < 81; c++)
        fprintf(out, "%s%u", c ? "," : "", sk_play_marks(game, c));
    fputs("],\"conflicts\":", out);
    games_list_json(out, conflicts);
    fputs(",\"wrong\":", out);
    games_list_json(out, wrong);
    fprintf(out, ",\"status\":\"%s\",\"elapsed_ms\":%" PRId64 ",\"hints\":%d,\"undo\":%zu,"
            "\"redo\":%zu,\"filled\":%d,\"hint\":", sk_play_status_name(sk_play_get_status(game)),
            sk_play_elapsed(game), sk_play_hints(game), sk_play_undo_depth(game),
            sk_play_redo_depth(game), sk_play_filled(game));
    games_hint_json(out, game);
    fputs(",\"message\":", out);
    sk_json_string(out, sk_play_message(game));
    fputs(",\"notice\":", out);
    sk_json_string(out, view->notice);
    fprintf(out, ",\"alert\":%s}", view->alert ? "true" : "false");
}

/* Reply with the game (status; a conflict says so first). */
static int games_reply(serve_request *req, unsigned status, const serve_game *g,
                                   const char *error)
{
    serve_text t;
    if (serve_text_open(&t))
        return -1;
    if (error) {
        fputs("{\"error\":", t.out);
        sk_json_string(t.out, error);
        fputs(",\"state\":", t.out);
    }
    games_state_json(t.out, g->session);
    fputs(error ? "}\n" : "\n", t.out);
    serve_text_close(&t);
    return serve_send(req, status, "application/json", t.data, t.len, NULL);
}

/* The open game id, resumed through the play operation when it is not
 * open or the database holds a newer save (another process moved). NULL
 * with a reply queued when it cannot be had. */
static serve_game *games_open(serve_request *req, int64_t id, int *result)
{
    serve_server *server = req->server;
    sk_error why;
    serve_game *g = games_find(server, id);
    if (g && sk_session_changed_elsewhere(g->session, NULL) != 0)
        games_drop(server, g, false);
    else if (g)
        return g;
    sk_game_record rec;
    memset(&rec, 0, sizeof rec);
    if (sk_store_game_load(server->store, id, &rec, &why) != 0) {
        *result = serve_error(req, SERVE_HTTP_NOT_FOUND, "%s", why.message);
        return NULL;
    }
    sk_game_record_clear(&rec);
    serve_run run;
    char number[32];
    snprintf(number, sizeof number, "%" PRId64, id);
    if (serve_run_begin(&run, req, "play", result))
        goto failed;
    sk_op_set_player(run.op, games_take, server);
    if (serve_run_set(&run, req, "resume", number, result))
        goto failed;
    if (serve_run_go(&run) != SK_EXIT_OK) {
        *result = serve_error(req, serve_run_http_status(run.status), "%s", run.err.message);
        goto failed;
    }
    serve_run_end(&run);
    return games_find(server, id);
failed:
    serve_run_end(&run);
    return NULL;
}

int serve_games_list(serve_request *req)
{
    static const char *const allowed[] = {"unfinished", "status", "rater", "limit", NULL};
    serve_run run;
    int result;
    if (serve_run_begin(&run, req, "games", &result) ||
        serve_run_args(&run, req, allowed, &result) ||
        serve_run_set(&run, req, "format", "json", &result)) {
        serve_run_end(&run);
        return result;
    }
    serve_run_go(&run);
    result = serve_run_reply_lines(&run, req);
    serve_run_end(&run);
    return result;
}

/* Give the body's members to the play operation, each as a key. */
static int games_start_keys(serve_run *run, serve_request *req, const serve_object *body,
                            int *result)
{
    static const char *const allowed[] = {"level", "rating", "id", "puzzle", "generate", "seed",
                                          "rater", "generator", "solver", NULL};
    for (size_t i = 0; i < body->count; i++) {
        const serve_member *m = &body->members[i];
        size_t k = 0;
        while (allowed[k] && strcmp(allowed[k], m->key) != 0)
            k++;
        if (!allowed[k]) {
            *result = serve_error(req, SERVE_HTTP_BAD_REQUEST, "unknown member '%.60s' (a new "
                                  "game takes: level, rating, id, puzzle, generate, seed, "
                                  "rater, generator, solver)", m->key);
            return -1;
        }
        if (m->kind == SERVE_JSON_NULL)
            continue;
        if (serve_run_set(run, req, m->key, m->text, result))
            return -1;
    }
    return 0;
}

int serve_games_start(serve_request *req)
{
    serve_object body;
    serve_run run;
    int result;
    memset(&run, 0, sizeof run);
    if (serve_body_object(req, &body, &result) || serve_run_begin(&run, req, "play", &result))
        goto done;
    sk_op_set_player(run.op, games_take, req->server);
    if (games_start_keys(&run, req, &body, &result))
        goto done;
    req->server->taken = 0;
    if (serve_run_go(&run) != SK_EXIT_OK) {
        result = serve_error(req, serve_run_http_status(run.status), "%s", run.err.message);
        goto done;
    }
    serve_game *g = games_find(req->server, req->server->taken);
    result = g ? games_reply(req, SERVE_HTTP_CREATED, g, NULL)
               : serve_error(req, SERVE_HTTP_INTERNAL_ERROR, "the game was not kept");
done:
    serve_run_end(&run);
    serve_json_free(&body);
    return result;
}

int serve_game_get(serve_request *req, int64_t id)
{
    int result;
    serve_game *g = games_open(req, id, &result);
    if (!g)
        return result;
    games_tick(g);
    return games_reply(req, SERVE_HTTP_OK, g, NULL);
}

/* A whole number member (absent: fallback); -1 when it is not one. */
static int games_int(const serve_object *body, const char *key, int fallback, int *out)
{
    const serve_member *m = serve_json_get(body, key);
    *out = fallback;
    if (!m || m->kind == SERVE_JSON_NULL)
        return 0;
    char *end;
    long v = m->kind == SERVE_JSON_NUMBER ? strtol(m->text, &end, 10) : 0;
    if (m->kind != SERVE_JSON_NUMBER || *end || v < -1000 || v > 1000)
        return -1;
    *out = (int)v;
    return 0;
}

/* Apply the body's move to g: 0, or -1 with a reply queued. */
static int games_apply(serve_request *req, serve_game *g, const serve_object *body,
                       int *result)
{
    const serve_member *action = serve_json_get(body, "action");
    int cell, digit;
    sk_error why;
    if (!action || action->kind != SERVE_JSON_STRING) {
        *result = serve_error(req, SERVE_HTTP_BAD_REQUEST, "a move needs an action (a string: "
                              "place, mark, erase, undo, redo, auto, hint, check)");
        return -1;
    }
    if (games_int(body, "cell", -1, &cell) || games_int(body, "digit", 0, &digit)) {
        *result = serve_error(req, SERVE_HTTP_BAD_REQUEST, "cell and digit must be whole numbers");
        return -1;
    }
    for (size_t i = 0; i < body->count; i++) {
        const char *key = body->members[i].key;
        if (strcmp(key, "action") && strcmp(key, "cell") && strcmp(key, "digit") &&
            strcmp(key, "version")) {
            *result = serve_error(req, SERVE_HTTP_BAD_REQUEST, "unknown member '%.60s' (a move "
                                  "takes: version, action, cell, digit)", key);
            return -1;
        }
    }
    if (sk_session_act(g->session, action->text, cell, digit, &why) < 0) {
        bool lost = sk_session_view(g->session)->alert;
        *result = serve_error(req, lost ? SERVE_HTTP_INTERNAL_ERROR : SERVE_HTTP_BAD_REQUEST,
                              "%s", why.message);
        return -1;
    }
    return 0;
}

int serve_game_move(serve_request *req, int64_t id)
{
    serve_object body;
    int result;
    serve_game *g = NULL;
    if (serve_body_object(req, &body, &result) || !(g = games_open(req, id, &result)))
        goto done;
    games_tick(g);
    const serve_member *version = serve_json_get(&body, "version");
    char current[17];
    snprintf(current, sizeof current, "%016" PRIx64, sk_session_version(g->session));
    if (!version || version->kind != SERVE_JSON_STRING) {
        result = serve_error(req, SERVE_HTTP_BAD_REQUEST, "a move needs the version of the game "
                             "it was made on (the version of the last state)");
    } else if (strcmp(version->text, current) != 0) {
        result = games_reply(req, SERVE_HTTP_CONFLICT, g, "the game moved on elsewhere (another "
                             "tab or the terminal); this is it now, make the move again");
    } else if (games_apply(req, g, &body, &result) == 0) {
        result = games_reply(req, SERVE_HTTP_OK, g, NULL);
    }
done:
    serve_json_free(&body);
    return result;
}
