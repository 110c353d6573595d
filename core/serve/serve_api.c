/* The routes: the page's files, and the JSON API over the operations
 * (docs/serve.md lists every route). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "serve_internal.h"
#include "sudokit/format.h"

/* The filters of query and export, as the URL's arguments. */
#define API_FILTERS                                                                           \
    "id", "clues", "clues-min", "clues-max", "rater", "rater-version", "rated", "score-min",   \
        "score-max", "level", "level-min", "level-max", "hardest", "symmetry", "minimal",     \
        "not-minimal", "source", "has-game", "no-game", "game-status", "sort", "desc",        \
        "unplayed-first", "limit", "offset"

int serve_body_object(serve_request *req, serve_object *obj, int *result)
{
    sk_error why;
    memset(obj, 0, sizeof *obj);
    if (!req->body || req->body_len == 0) {
        *result = serve_error(req, SERVE_HTTP_BAD_REQUEST, "the request needs a JSON object as "
                              "its body");
        return -1;
    }
    if (serve_json_parse(req->body, req->body_len, obj, &why)) {
        *result = serve_error(req, SERVE_HTTP_BAD_REQUEST, "%s", why.message);
        return -1;
    }
    return 0;
}

/* Run operation name with the URL's allowed arguments and the fixed keys
 * (pairs, NULL ended); reply with its JSON lines. */
static int api_lines(serve_request *req, const char *name,
                                 const char *const *allowed, const char *const *fixed)
{
    serve_run run;
    int result;
    int failed = serve_run_begin(&run, req, name, &result) ||
                 serve_run_args(&run, req, allowed, &result);
    for (size_t i = 0; !failed && fixed && fixed[i]; i += 2)
        failed = serve_run_set(&run, req, fixed[i], fixed[i + 1], &result);
    if (!failed) {
        serve_run_go(&run);
        result = serve_run_reply_lines(&run, req);
    }
    serve_run_end(&run);
    return result;
}

static int api_puzzles(serve_request *req)
{
    static const char *const allowed[] = {API_FILTERS, NULL};
    static const char *const fixed[] = {"format", "json", NULL};
    /* A bound on the answer: the page pages through with offset. */
    const char *limit = serve_request_arg(req, "limit");
    static const char *const bounded[] = {"format", "json", "limit", "1000", NULL};
    return api_lines(req, "query", allowed, limit ? fixed : bounded);
}

static int api_path(serve_request *req)
{
    static const char *const allowed[] = {"puzzle", "cells", "rater", NULL};
    static const char *const fixed[] = {"path", "1", "format", "json", NULL};
    return api_lines(req, "hint", allowed, fixed);
}

static int api_runs(serve_request *req)
{
    static const char *const allowed[] = {"solver", "limit", NULL};
    static const char *const fixed[] = {"format", "json", NULL};
    return api_lines(req, "benchmarks", allowed, fixed);
}

/* The database's counts: the stats operation's one JSON object. */
static int api_stats(serve_request *req)
{
    static const char *const none[] = {NULL};
    serve_run run;
    int result;
    if (serve_run_begin(&run, req, "stats", &result) || serve_run_args(&run, req, none, &result) ||
        serve_run_set(&run, req, "format", "json", &result)) {
        serve_run_end(&run);
        return result;
    }
    if (serve_run_go(&run) != SK_EXIT_OK) {
        result = serve_error(req, serve_run_http_status(run.status), "%s", run.err.message);
    } else {
        result = serve_send(req, SERVE_HTTP_OK, "application/json", run.out.data, run.out.len,
                            NULL);
        run.out.data = NULL;
    }
    serve_run_end(&run);
    return result;
}

/* The selection written in a layout of the export operation, as a file
 * to save. */
