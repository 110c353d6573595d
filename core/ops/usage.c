/* The manual of an operation, made from its keys: what `--help` prints,
 * the sections of docs/cli.md and the man pages, from one source. */
#include <stdio.h>
#include <string.h>

#include "op.h"
#include "usage.h"

void ski_usage_wrap(FILE *out, const char *text, int first, int indent, int width)
{
    int column = first;
    bool line_start = true;
    while (*text) {
        size_t word = strcspn(text, " ");
        if (!line_start && column + 1 + (int)word > width) {
            fprintf(out, "\n%*s", indent, "");
            column = indent;
            line_start = true;
        }
        if (!line_start) {
            fputc(' ', out);
            column++;
        }
        fwrite(text, 1, word, out);
        column += (int)word;
        line_start = false;
        text += word;
        while (*text == ' ')
            text++;
    }
    fputc('\n', out);
}

/* "-n, --count N" into buf; for man, "\fB\-n\fR, \fB\-\-count\fR \fIN\fR". */
static void usage_key_name(const sk_key *key, bool man, char *buf, size_t len)
{
    const char *dash = man ? "\\-" : "-", *bold = man ? "\\fB" : "", *roman = man ? "\\fR" : "";
    char value[64] = "", shortname[32] = "";
    if (key->value_name)
        snprintf(value, sizeof value, " %s%s%s", man ? "\\fI" : "", key->value_name, roman);
    if (key->short_name)
        snprintf(shortname, sizeof shortname, "%s%s%c%s, ", bold, dash, key->short_name, roman);
    else if (!man)
        snprintf(shortname, sizeof shortname, "    ");
    char name[64];
    size_t n = 0;
    for (const char *p = key->name; *p && n + 3 < sizeof name; p++) {
        if (*p == '-' && man)
            name[n++] = '\\';
        name[n++] = *p;
    }
    name[n] = '\0';
    snprintf(buf, len, "%s%s%s%s%s%s%s", shortname, bold, dash, dash, name, roman, value);
}

/* The key's help with its default. */
static void usage_key_help(const sk_key *key, char *buf, size_t len)
{
    snprintf(buf, len, "%s%s%s%s", key->help, key->fallback ? " (default " : "",
             key->fallback ? key->fallback : "", key->fallback ? ")" : "");
}

bool ski_op_key_is_option(const sk_op_info *info, const sk_key *key)
{
    return (!info->input_key || strcmp(key->name, info->input_key) != 0) &&
           (!info->target_key || strcmp(key->name, info->target_key) != 0);
}

static const char usage_exit_text[] =
    "Exit status: 0 all done, 1 some input failed (each named on stderr), 2 a bad command "
    "line, 128+N stopped by signal N.";

void ski_usage_item(FILE *out, const char *name, const char *help)
{
    if (strlen(name) > 24)
        fprintf(out, "  %s\n%28s", name, "");
    else
        fprintf(out, "  %-24s  ", name);
    ski_usage_wrap(out, help, 28, 28, 78);
}

static void usage_text(const sk_op_info *info, const char *command, FILE *out)
{
    fprintf(out, "usage: sudokit %s [OPTIONS]%s%s\n\n", command, *info->synopsis ? " " : "",
            info->synopsis);
    ski_usage_wrap(out, info->description, 0, 0, 78);
    fputs("\nOptions:\n", out);
    for (const sk_key *key = info->keys; key->name; key++) {
        if (!ski_op_key_is_option(info, key))
            continue;
        char name[96], help[512];
        usage_key_name(key, false, name, sizeof name);
        usage_key_help(key, help, sizeof help);
        ski_usage_item(out, name, help);
    }
    fputs("  -h, --help                this help\n\n", out);
    ski_usage_wrap(out, usage_exit_text, 0, 0, 78);
}

static void usage_markdown(const sk_op_info *info, const char *command, FILE *out)
{
    fprintf(out, "## sudokit %s\n\n```\nsudokit %s [OPTIONS]%s%s\n```\n\n%s\n\n", command,
            command, *info->synopsis ? " " : "", info->synopsis, info->description);
    fputs("| option | meaning |\n| --- | --- |\n", out);
    for (const sk_key *key = info->keys; key->name; key++) {
        if (!ski_op_key_is_option(info, key))
            continue;
        char name[96], help[512];
        usage_key_name(key, false, name, sizeof name);
        usage_key_help(key, help, sizeof help);
        const char *trimmed = name + strspn(name, " ");
        fprintf(out, "| `%s` | %s |\n", trimmed, help);
    }
    fprintf(out, "\nLua: `sudokit.%s{key = value, ...}` with the same keys (`_` for `-`).\n\n",
            info->name);
}

void ski_usage_roff(FILE *out, const char *text)
{
    bool line_start = true;
    for (const char *p = text; *p; p++) {
        if (line_start && (*p == '.' || *p == '\''))
            fputs("\\&", out);
        if (*p == '\\')
            fputs("\\e", out);
        else if (*p == '-')
            fputs("\\-", out);
        else
            fputc(*p, out);
        line_start = *p == '\n';
    }
}

void ski_usage_man_title(FILE *out, const char *command, const char *summary)
{
    char title[64] = "sudokit";
    if (command)
        snprintf(title, sizeof title, "sudokit-%s", command);
    for (char *p = title; *p; p++)
        *p = *p == ' ' ? '-' : *p;
    fprintf(out, ".TH %s 1 \"\" \"sudokit %s\" \"sudokit manual\"\n.nh\n.ad l\n.SH NAME\n",
            title, sk_version());
    ski_usage_roff(out, title);
    fputs(" \\- ", out);
    ski_usage_roff(out, summary);
    fputc('\n', out);
}

static void usage_man(const sk_op_info *info, const char *command, FILE *out)
{
    ski_usage_man_title(out, command, info->summary);
    fputs(".SH SYNOPSIS\n.B sudokit ", out);
    ski_usage_roff(out, command);
    fputs("\n[\\fIOPTIONS\\fR]", out);
    if (*info->synopsis)
        fputc(' ', out);
    ski_usage_roff(out, info->synopsis);
    fputs("\n.SH DESCRIPTION\n", out);
    ski_usage_roff(out, info->description);
    fputs("\n.SH OPTIONS\n", out);
    for (const sk_key *key = info->keys; key->name; key++) {
        if (!ski_op_key_is_option(info, key))
            continue;
        char name[160], help[512];
        usage_key_name(key, true, name, sizeof name);
        usage_key_help(key, help, sizeof help);
        fprintf(out, ".TP\n%s\n", name);
        ski_usage_roff(out, help);
        fputc('\n', out);
    }
    fputs(".TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\nthis help\n.SH EXIT STATUS\n", out);
    ski_usage_roff(out, usage_exit_text);
    fputc('\n', out);
}

void sk_op_usage(const sk_op_info *info, const char *command, sk_usage_format format,
                 FILE *out)
{
    if (format == SK_USAGE_MARKDOWN)
        usage_markdown(info, command, out);
    else if (format == SK_USAGE_MAN)
        usage_man(info, command, out);
    else
        usage_text(info, command, out);
}
