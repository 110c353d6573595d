/* Solver "cover": the exact-cover matrix of a rules value.
 *
 * Columns: 1..cells "this cell is filled" and one per (house, digit),
 * primary: each must be covered exactly once; then one per (group, digit)
 * and one per pair of digits a relation forbids (for a not-equal pair no
 * house or group already holds: the same digit twice), secondary: each
 * covered at most once. Rows: one per
 * (cell, digit), except the cells of a killer cage written as cage rows,
 * KSudoku's way: one row per way of writing the cage's digits (every
 * ordering of every digit set of its sum), which covers its cells' columns
 * at once, so the sum needs no check. A relation forbids pairs of digits:
 * each pair is a secondary column the two rows cover; one that says more
 * than "the two digits differ" is also listed as two arcs, which the
 * search keeps consistent. Sums too rich to write out and customs are
 * left to the search's filter. */
#include <stdlib.h>
#include <string.h>

#include "cover_matrix.h"

/* (cell, value) pairs, counted into per-cell lists by list_index. */
typedef struct list {
    uint32_t *cell, *value;
    uint32_t count, cap;
    bool failed;
} list;

static void list_push(list *l, uint32_t cell, uint32_t value)
{
    if (l->count == l->cap) {
        uint32_t cap = l->cap ? 2 * l->cap : 64;
        uint32_t *c = realloc(l->cell, cap * sizeof *c);
        if (c)
            l->cell = c;
        uint32_t *v = realloc(l->value, cap * sizeof *v);
        if (v)
            l->value = v;
        if (!c || !v) {
            l->failed = true;
            return;
        }
        l->cap = cap;
    }
    l->cell[l->count] = cell;
    l->value[l->count++] = value;
}

/* The values by cell: cell c's at (*values)[(*start)[c] .. (*start)[c+1]),
 * in the order pushed. Frees l's arrays. False when out of memory. */
static bool list_index(list *l, uint32_t cells, uint32_t **start, uint32_t **values)
{
    *start = calloc(cells + 2, sizeof **start);
    *values = malloc((l->count + 1) * sizeof **values);
    bool ok = !l->failed && *start && *values;
    for (uint32_t i = 0; ok && i < l->count; i++)
        (*start)[l->cell[i] + 2]++;
    for (uint32_t c = 0; ok && c < cells; c++)
        (*start)[c + 2] += (*start)[c + 1];
    for (uint32_t i = 0; ok && i < l->count; i++)
        (*values)[(*start)[l->cell[i] + 1]++] = l->value[i];
    free(l->cell);
    free(l->value);
    *l = (list){0};
    return ok;
}

/* The matrix being built, with the digit columns of each cell: the
 * columns of digit 1 of its houses and groups (units) and of its
 * not-equal pairs; digit d's are d-1 further. */
typedef struct build {
    cover_matrix *m;
    const sk_rules *rules;
    uint32_t *unit_start, *units, *pair_start, *pairs; /* pairs: column*32 + digit-1 */
    uint32_t node_cap, row_cap, assign_cap;
    uint32_t *seen, stamp; /* seen[column] == stamp: in the row being made */
    uint32_t *row_columns, row_used, row_cap_columns;
    bool failed;
} build;

/* True when a relation's table says only "the two digits differ". */
static bool build_unequal(const sk_rules *r, const sk_digits *table)
{
    sk_digits all = (sk_digits)((1ull << r->size) - 1);
    for (uint32_t d = 1; d <= r->size; d++)
        if (table[d] != (all & ~(1u << (d - 1))))
            return false;
    return true;
}

/* True when cells a and b share a house or a group. */
static bool build_share(const build *b, uint32_t a, uint32_t c)
{
    for (uint32_t i = b->unit_start[a]; i < b->unit_start[a + 1]; i++)
        for (uint32_t j = b->unit_start[c]; j < b->unit_start[c + 1]; j++)
            if (b->units[i] == b->units[j])
                return true;
    return false;
}

/* One secondary column for each pair of digits a relation forbids: the
 * rows (a, d) and (b, e) both cover it, so at most one is taken. A
 * not-equal relation between cells of one house or group adds nothing. */
static void build_forbidden(build *b, const sk_rules_relation *rel, list *pairs, uint32_t *next)
{
    const sk_rules *r = b->rules;
    if (build_unequal(r, rel->allowed) && build_share(b, rel->a, rel->b))
        return;
    for (uint32_t d = 1; d <= r->size; d++)
        for (uint32_t e = 1; e <= r->size; e++) {
            if (rel->allowed[d] >> (e - 1) & 1u)
                continue;
            list_push(pairs, rel->a, *next * 32 + d - 1);
            list_push(pairs, rel->b, *next * 32 + e - 1);
            ++*next;
        }
}

