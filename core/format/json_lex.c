/* JSON tokens (RFC 8259): strings, numbers and words, with the place and
 * words of a problem. */
#include "json_lex.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

const char *const json_words[3] = {"true", "false", "null"};

void json_char_name(unsigned char ch, char out[8])
{
    if (isprint(ch))
        snprintf(out, 8, "'%c'", ch);
    else
        snprintf(out, 8, "\\x%02X", ch);
}

__attribute__((format(printf, 3, 4))) static size_t lex_fail(json_problem *problem, size_t at,
                                                             const char *fmt, ...)
{
    problem->at = at;
    va_list args;
    va_start(args, fmt);
    vsnprintf(problem->why, sizeof problem->why, fmt, args);
    va_end(args);
    return 0;
}

/* The offset of the closing quote of the string at text[at] when it holds
 * no escape (most do: the first quote ends them), else 0. */
static size_t lex_plain_end(const char *text, size_t len, size_t at)
{
    const char *quote = at + 1 < len ? memchr(text + at + 1, '"', len - at - 1) : NULL;
    if (!quote || memchr(text + at + 1, '\\', (size_t)(quote - text) - at - 1))
        return 0;
    return (size_t)(quote - text);
}

size_t json_string_end(const char *text, size_t len, size_t at)
{
    size_t plain = lex_plain_end(text, len, at);
    if (plain)
        return plain;
    size_t end = at + 1;
    while (end < len && text[end] != '"')
        end += text[end] == '\\' ? 2 : 1;
    return end < len ? end : len;
}

size_t json_string_room(const char *text, size_t len, size_t at)
{
    return json_string_end(text, len, at) - at;
}

/* The 4 hex digits at text[at] (len bounds the text) into *code. */
static bool lex_hex4(const char *text, size_t len, size_t at, unsigned *code)
{
    *code = 0;
    if (len < 4 || at > len - 4)
        return false;
    for (int i = 0; i < 4; i++) {
        char ch = text[at + (size_t)i];
        unsigned digit = ch >= '0' && ch <= '9'   ? (unsigned)(ch - '0')
                         : ch >= 'a' && ch <= 'f' ? (unsigned)(ch - 'a' + 10)
                         : ch >= 'A' && ch <= 'F' ? (unsigned)(ch - 'A' + 10)
                                                  : 16;
        if (digit == 16)
            return false;
        *code = *code * 16 + digit;
    }
    return true;
}

/* Write code point code (not a surrogate) at out in UTF-8; its bytes. */
static size_t lex_utf8(unsigned code, char *out)
{
    if (code < 0x80) {
        out[0] = (char)code;
        return 1;
    }
    size_t n = code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    static const unsigned char lead[] = {0, 0, 0xC0, 0xE0, 0xF0};
    for (size_t i = n - 1; i > 0; i--, code >>= 6)
        out[i] = (char)(0x80 | (code & 0x3F));
    out[0] = (char)(lead[n] | code);
    return n;
}

/* Decode the \u escape at text[i] ('\\'), with the low surrogate that must
 * follow a high one, onto out + *n; returns the offset past it, or 0. */
static size_t lex_unicode(const char *text, size_t len, size_t i, char *out, size_t *n,
                          json_problem *problem)
{
    unsigned code, low;
    if (!lex_hex4(text, len, i + 2, &code))
        return lex_fail(problem, i, "\\u needs 4 hexadecimal digits");
    size_t end = i + 6;
    if (code >= 0xD800 && code <= 0xDBFF) {
        if (end + 1 >= len || text[end] != '\\' || text[end + 1] != 'u' ||
            !lex_hex4(text, len, end + 2, &low) || low < 0xDC00 || low > 0xDFFF)
            return lex_fail(problem, i,
                            "unpaired surrogate \\u%04X (a high surrogate is followed by a low "
                            "one, \\uDC00-\\uDFFF)",
                            code);
        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
        end += 6;
    } else if (code >= 0xDC00 && code <= 0xDFFF) {
        return lex_fail(problem, i,
                        "unpaired surrogate \\u%04X (a low surrogate follows a high one)", code);
    } else if (code == 0) {
        return lex_fail(problem, i, "\\u0000 (NUL) cannot be in a string");
    }
    *n += lex_utf8(code, out + *n);
    return end;
}

