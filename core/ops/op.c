/* Operations: the registry, requests built from keys, runs, and output. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "keys.h"
#include "op.h"

static const ski_op_def *const op_defs[] = {
    &ski_op_solve,  &ski_op_generate, &ski_op_rate,  &ski_op_hint,  &ski_op_import, &ski_op_query,
    &ski_op_export, &ski_op_bench,    &ski_op_play,  &ski_op_games, &ski_op_serve, &ski_op_plugins,
    &ski_op_init,   &ski_op_stats,    &ski_op_benchmarks, &ski_op_check, &ski_op_canon, &ski_op_merge,
    &ski_op_grids,  &ski_op_print,    NULL,
};

const sk_op_info *sk_op_info_at(size_t index)
{
    return index < sizeof op_defs / sizeof op_defs[0] - 1 ? &op_defs[index]->info : NULL;
}

static const ski_op_def *op_def_find(const char *name)
{
    for (size_t i = 0; op_defs[i]; i++)
        if (strcmp(op_defs[i]->info.name, name) == 0)
            return op_defs[i];
    return NULL;
}

const sk_op_info *sk_op_find(const char *name)
{
    const ski_op_def *def = op_def_find(name);
    return def ? &def->info : NULL;
}

const sk_key *sk_op_key(const sk_op_info *info, const char *name)
{
    for (const sk_key *key = info->keys; key->name; key++) {
        size_t i = 0;
        for (; key->name[i] && name[i]; i++)
            if (key->name[i] != name[i] && !(key->name[i] == '-' && name[i] == '_'))
                break;
        if (!key->name[i] && !name[i])
            return key;
    }
    return NULL;
}

sk_ctx *ski_op_ctx(const sk_op *op)
{
    return op->ctx;
}

bool ski_op_quiet(const sk_op *op)
{
    return op->quiet || ski_ctx_quiet(op->ctx);
}

/* Hand a parsed value to the request: the keys every operation shares
 * (output, quiet, the resume flag of solve and rate) are kept here, the
 * others, play's resume (a game) included, go to the operation. */
static int op_give(sk_op *op, const sk_key *key, const sk_value *value, sk_error *err)
{
    if (strcmp(key->name, "output") == 0)
        return ski_op_output_to(op, value->text, err);
    if (strcmp(key->name, "quiet") == 0) {
        op->quiet = value->flag;
        return 0;
    }
    if (strcmp(key->name, "resume") == 0 && key->kind == SK_KEY_FLAG) {
        op->resume = value->flag;
        return 0;
    }
    return op->def->set(op, op->state, key, value, err);
}

/* Give one key a face's value, parsed for its kind (strategy names are
 * looked up in the context's host). */
static int op_apply(sk_op *op, const sk_key *key, const char *text, sk_error *err)
{
    sk_value value;
    char scratch[1024];
    sk_host *host = key->kind == SK_KEY_STRATEGY ? sk_ctx_host(op->ctx) : NULL;
    if (ski_key_parse(op->def->info.name, key, text, host, &value, scratch, sizeof scratch,
                     err))
        return -1;
    return op_give(op, key, &value, err);
}

/* Give a key its default, marked as such. */
static int op_apply_fallback(sk_op *op, const sk_key *key, sk_error *err)
{
    sk_value value;
    char scratch[256];
    memset(&value, 0, sizeof value);
    value.text = key->fallback;
    if (key->kind != SK_KEY_STRATEGY &&
        ski_key_parse(op->def->info.name, key, key->fallback, NULL, &value, scratch,
                     sizeof scratch, err))
        return -1;
    value.fallback = true;
    return op_give(op, key, &value, err);
}

int sk_op_new(sk_ctx *ctx, const char *name, sk_op **out, sk_error *err)
{
    *out = NULL;
    const ski_op_def *def = op_def_find(name);
    if (!def)
        return sk_error_set(err, SK_EXIT_USAGE, "unknown operation '%s'", name);
    sk_op *op = calloc(1, sizeof *op);
    if (!op || !(op->state = calloc(1, def->state_size ? def->state_size : 1))) {
        free(op);
        return sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
    }
    op->def = def;
    op->ctx = ctx;
    if (def->init)
        def->init(op->state);
    for (const sk_key *key = def->info.keys; key->name; key++) {
        if (key->fallback && op_apply_fallback(op, key, err)) {
            sk_op_free(op);
            return -1;
        }
    }
    *out = op;
    return 0;
}

