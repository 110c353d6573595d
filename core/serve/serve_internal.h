/* Private to core/serve: the server's state, one request, and the parts
 * that answer it (auth, JSON bodies, operations, games, the page). */
#ifndef SUDOKIT_SERVE_INTERNAL_H
#define SUDOKIT_SERVE_INTERNAL_H

#include <microhttpd.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

#include "serve.h"
#include "sudokit/session.h"
#include "sudokit/store.h"

/* The largest request body taken (a bigger one gets 413). */
#define SERVE_BODY_MAX (64 * 1024)
/* Games kept open at once; the least recently used is saved and closed. */
#define SERVE_GAMES_MAX 32
/* A gap between two requests of a game longer than this is a pause, not
 * play time (the page asks every few seconds while it is shown). */
#define SERVE_IDLE_MS 20000

/* An open game and when it was last asked for (monotonic ms). */
typedef struct serve_game {
    sk_session *session;
    int64_t seen;
} serve_game;

typedef struct serve_server {
    sk_ctx *ctx;      /* the command's: its host is lent to every request */
    sk_host *host;
    char *db_path;    /* NULL: the store's default */
    sk_store *store;  /* the server's own connection, to look games up */
    char token[33];   /* 32 hex digits */
    char cookie[32];  /* the token cookie's name, per port */
    int port;
    atomic_bool ready; /* port and cookie are set: requests may be answered */
    serve_game games[SERVE_GAMES_MAX];
    size_t game_count;
    int64_t taken; /* the game the play operation last lent */
} serve_server;

/* One request as it arrives. */
typedef struct serve_request {
    serve_server *server;
    struct MHD_Connection *connection;
    const char *method, *url;
    char *body;
    size_t body_len;
    bool body_too_large;
    bool answered; /* a reply is queued: take the rest quietly */
} serve_request;

/* Monotonic milliseconds. */
int64_t serve_now_ms(void);

/* ---------------------------------------------------------------- auth -- */

/* Fill token with 32 random hex digits (getrandom); -1 with err. */
int serve_token_make(char token[33], char *err, size_t errlen);

/* Check a request before anything else: its Host (an IP literal or
 * localhost, with this port), its token (cookie, X-Sudokit-Token header or
 * token= argument, compared in constant time), and for a write its Origin
 * and Sec-Fetch-Site (this page's) and Content-Type (JSON). Returns 0, or
 * the HTTP status to refuse it with and the reason in why. */
unsigned serve_auth_check(serve_request *req, char *why, size_t len);

/* ---------------------------------------------------------------- json -- */

/* A member of a flat JSON object: its key and its value as text
 * (true "1", false "0"; null has no text). */
typedef struct serve_member {
    char *key;
    char *text;
    enum { SERVE_JSON_STRING, SERVE_JSON_NUMBER, SERVE_JSON_BOOL, SERVE_JSON_NULL } kind;
} serve_member;

#define SERVE_MEMBERS_MAX 32
typedef struct serve_object {
    serve_member members[SERVE_MEMBERS_MAX];
    size_t count;
} serve_object;

/* Parse text (len bytes, not NUL-terminated) as one JSON object whose
 * values are strings, numbers, true, false or null. Returns 0, or -1 with
 * what is wrong and where in err. Free with serve_json_free either way. */
int serve_json_parse(const char *text, size_t len, serve_object *out, char *err, size_t errlen);
void serve_json_free(serve_object *obj);

/* The member named key, or NULL. */
const serve_member *serve_json_get(const serve_object *obj, const char *key);

/* -------------------------------------------------------------- replies -- */

/* Queue a response of body (len bytes, taken over: freed by the library)
 * with status and content type; extra headers as name/value pairs, NULL
 * ended (may be NULL). */
enum MHD_Result serve_send(serve_request *req, unsigned status, const char *type, char *body,
                           size_t len, const char *const *headers);

/* Queue {"error": MESSAGE} with status. */
enum MHD_Result serve_error(serve_request *req, unsigned status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A growing response text (open_memstream). */
typedef struct serve_text {
    FILE *out;
    char *data;
    size_t len;
} serve_text;

int serve_text_open(serve_text *t);
/* Close the stream; data and len then hold the text (the caller owns data). */
void serve_text_close(serve_text *t);

/* The request's body as a JSON object; 0, or -1 with a 400 reply queued.
 * Free obj with serve_json_free either way. */
int serve_body_object(serve_request *req, serve_object *obj, enum MHD_Result *result);

/* ---------------------------------------------------------- operations -- */

/* One operation run for a request, with its output and messages kept. */
typedef struct serve_run {
    serve_server *server;
    sk_ctx *ctx;
    sk_op *op;
    serve_text out, messages;
    sk_error err;
    int status;
} serve_run;

/* Start a request for operation name on a context of its own (the
 * server's host, database, and streams kept in memory). 0, or -1 with a
 * reply queued in *result. */
int serve_run_begin(serve_run *run, serve_request *req, const char *name, enum MHD_Result *result);

/* Give the request the URL's arguments whose names are in allowed (NULL
 * ended), each as a key; any other argument but token is refused. 0, or -1
 * with a reply queued. */
int serve_run_args(serve_run *run, serve_request *req, const char *const *allowed,
                   enum MHD_Result *result);

/* Set one key; 0, or -1 with a reply queued. */
int serve_run_set(serve_run *run, serve_request *req, const char *key, const char *value,
                  enum MHD_Result *result);

/* Run it; closes the streams. Returns the exit status (run->err set). */
int serve_run_go(serve_run *run);

/* The HTTP status of an operation's exit status. */
unsigned serve_run_http_status(int status);

/* Free what the run holds. */
void serve_run_end(serve_run *run);

/* Reply with the run's JSON lines as one array ({"items": [...]}), or its
 * error. */
enum MHD_Result serve_run_reply_lines(serve_run *run, serve_request *req);

/* --------------------------------------------------------------- games -- */

/* The API of games: list, start, look at, move. */
enum MHD_Result serve_games_list(serve_request *req);
enum MHD_Result serve_games_start(serve_request *req);
enum MHD_Result serve_game_get(serve_request *req, int64_t id);
enum MHD_Result serve_game_move(serve_request *req, int64_t id);

/* Save and close every open game; returns how many were saved. */
size_t serve_games_close_all(serve_server *server);

/* ----------------------------------------------------------------- api -- */

/* Answer a request that passed serve_auth_check. */
enum MHD_Result serve_api_dispatch(serve_request *req);

/* ---------------------------------------------------------------- page -- */

/* An embedded file of the page (generated from core/serve/page/). */
typedef struct serve_asset {
    const char *path; /* "/", "/app.js" ... */
    const char *type;
    const unsigned char *data;
    size_t len;
} serve_asset;

extern const serve_asset serve_assets[];
extern const size_t serve_asset_count;

#endif /* SUDOKIT_SERVE_INTERNAL_H */
