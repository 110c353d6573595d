/* Forcing chains and forcing nets of the HoDoKu technique set: contradictions and verities read
 * from HoDoKu's tables (one premise, both truths of a candidate, every candidate of a cell or
 * place of a digit in a unit), each kept with its shortest chains, the first in HoDoKu's order
 * taken. */
#include "hodoku_tabling.h"

#include <stdio.h>
#include <string.h>

/* Where a conclusion comes from: a contradiction in a cell or a unit, or the premises of a
 * verity (both truths of a candidate, the candidates of a cell, the places of a digit in a
 * unit). */
enum { HODOKU_IN_CELL, HODOKU_IN_UNIT, HODOKU_FROM_BOTH, HODOKU_FROM_CELL, HODOKU_FROM_UNIT };
typedef struct hodoku_why {
    int kind;
    int cell, digit, unit;
} hodoku_why;

/* A conclusion: a contradiction or a verity, placing or removing digit in cell. */
typedef struct hodoku_result {
    bool verity, place;
    int cell, digit;
    int length; /* of all its chains */
    int order;  /* when it was first found */
    hodoku_why why;
} hodoku_result;

typedef struct hodoku_forcing {
    hodoku_tabling *tb;
    const hodoku_state *st;
    bool nets;
    human_step *best;
    bool found;
    hodoku_result best_result;
    int found_count;
    int length[2 * 2 * 729]; /* shortest chains so far of each conclusion, 0: none */
    int order[2 * 2 * 729];
} hodoku_forcing;

/* HoDoKu's TablingComparator: placements first, then by cell (and candidate), then by the
 * length of the chains. Equal cells of different kinds compare as "after", as HoDoKu's do. */
static int hodoku_result_compare(const hodoku_result *a, const hodoku_result *b)
{
    if (a->place != b->place)
        return a->place ? -1 : 1;
    if (a->place) {
        if (a->verity != b->verity || a->cell != b->cell)
            return a->cell == b->cell ? 1 : a->cell - b->cell;
    } else if (a->verity != b->verity || a->cell != b->cell || a->digit != b->digit) {
        int r = (a->cell * 10 + a->digit) - (b->cell * 10 + b->digit);
        if (r != 0)
            return r;
    }
    return a->length - b->length;
}

/* The step of technique for result r with the chains of the tables. */
static void hodoku_forcing_step(hodoku_forcing *h, const hodoku_result *r)
{
    human_step *step = h->best;
    human_technique_id id = h->nets ? (r->verity ? HUMAN_T_HODOKU_FORCING_NET_VERITY
                                                 : HUMAN_T_HODOKU_FORCING_NET_CONTRADICTION)
                                    : (r->verity ? HUMAN_T_HODOKU_FORCING_CHAIN_VERITY
                                                 : HUMAN_T_HODOKU_FORCING_CHAIN_CONTRADICTION);
    human_step_begin(step, id, 0);
    step->nested = true;
    if (r->place) {
        step->place = true;
        step->placed = (sk_candidate){(uint8_t)r->cell, (uint8_t)r->digit};
    } else {
        human_step_elim(step, r->cell, r->digit);
    }
    human_step_cell(step, r->cell);
    hodoku_chains_to_step(h->tb, step);
}

/* HoDoKu's replaceOrCopyStep with the chains just built: a net search keeps nets only; a
 * conclusion is kept with its shortest chains; the best in HoDoKu's order becomes the step. */
static void hodoku_forcing_result(hodoku_forcing *h, bool verity, bool place, int cell, int digit,
                                  hodoku_why why)
{
    const hodoku_tabling *tb = h->tb;
    bool net = false;
    int length = 0;
    for (int i = 0; i < tb->nchains; i++) {
        length += hodoku_chain_length(&tb->chains[i]);
        for (int k = 0; k < tb->chains[i].len && !net; k++)
            net = tb->chains[i].el[k] < 0;
    }
    if (h->nets && !net)
        return;
    int id = (((verity ? 2 : 0) + (place ? 1 : 0)) * 81 + cell) * 9 + digit - 1;
    if (h->length[id] && h->length[id] <= length)
        return;
    if (!h->length[id])
        h->order[id] = h->found_count++;
    h->length[id] = length;
    hodoku_result r = {verity, place, cell, digit, length, h->order[id], why};
    if (h->found) {
        int c = hodoku_result_compare(&r, &h->best_result);
        if (c > 0 || (c == 0 && r.order >= h->best_result.order))
            return;
    }
    h->best_result = r;
    h->found = true;
    hodoku_forcing_step(h, &r);
}

/* A contradiction of table t's premise (in a cell, or in unit when unit >= 0): false when it
 * was "on", true when "off". */
static void hodoku_forcing_contradiction(hodoku_forcing *h, const hodoku_table *t, int cell,
                                         int unit)
{
    int key = t->key[0];
    hodoku_why why = {unit >= 0 ? HODOKU_IN_UNIT : HODOKU_IN_CELL, cell, 0, unit};
    hodoku_forcing_result(h, false, !hodoku_key_on(key), hodoku_key_cell(h->tb, key),
                          hodoku_key_digit(h->tb, key), why);
}

