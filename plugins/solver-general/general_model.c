/* Solver "general": a rules value laid out for the search. Relations that
 * say only "the two digits differ" are left to the peers; the others become
 * links with a table each way. Groups with a sum get their digit
 * combinations listed once here, so that the search narrows a cage by the
 * combinations that still fit. Houses that share two cells or more are
 * paired for locked candidates. */
#include <stdlib.h>
#include <string.h>

#include "general_model.h"

/* Cell-indexed lists of items: item i covers cells[i][0 .. count[i]). */
typedef struct model_items {
    uint32_t count;
    const uint16_t *const *cells;
    const uint32_t *sizes;
} model_items;

/* Invert items into start (cells+1 offsets) and index (item numbers, by
 * cell). False when out of memory. */
static bool model_invert(uint32_t cells, const model_items *items, uint32_t **start,
                         uint32_t **index)
{
    size_t total = 0;
    for (uint32_t i = 0; i < items->count; i++)
        total += items->sizes[i];
    *start = calloc(cells + 1, sizeof **start);
    *index = malloc((total ? total : 1) * sizeof **index);
    if (!*start || !*index)
        return false;
    for (uint32_t i = 0; i < items->count; i++)
        for (uint32_t k = 0; k < items->sizes[i]; k++)
            (*start)[items->cells[i][k] + 1]++;
    for (uint32_t c = 0; c < cells; c++)
        (*start)[c + 1] += (*start)[c];
    uint32_t *fill = malloc((cells + 1) * sizeof *fill);
    if (!fill)
        return false;
    memcpy(fill, *start, (cells + 1) * sizeof *fill);
    for (uint32_t i = 0; i < items->count; i++)
        for (uint32_t k = 0; k < items->sizes[i]; k++)
            (*index)[fill[items->cells[i][k]]++] = i;
    free(fill);
    return true;
}

/* True when a relation's table says "the two digits differ", nothing more:
 * the peers already hold it. */
static bool model_unequal(const sk_digits *table, uint32_t size, sk_digits all)
{
    for (uint32_t d = 1; d <= size; d++)
        if (table[d] != (all & ~(1u << (d - 1))))
            return false;
    return true;
}

/* The links of every relation the peers do not hold, both ways. */
static bool model_links(general_model *m, const sk_rules *rules)
{
    uint32_t n = m->size;
    m->link_start = calloc(m->cells + 1, sizeof *m->link_start);
    m->links = malloc((2 * rules->relation_count + 1) * sizeof *m->links);
    m->tables = calloc((2 * (size_t)rules->relation_count + 1) * (n + 1), sizeof *m->tables);
    if (!m->link_start || !m->links || !m->tables)
        return false;
    for (uint32_t i = 0; i < rules->relation_count; i++) {
        const sk_rules_relation *r = &rules->relations[i];
        if (model_unequal(r->allowed, n, m->all))
            continue;
        m->link_start[r->a + 1]++;
        m->link_start[r->b + 1]++;
    }
    for (uint32_t c = 0; c < m->cells; c++)
        m->link_start[c + 1] += m->link_start[c];
    uint32_t *fill = malloc((m->cells + 1) * sizeof *fill);
    if (!fill)
        return false;
    memcpy(fill, m->link_start, (m->cells + 1) * sizeof *fill);
    uint32_t table = 0;
    for (uint32_t i = 0; i < rules->relation_count; i++) {
        const sk_rules_relation *r = &rules->relations[i];
        if (model_unequal(r->allowed, n, m->all))
            continue;
        sk_digits *forward = m->tables + table, *backward = m->tables + table + n + 1;
        for (uint32_t d = 1; d <= n; d++) {
            forward[d] = r->allowed[d] & m->all;
            for (uint32_t e = 1; e <= n; e++)
                if (forward[d] >> (e - 1) & 1u)
                    backward[e] |= 1u << (d - 1);
        }
        m->links[fill[r->a]++] = (general_link){r->b, table};
        m->links[fill[r->b]++] = (general_link){r->a, table + n + 1};
        table += 2 * (n + 1);
    }
    free(fill);
    return true;
}

/* The k-digit sets of 1..n that sum to sum, from digit `from` on, appended
 * to out (at most GENERAL_COMBOS_MAX; *count past it means too many). */
