/* The server's state, apart from any socket: its token, the host it
 * lends, its database, and its open games saved when it stops. */
#include <stdlib.h>
#include <string.h>

#include "serve_internal.h"

int serve_server_init(serve_server *server, sk_ctx *ctx, const char *db_path, sk_error *err)
{
    sk_error why;
    memset(server, 0, sizeof *server);
    server->ctx = ctx;
    if (!(server->host = sk_ctx_host(ctx)))
        return sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
    if (db_path && !(server->db_path = strdup(db_path)))
        return sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
    if (serve_token_make(server->token, &why))
        return sk_error_set(err, SK_EXIT_FAILURE, "serve: %s", why.message);
    if (sk_store_open(server->db_path, &server->store, &why))
        return sk_error_set(err, SK_EXIT_FAILURE, "serve: %s (choose another file with --db)",
                            why.message);
    return 0;
}

size_t serve_server_release(serve_server *server)
{
    size_t saved = serve_games_close_all(server);
    sk_store_close(server->store);
    free(server->db_path);
    server->store = NULL;
    server->db_path = NULL;
    return saved;
}
