/* generator-variant: clue symmetries of an N x N grid, which of them the
 * rules keep, and the orbits a dig removes together. */
#include <stdlib.h>
#include <string.h>

#include "variant.h"

const char *const symmetry_names[SK_SYM_RANDOM + 2] = SK_SYMMETRY_NAMES;

const char *symmetry_name(sk_symmetry sym)
{
    return (unsigned)sym <= SK_SYM_RANDOM ? symmetry_names[sym] : "?";
}

uint32_t symmetry_image(sk_symmetry sym, uint32_t size, uint32_t cell)
{
    uint32_t r = cell / size, c = cell % size, last = size - 1;
    switch (sym) {
    case SK_SYM_ROT180:
        return (last - r) * size + (last - c);
    case SK_SYM_ROT90:
        return c * size + (last - r);
    case SK_SYM_MIRROR:
        return r * size + (last - c);
    case SK_SYM_DIAGONAL:
        return c * size + r;
    default:
        return cell;
    }
}

static int symmetry_cell_order(const void *a, const void *b)
{
    return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

/* The image of a cell list under sym, ascending. */
static void symmetry_map_sorted(sk_symmetry sym, uint32_t size, const uint16_t *cells,
                                uint32_t count, uint16_t *out)
{
    for (uint32_t k = 0; k < count; k++)
        out[k] = (uint16_t)symmetry_image(sym, size, cells[k]);
    qsort(out, count, sizeof *out, symmetry_cell_order);
}

static bool symmetry_same_text(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/* Every house goes onto a house (rows may go onto columns: a house is a
 * house whatever its mark). */
static bool symmetry_keeps_houses(sk_symmetry sym, const sk_rules *r)
{
    uint16_t image[SK_MAX_SIZE];
    for (uint32_t i = 0; i < r->house_count; i++) {
        symmetry_map_sorted(sym, r->size, r->houses[i].cells, r->houses[i].count, image);
        bool found = false;
        for (uint32_t j = 0; j < r->house_count && !found; j++)
            found = memcmp(r->houses[j].cells, image, r->size * sizeof *image) == 0;
        if (!found)
            return false;
    }
    return true;
}

/* Every group goes onto a group of the same sum. */
static bool symmetry_keeps_groups(sk_symmetry sym, const sk_rules *r)
{
    uint16_t image[SK_MAX_CELLS];
    for (uint32_t i = 0; i < r->group_count; i++) {
        const sk_rules_group *g = &r->groups[i];
        symmetry_map_sorted(sym, r->size, g->cells, g->count, image);
        bool found = false;
        for (uint32_t j = 0; j < r->group_count && !found; j++) {
            const sk_rules_group *h = &r->groups[j];
            found = h->count == g->count && h->sum == g->sum &&
                    memcmp(h->cells, image, g->count * sizeof *image) == 0;
        }
        if (!found)
            return false;
    }
    return true;
}

/* Relation j says what relation i says once its cells a, b are the cells
 * a2, b2 of j: the same table in the same order, or the table read
 * backwards when a2 and b2 are swapped. */
static bool symmetry_same_relation(const sk_rules *r, const sk_rules_relation *i,
                                   const sk_rules_relation *j, uint32_t a, uint32_t b)
{
    if (j->a == a && j->b == b)
        return memcmp(i->allowed + 1, j->allowed + 1, r->size * sizeof *i->allowed) == 0;
    if (j->a != b || j->b != a)
        return false;
    for (uint32_t d = 1; d <= r->size; d++)
        for (uint32_t e = 1; e <= r->size; e++)
            if (((i->allowed[d] >> (e - 1)) & 1u) != ((j->allowed[e] >> (d - 1)) & 1u))
                return false;
    return true;
}

/* A relation's unordered pair as one number, for sorting. */
static uint32_t symmetry_pair_key(uint32_t a, uint32_t b)
{
    return a < b ? a << 16 | b : b << 16 | a;
}

static int symmetry_key_order(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

/* Every relation goes onto one of the same table; keys holds each
 * relation's pair key above its index, ascending, for a binary search. */
static bool symmetry_keeps_relations(sk_symmetry sym, const sk_rules *r, const uint64_t *keys)
{
    const sk_rules_relation *rel = r->relations;
    for (uint32_t i = 0; i < r->relation_count; i++) {
        uint32_t a = symmetry_image(sym, r->size, rel[i].a);
        uint32_t b = symmetry_image(sym, r->size, rel[i].b), key = symmetry_pair_key(a, b);
        uint32_t lo = 0, hi = r->relation_count;
        while (lo < hi) {
            uint32_t mid = lo + (hi - lo) / 2;
            if (keys[mid] >> 32 < key)
                lo = mid + 1;
            else
                hi = mid;
        }
        bool found = false;
        for (; lo < r->relation_count && !found && keys[lo] >> 32 == key; lo++)
            found = symmetry_same_relation(r, &rel[i], &rel[(uint32_t)keys[lo]], a, b);
        if (!found)
            return false;
    }
    return true;
}

/* Every custom goes onto one of the same constraint, mark and label whose
 * cells are the images in the same order. */
static bool symmetry_keeps_customs(sk_symmetry sym, const sk_rules *r)
{
    for (uint32_t i = 0; i < r->custom_count; i++) {
        const sk_rules_custom *c = &r->customs[i];
        bool found = false;
        for (uint32_t j = 0; j < r->custom_count && !found; j++) {
            const sk_rules_custom *d = &r->customs[j];
            found = d->constraint == c->constraint && d->count == c->count &&
                    symmetry_same_text(d->mark, c->mark) && symmetry_same_text(d->label, c->label);
            for (uint32_t k = 0; found && k < c->count; k++)
                found = d->cells[k] == symmetry_image(sym, r->size, c->cells[k]);
        }
        if (!found)
            return false;
    }
    return true;
}

bool symmetry_keeps(sk_symmetry sym, const sk_rules *rules)
{
    if (sym == SK_SYM_NONE)
        return true;
    if (!symmetry_keeps_houses(sym, rules) || !symmetry_keeps_groups(sym, rules) ||
        !symmetry_keeps_customs(sym, rules))
        return false;
    if (!rules->relation_count)
        return true;
    uint64_t *keys = malloc(rules->relation_count * sizeof *keys);
    if (!keys)
        return false;
    for (uint32_t i = 0; i < rules->relation_count; i++)
        keys[i] = (uint64_t)symmetry_pair_key(rules->relations[i].a, rules->relations[i].b) << 32 | i;
    qsort(keys, rules->relation_count, sizeof *keys, symmetry_key_order);
    bool kept = symmetry_keeps_relations(sym, rules, keys);
    free(keys);
    return kept;
}

void symmetry_orbits(sk_symmetry sym, uint32_t size, sk_rng *rng, orbits *out)
{
    uint32_t cells = size * size;
    uint16_t order[SK_MAX_CELLS];
    uint8_t seen[SK_MAX_CELLS] = {0};
    for (uint32_t i = 0; i < cells; i++)
        order[i] = (uint16_t)i;
    for (uint32_t i = cells - 1; i > 0; i--) {
        uint32_t j = sk_rng_below(rng, i + 1);
        uint16_t t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    uint32_t n = 0;
    out->count = 0;
    for (uint32_t i = 0; i < cells; i++) {
        if (seen[order[i]])
            continue;
        out->start[out->count++] = (uint16_t)n;
        for (uint32_t c = order[i]; !seen[c]; c = symmetry_image(sym, size, c)) {
            seen[c] = 1;
            out->cells[n++] = (uint16_t)c;
        }
    }
    out->start[out->count] = (uint16_t)n;
}

bool symmetry_holds(sk_symmetry sym, uint32_t size, const sk_board *puzzle)
{
    for (uint32_t c = 0; c < size * size; c++)
        if (!puzzle->cells[c] != !puzzle->cells[symmetry_image(sym, size, c)])
            return false;
    return true;
}
