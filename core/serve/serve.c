/* The server on libmicrohttpd: listening, turning each connection's
 * request into a serve_request (serve_request.c answers it) and its reply
 * into a response, holding the connections within bounds
 * (serve_connections.c), and stopping on SIGINT or SIGTERM with every
 * open game saved. One thread reads and answers every request in turn, so
 * games and the database are never touched by two requests at once. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "serve_connections.h"
#include "serve_internal.h"

/* Each connection's memory in libmicrohttpd: the request line and header
 * fields with what it parses of them (56 bytes per URL argument). Above
 * the server's own limits (serve_internal.h), so that it answers those in
 * JSON; past this, libmicrohttpd refuses the request itself. */
#define SERVE_CONNECTION_MEMORY (256 * 1024)

/* What libmicrohttpd's callbacks are given. */
typedef struct serve_http {
    serve_server server;
    serve_connections connections;
} serve_http;

/* The request line is in: the request starts from its target (the path
 * and query as sent, before libmicrohttpd decodes them). */
static void *serve_uri_logged(void *cls, const char *target, struct MHD_Connection *c)
{
    (void)c;
    serve_http *http = cls;
    return serve_request_new(&http->server, target);
}

static enum MHD_Result serve_header_one(void *cls, enum MHD_ValueKind kind, const char *name,
                                        const char *value)
{
    (void)kind;
    serve_request_add_header(cls, name, value);
    return MHD_YES;
}

/* Answer req and queue its reply with the fields every reply carries. */
static enum MHD_Result serve_respond(serve_http *http, struct MHD_Connection *c,
                                     serve_request *req)
{
    req->answered = true;
    serve_connections_answering(&http->connections, c, true);
    serve_connections_busy(&http->connections, true);
    serve_request_answer(req);
    serve_connections_busy(&http->connections, false);
    serve_reply *reply = &req->reply;
    if (!reply->status)
        return MHD_NO;
    struct MHD_Response *r = MHD_create_response_from_buffer(
        reply->len, reply->body ? reply->body : "",
        reply->body ? MHD_RESPMEM_MUST_FREE : MHD_RESPMEM_PERSISTENT);
    if (!r)
        return MHD_NO;
    reply->body = NULL; /* the response frees it */
    MHD_add_response_header(r, "Content-Type", reply->type);
    MHD_add_response_header(r, "Cache-Control", "no-store");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "X-Frame-Options", "DENY");
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
    for (size_t i = 0; i < reply->header_count; i++)
        MHD_add_response_header(r, reply->headers[2 * i], reply->headers[2 * i + 1]);
    enum MHD_Result ok = MHD_queue_response(c, reply->status, r);
    MHD_destroy_response(r);
    return ok;
}

/* libmicrohttpd's access handler: called first once the header fields
 * are in, then with each piece of the body, then once more with none. */
static enum MHD_Result serve_access(void *cls, struct MHD_Connection *c, const char *url,
                                    const char *method, const char *version,
                                    const char *upload, size_t *upload_size, void **con_cls)
{
    (void)url, (void)version;
    serve_request *req = *con_cls;
    if (!req)
        return MHD_NO; /* out of memory when the request line came */
    if (!*req->method) {
        req->method = method;
        MHD_get_connection_values(c, MHD_HEADER_KIND, serve_header_one, req);
        /* Refuse a body announced too large before reading it. */
        req->body_too_large = serve_request_body_announced_too_large(req);
        return req->body_too_large ? serve_respond(cls, c, req) : MHD_YES;
    }
    if (req->answered) {
        *upload_size = 0;
        return MHD_YES;
    }
    if (*upload_size) {
        serve_request_take_body(req, upload, *upload_size);
        *upload_size = 0;
        return MHD_YES;
    }
    return serve_respond(cls, c, req);
}

static void serve_completed(void *cls, struct MHD_Connection *c, void **con_cls,
                            enum MHD_RequestTerminationCode code)
{
    (void)code;
    serve_http *http = cls;
    serve_request_free(*con_cls);
    *con_cls = NULL;
    serve_connections_answering(&http->connections, c, false);
}

static void serve_log(void *cls, const char *fmt, va_list ap)
{
    FILE *messages = cls;
    if (!messages)
        return;
    fputs("sudokit: serve: ", messages);
    vfprintf(messages, fmt, ap);
}

/* The listening address of config into addr; false when it is no IPv4
 * or IPv6 address. */
