/* The manual: `sudokit help [--format F] [COMMAND]`, the text of every
 * --help, docs/cli.md, the man pages and the bash completion, all made
 * from the command table, the operations' keys and the few paragraphs
 * below. */
#include <stddef.h>
#include <string.h>

#include "cli.h"
#include "sudokit/format.h"
#include "sudokit/grid.h"
#include "sudokit/host.h"
#include "sudokit/names.h"
#include "usage.h"

/* The manual's opening, the same in every format. */
static const char help_intro[] =
    "sudokit generates, solves, rates and stores Sudoku puzzles with strategies loaded from "
    "plugins, plays them in the terminal and the browser, and runs Lua pipelines. The Lua "
    "module offers every command below as sudokit.NAME{...} with the same keys, defaults and "
    "errors.";

/* The global options, before the command (main.c reads them). */
static const char *const help_globals[][3] = {
    {"--plugin-path", "PATH", "`:`-separated plugin files or folders, searched before "
                              "$SUDOKIT_PLUGIN_PATH and the built-in folder"},
    {"--allow-writable-plugins", NULL, "load plugins that every user may write to (refused "
                                       "otherwise: anyone could run code through them)"},
    {"--db", "FILE", "the database (else $SUDOKIT_DB, else $XDG_DATA_HOME/sudokit/sudokit.db)"},
    {"-c", "N [--seed S]", "N distinct complete grids into ./sudoku.txt (the grids command)"},
    {"-s", "FILE [--solver NAME]", "the solutions of FILE into ./sudoku.txt in the classic "
                                   "layout, written only when every puzzle is solved (the "
                                   "first solution found: solve --first)"},
    {"-h, --help", NULL, "this help; `sudokit help COMMAND` or `sudokit COMMAND --help` for one"},
    {"--version", NULL, "the version and the plugin ABI"},
};
#define HELP_GLOBAL_COUNT (sizeof help_globals / sizeof help_globals[0])

static const char *const help_environment[][2] = {
    {"SUDOKIT_DB", "the database when --db is not given"},
    {"XDG_DATA_HOME", "the database is $XDG_DATA_HOME/sudokit/sudokit.db when neither --db nor "
                      "$SUDOKIT_DB names one (else ~/.local/share/sudokit/sudokit.db)"},
    {"SUDOKIT_PLUGIN_PATH", "`:`-separated plugin files or folders, searched after "
                            "--plugin-path"},
    {"SUDOKIT_MODULE_DIR", "the folder of the modules loaded at first use (sudokit-print.so for "
                           "print and --plot, sudokit-serve.so for serve) instead of the "
                           "built-in one"},
    {"NO_COLOR", "when set to a non-empty value, no colour unless --color=always asks for it"},
    {"SUDOKIT_PROGRESS", "SECONDS: the progress of long runs (done/total of a file's puzzles "
                         "and an ETA) also when stderr is not a terminal, a line every "
                         "SECONDS (0: every update); on a terminal it is always shown, on one "
                         "line, unless --quiet"},
};
#define HELP_ENV_COUNT (sizeof help_environment / sizeof help_environment[0])

static const char help_input[] =
    "Every command that reads puzzles reads every layout below, detected per file (the text "
    "layouts per puzzle), or the one --input-format names; every --format takes their names. "
    "A bad puzzle is reported as FILE:LINE:COLUMN: puzzle N: what is wrong, and the exit "
    "status is 1.";

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

/* The step of an example: the first step of the technique wanted. */
typedef struct help_example {
    const char *technique;
    unsigned number, steps;
    double rating;
    char explanation[512];
} help_example;

static int help_example_step(void *user, const sk_step *step)
{
    help_example *e = user;
    e->steps++;
    if (!step->technique || strcmp(step->technique, e->technique) != 0)
        return 0;
    e->number = e->steps;
    e->rating = step->rating;
    snprintf(e->explanation, sizeof e->explanation, "%s",
             step->explanation ? step->explanation : "");
    return 1;
}

/* Solve t's example with rater until the step of t; false when it has
 * none or the rater does not take it. */
