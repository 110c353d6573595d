/* HoDoKu's tables: one for every premise, filled with its direct consequences (and those of the
 * group nodes), then expanded into each other in HoDoKu's order, keeping its references. */
#include "hodoku_tabling.h"

#include <stdlib.h>
#include <string.h>

hodoku_tabling *hodoku_tabling_of(hodoku_state *st)
{
    if (!st->tabling)
        st->tabling = calloc(1, sizeof *st->tabling);
    return st->tabling;
}

void hodoku_table_reset(hodoku_table *t)
{
    for (int i = 0; i < t->count; i++) {
        t->where[t->key[i]] = 0;
        t->ret[i] = 0;
    }
    t->count = t->direct = 0;
    memset(t->on, 0, sizeof t->on);
    memset(t->off, 0, sizeof t->off);
}

/* HoDoKu's makeSRetIndex: five references, the largest first. */
static uint64_t hodoku_ret_make(uint64_t i1, uint64_t i2, uint64_t i3, uint64_t i4, uint64_t i5)
{
    uint64_t tmp;
    i1 = i1 > 4096 ? 0 : i1;
    i2 = i2 > 1023 ? 0 : i2;
    i3 = i3 > 1023 ? 0 : i3;
    i4 = i4 > 1023 ? 0 : i4;
    i5 = i5 > 1023 ? 0 : i5;
    if (i2 > i1)
        tmp = i2, i2 = i1, i1 = tmp;
    if (i3 > i1)
        tmp = i3, i3 = i1, i1 = tmp;
    if (i4 > i1)
        tmp = i4, i4 = i1, i1 = tmp;
    if (i5 > i1)
        tmp = i5, i5 = i1, i1 = tmp;
    return (i5 << 42) + (i4 << 32) + (i3 << 22) + (i2 << 12) + i1;
}

bool hodoku_table_add(hodoku_table *t, int key, int r1, int r2, int r3, int r4, int r5)
{
    if (t->count >= HODOKU_TABLE_LEN)
        return false;
    int cell = 0, d = 0;
    if (!hodoku_key_is_group(key)) {
        cell = key / 18;
        d = key / 2 % 9 + 1;
        const human_set *have = hodoku_key_on(key) ? t->on : t->off;
        if (human_set_has(have[d], cell))
            return false;
    }
    int i = t->count++;
    t->key[i] = (uint16_t)key;
    t->ret[i] =
        hodoku_ret_make((uint64_t)r1, (uint64_t)r2, (uint64_t)r3, (uint64_t)r4, (uint64_t)r5);
    if (r1 < HODOKU_TABLE_LEN)
        hodoku_ret_set_distance(&t->ret[i], hodoku_ret_distance(t->ret[r1]) + 1);
    if (!hodoku_key_is_group(key)) {
        human_set *have = hodoku_key_on(key) ? t->on : t->off;
        have[d] |= human_set_one(cell);
    }
    t->where[key] = (uint16_t)(i + 1);
    return true;
}

int hodoku_key_cell(const hodoku_tabling *tb, int key)
{
    if (hodoku_key_is_group(key))
        return tb->group[(key - HODOKU_CAND_KEYS) / 2].first;
    return key / 18;
}

int hodoku_key_digit(const hodoku_tabling *tb, int key)
{
    if (hodoku_key_is_group(key))
        return tb->group[(key - HODOKU_CAND_KEYS) / 2].digit;
    return key / 2 % 9 + 1;
}

human_set hodoku_key_cells(const hodoku_tabling *tb, int key)
{
    if (hodoku_key_is_group(key))
        return tb->group[(key - HODOKU_CAND_KEYS) / 2].cells;
    return human_set_one(key / 18);
}

hodoku_table *hodoku_table_of_key(hodoku_tabling *tb, int key)
{
    if (hodoku_key_is_group(key))
        return &tb->ext[(key - HODOKU_CAND_KEYS) / 2 * 2 + (hodoku_key_on(key) ? 0 : 1)];
    int cell = key / 18, d = key / 2 % 9 + 1;
    return hodoku_key_on(key) ? &tb->on[cell * 10 + d] : &tb->off[cell * 10 + d];
}

/* The direct links of candidate d in cell: "on" turns off the cell's other candidates and d
 * in the cell's units; "off" turns on the other candidate of a bivalue cell and the other
 * place of d in a unit where it has two (HoDoKu's fillTables for chains). */