static bool serve_address(const sk_serve_config *config, struct sockaddr_storage *addr,
                          bool *ipv6)
{
    memset(addr, 0, sizeof *addr);
    struct sockaddr_in *v4 = (struct sockaddr_in *)addr;
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)addr;
    *ipv6 = false;
    if (inet_pton(AF_INET, config->bind, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons((uint16_t)config->port);
        return true;
    }
    if (inet_pton(AF_INET6, config->bind, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons((uint16_t)config->port);
        *ipv6 = true;
        return true;
    }
    return false;
}

/* Start listening; NULL with err. */
static struct MHD_Daemon *serve_listen(serve_http *http, const sk_serve_config *config,
                                       sk_error *err)
{
    struct sockaddr_storage addr;
    bool ipv6;
    if (!serve_address(config, &addr, &ipv6)) {
        sk_error_set(err, SK_EXIT_USAGE, "serve: bind: '%s' is not an IPv4 or IPv6 address "
                     "(e.g. 127.0.0.1 or ::1)", config->bind);
        return NULL;
    }
    unsigned flags = MHD_USE_AUTO_INTERNAL_THREAD | MHD_USE_ERROR_LOG |
                     (ipv6 ? MHD_USE_IPv6 : 0);
    struct MHD_Daemon *d = MHD_start_daemon(
        flags, (uint16_t)config->port, NULL, NULL, serve_access, http,
        MHD_OPTION_EXTERNAL_LOGGER, serve_log, sk_ctx_messages(http->server.ctx),
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
        MHD_OPTION_URI_LOG_CALLBACK, serve_uri_logged, http,
        MHD_OPTION_NOTIFY_COMPLETED, serve_completed, http,
        MHD_OPTION_NOTIFY_CONNECTION, serve_connections_notify, &http->connections,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)SERVE_CONNECTIONS_HARD,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)30,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)SERVE_CONNECTION_MEMORY, MHD_OPTION_END);
    if (!d)
        sk_error_set(err, SK_EXIT_FAILURE, "serve: cannot listen on %s port %d (in use, or "
                     "not an address of this machine; try another --port)", config->bind,
                     config->port);
    return d;
}

/* Print the page's URL and wait for SIGINT or SIGTERM, closing the
 * connections past their deadline meanwhile. */
static void serve_wait(serve_http *http, const sk_serve_config *config)
{
    serve_server *server = &http->server;
    const char *host = config->bind;
    bool ipv6 = strchr(host, ':') != NULL;
    if (strcmp(host, "0.0.0.0") == 0 || strcmp(host, "::") == 0)
        host = ipv6 ? "::1" : "127.0.0.1";
    fprintf(sk_ctx_out(server->ctx), "http://%s%s%s:%d/?token=%s\n", ipv6 ? "[" : "", host,
            ipv6 ? "]" : "", server->port, server->token);
    fflush(sk_ctx_out(server->ctx));
    sk_ctx_report(server->ctx, "serve: open the URL above in a browser; Ctrl-C stops the server "
                  "(every game is saved)");
    if (sk_ctx_messages(server->ctx))
        fflush(sk_ctx_messages(server->ctx));
    while (!sk_ctx_stopped(server->ctx)) {
        poll(NULL, 0, 100);
        serve_connections_sweep(&http->connections);
    }
}

/* Take the token of config's token file, when it names one (made with a
 * new token when missing, and said so). 0, or -1 with err. */
static int serve_token_file(serve_server *server, const sk_serve_config *config, sk_error *err)
{
    sk_error why;
    bool made;
    if (!config->token_file)
        return 0;
    if (serve_token_keep(server->token, config->token_file, &made, &why))
        return sk_error_set(err, SK_EXIT_FAILURE, "serve: %s", why.message);
    if (made)
        sk_ctx_report(server->ctx, "serve: a new token, kept in %s for the next starts",
                      config->token_file);
    return 0;
}

int ski_serve_run(void *user, sk_ctx *ctx, const sk_serve_config *config, sk_error *err)
{
    (void)user;
    serve_http *http = calloc(1, sizeof *http);
    if (!http) {
        sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
        return SK_EXIT_FAILURE;
    }
    serve_connections_init(&http->connections);
    struct MHD_Daemon *daemon = NULL;
    int status = SK_EXIT_OK;
    void (*old_pipe)(int) = signal(SIGPIPE, SIG_IGN);
    if (serve_server_init(&http->server, ctx, config->db_path, err) ||
        serve_token_file(&http->server, config, err) ||
        !(daemon = serve_listen(http, config, err))) {
        status = err->status;
        serve_server_release(&http->server);
    } else {
        const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
        http->server.port = info ? info->port : config->port;
        atomic_store_explicit(&http->server.ready, true, memory_order_release);
        serve_wait(http, config);
        MHD_stop_daemon(daemon);
        size_t saved = serve_server_release(&http->server);
        sk_ctx_report(ctx, "serve: stopped; %zu open game%s saved", saved, saved == 1 ? "" : "s");
    }
    signal(SIGPIPE, old_pipe);
    serve_connections_destroy(&http->connections);
    free(http);
    return status;
}
