/* The tables of HoDoKu's forcing nets: every premise made on a copy of the grid and followed by
 * four rounds of the naked and hidden singles it leaves, each entry keeping the entries that
 * made it (HoDoKu's getTableEntry and setCell). */
#include "hodoku_tabling.h"

/* The unit of cell (row, then column, then box on strictly fewer) with the fewest places of d
 * on grid w. */
static int hodoku_net_unit(const hodoku_state *w, int cell, int d)
{
    const uint8_t *units = w->t->cell_units[cell];
    int unit = units[0];
    for (int k = 1; k < 3; k++)
        if (w->free[units[k]][d] < w->free[unit][d])
            unit = units[k];
    return unit;
}

/* The entries whose removal made d in cell a single (at most five): the other candidates of
 * the cell (naked) or the other places of d in its unit with the fewest places (hidden). */
static void hodoku_net_refs(const hodoku_tabling *tb, const hodoku_table *t, int cell, int d,
                            int unit, bool naked, int refs[5])
{
    const hodoku_state *st = tb->st;
    int n = 0;
    if (naked) {
        for (int e = 1; e <= 9 && n < 5; e++)
            if (e != d && (st->cand[cell] & HUMAN_BIT(e)))
                refs[n++] = hodoku_table_index(t, hodoku_key(cell, e, false));
        return;
    }
    human_set others = st->holds[d] & st->t->unit_set[unit] & ~human_set_one(cell);
    for (human_set s = others; s && n < 5; s &= s - 1)
        refs[n++] = hodoku_table_index(t, hodoku_key(human_set_first(s), d, false));
}

/* Place d in cell on the net's grid and record it in t: the "on" entry (following the entries
 * that made it a single when refs), then the "off" entries of d in the cell's peers and of the
 * cell's other candidates. */
static void hodoku_net_set(hodoku_tabling *tb, hodoku_table *t, int cell, int d, bool refs,
                           bool naked)
{
    hodoku_state *w = &tb->net;
    human_set peers = tb->st->holds[d] & w->t->peers[cell];
    uint16_t cands = w->cand[cell];
    int unit = hodoku_net_unit(w, cell, d);
    hodoku_place(w, cell, d);
    int at = t->count;
    int r[5] = {0, 0, 0, 0, 0};
    if (refs)
        hodoku_net_refs(tb, t, cell, d, unit, naked, r);
    hodoku_table_add(t, hodoku_key(cell, d, true), r[0], r[1], r[2], r[3], r[4]);
    for (human_set s = peers; s; s &= s - 1)
        hodoku_table_add(t, hodoku_key(human_set_first(s), d, false), at, 0, 0, 0, 0);
    for (int e = 1; e <= 9; e++)
        if (e != d && (cands & HUMAN_BIT(e)))
            hodoku_table_add(t, hodoku_key(cell, e, false), at, 0, 0, 0, 0);
}

/* The singles of the net's grid, as HoDoKu lists them: naked singles from their queue, then
 * hidden singles from theirs (a cell once). Returns their count. */
static int hodoku_net_singles(const hodoku_state *w, uint8_t cell[243], uint8_t digit[243],
                              bool naked[243])
{
    int n = 0;
    for (int i = w->naked.get; i < w->naked.put; i++) {
        if (w->value[w->naked.cell[i]])
            continue;
        cell[n] = w->naked.cell[i];
        digit[n] = w->naked.digit[i];
        naked[n++] = true;
    }
    human_set found = 0;
    for (int i = w->hidden.get; i < w->hidden.put && n < 243; i++) {
        int c = w->hidden.cell[i], d = w->hidden.digit[i];
        if (w->value[c] || human_set_has(found, c))
            continue;
        for (int k = 0; k < 3; k++) {
            if (w->free[w->t->cell_units[c][k]][d] != 1)
                continue;
            cell[n] = (uint8_t)c;
            digit[n] = (uint8_t)d;
            naked[n++] = false;
            found |= human_set_one(c);
            break;
        }
    }
    return n;
}

/* HoDoKu's getTableEntry: the premise d in cell set (or removed) on a copy of the grid, then
 * four rounds of singles, each entry recorded in t. */
static void hodoku_net_follow(hodoku_tabling *tb, hodoku_table *t, int cell, int d, bool set)
{
    hodoku_state *w = &tb->net;
    *w = *tb->st;
    if (set) {
        hodoku_net_set(tb, t, cell, d, false, false);
    } else {
        hodoku_remove(w, cell, d);
        hodoku_table_add(t, hodoku_key(cell, d, false), 0, 0, 0, 0, 0);
        if (human_one_bit(w->cand[cell]))
            hodoku_net_set(tb, t, cell, human_first_digit(w->cand[cell]), false, true);
    }
    for (int round = 0; round < HODOKU_NET_ROUNDS; round++) {
        uint8_t cells[243], digits[243];
        bool naked[243];
        int n = hodoku_net_singles(w, cells, digits, naked);
        for (int i = 0; i < n; i++)
            hodoku_net_set(tb, t, cells[i], digits[i], true, naked[i]);
    }
}

void hodoku_tables_fill_nets(hodoku_tabling *tb)
{
    const hodoku_state *st = tb->st;
    for (int c = 0; c < 81; c++)
        for (int d = 1; d <= 9; d++) {
            if (!(st->cand[c] & HUMAN_BIT(d)))
                continue;
            hodoku_net_follow(tb, &tb->on[c * 10 + d], c, d, true);
            hodoku_net_follow(tb, &tb->off[c * 10 + d], c, d, false);
        }
}
