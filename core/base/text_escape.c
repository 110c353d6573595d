/* Text shown on a terminal, with the characters that could drive it
 * escaped. */
#include "text_escape.h"

#include <stdlib.h>
#include <string.h>

/* The length of the UTF-8 character at text that a terminal shows as
 * itself (not a C1 control), or 0 when text does not begin with one. */
static size_t escape_utf8_length(const unsigned char *text)
{
    unsigned char c = text[0];
    size_t n = c >= 0xC2 && c <= 0xDF   ? 2
               : c >= 0xE0 && c <= 0xEF ? 3
               : c >= 0xF0 && c <= 0xF4 ? 4
                                        : 0;
    if (n == 0)
        return 0;
    for (size_t i = 1; i < n; i++)
        if ((text[i] & 0xC0) != 0x80)
            return 0;
    /* Overlong forms, surrogates, beyond U+10FFFF, and the C1 controls. */
    if ((c == 0xE0 && text[1] < 0xA0) || (c == 0xED && text[1] >= 0xA0) ||
        (c == 0xF0 && text[1] < 0x90) || (c == 0xF4 && text[1] >= 0x90) ||
        (c == 0xC2 && text[1] < 0xA0))
        return 0;
    return n;
}

/* How many bytes of text[0..] form its next piece and whether that piece
 * is escaped (one byte) or kept as it is. */
static size_t escape_piece(const char *text, bool lines, bool *escaped)
{
    unsigned char c = (unsigned char)*text;
    *escaped = false;
    if (c >= 0x20 && c < 0x7F)
        return 1;
    if (c == '\t' || c == '\n')
        return (*escaped = !lines), 1;
    size_t n = c >= 0x80 ? escape_utf8_length((const unsigned char *)text) : 0;
    if (n)
        return n;
    *escaped = true;
    return 1;
}

/* Write "\xNN" for byte c at out (4 bytes, no NUL). */
static void escape_byte(char *out, unsigned char c)
{
    static const char hex[] = "0123456789ABCDEF";
    out[0] = '\\', out[1] = 'x', out[2] = hex[c >> 4], out[3] = hex[c & 15];
}

char *ski_text_escape(char *buf, size_t len, const char *text, bool lines)
{
    size_t at = 0;
    for (const char *p = text ? text : ""; *p;) {
        bool escaped;
        size_t n = escape_piece(p, lines, &escaped);
        size_t need = escaped ? 4 : n;
        if (at + need >= len)
            break;
        if (escaped)
            escape_byte(buf + at, (unsigned char)*p);
        else
            memcpy(buf + at, p, n);
        at += need;
        p += n;
    }
    buf[at] = '\0';
    return buf;
}

void ski_text_put_escaped(FILE *out, const char *text, bool lines)
{
    for (const char *p = text ? text : ""; *p;) {
        bool escaped;
        size_t n = escape_piece(p, lines, &escaped);
        char code[4];
        if (escaped)
            escape_byte(code, (unsigned char)*p);
        fwrite(escaped ? code : p, 1, escaped ? sizeof code : n, out);
        p += n;
    }
}

char *ski_text_vformat(const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (text)
        vsnprintf(text, (size_t)n + 1, fmt, again);
    va_end(again);
    return text;
}

void ski_text_vprint_escaped(FILE *out, bool lines, const char *fmt, va_list ap)
{
    char *text = ski_text_vformat(fmt, ap);
    ski_text_put_escaped(out, text, lines);
    free(text);
}
