/* Operations run for a request: a context of their own over the server's
 * host and database, keys from the URL or the body, output and messages
 * kept in memory and sent back as JSON. */
#include <stdlib.h>
#include <string.h>

#include "serve_internal.h"
#include "sudokit/format.h"

int serve_run_begin(serve_run *run, serve_request *req, const char *name, enum MHD_Result *result)
{
    memset(run, 0, sizeof *run);
    run->server = req->server;
    if (serve_text_open(&run->out) || serve_text_open(&run->messages)) {
        *result = serve_error(req, MHD_HTTP_INTERNAL_SERVER_ERROR, "out of memory");
        return -1;
    }
    sk_ctx_config config = {.db_path = req->server->db_path, .host = req->server->host,
                            .out = run->out.out, .messages = run->messages.out, .quiet = true};
    if (!(run->ctx = sk_ctx_new(&config)) || sk_op_new(run->ctx, name, &run->op, &run->err)) {
        *result = serve_error(req, MHD_HTTP_INTERNAL_SERVER_ERROR, "%s",
                              run->ctx ? run->err.message : "out of memory");
        return -1;
    }
    return 0;
}

int serve_run_set(serve_run *run, serve_request *req, const char *key, const char *value,
                  enum MHD_Result *result)
{
    if (sk_op_set(run->op, key, value, &run->err) == 0)
        return 0;
    *result = serve_error(req, serve_run_http_status(run->err.status), "%s", run->err.message);
    return -1;
}

/* Walks the URL's arguments into the request. */
typedef struct args_walk {
    serve_run *run;
    const char *const *allowed;
    const char *bad; /* an argument not taken */
    bool failed;     /* the operation refused a value (run->err) */
} args_walk;

static enum MHD_Result args_one(void *user, enum MHD_ValueKind kind, const char *key,
                                const char *value)
{
    args_walk *w = user;
    (void)kind;
    if (strcmp(key, "token") == 0)
        return MHD_YES;
    size_t i = 0;
    while (w->allowed[i] && strcmp(w->allowed[i], key) != 0)
        i++;
    if (!w->allowed[i]) {
        w->bad = key;
        return MHD_NO;
    }
    /* "?rated" and "?rated=" set a flag as its mere presence does. */
    if (sk_op_set(w->run->op, key, value && *value ? value : NULL, &w->run->err) != 0) {
        w->failed = true;
        return MHD_NO;
    }
    return MHD_YES;
}

int serve_run_args(serve_run *run, serve_request *req, const char *const *allowed,
                   enum MHD_Result *result)
{
    args_walk w = {run, allowed, NULL, false};
    MHD_get_connection_values(req->connection, MHD_GET_ARGUMENT_KIND, args_one, &w);
    if (w.failed) {
        *result = serve_error(req, MHD_HTTP_BAD_REQUEST, "%s", run->err.message);
        return -1;
    }
    if (w.bad) {
        char known[600] = "";
        for (size_t i = 0; allowed[i]; i++)
            snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", i ? ", " : "",
                     allowed[i]);
        *result = serve_error(req, MHD_HTTP_BAD_REQUEST, "unknown argument '%.60s' (this "
                              "request takes: %s)", w.bad, known[0] ? known : "none");
        return -1;
    }
    return 0;
}

int serve_run_go(serve_run *run)
{
    run->status = sk_op_run(run->op, &run->err);
    serve_text_close(&run->out);
    serve_text_close(&run->messages);
    return run->status;
}

unsigned serve_run_http_status(int status)
{
    return status == SK_EXIT_OK      ? MHD_HTTP_OK
           : status == SK_EXIT_USAGE ? MHD_HTTP_BAD_REQUEST
           : status > 128            ? MHD_HTTP_SERVICE_UNAVAILABLE
                                     : MHD_HTTP_UNPROCESSABLE_CONTENT;
}

void serve_run_end(serve_run *run)
{
    sk_op_free(run->op);
    serve_text_close(&run->out);
    serve_text_close(&run->messages);
    sk_ctx_free(run->ctx);
    free(run->out.data);
    free(run->messages.data);
    run->op = NULL;
    run->ctx = NULL;
    run->out.data = run->messages.data = NULL;
}

enum MHD_Result serve_run_reply_lines(serve_run *run, serve_request *req)
{
    if (run->status != SK_EXIT_OK)
        return serve_error(req, serve_run_http_status(run->status), "%s", run->err.message);
    serve_text t;
    if (serve_text_open(&t))
        return MHD_NO;
    fputs("{\"items\":[", t.out);
    bool first = true;
    for (char *line = run->out.data, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        size_t n = next ? (size_t)(next - line) : strlen(line);
        next = next ? next + 1 : line + n;
        if (n == 0)
            continue;
        fprintf(t.out, "%s%.*s", first ? "" : ",", (int)n, line);
        first = false;
    }
    fputs("]}\n", t.out);
    serve_text_close(&t);
    return serve_send(req, MHD_HTTP_OK, "application/json", t.data, t.len, NULL);
}