static bool help_example_of(sk_instance *rater, const sk_technique *t, help_example *e)
{
    sk_grid grid;
    size_t col;
    sk_error err;
    sk_rating r = {.struct_size = sizeof r};
    *e = (help_example){.technique = t->name};
    if (!t->example || sk_grid_parse_line(&grid, t->example, strlen(t->example), &col) != 0)
        return false;
    sk_instance_rate(rater, &grid, &r, help_example_step, e, &err);
    return e->number > 0;
}

/* A technique in one line of 78 columns: SE rating, name, family and what
 * it is, cut at a word with "..." when longer. */
static void help_technique_line(FILE *out, const char *se, const char *name, const char *family,
                                const char *about)
{
    char line[1024], what[512];
    snprintf(what, sizeof what, "%s%s%s", family, about ? ": " : "", about ? about : "");
    int n = snprintf(line, sizeof line, "  %4s  %-30s  %s", se, name, what);
    if (n > 78) {
        size_t cut = 75;
        while (cut > 40 && line[cut] != ' ')
            cut--;
        snprintf(line + cut, sizeof line - cut, "...");
    }
    fprintf(out, "%s\n", line);
}

/* One technique of a rater, in format. */
static void help_technique(FILE *out, sk_usage_format format, sk_instance *rater,
                           const sk_technique *t)
{
    char se[16] = "-", score[16] = "-", line[1024];
    if (t->se_rating > 0)
        snprintf(se, sizeof se, "%.1f", t->se_rating);
    if (t->hodoku_score > 0)
        snprintf(score, sizeof score, "%d", t->hodoku_score);
    const char *about = t->description && t->description[0] ? t->description : NULL;
    if (format == SK_USAGE_TEXT) {
        help_technique_line(out, se, t->name, t->family, about);
        return;
    }
    help_example e;
    bool example = help_example_of(rater, t, &e);
    if (format == SK_USAGE_MARKDOWN) {
        fprintf(out, "#### %s\n\nSE rating %s, HoDoKu score %s; %s.\n\n", t->name, se, score,
                t->family);
        if (about)
            fprintf(out, "%s\n\n", about);
        if (example)
            fprintf(out, "Example: `%s`, step %u: %s (%.1f): %s\n\n", t->example, e.number,
                    t->name, e.rating, e.explanation);
        return;
    }
    snprintf(line, sizeof line, "SE rating %s, HoDoKu score %s; %s.%s%s", se, score, t->family,
             about ? " " : "", about ? about : "");
    if (format == SK_USAGE_MAN) {
        fputs(".TP\n.B ", out);
        ski_usage_roff(out, t->name);
        fputc('\n', out);
        ski_usage_roff(out, line);
        fputc('\n', out);
    } else {
        fprintf(out, "  %s\n    ", t->name);
        ski_usage_wrap(out, line, 4, 4, 78);
    }
    if (example) {
        /* A man page cannot break the 81 characters: there, the nine rows. */
        char rows[96] = "";
        for (int r = 0, n = 0; r < 9 && format == SK_USAGE_MAN; r++)
            n += snprintf(rows + n, sizeof rows - (size_t)n, "%s%.9s", r ? " " : "",
                          t->example + 9 * r);
        snprintf(line, sizeof line, "Example: %s, step %u: %s",
                 format == SK_USAGE_MAN ? rows : t->example, e.number, e.explanation);
        if (format == SK_USAGE_MAN) {
            /* Chains in Eureka notation do not break: a line of its own. */
            fputs(".IP\n.nf\n", out);
            ski_usage_roff(out, line);
            fputs("\n.fi\n", out);
        } else {
            fputs("    ", out);
            ski_usage_wrap(out, line, 4, 4, 78);
        }
    }
}

static const char help_techniques_intro[] =
    "The techniques of every rater that lists them, in the rater's order of search, with SE's "
    "rating and HoDoKu's base score of each (- where that scale has none), what it is, and an "
    "example: a puzzle whose solve by the rater takes the technique, with that step.";

static const char help_techniques_brief[] =
    "The techniques of every rater that lists them, in the rater's order of search: SE's "
    "rating (- where it has none), the name, what it is. `sudokit help --format man "
    "techniques` adds HoDoKu's scores and an example of each.";

/* The formats of help beyond the manual's three: the command words (or
 * the technique names), the bash completion, every example's line. */
enum { HELP_COMMANDS = 3, HELP_BASH, HELP_EXAMPLES };
static const char *const help_format_names[] = {"text", "markdown", "man", "commands",
                                                "bash", "examples", NULL};

