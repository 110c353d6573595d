/* A JSON text parsed whole into a tree of values with their places: what
 * the f-puzzles reader walks (the record reader streams instead). */
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

/* Parse the JSON text of len bytes (a value, then blanks only). Returns
 * 0 with *out filled, or -1 with the offset of the problem in *at and
 * what is wrong in why (whylen bytes). Free with json_tree_free. */
int json_tree_parse(const char *text, size_t len, json_tree *out, size_t *at, char *why,
                    size_t whylen);

void json_tree_free(json_tree *tree);

/* The member of object called key, or NULL (also when object is not an
 * object). */
const json_node *json_member(const json_node *object, const char *key);

/* The index-th child of an array or object, or NULL. */
const json_node *json_child(const json_node *node, size_t index);

/* The name of a kind for messages: "a string", "an array"... */
const char *json_kind_name(json_kind kind);

#endif /* SUDOKIT_JSON_TREE_H */
