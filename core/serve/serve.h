/* The web face of sudokit (`sudokit serve`): a local HTTP server on
 * libmicrohttpd with one embedded page and a JSON API over the operations. */
#ifndef SUDOKIT_SERVE_H
#define SUDOKIT_SERVE_H

#include "sudokit/ops.h"

/* The server, as the serve operation's sk_server_fn: listen on config's
 * address and port, print the page's URL (with its token) on ctx's out
 * stream, answer requests until SIGINT or SIGTERM, then stop taking
 * requests and save every open game. Returns 0, or 1 with err when it
 * could not start. */
int ski_serve_run(void *user, sk_ctx *ctx, const sk_serve_config *config, sk_error *err);

#endif /* SUDOKIT_SERVE_H */
