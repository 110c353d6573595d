/* The JSON grammar (RFC 8259) over the reader's lines: strings with every
 * escape, numbers, literals, and nested values checked then skipped. */
#include <string.h>

#include "reader_internal.h"

/* How deep objects and arrays may nest. */
#define JSON_MAX_DEPTH 64

int json_peek(sk_reader *reader)
{
    for (;;) {
        while (reader->json_at < reader->line_len) {
            char ch = reader->line[reader->json_at];
            if (ch != ' ' && ch != '\t' && ch != '\r')
                return (unsigned char)ch;
            reader->json_at++;
        }
        ssize_t len = reader_read_line(reader);
        if (len < 0)
            return (int)len;
        reader->json_at = 0;
        if (reader->raw_on && reader_raw_line(reader) != 0)
            return -2;
    }
}

/* Report the character at the parser's place, with what was expected. */
static sk_read_status json_unexpected(sk_reader *reader, const char *expected)
{
    char name[8];
    reader_char_name((unsigned char)reader->line[reader->json_at], name);
    reader_fail(reader, reader->line_no, reader->json_at + 1, "unexpected character %s (%s)", name,
                expected);
    return SK_READ_BAD;
}

/* The input ended (peek gave ch < 0) inside an object or array. */
static sk_read_status json_unclosed(sk_reader *reader, int ch)
{
    if (ch == -2)
        return SK_READ_IO;
    reader_fail(reader, reader->line_no, reader->line_len + 1,
                "the input ends inside an object or array (it closes with '}' or ']')");
    return SK_READ_BAD;
}

