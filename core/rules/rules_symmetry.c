/* The symmetry of a rules value: the grid maps that keep every primitive
 * (docs/rules.md, "Symmetry"). A map is a transposition or not and a
 * permutation of rows and of columns; it keeps the rules when it sends
 * every house, group, relation and custom onto one of the same kind and
 * data. They are found by a search that assigns rows and columns in turn
 * and prunes with cell signatures (what primitives each cell is in) and
 * regions (a region goes onto one region), then each candidate is checked
 * exactly. When the group is too large to list (plain boxes past 8x8,
 * Latin squares) or to search, the listed group is a documented subgroup
 * instead: the
 * maps of whole bands and stacks, each kept or reversed inside, with or
 * without transposition, that keep the rules. */
#include <stdlib.h>
#include <string.h>

#include "rules_symmetry.h"

/* Most maps listed: beyond, the subgroup. */
#define SYMMETRY_CAP 20000
/* Most search steps: beyond, the subgroup too. */
#define SYMMETRY_NODES 300000u
/* Most maps of the subgroup. */
#define SUBGROUP_CAP 200000

static uint64_t symmetry_mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

/* Cell signatures: the multiset of the primitives each cell is in, with
 * the cell's role in them (rows, columns and regions left out: every map
 * keeps rows and columns, and regions are matched on their own). */
static void symmetry_signatures(const rules_code *code, uint64_t *sig)
{
    const sk_rules *r = code->rules;
    uint32_t geometry = rules_geometry_houses(r);
    memset(sig, 0, r->size * r->size * sizeof *sig);
    for (uint32_t i = geometry; i < r->house_count; i++)
        for (uint32_t k = 0; k < r->houses[i].count; k++)
            sig[r->houses[i].cells[k]] += symmetry_mix(1);
    for (uint32_t i = 0; i < r->group_count; i++)
        for (uint32_t k = 0; k < r->groups[i].count; k++)
            sig[r->groups[i].cells[k]] +=
                symmetry_mix(2 + ((uint64_t)r->groups[i].count << 8) +
                             ((uint64_t)(uint32_t)r->groups[i].sum << 16));
    for (uint32_t i = 0; i < r->relation_count; i++) {
        uint32_t id = code->relation_table[i], role_a = code->relation_role[i];
        const sk_rules_relation *rel = &r->relations[i];
        sig[rel->a] += symmetry_mix(3 + ((uint64_t)id << 8) + ((uint64_t)role_a << 40));
        sig[rel->b] += symmetry_mix(3 + ((uint64_t)id << 8) +
                                    ((uint64_t)(role_a == 2 ? 2 : 1 - role_a) << 40));
    }
    for (uint32_t i = 0; i < r->custom_count; i++)
        for (uint32_t k = 0; k < r->customs[i].count; k++)
            sig[r->customs[i].cells[k]] +=
                symmetry_mix(4 + ((uint64_t)code->custom_kind[i] << 8) + ((uint64_t)k << 32));
}

/* What two cells share, as one byte: the extra houses and groups both are
 * in, and the relations between them (a hash: equal pairs have equal
 * bytes, which is all the pruning needs). NULL when the rules have no such
 * primitive (then every pair is alike). */
static uint8_t *symmetry_pairs(const rules_code *code)
{
    const sk_rules *r = code->rules;
    uint32_t cells = r->size * r->size, geometry = rules_geometry_houses(r);
    if (r->house_count == geometry && !r->group_count && !r->relation_count)
        return NULL;
    uint8_t *pair = calloc((size_t)cells * cells, 1);
    if (!pair)
        return NULL;
    for (uint32_t i = geometry; i < r->house_count + r->group_count; i++) {
        bool house = i < r->house_count;
        const uint16_t *c = house ? r->houses[i].cells : r->groups[i - r->house_count].cells;
        uint32_t count = house ? r->houses[i].count : r->groups[i - r->house_count].count;
        uint8_t step = house ? 1 : (uint8_t)(17 + r->groups[i - r->house_count].sum * 2);
        for (uint32_t a = 0; a < count; a++)
            for (uint32_t b = 0; b < count; b++)
                pair[(size_t)c[a] * cells + c[b]] += step;
    }
    for (uint32_t i = 0; i < r->relation_count; i++) {
        const sk_rules_relation *rel = &r->relations[i];
        uint32_t role = code->relation_role[i];
        uint8_t id = (uint8_t)(symmetry_mix(code->relation_table[i]) | 1u);
        pair[(size_t)rel->a * cells + rel->b] += (uint8_t)(role == 2 ? id : role ? id * 3 : id * 5);
        pair[(size_t)rel->b * cells + rel->a] += (uint8_t)(role == 2 ? id : role ? id * 5 : id * 3);
    }
    return pair;
}

