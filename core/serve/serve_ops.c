/* Operations run for a request: a context of their own over the server's
 * host and database, keys from the URL or the body, output and messages
 * kept in memory and sent back as JSON. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "serve_internal.h"
#include "sudokit/format.h"

int serve_run_begin(serve_run *run, serve_request *req, const char *name, int *result)
{
    memset(run, 0, sizeof *run);
    run->server = req->server;
    run->info = sk_op_find(name);
    if (serve_text_open(&run->out) || serve_text_open(&run->messages)) {
        *result = serve_error(req, SERVE_HTTP_INTERNAL_ERROR, "out of memory");
        return -1;
    }
    /* The executable's signals stop a request's run too, as they stop the
     * server. */
    sk_ctx_config config = {.db_path = req->server->db_path,
                            .host = req->server->host,
                            .out = run->out.out,
                            .messages = run->messages.out,
                            .quiet = true,
                            .stop_on_signals = true};
    if (!(run->ctx = sk_ctx_new(&config)) || sk_op_new(run->ctx, name, &run->op, &run->err)) {
        *result = serve_error(req, SERVE_HTTP_INTERNAL_ERROR, "%s",
                              run->ctx ? run->err.message : "out of memory");
        return -1;
    }
    return 0;
}

/* The kind of strategy key names: a strategy key's kind, or for a key
 * named after a kind (rater, solver, generator: also the filters of
 * query, games and benchmarks) that kind; 0 for any other key. */
static sk_kind ops_strategy_kind(const serve_run *run, const char *key)
{
    const sk_key *k = run->info ? sk_op_key(run->info, key) : NULL;
    if (k && k->kind == SK_KEY_STRATEGY)
        return k->strategy_kind;
    static const struct {
        const char *key;
        sk_kind kind;
    } named[] = {{"rater", SK_KIND_RATER}, {"solver", SK_KIND_SOLVER},
                 {"generator", SK_KIND_GENERATOR}};
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
        if (strcmp(key, named[i].key) == 0)
            return named[i].kind;
    return 0;
}

/* Whether value names (in any case) a strategy of kind that a plugin
 * file brought; if not, the names that would do into list. */
static bool ops_plugin_strategy(const sk_host *host, sk_kind kind, const char *value,
                                char *list, size_t len)
{
    list[0] = '\0';
    for (size_t i = 0, n = 0; i < sk_host_strategy_count(host); i++) {
        const sk_host_strategy *s = sk_host_strategy_at(host, i);
        if (s->strategy->kind != kind || s->built_in)
            continue;
        if (strcasecmp(s->strategy->name, value) == 0)
            return true;
        if (strlen(list) + 44 < len)
            snprintf(list + strlen(list), len - strlen(list), "%s%s", n++ ? ", " : "",
                     s->strategy->name);
    }
    return false;
}

int serve_run_set(serve_run *run, serve_request *req, const char *key, const char *value,
                  int *result)
{
    sk_kind kind = ops_strategy_kind(run, key);
    char list[400];
    if (kind && value && !ops_plugin_strategy(run->server->host, kind, value, list,
                                              sizeof list)) {
        *result = serve_error(req, SERVE_HTTP_BAD_REQUEST, "%s: '%.100s' is not taken from a "
                              "request: name a strategy of a loaded plugin (%s)", key, value,
                              list[0] ? list : "none is loaded");
        return -1;
    }
    if (sk_op_set(run->op, key, value, &run->err) == 0)
        return 0;
    *result = serve_error(req, serve_run_http_status(run->err.status), "%s", run->err.message);
    return -1;
}

int serve_run_args(serve_run *run, serve_request *req, const char *const *allowed,
                   int *result)
{
    for (size_t a = 0; a < req->arg_count; a++) {
        const serve_pair *arg = &req->args[a];
        if (strcmp(arg->name, "token") == 0)
            continue;
        size_t i = 0;
        while (allowed[i] && strcmp(allowed[i], arg->name) != 0)
            i++;
        if (!allowed[i]) {
            char known[600] = "";
            for (size_t k = 0; allowed[k]; k++)
                snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s",
                         k ? ", " : "", allowed[k]);
            *result = serve_error(req, SERVE_HTTP_BAD_REQUEST, "unknown argument '%.60s' (this "
                                  "request takes: %s)", arg->name, known[0] ? known : "none");
            return -1;
        }
        /* "?rated" and "?rated=" set a flag as its mere presence does. */
        if (serve_run_set(run, req, arg->name, *arg->value ? arg->value : NULL, result))
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
    return status == SK_EXIT_OK      ? SERVE_HTTP_OK
           : status == SK_EXIT_USAGE ? SERVE_HTTP_BAD_REQUEST
           : status > 128            ? SERVE_HTTP_UNAVAILABLE
                                     : SERVE_HTTP_UNPROCESSABLE;
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

int serve_run_reply_lines(serve_run *run, serve_request *req)
{
    if (run->status != SK_EXIT_OK)
        return serve_error(req, serve_run_http_status(run->status), "%s", run->err.message);
    serve_text t;
    if (serve_text_open(&t))
        return -1;
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
    return serve_send(req, SERVE_HTTP_OK, "application/json", t.data, t.len, NULL);
}
