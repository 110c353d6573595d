/* The manual: `sudokit help [--format text|markdown|man] [COMMAND]`, the
 * text of every --help, docs/cli.md and the man pages, all made from the
 * operations' keys and the few paragraphs below. */
#include <string.h>

#include "cli.h"
#include "sudokit/format.h"

/* The manual's opening, the same in every format. */
static const char help_intro[] =
    "sudokit generates, solves, rates and stores Sudoku puzzles with strategies loaded from "
    "plugins, plays them in the terminal, and runs Lua pipelines. Every command below is an "
    "operation of its operations layer: the Lua module offers each one as sudokit.NAME{...} "
    "with the same keys, defaults and errors.";

static const char help_globals[][2][160] = {
    {"--plugin-path PATH", "`:`-separated plugin files or folders, searched before "
                           "$SUDOKIT_PLUGIN_PATH and the built-in folder"},
    {"--allow-writable-plugins", "load plugins that every user may write to (refused "
                                 "otherwise: anyone could run code through them)"},
    {"--db FILE", "the database (else $SUDOKIT_DB, else $XDG_DATA_HOME/sudokit/sudokit.db)"},
    {"-c N [--seed S]", "N distinct complete grids into ./sudoku.txt (the grids operation)"},
    {"-s FILE [--solver NAME]", "the solutions of FILE into ./sudoku.txt in the classic "
                                "layout, written only when every puzzle is solved"},
    {"-h, --help", "this help; `sudokit help COMMAND` or `sudokit COMMAND --help` for one"},
    {"--version", "the version and the plugin ABI"},
};

static const char help_input[] =
    "Every command that reads puzzles reads every layout below, detected per file (the text "
    "layouts per puzzle), or the one --input-format names; every --format takes their names. "
    "A bad puzzle is reported as FILE:LINE:COLUMN: puzzle N: what is wrong, and the exit "
    "status is 1. The layouts' rules are in core/include/sudokit/format.h, their examples and "
    "sources in docs/formats.md.";

/* The layouts (sudokit/format.h's names and summaries), in format. */
static void help_layouts(FILE *out, sk_usage_format format)
{
    if (format == SK_USAGE_MARKDOWN)
        fputs("## Layouts\n\n| layout | what it is |\n| --- | --- |\n", out);
    else if (format == SK_USAGE_MAN)
        fputs(".SH LAYOUTS\n", out);
    else
        fputs("Layouts (--format, --input-format):\n", out);
    for (int f = SK_FORMAT_AUTO; f < SK_FORMAT_COUNT; f++) {
        const char *name = sk_format_names[f], *summary = sk_format_summaries[f];
        if (format == SK_USAGE_MARKDOWN)
            fprintf(out, "| `%s` | %s |\n", name, summary);
        else if (format == SK_USAGE_MAN)
            fprintf(out, ".TP\n.B %s\n%s\n", name, summary);
        else
            fprintf(out, "  %-16s  %s\n", name, summary);
    }
    if (format == SK_USAGE_MARKDOWN)
        fputc('\n', out);
}

static const char help_exit[] =
    "Exit status: 0 all done, 1 some input failed (each named on stderr), 2 a bad command "
    "line, 128+N stopped by signal N (work already committed is kept).";

/* The command words of the operation of index i ("db query"...). */
static void help_words(const sk_op_info *info, char *buf, size_t len)
{
    static const char *const db_ops[] = {"init", "import", "export", "query", "stats", "check",
                                         "canon", "merge", NULL};
    bool db = false;
    for (int i = 0; db_ops[i]; i++)
        db |= strcmp(info->name, db_ops[i]) == 0;
    snprintf(buf, len, "%s%s", db ? "db " : "", info->name);
}

