/* A JSON text parsed whole into a tree of values with their places: what
 * the f-puzzles reader walks (the record reader streams instead), and the
 * decoder of the web server's request bodies (core/serve compiles this
 * file into its module), each with its own bounds. */
#ifndef SUDOKIT_JSON_TREE_H
#define SUDOKIT_JSON_TREE_H

#include <stdbool.h>
#include <stddef.h>

typedef enum json_kind {
    JSON_NULL,
    JSON_BOOL,
    JSON_NUMBER,
    JSON_STRING,
    JSON_ARRAY,
    JSON_OBJECT
} json_kind;

/* A value: its kind, where it begins in the text, its member key when it
 * is a member of an object, and its children (array elements or object
 * members, in order). Strings are decoded, UTF-8, NUL-terminated. */
typedef struct json_node {
    json_kind kind;
    size_t at;                             /* offset of its first byte in the text        */
    const char *key;                       /* the key naming it in its object, else NULL  */
    size_t key_at;                         /* offset of that key's opening quote          */
    const char *text;                      /* a string's, or a number's text              */
    size_t len;                            /* bytes of text                               */
    double number;                         /* a number's value                            */
    bool truth;                            /* a bool's value                              */
    struct json_node *first, *last, *next; /* children; next sibling  */
    size_t count;                          /* children                                    */
} json_node;

/* A parsed text: the root value and what it owns. */
typedef struct json_tree {
    json_node *root;
    struct json_chunk *chunks; /* the nodes and strings, freed together */
} json_tree;

/* The bounds of a parse: how deep arrays and objects may nest (a root
 * object or array is depth 1) and how many members an object may have
 * (0: no bound). */
typedef struct json_limits {
    int max_depth;
    size_t max_members;
} json_limits;

/* The bounds of json_tree_parse: nesting 64 deep, members unbounded. */
extern const json_limits json_default_limits;

/* Parse the JSON text of len bytes (a value, then blanks only) within
 * json_default_limits. Returns 0 with *out filled, or -1 with the offset
 * of the problem in *at and what is wrong in why (whylen bytes). Free with
 * json_tree_free. */
int json_tree_parse(const char *text, size_t len, json_tree *out, size_t *at, char *why,
                    size_t whylen);

/* json_tree_parse within limits: a deeper nesting or an object of more
 * members is a problem ("... nested more than N deep", "an object of more
 * than N members") at the value or member that passes the bound. */
int json_tree_parse_within(const char *text, size_t len, const json_limits *limits,
                           json_tree *out, size_t *at, char *why, size_t whylen);

void json_tree_free(json_tree *tree);

/* The member of object called key, or NULL (also when object is not an
 * object). */
const json_node *json_member(const json_node *object, const char *key);

/* The index-th child of an array or object, or NULL. */
const json_node *json_child(const json_node *node, size_t index);

/* The name of a kind for messages: "a string", "an array"... */
const char *json_kind_name(json_kind kind);

#endif /* SUDOKIT_JSON_TREE_H */
