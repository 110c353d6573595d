/* The symmetry of rules values: grid maps, their exact check against the
 * primitives, and the group a value keeps (not public: sudokit/rules.h
 * has the public side). */
#ifndef SUDOKIT_RULES_SYMMETRY_H
#define SUDOKIT_RULES_SYMMETRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules_internal.h"

/* A grid map: image cell (r, c) holds source cell (rows[r], cols[c]), or
 * (cols[c], rows[r]) when transpose is set. */
typedef struct rules_map {
    bool transpose;
    uint8_t rows[SK_MAX_SIZE];
    uint8_t cols[SK_MAX_SIZE];
} rules_map;

/* The source cell of image cell (row, col) under map in a grid of n. */
static inline uint32_t rules_map_source(const rules_map *map, uint32_t n, uint32_t row,
                                        uint32_t col)
{
    return map->transpose ? map->cols[col] * n + map->rows[row]
                          : map->rows[row] * n + map->cols[col];
}

/* Rows, columns and regions: the first houses of a value. */
uint32_t rules_geometry_houses(const sk_rules *rules);

/* The primitives of a value in a form that a map can be checked against
 * exactly: each primitive as words (kind, data, cells), relations by the
 * identity of their table up to which cell comes first, customs by their
 * constraint and label. Rows, columns and regions are left out: every map
 * here sends rows and columns onto rows and columns, and the search and the
 * subgroup only make maps that send regions onto regions. One thread uses
 * a code at a time. */
typedef struct rules_code {
    const sk_rules *rules;
    uint32_t *relation_table; /* per relation: its table's id            */
    uint8_t *relation_role;   /* 0: a comes first, 1: b first, 2: either  */
    uint32_t *custom_kind;    /* per custom: the id of constraint + label */
    uint32_t *words;          /* the identity's primitives, sorted        */
    size_t *starts;
    size_t count, word_count;
    uint32_t *scratch_words; /* rules_map_keeps's: one thread uses a code */
    size_t *scratch_starts;
} rules_code;

/* Build code for rules; 0, or -1 when out of memory (code then empty). */
int rules_code_init(rules_code *code, const sk_rules *rules);
void rules_code_free(rules_code *code);

/* True when map sends every primitive of code's rules past the geometry
 * onto one of the same kind and data. */
bool rules_map_keeps(rules_code *code, const rules_map *map);

/* True when map sends every region onto a region (and cells without one
 * onto cells without one). */
bool rules_map_keeps_regions(const sk_rules *rules, const rules_map *map);

/* A list of maps of a grid of n. */
typedef struct rules_group {
    size_t size, cap;
    bool whole;        /* every map that keeps the rules (else the subgroup)   */
    bool failed;       /* out of memory while listing                          */
    double whole_size; /* the whole group's size when known, else 0     */
    uint32_t n;
    uint8_t *maps; /* size maps of 1 + 2n bytes: transpose, rows, cols   */
} rules_group;

rules_group *rules_group_new(uint32_t n);
void rules_group_add(rules_group *group, const rules_map *map);
void rules_group_get(const rules_group *group, size_t index, rules_map *map);
void rules_group_free(rules_group *group);

/* The group of a value (computed at the first call, then kept with the
 * value; thread-safe), or NULL for classic rules (sk_canon_form's group)
 * and when out of memory. */
const rules_group *rules_symmetry_group(const sk_rules *rules);

/* Permutations of 0..n-1 in lexicographic order, in a caller's array. */
typedef struct rules_permutations {
    uint8_t *at;
    uint32_t n;
} rules_permutations;
rules_permutations rules_permutations_start(uint8_t *at, uint32_t n);
/* The next permutation; false (and the identity again) after the last. */
bool rules_permutations_next(rules_permutations *p);

#endif /* SUDOKIT_RULES_SYMMETRY_H */
