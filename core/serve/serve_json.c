/* Request bodies: one flat JSON object (RFC 8259) whose values are
 * strings, numbers, true, false or null: the keys of an operation or the
 * fields of a move. */
#include <stdlib.h>
#include <string.h>

#include "serve_internal.h"

typedef struct json_in {
    const char *p, *end, *start;
    char *err;
    size_t errlen;
} json_in;

static int json_fail(json_in *in, const char *what)
{
    snprintf(in->err, in->errlen, "malformed JSON body at byte %zu: %s",
             (size_t)(in->p - in->start) + 1, what);
    return -1;
}

static void json_space(json_in *in)
{
    while (in->p < in->end && strchr(" \t\r\n", *in->p) && *in->p)
        in->p++;
}

/* Append code point code as UTF-8 to out at *n. */
static void json_utf8(char *out, size_t *n, unsigned code)
{
    if (code < 0x80) {
        out[(*n)++] = (char)code;
    } else if (code < 0x800) {
        out[(*n)++] = (char)(0xC0 | code >> 6);
        out[(*n)++] = (char)(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        out[(*n)++] = (char)(0xE0 | code >> 12);
        out[(*n)++] = (char)(0x80 | (code >> 6 & 0x3F));
        out[(*n)++] = (char)(0x80 | (code & 0x3F));
    } else {
        out[(*n)++] = (char)(0xF0 | code >> 18);
        out[(*n)++] = (char)(0x80 | (code >> 12 & 0x3F));
        out[(*n)++] = (char)(0x80 | (code >> 6 & 0x3F));
        out[(*n)++] = (char)(0x80 | (code & 0x3F));
    }
}

/* Four hex digits at in->p into *code. */
static int json_hex4(json_in *in, unsigned *code)
{
    *code = 0;
    for (int i = 0; i < 4; i++, in->p++) {
        if (in->p >= in->end)
            return json_fail(in, "a \\u escape needs four hex digits");
        char c = *in->p;
        unsigned d = c >= '0' && c <= '9' ? (unsigned)(c - '0')
                     : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
                     : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10) : 16;
        if (d == 16)
            return json_fail(in, "a \\u escape needs four hex digits");
        *code = *code * 16 + d;
    }
    return 0;
}

/* A \u escape (after the "\u"), surrogate pairs joined. */
static int json_unicode(json_in *in, char *out, size_t *n)
{
    unsigned code, low;
    if (json_hex4(in, &code))
        return -1;
    if (code >= 0xD800 && code < 0xDC00) {
        if (in->end - in->p < 2 || in->p[0] != '\\' || in->p[1] != 'u')
            return json_fail(in, "a high surrogate must be followed by a low one");
        in->p += 2;
        if (json_hex4(in, &low) || low < 0xDC00 || low > 0xDFFF)
            return json_fail(in, "a high surrogate must be followed by a low one");
        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
    } else if (code >= 0xDC00 && code < 0xE000) {
        return json_fail(in, "a low surrogate without a high one");
    }
    if (code == 0)
        return json_fail(in, "\\u0000 is not taken in a value");
    json_utf8(out, n, code);
    return 0;
}

/* One escape (after the backslash). */
static int json_escape(json_in *in, char *out, size_t *n)
{
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    if (in->p >= in->end)
        return json_fail(in, "the body ends inside a string");
    char c = *in->p++;
    if (c == 'u')
        return json_unicode(in, out, n);
    const char *at = strchr(from, c);
    if (!at || !c)
        return json_fail(in, "unknown escape in a string");
    out[(*n)++] = to[at - from];
    return 0;
}

/* A string (at its opening quote) into a new heap string *out. */
static int json_string(json_in *in, char **out)
{
    in->p++;
    char *text = malloc((size_t)(in->end - in->p) * 2 + 1);
    size_t n = 0;
    if (!text)
        return json_fail(in, "out of memory");
    *out = text;
    for (;;) {
        if (in->p >= in->end)
            return json_fail(in, "the body ends inside a string");
        unsigned char c = (unsigned char)*in->p;
        if (c == '"')
            break;
        if (c < 0x20)
            return json_fail(in, "a control character inside a string (escape it)");
        in->p++;
        if (c == '\\') {
            if (json_escape(in, text, &n))
                return -1;
        } else {
            text[n++] = (char)c;
        }
    }
    in->p++;
    text[n] = '\0';
    return 0;
}

