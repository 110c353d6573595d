/* The sudokit command line: global options, and the one runner that turns
 * a command line into an operation of the operations layer (core/ops). */
#ifndef SUDOKIT_CLI_H
#define SUDOKIT_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "sudokit/ops.h"

/* Global options and the context of one invocation. */
typedef struct sk_cli {
    const char *plugin_path; /* --plugin-path, may be NULL */
    const char *db_path;     /* --db, may be NULL (then SUDOKIT_DB, then default) */
    bool allow_writable;     /* --allow-writable-plugins */
    sk_ctx *ctx;             /* made by sk_cli_ctx */
} sk_cli;

/* The context of the invocation, made on first use (exits on out of
 * memory). */
sk_ctx *sk_cli_ctx(sk_cli *cli);

/* Print "sudokit: " + message + newline on stderr; returns 1 (or 2 for
 * sk_cli_usage) for `return sk_cli_fail(...)`. */
int sk_cli_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int sk_cli_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Run operation name as `sudokit WORDS ...`: argv[0] is the last command
 * word, then options (getopt, made from the operation's keys) and
 * positional words (its input key). preset holds key/value pairs set
 * first (NULL-terminated, may be NULL). Returns the exit status. */
int sk_cli_op(sk_cli *cli, const char *name, const char *words, int argc, char **argv,
              const char *const *preset);

/* sk_cli_op with a player lent to the operation (play's terminal). */
int sk_cli_op_playing(sk_cli *cli, const char *name, const char *words, int argc, char **argv,
                      sk_player_fn player, void *player_user);

/* sk_cli_op with a server lent to the operation (serve's web server). */
int sk_cli_op_serving(sk_cli *cli, const char *name, const char *words, int argc, char **argv,
                      sk_server_fn server, void *server_user);

/* The usage of `sudokit run` (its --help and its section of the manual). */
extern const char sk_cmd_run_usage[];

/* The commands that are more than an operation. */
int sk_cmd_play(sk_cli *cli, int argc, char **argv);
int sk_cmd_serve(sk_cli *cli, int argc, char **argv);
int sk_cmd_help(sk_cli *cli, int argc, char **argv);

/* The top-level usage (`sudokit --help`). */
void sk_cli_main_usage(FILE *out);
int sk_cmd_run(sk_cli *cli, int argc, char **argv);

#endif /* SUDOKIT_CLI_H */
