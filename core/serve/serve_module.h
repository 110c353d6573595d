/* The serve module's entry table: what `sudokit serve` (core/cli/
 * cmd_serve.c) asks of sudokit-serve.so, the web server that links
 * libmicrohttpd. Both sides include this header. The server runs the
 * operations layer, which it calls in the executable that loads it: only
 * the sudokit executable serves (the serve operation needs a face's
 * server), and it exports the API of the headers the module includes
 * (core/serve/CMakeLists.txt). Change SK_SERVE_MODULE_ABI with any change
 * of the table. */
#ifndef SUDOKIT_SERVE_MODULE_H
#define SUDOKIT_SERVE_MODULE_H

#include "module.h"
#include "sudokit/ops.h"

#define SK_SERVE_MODULE_ABI 1

typedef struct ski_serve_module_table {
    ski_module_header header; /* SK_SERVE_MODULE_ABI, sizeof this table, SK_VERSION */

    /* The server, as the serve operation's sk_server_fn: listen on
     * config's address and port, print the page's URL (with its token) on
     * ctx's out stream, answer requests until SIGINT or SIGTERM, then stop
     * taking requests and save every open game. Returns 0, or the exit
     * status with err when it could not start. */
    int (*run)(void *user, sk_ctx *ctx, const sk_serve_config *config, sk_error *err);
} ski_serve_module_table;

/* The module's one exported symbol. */
extern const ski_serve_module_table ski_serve_module;

#endif /* SUDOKIT_SERVE_MODULE_H */
