/* The sudokit command line: global options, and the one runner that turns
 * a command line into an operation of the operations layer (core/ops). */
#ifndef SUDOKIT_CLI_H
#define SUDOKIT_CLI_H

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

#include "sudokit/ops.h"

/* The usage error of an unknown option arg of command (NULL: a global
 * option; words: the command's words for "see sudokit WORDS --help"):
 * the nearest of names ("--solver", NULL-terminated) when arg looks like
 * a typo of one. Returns 2. */
int ski_cli_unknown_option(const char *command, const char *words, const char *arg,
                          const char *const *names);

/* Global options and the context of one invocation. */
typedef struct ski_cli {
    const char *plugin_path; /* --plugin-path, may be NULL */
    const char *db_path;     /* --db, may be NULL (then SUDOKIT_DB, then default) */
    bool allow_writable;     /* --allow-writable-plugins */
    sk_ctx *ctx;             /* made by ski_cli_ctx */
} ski_cli;

/* The context of the invocation, made on first use (exits on out of
 * memory). */
sk_ctx *ski_cli_ctx(ski_cli *cli);

/* Print "sudokit: " + message + newline on stderr, the message's control
 * characters escaped (ski_text_escape: a file name or a plugin's text
 * cannot drive the terminal); returns 1 (or 2 for ski_cli_usage) for
 * `return ski_cli_fail(...)`. ski_cli_fail_lines keeps the message's line
 * ends and tabs (a Lua traceback). */
int ski_cli_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int ski_cli_fail_lines(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int ski_cli_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Run operation name as `sudokit WORDS ...`: argv[0] is the last command
 * word, then options (getopt, made from the operation's keys) and
 * positional words (its input key). preset holds key/value pairs set
 * first (NULL-terminated, may be NULL). Returns the exit status. */
int ski_cli_op(ski_cli *cli, const char *name, const char *words, int argc, char **argv,
              const char *const *preset);

/* ski_cli_op with a player lent to the operation (play's terminal). */
int ski_cli_op_playing(ski_cli *cli, const char *name, const char *words, int argc, char **argv,
                      sk_player_fn player, void *player_user);

/* ski_cli_op with a server lent to the operation (serve's web server). */
int ski_cli_op_serving(ski_cli *cli, const char *name, const char *words, int argc, char **argv,
                      sk_server_fn server, void *server_user);

/* A command: `sudokit WORD [SUB] ...`. It runs operation op through
 * ski_cli_op, or its own run function (play lends the operation a
 * terminal; run and help are no operation, and bring their summary and
 * usage text). */
typedef struct ski_cli_command {
    const char *word, *sub; /* sub: the second word (db ...), or NULL     */
    const char *op;         /* the operation, its name the last word      */
    int (*run)(ski_cli *cli, int argc, char **argv);
    const char *summary;    /* without op: one line                       */
    const char *usage;      /* without op: what --help prints             */
} ski_cli_command;

/* The commands, in the order of the manual; NULL past the end. */
const ski_cli_command *ski_cli_command_at(size_t index);

/* The command's words ("db query") into buf. */
void ski_cli_command_words(const ski_cli_command *command, char *buf, size_t len);

/* The command's one line of summary (its operation's, or its own). */
const char *ski_cli_command_summary(const ski_cli_command *command);

/* The usage of `sudokit run` and `sudokit help` (their --help and their
 * sections of the manual), and run's options (for the completion). */
extern const char ski_cmd_run_usage[];
extern const char ski_cmd_help_usage[];
extern const struct option ski_cmd_run_options[];

/* The commands that are more than an operation. */
int ski_cmd_play(ski_cli *cli, int argc, char **argv);
int ski_cmd_serve(ski_cli *cli, int argc, char **argv);
int ski_cmd_help(ski_cli *cli, int argc, char **argv);
int ski_cmd_run(ski_cli *cli, int argc, char **argv);

/* The top-level usage (`sudokit --help`): the manual's text. */
void ski_cli_main_usage(FILE *out);

/* What bare `sudokit` prints: the usage lines and the commands, one line
 * each. */
void ski_cli_short_usage(FILE *out);

/* The commands whose first word is group (`sudokit db --help`, `sudokit
 * help db`): their usage line and summaries. */
void ski_cli_group_usage(FILE *out, const char *group);

/* What `sudokit WORDS --help` prints: the manual of the command named
 * words, run as operation info (its options, examples and more). */
void ski_cli_command_help(const sk_op_info *info, const char *words, FILE *out);

/* The examples of the command named words ("db query") in format: a
 * section of its --help, docs/cli.md or man page (nothing when it has
 * none). words NULL: every example's command line, one a line. */
void ski_cli_examples(FILE *out, const char *words, sk_usage_format format);

/* The keys of play in the terminal, as a section in format. */
void ski_cli_play_keys(FILE *out, sk_usage_format format);

/* The bash completion script of every command, option and value (`sudokit
 * help --format bash`), made from the command table, the operations' keys
 * and the count global options of the manual ({name, value or NULL,
 * help}; "-h, --help" names two). */
void ski_cli_completion_bash(FILE *out, const char *const globals[][3], size_t count);

#endif /* SUDOKIT_CLI_H */
