/* Private to core/serve: the server's state, one request as plain data,
 * and the parts that answer it (auth, JSON bodies, operations, games, the
 * page). Only serve.c and serve_connections.c know libmicrohttpd: the rest
 * takes a request (method, target, headers, body) and fills its reply, so
 * that a test or a fuzzer drives it without sockets. */
#ifndef SUDOKIT_SERVE_INTERNAL_H
#define SUDOKIT_SERVE_INTERNAL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

#include "serve.h"
#include "sudokit/session.h"
#include "sudokit/store.h"

/* The largest request body taken (a bigger one gets 413). */
#define SERVE_BODY_MAX (64 * 1024)
/* The longest request target (path and query) taken (longer: 414). */
#define SERVE_URL_MAX 8192
/* The most URL arguments taken (more: 414). */
#define SERVE_ARGS_MAX 64
/* The most header fields, and their bytes (names and values), taken
 * (more: 431). */
#define SERVE_HEADERS_MAX 64
#define SERVE_HEADER_BYTES_MAX 16384
/* Games kept open at once; the least recently used is saved and closed. */
#define SERVE_GAMES_MAX 32
/* A gap between two requests of a game longer than this is a pause, not
 * play time (the page asks every few seconds while it is shown). */
#define SERVE_IDLE_MS 20000

/* The HTTP statuses the server answers with. */
enum {
    SERVE_HTTP_OK = 200,
    SERVE_HTTP_CREATED = 201,
    SERVE_HTTP_BAD_REQUEST = 400,
    SERVE_HTTP_UNAUTHORIZED = 401,
    SERVE_HTTP_FORBIDDEN = 403,
    SERVE_HTTP_NOT_FOUND = 404,
    SERVE_HTTP_METHOD_NOT_ALLOWED = 405,
    SERVE_HTTP_CONFLICT = 409,
    SERVE_HTTP_CONTENT_TOO_LARGE = 413,
    SERVE_HTTP_URI_TOO_LONG = 414,
    SERVE_HTTP_UNSUPPORTED_MEDIA_TYPE = 415,
    SERVE_HTTP_UNPROCESSABLE = 422,
    SERVE_HTTP_HEADERS_TOO_LARGE = 431,
    SERVE_HTTP_INTERNAL_ERROR = 500,
    SERVE_HTTP_UNAVAILABLE = 503
};

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
    int port;
    atomic_bool ready; /* the port is set: requests may be answered */
    serve_game games[SERVE_GAMES_MAX];
    size_t game_count;
    int64_t taken; /* the game the play operation last lent */
} serve_server;

/* Set up server for ctx and the database db_path (NULL: the default): a
 * new token, the database opened. Returns 0, or -1 with err; release
 * with serve_server_release either way. */
int serve_server_init(serve_server *server, sk_ctx *ctx, const char *db_path, sk_error *err);

/* Save and close every open game, close the database. Returns how many
 * games were saved. */
size_t serve_server_release(serve_server *server);

/* A name and its value (a header field or a URL argument). */
typedef struct serve_pair {
    const char *name, *value;
} serve_pair;

/* Header fields a reply adds to those every reply carries. */
#define SERVE_REPLY_HEADERS 4

/* What the server answers: status 0 until a reply is made. */
typedef struct serve_reply {
    unsigned status;
    char type[64]; /* the content type, copied */
    char *body; /* malloc'd, owned by the reply */
    size_t len;
    char *headers[2 * SERVE_REPLY_HEADERS]; /* name, value (malloc'd) */
    size_t header_count;                    /* pairs */
} serve_reply;

/* One request as it arrives: the target parsed into a path and
 * arguments, the header fields (pointers lent by who made the request,
 * valid until it is freed) and the body. */
typedef struct serve_request {
    serve_server *server;
    const char *method;
    char *path;                       /* decoded (owned) */
    char *query;                      /* the arguments' storage (owned) */
    serve_pair args[SERVE_ARGS_MAX];
    size_t arg_count;
    serve_pair headers[SERVE_HEADERS_MAX];
    size_t header_count, header_bytes;
    bool too_many_headers;
    unsigned refused;                 /* the target's refusal: 0 or a status */
    char refusal[120];
    char *body;
    size_t body_len;
    bool body_too_large;
    bool answered; /* a reply is made: take the rest quietly */
    serve_reply reply;
} serve_request;

/* Monotonic milliseconds. */
int64_t serve_now_ms(void);

/* ------------------------------------------------------------- request -- */

/* A new request to server of method (static or lent) with target (the
 * path and query as sent; NULL when the request line has none), parsed:
 * the path percent-decoded, the query split at '&' and '=' into
 * arguments, '+' and percent escapes decoded. A target that is too long,
 * has too many arguments, an argument twice, an escaped NUL or no path is
 * recorded to be refused when the request is answered. NULL when out of
 * memory. Free with serve_request_free. */
serve_request *serve_request_new(serve_server *server, const char *target);

/* Add a header field (name and value lent until the request is freed);
 * past the limits the request will be refused with 431. */
void serve_request_add_header(serve_request *req, const char *name, const char *value);

/* Take more of the body (dropped, and the request refused with 413, once
 * it is larger than SERVE_BODY_MAX). */
void serve_request_take_body(serve_request *req, const char *data, size_t size);

/* Whether the headers announce a body larger than SERVE_BODY_MAX
 * (Content-Length), so that it can be refused before it is read. */
bool serve_request_body_announced_too_large(const serve_request *req);

