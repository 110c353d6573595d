/* Operation plugins: every loaded strategy, one row each. */
#include "op.h"

enum { PLUGINS_KIND, PLUGINS_OPTIONS, PLUGINS_FORMAT, PLUGINS_OUTPUT };

static const char *const plugins_kinds[] = {"", "solver", "generator", "rater", "constraint", NULL};

static const sk_key plugins_keys[] = {
    {.name = "kind", .kind = SK_KEY_CHOICE, .value_name = "KIND", .choices = plugins_kinds,
     .help = "only strategies of this kind: solver, generator, rater or constraint", .id = PLUGINS_KIND},
    {.name = "options", .kind = SK_KEY_FLAG, .help = "also show each strategy's options",
     .id = PLUGINS_OPTIONS},
    {.name = "format", .short_name = 'f', .kind = SK_KEY_CHOICE, .value_name = "F",
     .fallback = "table", .choices = ski_rows_format_names, .help = "table, csv or json",
     .id = PLUGINS_FORMAT},
    SK_KEY_OUTPUT(PLUGINS_OUTPUT),
    SK_KEY_END,
};

typedef struct plugins_state {
    int kind; /* 0: every kind */
    bool options;
    ski_rows_format format;
} plugins_state;

static int plugins_set(sk_op *op, void *state, const sk_key *key, const sk_value *v,
                       sk_error *err)
{
    plugins_state *s = state;
    (void)op, (void)err;
    if (key->id == PLUGINS_KIND)
        s->kind = (int)v->integer;
    else if (key->id == PLUGINS_OPTIONS)
        s->options = v->flag;
    else if (key->id == PLUGINS_FORMAT)
        s->format = (ski_rows_format)v->integer;
    return 0;
}

static int plugins_run(sk_op *op, void *state, sk_error *err)
{
    plugins_state *s = state;
    sk_host *host = sk_ctx_host(ski_op_ctx(op));
    if (!host)
        return SK_FAIL(err, SK_EXIT_FAILURE, "out of memory");
    for (size_t i = 0; i < sk_host_strategy_count(host); i++) {
        const sk_host_strategy *entry = sk_host_strategy_at(host, i);
        const sk_strategy *st = entry->strategy;
        if (s->kind && (int)st->kind != s->kind)
            continue;
        sk_row_cell cells[] = {
            {"kind", SK_CELL_TEXT, plugins_kinds[st->kind], 0, 0, 0, -10},
            {"name", SK_CELL_TEXT, st->name, 0, 0, 0, -10},
            {"plugin", SK_CELL_TEXT, entry->plugin_name, 0, 0, 0, -20},
            {"version", SK_CELL_TEXT, entry->plugin_version, 0, 0, 0, -7},
            {"path", SK_CELL_TEXT, entry->path, 0, 0, 0, 0},
            {"summary", SK_CELL_TEXT, st->summary, 0, 0, 0, -1},
            {"options", st->options_help ? SK_CELL_TEXT : SK_CELL_NULL, st->options_help, 0, 0, 0,
             s->options ? -1 : 0},
        };
        if (ski_op_emit_cells(op, s->format, cells, 7, op->summary.done == 0, err))
            return err->status;
        op->summary.done++;
    }
    if (sk_host_strategy_count(host) == 0)
        return SK_FAIL(err, SK_EXIT_FAILURE,
                       "no plugins found; use --plugin-path or SUDOKIT_PLUGIN_PATH");
    if (sk_host_problems(host))
        return SK_FAIL(err, SK_EXIT_FAILURE, "plugins: %d plugin files could not be loaded",
                       sk_host_problems(host));
    return SK_EXIT_OK;
}

const ski_op_def ski_op_plugins = {
    .info = {.name = "plugins",
             .summary = "list every loaded strategy",
             .synopsis = "",
             .description = "List every strategy of every loaded plugin: kind, name, plugin, "
                            "version and a one-line summary. Problems met while loading plugins "
                            "are printed on stderr and make the exit status 1.",
             .keys = plugins_keys,
             .inputs = SK_INPUT_NONE},
    .state_size = sizeof(plugins_state),
    .set = plugins_set,
    .run = plugins_run,
};