static void hodoku_fill_candidate(hodoku_tabling *tb, int cell, int d)
{
    const hodoku_state *st = tb->st;
    hodoku_table *on = &tb->on[cell * 10 + d], *off = &tb->off[cell * 10 + d];
    hodoku_table_add(on, hodoku_key(cell, d, true), 0, 0, 0, 0, 0);
    hodoku_table_add(off, hodoku_key(cell, d, false), 0, 0, 0, 0, 0);
    uint16_t m = st->cand[cell];
    for (int e = 1; e <= 9; e++) {
        if (e == d || !(m & HUMAN_BIT(e)))
            continue;
        hodoku_table_add(on, hodoku_key(cell, e, false), 0, 0, 0, 0, 0);
        if (human_two_bits(m))
            hodoku_table_add(off, hodoku_key(cell, e, true), 0, 0, 0, 0, 0);
    }
    human_set others = st->holds[d] & ~human_set_one(cell);
    for (int k = 0; k < 3; k++) {
        int u = st->t->cell_units[cell][k];
        int n = st->free[u][d];
        human_set s = others & st->t->unit_set[u];
        if (n < 2 || !s)
            continue;
        for (human_set x = s; x; x &= x - 1)
            hodoku_table_add(on, hodoku_key(human_set_first(x), d, false), 0, 0, 0, 0, 0);
        if (n == 2)
            hodoku_table_add(off, hodoku_key(human_set_first(s), d, true), 0, 0, 0, 0, 0);
    }
}

/* Reset every table and fill those of the candidates with their direct links. */
static void hodoku_fill_chains(hodoku_tabling *tb)
{
    for (int c = 0; c < 81; c++)
        for (int d = 1; d <= 9; d++)
            if (tb->st->cand[c] & HUMAN_BIT(d))
                hodoku_fill_candidate(tb, c, d);
}

/* HoDoKu's group nodes: for each line, digit and box, the places of the digit in the line and
 * box when there are two or three; rows first, then columns. */
static void hodoku_collect_groups(hodoku_tabling *tb)
{
    const hodoku_state *st = tb->st;
    tb->ngroups = 0;
    for (int kind = 0; kind < 2; kind++)
        for (int line = 0; line < 9; line++)
            for (int d = 1; d <= 9; d++) {
                human_set in_line = st->holds[d] & st->t->unit_set[kind * 9 + line];
                for (int b = 0; b < 9 && in_line; b++) {
                    human_set s = in_line & st->t->unit_set[18 + b];
                    if (human_set_count(s) < 2 || tb->ngroups >= HODOKU_GROUPS_MAX)
                        continue;
                    hodoku_group *g = &tb->group[tb->ngroups++];
                    g->cells = s;
                    g->buddies = hodoku_buddies(st->t, s);
                    g->digit = (uint8_t)d;
                    g->line = (int8_t)(kind == 0 ? line : -1);
                    g->col = (int8_t)(kind == 1 ? line : -1);
                    g->block = (uint8_t)b;
                    g->first = (uint8_t)human_set_first(s);
                }
            }
}

static int hodoku_group_key(int g, bool on)
{
    return HODOKU_CAND_KEYS + 2 * g + (on ? 1 : 0);
}

/* The candidates of group node g's digit that see it: its "on" table turns them off, each of
 * their "on" tables turns it off; the only one of them in a unit of g is turned on by g's
 * "off" table, and turns g on from its "off" table. */
static void hodoku_fill_group_cells(hodoku_tabling *tb, int g)
{
    const hodoku_group *gn = &tb->group[g];
    hodoku_table *on = &tb->ext[2 * g], *off = &tb->ext[2 * g + 1];
    int d = gn->digit;
    human_set see = tb->st->holds[d] & gn->buddies;
    if (!see)
        return;
    for (human_set x = see; x; x &= x - 1) {
        int c = human_set_first(x);
        hodoku_table_add(on, hodoku_key(c, d, false), 0, 0, 0, 0, 0);
        hodoku_table_add(&tb->on[c * 10 + d], hodoku_group_key(g, false), 0, 0, 0, 0, 0);
    }
    int line_unit = gn->line >= 0 ? gn->line : 9 + gn->col;
    int units[2] = {18 + gn->block, line_unit};
    for (int k = 0; k < 2; k++) {
        human_set s = see & tb->st->t->unit_set[units[k]];
        if (human_set_count(s) != 1)
            continue;
        int c = human_set_first(s);
        hodoku_table_add(off, hodoku_key(c, d, true), 0, 0, 0, 0, 0);
        hodoku_table_add(&tb->off[c * 10 + d], hodoku_group_key(g, true), 0, 0, 0, 0, 0);
    }
}

/* The other group nodes of g's digit sharing a unit with g without overlapping: g's "on"
 * table turns them off; when a unit holds only one of them and no other place of the digit,
 * g's "off" table turns it on. */
