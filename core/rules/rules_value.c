/* Rules values: a finished draft laid out as the sk_rules plugins read,
 * with its digit symmetry and peers worked out (pure: plugin.h and libc
 * only). */
#include <stdlib.h>
#include <string.h>

#include "rules_internal.h"

/* The digit symmetry a relation's table keeps: SK_DIGITS_ANY when it
 * depends only on whether the two digits are equal, SK_DIGITS_REVERSE
 * when d -> N+1-d maps it onto itself, else SK_DIGITS_FIXED. */
static uint32_t value_table_symmetry(const sk_digits *table, uint32_t size)
{
    sk_digits all = (sk_digits)((1ull << size) - 1);
    bool equal = table[1] & 1u, unequal = (table[1] & ~1u & all) != 0;
    bool any = !unequal || (table[1] | 1u) == all;
    for (uint32_t d = 1; any && d <= size; d++) {
        sk_digits self = 1u << (d - 1);
        sk_digits want = (equal ? self : 0) | (unequal ? all & ~self : 0);
        any = table[d] == want;
    }
    if (any)
        return SK_DIGITS_ANY;
    for (uint32_t d = 1; d <= size; d++) {
        sk_digits mirrored = 0;
        for (uint32_t e = 1; e <= size; e++)
            if (table[d] >> (e - 1) & 1u)
                mirrored |= 1u << (size - e);
        if (table[size + 1 - d] != mirrored)
            return SK_DIGITS_FIXED;
    }
    return SK_DIGITS_REVERSE;
}

/* True when a relation's table says "the two digits differ", nothing more. */
static bool value_table_unequal(const sk_digits *table, uint32_t size)
{
    sk_digits all = (sk_digits)((1ull << size) - 1);
    for (uint32_t d = 1; d <= size; d++)
        if (table[d] != (all & ~(1u << (d - 1))))
            return false;
    return true;
}

/* True when house index count, past the geometry's, repeats an earlier
 * house's cells. */
static bool value_house_repeats(const rules_value *value, uint32_t count)
{
    const sk_rules_house *h = &value->houses[count];
    uint32_t n = value->view.size, geometry = n * (value->region[0] == 255 ? 2 : 3);
    if (count < geometry)
        return false; /* rows, columns and regions all stay, in their order */
    for (uint32_t i = 0; i < count; i++)
        if (memcmp(value->houses[i].cells, h->cells, h->count * sizeof *h->cells) == 0)
            return true;
    return false;
}

/* Lay out the primitives of draft as the typed arrays of value. */
static void value_layout(rules_value *value, const rules_draft *draft)
{
    sk_rules *view = &value->view;
    uint32_t symmetry = draft->digit_symmetry;
    for (size_t i = 0; i < draft->primitive_count; i++) {
        const rules_draft_primitive *p = &draft->primitives[i];
        const uint16_t *cells = value->cells + p->cells;
        const char *mark = value->strings + p->mark;
        const char *label = p->label == RULES_NO_LABEL ? NULL : value->strings + p->label;
        if (p->kind == RULES_HOUSE) {
            value->houses[view->house_count] = (sk_rules_house){cells, p->count, mark, label};
            view->house_count += !value_house_repeats(value, view->house_count);
        } else if (p->kind == RULES_GROUP) {
            value->groups[view->group_count++] =
                (sk_rules_group){cells, p->count, p->sum, mark, label};
            if (p->sum && symmetry < SK_DIGITS_FIXED)
                symmetry = SK_DIGITS_FIXED;
        } else if (p->kind == RULES_RELATION) {
            const sk_digits *table = value->tables + p->table;
            value->relations[view->relation_count++] =
                (sk_rules_relation){cells[0], cells[1], table, mark, label};
            uint32_t kept = value_table_symmetry(table, view->size);
            if (kept > symmetry)
                symmetry = kept;
        } else {
            value->customs[view->custom_count++] =
                (sk_rules_custom){p->constraint, p->state, cells, p->count, mark, label};
            symmetry = SK_DIGITS_FIXED;
        }
    }
    view->digit_symmetry = symmetry;
}

/* Mark b as a peer of a and a of b in the bit matrix peer (cells words a row). */
static void value_tie(uint64_t *peer, size_t words, uint32_t a, uint32_t b)
{
    if (a == b)
        return;
    peer[a * words + b / 64] |= 1ull << (b % 64);
    peer[b * words + a / 64] |= 1ull << (a % 64);
}

static void value_tie_all(uint64_t *peer, size_t words, const uint16_t *cells, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t j = i + 1; j < n; j++)
            value_tie(peer, words, cells[i], cells[j]);
}

