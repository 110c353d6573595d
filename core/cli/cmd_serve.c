/* `sudokit serve`: the serve operation, with the web server of the serve
 * module (core/serve, loaded here) as its face. */
#include "cli.h"
#include "serve_module.h"

/* The serve operation's server: the module's, loaded now. */
static int cmd_serve_server(void *user, sk_ctx *ctx, const sk_serve_config *config,
                            sk_error *err)
{
    sk_error why;
    const ski_serve_module_table *module =
        ski_module_load("serve", SK_SERVE_MODULE_ABI, sizeof(ski_serve_module_table), &why);
    if (!module) {
        sk_error_set(err, SK_EXIT_FAILURE, "serve: %s", why.message);
        return SK_EXIT_FAILURE;
    }
    return module->run(user, ctx, config, err);
}

int ski_cmd_serve(ski_cli *cli, int argc, char **argv)
{
    return ski_cli_op_serving(cli, "serve", "serve", argc, argv, cmd_serve_server, NULL);
}
