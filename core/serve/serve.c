/* The server: listening, taking each request's body within bounds, the
 * checks before any answer, and stopping on SIGINT or SIGTERM with every
 * open game saved. One thread answers every request in turn, so games and
 * the database are never touched by two requests at once. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "serve_internal.h"

/* Check the request, then answer it. */
static enum MHD_Result serve_answer(serve_request *req)
{
    char why[300];
    /* The daemon's thread may take a connection before the port is known. */
    if (!atomic_load_explicit(&req->server->ready, memory_order_acquire))
        return serve_error(req, MHD_HTTP_SERVICE_UNAVAILABLE,
                           "the server is still starting; try again");
    unsigned refused = serve_auth_check(req, why, sizeof why);
    if (refused)
        return serve_error(req, refused, "%s", why);
    if (req->body_too_large)
        return serve_error(req, MHD_HTTP_CONTENT_TOO_LARGE, "the body is larger than %d bytes",
                           SERVE_BODY_MAX);
    return serve_api_dispatch(req);
}

/* Take more of the body (dropped once it is too large). */
static void serve_take_body(serve_request *req, const char *data, size_t size)
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

/* libmicrohttpd's access handler: called first with the headers, then
 * with each piece of the body, then once more with none. */
static enum MHD_Result serve_access(void *cls, struct MHD_Connection *c, const char *url,
                                    const char *method, const char *version,
                                    const char *upload, size_t *upload_size, void **con_cls)
{
    (void)version;
    serve_request *req = *con_cls;
    if (!req) {
        if (!(req = calloc(1, sizeof *req)))
            return MHD_NO;
        *req = (serve_request){.server = cls, .connection = c, .method = method, .url = url};
        *con_cls = req;
        const char *length = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
        req->body_too_large = length && strtoull(length, NULL, 10) > SERVE_BODY_MAX;
        /* Refuse a body announced too large before reading it. */
        if (!req->body_too_large)
            return MHD_YES;
        req->answered = true;
        return serve_answer(req);
    }
    if (req->answered) {
        *upload_size = 0;
        return MHD_YES;
    }
    if (*upload_size) {
        serve_take_body(req, upload, *upload_size);
        *upload_size = 0;
        return MHD_YES;
    }
    req->answered = true;
    return serve_answer(req);
}

static void serve_completed(void *cls, struct MHD_Connection *c, void **con_cls,
                            enum MHD_RequestTerminationCode code)
{
    (void)cls, (void)c, (void)code;
    serve_request *req = *con_cls;
    if (req)
        free(req->body);
    free(req);
    *con_cls = NULL;
}

static void serve_log(void *cls, const char *fmt, va_list ap)
{
    FILE *messages = cls;
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
static struct MHD_Daemon *serve_listen(serve_server *server, const sk_serve_config *config,
                                       sk_error *err)
{
    struct sockaddr_storage addr;
    bool ipv6;
    if (!serve_address(config, &addr, &ipv6)) {
        sk_error_set(err, SK_EXIT_USAGE, "serve: bind: '%s' is not an IPv4 or IPv6 address "
                     "(e.g. 127.0.0.1 or ::1)", config->bind);
        return NULL;
    }
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG |
                     (ipv6 ? MHD_USE_IPv6 : 0);
    struct MHD_Daemon *d = MHD_start_daemon(
        flags, (uint16_t)config->port, NULL, NULL, serve_access, server,
        MHD_OPTION_EXTERNAL_LOGGER, serve_log, sk_ctx_messages(server->ctx), MHD_OPTION_SOCK_ADDR,
        (struct sockaddr *)&addr, MHD_OPTION_NOTIFY_COMPLETED, serve_completed, NULL,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)64, MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)30,
        MHD_OPTION_END);
    if (!d)
        sk_error_set(err, SK_EXIT_FAILURE, "serve: cannot listen on %s port %d (in use, or "
                     "not an address of this machine; try another --port)", config->bind,
                     config->port);
    return d;
}

/* The server's state for config; -1 with err. */
static int serve_setup(serve_server *server, sk_ctx *ctx, const sk_serve_config *config,
                       sk_error *err)
{
    char why[512];
    server->ctx = ctx;
    if (!(server->host = sk_ctx_host(ctx)))
        return sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
    if (config->db_path && !(server->db_path = strdup(config->db_path)))
        return sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
    if (serve_token_make(server->token, why, sizeof why))
        return sk_error_set(err, SK_EXIT_FAILURE, "serve: %s", why);
    if (sk_store_open(server->db_path, &server->store, why, sizeof why))
        return sk_error_set(err, SK_EXIT_FAILURE, "serve: %s (choose another file with --db)",
                            why);
    return 0;
}

/* Print the page's URL and wait for SIGINT or SIGTERM. */
static void serve_wait(serve_server *server, const sk_serve_config *config)
{
    const char *host = config->bind;
    bool ipv6 = strchr(host, ':') != NULL;
    if (strcmp(host, "0.0.0.0") == 0 || strcmp(host, "::") == 0)
        host = ipv6 ? "::1" : "127.0.0.1";
    fprintf(sk_ctx_out(server->ctx), "http://%s%s%s:%d/?token=%s\n", ipv6 ? "[" : "", host,
            ipv6 ? "]" : "", server->port, server->token);
    fflush(sk_ctx_out(server->ctx));
    sk_ctx_report(server->ctx, "serve: open the URL above in a browser; Ctrl-C stops the server "
                  "(every game is saved)");
    fflush(sk_ctx_messages(server->ctx));
    while (!sk_cancel_signal())
        poll(NULL, 0, 100);
}

int sk_serve_run(void *user, sk_ctx *ctx, const sk_serve_config *config, sk_error *err)
{
    (void)user;
    serve_server *server = calloc(1, sizeof *server);
    if (!server) {
        sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
        return SK_EXIT_FAILURE;
    }
    struct MHD_Daemon *daemon = NULL;
    int status = SK_EXIT_OK;
    void (*old_pipe)(int) = signal(SIGPIPE, SIG_IGN);
    if (serve_setup(server, ctx, config, err) || !(daemon = serve_listen(server, config, err))) {
        status = err->status;
    } else {
        const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
        server->port = info ? info->port : config->port;
        snprintf(server->cookie, sizeof server->cookie, "sudokit_%d", server->port);
        atomic_store_explicit(&server->ready, true, memory_order_release);
        serve_wait(server, config);
        MHD_stop_daemon(daemon);
        size_t saved = serve_games_close_all(server);
        sk_ctx_report(ctx, "serve: stopped; %zu open game%s saved", saved, saved == 1 ? "" : "s");
    }
    signal(SIGPIPE, old_pipe);
    sk_store_close(server->store);
    free(server->db_path);
    free(server);
    return status;
}