/* Work out the peers of every cell. Returns false when out of memory. */
static bool value_peers(rules_value *value)
{
    sk_rules *view = &value->view;
    uint32_t cells = view->size * view->size;
    size_t words = (cells + 63) / 64;
    uint64_t *peer = calloc((size_t)cells * words, sizeof *peer);
    value->peer_start = malloc((cells + 1) * sizeof *value->peer_start);
    if (!peer || !value->peer_start) {
        free(peer);
        return false;
    }
    for (uint32_t i = 0; i < view->house_count; i++)
        value_tie_all(peer, words, view->houses[i].cells, view->houses[i].count);
    for (uint32_t i = 0; i < view->group_count; i++)
        value_tie_all(peer, words, view->groups[i].cells, view->groups[i].count);
    for (uint32_t i = 0; i < view->relation_count; i++)
        if (value_table_unequal(view->relations[i].allowed, view->size))
            value_tie(peer, words, view->relations[i].a, view->relations[i].b);
    size_t total = 0;
    for (size_t i = 0; i < cells * words; i++)
        total += (size_t)__builtin_popcountll(peer[i]);
    value->peers = malloc((total ? total : 1) * sizeof *value->peers);
    if (!value->peers) {
        free(peer);
        return false;
    }
    uint32_t at = 0;
    for (uint32_t c = 0; c < cells; c++) {
        value->peer_start[c] = at;
        for (uint32_t o = 0; o < cells; o++)
            if (peer[c * words + o / 64] >> (o % 64) & 1u)
                value->peers[at++] = (uint16_t)o;
    }
    value->peer_start[cells] = at;
    free(peer);
    view->peer_start = value->peer_start;
    view->peers = value->peers;
    return true;
}

/* Copy count items of size bytes (at least one byte allocated). */
static void *value_copy(const void *from, size_t count, size_t size)
{
    void *to = malloc(count ? count * size : 1);
    if (to && count)
        memcpy(to, from, count * size);
    return to;
}

rules_value *rules_value_make(rules_draft *draft, const char *spec)
{
    rules_value *value = calloc(1, sizeof *value);
    if (!value)
        return NULL;
    size_t counts[4] = {0};
    for (size_t i = 0; i < draft->primitive_count; i++)
        counts[draft->primitives[i].kind]++;
    value->spec = strdup(spec);
    value->cells = value_copy(draft->cells, draft->cell_count, sizeof *draft->cells);
    value->tables = value_copy(draft->tables, draft->table_count, sizeof *draft->tables);
    value->strings = value_copy(draft->strings, draft->string_len, 1);
    value->houses = calloc(counts[RULES_HOUSE] + 1, sizeof *value->houses);
    value->groups = calloc(counts[RULES_GROUP] + 1, sizeof *value->groups);
    value->relations = calloc(counts[RULES_RELATION] + 1, sizeof *value->relations);
    value->customs = calloc(counts[RULES_CUSTOM] + 1, sizeof *value->customs);
    if (!value->spec || !value->cells || !value->tables || !value->strings || !value->houses ||
        !value->groups || !value->relations || !value->customs)
        goto out_of_memory;
    memcpy(value->region, draft->region, sizeof value->region);
    value->view = (sk_rules){.struct_size = sizeof(sk_rules),
                             .size = draft->size,
                             .box_rows = draft->box_rows,
                             .box_cols = draft->box_cols,
                             .spec = value->spec,
                             .region = value->region,
                             .houses = value->houses,
                             .groups = value->groups,
                             .relations = value->relations,
                             .customs = value->customs};
    value_layout(value, draft);
    if (!value_peers(value))
        goto out_of_memory;
    value->classic = strcmp(spec, "9x9") == 0;
    for (size_t i = 0; i < draft->primitive_count; i++)
        draft->primitives[i].state = NULL; /* the customs' states are the value's now */
    return value;

out_of_memory:
    value->view.custom_count = 0; /* the draft still owns the states */
    rules_value_free(value);
    return NULL;
}

void rules_value_free(rules_value *value)
{
    if (!value)
        return;
    for (uint32_t i = 0; i < value->view.custom_count; i++) {
        const sk_rules_custom *custom = &value->customs[i];
        if (custom->state && custom->constraint->free_state)
            custom->constraint->free_state(custom->state);
    }
    free(value->spec);
    free(value->cells);
    free(value->tables);
    free(value->strings);
    free(value->houses);
    free(value->groups);
    free(value->relations);
    free(value->customs);
    free(value->peer_start);
    free(value->peers);
    if (value->group)
        value->group_free(value->group);
    free(value);
}
