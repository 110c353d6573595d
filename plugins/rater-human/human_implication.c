/* Implication branches of the human rater: one assumption propagated as SE's doChaining. */
#include "human_chaining.h"

#include <stdio.h>
#include <string.h>

void human_fact_name(int f, char *buf)
{
    char cell[8];
    human_cell_name(human_fact_cell(f), cell);
    snprintf(buf, 12, "%s%s%d", cell, human_fact_on(f) ? "=" : "<>", human_fact_digit(f));
}

/* Store fact f's data at list index i. */
static inline void human_branch_store(human_branch *b, int i, int f, const uint16_t *parents,
                                      int count, int cause)
{
    b->list[i] = (uint16_t)f;
    b->pstart[i] = b->pool_used;
    b->pcount[i] = (uint16_t)count;
    b->cause[i] = (uint8_t)cause;
    for (int p = 0; p < count; p++) /* at most 10: no call for so few */
        b->pool[b->pool_used + (uint32_t)p] = parents[p];
    b->pool_used += (uint32_t)count;
}

/* Record fact f, derived from parents for cause, and queue it. As SE, a
 * fact whose opposite was derived ends the branch with a contradiction,
 * without joining the facts derived; one known already is dropped. */
static inline void human_branch_derive(human_branch *b, int f, const uint16_t *parents, int count,
                                       int cause)
{
    if (b->contradiction)
        return;
    if (human_branch_has(b, f ^ 1)) {
        human_branch_store(b, b->nlist, f, parents, count, cause);
        b->slot[f] = (uint16_t)b->nlist;
        b->contradiction = true;
        b->conflict_on = (uint16_t)(human_fact_on(f) ? f : f ^ 1);
        b->conflict_off = (uint16_t)(human_fact_on(f) ? f ^ 1 : f);
        return;
    }
    if (human_branch_has(b, f))
        return;
    human_branch_store(b, b->nlist, f, parents, count, cause);
    b->slot[f] = (uint16_t)b->nlist++;
    b->bits[f >> 6] |= 1ull << (f & 63);
}

bool human_branch_add_rule_fact(human_branch *b, int f, uint32_t pstart, uint16_t pcount,
                                uint32_t nest_cx, uint64_t nest_sig)
{
    /* As SE, a rule's removal joins unless it is known: no check of its
     * opposite here (the chain meets that later, if at all). */
    if (human_branch_has(b, f))
        return false;
    int i = b->nlist++;
    b->list[i] = (uint16_t)f;
    b->pstart[i] = pstart;
    b->pcount[i] = pcount;
    b->cause[i] = HUMAN_CAUSE_RULE;
    b->nest_cx[i] = nest_cx;
    b->nest_sig[i] = nest_sig;
    b->slot[f] = (uint16_t)i;
    b->bits[f >> 6] |= 1ull << (f & 63);
    return true;
}

/* Follow an "on" fact: the cell's other candidates (not in nishio) and the
 * digit in its peers go off, in SE's order: the box, then the row and the
 * column outside the box, each in unit order (the places of the digit in
 * the branch are b->pos). */
static void human_branch_on(human_branch *b, int f)
{
    const human_tables *t = b->st->t;
    int cell = human_fact_cell(f), d = human_fact_digit(f);
    uint16_t me = (uint16_t)f;
    if (!b->engine.nishio)
        for (uint16_t m = b->cand[cell] & (uint16_t)~HUMAN_BIT(d); m; m &= (uint16_t)(m - 1))
            human_branch_derive(b, human_fact(cell, __builtin_ctz(m) + 1, false), &me, 1,
                                HUMAN_CAUSE_CELL);
    for (int k = 2; k < 5; k++) {
        int u = t->cell_units[cell][k % 3];
        /* The box leaves out the cell; a line leaves out its three box cells. */
        int at = t->cell_index[cell][k % 3];
        uint16_t skip = k == 2 ? (uint16_t)(1u << at) : (uint16_t)(7u << (at / 3 * 3));
        for (uint16_t m = b->pos[u][d - 1] & (uint16_t)~skip; m; m &= (uint16_t)(m - 1))
            human_branch_derive(b, human_fact(t->unit_cells[u][__builtin_ctz(m)], d, false), &me, 1,
                                u);
    }
}