int sk_op_set(sk_op *op, const char *name, const char *value, sk_error *err)
{
    const sk_key *key = sk_op_key(&op->def->info, name);
    if (!key)
        return sk_error_set(err, SK_EXIT_USAGE, "%s: unknown option '%s' (see sudokit %s --help)",
                            op->def->info.name, name, op->def->info.name);
    return op_apply(op, key, value, err);
}

void sk_op_set_sink(sk_op *op, const sk_sink *sink)
{
    op->has_sink = sink != NULL;
    if (sink)
        op->sink = *sink;
}

void sk_op_set_player(sk_op *op, sk_player_fn fn, void *user)
{
    op->player = fn;
    op->player_user = user;
}

void sk_op_set_server(sk_op *op, sk_server_fn fn, void *user)
{
    op->server = fn;
    op->server_user = user;
}

const char *ski_op_output_path(const sk_op *op)
{
    return op->output_path;
}

const sk_op_summary *sk_op_summary_of(const sk_op *op)
{
    return &op->summary;
}

/* The status and message of a run that a stop request ended: 128 + the
 * signal that asked, as a shell reports it, or 1 for sk_ctx_stop(ctx, 0);
 * what it kept (kept: 1 the output's finished part, -1 it could not, why
 * in keep_err). */
static int op_stopped(sk_op *op, int stop, int kept, const sk_error *keep_err, sk_error *err)
{
    char partial[600] = "";
    if (kept > 0)
        snprintf(partial, sizeof partial, "; what was finished, in input order, is kept in "
                 "%.400s.partial: the same command with --resume goes on from it",
                 op->output_path);
    else if (kept < 0)
        snprintf(partial, sizeof partial, "; what was finished could not be kept: %.400s",
                 keep_err->message);
    op->summary.stopped = true;
    char stored[300] = "";
    if (op->stop_hint)
        snprintf(stored, sizeof stored, "; what was stored before is kept: %.200s",
                 op->stop_hint);
    else if (op->summary.added)
        snprintf(stored, sizeof stored, "; what was stored before is kept");
    if (stop == SK_STOP_REQUESTED)
        return SK_FAIL(err, SK_EXIT_FAILURE, "%s: stopped on request%s%s", op->def->info.name,
                       stored, partial);
    return SK_FAIL(err, 128 + stop, "%s: stopped by signal %d%s%s", op->def->info.name, stop,
                   stored, partial);
}

bool ski_op_stopped(const sk_op *op)
{
    return sk_ctx_stopped(op->ctx) != 0;
}

int sk_op_run(sk_op *op, sk_error *err)
{
    err->status = SK_EXIT_OK;
    err->message[0] = '\0';
    if (op->def->check && op->def->check(op, op->state, err))
        return err->status;
    if (op->output_path && !op->has_sink && ski_op_check_output(op, op->output_path, err))
        return err->status;
    memset(&op->summary, 0, sizeof op->summary);
    double start = ski_now();
    ski_ctx_run_begin(op->ctx);
    int status = op->def->run(op, op->state, err);
    if (status == SK_EXIT_OK && op->output_error.status) {
        *err = op->output_error;
        status = err->status;
    }
    int stop = sk_ctx_stopped(op->ctx);
    ski_ctx_run_end(op->ctx);
    sk_error close_err = {0};
    int kept = stop ? ski_op_keep_partial(op, &close_err) : 0;
    if (ski_op_output_close(op, status == SK_EXIT_OK && !stop, &close_err) && status == 0) {
        *err = close_err;
        status = err->status;
    }
    if (status == SK_EXIT_OK && !stop)
        ski_op_resume_done(op);
    op->summary.seconds = ski_now() - start;
    if (stop)
        status = op_stopped(op, stop, kept, &close_err, err);
    return status;
}

void sk_op_free(sk_op *op)
{
    if (!op)
        return;
    sk_error ignored;
    ski_op_output_close(op, false, &ignored);
    if (op->def->release)
        op->def->release(op->state);
    free(op->state);
    free(op->output_path);
    free(op->resume_from);
    free(op);
}