/* Refine the signatures: a cell's new signature adds what its row, its
 * column, its region and the cells it shares something with look like
 * (rows and columns alike, since a transposition swaps them). Every map
 * that keeps the rules keeps the new signatures too, and cells that only
 * looked alike may now differ, which prunes the search. */
static void symmetry_refine(const sk_rules *r, const uint8_t *pair, uint64_t *sig)
{
    uint32_t n = r->size, cells = n * n;
    uint64_t line[2][SK_MAX_SIZE] = {{0}}, region[SK_MAX_SIZE] = {0}, *next = malloc(cells * 8);
    if (!next)
        return;
    for (uint32_t c = 0; c < cells; c++) {
        line[0][c / n] += symmetry_mix(sig[c]);
        line[1][c % n] += symmetry_mix(sig[c]);
        if (r->region[c] != 255)
            region[r->region[c]] += symmetry_mix(sig[c]);
    }
    for (uint32_t c = 0; c < cells; c++) {
        uint64_t around = symmetry_mix(line[0][c / n]) + symmetry_mix(line[1][c % n]);
        if (r->region[c] != 255)
            around += symmetry_mix(region[r->region[c]] ^ 0x5555);
        for (uint32_t d = 0; pair && d < cells; d++)
            if (pair[(size_t)c * cells + d] || pair[(size_t)d * cells + c])
                around += symmetry_mix(sig[d] * 31 + pair[(size_t)c * cells + d] * 7 +
                                       pair[(size_t)d * cells + c]);
        next[c] = symmetry_mix(sig[c] ^ symmetry_mix(around));
    }
    memcpy(sig, next, cells * 8);
    free(next);
}

typedef struct symmetry_search {
    rules_code *code;
    uint32_t n;
    const uint64_t *sig;
    const uint8_t *pair;               /* symmetry_pairs, or NULL */
    uint32_t rows_set, cols_set;       /* rows 0.. and columns 0.. assigned */
    uint64_t line_sig[2][SK_MAX_SIZE]; /* rows' and columns' cell signatures */
    uint64_t nodes;                    /* search steps, bounded by SYMMETRY_NODES */
    rules_map map;
    bool row_used[SK_MAX_SIZE], col_used[SK_MAX_SIZE];
    int region_to[SK_MAX_SIZE], region_from[SK_MAX_SIZE]; /* image region <-> source */
    rules_group *group;
    bool overflow;
} symmetry_search;

/* The new image cell shares with every image cell assigned so far what
 * its source shares with theirs. */
static bool symmetry_pairs_agree(const symmetry_search *s, uint32_t image, uint32_t source)
{
    uint32_t n = s->n, cells = n * n;
    for (uint32_t i = 0; i < s->rows_set; i++)
        for (uint32_t j = 0; j < s->cols_set; j++) {
            uint32_t other = i * n + j, other_source = rules_map_source(&s->map, n, i, j);
            if (s->pair[(size_t)image * cells + other] !=
                    s->pair[(size_t)source * cells + other_source] ||
                s->pair[(size_t)other * cells + image] !=
                    s->pair[(size_t)other_source * cells + source])
                return false;
        }
    return true;
}

/* Check image cell (i, j) against its source; record the region pair in
 * trail (undone by the caller). */
static bool symmetry_cell(symmetry_search *s, uint32_t i, uint32_t j, int *trail, int *trail_len)
{
    uint32_t n = s->n, image = i * n + j;
    uint32_t source = s->map.transpose ? s->map.cols[j] * n + s->map.rows[i]
                                       : s->map.rows[i] * n + s->map.cols[j];
    if (s->sig[image] != s->sig[source])
        return false;
    const uint8_t *region = s->code->rules->region;
    int ri = region[image], rs = region[source];
    if (ri == 255 || rs == 255) {
        if (ri != rs)
            return false;
    } else if (s->region_to[ri] < 0 && s->region_from[rs] < 0) {
        s->region_to[ri] = rs;
        s->region_from[rs] = ri;
        trail[(*trail_len)++] = ri;
    } else if (s->region_to[ri] != rs) {
        return false;
    }
    return !s->pair || symmetry_pairs_agree(s, image, source);
}

