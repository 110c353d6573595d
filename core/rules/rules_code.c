/* The primitives of a rules value as words a grid map can be checked
 * against exactly, and the lists of maps (rules_symmetry.h). */
#include <stdlib.h>
#include <string.h>

#include "rules_symmetry.h"

uint32_t rules_geometry_houses(const sk_rules *rules)
{
    return rules->size * (rules->region[0] == 255 ? 2 : 3);
}

/* The id of table (N+1 sets) among the distinct tables seen so far
 * (added when new); UINT32_MAX when out of memory. */
static uint32_t code_table_id(sk_digits **seen, uint32_t *count, const sk_digits *table, uint32_t n)
{
    for (uint32_t i = 0; i < *count; i++)
        if (memcmp(*seen + (size_t)i * (n + 1), table, (n + 1) * sizeof *table) == 0)
            return i;
    sk_digits *grown = realloc(*seen, (size_t)(*count + 1) * (n + 1) * sizeof *grown);
    if (!grown)
        return UINT32_MAX;
    *seen = grown;
    memcpy(grown + (size_t)*count * (n + 1), table, (n + 1) * sizeof *table);
    return (*count)++;
}

/* Give every relation its table's id, up to which of its cells comes first. */
static int code_relations(rules_code *code)
{
    const sk_rules *r = code->rules;
    uint32_t n = r->size, count = 0;
    sk_digits *seen = NULL, flipped[SK_MAX_SIZE + 1];
    for (uint32_t i = 0; i < r->relation_count; i++) {
        const sk_digits *t = r->relations[i].allowed;
        for (uint32_t e = 0; e <= n; e++) {
            flipped[e] = 0;
            for (uint32_t d = 1; e && d <= n; d++)
                if (t[d] >> (e - 1) & 1u)
                    flipped[e] |= 1u << (d - 1);
        }
        uint32_t id = code_table_id(&seen, &count, t, n);
        uint32_t back = code_table_id(&seen, &count, flipped, n);
        if (id == UINT32_MAX || back == UINT32_MAX) {
            free(seen);
            return -1;
        }
        code->relation_table[i] = id < back ? id : back;
        code->relation_role[i] = id == back ? 2 : id < back ? 0 : 1;
    }
    free(seen);
    return 0;
}

/* Give every custom the id of its constraint and label. */
static void code_customs(rules_code *code)
{
    const sk_rules *r = code->rules;
    for (uint32_t i = 0; i < r->custom_count; i++) {
        const sk_rules_custom *c = &r->customs[i];
        code->custom_kind[i] = i;
        for (uint32_t j = 0; j < i; j++) {
            const sk_rules_custom *o = &r->customs[j];
            bool same_label = (!c->label && !o->label) ||
                              (c->label && o->label && strcmp(c->label, o->label) == 0);
            if (o->constraint == c->constraint && same_label) {
                code->custom_kind[i] = code->custom_kind[j];
                break;
            }
        }
    }
}

static int code_cell_order(const void *a, const void *b)
{
    return (int)*(const uint32_t *)a - (int)*(const uint32_t *)b;
}

/* Words of primitive i of kind (see rules_code) with cells through phi into
 * out; returns how many. */
static size_t code_words(const rules_code *code, int kind, uint32_t i, const uint16_t *phi,
                         uint32_t *out)
{
    const sk_rules *r = code->rules;
    size_t len = 0;
    const uint16_t *cells = NULL;
    uint32_t count = 0;
    bool sorted = true;
    if (kind == 0) {
        cells = r->houses[i].cells, count = r->houses[i].count;
        out[len++] = 0;
    } else if (kind == 1) {
        cells = r->groups[i].cells, count = r->groups[i].count;
        out[len++] = 1, out[len++] = (uint32_t)r->groups[i].sum;
    } else if (kind == 2) {
        const sk_rules_relation *rel = &r->relations[i];
        uint32_t a = phi[rel->a], b = phi[rel->b], role = code->relation_role[i];
        bool swap = role == 1 || (role == 2 && b < a);
        out[len++] = 2, out[len++] = code->relation_table[i];
        out[len++] = swap ? b : a, out[len++] = swap ? a : b;
        return len;
    } else {
        cells = r->customs[i].cells, count = r->customs[i].count, sorted = false;
        out[len++] = 3, out[len++] = code->custom_kind[i];
    }
    out[len++] = count;
    for (uint32_t k = 0; k < count; k++)
        out[len + k] = phi[cells[k]];
    if (sorted)
        qsort(out + len, count, sizeof *out, code_cell_order);
    return len + count;
}

/* For sorting primitives: the words they start at. */
static _Thread_local const uint32_t *code_sorting;