static void help_markdown(FILE *out)
{
    fprintf(out, "# sudokit command line\n\n<!-- Made by `sudokit help --format markdown` from "
                 "the operations' keys (core/ops): do not edit by hand. -->\n\n%s\n\n"
                 "```\nsudokit [GLOBAL OPTIONS] COMMAND [OPTIONS] [ARGS...]\n```\n\n"
                 "## Global options\n\n| option | meaning |\n| --- | --- |\n",
            help_intro);
    for (size_t i = 0; i < sizeof help_globals / sizeof help_globals[0]; i++)
        fprintf(out, "| `%s` | %s |\n", help_globals[i][0], help_globals[i][1]);
    fprintf(out, "\n## Input and exit status\n\n%s\n\n%s\n\n", help_input, help_exit);
    help_layouts(out, SK_USAGE_MARKDOWN);
    const sk_op_info *info;
    for (size_t i = 0; (info = sk_op_info_at(i)); i++) {
        char words[32];
        help_words(info, words, sizeof words);
        sk_op_usage(info, words, SK_USAGE_MARKDOWN, out);
    }
    fprintf(out, "## sudokit run\n\n```\n%s```\n", sk_cmd_run_usage);
}

static void help_man(FILE *out)
{
    fputs(".TH sudokit 1 \"\" \"sudokit\" \"sudokit manual\"\n.SH NAME\nsudokit \\- Sudoku "
          "toolkit: generate, solve, rate, store and play\n.SH SYNOPSIS\n.B sudokit\n"
          "[\\fIGLOBAL OPTIONS\\fR] \\fICOMMAND\\fR [\\fIOPTIONS\\fR]\n.SH DESCRIPTION\n",
          out);
    fprintf(out, "%s\n.SH OPTIONS\n", help_intro);
    for (size_t i = 0; i < sizeof help_globals / sizeof help_globals[0]; i++)
        fprintf(out, ".TP\n.B %s\n%s\n", help_globals[i][0], help_globals[i][1]);
    fprintf(out, ".SH INPUT\n%s\n", help_input);
    help_layouts(out, SK_USAGE_MAN);
    fprintf(out, ".SH EXIT STATUS\n%s\n.SH COMMANDS\n", help_exit);
    const sk_op_info *info;
    for (size_t i = 0; (info = sk_op_info_at(i)); i++) {
        char words[32];
        help_words(info, words, sizeof words);
        fprintf(out, ".TP\n.B %s\n%s (sudokit-%s(1))\n", words, info->summary, info->name);
    }
    fputs(".TP\n.B run\nrun a Lua script with the sudokit module\n", out);
}

/* The operation named by the words (the last one, for "db query"). */
static const sk_op_info *help_find(int argc, char **argv, int i)
{
    if (i >= argc)
        return NULL;
    const char *name = strcmp(argv[i], "db") == 0 && i + 1 < argc ? argv[i + 1] : argv[i];
    return sk_op_find(name);
}

int sk_cmd_help(sk_cli *cli, int argc, char **argv)
{
    (void)cli;
    sk_usage_format format = SK_USAGE_TEXT;
    int i = 1;
    if (i + 1 < argc && strcmp(argv[i], "--format") == 0) {
        const char *name = argv[i + 1];
        format = strcmp(name, "markdown") == 0 ? SK_USAGE_MARKDOWN
                 : strcmp(name, "man") == 0    ? SK_USAGE_MAN
                                               : SK_USAGE_TEXT;
        if (format == SK_USAGE_TEXT && strcmp(name, "text") != 0)
            return sk_cli_usage("help: unknown format '%s' (text, markdown or man)", name);
        i += 2;
    }
    const sk_op_info *info = help_find(argc, argv, i);
    if (i < argc && strcmp(argv[i], "layouts") == 0) {
        help_layouts(stdout, format);
        return SK_EXIT_OK;
    }
    if (i < argc && strcmp(argv[i], "run") == 0) {
        fputs(sk_cmd_run_usage, stdout);
        return SK_EXIT_OK;
    }
    if (i < argc && !info)
        return sk_cli_usage("help: no command '%s' (see sudokit --help)", argv[i]);
    if (info) {
        char words[32];
        help_words(info, words, sizeof words);
        sk_op_usage(info, words, format, stdout);
    } else if (format == SK_USAGE_MARKDOWN) {
        help_markdown(stdout);
    } else if (format == SK_USAGE_MAN) {
        help_man(stdout);
    } else {
        sk_cli_main_usage(stdout);
    }
    return SK_EXIT_OK;
}
