/* The one JSON string writer: escapes, and valid UTF-8 whatever the bytes. */
#include "sudokit/format.h"

/* Length (2..4) of the valid UTF-8 sequence of more than one byte that
 * begins at p, or 0 when none does (RFC 3629: no overlong forms, no
 * surrogates, nothing past U+10FFFF). p is NUL-terminated, and a NUL is
 * never a continuation byte, so the scan stops at the terminator. */
static size_t json_utf8_length(const unsigned char *p)
{
    unsigned char c = p[0], low = 0x80, high = 0xBF;
    size_t len;
    if (c >= 0xC2 && c <= 0xDF)
        len = 2;
    else if (c >= 0xE0 && c <= 0xEF)
        len = 3;
    else if (c >= 0xF0 && c <= 0xF4)
        len = 4;
    else
        return 0;
    if (c == 0xE0)
        low = 0xA0; /* overlong below U+0800 */
    else if (c == 0xED)
        high = 0x9F; /* surrogates U+D800..U+DFFF */
    else if (c == 0xF0)
        low = 0x90; /* overlong below U+10000 */
    else if (c == 0xF4)
        high = 0x8F; /* past U+10FFFF */
    if (p[1] < low || p[1] > high)
        return 0;
    for (size_t i = 2; i < len; i++)
        if (p[i] < 0x80 || p[i] > 0xBF)
            return 0;
    return len;
}

/* Write the escape of one ASCII byte, or return false when it needs none. */
static bool json_escape(FILE *out, unsigned char c)
{
    static const char short_escapes[] = {
        ['\b'] = 'b', ['\f'] = 'f', ['\n'] = 'n', ['\r'] = 'r', ['\t'] = 't'};
    if (c == '"' || c == '\\') {
        fputc('\\', out);
        fputc(c, out);
    } else if (c < sizeof short_escapes && short_escapes[c]) {
        fputc('\\', out);
        fputc(short_escapes[c], out);
    } else if (c < 0x20) {
        fprintf(out, "\\u%04x", c);
    } else {
        return false;
    }
    return true;
}

void sk_json_string(FILE *out, const char *text)
{
    if (!text) {
        fputs("null", out);
        return;
    }
    fputc('"', out);
    const unsigned char *p = (const unsigned char *)text;
    while (*p) {
        if (*p < 0x80) {
            if (!json_escape(out, *p))
                fputc(*p, out);
            p++;
            continue;
        }
        size_t len = json_utf8_length(p);
        if (len == 0) {
            fprintf(out, "\\u%04x", *p++); /* not UTF-8: the byte as U+00XX */
            continue;
        }
        fwrite(p, 1, len, out);
        p += len;
    }
    fputc('"', out);
}