/* The techniques of every rater that lists them (plugin ABI 1.2), in format
 * (HELP_COMMANDS: their names alone, one a line). */
static void help_techniques(ski_cli *cli, FILE *out, int format)
{
    sk_host *host = sk_ctx_host(ski_cli_ctx(cli));
    if (format == SK_USAGE_MARKDOWN)
        fprintf(out, "## Techniques\n\n%s\n\n", help_techniques_intro);
    else if (format == SK_USAGE_MAN)
        fputs(".SH TECHNIQUES\n", out);
    else if (format == SK_USAGE_TEXT)
        ski_usage_wrap(out, help_techniques_brief, 0, 0, 78);
    if (format == SK_USAGE_MAN) {
        ski_usage_roff(out, help_techniques_intro);
        fputc('\n', out);
    }
    for (size_t i = 0; host && i < sk_host_strategy_count(host); i++) {
        const sk_strategy *s = sk_host_strategy_at(host, i)->strategy;
        if (s->kind != SK_KIND_RATER ||
            s->struct_size < offsetof(sk_strategy, technique) + sizeof s->technique ||
            !s->technique)
            continue;
        sk_instance *rater = NULL;
        sk_error err;
        sk_technique t;
        if (format == HELP_COMMANDS) {
            for (size_t k = 0; s->technique(k, &t) == 0; k++)
                fprintf(out, "%s\n", t.name);
            continue;
        }
        if (sk_instance_new(host, SK_KIND_RATER, s->name, NULL, NULL, &rater, &err))
            continue;
        if (format == SK_USAGE_MARKDOWN)
            fprintf(out, "### The rater %s\n\n%s.\n\n", s->name, s->summary);
        else if (format == SK_USAGE_MAN)
            fprintf(out, ".SS The rater %s\n", s->name);
        else
            fprintf(out, "\nThe rater %s: %s\n", s->name, s->summary);
        for (size_t k = 0; s->technique(k, &t) == 0; k++)
            help_technique(out, (sk_usage_format)format, rater, &t);
        sk_instance_free(rater);
    }
}

static const char help_exit[] =
    "Exit status: 0 all done, 1 some input failed (each named on stderr), 2 a bad command "
    "line, 128+N stopped by signal N (work already committed is kept).";

const char ski_cmd_help_usage[] =
    "usage: sudokit help [--format text|markdown|man|commands|bash|examples]\n"
    "                    [COMMAND|layouts|techniques|rules]\n"
    "The manual of COMMAND (`sudokit help db query`), of the layouts, of the raters'\n"
    "techniques (`sudokit help techniques`), of the rules (`sudokit help rules`:\n"
    "the spec and every constraint loaded), or of sudokit: text is what\n"
    "--help prints, markdown is docs/cli.md, man the man pages installed with\n"
    "sudokit; commands lists the command words (with techniques: the technique\n"
    "names), one a line, bash writes the bash completion script and examples\n"
    "the command line of every example of the manual, one a line.\n";

static const char help_usage_lines[] =
    "usage: sudokit [GLOBAL OPTIONS] COMMAND [OPTIONS] [ARGS...]\n"
    "       sudokit -c N [--seed S]\n"
    "       sudokit -s FILE [--solver NAME]\n";

/* The commands of group (NULL: all), one line each. */
static void help_command_list(FILE *out, const char *group)
{
    const ski_cli_command *c;
    for (size_t i = 0; (c = ski_cli_command_at(i)); i++) {
        if (group && (!c->sub || strcmp(c->word, group) != 0))
            continue;
        char words[32];
        ski_cli_command_words(c, words, sizeof words);
        ski_usage_item(out, words, ski_cli_command_summary(c));
    }
}

void ski_cli_short_usage(FILE *out)
{
    fprintf(out, "%s\nCommands:\n", help_usage_lines);
    help_command_list(out, NULL);
    fputs("\n`sudokit help COMMAND` or `sudokit COMMAND --help` for one command,\n"
          "`sudokit --help` for the global options.\n",
          out);
}