static void symmetry_undo(symmetry_search *s, const int *trail, int len)
{
    for (int k = 0; k < len; k++) {
        s->region_from[s->region_to[trail[k]]] = -1;
        s->region_to[trail[k]] = -1;
    }
}

static void symmetry_found(symmetry_search *s)
{
    if (!rules_map_keeps(s->code, &s->map))
        return;
    if (s->group->size == SYMMETRY_CAP) {
        s->overflow = true;
        return;
    }
    rules_group_add(s->group, &s->map);
}

/* Assign row k (row_step) or column k, then go on. */
static void symmetry_assign(symmetry_search *s, uint32_t k, bool row_step)
{
    if (s->overflow)
        return;
    if (k == s->n) {
        symmetry_found(s);
        return;
    }
    uint32_t n = s->n;
    for (uint32_t v = 0; v < n && !s->overflow; v++) {
        bool *used = row_step ? &s->row_used[v] : &s->col_used[v];
        /* a row goes onto a row (a column when transposed) of the same cells */
        if (*used || s->line_sig[!row_step][k] != s->line_sig[row_step == s->map.transpose][v])
            continue;
        if (++s->nodes > SYMMETRY_NODES) {
            s->overflow = true;
            return;
        }
        (row_step ? s->map.rows : s->map.cols)[k] = (uint8_t)v;
        *(row_step ? &s->rows_set : &s->cols_set) = k + 1;
        int trail[2 * SK_MAX_SIZE], len = 0;
        bool ok = true;
        for (uint32_t other = 0; other < k + !row_step && ok; other++)
            ok = row_step ? symmetry_cell(s, k, other, trail, &len)
                          : symmetry_cell(s, other, k, trail, &len);
        if (ok) {
            *used = true;
            symmetry_assign(s, row_step ? k : k + 1, !row_step);
            *used = false;
        }
        symmetry_undo(s, trail, len);
    }
    *(row_step ? &s->rows_set : &s->cols_set) = k;
}

/* The subgroup: whole bands and stacks moved, each kept or reversed inside
 * (a band is box_rows rows, or all of them without boxes), with and without
 * transposition (square boxes, or none); when that makes more than
 * SUBGROUP_CAP maps (long thin boxes), only the mirrors, rotations and
 * transposition of the whole grid.
 * Of those, the maps that keep the rules (all of them when plain: the
 * geometry alone). */
/* True when map sends every cell onto a cell of the same signature: a
 * quick test before the exact one. */
static bool symmetry_signatures_kept(const rules_map *map, uint32_t n, const uint64_t *sig)
{
    for (uint32_t x = 0; x < n * n; x++)
        if (sig[x] != sig[rules_map_source(map, n, x / n, x % n)])
            return false;
    return true;
}

static void symmetry_subgroup(rules_code *code, const uint64_t *sig, bool plain, rules_group *group)
{
    const sk_rules *r = code->rules;
    uint32_t n = r->size, h = r->box_rows ? r->box_rows : n, w = r->box_cols ? r->box_cols : n;
    uint32_t bands = n / h, stacks = n / w;
    double count = h == w ? 8 : 4;
    for (uint32_t k = 2; k <= bands; k++)
        count *= k;
    for (uint32_t k = 2; k <= stacks; k++)
        count *= k;
    bool move = count <= SUBGROUP_CAP;
    uint8_t band_order[SK_MAX_SIZE], stack_order[SK_MAX_SIZE];
    for (int t = 0; t < 2; t++) {
        if (t && h != w)
            continue;
        rules_permutations rows = rules_permutations_start(band_order, bands);
        do {
            rules_permutations cols = rules_permutations_start(stack_order, stacks);
            do {
                for (int flips = 0; flips < 4; flips++) {
                    rules_map map = {.transpose = t};
                    for (uint32_t i = 0; i < n; i++) {
                        uint32_t in = flips & 1 ? h - 1 - i % h : i % h;
                        uint32_t jn = flips & 2 ? w - 1 - i % w : i % w;
                        map.rows[i] = (uint8_t)(move        ? band_order[i / h] * h + in
                                                : flips & 1 ? n - 1 - i
                                                            : i);
                        map.cols[i] = (uint8_t)(move        ? stack_order[i / w] * w + jn
                                                : flips & 2 ? n - 1 - i
                                                            : i);
                    }
                    /* every such map keeps rows, columns and boxes */
                    if (plain ||
                        (symmetry_signatures_kept(&map, n, sig) && rules_map_keeps(code, &map)))
                        rules_group_add(group, &map);
                }
            } while (move && rules_permutations_next(&cols));
        } while (move && rules_permutations_next(&rows));
    }
}

