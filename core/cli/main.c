/* sudokit: the global options and the command table. Every command is an
 * operation of core/ops (the words name it); play adds the terminal and
 * run the Lua interpreter. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sudokit_lua.h"

/* `sudokit WORD [SUB]`: the operation it runs, or a command of its own. */
typedef struct cli_command {
    const char *word, *sub, *op;
    int (*run)(sk_cli *cli, int argc, char **argv);
    const char *summary; /* for commands that are not an operation */
} cli_command;

static const cli_command commands[] = {
    {"solve", NULL, "solve", NULL, NULL},
    {"generate", NULL, "generate", NULL, NULL},
    {"rate", NULL, "rate", NULL, NULL},
    {"hint", NULL, "hint", NULL, NULL},
    {"play", NULL, NULL, sk_cmd_play, "play in the terminal: marks, undo, hints, autosave"},
    {"games", NULL, "games", NULL, NULL},
    {"bench", NULL, "bench", NULL, NULL},
    {"print", NULL, "print", NULL, NULL},
    {"plugins", NULL, "plugins", NULL, NULL},
    {"run", NULL, NULL, sk_cmd_run, "run a Lua script with the sudokit module"},
    {"help", NULL, NULL, sk_cmd_help, "the manual of a command, or all of it (markdown, man)"},
    {"db", "init", "init", NULL, NULL},
    {"db", "import", "import", NULL, NULL},
    {"db", "export", "export", NULL, NULL},
    {"db", "query", "query", NULL, NULL},
    {"db", "stats", "stats", NULL, NULL},
    {"db", "check", "check", NULL, NULL},
    {"db", "canon", "canon", NULL, NULL},
    {"db", "merge", "merge", NULL, NULL},
};
#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

void sk_cli_main_usage(FILE *out)
{
    fputs("usage: sudokit [--plugin-path PATH] [--allow-writable-plugins] [--db FILE]\n"
          "               COMMAND [ARGS...]\n"
          "       sudokit -c N [--seed S]           write N distinct complete grids to ./sudoku.txt\n"
          "       sudokit -s FILE [--solver NAME]   solve every puzzle of FILE into ./sudoku.txt\n"
          "\n"
          "Global options:\n"
          "  --plugin-path PATH  ':'-separated plugin files or folders, searched first\n"
          "                      (then $SUDOKIT_PLUGIN_PATH, then the built-in folder)\n"
          "  --allow-writable-plugins  load plugins that every user may write to\n"
          "                      (refused by default: anyone could run code through them)\n"
          "  --db FILE           the database (else $SUDOKIT_DB, else\n"
          "                      $XDG_DATA_HOME/sudokit/sudokit.db)\n"
          "  -h, --help          this help; `sudokit COMMAND --help` for a command\n"
          "  --version           print the version\n"
          "\n"
          "Commands:\n",
          out);
    for (size_t i = 0; i < COMMAND_COUNT; i++) {
        const cli_command *c = &commands[i];
        char words[32];
        snprintf(words, sizeof words, "%s%s%s", c->word, c->sub ? " " : "", c->sub ? c->sub : "");
        fprintf(out, "  %-11s %s\n", words, c->op ? sk_op_find(c->op)->summary : c->summary);
    }
    fputs("\nExit status: 0 all done, 1 some input failed (each named on stderr), 2 a bad\n"
          "command line.\n",
          out);
}

static int main_vfail(int status, const char *fmt, va_list ap)
{
    fputs("sudokit: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    return status;
}

int sk_cli_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int status = main_vfail(SK_EXIT_FAILURE, fmt, ap);
    va_end(ap);
    return status;
}

int sk_cli_usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int status = main_vfail(SK_EXIT_USAGE, fmt, ap);
    va_end(ap);
    return status;
}

sk_ctx *sk_cli_ctx(sk_cli *cli)
{
    if (!cli->ctx) {
        sk_ctx_config config = {.plugin_path = cli->plugin_path,
                                .allow_writable_plugins = cli->allow_writable,
                                .db_path = cli->db_path,
                                .prepare_host = sk_lua_register};
        cli->ctx = sk_ctx_new(&config);
        if (!cli->ctx) {
            sk_cli_fail("out of memory");
            exit(SK_EXIT_FAILURE);
        }
    }
    return cli->ctx;
}

/* Flush and close stdout, so that output lost on a full disk or a closed
 * pipe is an error (status 1) even when the command itself succeeded. */