void ski_cli_group_usage(FILE *out, const char *group)
{
    fprintf(out, "usage: sudokit %s COMMAND [OPTIONS] [ARGS...]\n\nCommands:\n", group);
    help_command_list(out, group);
    fprintf(out, "\n`sudokit help %s COMMAND` or `sudokit %s COMMAND --help` for one.\n", group,
            group);
}

void ski_cli_main_usage(FILE *out)
{
    fprintf(out, "%s\n", help_usage_lines);
    ski_usage_wrap(out, help_intro, 0, 0, 78);
    fputs("\nGlobal options:\n", out);
    for (size_t i = 0; i < HELP_GLOBAL_COUNT; i++) {
        char name[64];
        snprintf(name, sizeof name, "%s%s%s", help_globals[i][0], help_globals[i][1] ? " " : "",
                 help_globals[i][1] ? help_globals[i][1] : "");
        ski_usage_item(out, name, help_globals[i][2]);
    }
    fputs("\nCommands:\n", out);
    help_command_list(out, NULL);
    fputs("\nEnvironment:\n", out);
    for (size_t i = 0; i < HELP_ENV_COUNT; i++)
        ski_usage_item(out, help_environment[i][0], help_environment[i][1]);
    fputc('\n', out);
    ski_usage_wrap(out, help_input, 0, 0, 78);
    fputc('\n', out);
    ski_usage_wrap(out, help_exit, 0, 0, 78);
}

/* A man page's sections from the --help text of a command that is no
 * operation: "usage: sudokit ..." lines (the synopsis), a paragraph, then
 * "  --option VALUE  help" lines whose help may go on in the next ones. */
static void help_man_from_usage(FILE *out, const char *usage)
{
    const char *p = usage + strlen("usage: ");
    size_t len = strcspn(p, "\n");
    fputs(".SH SYNOPSIS\n.nf\n", out);
    for (bool first = true; *p && (first || *p == ' '); first = false) {
        /* Continued lines lose the indent of "usage: ". */
        size_t skip = first || len < 7 ? 0 : 7;
        char line[256];
        snprintf(line, sizeof line, "%.*s", (int)(len - skip), p + skip);
        ski_usage_roff(out, line);
        fputc('\n', out);
        p += len + (p[len] == '\n');
        len = strcspn(p, "\n");
    }
    fputs(".fi\n.SH DESCRIPTION\n", out);
    for (; *p && strncmp(p, "  -", 3) != 0; p += len + (p[len] == '\n'), len = strcspn(p, "\n")) {
        char line[256];
        snprintf(line, sizeof line, "%.*s", (int)len, p);
        ski_usage_roff(out, line);
        fputc('\n', out);
    }
    if (*p)
        fputs(".SH OPTIONS\n", out);
    for (; *p; p += len + (p[len] == '\n'), len = strcspn(p, "\n")) {
        char line[256];
        const char *text = p + strspn(p, " ");
        size_t indent = (size_t)(text - p), name = 0;
        if (indent == 2) {
            const char *gap = strstr(text, "  ");
            name = gap && gap < p + len ? (size_t)(gap - text) : (size_t)(p + len - text);
            snprintf(line, sizeof line, "%.*s", (int)name, text);
            fputs(".TP\n\\fB", out);
            ski_usage_roff(out, line);
            fputs("\\fR\n", out);
            text += name + strspn(text + name, " ");
        }
        snprintf(line, sizeof line, "%.*s", (int)(p + len - text), text);
        ski_usage_roff(out, line);
        fputc('\n', out);
    }
}

/* A man page's ".TP" item: the name in bold, then its text. */
static void help_man_item(FILE *out, const char *name, const char *value, const char *text)
{
    fputs(".TP\n\\fB", out);
    ski_usage_roff(out, name);
    fputs("\\fR", out);
    if (value) {
        fputs(" \\fI", out);
        ski_usage_roff(out, value);
        fputs("\\fR", out);
    }
    fputc('\n', out);
    ski_usage_roff(out, text);
    fputc('\n', out);
}

static const char help_rules_intro[] =
    "A puzzle is rules and cells. Rules are written as a spec, GEOMETRY [TERM ...]: the "
    "geometry NxN (N 4 to 25, boxes as f-puzzles draws them), NxN:RxC (boxes of R rows and C "
    "columns), NxN:none (rows and columns only), any of them with jigsaw:MAP for other "
    "regions; then the terms of the constraint plugins loaded, listed below with their syntax, "
    "an example and the f-puzzles field each is read from and written to. 9x9 alone is the "
    "classic Sudoku. docs/rules.md has the whole grammar and its normalised form.";