/* The size of the group of a geometry without other rules: transposition
 * (square boxes, or none), then bands and rows in them, stacks and columns
 * in them. 0 for jigsaw regions (their group is searched). */
static double symmetry_geometry_size(const sk_rules *r)
{
    if (r->region[0] != 255 && !r->box_rows)
        return 0;
    uint32_t n = r->size, h = r->box_rows ? r->box_rows : 1, w = r->box_cols ? r->box_cols : 1;
    double size = h == w ? 2 : 1, f;
    for (uint32_t k = 1; k <= n / h; k++)
        size *= k;
    for (f = 1; h > 1; h--)
        f *= h;
    for (uint32_t band = 0; band < r->size / (r->box_rows ? r->box_rows : 1); band++)
        size *= f;
    for (uint32_t k = 1; k <= n / w; k++)
        size *= k;
    for (f = 1; w > 1; w--)
        f *= w;
    for (uint32_t stack = 0; stack < r->size / (r->box_cols ? r->box_cols : 1); stack++)
        size *= f;
    return size;
}

/* The group of rules (not classic): the whole stabiliser when it can be
 * listed, else the subgroup. NULL when out of memory. */
static rules_group *symmetry_compute(const sk_rules *rules)
{
    rules_code code;
    rules_group *group = rules_group_new(rules->size);
    uint64_t *sig = malloc(rules->size * rules->size * sizeof *sig);
    if (!group || !sig || rules_code_init(&code, rules)) {
        free(sig);
        rules_group_free(group);
        return NULL;
    }
    symmetry_signatures(&code, sig);
    uint8_t *pair = symmetry_pairs(&code);
    for (int round = 0; round < 3; round++)
        symmetry_refine(rules, pair, sig);
    symmetry_search s = {.code = &code, .n = rules->size, .sig = sig, .pair = pair, .group = group};
    memset(s.region_to, -1, sizeof s.region_to);
    memset(s.region_from, -1, sizeof s.region_from);
    for (uint32_t c = 0; c < rules->size * rules->size; c++) {
        s.line_sig[0][c / rules->size] += symmetry_mix(sig[c]);
        s.line_sig[1][c % rules->size] += symmetry_mix(sig[c]);
    }
    bool plain = rules->house_count == rules_geometry_houses(rules) && !rules->group_count &&
                 !rules->relation_count && !rules->custom_count;
    group->whole_size = plain ? symmetry_geometry_size(rules) : 0;
    s.overflow = group->whole_size > SYMMETRY_CAP; /* known too large: the subgroup */
    for (int t = 0; t < 2 && !s.overflow; t++) {
        s.map.transpose = t;
        symmetry_assign(&s, 0, true);
    }
    group->whole = !s.overflow;
    if (group->whole)
        group->whole_size = (double)group->size;
    if (s.overflow) {
        group->size = 0;
        symmetry_subgroup(&code, sig, plain, group);
    }
    free(sig);
    free(pair);
    rules_code_free(&code);
    if (group->failed) {
        rules_group_free(group);
        return NULL;
    }
    return group;
}

const rules_group *rules_symmetry_group(const sk_rules *rules)
{
    rules_value *value = (rules_value *)(uintptr_t)rules;
    rules_group *group = __atomic_load_n(&value->group, __ATOMIC_ACQUIRE);
    if (group || value->classic)
        return group;
    group = symmetry_compute(rules);
    rules_group *expected = NULL;
    __atomic_store_n(&value->group_free, rules_group_free, __ATOMIC_RELEASE);
    if (group && !__atomic_compare_exchange_n(&value->group, &expected, group, false,
                                              __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        rules_group_free(group); /* another thread was first */
        group = expected;
    }
    return group;
}