static int main_close_stdout(int status)
{
    errno = 0;
    bool failed = fflush(stdout) != 0 || ferror(stdout);
    int error = errno;
    failed |= fclose(stdout) != 0;
    if (!error)
        error = errno;
    if (failed && status == SK_EXIT_OK)
        return sk_cli_fail("cannot write the output: %s", error ? strerror(error) : "write error");
    return status;
}

/* Take a global option's value from "--name=value" or the next word;
 * NULL (after saying why) when there is none. */
static const char *main_option_value(int argc, char **argv, int *i, const char *name)
{
    size_t len = strlen(name);
    if (argv[*i][len] == '=')
        return argv[*i] + len + 1;
    if (*i + 1 >= argc) {
        sk_cli_usage("%s needs a value", name);
        return NULL;
    }
    return argv[++*i];
}

/* `sudokit -c N ...` and `sudokit -s FILE ...`: the grids and solve
 * operations into ./sudoku.txt; the words after N or FILE are theirs. */
static int main_classic(sk_cli *cli, int argc, char **argv, int i)
{
    bool count = strcmp(argv[i], "-c") == 0;
    if (i + 1 >= argc)
        return sk_cli_usage("%s needs %s (see sudokit --help)", argv[i],
                            count ? "a count N" : "a puzzle FILE");
    const char *grids[] = {"count", argv[i + 1], NULL};
    const char *solve[] = {"input", argv[i + 1], "format", "classic", "verify", "1",
                           "output", "sudoku.txt", NULL};
    /* The option parser sees "-c" as its command word, then the rest. */
    argv[i + 1] = argv[i];
    return sk_cli_op(cli, count ? "grids" : "solve", argv[i], argc - i - 1, argv + i + 1,
                     count ? grids : solve);
}

/* Run the command at argv[0] (and argv[1] for db). */
static int main_command(sk_cli *cli, int argc, char **argv)
{
    for (size_t c = 0; c < COMMAND_COUNT; c++) {
        const cli_command *cmd = &commands[c];
        if (strcmp(argv[0], cmd->word) != 0 || (cmd->sub && (argc < 2 || strcmp(argv[1], cmd->sub))))
            continue;
        if (cmd->run)
            return cmd->run(cli, argc, argv);
        char words[32];
        snprintf(words, sizeof words, "%s%s%s", cmd->word, cmd->sub ? " " : "",
                 cmd->sub ? cmd->sub : "");
        int shift = cmd->sub ? 1 : 0;
        return sk_cli_op(cli, cmd->op, words, argc - shift, argv + shift, NULL);
    }
    if (strcmp(argv[0], "db") == 0)
        return sk_cli_usage("db: %s%s%s (init, import, export, query, stats, check, canon or merge; "
                            "see "
                            "sudokit --help)", argc < 2 ? "give a subcommand" : "unknown "
                            "subcommand '", argc < 2 ? "" : argv[1], argc < 2 ? "" : "'");
    return sk_cli_usage("unknown command '%s' (see sudokit --help)", argv[0]);
}

int main(int argc, char **argv)
{
    sk_cli cli = {0};
    int status = SK_EXIT_USAGE;
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
            sk_cli_main_usage(stdout);
            return main_close_stdout(SK_EXIT_OK);
        } else if (strcmp(arg, "--version") == 0) {
            printf("sudokit %s (plugin ABI %d.%d)\n", SK_VERSION, SK_ABI_MAJOR, SK_ABI_MINOR);
            return main_close_stdout(SK_EXIT_OK);
        } else if (strncmp(arg, "--plugin-path", 13) == 0 && (arg[13] == '\0' || arg[13] == '=')) {
            if (!(cli.plugin_path = main_option_value(argc, argv, &i, "--plugin-path")))
                return SK_EXIT_USAGE;
        } else if (strcmp(arg, "--allow-writable-plugins") == 0) {
            cli.allow_writable = true;
        } else if (strncmp(arg, "--db", 4) == 0 && (arg[4] == '\0' || arg[4] == '=')) {
            if (!(cli.db_path = main_option_value(argc, argv, &i, "--db")))
                return SK_EXIT_USAGE;
        } else if (strcmp(arg, "-c") == 0 || strcmp(arg, "-s") == 0) {
            status = main_classic(&cli, argc, argv, i);
            goto done;
        } else {
            return sk_cli_usage("unknown option '%s' (see sudokit --help)", arg);
        }
    }
    if (i >= argc) {
        sk_cli_main_usage(stderr);
        return SK_EXIT_USAGE;
    }
    status = main_command(&cli, argc - i, argv + i);
done:
    sk_ctx_free(cli.ctx);
    return main_close_stdout(status);
}