/* One constraint of the rules help: its term, what it is, its syntax, an
 * example spec and its f-puzzles declaration, in format. */
static void help_constraint(FILE *out, sk_usage_format format, const sk_strategy *s)
{
    const sk_constraint *c = s->constraint;
    const char *fpuzzles = c->fpuzzles ? c->fpuzzles : "none";
    if (format == SK_USAGE_MARKDOWN) {
        fprintf(out, "| `%s` | %s | `%s` | `%s` | `%s` |\n", s->name, s->summary, c->syntax,
                c->example, fpuzzles);
    } else if (format == SK_USAGE_MAN) {
        help_man_item(out, s->name, NULL, s->summary);
        fputs(".br\nsyntax: ", out);
        ski_usage_roff(out, c->syntax);
        fputs("\n.br\nexample: ", out);
        ski_usage_roff(out, c->example);
        fputs("\n.br\nf-puzzles: ", out);
        ski_usage_roff(out, fpuzzles);
        fputc('\n', out);
    } else {
        fprintf(out, "\n  %s: ", s->name);
        ski_usage_wrap(out, s->summary, 4 + strlen(s->name), 4, 78);
        fprintf(out, "    syntax:    %s\n    example:   %s\n    f-puzzles: %s\n", c->syntax,
                c->example, fpuzzles);
    }
}

/* The rules: the spec's grammar and every constraint loaded, in format. */
static void help_rules(ski_cli *cli, FILE *out, sk_usage_format format)
{
    sk_host *host = sk_ctx_host(ski_cli_ctx(cli));
    if (format == SK_USAGE_MARKDOWN)
        fprintf(out,
                "## Rules\n\n%s\n\n| term | what | syntax | example | f-puzzles |\n"
                "| --- | --- | --- | --- | --- |\n",
                help_rules_intro);
    else if (format == SK_USAGE_MAN)
        fputs(".SH RULES\n", out);
    else
        ski_usage_wrap(out, help_rules_intro, 0, 0, 78);
    if (format == SK_USAGE_MAN) {
        ski_usage_roff(out, help_rules_intro);
        fputc('\n', out);
    }
    for (size_t i = 0; host && i < sk_host_strategy_count(host); i++) {
        const sk_strategy *s = sk_host_strategy_at(host, i)->strategy;
        if (s->kind == SK_KIND_CONSTRAINT && s->constraint)
            help_constraint(out, format, s);
    }
    if (format == SK_USAGE_MARKDOWN)
        fputc('\n', out);
}

/* The manual of one command in format. */
static void help_command(const ski_cli_command *c, sk_usage_format format, FILE *out)
{
    char words[32];
    ski_cli_command_words(c, words, sizeof words);
    if (c->op) {
        sk_op_usage(sk_op_find(c->op), words, format, out);
    } else if (format == SK_USAGE_MARKDOWN) {
        fprintf(out, "## sudokit %s\n\n```\n%s```\n\n", words, c->usage);
    } else if (format == SK_USAGE_MAN) {
        ski_usage_man_title(out, words, c->summary);
        help_man_from_usage(out, c->usage);
    } else {
        fputs(c->usage, out);
    }
    if (c->run == ski_cmd_play)
        ski_cli_play_keys(out, format);
    ski_cli_examples(out, words, format);
    if (format == SK_USAGE_MAN)
        fputs(".SH SEE ALSO\n.BR sudokit (1)\n", out);
}

void ski_cli_command_help(const sk_op_info *info, const char *words, FILE *out)
{
    const ski_cli_command *c;
    for (size_t i = 0; (c = ski_cli_command_at(i)); i++) {
        char these[32];
        ski_cli_command_words(c, these, sizeof these);
        if (strcmp(these, words) == 0) {
            help_command(c, SK_USAGE_TEXT, out);
            return;
        }
    }
    sk_op_usage(info, words, SK_USAGE_TEXT, out);
}

