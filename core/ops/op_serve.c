/* Operation serve: the keys of the local web server (address, port,
 * database, token file); the server itself is a face (core/serve) lent to
 * the run. */
#include <stdlib.h>

#include "op.h"

enum { SERVE_PORT, SERVE_BIND, SERVE_DB, SERVE_TOKEN_FILE };

static const sk_key serve_keys[] = {
    {.name = "port", .short_name = 'p', .kind = SK_KEY_INT, .value_name = "N", .fallback = "8080",
     .min = 0, .max = 65535, .help = "TCP port to listen on (0: any free port)",
     .id = SERVE_PORT},
    {.name = "bind", .kind = SK_KEY_TEXT, .value_name = "ADDR", .fallback = "127.0.0.1",
     .help = "IPv4 or IPv6 address to listen on (another than the loopback lets other "
             "machines in: each still needs the token)",
     .id = SERVE_BIND},
    {.name = "db", .kind = SK_KEY_TEXT, .value_name = "FILE",
     .help = "the database (default: the global --db, $SUDOKIT_DB, then the default path)",
     .id = SERVE_DB},
    {.name = "token-file", .kind = SK_KEY_TEXT, .value_name = "FILE",
     .help = "keep the token in FILE, made with a new random token (mode 0600) when missing, "
             "so that the URL and its bookmarks stay valid from one start to the next "
             "(default: a new token at every start)",
     .id = SERVE_TOKEN_FILE},
    SK_KEY_END,
};

typedef struct serve_state {
    int port;
    char *bind, *db, *token_file;
} serve_state;

static int serve_set(sk_op *op, void *state, const sk_key *key, const sk_value *v,
                     sk_error *err)
{
    serve_state *s = state;
    (void)op;
    switch (key->id) {
    case SERVE_PORT: s->port = (int)v->integer; return 0;
    case SERVE_BIND: return ski_op_copy(&s->bind, v->text, err);
    case SERVE_DB: return ski_op_copy(&s->db, v->text, err);
    case SERVE_TOKEN_FILE: return ski_op_copy(&s->token_file, v->text, err);
    default: return 0;
    }
}

static int serve_run(sk_op *op, void *state, sk_error *err)
{
    serve_state *s = state;
    if (!op->server)
        return SK_FAIL(err, SK_EXIT_USAGE, "serve: only the command line serves (run "
                       "`sudokit serve`)");
    sk_serve_config config = {.bind = s->bind, .port = s->port,
                              .db_path = s->db ? s->db : sk_ctx_db_path(ski_op_ctx(op)),
                              .token_file = s->token_file};
    return op->server(op->server_user, ski_op_ctx(op), &config, err);
}

static void serve_release(void *state)
{
    serve_state *s = state;
    free(s->bind);
    free(s->db);
    free(s->token_file);
}

const ski_op_def ski_op_serve = {
    .info = {.name = "serve",
             .summary = "play and explore in the browser: a local web server",
             .synopsis = "",
             .description =
                 "Serve one page and a JSON API over the operations: play (the games of "
                 "play, saved after every move, resumable in the terminal), explore the "
                 "database and a puzzle's explained solve path, export a selection, and "
                 "chart scores and benchmark runs. It prints a URL with a random token "
                 "(new at every start, or kept in --token-file); every request needs a "
                 "Host naming this server, and every API request that token and this "
                 "page's origin (docs/serve.md). SIGINT or SIGTERM stop it with every "
                 "game saved.",
             .keys = serve_keys,
             .inputs = SK_INPUT_NONE},
    .state_size = sizeof(serve_state),
    .set = serve_set,
    .run = serve_run,
    .release = serve_release,
};
