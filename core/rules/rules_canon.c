/* Canonical form of a puzzle under its rules: the smallest image of its
 * givens under the grid maps that keep the rules and the digit
 * relabellings they allow (docs/rules.md, "Symmetry"); classic rules take
 * the classic canonical form (sudokit/canon.h). */
#include <string.h>

#include "rules_symmetry.h"
#include "sudokit/canon.h"
#include "sudokit/rules.h"

#define CANON_BLANK 255u

/* The best image so far, and the one being read. */
typedef struct canon_best {
    uint8_t cells[SK_MAX_CELLS]; /* labels, CANON_BLANK for a blank */
    bool set;
} canon_best;

/* Read the image of in under map and digit option (0 relabel in order of
 * first appearance, 1 identity, 2 reverse), keeping it when smaller than
 * best; stops at the first cell where it is larger. */
static void canon_offer(const sk_rules *rules, const rules_map *map, int option, const sk_board *in,
                        canon_best *best)
{
    uint32_t n = rules->size, cells = n * n;
    uint8_t label[SK_MAX_SIZE + 1] = {0}, next = 0, image[SK_MAX_CELLS];
    bool smaller = !best->set;
    for (uint32_t x = 0; x < cells; x++) {
        unsigned d = in->cells[rules_map_source(map, n, x / n, x % n)];
        unsigned v = CANON_BLANK;
        if (d) {
            if (option == 0 && !label[d])
                label[d] = ++next;
            v = option == 0 ? label[d] : option == 1 ? d : n + 1 - d;
        }
        image[x] = (uint8_t)v;
        if (!smaller && v != best->cells[x]) {
            if (v > best->cells[x])
                return;
            smaller = true;
        }
    }
    if (smaller) {
        memcpy(best->cells, image, cells);
        best->set = true;
    }
}

int sk_rules_canon_form(const sk_rules *rules, const sk_board *in, sk_board *out)
{
    uint32_t n = rules->size, cells = n * n;
    for (uint32_t x = 0; x < cells; x++)
        if (in->cells[x] > n)
            return SK_ERR_INVALID;
    if (sk_rules_is_classic(rules)) {
        sk_grid grid, canon;
        sk_board_to_grid(&grid, in);
        sk_canon_form(&grid, &canon);
        sk_board_from_grid(out, &canon);
        return SK_OK;
    }
    const rules_group *group = rules_symmetry_group(rules);
    if (!group)
        return SK_ERR;
    int first = rules->digit_symmetry == SK_DIGITS_ANY ? 0 : 1;
    int last = rules->digit_symmetry == SK_DIGITS_REVERSE ? 2 : first;
    canon_best best = {.set = false};
    for (size_t i = 0; i < group->size; i++) {
        rules_map map;
        rules_group_get(group, i, &map);
        for (int option = first; option <= last; option++)
            canon_offer(rules, &map, option, in, &best);
    }
    memset(out, 0, sizeof *out);
    for (uint32_t x = 0; x < cells; x++)
        out->cells[x] = best.cells[x] == CANON_BLANK ? 0 : best.cells[x];
    return SK_OK;
}

int sk_rules_symmetry(const sk_rules *rules, sk_rules_symmetry_info *out)
{
    memset(out, 0, sizeof *out);
    out->digit_symmetry = rules->digit_symmetry;
    if (sk_rules_is_classic(rules)) {
        out->whole = true;
        out->whole_size = 3359232; /* 2 * 6^8: sudokit/canon.h */
        return SK_OK;
    }
    const rules_group *group = rules_symmetry_group(rules);
    if (!group)
        return SK_ERR;
    out->maps = group->size;
    out->whole = group->whole;
    out->whole_size = group->whole_size;
    return SK_OK;
}

bool sk_rules_symmetry_map(const sk_rules *rules, size_t index, sk_rules_map *out)
{
    const rules_group *group = sk_rules_is_classic(rules) ? NULL : rules_symmetry_group(rules);
    if (!group || index >= group->size)
        return false;
    rules_map map;
    rules_group_get(group, index, &map);
    memset(out, 0, sizeof *out);
    out->transpose = map.transpose;
    memcpy(out->rows, map.rows, sizeof out->rows);
    memcpy(out->cols, map.cols, sizeof out->cols);
    for (uint32_t d = 0; d <= rules->size; d++)
        out->digits[d] = (uint8_t)d;
    return true;
}

/* The grid part of a public map. */
static void canon_grid_map(const sk_rules_map *map, rules_map *grid)
{
    memset(grid, 0, sizeof *grid);
    grid->transpose = map->transpose;
    memcpy(grid->rows, map->rows, sizeof grid->rows);
    memcpy(grid->cols, map->cols, sizeof grid->cols);
}

void sk_rules_map_apply(const sk_rules *rules, const sk_rules_map *map, const sk_board *in,
                        sk_board *out)
{
    uint32_t n = rules->size;
    rules_map grid;
    canon_grid_map(map, &grid);
    sk_board image = {{0}};
    for (uint32_t x = 0; x < n * n; x++)
        image.cells[x] = map->digits[in->cells[rules_map_source(&grid, n, x / n, x % n)]];
    *out = image;
}

/* True when digits is a permutation of 1..N fixing 0 that the digit
 * symmetry allows. */
static bool canon_digits_kept(const sk_rules *rules, const uint8_t *digits)
{
    uint32_t n = rules->size, seen = 0;
    bool identity = true, reverse = true;
    for (uint32_t d = 1; d <= n; d++) {
        if (digits[d] < 1 || digits[d] > n || (seen >> digits[d] & 1u))
            return false;
        seen |= 1u << digits[d];
        identity &= digits[d] == d;
        reverse &= digits[d] == n + 1 - d;
    }
    return digits[0] == 0 && (rules->digit_symmetry == SK_DIGITS_ANY || identity ||
                              (rules->digit_symmetry == SK_DIGITS_REVERSE && reverse));
}

bool sk_rules_map_keeps(const sk_rules *rules, const sk_rules_map *map)
{
    uint32_t n = rules->size, rows = 0, cols = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (map->rows[i] >= n || map->cols[i] >= n)
            return false;
        rows |= 1u << map->rows[i];
        cols |= 1u << map->cols[i];
    }
    if (rows != (uint32_t)((1ull << n) - 1) || cols != (uint32_t)((1ull << n) - 1) ||
        !canon_digits_kept(rules, map->digits))
        return false;
    rules_code code;
    rules_map grid;
    canon_grid_map(map, &grid);
    if (!rules_map_keeps_regions(rules, &grid) || rules_code_init(&code, rules))
        return false;
    bool keeps = rules_map_keeps(&code, &grid);
    rules_code_free(&code);
    return keeps;
}
