/* The names every face uses: symmetries and levels, one table each, and the
 * case-insensitive matching and listing that every name table shares. */
#ifndef SUDOKIT_NAMES_H
#define SUDOKIT_NAMES_H

#include <stddef.h>

#include "sudokit/plugin.h"

/* The rater used wherever none is named: the levels, ratings and scores
 * every face shows, filters and sorts by, on Sudoku Explainer's scale. */
#define SK_DEFAULT_RATER "human"

#ifdef __cplusplus
extern "C" {
#endif

/* Symmetry names by sk_symmetry: "none" .. "random", then NULL. */
extern const char *const sk_symmetry_names[SK_SYM_RANDOM + 2];

/* The symmetries a grid can have, as stored and read, by sk_symmetry:
 * "none" .. "diagonal" (every one but random), then NULL. */
extern const char *const sk_grid_symmetry_names[SK_SYM_RANDOM + 1];

/* Level names by level: "" for 0, "easy" .. "evil" for 1..5, then NULL. */
extern const char *const sk_level_names[7];

/* Chain link names by SK_LINK_*: "start", "strong", "weak", "rule",
 * "nested", then NULL. */
extern const char *const sk_link_names[SK_LINK_NESTED + 2];

/* The house or cell that makes a chain's link (sk_chain_node's via): "row 3",
 * "column 5", "box 2", "cell", or "" when none, into buf (at least 12 bytes);
 * returns buf. */
const char *sk_via_name(uint8_t via, char *buf);

/* A chain node as players write it, "r1c2=5", "r1c2<>5", several cells
 * "r1c2,r1c3=5", into buf (len bytes, truncated); returns buf. */
const char *sk_chain_node_name(const sk_chain_node *node, char *buf, size_t len);

/* Index of name in table (a NULL-terminated array; empty entries are never
 * matched), compared without regard to ASCII case; -1 when absent. */
int sk_name_find(const char *const *table, const char *name);

/* The non-empty names of table as "a, b, c or d" into buf (len bytes,
 * always NUL-terminated). */
void sk_name_list(const char *const *table, char *buf, size_t len);

/* The name of table nearest to name (a typo: at most a third of its letters
 * changed, added, dropped or swapped, case ignored), or NULL when none is
 * near enough or name is exactly in table. */
const char *sk_name_nearest(const char *const *table, const char *name);

/* A level: "1".."5" or a level name in any case. Returns 1..5, or -1. */
int sk_level_parse(const char *text);

/* The name of level 1..5, "" for anything else. */
const char *sk_level_name(int level);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_NAMES_H */