/* Follow an "off" fact: a cell left with one other candidate (not in
 * nishio) and a unit left with one other place for the digit give "on"
 * facts, read from the grid before the candidate goes; their parents are
 * the fact and the candidates the branch had removed there. Then, in the
 * dynamic engines, the candidate goes. */
static void human_branch_off(human_branch *b, int f)
{
    const human_tables *t = b->st->t;
    const uint16_t *orig = b->st->cand;
    int cell = human_fact_cell(f), d = human_fact_digit(f);
    int ons[4], causes[4], non = 0;
    uint16_t parents[4][10];
    int nparents[4];
    uint16_t rest = b->cand[cell] & (uint16_t)~HUMAN_BIT(d);
    if (!b->engine.nishio && human_two_bits(b->cand[cell])) {
        int n = 0;
        parents[non][n++] = (uint16_t)f;
        for (uint16_t o = orig[cell] & (uint16_t)~b->cand[cell]; o; o &= (uint16_t)(o - 1))
            parents[non][n++] = (uint16_t)human_fact(cell, __builtin_ctz(o) + 1, false);
        nparents[non] = n;
        causes[non] = HUMAN_CAUSE_CELL;
        ons[non++] = human_fact(cell, human_first_digit(rest), true);
    }
    /* The cell's units in SE's order: box, row, column. */
    const uint8_t *cu = t->cell_units[cell], *ci = t->cell_index[cell];
    const int units[3] = {cu[2], cu[0], cu[1]};
    const uint16_t mine[3] = {(uint16_t)(1u << ci[2]), (uint16_t)(1u << ci[0]),
                              (uint16_t)(1u << ci[1])};
    for (int k = 0; k < 3; k++) {
        int u = units[k];
        uint16_t here = b->pos[u][d - 1], others = here & (uint16_t)~mine[k];
        if (!(here & mine[k]) || !human_one_bit(others))
            continue;
        int n = 0;
        parents[non][n++] = (uint16_t)f;
        for (uint16_t r = b->orig_pos[u][d - 1] & (uint16_t)~here; r; r &= (uint16_t)(r - 1))
            parents[non][n++] = (uint16_t)human_fact(t->unit_cells[u][__builtin_ctz(r)], d, false);
        nparents[non] = n;
        causes[non] = u;
        ons[non++] = human_fact(t->unit_cells[u][__builtin_ctz(others)], d, true);
    }
    if (b->engine.dynamic) {
        b->cand[cell] &= (uint16_t)~HUMAN_BIT(d);
        for (int k = 0; k < 3; k++)
            b->pos[units[k]][d - 1] &= (uint16_t)~mine[k];
        b->undo[b->nundo++] = (uint16_t)f;
    }
    for (int i = 0; i < non; i++)
        human_branch_derive(b, ons[i], parents[i], nparents[i], causes[i]);
}

void human_branch_prepare(human_branch *b, const human_state *st, const uint16_t (*places)[9],
                          human_budget *budget, human_depth *rules)
{
    b->st = st;
    b->budget = budget;
    b->rules = rules;
    b->orig_pos = places;
    memcpy(b->cand, st->cand, sizeof b->cand);
    memcpy(b->pos, places, sizeof b->pos);
    b->nundo = 0;
    b->unfold = NULL;
}

/* Put back the candidates the last run removed from the grid. */
static void human_branch_undo(human_branch *b)
{
    const human_tables *t = b->st->t;
    for (int i = 0; i < b->nundo; i++) {
        int cell = human_fact_cell(b->undo[i]), d = human_fact_digit(b->undo[i]);
        b->cand[cell] |= HUMAN_BIT(d);
        for (int k = 0; k < 3; k++)
            b->pos[t->cell_units[cell][k]][d - 1] |= (uint16_t)(1u << t->cell_index[cell][k]);
    }
    b->nundo = 0;
}

/* The next fact of the list to follow: an "on" one first, as SE; -1 when
 * both queues are empty. */
static int human_branch_next(human_branch *b)
{
    while (b->on_next < b->nlist && !human_fact_on(b->list[b->on_next]))
        b->on_next++;
    if (b->on_next < b->nlist)
        return b->list[b->on_next++];
    while (b->off_next < b->nlist && human_fact_on(b->list[b->off_next]))
        b->off_next++;
    if (b->off_next < b->nlist)
        return b->list[b->off_next++];
    return -1;
}

