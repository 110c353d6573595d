/* The usage text of an operation, made from its keys: what `--help`
 * prints (and what the manual is made from). */
#include <stdio.h>
#include <string.h>

#include "op.h"

/* Write text wrapped at width columns, each line indented by indent. */
static void usage_wrap(FILE *out, const char *text, int indent, int width)
{
    int column = indent;
    fprintf(out, "%*s", indent, "");
    while (*text) {
        size_t word = strcspn(text, " ");
        if (column > indent && column + 1 + (int)word > width) {
            fprintf(out, "\n%*s", indent, "");
            column = indent;
        } else if (column > indent) {
            fputc(' ', out);
            column++;
        }
        fwrite(text, 1, word, out);
        column += (int)word;
        text += word;
        while (*text == ' ')
            text++;
    }
    fputc('\n', out);
}

/* "-n, --count N" into buf. */
static void usage_key_name(const sk_key *key, char *buf, size_t len)
{
    char value[64] = "";
    if (key->value_name)
        snprintf(value, sizeof value, " %s", key->value_name);
    if (key->short_name)
        snprintf(buf, len, "-%c, --%s%s", key->short_name, key->name, value);
    else
        snprintf(buf, len, "    --%s%s", key->name, value);
}

void sk_op_usage(const sk_op_info *info, const char *command, FILE *out)
{
    fprintf(out, "usage: sudokit %s [OPTIONS]%s%s\n\n", command,
            info->synopsis && *info->synopsis ? " " : "", info->synopsis ? info->synopsis : "");
    usage_wrap(out, info->description, 0, 78);
    fputs("\nOptions:\n", out);
    for (const sk_key *key = info->keys; key->name; key++) {
        if (info->input_key && strcmp(key->name, info->input_key) == 0)
            continue;
        char name[96], help[512];
        usage_key_name(key, name, sizeof name);
        snprintf(help, sizeof help, "%s%s%s%s", key->help, key->fallback ? " (default " : "",
                 key->fallback ? key->fallback : "", key->fallback ? ")" : "");
        if (strlen(name) > 24) {
            fprintf(out, "  %s\n", name);
            usage_wrap(out, help, 28, 78);
        } else {
            fprintf(out, "  %-24s  ", name);
            /* the first line continues after the name */
            char *line = help;
            size_t room = 78 - 28;
            while (strlen(line) > room) {
                size_t cut = room;
                while (cut > 0 && line[cut] != ' ')
                    cut--;
                if (cut == 0)
                    break;
                fprintf(out, "%.*s\n%28s", (int)cut, line, "");
                line += cut + 1;
            }
            fprintf(out, "%s\n", line);
        }
    }
    fputs("  -h, --help                this help\n\n"
          "Exit status: 0 all done, 1 some input failed (each named on stderr), 2 a bad\n"
          "command line.\n",
          out);
}