static void help_markdown(ski_cli *cli, FILE *out)
{
    fprintf(out, "# sudokit command line\n\n<!-- Made by `sudokit help --format markdown` from "
                 "the operations' keys (core/ops): do not edit by hand. -->\n\n%s\n\n"
                 "```\nsudokit [GLOBAL OPTIONS] COMMAND [OPTIONS] [ARGS...]\n```\n\n"
                 "## Global options\n\n| option | meaning |\n| --- | --- |\n",
            help_intro);
    for (size_t i = 0; i < HELP_GLOBAL_COUNT; i++)
        fprintf(out, "| `%s%s%s` | %s |\n", help_globals[i][0], help_globals[i][1] ? " " : "",
                help_globals[i][1] ? help_globals[i][1] : "", help_globals[i][2]);
    fputs("\n## Environment\n\n| variable | meaning |\n| --- | --- |\n", out);
    for (size_t i = 0; i < HELP_ENV_COUNT; i++)
        fprintf(out, "| `%s` | %s |\n", help_environment[i][0], help_environment[i][1]);
    fprintf(out, "\n## Input and exit status\n\n%s\n\n%s\n\n", help_input, help_exit);
    help_layouts(out, SK_USAGE_MARKDOWN);
    const ski_cli_command *c;
    for (size_t i = 0; (c = ski_cli_command_at(i)); i++)
        help_command(c, SK_USAGE_MARKDOWN, out);
    help_techniques(cli, out, SK_USAGE_MARKDOWN);
    help_rules(cli, out, SK_USAGE_MARKDOWN);
}

static void help_man(ski_cli *cli, FILE *out)
{
    ski_usage_man_title(out, NULL, "Sudoku toolkit: generate, solve, rate, store and play");
    fputs(".SH SYNOPSIS\n.B sudokit\n[\\fIGLOBAL OPTIONS\\fR] \\fICOMMAND\\fR [\\fIOPTIONS\\fR] "
          "[\\fIARGS\\fR...]\n.SH DESCRIPTION\n", out);
    ski_usage_roff(out, help_intro);
    fputs("\n.SH OPTIONS\n", out);
    for (size_t i = 0; i < HELP_GLOBAL_COUNT; i++)
        help_man_item(out, help_globals[i][0], help_globals[i][1], help_globals[i][2]);
    fputs(".SH COMMANDS\nEach command has its manual: sudokit\\-COMMAND(1), with \\- for a "
          "space (sudokit\\-db\\-query(1)).\n", out);
    const ski_cli_command *c;
    for (size_t i = 0; (c = ski_cli_command_at(i)); i++) {
        char words[32];
        ski_cli_command_words(c, words, sizeof words);
        help_man_item(out, words, NULL, ski_cli_command_summary(c));
    }
    fputs(".SH INPUT\n", out);
    ski_usage_roff(out, help_input);
    fputc('\n', out);
    help_layouts(out, SK_USAGE_MAN);
    fputs(".SH ENVIRONMENT\n", out);
    for (size_t i = 0; i < HELP_ENV_COUNT; i++)
        help_man_item(out, help_environment[i][0], NULL, help_environment[i][1]);
    help_techniques(cli, out, SK_USAGE_MAN);
    help_rules(cli, out, SK_USAGE_MAN);
    fputs(".SH EXIT STATUS\n", out);
    ski_usage_roff(out, help_exit);
    fputs("\n.SH SEE ALSO\n", out);
    for (size_t i = 0; (c = ski_cli_command_at(i)); i++) {
        char words[32];
        ski_cli_command_words(c, words, sizeof words);
        for (char *p = words; *p; p++)
            if (*p == ' ')
                *p = '-';
        fputs(".BR sudokit\\-", out);
        ski_usage_roff(out, words);
        fprintf(out, " (1)%s\n", ski_cli_command_at(i + 1) ? "," : "");
    }
}

/* The command named by the words at argv[i...] ("db query"), or NULL. */
static const ski_cli_command *help_find(int argc, char **argv, int i)
{
    const ski_cli_command *c;
    for (size_t k = 0; i < argc && (c = ski_cli_command_at(k)); k++)
        if (strcmp(argv[i], c->word) == 0 &&
            (!c->sub || (i + 1 < argc && strcmp(argv[i + 1], c->sub) == 0)))
            return c;
    return NULL;
}