void human_branch_run(human_branch *b, const human_chaining *engine, int start)
{
    b->engine = *engine;
    human_branch_undo(b);
    memset(b->bits, 0, sizeof b->bits);
    b->pool_used = 0;
    b->nlist = b->on_next = b->off_next = 0;
    b->contradiction = false;
    human_branch_derive(b, start, NULL, 0, HUMAN_CAUSE_NONE);
    /* One chain step per fact followed (and per stall), counted in the
     * budget before the rules run and at the end: a branch run past an
     * exhausted budget is left unused, as every result found then. */
    uint64_t steps = 0;
    while (!b->contradiction) {
        steps++;
        int f = human_branch_next(b);
        if (f >= 0) {
            if (human_fact_on(f))
                human_branch_on(b, f);
            else
                human_branch_off(b, f);
            continue;
        }
        if (engine->level == 0)
            break;
        bool over = human_budget_spend(b->budget, steps);
        steps = 0;
        if (over || !human_rules_apply(b, engine->level))
            break;
    }
    human_budget_spend(b->budget, steps);
}

void human_branch_path(const human_branch *b, int f, char *buf, size_t len)
{
    uint16_t path[64];
    int n = 0;
    while (n < 64) {
        path[n++] = (uint16_t)f;
        int i = b->slot[f];
        if (b->pcount[i] == 0)
            break;
        f = b->pool[b->pstart[i]];
    }
    size_t used = 0;
    buf[0] = '\0';
    for (int i = n - 1; i >= 0; i--) {
        char name[12];
        human_fact_name(path[i], name);
        if (used + 20 >= len) {
            snprintf(buf + used, len - used, " -> ...");
            return;
        }
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i == n - 1 ? "" : " -> ", name);
    }
}

/* ---------------------------------------------------------------- walks */

void human_walk_begin(human_walk *w, bool reads)
{
    w->reads = reads;
    w->flat = w->nested = w->nnests = 0;
    w->signature = 1469598103934665603ull;
    memset(w->read, 0, sizeof w->read);
}

void human_walk_cause(human_walk *w, const human_tables *t, int cell, int d, int cause)
{
    if (cause == HUMAN_CAUSE_CELL) {
        for (int k = cell * 9; k < cell * 9 + 9; k++)
            w->read[k >> 6] |= 1ull << (k & 63);
        return;
    }
    for (int i = 0; i < 9; i++) {
        int k = t->unit_cells[cause][i] * 9 + d - 1;
        w->read[k >> 6] |= 1ull << (k & 63);
    }
}

/* Count an inner chain once per hint (SE's FullChain set). */
static void human_walk_nest(human_walk *w, uint32_t cx, uint64_t sig)
{
    for (int i = 0; i < w->nnests; i++)
        if (w->nests[i] == sig)
            return;
    if (w->nnests < HUMAN_WALK_NESTS)
        w->nests[w->nnests++] = sig;
    w->nested += (int)cx;
}

void human_walk_add(human_walk *w, const human_branch *b, int target, int start_cause)
{
    if (++w->stamp == 0) {
        memset(w->seen, 0, sizeof w->seen);
        w->stamp = 1;
    }
    /* Breadth first from the target, as SE's getChain, so that the
     * signature follows SE's order of the chain's facts (a fact marked
     * when queued comes out where SE first meets it). */
    int head = 0, tail = 0;
    w->queue[tail++] = (uint16_t)target;
    w->seen[target] = w->stamp;
    while (head < tail) {
        int f = w->queue[head++];
        int i = b->slot[f];
        w->flat++;
        w->signature = (w->signature ^ (uint64_t)(f + 1)) * 1099511628211ull;
        if (b->cause[i] == HUMAN_CAUSE_RULE && b->nest_cx[i])
            human_walk_nest(w, b->nest_cx[i], b->nest_sig[i]);
        int cause = b->cause[i] == HUMAN_CAUSE_NONE ? start_cause : b->cause[i];
        if (w->reads && human_fact_on(f) && cause <= HUMAN_CAUSE_CELL)
            human_walk_cause(w, b->st->t, human_fact_cell(f), human_fact_digit(f), cause);
        for (uint32_t p = 0; p < b->pcount[i]; p++) {
            int q = b->pool[b->pstart[i] + p];
            if (w->seen[q] != w->stamp) {
                w->seen[q] = w->stamp;
                w->queue[tail++] = (uint16_t)q;
            }
        }
    }
    w->signature = (w->signature ^ 0xFFFFull) * 1099511628211ull;
}
