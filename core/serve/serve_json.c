/* Request bodies: one flat JSON object (RFC 8259) whose values are
 * strings, numbers, true, false or null: the keys of an operation or the
 * fields of a move. The text is decoded by the format's JSON decoder
 * (core/format/json_tree.c) within the bounds of a body. */
#include <stdlib.h>
#include <string.h>

#include "json_tree.h"
#include "serve_internal.h"

/* A body is one object of scalars: two levels (the object, then a value
 * that is one too deep is refused below with its own words) and at most
 * SERVE_MEMBERS_MAX members. */
static const json_limits serve_body_limits = {.max_depth = 2, .max_members = SERVE_MEMBERS_MAX};

static int serve_json_fail(sk_error *err, size_t at, const char *what)
{
    sk_error_set(err, SK_EXIT_FAILURE, "malformed JSON body at byte %zu: %s", at + 1, what);
    return -1;
}

/* The member node into m: its key and its value as text. */
static int serve_json_member(const json_node *node, serve_member *m, sk_error *err)
{
    m->kind = node->kind == JSON_STRING   ? SERVE_JSON_STRING
              : node->kind == JSON_NUMBER ? SERVE_JSON_NUMBER
              : node->kind == JSON_BOOL   ? SERVE_JSON_BOOL
                                          : SERVE_JSON_NULL;
    const char *text = node->kind == JSON_BOOL ? (node->truth ? "1" : "0") : node->text;
    m->key = strdup(node->key);
    m->text = node->kind == JSON_NULL ? NULL : strdup(text);
    if (!m->key || (node->kind != JSON_NULL && !m->text))
        return serve_json_fail(err, node->key_at, "out of memory");
    return 0;
}

int serve_json_parse(const char *text, size_t len, serve_object *out, sk_error *err)
{
    memset(out, 0, sizeof *out);
    if (memchr(text, '\0', len))
        return serve_json_fail(err, (size_t)((const char *)memchr(text, '\0', len) - text),
                               "the body holds a NUL byte");
    json_tree tree;
    size_t at = 0;
    char why[160];
    if (json_tree_parse_within(text, len, &serve_body_limits, &tree, &at, why, sizeof why) != 0)
        return serve_json_fail(err, at, why);
    int rc = 0;
    if (tree.root->kind != JSON_OBJECT)
        rc = serve_json_fail(err, tree.root->at, "the body must be one JSON object");
    for (const json_node *node = tree.root->first; rc == 0 && node; node = node->next) {
        if (node->kind == JSON_OBJECT || node->kind == JSON_ARRAY)
            rc = serve_json_fail(err, node->at,
                                 "values must be strings, numbers, true, false or null, "
                                 "not objects or arrays");
        else if (serve_json_get(out, node->key))
            rc = serve_json_fail(err, node->key_at, "a member's name is given twice");
        else
            rc = serve_json_member(node, &out->members[out->count++], err);
    }
    json_tree_free(&tree);
    return rc;
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