/* Add to the chains of a conclusion one from t's premise to candidate d in cell (true or
 * false). */
static bool hodoku_forcing_add(hodoku_forcing *h, const hodoku_table *t, int cell, int d, bool on)
{
    return hodoku_chain_add(h->tb, t, hodoku_key(cell, d, on), false, false);
}

/* HoDoKu's checkHouseSet for table t: a digit true twice in a unit. */
static void hodoku_forcing_twice(hodoku_forcing *h, const hodoku_table *t)
{
    const human_tables *tt = h->st->t;
    for (int kind = 0; kind < 3; kind++)
        for (int d = 1; d <= 9; d++)
            for (int u = kind * 9; u < kind * 9 + 9; u++) {
                human_set s = tt->unit_set[u] & t->on[d];
                if (human_set_count(s) < 2)
                    continue;
                h->tb->nchains = 0;
                for (; s; s &= s - 1)
                    hodoku_forcing_add(h, t, human_set_first(s), d, true);
                hodoku_forcing_contradiction(h, t, -1, u);
            }
}

/* HoDoKu's checkHouseDel for table t: a digit false in every place the placed digits leave it
 * in a unit. */
static void hodoku_forcing_unit_empty(hodoku_forcing *h, const hodoku_table *t)
{
    const human_tables *tt = h->st->t;
    for (int kind = 0; kind < 3; kind++)
        for (int d = 1; d <= 9; d++) {
            human_set allowed = hodoku_allowed(h->st, d);
            for (int u = kind * 9; u < kind * 9 + 9; u++) {
                human_set s = tt->unit_set[u] & allowed;
                if (!s || (s & t->off[d]) != s)
                    continue;
                h->tb->nchains = 0;
                for (; s; s &= s - 1)
                    hodoku_forcing_add(h, t, human_set_first(s), d, false);
                hodoku_forcing_contradiction(h, t, -1, u);
            }
        }
}

/* HoDoKu's check for a cell left without candidates by table t. */
static void hodoku_forcing_empty_cells(hodoku_forcing *h, const hodoku_table *t)
{
    const hodoku_state *st = h->st;
    human_set empty = ((human_set)1 << 81) - 1;
    for (int d = 1; d <= 9; d++)
        empty &= t->off[d] | ~st->holds[d];
    for (int d = 0; d < 10; d++)
        empty &= ~t->on[d];
    for (int c = 0; c < 81; c++)
        if (st->value[c])
            empty &= ~human_set_one(c);
    for (human_set s = empty; s; s &= s - 1) {
        int cell = human_set_first(s);
        h->tb->nchains = 0;
        for (int d = 1; d <= 9; d++)
            if (st->cand[cell] & HUMAN_BIT(d))
                hodoku_forcing_add(h, t, cell, d, false);
        hodoku_forcing_contradiction(h, t, cell, -1);
    }
}

/* HoDoKu's checkOneChain: table t's premise leads to its opposite, to a candidate both true and
 * false, to two digits in a cell, to a digit twice in a unit, to a cell or unit left empty. */
static void hodoku_forcing_one(hodoku_forcing *h, const hodoku_table *t)
{
    if (t->count == 0)
        return;
    int key = t->key[0], cell = hodoku_key_cell(h->tb, key), d = hodoku_key_digit(h->tb, key);
    bool on = hodoku_key_on(key);
    if (human_set_has(on ? t->off[d] : t->on[d], cell)) {
        h->tb->nchains = 0;
        hodoku_forcing_add(h, t, cell, d, !on);
        hodoku_forcing_contradiction(h, t, cell, -1);
    }
    for (int e = 1; e <= 9; e++) {
        human_set s = t->on[e] & t->off[e];
        if (!s)
            continue;
        h->tb->nchains = 0;
        hodoku_forcing_add(h, t, human_set_first(s), e, false);
        hodoku_forcing_add(h, t, human_set_first(s), e, true);
        hodoku_forcing_contradiction(h, t, human_set_first(s), -1);
    }
    for (int e = 1; e <= 9; e++)
        for (int f = e + 1; f <= 9; f++) {
            human_set s = t->on[e] & t->on[f];
            if (!s)
                continue;
            h->tb->nchains = 0;
            hodoku_forcing_add(h, t, human_set_first(s), e, true);
            hodoku_forcing_add(h, t, human_set_first(s), f, true);
            hodoku_forcing_contradiction(h, t, human_set_first(s), -1);
        }
    hodoku_forcing_twice(h, t);
    hodoku_forcing_empty_cells(h, t);
    hodoku_forcing_unit_empty(h, t);
}