/* Decode the escape at text[i] ('\\') onto out + *n; the offset past it,
 * or 0. */
static size_t lex_escape(const char *text, size_t len, size_t i, char *out, size_t *n,
                         json_problem *problem)
{
    static const char plain_of[128] = {['"'] = '"',  ['\\'] = '\\', ['/'] = '/',  ['b'] = '\b',
                                       ['f'] = '\f', ['n'] = '\n',  ['r'] = '\r', ['t'] = '\t'};
    unsigned char kind = i + 1 < len ? (unsigned char)text[i + 1] : 0;
    if (kind == 'u')
        return lex_unicode(text, len, i, out, n, problem);
    if (kind >= 128 || !plain_of[kind]) {
        char name[8];
        json_char_name(kind, name);
        return lex_fail(
            problem, i,
            "unknown escape: '\\' then %s (JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)",
            name);
    }
    out[(*n)++] = plain_of[kind];
    return i + 2;
}

size_t json_string(const char *text, size_t len, size_t at, char *out, size_t *n,
                   bool *escaped, json_problem *problem)
{
    size_t i = at + 1, plain = lex_plain_end(text, len, at);
    *n = 0;
    *escaped = false;
    while (i < plain && (unsigned char)text[i] >= 0x20)
        i++;
    if (plain && i == plain) { /* no escape, no control character */
        *n = plain - at - 1;
        memcpy(out, text + at + 1, *n);
        out[*n] = '\0';
        return plain + 1;
    }
    i = at + 1;
    for (;;) {
        size_t run = i;
        while (run < len && text[run] != '"' && text[run] != '\\' &&
               (unsigned char)text[run] >= 0x20)
            run++;
        memcpy(out + *n, text + i, run - i);
        *n += run - i;
        i = run;
        if (i == len)
            return lex_fail(problem, at, "the string that begins here does not end on its line");
        if (text[i] == '"')
            break;
        if (text[i] != '\\') {
            char name[8];
            json_char_name((unsigned char)text[i], name);
            return lex_fail(problem, i,
                            "control character %s in a string (write it as an escape, \\u00XX)",
                            name);
        }
        *escaped = true;
        if (!(i = lex_escape(text, len, i, out, n, problem)))
            return 0;
    }
    out[*n] = '\0';
    return i + 1;
}

/* Skip the digits at text[*at]; false when there is none. */
static bool lex_digits(const char *text, size_t len, size_t *at)
{
    size_t start = *at;
    while (*at < len && text[*at] >= '0' && text[*at] <= '9')
        (*at)++;
    return *at > start;
}

size_t json_number(const char *text, size_t len, size_t at, json_problem *problem)
{
    size_t i = at;
    if (i < len && text[i] == '-')
        i++;
    bool ok = i < len && text[i] == '0' ? (i++, true) : lex_digits(text, len, &i);
    if (ok && i < len && text[i] == '.')
        ok = (i++, lex_digits(text, len, &i));
    if (ok && i < len && (text[i] == 'e' || text[i] == 'E')) {
        i++;
        if (i < len && (text[i] == '+' || text[i] == '-'))
            i++;
        ok = lex_digits(text, len, &i);
    }
    if (!ok)
        return lex_fail(problem, at, "malformed number (JSON numbers look like -12, 4.20 or 1e3)");
    return i;
}

int json_word(const char *text, size_t len, size_t at, size_t *end)
{
    for (int w = 0; w < 3; w++) {
        size_t n = strlen(json_words[w]);
        if (len - at >= n && memcmp(text + at, json_words[w], n) == 0) {
            *end = at + n;
            return w;
        }
    }
    return -1;
}