/* The value of header name (any case), or NULL. */
const char *serve_request_header(const serve_request *req, const char *name);

/* The value of URL argument name, or NULL ("" for "?name"). */
const char *serve_request_arg(const serve_request *req, const char *name);

/* Answer the request: the checks (the server started, the target and
 * header limits, serve_auth_check, the body's size) then its route. The
 * reply is in req->reply; its status is 0 only when out of memory (the
 * connection is then dropped). */
void serve_request_answer(serve_request *req);

/* Free a request, its reply and what it owns. NULL is ignored. */
void serve_request_free(serve_request *req);

/* --------------------------------------------------------------- token -- */

/* Fill token with 32 random hex digits (getrandom); -1 with err. */
int serve_token_make(char token[33], sk_error *err);

/* Fill token from the token file path: a regular file of this user, mode
 * 0600 or stricter, of one line of 32 hex digits. When path does not
 * exist it is made (whole, mode 0600) with a new token, and *made is set.
 * 0, or -1 with what is wrong (FILE:LINE:COLUMN for its text) and what to
 * do in err; path is never left half-written. */
int serve_token_keep(char token[33], const char *path, bool *made, sk_error *err);

/* ---------------------------------------------------------------- auth -- */

/* Check a request before anything else: its Host (an IP literal or
 * localhost, with this port) always; for an API request (api) also that
 * it comes from this page (an Origin, when sent, of this server; a
 * Sec-Fetch-Site, when sent, of same-origin or none), its token
 * (X-Sudokit-Token header or token= argument, compared in constant time)
 * and for a write its Content-Type (JSON). Returns 0, or the HTTP status
 * to refuse it with and the reason in why. */
unsigned serve_auth_check(const serve_request *req, bool api, char *why, size_t len);

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
int serve_json_parse(const char *text, size_t len, serve_object *out, sk_error *err);
void serve_json_free(serve_object *obj);

/* The member named key, or NULL. */
const serve_member *serve_json_get(const serve_object *obj, const char *key);

/* -------------------------------------------------------------- replies -- */

/* Make the reply: body (len bytes, taken over: freed with the request)
 * with status and content type (copied; at most 63 bytes); extra header
 * fields as name/value pairs, NULL ended (may be NULL; copied). Returns 0, or -1 when out of memory
 * (body freed, no reply). */
int serve_send(serve_request *req, unsigned status, const char *type, char *body, size_t len,
               const char *const *headers);

/* Make the reply {"error": MESSAGE} with status; 0 or -1 as serve_send. */
int serve_error(serve_request *req, unsigned status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Free what a reply holds and make it empty. */
void serve_reply_clear(serve_reply *reply);

/* A growing response text (open_memstream). */
typedef struct serve_text {
    FILE *out;
    char *data;
    size_t len;
} serve_text;

int serve_text_open(serve_text *t);
/* Close the stream; data and len then hold the text (the caller owns data). */
void serve_text_close(serve_text *t);

/* The request's body as a JSON object; 0, or -1 with a 400 reply made.
 * Free obj with serve_json_free either way. */
int serve_body_object(serve_request *req, serve_object *obj, int *result);

/* ---------------------------------------------------------- operations -- */

/* One operation run for a request, with its output and messages kept. */
typedef struct serve_run {
    serve_server *server;
    const sk_op_info *info;
    sk_ctx *ctx;
    sk_op *op;
    serve_text out, messages;
    sk_error err;
    int status;
} serve_run;

/* Start a request for operation name on a context of its own (the
 * server's host, database, and streams kept in memory). 0, or -1 with a
 * reply made in *result. */
int serve_run_begin(serve_run *run, serve_request *req, const char *name, int *result);

/* Give the request the URL's arguments whose names are in allowed (NULL
 * ended), each as a key through serve_run_set; any other argument but
 * token is refused. 0, or -1 with a reply made. */
int serve_run_args(serve_run *run, serve_request *req, const char *const *allowed,
                   int *result);

/* Set one key from a request. A key that names a strategy (rater,
 * solver, generator) takes only the name of one that a plugin file
 * brought: never "NAME:FILE" nor a strategy built into the program (the
 * Lua ones run the file they are named with), refused with 400 naming
 * the key. 0, or -1 with a reply made. */
int serve_run_set(serve_run *run, serve_request *req, const char *key, const char *value,
                  int *result);

/* Run it; closes the streams. Returns the exit status (run->err set). */
int serve_run_go(serve_run *run);

/* The HTTP status of an operation's exit status. */
unsigned serve_run_http_status(int status);

/* Free what the run holds. */
void serve_run_end(serve_run *run);

/* Reply with the run's JSON lines as one array ({"items": [...]}), or its
 * error. */
int serve_run_reply_lines(serve_run *run, serve_request *req);

/* --------------------------------------------------------------- games -- */

/* The API of games: list, start, look at, move. */
int serve_games_list(serve_request *req);
int serve_games_start(serve_request *req);
int serve_game_get(serve_request *req, int64_t id);
int serve_game_move(serve_request *req, int64_t id);

/* Save and close every open game; returns how many were saved. */
size_t serve_games_close_all(serve_server *server);

/* ----------------------------------------------------------------- api -- */

/* Answer a request that passed serve_auth_check by its route: the
 * page's files (GET and HEAD) and the API (docs/serve.md). */
int serve_api_dispatch(serve_request *req);

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

/* The file of the page served at path, or NULL. */
const serve_asset *serve_page_asset(const char *path);

#endif /* SUDOKIT_SERVE_INTERNAL_H */
