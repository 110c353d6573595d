/* The one csv field writer: RFC 4180 quoting, and an escape for text that
 * a spreadsheet would compute or that would start a line of its own. */
#include <string.h>

#include "sudokit/format.h"

/* True when text is written escaped (format.h says why): it begins with
 * what makes a spreadsheet compute a cell (= + - @, or a tab or a carriage
 * return before one) or with the escape's own mark, or it holds a line
 * end. */
static bool csv_escaped(const char *text)
{
    return strchr("=+-@'\t\r", text[0]) != NULL || strpbrk(text, "\r\n") != NULL;
}

/* True when the field, as written, must be quoted to read back as it is. */
static bool csv_needs_quotes(const char *text, size_t len, bool escaped)
{
    if (strpbrk(text, ",\""))
        return true;
    char first = text[0], last = text[len - 1];
    bool blank_first = first == ' ' || first == '\t' || first == '#';
    return (!escaped && blank_first) || last == ' ' || last == '\t';
}

void sk_csv_field(FILE *out, const char *text)
{
    size_t len = text ? strlen(text) : 0;
    if (len == 0)
        return;
    bool escaped = csv_escaped(text), quoted = csv_needs_quotes(text, len, escaped);
    if (!escaped && !quoted) {
        fwrite(text, 1, len, out);
        return;
    }
    if (quoted)
        fputc('"', out);
    if (escaped)
        fputc('\'', out);
    for (const char *p = text; *p; p++) {
        if (escaped && (*p == '\\' || *p == '\n' || *p == '\r')) {
            fputc('\\', out);
            fputc(*p == '\n' ? 'n' : *p == '\r' ? 'r' : '\\', out);
            continue;
        }
        if (*p == '"')
            fputc('"', out);
        fputc(*p, out);
    }
    if (quoted)
        fputc('"', out);
}
