/* The one csv field writer (RFC 4180 quoting). */
#include <string.h>

#include "sudokit/format.h"

/* True when text must be quoted to read back as it is. */
static bool csv_needs_quotes(const char *text, size_t len)
{
    if (strpbrk(text, ",\"\r\n"))
        return true;
    char first = text[0], last = text[len - 1];
    return first == ' ' || first == '\t' || first == '#' || last == ' ' || last == '\t';
}

void sk_csv_field(FILE *out, const char *text)
{
    size_t len = text ? strlen(text) : 0;
    if (len == 0)
        return;
    if (!csv_needs_quotes(text, len)) {
        fwrite(text, 1, len, out);
        return;
    }
    fputc('"', out);
    for (const char *p = text; *p; p++) {
        if (*p == '"')
            fputc('"', out);
        fputc(*p, out);
    }
    fputc('"', out);
}
