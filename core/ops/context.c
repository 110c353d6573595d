/* The context operations share: plugin host, database path, streams,
 * messages, the stop request. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cleanup.h"
#include "host_guard.h"
#include "op.h"

struct sk_ctx {
    char *plugin_path;
    bool allow_writable;
    char *db_path;
    sk_host *host;
    sk_store *store; /* lent */
    int store_opens; /* sk_ctx_open_store of the lent store not yet closed */
    sk_store_stop_fn store_stop_before; /* the lent store's stop check */
    void *store_stop_user_before;
    bool owns_host;
    bool host_tried;
    int (*prepare_host)(sk_host *host, sk_error *err);
    FILE *out;
    ski_messages messages;
    bool quiet;
    bool isolate_bench;
    sk_access *access;  /* lent */
    const void *strategy_context; /* lent */
    char refusal[1024]; /* the first path access refused, or "" */
    ski_stop stop;
};

static char *ctx_strdup(const char *text, bool *failed)
{
    if (!text)
        return NULL;
    char *copy = strdup(text);
    *failed |= copy == NULL;
    return copy;
}

sk_ctx *sk_ctx_new(const sk_ctx_config *config)
{
    sk_ctx *ctx = calloc(1, sizeof *ctx);
    if (!ctx)
        return NULL;
    bool failed = false;
    ctx->plugin_path = ctx_strdup(config->plugin_path, &failed);
    ctx->db_path = ctx_strdup(config->db_path, &failed);
    ctx->allow_writable = config->allow_writable_plugins;
    ctx->host = config->host;
    ctx->store = config->store;
    ctx->prepare_host = config->prepare_host;
    ctx->out = config->out ? config->out : stdout;
    ski_messages_init(&ctx->messages, config);
    ctx->quiet = config->quiet;
    ctx->access = config->access;
    ctx->isolate_bench = config->isolate_bench;
    ctx->strategy_context = config->strategy_context;
    ctx->stop.on_signals = config->stop_on_signals;
    /* The program's own handlers for the second signal: its temporary
     * files removed, then the process ended by the signal. */
    if (config->stop_on_signals)
        ski_cleanup_install();
    if (config->crash_reports)
        ski_guard_install();
    if (failed) {
        sk_ctx_free(ctx);
        return NULL;
    }
    return ctx;
}

void sk_ctx_free(sk_ctx *ctx)
{
    if (!ctx)
        return;
    if (ctx->owns_host)
        sk_host_free(ctx->host);
    free(ctx->plugin_path);
    free(ctx->db_path);
    ski_messages_destroy(&ctx->messages);
    free(ctx);
}

static void ctx_load_problem(void *user, const char *message)
{
    sk_ctx_report(user, "plugin problem: %s", message);
}

static void ctx_plugin_log(void *user, int level, const char *message)
{
    (void)level;
    sk_ctx *ctx = user;
    ski_messages_put(&ctx->messages, true, message);
}

sk_host *sk_ctx_host(sk_ctx *ctx)
{
    if (ctx->host || ctx->host_tried)
        return ctx->host;
    ctx->host_tried = true;
    sk_host_config config = {.plugin_path = ctx->plugin_path,
                             .allow_writable = ctx->allow_writable,
                             .report = ctx_load_problem,
                             .report_user = ctx,
                             .log = ctx_plugin_log,
                             .log_user = ctx};
    ctx->host = sk_host_new(&config);
    if (!ctx->host)
        return NULL;
    ctx->owns_host = true;
    sk_error err;
    if (ctx->prepare_host && ctx->prepare_host(ctx->host, &err))
        ctx_load_problem(ctx, err.message);
    return ctx->host;
}

const char *sk_ctx_db_path(const sk_ctx *ctx)
{
    return ctx->db_path;
}

