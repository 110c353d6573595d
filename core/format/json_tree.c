/* A JSON text (RFC 8259) parsed whole into a tree: values with their
 * offsets, strings decoded to UTF-8, nesting bounded. */
#include "json_tree.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const json_limits json_default_limits = {.max_depth = 64, .max_members = 0};

/* Memory of a tree: chunks freed together. */
typedef struct json_chunk {
    struct json_chunk *next;
    max_align_t align[];
} json_chunk;

typedef struct tree_parser {
    const char *text;
    size_t len, at;
    json_tree *tree;
    const json_limits *limits;
    int depth;
    size_t fail_at;
    char *why;
    size_t whylen;
} tree_parser;

/* Allocate size zeroed bytes owned by the tree; NULL when out of memory. */
static void *tree_alloc(tree_parser *p, size_t size)
{
    json_chunk *chunk = calloc(1, sizeof *chunk + size + 1);
    if (!chunk)
        return NULL;
    chunk->next = p->tree->chunks;
    p->tree->chunks = chunk;
    return chunk->align;
}

static int tree_fail(tree_parser *p, size_t at, const char *why)
{
    p->fail_at = at;
    snprintf(p->why, p->whylen, "%s", why);
    return -1;
}

static void tree_blanks(tree_parser *p)
{
    while (p->at < p->len && (p->text[p->at] == ' ' || p->text[p->at] == '\t' ||
                              p->text[p->at] == '\n' || p->text[p->at] == '\r'))
        p->at++;
}

static int tree_hex4(const char *s, size_t room, unsigned *code)
{
    *code = 0;
    if (room < 4)
        return -1;
    for (int i = 0; i < 4; i++) {
        char c = s[i];
        int d = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
        if (d < 0)
            return -1;
        *code = *code * 16 + (unsigned)d;
    }
    return 0;
}

/* Write code point code as UTF-8 at out; returns the bytes written. */
static size_t tree_utf8(unsigned code, char *out)
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

/* Decode the \u escape at p->at ('\\'), a surrogate pair included. */
static int tree_unicode(tree_parser *p, char *out, size_t *n)
{
    const char *s = p->text + p->at;
    size_t room = p->len - p->at;
    unsigned code, low;
    if (tree_hex4(s + 2, room - 2, &code) != 0)
        return tree_fail(p, p->at, "\\u needs 4 hexadecimal digits");
    p->at += 6;
    if (code >= 0xD800 && code <= 0xDBFF) {
        if (room < 12 || s[6] != '\\' || s[7] != 'u' || tree_hex4(s + 8, room - 8, &low) != 0 ||
            low < 0xDC00 || low > 0xDFFF)
            return tree_fail(p, p->at - 6, "unpaired surrogate (a high one without its low one)");
        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
        p->at += 6;
    } else if ((code >= 0xDC00 && code <= 0xDFFF) || code == 0) {
        return tree_fail(p, p->at - 6, "\\u0000 or an unpaired low surrogate in a string");
    }
    *n += tree_utf8(code, out + *n);
    return 0;
}

/* Parse the string at p->at ('"') into *text (decoded) and *len. */
static int tree_string(tree_parser *p, const char **text, size_t *len)
{
    size_t open = p->at++, n = 0, end = p->at;
    while (end < p->len && p->text[end] != '"')
        end += p->text[end] == '\\' ? 2 : 1;
    /* decoded, a string is never longer than its text */
    char *out = tree_alloc(p, (end < p->len ? end : p->len) - open);
    if (!out)
        return tree_fail(p, open, "out of memory");
    static const char plain[128] = {['"'] = '"',  ['\\'] = '\\', ['/'] = '/',  ['b'] = '\b',
                                    ['f'] = '\f', ['n'] = '\n',  ['r'] = '\r', ['t'] = '\t'};
    while (p->at < p->len && p->text[p->at] != '"') {
        unsigned char c = (unsigned char)p->text[p->at];
        if (c < 0x20)
            return tree_fail(p, p->at, "a control character in a string (write it \\u00XX)");
        if (c != '\\') {
            out[n++] = (char)c;
            p->at++;
            continue;
        }
        unsigned char kind = p->at + 1 < p->len ? (unsigned char)p->text[p->at + 1] : 0;
        if (kind == 'u') {
            if (tree_unicode(p, out, &n) != 0)
                return -1;
        } else if (kind < 128 && plain[kind]) {
            out[n++] = plain[kind];
            p->at += 2;
        } else {
            return tree_fail(p, p->at, "an unknown escape in a string");
        }
    }
    if (p->at >= p->len)
        return tree_fail(p, open, "the string that begins here does not end");
    p->at++;
    out[n] = '\0';
    *text = out;
    *len = n;
    return 0;
}

static int tree_number(tree_parser *p, json_node *node)
{
    const char *s = p->text;
    size_t start = p->at, i = start;
    if (i < p->len && s[i] == '-')
        i++;
    size_t digits = i;
    while (i < p->len && ((s[i] >= '0' && s[i] <= '9') || s[i] == '.' || s[i] == 'e' ||
                          s[i] == 'E' || s[i] == '+' || s[i] == '-'))
        i++;
    char buf[64];
    size_t n = i - start;
    if (i == digits || n >= sizeof buf)
        return tree_fail(p, start, "a malformed number");
    memcpy(buf, s + start, n);
    buf[n] = '\0';
    char *end;
    node->number = strtod(buf, &end);
    if (end != buf + n)
        return tree_fail(p, start, "a malformed number");
    char *text = tree_alloc(p, n);
    if (!text)
        return tree_fail(p, start, "out of memory");
    memcpy(text, buf, n + 1);
    node->text = text;
    node->len = n;
    p->at = i;
    return 0;
}

