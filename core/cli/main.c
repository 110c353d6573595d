/* sudokit: the global options and the command table. Every command is an
 * operation of core/ops (the words name it); play adds the terminal and
 * run the Lua interpreter. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sudokit/names.h"
#include "sudokit_lua.h"
#include "text_escape.h"

/* The commands, in the order of the manual. A command's last word is the
 * name of its operation. */
static const ski_cli_command commands[] = {
    {"solve", NULL, "solve", NULL, NULL, NULL},
    {"generate", NULL, "generate", NULL, NULL, NULL},
    {"rate", NULL, "rate", NULL, NULL, NULL},
    {"hint", NULL, "hint", NULL, NULL, NULL},
    {"grids", NULL, "grids", NULL, NULL, NULL},
    {"play", NULL, "play", ski_cmd_play, NULL, NULL},
    {"games", NULL, "games", NULL, NULL, NULL},
    {"serve", NULL, "serve", ski_cmd_serve, NULL, NULL},
    {"bench", NULL, "bench", NULL, NULL, NULL},
    {"print", NULL, "print", NULL, NULL, NULL},
    {"plugins", NULL, "plugins", NULL, NULL, NULL},
    {"db", "init", "init", NULL, NULL, NULL},
    {"db", "import", "import", NULL, NULL, NULL},
    {"db", "export", "export", NULL, NULL, NULL},
    {"db", "query", "query", NULL, NULL, NULL},
    {"db", "stats", "stats", NULL, NULL, NULL},
    {"db", "benchmarks", "benchmarks", NULL, NULL, NULL},
    {"db", "check", "check", NULL, NULL, NULL},
    {"db", "canon", "canon", NULL, NULL, NULL},
    {"db", "merge", "merge", NULL, NULL, NULL},
    {"run", NULL, NULL, ski_cmd_run, "run a Lua script with the sudokit module", ski_cmd_run_usage},
    {"help", NULL, NULL, ski_cmd_help, "the manual of a command, or of sudokit, in text, "
     "markdown, man or as bash completion", ski_cmd_help_usage},
};
#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

const ski_cli_command *ski_cli_command_at(size_t index)
{
    return index < COMMAND_COUNT ? &commands[index] : NULL;
}

void ski_cli_command_words(const ski_cli_command *command, char *buf, size_t len)
{
    snprintf(buf, len, "%s%s%s", command->word, command->sub ? " " : "",
             command->sub ? command->sub : "");
}

const char *ski_cli_command_summary(const ski_cli_command *command)
{
    return command->op ? sk_op_find(command->op)->summary : command->summary;
}

/* "sudokit: " + the message, its control characters escaped (but line
 * ends when lines is true) + a line end on stderr; returns status. */
static int main_vfail(int status, bool lines, const char *fmt, va_list ap)
{
    fputs("sudokit: ", stderr);
    ski_text_vprint_escaped(stderr, lines, fmt, ap);
    fputc('\n', stderr);
    return status;
}

int ski_cli_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int status = main_vfail(SK_EXIT_FAILURE, false, fmt, ap);
    va_end(ap);
    return status;
}

int ski_cli_fail_lines(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int status = main_vfail(SK_EXIT_FAILURE, true, fmt, ap);
    va_end(ap);
    return status;
}

int ski_cli_usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int status = main_vfail(SK_EXIT_USAGE, false, fmt, ap);
    va_end(ap);
    return status;
}

int ski_cli_unknown_option(const char *command, const char *words, const char *arg,
                          const char *const *names)
{
    char typed[64];
    snprintf(typed, sizeof typed, "%.*s", (int)strcspn(arg, "="), arg);
    const char *nearest = strncmp(typed, "--", 2) == 0 ? sk_name_nearest(names, typed) : NULL;
    return ski_cli_usage("%s%sunknown option '%s'%s%s%s (see sudokit %s%s--help)",
                        command ? command : "", command ? ": " : "", arg,
                        nearest ? ": did you mean '" : "", nearest ? nearest : "",
                        nearest ? "'?" : "", words ? words : "", words ? " " : "");
}