static int code_primitive_order(const void *a, const void *b)
{
    const uint32_t *x = code_sorting + *(const size_t *)a, *y = code_sorting + *(const size_t *)b;
    size_t lx = 0, ly = 0;
    while (x[lx] != UINT32_MAX)
        lx++;
    while (y[ly] != UINT32_MAX)
        ly++;
    for (size_t k = 0; k < lx && k < ly; k++)
        if (x[k] != y[k])
            return x[k] < y[k] ? -1 : 1;
    return lx < ly ? -1 : lx > ly;
}

/* Every primitive's words under phi (each ended by UINT32_MAX) into
 * words, their starts sorted into starts. */
static void code_encode(const rules_code *code, const uint16_t *phi, uint32_t *words,
                        size_t *starts)
{
    const sk_rules *r = code->rules;
    const uint32_t counts[4] = {r->house_count, r->group_count, r->relation_count, r->custom_count};
    size_t at = 0, k = 0;
    for (int kind = 0; kind < 4; kind++)
        for (uint32_t i = kind ? 0 : rules_geometry_houses(r); i < counts[kind]; i++) {
            starts[k++] = at;
            at += code_words(code, kind, i, phi, words + at);
            words[at++] = UINT32_MAX;
        }
    code_sorting = words;
    qsort(starts, k, sizeof *starts, code_primitive_order);
}

/* Words needed for every primitive (each with its end mark). */
static size_t code_size(const sk_rules *r)
{
    size_t words = (size_t)r->relation_count * 5;
    for (uint32_t i = 0; i < r->house_count; i++)
        words += r->houses[i].count + 3;
    for (uint32_t i = 0; i < r->group_count; i++)
        words += r->groups[i].count + 4;
    for (uint32_t i = 0; i < r->custom_count; i++)
        words += r->customs[i].count + 4;
    return words;
}

int rules_code_init(rules_code *code, const sk_rules *rules)
{
    memset(code, 0, sizeof *code);
    code->rules = rules;
    code->count = rules->house_count - rules_geometry_houses(rules) + rules->group_count +
                  rules->relation_count + rules->custom_count;
    code->word_count = code_size(rules);
    code->relation_table = malloc((rules->relation_count + 1) * sizeof *code->relation_table);
    code->relation_role = malloc(rules->relation_count + 1);
    code->custom_kind = malloc((rules->custom_count + 1) * sizeof *code->custom_kind);
    code->words = malloc(code->word_count * sizeof *code->words);
    code->starts = malloc((code->count + 1) * sizeof *code->starts);
    code->scratch_words = malloc(code->word_count * sizeof *code->scratch_words);
    code->scratch_starts = malloc((code->count + 1) * sizeof *code->scratch_starts);
    if (!code->scratch_words || !code->scratch_starts || !code->relation_table ||
        !code->relation_role || !code->custom_kind || !code->words || !code->starts ||
        code_relations(code)) {
        rules_code_free(code);
        return -1;
    }
    code_customs(code);
    uint16_t identity[SK_MAX_CELLS];
    for (uint32_t c = 0; c < rules->size * rules->size; c++)
        identity[c] = (uint16_t)c;
    code_encode(code, identity, code->words, code->starts);
    return 0;
}

void rules_code_free(rules_code *code)
{
    free(code->relation_table);
    free(code->relation_role);
    free(code->custom_kind);
    free(code->words);
    free(code->starts);
    free(code->scratch_words);
    free(code->scratch_starts);
    memset(code, 0, sizeof *code);
}

bool rules_map_keeps(rules_code *code, const rules_map *map)
{
    uint32_t n = code->rules->size;
    uint16_t phi[SK_MAX_CELLS]; /* source cell -> image cell */
    for (uint32_t r = 0; r < n; r++)
        for (uint32_t c = 0; c < n; c++)
            phi[rules_map_source(map, n, r, c)] = (uint16_t)(r * n + c);
    uint32_t *words = code->scratch_words;
    size_t *starts = code->scratch_starts;
    bool keeps = true;
    code_encode(code, phi, words, starts);
    for (size_t k = 0; k < code->count && keeps; k++) {
        const uint32_t *x = words + starts[k], *y = code->words + code->starts[k];
        size_t len = 0;
        while (x[len] == y[len] && x[len] != UINT32_MAX)
            len++;
        keeps = x[len] == y[len];
    }
    return keeps;
}

bool rules_map_keeps_regions(const sk_rules *rules, const rules_map *map)
{
    uint32_t n = rules->size;
    int to[SK_MAX_SIZE], from[SK_MAX_SIZE];
    memset(to, -1, sizeof to);
    memset(from, -1, sizeof from);
    for (uint32_t x = 0; x < n * n; x++) {
        int ri = rules->region[x], rs = rules->region[rules_map_source(map, n, x / n, x % n)];
        if (ri == 255 || rs == 255) {
            if (ri != rs)
                return false;
            continue;
        }
        if (to[ri] < 0 && from[rs] < 0)
            to[ri] = rs, from[rs] = ri;
        else if (to[ri] != rs)
            return false;
    }
    return true;
}
