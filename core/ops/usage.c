/* The manual of an operation, made from its keys: what `--help` prints,
 * the sections of docs/cli.md and the man pages, from one source. */
#include <stdio.h>
#include <string.h>

#include "op.h"

/* Write text wrapped at width columns; the first line starts at column
 * first (the caller has written that much), the others after indent
 * blanks. */
static void usage_wrap(FILE *out, const char *text, int first, int indent, int width)
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

/* "-n, --count N" into buf (man: with roff escapes for '-'). */
static void usage_key_name(const sk_key *key, bool man, char *buf, size_t len)
{
    const char *dash = man ? "\\-" : "-";
    char value[64] = "";
    if (key->value_name)
        snprintf(value, sizeof value, " %s", key->value_name);
    if (key->short_name)
        snprintf(buf, len, "%s%c, %s%s%s%s", dash, key->short_name, dash, dash, key->name, value);
    else
        snprintf(buf, len, "%s%s%s%s", man ? "" : "    ", dash, dash, key->name);
    if (!key->short_name)
        snprintf(buf + strlen(buf), len - strlen(buf), "%s", value);
}

/* The key's help with its default. */
static void usage_key_help(const sk_key *key, char *buf, size_t len)
{
    snprintf(buf, len, "%s%s%s%s", key->help, key->fallback ? " (default " : "",
             key->fallback ? key->fallback : "", key->fallback ? ")" : "");
}

/* The keys a face spells as options: all but the positional ones. */
static bool usage_is_option(const sk_op_info *info, const sk_key *key)
{
    return (!info->input_key || strcmp(key->name, info->input_key) != 0) &&
           (!info->target_key || strcmp(key->name, info->target_key) != 0);
}

static const char usage_exit_text[] =
    "Exit status: 0 all done, 1 some input failed (each named on stderr), 2 a bad command "
    "line, 128+N stopped by signal N.";

static void usage_text(const sk_op_info *info, const char *command, FILE *out)
{
    fprintf(out, "usage: sudokit %s [OPTIONS]%s%s\n\n", command, *info->synopsis ? " " : "",
            info->synopsis);
    usage_wrap(out, info->description, 0, 0, 78);
    fputs("\nOptions:\n", out);
    for (const sk_key *key = info->keys; key->name; key++) {
        if (!usage_is_option(info, key))
            continue;
        char name[96], help[512];
        usage_key_name(key, false, name, sizeof name);
        usage_key_help(key, help, sizeof help);
        if (strlen(name) > 24) {
            fprintf(out, "  %s\n%28s", name, "");
        } else {
            fprintf(out, "  %-24s  ", name);
        }
        usage_wrap(out, help, 28, 28, 78);
    }
    fputs("  -h, --help                this help\n\n", out);
    usage_wrap(out, usage_exit_text, 0, 0, 78);
}

static void usage_markdown(const sk_op_info *info, const char *command, FILE *out)
{
    fprintf(out, "## sudokit %s\n\n```\nsudokit %s [OPTIONS]%s%s\n```\n\n%s\n\n", command,
            command, *info->synopsis ? " " : "", info->synopsis, info->description);
    fputs("| option | meaning |\n| --- | --- |\n", out);
    for (const sk_key *key = info->keys; key->name; key++) {
        if (!usage_is_option(info, key))
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

/* Text for roff: a leading '.' or '\'' would be a request, '\\' an escape. */
static void usage_roff(FILE *out, const char *text)
{
    for (const char *p = text; *p; p++) {
        if (*p == '\\')
            fputs("\\e", out);
        else if (*p == '-')
            fputs("\\-", out);
        else
            fputc(*p, out);
    }
}

static void usage_man(const sk_op_info *info, const char *command, FILE *out)
{
    char title[64];
    snprintf(title, sizeof title, "sudokit-%s", command);
    for (char *p = title; *p; p++)
        *p = *p == ' ' ? '-' : *p;
    fprintf(out, ".TH %s 1 \"\" \"sudokit\" \"sudokit manual\"\n.SH NAME\n%s \\- ", title, title);
    usage_roff(out, info->summary);
    fprintf(out, "\n.SH SYNOPSIS\n.B sudokit %s\n[\\fIOPTIONS\\fR] ", command);
    usage_roff(out, info->synopsis);
    fputs("\n.SH DESCRIPTION\n", out);
    usage_roff(out, info->description);
    fputs("\n.SH OPTIONS\n", out);
    for (const sk_key *key = info->keys; key->name; key++) {
        if (!usage_is_option(info, key))
            continue;
        char name[96], help[512];
        usage_key_name(key, true, name, sizeof name);
        usage_key_help(key, help, sizeof help);
        fprintf(out, ".TP\n.B %s\n", name);
        usage_roff(out, help);
        fputc('\n', out);
    }
    fputs(".SH EXIT STATUS\n", out);
    usage_roff(out, usage_exit_text);
    fputs("\n.SH SEE ALSO\n.BR sudokit (1)\n", out);
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