/* The digit columns of every cell, and the customs of each. */
static bool build_columns(build *b)
{
    cover_matrix *m = b->m;
    const sk_rules *r = b->rules;
    uint32_t n = m->size, base = 1 + m->cells;
    list units = {0}, pairs = {0}, customs = {0};
    for (uint32_t h = 0; h < r->house_count; h++, base += n)
        for (uint32_t k = 0; k < r->houses[h].count; k++)
            list_push(&units, r->houses[h].cells[k], base);
    for (uint32_t g = 0; g < r->group_count; g++, base += n)
        for (uint32_t k = 0; k < r->groups[g].count; k++)
            list_push(&units, r->groups[g].cells[k], base);
    if (!list_index(&units, m->cells, &b->unit_start, &b->units))
        return false;
    for (uint32_t i = 0; i < r->relation_count; i++)
        build_forbidden(b, &r->relations[i], &pairs, &base);
    m->columns = base - 1;
    for (uint32_t i = 0; i < r->custom_count; i++)
        for (uint32_t k = 0; k < r->customs[i].count; k++)
            list_push(&customs, r->customs[i].cells[k], i);
    return list_index(&pairs, m->cells, &b->pair_start, &b->pairs) &&
           list_index(&customs, m->cells, &m->custom_start, &m->custom_index);
}

/* Room for one more row of count assignments. */
static bool build_room(build *b, uint32_t count, uint32_t nodes)
{
    cover_matrix *m = b->m;
    if (m->row_count + 1 > b->row_cap) {
        b->row_cap = b->row_cap ? 2 * b->row_cap : 1024;
        cover_row *rows = realloc(m->rows, b->row_cap * sizeof *rows);
        if (!rows)
            return false;
        m->rows = rows;
    }
    uint32_t assigned =
        m->row_count ? m->rows[m->row_count - 1].first + m->rows[m->row_count - 1].count : 0;
    while (assigned + count > b->assign_cap) {
        b->assign_cap = b->assign_cap ? 2 * b->assign_cap : 1024;
        cover_assign *assigns = realloc(m->assigns, b->assign_cap * sizeof *assigns);
        if (!assigns)
            return false;
        m->assigns = assigns;
    }
    while (m->node_count + nodes > b->node_cap) {
        b->node_cap *= 2;
        cover_node *more = realloc(m->nodes, b->node_cap * sizeof *more);
        if (!more)
            return false;
        m->nodes = more;
    }
    return true;
}

/* Append one node of row to column, linked after prev in its row. */
static void build_node(cover_matrix *m, uint32_t column, uint32_t row, uint32_t first)
{
    cover_node *n = m->nodes;
    uint32_t i = m->node_count++;
    n[i].column = column;
    n[i].row = row;
    n[i].up = n[column].up;
    n[i].down = column;
    n[n[column].up].down = i;
    n[column].up = i;
    m->column_size[column]++;
    if (i == first) {
        n[i].left = n[i].right = i;
    } else {
        n[i].left = n[first].left;
        n[i].right = first;
        n[n[first].left].right = i;
        n[first].left = i;
    }
}

/* Note column as one of the row being made; false when the row has it
 * already (its digits break a relation between its own cells). */
static bool build_column(build *b, uint32_t column)
{
    if (b->seen[column] == b->stamp)
        return false;
    if (b->row_used == b->row_cap_columns) {
        uint32_t cap = b->row_cap_columns ? 2 * b->row_cap_columns : 256;
        uint32_t *more = realloc(b->row_columns, cap * sizeof *more);
        if (!more)
            return b->failed = true, false;
        b->row_columns = more;
        b->row_cap_columns = cap;
    }
    b->seen[column] = b->stamp;
    b->row_columns[b->row_used++] = column;
    return true;
}

/* The columns of a row writing digits[k] into cells[k], k < count, into
 * b->row_columns; false when its digits break a relation among them. */
static bool build_row_columns(build *b, const uint16_t *cells, const uint8_t *digits,
                              uint32_t count)
{
    b->stamp++;
    b->row_used = 0;
    for (uint32_t k = 0; k < count; k++) {
        uint32_t c = cells[k], d = digits[k];
        if (!build_column(b, 1 + c))
            return false;
        for (uint32_t i = b->unit_start[c]; i < b->unit_start[c + 1]; i++)
            if (!build_column(b, b->units[i] + d - 1))
                return false;
        for (uint32_t i = b->pair_start[c]; i < b->pair_start[c + 1]; i++)
            if (b->pairs[i] % 32 == d - 1 && !build_column(b, b->pairs[i] / 32))
                return false;
    }
    return true;
}

/* Add a row writing digits[k] into cells[k], k < count, unless its own
 * digits break a relation. */