static void model_combos(uint32_t n, uint32_t k, int32_t sum, uint32_t from, sk_digits set,
                         sk_digits *out, uint32_t *count)
{
    if (k == 0) {
        if (sum == 0 && (*count)++ < GENERAL_COMBOS_MAX)
            out[*count - 1] = set;
        return;
    }
    for (uint32_t d = from; d <= n && (int32_t)d <= sum && *count <= GENERAL_COMBOS_MAX; d++) {
        /* the k-1 digits above d sum to at least (d+1)+...+(d+k-1) */
        int32_t least = (int32_t)((k - 1) * d + (k - 1) * k / 2);
        if (least > sum - (int32_t)d)
            break;
        model_combos(n, k - 1, sum - (int32_t)d, d + 1, set | 1u << (d - 1), out, count);
    }
}

/* The groups with a sum, with their combinations where they are few. */
static bool model_sums(general_model *m, const sk_rules *rules)
{
    uint32_t cells = 0;
    for (uint32_t i = 0; i < rules->group_count; i++)
        if (rules->groups[i].sum)
            m->sum_count++, cells += rules->groups[i].count;
    m->sums = calloc(m->sum_count + 1, sizeof *m->sums);
    m->sum_cells = malloc((cells + 1) * sizeof *m->sum_cells);
    sk_digits *scratch = malloc(GENERAL_COMBOS_MAX * sizeof *scratch);
    const uint16_t **lists = calloc(m->sum_count + 1, sizeof *lists);
    uint32_t *sizes = calloc(m->sum_count + 1, sizeof *sizes), combos = 0, at = 0, s = 0;
    bool ok = m->sums && m->sum_cells && scratch && lists && sizes;
    for (uint32_t i = 0; ok && i < rules->group_count; i++) {
        const sk_rules_group *g = &rules->groups[i];
        if (!g->sum)
            continue;
        uint32_t count = 0;
        model_combos(m->size, g->count, g->sum, 1, 0, scratch, &count);
        if (count > GENERAL_COMBOS_MAX)
            count = 0;
        sk_digits *grown = realloc(m->combos, (combos + count + 1) * sizeof *grown);
        ok = grown != NULL;
        if (!ok)
            break;
        m->combos = grown;
        memcpy(m->combos + combos, scratch, count * sizeof *scratch);
        memcpy(m->sum_cells + at, g->cells, g->count * sizeof *g->cells);
        m->sums[s] = (general_sum){at, g->count, g->sum, combos, count};
        lists[s] = m->sum_cells + at;
        sizes[s++] = g->count;
        combos += count;
        at += g->count;
    }
    model_items items = {m->sum_count, lists, sizes};
    ok = ok && model_invert(m->cells, &items, &m->cell_sum_start, &m->cell_sums);
    free(scratch);
    free(lists);
    free(sizes);
    return ok;
}

/* Which houses each cell is in. */
static bool model_houses(general_model *m)
{
    const uint16_t **lists = calloc(m->house_count + 1, sizeof *lists);
    uint32_t *sizes = calloc(m->house_count + 1, sizeof *sizes);
    bool ok = lists && sizes;
    for (uint32_t i = 0; ok && i < m->house_count; i++) {
        lists[i] = m->house_cells + (size_t)i * m->size;
        sizes[i] = m->size;
    }
    model_items items = {m->house_count, lists, sizes};
    ok = ok && model_invert(m->cells, &items, &m->cell_house_start, &m->cell_houses);
    free(lists);
    free(sizes);
    return ok;
}

/* Which customs each cell is in. */
static bool model_customs(general_model *m, const sk_rules *rules)
{
    const uint16_t **lists = calloc(rules->custom_count + 1, sizeof *lists);
    uint32_t *sizes = calloc(rules->custom_count + 1, sizeof *sizes);
    bool ok = lists && sizes;
    for (uint32_t i = 0; ok && i < rules->custom_count; i++) {
        lists[i] = rules->customs[i].cells;
        sizes[i] = rules->customs[i].count;
    }
    model_items items = {rules->custom_count, lists, sizes};
    ok = ok && model_invert(m->cells, &items, &m->cell_custom_start, &m->cell_customs);
    free(lists);
    free(sizes);
    return ok;
}

/* Append to out the cells of list whose member byte has (want true) or
 * lacks (want false) a bit of mask; returns how many. */
static uint16_t model_split(const uint16_t *list, uint32_t n, const uint8_t *member, uint8_t mask,
                            bool want, uint16_t *out)
{
    uint16_t count = 0;
    for (uint32_t k = 0; k < n; k++)
        if (((member[list[k]] & mask) != 0) == want)
            out[count++] = list[k];
    return count;
}