static int tree_value(tree_parser *p, json_node *node);

/* Append a new child to node; NULL when out of memory. */
static json_node *tree_child(tree_parser *p, json_node *node)
{
    json_node *child = tree_alloc(p, sizeof *child);
    if (!child)
        return NULL;
    if (node->last)
        node->last->next = child;
    else
        node->first = child;
    node->last = child;
    node->count++;
    return child;
}

/* The elements of an array, or the members of an object (is_object). */
static int tree_children(tree_parser *p, json_node *node, bool is_object)
{
    char close = is_object ? '}' : ']';
    p->at++;
    tree_blanks(p);
    if (p->at < p->len && p->text[p->at] == close) {
        p->at++;
        return 0;
    }
    for (;;) {
        tree_blanks(p);
        size_t most = p->limits->max_members;
        if (is_object && most && node->count == most) {
            snprintf(p->why, p->whylen, "an object of more than %zu members", most);
            p->fail_at = p->at;
            return -1;
        }
        json_node *child = tree_child(p, node);
        if (!child)
            return tree_fail(p, p->at, "out of memory");
        if (is_object) {
            if (p->at >= p->len || p->text[p->at] != '"')
                return tree_fail(p, p->at, "a key (a string) is expected");
            child->key_at = p->at;
            size_t key_len;
            if (tree_string(p, &child->key, &key_len) != 0)
                return -1;
            tree_blanks(p);
            if (p->at >= p->len || p->text[p->at] != ':')
                return tree_fail(p, p->at, "':' is expected after a key");
            p->at++;
        }
        if (tree_value(p, child) != 0)
            return -1;
        tree_blanks(p);
        if (p->at < p->len && p->text[p->at] == ',') {
            p->at++;
            continue;
        }
        if (p->at < p->len && p->text[p->at] == close) {
            p->at++;
            return 0;
        }
        return tree_fail(p, p->at, is_object ? "',' or '}' is expected" : "',' or ']' is expected");
    }
}

static int tree_value(tree_parser *p, json_node *node)
{
    tree_blanks(p);
    node->at = p->at;
    if (p->at >= p->len)
        return tree_fail(p, p->at, "the text ends where a value is expected");
    char c = p->text[p->at];
    if (c == '{' || c == '[') {
        if (++p->depth > p->limits->max_depth) {
            snprintf(p->why, p->whylen, "arrays and objects nested more than %d deep",
                     p->limits->max_depth);
            p->fail_at = p->at;
            return -1;
        }
        node->kind = c == '{' ? JSON_OBJECT : JSON_ARRAY;
        int rc = tree_children(p, node, c == '{');
        p->depth--;
        return rc;
    }
    if (c == '"') {
        node->kind = JSON_STRING;
        return tree_string(p, &node->text, &node->len);
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
        node->kind = JSON_NUMBER;
        return tree_number(p, node);
    }
    static const struct {
        const char *word;
        json_kind kind;
        bool truth;
    } words[] = {
        {"true", JSON_BOOL, true}, {"false", JSON_BOOL, false}, {"null", JSON_NULL, false}};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        size_t n = strlen(words[i].word);
        if (p->len - p->at >= n && memcmp(p->text + p->at, words[i].word, n) == 0) {
            node->kind = words[i].kind;
            node->truth = words[i].truth;
            p->at += n;
            return 0;
        }
    }
    return tree_fail(p, p->at,
                     "a value is expected (a string, a number, true, false, null, "
                     "an object or an array)");
}

int json_tree_parse(const char *text, size_t len, json_tree *out, size_t *at, char *why,
                    size_t whylen)
{
    return json_tree_parse_within(text, len, &json_default_limits, out, at, why, whylen);
}

int json_tree_parse_within(const char *text, size_t len, const json_limits *limits,
                           json_tree *out, size_t *at, char *why, size_t whylen)
{
    memset(out, 0, sizeof *out);
    tree_parser p = {text, len, 0, out, limits, 0, 0, why, whylen};
    out->root = tree_alloc(&p, sizeof *out->root);
    int rc = out->root ? tree_value(&p, out->root) : tree_fail(&p, 0, "out of memory");
    if (rc == 0) {
        tree_blanks(&p);
        if (p.at < len)
            rc = tree_fail(&p, p.at, "something follows the value");
    }
    if (rc != 0) {
        *at = p.fail_at;
        json_tree_free(out);
    }
    return rc;
}

void json_tree_free(json_tree *tree)
{
    while (tree->chunks) {
        json_chunk *next = tree->chunks->next;
        free(tree->chunks);
        tree->chunks = next;
    }
    tree->root = NULL;
}

const json_node *json_member(const json_node *object, const char *key)
{
    if (!object || object->kind != JSON_OBJECT)
        return NULL;
    for (const json_node *m = object->first; m; m = m->next)
        if (strcmp(m->key, key) == 0)
            return m;
    return NULL;
}

const json_node *json_child(const json_node *node, size_t index)
{
    const json_node *c = node ? node->first : NULL;
    while (c && index--)
        c = c->next;
    return c;
}

const char *json_kind_name(json_kind kind)
{
    static const char *const names[] = {"null",     "true or false", "a number",
                                        "a string", "an array",      "an object"};
    return names[kind];
}