/* Keep the first refusal's message for sk_ctx_refusal; returns -1. */
static int ctx_refused(sk_ctx *ctx, const char *why)
{
    if (!ctx->refusal[0])
        snprintf(ctx->refusal, sizeof ctx->refusal, "%s", why);
    return -1;
}

int sk_ctx_check_file(sk_ctx *ctx, const char *path, sk_access_mode mode, sk_error *err)
{
    sk_error refused;
    if (sk_access_check(ctx->access, path, mode, &refused)) {
        if (err)
            *err = refused;
        return ctx_refused(ctx, refused.message);
    }
    return 0;
}

const char *sk_ctx_refusal(const sk_ctx *ctx)
{
    return ctx->refusal[0] ? ctx->refusal : NULL;
}

/* The stop check of the stores the context's operations use. */
static int ctx_store_stopped(void *user)
{
    return sk_ctx_stopped(user) != 0;
}

/* The lent store, else the database opened by open (once the access
 * policy lets it be), with the context's stop check. */
static int ctx_open_store(sk_ctx *ctx, int (*open)(const char *, sk_store **, sk_error *),
                          sk_store **out, sk_error *err)
{
    if (ctx->store) {
        /* Lent: the context's stop check while it is open here, the
         * lender's again after. */
        if (ctx->store_opens++ == 0)
            sk_store_set_stop(ctx->store, ctx_store_stopped, ctx, &ctx->store_stop_before,
                              &ctx->store_stop_user_before);
        *out = ctx->store;
        return 0;
    }
    sk_error refused;
    if (sk_access_check_store(ctx->access, ctx->db_path, &refused)) {
        if (err)
            *err = refused;
        return ctx_refused(ctx, refused.message);
    }
    if (open(ctx->db_path, out, err))
        return -1;
    sk_store_set_stop(*out, ctx_store_stopped, ctx, NULL, NULL);
    return 0;
}

int sk_ctx_open_store(sk_ctx *ctx, sk_store **out, sk_error *err)
{
    return ctx_open_store(ctx, sk_store_open, out, err);
}

int sk_ctx_open_store_read(sk_ctx *ctx, sk_store **out, sk_error *err)
{
    return ctx_open_store(ctx, sk_store_open_read, out, err);
}

void sk_ctx_close_store(sk_ctx *ctx, sk_store *store)
{
    if (!store)
        return;
    if (store != ctx->store)
        sk_store_close(store);
    else if (--ctx->store_opens == 0)
        sk_store_set_stop(store, ctx->store_stop_before, ctx->store_stop_user_before, NULL, NULL);
}

void sk_ctx_stop(sk_ctx *ctx, int sig)
{
    ski_stop_request(&ctx->stop, sig);
}

int sk_ctx_stopped(const sk_ctx *ctx)
{
    return ski_stop_read(&ctx->stop);
}

void ski_ctx_run_begin(sk_ctx *ctx)
{
    ski_stop_begin(&ctx->stop);
}

void ski_ctx_run_end(sk_ctx *ctx)
{
    ski_stop_end(&ctx->stop);
}

bool ski_ctx_quiet(const sk_ctx *ctx)
{
    return ctx->quiet;
}

bool ski_ctx_isolates_bench(const sk_ctx *ctx)
{
    return ctx->isolate_bench;
}

const void *ski_ctx_strategy_context(const sk_ctx *ctx)
{
    return ctx->strategy_context;
}

bool ski_ctx_lends_store(const sk_ctx *ctx)
{
    return ctx->store != NULL;
}

FILE *sk_ctx_messages(const sk_ctx *ctx)
{
    return ctx->messages.stream;
}

FILE *sk_ctx_out(const sk_ctx *ctx)
{
    return ctx->out;
}

void sk_ctx_report(sk_ctx *ctx, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ski_messages_vprintf(&ctx->messages, true, fmt, ap);
    va_end(ap);
}

void ski_ctx_say(sk_ctx *ctx, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ski_messages_vprintf(&ctx->messages, false, fmt, ap);
    va_end(ap);
}