/* HoDoKu's checkTwoChains: both truths of a candidate lead to the same conclusion. */
static void hodoku_forcing_two(hodoku_forcing *h, const hodoku_table *on, const hodoku_table *off)
{
    if (on->count == 0 || off->count == 0)
        return;
    int pcell = hodoku_key_cell(h->tb, on->key[0]);
    human_set premise = human_set_one(pcell);
    hodoku_why why = {HODOKU_FROM_BOTH, pcell, hodoku_key_digit(h->tb, on->key[0]), -1};
    for (int pass = 0; pass < 2; pass++)
        for (int d = 1; d <= 9; d++) {
            human_set s = pass == 0 ? on->on[d] & off->on[d] : on->off[d] & off->off[d];
            for (s &= ~premise; s; s &= s - 1) {
                int cell = human_set_first(s);
                h->tb->nchains = 0;
                hodoku_forcing_add(h, on, cell, d, pass == 0);
                hodoku_forcing_add(h, off, cell, d, pass == 0);
                hodoku_forcing_result(h, true, pass == 0, cell, d, why);
            }
        }
}

/* HoDoKu's checkEntryList: every one of the count premises of tables leads to the same
 * conclusion. */
static void hodoku_forcing_all(hodoku_forcing *h, const hodoku_table *const *tables, int count,
                               hodoku_why why)
{
    for (int d = 1; d <= 9; d++) {
        human_set on = tables[0]->on[d], off = tables[0]->off[d];
        for (int i = 1; i < count; i++) {
            on &= tables[i]->on[d];
            off &= tables[i]->off[d];
        }
        for (int pass = 0; pass < 2; pass++)
            for (human_set s = pass == 0 ? on : off; s; s &= s - 1) {
                int cell = human_set_first(s);
                h->tb->nchains = 0;
                for (int i = 0; i < count; i++)
                    hodoku_forcing_add(h, tables[i], cell, d, pass == 0);
                hodoku_forcing_result(h, true, pass == 0, cell, d, why);
            }
    }
}

/* HoDoKu's checkAllChainsForHouse: every candidate of a cell, then every place of a digit in a
 * row, a column, a box. */
static void hodoku_forcing_groups(hodoku_forcing *h)
{
    const hodoku_state *st = h->st;
    const hodoku_table *tables[9];
    for (int c = 0; c < 81; c++) {
        if (st->value[c])
            continue;
        int n = 0;
        for (int d = 1; d <= 9; d++)
            if (st->cand[c] & HUMAN_BIT(d))
                tables[n++] = &h->tb->on[c * 10 + d];
        hodoku_why why = {HODOKU_FROM_CELL, c, 0, -1};
        if (n)
            hodoku_forcing_all(h, tables, n, why);
    }
    for (int u = 0; u < 27; u++)
        for (int d = 1; d <= 9; d++) {
            int n = 0;
            for (human_set s = st->t->unit_set[u] & st->holds[d]; s && n < 9; s &= s - 1)
                tables[n++] = &h->tb->on[human_set_first(s) * 10 + d];
            hodoku_why why = {HODOKU_FROM_UNIT, -1, d, u};
            if (n)
                hodoku_forcing_all(h, tables, n, why);
        }
}

/* Explain the step: its conclusion and where it comes from (the chains are its notation). */
static void hodoku_forcing_explain(human_step *step, const hodoku_result *r)
{
    char conclusion[48], where[16], premise[48];
    snprintf(conclusion, sizeof conclusion, "r%dc%d%s%d", r->cell / 9 + 1, r->cell % 9 + 1,
             r->place ? "=" : "<>", r->digit);
    const hodoku_why *w = &r->why;
    if (w->kind == HODOKU_IN_UNIT || w->kind == HODOKU_FROM_UNIT)
        human_unit_name(w->unit, where);
    else
        human_cell_name(w->cell, where);
    if (!r->verity) {
        snprintf(premise, sizeof premise, "r%dc%d%s%d", r->cell / 9 + 1, r->cell % 9 + 1,
                 r->place ? "<>" : "=", r->digit);
        human_step_explain(step, 0, conclusion, premise, where, step->chain_count);
    } else if (w->kind == HODOKU_FROM_BOTH) {
        human_step_explain(step, 0, conclusion, where, w->digit, where, w->digit);
    } else if (w->kind == HODOKU_FROM_CELL) {
        human_step_explain(step, 1, conclusion, where);
    } else {
        human_step_explain(step, 2, conclusion, w->digit, where);
    }
}

/* HoDoKu's forcing chains (nets false) or nets: the first conclusion in its order. */
static bool hodoku_forcing_find(hodoku_state *st, human_step *step, bool nets)
{
    hodoku_tabling *tb = hodoku_tabling_of(st);
    if (!tb)
        return false;
    hodoku_forcing h = {.tb = tb, .st = st, .nets = nets, .best = step};
    hodoku_tables_build(tb, st, nets, true);
    for (int i = 0; i < 810; i++) {
        hodoku_forcing_one(&h, &tb->on[i]);
        hodoku_forcing_one(&h, &tb->off[i]);
    }
    for (int i = 0; i < 810; i++)
        hodoku_forcing_two(&h, &tb->on[i], &tb->off[i]);
    hodoku_forcing_groups(&h);
    if (h.found)
        hodoku_forcing_explain(step, &h.best_result);
    return h.found;
}

bool hodoku_forcing_chain(hodoku_state *st, human_step *step)
{
    return hodoku_forcing_find(st, step, false);
}

bool hodoku_forcing_net(hodoku_state *st, human_step *step)
{
    return hodoku_forcing_find(st, step, true);
}