static int api_export(serve_request *req)
{
    static const char *const allowed[] = {API_FILTERS, "format", NULL};
    serve_run run;
    int result;
    if (serve_run_begin(&run, req, "export", &result) ||
        serve_run_args(&run, req, allowed, &result)) {
        serve_run_end(&run);
        return result;
    }
    if (serve_run_go(&run) != SK_EXIT_OK) {
        result = serve_error(req, serve_run_http_status(run.status), "%s", run.err.message);
    } else {
        const char *format = serve_request_arg(req, "format");
        char disposition[80];
        snprintf(disposition, sizeof disposition, "attachment; filename=\"sudokit-export.%s\"",
                 format && strspn(format, "abcdefghijklmnopqrstuvwxyz") == strlen(format) &&
                         strlen(format) < 12 ? format : "txt");
        const char *headers[] = {"Content-Disposition", disposition, NULL};
        result = serve_send(req, SERVE_HTTP_OK, "text/plain; charset=utf-8", run.out.data,
                            run.out.len, headers);
        run.out.data = NULL;
    }
    serve_run_end(&run);
    return result;
}

/* One of the page's files. */
static int api_asset(serve_request *req, const serve_asset *a)
{
    const char *headers[] = {
        "Content-Security-Policy",
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        NULL};
    char *body = malloc(a->len ? a->len : 1);
    if (!body)
        return -1;
    memcpy(body, a->data, a->len);
    char type[64];
    snprintf(type, sizeof type, "%s; charset=utf-8", a->type);
    return serve_send(req, SERVE_HTTP_OK, type, body, a->len, headers);
}

const serve_asset *serve_page_asset(const char *path)
{
    for (size_t i = 0; path && i < serve_asset_count; i++)
        if (strcmp(path, serve_assets[i].path) == 0)
            return &serve_assets[i];
    return NULL;
}

/* The game id of "/api/games/ID", or 0 when url is not one. */
static int64_t api_game_id(const char *url)
{
    static const char prefix[] = "/api/games/";
    if (strncmp(url, prefix, sizeof prefix - 1) != 0)
        return 0;
    const char *digits = url + sizeof prefix - 1;
    size_t n = strspn(digits, "0123456789");
    if (n == 0 || n > 18 || digits[n] != '\0' || digits[0] == '0')
        return 0;
    return strtoll(digits, NULL, 10);
}

typedef struct api_route {
    const char *path;
    int (*get)(serve_request *req);
    int (*post)(serve_request *req);
} api_route;

static const api_route api_routes[] = {
    {"/api/games", serve_games_list, serve_games_start},
    {"/api/puzzles", api_puzzles, NULL},
    {"/api/path", api_path, NULL},
    {"/api/export", api_export, NULL},
    {"/api/stats", api_stats, NULL},
    {"/api/runs", api_runs, NULL},
};

static int api_not_allowed(serve_request *req, const char *allow)
{
    char message[300];
    snprintf(message, sizeof message, "%.100s does not take %.20s (only %s)", req->path,
             req->method, allow);
    const char *headers[] = {"Allow", allow, NULL};
    serve_text t;
    if (serve_text_open(&t))
        return -1;
    fputs("{\"error\":", t.out);
    sk_json_string(t.out, message);
    fputs("}\n", t.out);
    serve_text_close(&t);
    return serve_send(req, SERVE_HTTP_METHOD_NOT_ALLOWED, "application/json", t.data, t.len,
                      headers);
}

int serve_api_dispatch(serve_request *req)
{
    bool get = strcmp(req->method, "GET") == 0, post = strcmp(req->method, "POST") == 0;
    /* HEAD is answered for the page's files: the headers of GET, without
     * the body (which the HTTP layer leaves out). */
    const serve_asset *asset = serve_page_asset(req->path);
    if (asset)
        return get || strcmp(req->method, "HEAD") == 0 ? api_asset(req, asset)
                                                       : api_not_allowed(req, "GET, HEAD");
    int64_t game = api_game_id(req->path);
    if (game)
        return get ? serve_game_get(req, game)
               : post ? serve_game_move(req, game)
                      : api_not_allowed(req, "GET, POST");
    for (size_t i = 0; i < sizeof api_routes / sizeof api_routes[0]; i++) {
        const api_route *r = &api_routes[i];
        if (strcmp(req->path, r->path) != 0)
            continue;
        if (get)
            return r->get(req);
        if (post && r->post)
            return r->post(req);
        return api_not_allowed(req, r->post ? "GET, POST" : "GET");
    }
    return serve_error(req, SERVE_HTTP_NOT_FOUND, "no such page or API route: %.100s", req->path);
}
