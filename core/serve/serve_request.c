/* One request as plain data: its target parsed into a decoded path and
 * arguments, its header fields and body within bounds, and the checks
 * made before any route answers it. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "serve_internal.h"

/* Refuse req (when it is not refused already) with status and why. */
static void request_refuse(serve_request *req, unsigned status, const char *why)
{
    if (req->refused)
        return;
    req->refused = status;
    snprintf(req->refusal, sizeof req->refusal, "%s", why);
}

static int request_hex(char c)
{
    return c >= '0' && c <= '9' ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Decode text in place: percent escapes (a '%' without two hex digits
 * stays as it is), and '+' as a space when plus. false when it holds an
 * escaped NUL. */
static bool request_decode(char *text, bool plus)
{
    char *out = text;
    for (const char *in = text; *in; in++) {
        int high = in[0] == '%' ? request_hex(in[1]) : -1;
        int low = high >= 0 ? request_hex(in[2]) : -1;
        if (low >= 0) {
            if (high == 0 && low == 0)
                return false;
            *out++ = (char)(high * 16 + low);
            in += 2;
        } else {
            *out++ = plus && *in == '+' ? ' ' : *in;
        }
    }
    *out = '\0';
    return true;
}

/* How many arguments query has: its pieces between '&' that are not
 * empty. */
static size_t request_count_args(const char *query)
{
    size_t count = 0;
    for (const char *p = query; *p; p++)
        count += *p != '&' && (p == query || p[-1] == '&');
    return count;
}

/* Split req->query into arguments, each decoded; refuses too many, an
 * escaped NUL and a name given twice. */
static void request_split_query(serve_request *req)
{
    if (request_count_args(req->query) > SERVE_ARGS_MAX) {
        request_refuse(req, SERVE_HTTP_URI_TOO_LONG, "the URL has more than 64 arguments");
        return;
    }
    for (char *next, *arg = req->query; arg; arg = next) {
        next = strchr(arg, '&');
        if (next)
            *next++ = '\0';
        if (!*arg)
            continue;
        char *eq = strchr(arg, '=');
        if (eq)
            *eq++ = '\0';
        if (!request_decode(arg, true) || (eq && !request_decode(eq, true))) {
            request_refuse(req, SERVE_HTTP_BAD_REQUEST, "an argument holds a NUL byte (%00)");
            return;
        }
        if (serve_request_arg(req, arg)) {
            char why[sizeof req->refusal];
            snprintf(why, sizeof why, "the argument '%.60s' is given twice", arg);
            request_refuse(req, SERVE_HTTP_BAD_REQUEST, why);
            return;
        }
        req->args[req->arg_count++] = (serve_pair){arg, eq ? eq : ""};
    }
}

/* Parse target into req's path and arguments (or a refusal). */
static int request_parse_target(serve_request *req, const char *target)
{
    if (!target || target[0] != '/') {
        request_refuse(req, SERVE_HTTP_BAD_REQUEST, "the request names no path (it must "
                       "start with '/')");
        return 0;
    }
    if (strlen(target) > SERVE_URL_MAX) {
        request_refuse(req, SERVE_HTTP_URI_TOO_LONG, "the URL is longer than 8192 bytes");
        return 0;
    }
    size_t path_len = strcspn(target, "?");
    if (!(req->path = strndup(target, path_len)))
        return -1;
    if (!request_decode(req->path, false))
        request_refuse(req, SERVE_HTTP_BAD_REQUEST, "the path holds a NUL byte (%00)");
    if (target[path_len] == '?') {
        if (!(req->query = strdup(target + path_len + 1)))
            return -1;
        request_split_query(req);
    }
    return 0;
}

serve_request *serve_request_new(serve_server *server, const char *target)
{
    serve_request *req = calloc(1, sizeof *req);
    if (!req)
        return NULL;
    req->server = server;
    req->method = "";
    if (request_parse_target(req, target)) {
        serve_request_free(req);
        return NULL;
    }
    return req;
}

void serve_request_add_header(serve_request *req, const char *name, const char *value)
{
    req->header_bytes += strlen(name) + (value ? strlen(value) : 0);
    if (req->header_count == SERVE_HEADERS_MAX) {
        req->too_many_headers = true;
        return;
    }
    req->headers[req->header_count++] = (serve_pair){name, value ? value : ""};
}

const char *serve_request_header(const serve_request *req, const char *name)
{
    for (size_t i = 0; i < req->header_count; i++)
        if (strcasecmp(req->headers[i].name, name) == 0)
            return req->headers[i].value;
    return NULL;
}

const char *serve_request_arg(const serve_request *req, const char *name)
{
    for (size_t i = 0; i < req->arg_count; i++)
        if (strcmp(req->args[i].name, name) == 0)
            return req->args[i].value;
    return NULL;
}

bool serve_request_body_announced_too_large(const serve_request *req)
{
    const char *length = serve_request_header(req, "Content-Length");
    return length && strtoull(length, NULL, 10) > SERVE_BODY_MAX;
}

void serve_request_take_body(serve_request *req, const char *data, size_t size)
{
    if (req->body_too_large)
        return;
    char *grown = NULL;
    if (req->body_len + size <= SERVE_BODY_MAX)
        grown = realloc(req->body, req->body_len + size + 1);
    if (!grown) {
        req->body_too_large = true;
        free(req->body);
        req->body = NULL;
        req->body_len = 0;
        return;
    }
    memcpy(grown + req->body_len, data, size);
    req->body = grown;
    req->body_len += size;
    req->body[req->body_len] = '\0';
}

/* Refuse what the request is, before who sent it: true when it is
 * refused (its reply made, or none when out of memory). */
static bool request_refused(serve_request *req)
{
    if (!atomic_load_explicit(&req->server->ready, memory_order_acquire))
        serve_error(req, SERVE_HTTP_UNAVAILABLE, "the server is still starting; try again");
    else if (req->refused)
        serve_error(req, req->refused, "%s", req->refusal);
    else if (req->too_many_headers)
        serve_error(req, SERVE_HTTP_HEADERS_TOO_LARGE, "more than %d headers",
                    SERVE_HEADERS_MAX);
    else if (req->header_bytes > SERVE_HEADER_BYTES_MAX)
        serve_error(req, SERVE_HTTP_HEADERS_TOO_LARGE, "the headers are larger than %d bytes",
                    SERVE_HEADER_BYTES_MAX);
    else
        return false;
    return true;
}

void serve_request_answer(serve_request *req)
{
    char why[300];
    serve_reply_clear(&req->reply);
    if (request_refused(req))
        return;
    unsigned refused = serve_auth_check(req, !serve_page_asset(req->path), why, sizeof why);
    if (refused)
        serve_error(req, refused, "%s", why);
    else if (req->body_too_large)
        serve_error(req, SERVE_HTTP_CONTENT_TOO_LARGE, "the body is larger than %d bytes",
                    SERVE_BODY_MAX);
    else
        serve_api_dispatch(req);
}

void serve_request_free(serve_request *req)
{
    if (!req)
        return;
    serve_reply_clear(&req->reply);
    free(req->path);
    free(req->query);
    free(req->body);
    free(req);
}