/* Parse the 4 hex digits at text (NUL-terminated) into *code. */
static bool json_hex4(const char *text, unsigned *code)
{
    *code = 0;
    for (int i = 0; i < 4; i++) {
        char ch = text[i];
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

/* Append code point code (not a surrogate) to the arena in UTF-8. */
static int json_put_utf8(sk_reader *reader, unsigned code)
{
    unsigned char bytes[4];
    size_t n;
    if (code < 0x80) {
        bytes[0] = (unsigned char)code, n = 1;
    } else if (code < 0x800) {
        bytes[0] = (unsigned char)(0xC0 | code >> 6), n = 2;
    } else if (code < 0x10000) {
        bytes[0] = (unsigned char)(0xE0 | code >> 12), n = 3;
    } else {
        bytes[0] = (unsigned char)(0xF0 | code >> 18), n = 4;
    }
    for (size_t i = 1; i < n; i++)
        bytes[i] = (unsigned char)(0x80 | ((code >> (6 * (n - 1 - i))) & 0x3F));
    return reader_arena_put(reader, bytes, n);
}

/* Decode the \u escape at line[*at] ('\\'), with the low surrogate that
 * must follow a high one; *at ends past it. */
static sk_read_status json_unicode(sk_reader *reader, size_t *at)
{
    const char *line = reader->line;
    size_t i = *at;
    unsigned code, low;
    if (!json_hex4(line + i + 2, &code)) {
        reader_fail(reader, reader->line_no, i + 1, "\\u needs 4 hexadecimal digits");
        return SK_READ_BAD;
    }
    *at = i + 6;
    if (code >= 0xD800 && code <= 0xDBFF) {
        if (line[i + 6] != '\\' || line[i + 7] != 'u' || !json_hex4(line + i + 8, &low) ||
            low < 0xDC00 || low > 0xDFFF) {
            reader_fail(reader, reader->line_no, i + 1,
                        "unpaired surrogate \\u%04X (a high surrogate is followed by a low one, "
                        "\\uDC00-\\uDFFF)",
                        code);
            return SK_READ_BAD;
        }
        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
        *at = i + 12;
    } else if (code >= 0xDC00 && code <= 0xDFFF) {
        reader_fail(reader, reader->line_no, i + 1,
                    "unpaired surrogate \\u%04X (a low surrogate follows a high one)", code);
        return SK_READ_BAD;
    } else if (code == 0) {
        reader_fail(reader, reader->line_no, i + 1, "\\u0000 (NUL) cannot be in a string");
        return SK_READ_BAD;
    }
    return json_put_utf8(reader, code) == 0 ? SK_READ_OK : SK_READ_IO;
}

/* Decode the escape at line[*at] ('\\'); *at ends past it. */
static sk_read_status json_escape(sk_reader *reader, size_t *at)
{
    static const char plain_of[128] = {['"'] = '"',  ['\\'] = '\\', ['/'] = '/',  ['b'] = '\b',
                                       ['f'] = '\f', ['n'] = '\n',  ['r'] = '\r', ['t'] = '\t'};
    unsigned char kind = (unsigned char)reader->line[*at + 1];
    if (kind == 'u')
        return json_unicode(reader, at);
    if (kind >= 128 || !plain_of[kind]) {
        char name[8];
        reader_char_name(kind, name);
        reader_fail(
            reader, reader->line_no, *at + 1,
            "unknown escape: '\\' then %s (JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)",
            name);
        return SK_READ_BAD;
    }
    *at += 2;
    return reader_arena_put(reader, &plain_of[kind], 1) == 0 ? SK_READ_OK : SK_READ_IO;
}

/* Parse the string whose opening quote is at the parser's place into the
 * arena (NUL-terminated). On an error the parser stays at the quote. */
static sk_read_status json_string(sk_reader *reader, reader_value *out)
{
    const char *line = reader->line;
    size_t open = reader->json_at, i = open + 1;
    *out = (reader_value){.type = VALUE_STRING,
                          .offset = reader->arena_len,
                          .line = reader->line_no,
                          .col = open + 2,
                          .exact = true};
    sk_read_status status = SK_READ_OK;
    while (status == SK_READ_OK) {
        size_t run = i;
        while (run < reader->line_len && line[run] != '"' && line[run] != '\\' &&
               (unsigned char)line[run] >= 0x20)
            run++;
        if (reader_arena_put(reader, line + i, run - i) != 0)
            return SK_READ_IO;
        i = run;
        if (i == reader->line_len) {
            reader_fail(reader, reader->line_no, open + 1,
                        "the string that begins here does not end on its line");
            return SK_READ_BAD;
        }
        if (line[i] == '"')
            break;
        if (line[i] != '\\') {
            char name[8];
            reader_char_name((unsigned char)line[i], name);
            reader_fail(reader, reader->line_no, i + 1,
                        "control character %s in a string (write it as an escape, \\u00XX)", name);
            return SK_READ_BAD;
        }
        out->exact = false;
        status = json_escape(reader, &i);
    }
    if (status != SK_READ_OK)
        return status;
    out->len = reader->arena_len - out->offset;
    reader->json_at = i + 1;
    return reader_arena_put(reader, "", 1) == 0 ? SK_READ_OK : SK_READ_IO;
}

/* Skip the digits at line[*at]; false when there is none. */
static bool json_digits(const char *line, size_t *at)
{
    size_t start = *at;
    while (line[*at] >= '0' && line[*at] <= '9')
        (*at)++;
    return *at > start;
}

/* Parse the number at the parser's place: its text goes to the arena. */
static sk_read_status json_number(sk_reader *reader, reader_value *out)
{
    const char *line = reader->line;
    size_t start = reader->json_at, i = start;
    if (line[i] == '-')
        i++;
    bool ok = line[i] == '0' ? (i++, true) : json_digits(line, &i);
    if (ok && line[i] == '.')
        ok = (i++, json_digits(line, &i));
    if (ok && (line[i] == 'e' || line[i] == 'E')) {
        i++;
        if (line[i] == '+' || line[i] == '-')
            i++;
        ok = json_digits(line, &i);
    }
    if (!ok) {
        reader_fail(reader, reader->line_no, start + 1,
                    "malformed number (JSON numbers look like -12, 4.20 or 1e3)");
        return SK_READ_BAD;
    }
    out->type = VALUE_NUMBER;
    out->offset = reader->arena_len;
    out->len = i - start;
    reader->json_at = i;
    if (reader_arena_put(reader, line + start, i - start) != 0 ||
        reader_arena_put(reader, "", 1) != 0)
        return SK_READ_IO;
    return SK_READ_OK;
}

/* Parse true, false or null at the parser's place. */
static sk_read_status json_literal(sk_reader *reader, reader_value *out)
{
    static const struct {
        const char *text;
        value_type type;
    } literals[] = {{"true", VALUE_BOOL}, {"false", VALUE_BOOL}, {"null", VALUE_NULL}};
    const char *at = reader->line + reader->json_at;
    for (size_t i = 0; i < sizeof literals / sizeof literals[0]; i++) {
        size_t len = strlen(literals[i].text);
        if (strncmp(at, literals[i].text, len) != 0)
            continue;
        out->type = literals[i].type;
        out->offset = reader->arena_len;
        out->len = len;
        reader->json_at += len;
        return reader_arena_put(reader, literals[i].text, len + 1) == 0 ? SK_READ_OK : SK_READ_IO;
    }
    return json_unexpected(reader, "a value is expected: a string, a number, true, false, null, "
                                   "an object or an array");
}

static sk_read_status json_array(sk_reader *reader);

/* A member of a nested object: its value is checked, then forgotten. */
static sk_read_status json_skip_member(sk_reader *reader, const reader_value *key)
{
    (void)key;
    size_t mark = reader->arena_len;
    reader_value value;
    sk_read_status status = json_value(reader, &value);
    reader->arena_len = mark;
    return status;
}

sk_read_status json_value(sk_reader *reader, reader_value *out)
{
    int ch = json_peek(reader);
    if (ch < 0)
        return json_unclosed(reader, ch);
    *out = (reader_value){.type = VALUE_NESTED,
                          .offset = reader->arena_len,
                          .line = reader->line_no,
                          .col = reader->json_at + 1,
                          .exact = true};
    if (ch == '"')
        return json_string(reader, out);
    if (ch == '-' || (ch >= '0' && ch <= '9'))
        return json_number(reader, out);
    if (ch != '{' && ch != '[')
        return json_literal(reader, out);
    if (reader->json_depth >= JSON_MAX_DEPTH) {
        reader_fail(reader, reader->line_no, reader->json_at + 1,
                    "objects and arrays nested deeper than %d", JSON_MAX_DEPTH);
        return SK_READ_BAD;
    }
    sk_read_status status = ch == '{' ? json_object(reader, json_skip_member) : json_array(reader);
    if (reader_arena_put(reader, "", 1) != 0)
        return SK_READ_IO;
    return status;
}

sk_read_status json_object(sk_reader *reader, json_member_fn member)
{
    reader->json_at++; /* the '{' */
    reader->json_depth++;
    int ch = json_peek(reader);
    while (ch != '}') {
        if (ch < 0)
            return json_unclosed(reader, ch);
        if (ch != '"')
            return json_unexpected(reader, "a key, a string, is expected");
        reader_value key;
        sk_read_status status = json_string(reader, &key);
        if (status != SK_READ_OK)
            return status;
        if ((ch = json_peek(reader)) != ':')
            return ch < 0 ? json_unclosed(reader, ch)
                          : json_unexpected(reader, "':' follows a key");
        reader->json_at++;
        if ((status = member(reader, &key)) != SK_READ_OK)
            return status;
        if ((ch = json_peek(reader)) == ',') {
            reader->json_at++;
            if ((ch = json_peek(reader)) == '}')
                return json_unexpected(reader, "a key follows ','");
        } else if (ch >= 0 && ch != '}') {
            return json_unexpected(reader, "',' or '}' follows a value");
        }
    }
    reader->json_at++;
    reader->json_depth--;
    return SK_READ_OK;
}

/* Check and skip the array at the parser's place. */
static sk_read_status json_array(sk_reader *reader)
{
    reader->json_at++; /* the '[' */
    reader->json_depth++;
    int ch = json_peek(reader);
    while (ch != ']') {
        if (ch < 0)
            return json_unclosed(reader, ch);
        sk_read_status status = json_skip_member(reader, NULL);
        if (status != SK_READ_OK)
            return status;
        if ((ch = json_peek(reader)) == ',') {
            reader->json_at++;
            if ((ch = json_peek(reader)) == ']')
                return json_unexpected(reader, "a value follows ','");
        } else if (ch >= 0 && ch != ']') {
            return json_unexpected(reader, "',' or ']' follows a value");
        }
    }
    reader->json_at++;
    reader->json_depth--;
    return SK_READ_OK;
}

void json_recover(sk_reader *reader)
{
    const char *line = reader->line;
    int depth = reader->json_depth;
    bool in_string = false;
    for (size_t i = reader->json_at; i < reader->line_len && depth > 0; i++) {
        if (in_string && line[i] == '\\')
            i++;
        else if (line[i] == '"')
            in_string = !in_string;
        else if (!in_string && (line[i] == '{' || line[i] == '['))
            depth++;
        else if (!in_string && (line[i] == '}' || line[i] == ']'))
            depth--;
    }
    reader->json_resync = depth > 0;
    reader->json_depth = 0;
}