sk_ctx *ski_cli_ctx(ski_cli *cli)
{
    if (!cli->ctx) {
        sk_ctx_config config = {.plugin_path = cli->plugin_path,
                                .allow_writable_plugins = cli->allow_writable,
                                .db_path = cli->db_path,
                                .prepare_host = ski_lua_register,
                                /* The program owns its process: */
                                .messages = stderr,
                                .stop_on_signals = true,
                                .crash_reports = true,
                                .isolate_bench = true};
        cli->ctx = sk_ctx_new(&config);
        if (!cli->ctx) {
            ski_cli_fail("out of memory");
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
        return ski_cli_fail("cannot write the output: %s", error ? strerror(error) : "write error");
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
        ski_cli_usage("%s needs a value", name);
        return NULL;
    }
    return argv[++*i];
}

/* `sudokit -c N ...` and `sudokit -s FILE ...`: the grids and solve
 * operations into ./sudoku.txt; the words after N or FILE are theirs. */
static int main_classic(ski_cli *cli, int argc, char **argv, int i)
{
    bool count = strcmp(argv[i], "-c") == 0;
    if (i + 1 >= argc)
        return ski_cli_usage("%s needs %s (see sudokit --help)", argv[i],
                            count ? "a count N" : "a puzzle FILE");
    const char *grids[] = {"count", argv[i + 1], NULL};
    const char *solve[] = {"input", argv[i + 1], "format", "classic", "verify", "1",
                           "first", "1", "output", "sudoku.txt", NULL};
    /* The option parser sees "-c" as its command word, then the rest. */
    argv[i + 1] = argv[i];
    return ski_cli_op(cli, count ? "grids" : "solve", argv[i], argc - i - 1, argv + i + 1,
                     count ? grids : solve);
}

/* The command words of the table that follow first (NULL: the first
 * words, each once), NULL-terminated in names (COMMAND_COUNT + 1). */
static void main_words(const char *first, const char **names)
{
    size_t n = 0;
    for (size_t c = 0; c < COMMAND_COUNT; c++) {
        const char *word = first ? commands[c].sub : commands[c].word;
        if (first && (!word || strcmp(commands[c].word, first) != 0))
            continue;
        if (!first && n > 0 && strcmp(names[n - 1], word) == 0)
            continue;
        names[n++] = word;
    }
    names[n] = NULL;
}

/* A word that is no command: the nearest one when it looks like a typo
 * (after group, the first word, when there is one). */
static int main_unknown(const char *group, const char *word)
{
    const char *names[COMMAND_COUNT + 1];
    main_words(group, names);
    const char *nearest = sk_name_nearest(names, word);
    char list[256];
    sk_name_list(names, list, sizeof list);
    if (nearest)
        return ski_cli_usage("%s%sunknown command '%s': did you mean '%s%s%s'? (see sudokit %s%s"
                            "--help)", group ? group : "", group ? ": " : "", word,
                            group ? group : "", group ? " " : "", nearest, group ? group : "",
                            group ? " " : "");
    if (group)
        return ski_cli_usage("%s: unknown command '%s' (%s; see sudokit %s --help)", group, word,
                            list, group);
    return ski_cli_usage("unknown command '%s' (see sudokit --help)", word);
}

/* Run the command at argv[0] (and argv[1] for db). */
static int main_command(ski_cli *cli, int argc, char **argv)
{
    for (size_t c = 0; c < COMMAND_COUNT; c++) {
        const ski_cli_command *cmd = &commands[c];
        if (strcmp(argv[0], cmd->word) != 0 ||
            (cmd->sub && (argc < 2 || strcmp(argv[1], cmd->sub))))
            continue;
        if (cmd->run)
            return cmd->run(cli, argc, argv);
        char words[32];
        ski_cli_command_words(cmd, words, sizeof words);
        int shift = cmd->sub ? 1 : 0;
        return ski_cli_op(cli, cmd->op, words, argc - shift, argv + shift, NULL);
    }
    if (strcmp(argv[0], "db") == 0) {
        if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
            ski_cli_group_usage(stdout, "db");
            return SK_EXIT_OK;
        }
        if (argc < 2) {
            ski_cli_group_usage(stderr, "db");
            return SK_EXIT_USAGE;
        }
        return main_unknown("db", argv[1]);
    }
    return main_unknown(NULL, argv[0]);
}

/* The global options main reads, as typed (for the nearest to a typo). */
static const char *const main_options[] = {"--help", "--version", "--plugin-path",
                                           "--allow-writable-plugins", "--db", NULL};

int main(int argc, char **argv)
{
    ski_cli cli = {0};
    int status = SK_EXIT_USAGE;
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
            ski_cli_main_usage(stdout);
            return main_close_stdout(SK_EXIT_OK);
        } else if (strcmp(arg, "--version") == 0) {
            printf("sudokit %s (plugin ABI %d.%d)\n", sk_version(), SK_ABI_MAJOR, SK_ABI_MINOR);
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
            return ski_cli_unknown_option(NULL, NULL, arg, main_options);
        }
    }
    if (i >= argc) {
        ski_cli_short_usage(stderr);
        return SK_EXIT_USAGE;
    }
    status = main_command(&cli, argc - i, argv + i);
done:
    sk_ctx_free(cli.ctx);
    return main_close_stdout(status);
}
