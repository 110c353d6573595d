/* `sudokit serve`: the serve operation, with the web server of core/serve
 * as its face. */
#include "cli.h"
#include "serve.h"

int sk_cmd_serve(sk_cli *cli, int argc, char **argv)
{
    return sk_cli_op_serving(cli, "serve", "serve", argc, argv, sk_serve_run, NULL);
}