static void hodoku_fill_group_links(hodoku_tabling *tb, int g)
{
    const hodoku_group *gn = &tb->group[g];
    hodoku_table *on = &tb->ext[2 * g], *off = &tb->ext[2 * g + 1];
    int count[3] = {0, 0, 0}, first[3] = {-1, -1, -1};
    for (int j = 0; j < tb->ngroups; j++) {
        const hodoku_group *o = &tb->group[j];
        if (j == g || o->digit != gn->digit || (o->cells & gn->cells))
            continue;
        bool shared[3] = {gn->line >= 0 && gn->line == o->line, gn->col >= 0 && gn->col == o->col,
                          gn->block == o->block};
        for (int k = 0; k < 3; k++) {
            if (!shared[k])
                continue;
            if (count[k]++ == 0)
                first[k] = j;
            hodoku_table_add(on, hodoku_group_key(j, false), 0, 0, 0, 0, 0);
        }
    }
    int units[3] = {gn->line, 9 + gn->col, 18 + gn->block};
    for (int k = 0; k < 3; k++) {
        if (count[k] != 1)
            continue;
        const hodoku_group *o = &tb->group[first[k]];
        human_set rest =
            tb->st->t->unit_set[units[k]] & tb->st->holds[gn->digit] & ~gn->cells & ~o->cells;
        if (!rest)
            hodoku_table_add(off, hodoku_group_key(first[k], true), 0, 0, 0, 0, 0);
    }
}

/* HoDoKu's fillTablesWithGroupNodes. */
static void hodoku_fill_groups(hodoku_tabling *tb)
{
    hodoku_collect_groups(tb);
    for (int g = 0; g < tb->ngroups; g++) {
        hodoku_table_add(&tb->ext[2 * g], hodoku_group_key(g, true), 0, 0, 0, 0, 0);
        hodoku_table_add(&tb->ext[2 * g + 1], hodoku_group_key(g, false), 0, 0, 0, 0, 0);
        hodoku_fill_group_cells(tb, g);
        hodoku_fill_group_links(tb, g);
    }
}

/* Take into dest, whose entry j is the premise of src (the table at src_index, of the kind
 * flag), every direct entry of src not yet in dest, or a shorter path to one taken before. */
static void hodoku_expand_from(hodoku_table *dest, int j, const hodoku_table *src, int src_index,
                               uint64_t flag)
{
    int base = hodoku_ret_distance(dest->ret[j]);
    /* A table's direct entries come before those it took from others. */
    for (int k = 1; k < src->direct; k++) {
        if (src->ret[k] & HODOKU_RET_EXPANDED)
            continue;
        int distance = base + hodoku_ret_distance(src->ret[k]);
        int key = src->key[k];
        int at = dest->where[key] - 1;
        if (at >= 0) {
            uint64_t *r = &dest->ret[at];
            if ((*r & HODOKU_RET_EXPANDED) && hodoku_ret_distance(*r) > distance) {
                *r = hodoku_ret_make((uint64_t)src_index, 0, 0, 0, 0) | HODOKU_RET_EXPANDED | flag;
                hodoku_ret_set_distance(r, distance);
            }
            continue;
        }
        hodoku_table_add(dest, key, src_index, 0, 0, 0, 0);
        /* As HoDoKu: a full table marks its last entry. */
        uint64_t *r = &dest->ret[dest->count - 1];
        *r |= HODOKU_RET_EXPANDED | flag;
        hodoku_ret_set_distance(r, distance);
    }
}

/* HoDoKu's expandTables: every entry of every table brings in the direct entries of its own
 * table, until no entry is left or the table is full. */
static void hodoku_expand(hodoku_tabling *tb, hodoku_table *tables)
{
    for (int i = 0; i < 810; i++) {
        hodoku_table *dest = &tables[i];
        for (int j = 1; j < dest->count && dest->count < HODOKU_TABLE_LEN; j++) {
            int key = dest->key[j];
            const hodoku_table *src = hodoku_table_of_key(tb, key);
            if (src->count == 0)
                continue;
            bool group = hodoku_key_is_group(key);
            int src_index = group ? (int)(src - tb->ext)
                                  : hodoku_key_cell(tb, key) * 10 + hodoku_key_digit(tb, key);
            uint64_t flag = group                ? HODOKU_RET_EXTENDED
                            : hodoku_key_on(key) ? HODOKU_RET_ON_TABLE
                                                 : 0;
            hodoku_expand_from(dest, j, src, src_index, flag);
        }
    }
}

void hodoku_tables_build(hodoku_tabling *tb, const hodoku_state *st, bool nets, bool groups)
{
    tb->st = st;
    tb->nets = nets;
    for (int i = 0; i < 810; i++) {
        hodoku_table_reset(&tb->on[i]);
        hodoku_table_reset(&tb->off[i]);
    }
    for (int i = 0; i < 2 * tb->ngroups; i++)
        hodoku_table_reset(&tb->ext[i]);
    tb->ngroups = 0;
    if (nets)
        hodoku_tables_fill_nets(tb);
    else
        hodoku_fill_chains(tb);
    if (groups)
        hodoku_fill_groups(tb);
    for (int i = 0; i < 810; i++) {
        tb->on[i].direct = tb->on[i].count;
        tb->off[i].direct = tb->off[i].count;
    }
    for (int i = 0; i < 2 * tb->ngroups; i++)
        tb->ext[i].direct = tb->ext[i].count;
    hodoku_expand(tb, tb->on);
    hodoku_expand(tb, tb->off);
}
