/* sudokit: entry point, global options and command dispatch. */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sudokit_lua.h"

static const sk_command commands[] = {
    {"solve", sk_cmd_solve, "solve puzzles from a file or stdin, to stdout"},
    {"plugins", sk_cmd_plugins, "list every loaded strategy"},
    {"run", sk_cmd_run, "run a Lua script with the sudokit module"},
    {"generate", sk_cmd_generate, "generate puzzles with a generator strategy"},
    {"rate", sk_cmd_rate, "rate puzzles from a file or stdin"},
    {"hint", sk_cmd_hint, "the next easiest logical step of a position, explained"},
    {"play", sk_cmd_play, "play in the terminal: marks, undo, hints, autosave"},
    {"db", sk_cmd_db, "the puzzle database: init, import, export, query, stats, check"},
    {"games", sk_cmd_games, "list saved and finished games"},
    {"bench", sk_cmd_bench, "time solver strategies on puzzle files"},
};

#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

static void main_usage(FILE *out)
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
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
}

int sk_cli_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("sudokit: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return SK_EXIT_FAILURE;
}

static void main_report(void *user, const char *message)
{
    (void)user;
    fprintf(stderr, "sudokit: plugin problem: %s\n", message);
}

sk_host *sk_cli_host(sk_cli *cli)
{
    if (!cli->host) {
        cli->host = sk_host_new(&(sk_host_config){.plugin_path = cli->plugin_path,
                                                 .allow_writable = cli->allow_writable,
                                                 .report = main_report});
        if (!cli->host) {
            sk_cli_fail("out of memory");
            exit(SK_EXIT_FAILURE);
        }
        char lua_err[256];
        if (sk_lua_register(cli->host, lua_err, sizeof lua_err))
            main_report(NULL, lua_err);
    }
    return cli->host;
}

/* Take a global option's value from "--name=value" or the next word. */
static const char *main_option_value(int argc, char **argv, int *i, const char *name)
{
    size_t len = strlen(name);
    if (argv[*i][len] == '=')
        return argv[*i] + len + 1;
    if (*i + 1 >= argc) {
        sk_cli_fail("%s needs a value", name);
        exit(SK_EXIT_USAGE);
    }
    return argv[++*i];
}

/* `sudokit -c N` and `sudokit -s FILE`, with their optional extras. */
static int main_classic(sk_cli *cli, int argc, char **argv, int i)
{
    const char *mode = argv[i];
    if (i + 1 >= argc) {
        sk_cli_fail("%s needs %s (see sudokit --help)", mode,
                    strcmp(mode, "-c") == 0 ? "a count N" : "a puzzle FILE");
        return SK_EXIT_USAGE;
    }
    const char *value = argv[i + 1];
    const char *seed = NULL, *solver = NULL;
    for (int j = i + 2; j < argc; j++) {
        const char *extra = strcmp(mode, "-c") == 0 ? "--seed" : "--solver";
        if (strcmp(argv[j], extra) == 0 && j + 1 < argc) {
            *(strcmp(mode, "-c") == 0 ? &seed : &solver) = argv[++j];
            continue;
        }
        sk_cli_fail("unexpected argument '%s' after %s %s (see sudokit --help)", argv[j], mode,
                    value);
        return SK_EXIT_USAGE;
    }
    if (strcmp(mode, "-c") == 0)
        return sk_cmd_classic_count(cli, value, seed);
    return sk_cmd_classic_solve(cli, value, solver);
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
    if (failed && status == SK_EXIT_OK) {
        sk_cli_fail("cannot write the output: %s", error ? strerror(error) : "write error");
        return SK_EXIT_FAILURE;
    }
    return status;
}

int main(int argc, char **argv)
{
    sk_cli cli = {.prog = "sudokit"};
    int status = SK_EXIT_USAGE;
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
            main_usage(stdout);
            return main_close_stdout(SK_EXIT_OK);
        } else if (strcmp(arg, "--version") == 0) {
            printf("sudokit %s (plugin ABI %d.%d)\n", SK_VERSION, SK_ABI_MAJOR, SK_ABI_MINOR);
            return main_close_stdout(SK_EXIT_OK);
        } else if (strncmp(arg, "--plugin-path", 13) == 0 && (arg[13] == '\0' || arg[13] == '=')) {
            cli.plugin_path = main_option_value(argc, argv, &i, "--plugin-path");
        } else if (strcmp(arg, "--allow-writable-plugins") == 0) {
            cli.allow_writable = true;
        } else if (strncmp(arg, "--db", 4) == 0 && (arg[4] == '\0' || arg[4] == '=')) {
            cli.db_path = main_option_value(argc, argv, &i, "--db");
        } else if (strcmp(arg, "-c") == 0 || strcmp(arg, "-s") == 0) {
            status = main_classic(&cli, argc, argv, i);
            goto done;
        } else {
            sk_cli_fail("unknown option '%s' (see sudokit --help)", arg);
            return SK_EXIT_USAGE;
        }
    }
    if (i >= argc) {
        main_usage(stderr);
        return SK_EXIT_USAGE;
    }
    for (size_t c = 0; c < COMMAND_COUNT; c++) {
        if (strcmp(argv[i], commands[c].name) == 0) {
            status = commands[c].run(&cli, argc - i, argv + i);
            goto done;
        }
    }
    sk_cli_fail("unknown command '%s' (see sudokit --help)", argv[i]);
done:
    sk_host_free(cli.host);
    return main_close_stdout(status);
}