static void build_row(build *b, const uint16_t *cells, const uint8_t *digits, uint32_t count)
{
    cover_matrix *m = b->m;
    if (b->failed || !build_row_columns(b, cells, digits, count))
        return;
    if (!build_room(b, count, b->row_used)) {
        b->failed = true;
        return;
    }
    uint32_t row = m->row_count++, first = m->node_count;
    cover_row *r = &m->rows[row];
    r->first = row ? m->rows[row - 1].first + m->rows[row - 1].count : 0;
    r->count = count;
    r->node = first;
    for (uint32_t k = 0; k < count; k++)
        m->assigns[r->first + k] = (cover_assign){cells[k], digits[k]};
    for (uint32_t i = 0; i < b->row_used; i++)
        build_node(m, b->row_columns[i], row, first);
}

/* The headers: the root and the primary columns in one list, each
 * secondary column alone. */
static bool build_headers(build *b)
{
    cover_matrix *m = b->m;
    uint32_t primary = m->cells + m->house_count * m->size;
    b->node_cap = 2 * (m->columns + 1) + 1024;
    m->nodes = malloc(b->node_cap * sizeof *m->nodes);
    m->column_size = calloc(m->columns + 1, sizeof *m->column_size);
    if (!m->nodes || !m->column_size)
        return false;
    for (uint32_t c = 0; c <= m->columns; c++) {
        cover_node *h = &m->nodes[c];
        bool in = c <= primary;
        h->left = !in ? c : c == 0 ? primary : c - 1;
        h->right = !in ? c : c == primary ? 0 : c + 1;
        h->up = h->down = h->column = c;
        h->row = UINT32_MAX;
    }
    m->node_count = m->columns + 1;
    return true;
}

/* Every ordering of the digits of set into cells[at..count). */
static void build_orderings(build *b, const uint16_t *cells, uint32_t count, uint32_t at,
                            sk_digits set, uint8_t *digits)
{
    if (at == count) {
        build_row(b, cells, digits, count);
        return;
    }
    for (sk_digits left = set; left; left &= left - 1) {
        digits[at] = (uint8_t)(__builtin_ctz(left) + 1);
        build_orderings(b, cells, count, at + 1, set & ~(left & -left), digits);
    }
}

/* The digit sets of count digits of 1..n summing to sum, from digit from
 * on: counted into *sets and, when write is set, written as rows. A count
 * stops past COVER_CAGE_ROWS_MAX sets (more rows than a cage may have). */
static void build_sets(build *b, const sk_rules_group *g, uint32_t count, int32_t sum,
                       uint32_t from, sk_digits set, uint32_t *sets, bool write)
{
    if (count == 0) {
        if (sum == 0 && write) {
            uint8_t digits[SK_MAX_SIZE] = {0};
            build_orderings(b, g->cells, g->count, 0, set, digits);
        }
        *sets += sum == 0;
        return;
    }
    for (uint32_t d = from; d <= b->m->size && (int32_t)d <= sum; d++) {
        if (!write && *sets > COVER_CAGE_ROWS_MAX)
            return;
        /* the count-1 digits above d sum to at least (d+1)+...+(d+count-1) */
        if ((int32_t)((count - 1) * d + (count - 1) * count / 2) > sum - (int32_t)d)
            return;
        build_sets(b, g, count - 1, sum - (int32_t)d, d + 1, set | 1u << (d - 1), sets, write);
    }
}

/* Cage rows for each group with a sum whose orderings are few enough
 * and whose cells no earlier cage took; then a row per (cell, digit) of
 * every other cell. */
static void build_rows(build *b)
{
    cover_matrix *m = b->m;
    const sk_rules *r = b->rules;
    for (uint32_t g = 0; g < r->group_count; g++) {
        const sk_rules_group *group = &r->groups[g];
        uint32_t sets = 0;
        bool free_cells = group->sum != 0;
        for (uint32_t k = 0; free_cells && k < group->count; k++)
            free_cells = m->cage_of[group->cells[k]] == UINT32_MAX;
        if (!free_cells)
            continue;
        build_sets(b, group, group->count, group->sum, 1, 0, &sets, false);
        double rows = sets;
        for (uint32_t k = 2; k <= group->count; k++)
            rows *= k;
        if (rows > COVER_CAGE_ROWS_MAX)
            continue;
        for (uint32_t k = 0; k < group->count; k++)
            m->cage_of[group->cells[k]] = g;
        build_sets(b, group, group->count, group->sum, 1, 0, &sets, true);
    }
    for (uint32_t c = 0; c < m->cells; c++)
        for (uint8_t d = 1; d <= m->size && m->cage_of[c] == UINT32_MAX; d++) {
            uint16_t cell = (uint16_t)c;
            m->cell_row[c * m->size + d - 1] = m->row_count;
            build_row(b, &cell, &d, 1);
        }
}