/* A number (RFC 8259's grammar), kept as its text. */
static int json_number(json_in *in, char **out)
{
    const char *s = in->p;
    if (in->p < in->end && *in->p == '-')
        in->p++;
    size_t digits = strspn(in->p, "0123456789");
    if (digits == 0 || (digits > 1 && *in->p == '0') || in->p + digits > in->end)
        return json_fail(in, "a malformed number");
    in->p += digits;
    if (in->p < in->end && *in->p == '.') {
        in->p++;
        if (!(digits = strspn(in->p, "0123456789")) || in->p + digits > in->end)
            return json_fail(in, "a malformed number");
        in->p += digits;
    }
    if (in->p < in->end && (*in->p == 'e' || *in->p == 'E')) {
        in->p++;
        if (in->p < in->end && (*in->p == '+' || *in->p == '-'))
            in->p++;
        if (!(digits = strspn(in->p, "0123456789")) || in->p + digits > in->end)
            return json_fail(in, "a malformed number");
        in->p += digits;
    }
    if (!(*out = strndup(s, (size_t)(in->p - s))))
        return json_fail(in, "out of memory");
    return 0;
}

/* A member's value into m. */
static int json_value(json_in *in, serve_member *m)
{
    static const char *const words[] = {"true", "false", "null"};
    if (in->p >= in->end)
        return json_fail(in, "a value is missing");
    if (*in->p == '"') {
        m->kind = SERVE_JSON_STRING;
        return json_string(in, &m->text);
    }
    if (*in->p == '-' || (*in->p >= '0' && *in->p <= '9')) {
        m->kind = SERVE_JSON_NUMBER;
        return json_number(in, &m->text);
    }
    for (int i = 0; i < 3; i++) {
        size_t n = strlen(words[i]);
        if ((size_t)(in->end - in->p) >= n && memcmp(in->p, words[i], n) == 0) {
            in->p += n;
            m->kind = i == 2 ? SERVE_JSON_NULL : SERVE_JSON_BOOL;
            if (i < 2 && !(m->text = strdup(i == 0 ? "1" : "0")))
                return json_fail(in, "out of memory");
            return 0;
        }
    }
    if (*in->p == '{' || *in->p == '[')
        return json_fail(in, "values must be strings, numbers, true, false or null, "
                             "not objects or arrays");
    return json_fail(in, "a value must be a string, a number, true, false or null");
}

/* The members after '{' up to and with '}'. */
static int json_members(json_in *in, serve_object *out)
{
    json_space(in);
    if (in->p < in->end && *in->p == '}') {
        in->p++;
        return 0;
    }
    for (;;) {
        json_space(in);
        if (in->p >= in->end || *in->p != '"')
            return json_fail(in, "a member's name (a string) is expected");
        if (out->count == SERVE_MEMBERS_MAX)
            return json_fail(in, "too many members (32 at most)");
        serve_member *m = &out->members[out->count++];
        if (json_string(in, &m->key))
            return -1;
        if (serve_json_get(out, m->key) != m)
            return json_fail(in, "a member's name is given twice");
        json_space(in);
        if (in->p >= in->end || *in->p != ':')
            return json_fail(in, "':' is expected after a member's name");
        in->p++;
        json_space(in);
        if (json_value(in, m))
            return -1;
        json_space(in);
        if (in->p < in->end && *in->p == ',') {
            in->p++;
            continue;
        }
        if (in->p < in->end && *in->p == '}') {
            in->p++;
            return 0;
        }
        return json_fail(in, "',' or '}' is expected after a value");
    }
}

int serve_json_parse(const char *text, size_t len, serve_object *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    json_in in = {text, text + len, text, err, errlen};
    if (memchr(text, '\0', len))
        return json_fail(&in, "the body holds a NUL byte");
    json_space(&in);
    if (in.p >= in.end || *in.p != '{')
        return json_fail(&in, "the body must be one JSON object");
    in.p++;
    if (json_members(&in, out))
        return -1;
    json_space(&in);
    if (in.p != in.end)
        return json_fail(&in, "text after the object");
    return 0;
}

void serve_json_free(serve_object *obj)
{
    for (size_t i = 0; i < obj->count; i++) {
        free(obj->members[i].key);
        free(obj->members[i].text);
    }
    obj->count = 0;
}

const serve_member *serve_json_get(const serve_object *obj, const char *key)
{
    for (size_t i = 0; i < obj->count; i++)
        if (obj->members[i].key && strcmp(obj->members[i].key, key) == 0)
            return &obj->members[i];
    return NULL;
}