/* Whether word is the first word of commands of two words (db). */
static bool help_is_group(const char *word)
{
    const ski_cli_command *c;
    for (size_t k = 0; (c = ski_cli_command_at(k)); k++)
        if (c->sub && strcmp(c->word, word) == 0)
            return true;
    return false;
}


/* Read `--format F` (or --format=F) at argv[*i]: 0, 1 when there is none
 * there, or -1 after a usage error. */
static int help_format(int argc, char **argv, int *i, int *format)
{
    const char *const *names = help_format_names;
    const char *name;
    if (strncmp(argv[*i], "--format=", 9) == 0)
        name = argv[*i] + 9;
    else if (strcmp(argv[*i], "--format") == 0 && *i + 1 < argc)
        name = argv[++*i];
    else
        return 1;
    for (int f = 0; names[f]; f++)
        if (strcmp(name, names[f]) == 0) {
            *format = f;
            return 0;
        }
    char list[128];
    sk_name_list(names, list, sizeof list);
    ski_cli_usage("help: unknown format '%s' (%s)", name, list);
    return -1;
}

/* What a format writes without a command. */
static void help_whole(ski_cli *cli, int format, FILE *out)
{
    const ski_cli_command *c;
    if (format == SK_USAGE_MARKDOWN) {
        help_markdown(cli, out);
    } else if (format == SK_USAGE_MAN) {
        help_man(cli, out);
    } else if (format == HELP_COMMANDS) {
        for (size_t i = 0; (c = ski_cli_command_at(i)); i++) {
            char words[32];
            ski_cli_command_words(c, words, sizeof words);
            fprintf(out, "%s\n", words);
        }
    } else if (format == HELP_BASH) {
        ski_cli_completion_bash(out, help_globals, HELP_GLOBAL_COUNT);
    } else if (format == HELP_EXAMPLES) {
        ski_cli_examples(out, NULL, SK_USAGE_TEXT);
    } else {
        ski_cli_main_usage(out);
    }
}

int ski_cmd_help(ski_cli *cli, int argc, char **argv)
{
    int format = SK_USAGE_TEXT, i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            fputs(ski_cmd_help_usage, stdout);
            ski_cli_examples(stdout, "help", SK_USAGE_TEXT);
            return SK_EXIT_OK;
        }
        int rc = help_format(argc, argv, &i, &format);
        if (rc < 0)
            return SK_EXIT_USAGE;
        if (rc > 0)
            return ski_cli_usage("help: unknown option '%s' (see sudokit help --help)", argv[i]);
    }
    if (i < argc && strcmp(argv[i], "layouts") == 0 && i + 1 == argc) {
        if (format > SK_USAGE_MAN)
            return ski_cli_usage("help: --format %s is for the whole program, not the layouts",
                                help_format_names[format]);
        help_layouts(stdout, (sk_usage_format)format);
        return SK_EXIT_OK;
    }
    if (i < argc && strcmp(argv[i], "techniques") == 0 && i + 1 == argc) {
        if (format > HELP_COMMANDS)
            return ski_cli_usage("help: --format %s is for the whole program, not the techniques",
                                help_format_names[format]);
        help_techniques(cli, stdout, format);
        return SK_EXIT_OK;
    }
    if (i < argc && strcmp(argv[i], "rules") == 0 && i + 1 == argc) {
        if (format > SK_USAGE_MAN)
            return ski_cli_usage("help: --format %s is for the whole program, not the rules",
                                help_format_names[format]);
        help_rules(cli, stdout, (sk_usage_format)format);
        return SK_EXIT_OK;
    }
    if (i >= argc) {
        help_whole(cli, format, stdout);
        return SK_EXIT_OK;
    }
    const ski_cli_command *c = help_find(argc, argv, i);
    int words = c ? (c->sub ? 2 : 1) : 0;
    if (!c && i + 1 == argc && format == SK_USAGE_TEXT && help_is_group(argv[i])) {
        ski_cli_group_usage(stdout, argv[i]);
        return SK_EXIT_OK;
    }
    if (!c || i + words < argc)
        return ski_cli_usage("help: no command '%s' (see sudokit --help)", argv[i]);
    if (format > SK_USAGE_MAN)
        return ski_cli_usage("help: --format %s is for the whole program, not one command",
                            help_format_names[format]);
    help_command(c, (sk_usage_format)format, stdout);
    return SK_EXIT_OK;
}
