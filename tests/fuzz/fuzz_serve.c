/* Fuzz target: the web server's request path without sockets. The input
 * is up to four requests in a row, separated by a line "====": each is
 * "METHOD TARGET" on its first line, header lines "Name: value" up to an
 * empty line, then its body. They go, as libmicrohttpd would hand them
 * over, through serve_request_new (the target parsed into a path and
 * arguments), the header and body limits, the auth checks, the routes,
 * JSON bodies and the operations behind them, on one server whose
 * database is in memory and whose token is fixed (the seeds carry it).
 * Every request must get a reply with a status and a type; an error must
 * be one JSON object {"error": "..."} (409's also carries the game); an
 * API request answered 2xx must have carried the token and come from no
 * other page. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fuzz.h"
#include "serve_internal.h"

#define FUZZ_TOKEN "00112233445566778899aabbccddeeff"
#define FUZZ_REQUESTS 4
#define FUZZ_FIELDS (2 * (SERVE_HEADERS_MAX + 8))

/* The server every input is sent to: the plugins of the build, a
 * database in memory (each operation opens one of its own, so nothing is
 * kept from an input to the next but the games it opened, closed after
 * it), a fixed token and port. */
static serve_server *fuzz_server(void)
{
    static serve_server server;
    static bool ready;
    if (!ready) {
        FILE *quiet = fopen("/dev/null", "w");
        FUZZ_CHECK(quiet != NULL);
        sk_ctx_config config = {.plugin_path = FUZZ_PLUGIN_DIR, .out = quiet, .messages = quiet,
                                .quiet = true};
        sk_ctx *ctx = sk_ctx_new(&config);
        sk_error err;
        FUZZ_CHECK(ctx != NULL && serve_server_init(&server, ctx, ":memory:", &err) == 0);
        memcpy(server.token, FUZZ_TOKEN, sizeof server.token);
        server.port = 8080;
        atomic_store(&server.ready, true);
        ready = true;
    }
    return &server;
}

/* The next line of [*at, end) as a new string (without CR LF); *at moves
 * past it. */
static char *fuzz_line(const char **at, const char *end)
{
    const char *nl = memchr(*at, '\n', (size_t)(end - *at));
    const char *stop = nl ? nl : end;
    size_t len = (size_t)(stop - *at);
    char *line = strndup(*at, len > 0 && (*at)[len - 1] == '\r' ? len - 1 : len);
    FUZZ_CHECK(line != NULL);
    *at = nl ? nl + 1 : end;
    return line;
}

/* What a request must have been sent with to be answered 2xx from the
 * API: the token (header or argument) and no other page's origin. */
static void fuzz_check_allowed(const serve_request *req)
{
    const char *given = serve_request_header(req, "X-Sudokit-Token");
    if (!given)
        given = serve_request_arg(req, "token");
    FUZZ_CHECK(given && strcmp(given, FUZZ_TOKEN) == 0);
    const char *site = serve_request_header(req, "Sec-Fetch-Site");
    FUZZ_CHECK(!site || strcmp(site, "same-origin") == 0 || strcmp(site, "none") == 0);
    const char *origin = serve_request_header(req, "Origin");
    const char *host = serve_request_header(req, "Host");
    FUZZ_CHECK(!origin || (host && strncmp(origin, "http://", 7) == 0 &&
                           strcasecmp(origin + 7, host) == 0));
}

/* The promises of a reply. */
static void fuzz_check_reply(const serve_request *req)
{
    const serve_reply *r = &req->reply;
    FUZZ_CHECK(r->status >= 200 && r->status <= 599 && r->type != NULL);
    bool json = strcmp(r->type, "application/json") == 0;
    if (r->status >= 400 && r->status != 409) {
        serve_object obj;
        sk_error why;
        FUZZ_CHECK(json && r->body != NULL);
        FUZZ_CHECK(serve_json_parse(r->body, r->len, &obj, &why) == 0);
        const serve_member *error = serve_json_get(&obj, "error");
        FUZZ_CHECK(obj.count == 1 && error && error->kind == SERVE_JSON_STRING);
        serve_json_free(&obj);
    }
    if (json)
        FUZZ_CHECK(r->len >= 3 && r->body[0] == '{' && memcmp(r->body + r->len - 2, "}\n", 2) == 0);
    if (r->status < 300 && !serve_page_asset(req->path))
        fuzz_check_allowed(req);
}

/* Run one request of [at, end) on server. */
static void fuzz_request(serve_server *server, const char *at, const char *end)
{
    char *fields[FUZZ_FIELDS];
    size_t count = 0;
    char *first = fuzz_line(&at, end);
    char *space = strchr(first, ' ');
    if (space)
        *space = '\0';
    serve_request *req = serve_request_new(server, space ? space + 1 : NULL);
    FUZZ_CHECK(req != NULL);
    req->method = first;
    while (at < end && count + 2 <= FUZZ_FIELDS) {
        char *line = fuzz_line(&at, end);
        char *colon = strchr(line, ':');
        if (!*line || !colon) {
            free(line);
            break;
        }
        *colon = '\0';
        char *value = strdup(colon + 1 + strspn(colon + 1, " "));
        FUZZ_CHECK(value != NULL);
        fields[count++] = line;
        fields[count++] = value;
        serve_request_add_header(req, line, value);
    }
    req->body_too_large = serve_request_body_announced_too_large(req);
    if (!req->body_too_large && at < end)
        serve_request_take_body(req, at, (size_t)(end - at));
    serve_request_answer(req);
    fuzz_check_reply(req);
    serve_request_free(req);
    for (size_t i = 0; i < count; i++)
        free(fields[i]);
    free(first);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    serve_server *server = fuzz_server();
    const char *at = (const char *)data, *end = at + size;
    for (int i = 0; i < FUZZ_REQUESTS && at < end; i++) {
        const char *stop = at;
        while ((stop = memchr(stop, '\n', (size_t)(end - stop))) &&
               ((size_t)(end - stop) < 6 || memcmp(stop, "\n====\n", 6) != 0))
            stop++;
        fuzz_request(server, at, stop ? stop : end);
        at = stop ? stop + 6 : end;
    }
    serve_games_close_all(server);
    return 0;
}