/* The arcs of every relation that says more than "the two digits differ"
 * between two cells outside cage rows, both ways. */
static bool build_arcs(build *b)
{
    cover_matrix *m = b->m;
    const sk_rules *r = b->rules;
    uint32_t n = m->size;
    m->arcs = malloc((2 * r->relation_count + 1) * sizeof *m->arcs);
    m->arc_tables = calloc((2 * (size_t)r->relation_count + 1) * (n + 1), sizeof *m->arc_tables);
    if (!m->arcs || !m->arc_tables)
        return false;
    for (uint32_t i = 0; i < r->relation_count; i++) {
        const sk_rules_relation *rel = &r->relations[i];
        if (build_unequal(r, rel->allowed) || m->cage_of[rel->a] != UINT32_MAX ||
            m->cage_of[rel->b] != UINT32_MAX)
            continue;
        uint32_t table = m->arc_count * (n + 1);
        sk_digits *forward = m->arc_tables + table, *backward = forward + n + 1;
        for (uint32_t d = 1; d <= n; d++)
            for (uint32_t e = 1; e <= n; e++)
                if (rel->allowed[d] >> (e - 1) & 1u) {
                    forward[d] |= 1u << (e - 1);
                    backward[e] |= 1u << (d - 1);
                }
        m->arcs[m->arc_count++] = (cover_arc){rel->a, rel->b, table};
        m->arcs[m->arc_count++] = (cover_arc){rel->b, rel->a, table + n + 1};
    }
    return true;
}

/* Which sums the filter checks, cell by cell: those not written as cage
 * rows. */
static bool build_sums(build *b)
{
    cover_matrix *m = b->m;
    const sk_rules *r = b->rules;
    list sums = {0};
    for (uint32_t g = 0; g < r->group_count; g++) {
        const sk_rules_group *group = &r->groups[g];
        if (!group->sum || m->cage_of[group->cells[0]] == g)
            continue;
        for (uint32_t k = 0; k < group->count; k++)
            list_push(&sums, group->cells[k], g);
    }
    return list_index(&sums, m->cells, &m->sum_start, &m->sum_index);
}

cover_matrix *cover_matrix_build(const sk_rules *rules)
{
    cover_matrix *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    build b = {.m = m, .rules = rules};
    m->size = rules->size;
    m->cells = rules->size * rules->size;
    m->house_count = rules->house_count;
    m->relation_count = rules->relation_count;
    m->custom_count = rules->custom_count;
    m->spec = strdup(rules->spec ? rules->spec : "");
    m->cage_of = malloc(m->cells * sizeof *m->cage_of);
    m->cell_row = malloc((size_t)m->cells * m->size * sizeof *m->cell_row);
    bool ok = m->spec && m->cage_of && m->cell_row;
    if (ok) {
        memset(m->cage_of, 0xff, m->cells * sizeof *m->cage_of);
        memset(m->cell_row, 0xff, (size_t)m->cells * m->size * sizeof *m->cell_row);
    }
    ok = ok && build_columns(&b) && build_headers(&b) &&
         (b.seen = calloc(m->columns + 1, sizeof *b.seen)) != NULL;
    if (ok)
        build_rows(&b);
    ok = ok && !b.failed && build_sums(&b) && build_arcs(&b) &&
         (m->row_out = calloc(m->row_count + 1, sizeof *m->row_out)) != NULL;
    free(b.unit_start);
    free(b.units);
    free(b.pair_start);
    free(b.pairs);
    free(b.seen);
    free(b.row_columns);
    if (!ok) {
        cover_matrix_free(m);
        return NULL;
    }
    return m;
}

bool cover_matrix_fits(const cover_matrix *matrix, const sk_rules *rules)
{
    return matrix && matrix->size == rules->size && matrix->house_count == rules->house_count &&
           matrix->relation_count == rules->relation_count &&
           matrix->custom_count == rules->custom_count &&
           strcmp(matrix->spec, rules->spec ? rules->spec : "") == 0;
}

void cover_matrix_free(cover_matrix *matrix)
{
    if (!matrix)
        return;
    free(matrix->spec);
    free(matrix->nodes);
    free(matrix->column_size);
    free(matrix->rows);
    free(matrix->row_out);
    free(matrix->assigns);
    free(matrix->cell_row);
    free(matrix->sum_start);
    free(matrix->sum_index);
    free(matrix->custom_start);
    free(matrix->custom_index);
    free(matrix->cage_of);
    free(matrix->arcs);
    free(matrix->arc_tables);
    free(matrix);
}