/* Room for one more cross (2N cells each). False when out of memory. */
static bool model_cross_room(general_model *m, uint32_t *cap)
{
    if (m->cross_count < *cap)
        return true;
    *cap *= 2;
    general_cross *more = realloc(m->crosses, *cap * sizeof *more);
    if (more)
        m->crosses = more;
    uint16_t *cells = realloc(m->cross_cells, (size_t)*cap * 2 * m->size * sizeof *cells);
    if (cells)
        m->cross_cells = cells;
    return more && cells;
}

/* Every pair of houses that share two cells or more (and not all). */
static bool model_crosses(general_model *m)
{
    uint32_t n = m->size, cap = 16, used = 0;
    uint8_t *member = calloc(m->cells, 1); /* bit 0: in a, bit 1: in b */
    m->crosses = malloc(cap * sizeof *m->crosses);
    m->cross_cells = malloc((size_t)cap * 2 * n * sizeof *m->cross_cells);
    bool ok = member && m->crosses && m->cross_cells;
    for (uint32_t i = 0; ok && i < m->house_count; i++) {
        const uint16_t *a = m->house_cells + (size_t)i * n;
        for (uint32_t k = 0; k < n; k++)
            member[a[k]] |= 1;
        for (uint32_t j = i + 1; ok && j < m->house_count; j++) {
            const uint16_t *b = m->house_cells + (size_t)j * n;
            uint32_t shared = 0;
            for (uint32_t k = 0; k < n; k++)
                shared += member[b[k]] & 1;
            if (shared < 2 || shared == n)
                continue;
            if (!(ok = model_cross_room(m, &cap)))
                break;
            for (uint32_t k = 0; k < n; k++)
                member[b[k]] |= 2;
            general_cross *x = &m->crosses[m->cross_count++];
            uint16_t *out = m->cross_cells + used;
            x->first = i;
            x->second = j;
            x->cells = used;
            x->shared = model_split(b, n, member, 1, true, out);
            x->first_only = model_split(a, n, member, 2, false, out + x->shared);
            x->second_only = model_split(b, n, member, 1, false, out + x->shared + x->first_only);
            used += 2 * n;
            for (uint32_t k = 0; k < n; k++)
                member[b[k]] &= 1;
        }
        for (uint32_t k = 0; k < n; k++)
            member[a[k]] = 0;
    }
    free(member);
    return ok;
}

general_model *general_model_build(const sk_rules *rules)
{
    general_model *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->size = rules->size;
    m->cells = rules->size * rules->size;
    m->all = (sk_digits)((1ull << rules->size) - 1);
    m->house_count = rules->house_count;
    m->relation_count = rules->relation_count;
    m->custom_count = rules->custom_count;
    m->spec = strdup(rules->spec ? rules->spec : "");
    m->house_cells = malloc(((size_t)rules->house_count * m->size + 1) * sizeof *m->house_cells);
    bool ok = m->spec && m->house_cells;
    for (uint32_t i = 0; ok && i < rules->house_count; i++)
        memcpy(m->house_cells + (size_t)i * m->size, rules->houses[i].cells,
               m->size * sizeof *m->house_cells);
    ok = ok && model_houses(m) && model_links(m, rules) && model_sums(m, rules) &&
         model_customs(m, rules) && model_crosses(m);
    if (!ok) {
        general_model_free(m);
        return NULL;
    }
    return m;
}

bool general_model_fits(const general_model *model, const sk_rules *rules)
{
    return model && model->size == rules->size && model->house_count == rules->house_count &&
           model->relation_count == rules->relation_count &&
           model->custom_count == rules->custom_count &&
           strcmp(model->spec, rules->spec ? rules->spec : "") == 0;
}

void general_model_free(general_model *model)
{
    if (!model)
        return;
    free(model->spec);
    free(model->house_cells);
    free(model->link_start);
    free(model->links);
    free(model->tables);
    free(model->sums);
    free(model->sum_cells);
    free(model->combos);
    free(model->cell_house_start);
    free(model->cell_houses);
    free(model->cell_sum_start);
    free(model->cell_sums);
    free(model->cell_custom_start);
    free(model->cell_customs);
    free(model->crosses);
    free(model->cross_cells);
    free(model);
}
