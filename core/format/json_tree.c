/* A JSON text (RFC 8259) parsed whole into a tree: values with their
 * offsets, strings decoded to UTF-8 (its tokens read by json_lex.c),
 * nesting bounded. */
#include "json_tree.h"

#include "json_lex.h"

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

/* Parse the string at p->at ('"') into *text (decoded) and *len. */
static int tree_string(tree_parser *p, const char **text, size_t *len)
{
    char *out = tree_alloc(p, json_string_room(p->text, p->len, p->at));
    if (!out)
        return tree_fail(p, p->at, "out of memory");
    json_problem problem;
    bool escaped;
    size_t end = json_string(p->text, p->len, p->at, out, len, &escaped, &problem);
    if (!end)
        return tree_fail(p, problem.at, problem.why);
    *text = out;
    p->at = end;
    return 0;
}

static int tree_number(tree_parser *p, json_node *node)
{
    json_problem problem;
    size_t start = p->at, end = json_number(p->text, p->len, start, &problem);
    if (!end)
        return tree_fail(p, problem.at, problem.why);
    char *text = tree_alloc(p, end - start);
    if (!text)
        return tree_fail(p, start, "out of memory");
    memcpy(text, p->text + start, end - start);
    node->number = strtod(text, NULL);
    node->text = text;
    node->len = end - start;
    p->at = end;
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
    size_t end;
    int word = json_word(p->text, p->len, p->at, &end);
    if (word >= 0) {
        node->kind = word == 2 ? JSON_NULL : JSON_BOOL;
        node->truth = word == 0;
        p->at = end;
        return 0;
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
