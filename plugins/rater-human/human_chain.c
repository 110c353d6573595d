/* Implication engine of the human rater: propagates one assumption as SE does, keeps the why. */
#include "human_chain.h"

#include <stdio.h>
#include <string.h>

void human_fact_name(int f, char *buf)
{
    char cell[8];
    human_cell_name(human_fact_cell(f), cell);
    snprintf(buf, 12, "%s%s%d", cell, human_fact_on(f) ? "=" : "<>", human_fact_digit(f));
}

/* Record fact f as derived from parents and queue it; false when it was
 * known already. A fact whose opposite was derived ends the branch with a
 * contradiction. */
static bool human_branch_derive(human_branch *b, int f, const uint16_t *parents, int count)
{
    if (b->derived[f] || b->contradiction)
        return false;
    if (b->pool_used + (uint32_t)count > HUMAN_POOL)
        count = 0;
    b->derived[f] = 1;
    b->nested[f] = 0;
    b->pstart[f] = b->pool_used;
    b->pcount[f] = (uint16_t)count;
    if (count > 0)
        memcpy(b->pool + b->pool_used, parents, (size_t)count * sizeof parents[0]);
    b->pool_used += (uint32_t)count;
    if (b->derived[f ^ 1]) {
        /* As SE, the fact that meets its opposite ends the branch without
         * joining the facts derived. */
        b->contradiction = true;
        b->conflict_on = (uint16_t)(human_fact_on(f) ? f : f ^ 1);
        b->conflict_off = (uint16_t)(human_fact_on(f) ? f ^ 1 : f);
        return true;
    }
    b->list[b->nlist++] = (uint16_t)f;
    b->bits[f >> 6] |= 1ull << (f & 63);
    if (human_fact_on(f))
        b->queue_on[b->on_tail++] = (uint16_t)f;
    else
        b->queue_off[b->off_tail++] = (uint16_t)f;
    return true;
}

/* Follow an "on" fact: the cell's other candidates (not in nishio) and the
 * digit in its peers go off. */
static void human_branch_on(human_branch *b, int f)
{
    const human_tables *t = b->st->t;
    int cell = human_fact_cell(f), d = human_fact_digit(f);
    uint16_t me = (uint16_t)f;
    if (b->mode != HUMAN_MODE_NISHIO)
        for (uint16_t m = b->cand[cell] & (uint16_t)~HUMAN_BIT(d); m; m &= (uint16_t)(m - 1))
            human_branch_derive(b, human_fact(cell, __builtin_ctz(m) + 1, false), &me, 1);
    for (int i = 0; i < 20; i++) {
        int q = t->peer_order[cell][i];
        if (b->cand[q] & HUMAN_BIT(d))
            human_branch_derive(b, human_fact(q, d, false), &me, 1);
    }
}

/* Follow an "off" fact: a cell left with one other candidate (not in
 * nishio) and a unit left with one other place for the digit give "on"
 * facts, read from the grid before the candidate goes; their parents are
 * the fact and the candidates the branch already removed there. Then, in
 * the dynamic modes, the candidate goes. */
static void human_branch_off(human_branch *b, int f)
{
    const human_tables *t = b->st->t;
    const uint16_t *orig = b->st->cand;
    int cell = human_fact_cell(f), d = human_fact_digit(f);
    int ons[4], non = 0;
    uint16_t parents[4][10];
    int nparents[4];
    uint16_t rest = b->cand[cell] & (uint16_t)~HUMAN_BIT(d);
    if (b->mode != HUMAN_MODE_NISHIO && human_count(b->cand[cell]) == 2) {
        int n = 0;
        parents[non][n++] = (uint16_t)f;
        for (uint16_t o = orig[cell] & (uint16_t)~b->cand[cell]; o; o &= (uint16_t)(o - 1))
            parents[non][n++] = (uint16_t)human_fact(cell, __builtin_ctz(o) + 1, false);
        nparents[non] = n;
        ons[non++] = human_fact(cell, human_first_digit(rest), true);
    }
    for (int k = 2; k < 5; k++) { /* box, row, column, as SE */
        int u = t->cell_units[cell][k % 3];
        uint16_t me = (uint16_t)(1u << t->cell_index[cell][k % 3]);
        uint16_t others = b->pos[u][d - 1] & (uint16_t)~me;
        if (human_count(others) != 1)
            continue;
        int n = 0;
        parents[non][n++] = (uint16_t)f;
        for (uint16_t r = b->orig_pos[u][d - 1] & (uint16_t)~b->pos[u][d - 1]; r;
             r &= (uint16_t)(r - 1))
            parents[non][n++] = (uint16_t)human_fact(t->unit_cells[u][__builtin_ctz(r)], d, false);
        nparents[non] = n;
        ons[non++] = human_fact(t->unit_cells[u][__builtin_ctz(others)], d, true);
    }
    if (b->mode != HUMAN_MODE_STATIC) {
        b->cand[cell] &= (uint16_t)~HUMAN_BIT(d);
        for (int k = 0; k < 3; k++)
            b->pos[t->cell_units[cell][k]][d - 1] &= (uint16_t)~(1u << t->cell_index[cell][k]);
    }
    for (int i = 0; i < non; i++)
        human_branch_derive(b, ons[i], parents[i], nparents[i]);
}

/* Finders the "plus" mode applies when singles stall (SE's "+" rules). */
static const human_finder human_branch_plus_finders[] = {
    human_find_pointing,    human_find_claiming, human_find_naked_pair,
    human_find_hidden_pair, human_find_x_wing,
};

/* Apply one basic technique to the branch's grid; true when it removed
 * something. Each removal's parents are the branch's off facts in the
 * pattern cells (an approximation of the pattern's real premises). */
static bool human_branch_plus(human_branch *b, human_step *scratch_step)
{
    human_state hs = *b->st;
    for (int c = 0; c < 81; c++)
        if (!hs.value[c])
            hs.cand[c] = b->cand[c];
    for (size_t i = 0; i < sizeof human_branch_plus_finders / sizeof human_branch_plus_finders[0];
         i++) {
        if (!human_branch_plus_finders[i](&hs, scratch_step))
            continue;
        uint16_t parents[HUMAN_MAX_PARENTS];
        int n = 0;
        for (int k = 0; k < scratch_step->cell_count; k++) {
            int c = scratch_step->cells[k];
            for (uint16_t o = b->st->cand[c] & (uint16_t)~b->cand[c]; o && n < HUMAN_MAX_PARENTS;
                 o &= (uint16_t)(o - 1))
                parents[n++] = (uint16_t)human_fact(c, __builtin_ctz(o) + 1, false);
        }
        for (int k = 0; k < scratch_step->elim_count; k++)
            human_branch_derive(
                b, human_fact(scratch_step->elim[k].cell, scratch_step->elim[k].digit, false),
                parents, n);
        return true;
    }
    return false;
}

/* Find one removal inside the branch by a forcing chain (static or
 * dynamic: inner_mode) on the branch's grid; true when one was derived.
 * The removal's parents are the branch's removed candidates in the cells
 * the inner chain went through (an approximation of its premises). */
static bool human_branch_nested(human_branch *b, human_mode inner_mode)
{
    human_branch *in = b->inner;
    human_state hs = *b->st;
    for (int c = 0; c < 81; c++)
        if (!hs.value[c])
            hs.cand[c] = b->cand[c];
    human_branch_prepare(in, &hs);
    for (int k = 0; k < 729; k++) {
        int c = k / 9, d = k % 9 + 1;
        if (hs.value[c] || !(hs.cand[c] & HUMAN_BIT(d)) || human_count(hs.cand[c]) < 2)
            continue;
        human_branch_run(in, inner_mode, human_fact(c, d, true));
        if (!in->contradiction)
            continue;
        uint16_t conflict[2] = {in->conflict_on, in->conflict_off};
        human_branch_ancestors(in, conflict, 2);
        human_set cells = 0;
        for (int i = 0; i < in->nlist; i++)
            if (in->seen[in->list[i]] == in->stamp)
                cells |= human_set_one(human_fact_cell(in->list[i]));
        uint16_t parents[HUMAN_MAX_PARENTS];
        int n = 0;
        for (human_set s = cells; s && n < HUMAN_MAX_PARENTS; s &= s - 1) {
            int q = human_set_first(s);
            for (uint16_t o = b->st->cand[q] & (uint16_t)~b->cand[q]; o && n < HUMAN_MAX_PARENTS;
                 o &= (uint16_t)(o - 1))
                parents[n++] = (uint16_t)human_fact(q, __builtin_ctz(o) + 1, false);
        }
        /* As SE, the inner chain's length adds to the chains using it. */
        int f = human_fact(c, d, false);
        if (human_branch_derive(b, f, parents, n))
            b->nested[f] = (uint32_t)human_branch_conflict_complexity(in);
        return true;
    }
    return false;
}

void human_branch_prepare(human_branch *b, const human_state *st)
{
    b->st = st;
    memset(b->orig_pos, 0, sizeof b->orig_pos);
    for (int u = 0; u < 27; u++)
        for (int i = 0; i < 9; i++)
            for (uint16_t m = st->cand[st->t->unit_cells[u][i]]; m; m &= (uint16_t)(m - 1))
                b->orig_pos[u][__builtin_ctz(m)] |= (uint16_t)(1u << i);
}

void human_branch_run(human_branch *b, human_mode mode, int start)
{
    const human_state *st = b->st;
    b->mode = mode;
    memcpy(b->cand, st->cand, sizeof b->cand);
    memcpy(b->pos, b->orig_pos, sizeof b->pos);
    memset(b->derived, 0, sizeof b->derived);
    memset(b->bits, 0, sizeof b->bits);
    b->pool_used = 0;
    b->on_head = b->on_tail = b->off_head = b->off_tail = 0;
    b->nlist = 0;
    b->contradiction = false;
    human_branch_derive(b, start, NULL, 0);
    human_step plus_step;
    while (!b->contradiction && !human_budget_spend(b->budget, 1)) {
        if (b->on_head < b->on_tail) {
            human_branch_on(b, b->queue_on[b->on_head++]);
            continue;
        }
        if (b->off_head < b->off_tail) {
            human_branch_off(b, b->queue_off[b->off_head++]);
            continue;
        }
        if (mode < HUMAN_MODE_PLUS)
            break;
        if (human_branch_plus(b, &plus_step))
            continue;
        if (mode < HUMAN_MODE_NESTED || !b->inner)
            break;
        if (!human_branch_nested(b, mode == HUMAN_MODE_NESTED ? HUMAN_MODE_STATIC
                                                              : HUMAN_MODE_DYNAMIC))
            break;
    }
}

/* Walk the facts that lead to the given facts in b (themselves included):
 * *flat gets their number, *inner the summed complexity of the inner chains
 * (nested tiers) among them. The facts walked keep b->seen == b->stamp. */
static void human_branch_walk(human_branch *b, const uint16_t *facts, int count, int *flat,
                              int *inner)
{
    if (++b->stamp == 0) {
        memset(b->seen, 0, sizeof b->seen);
        b->stamp = 1;
    }
    uint16_t stack[HUMAN_FACTS];
    int top = 0;
    *flat = *inner = 0;
    for (int i = 0; i < count; i++) {
        if (b->seen[facts[i]] == b->stamp)
            continue;
        b->seen[facts[i]] = b->stamp;
        stack[top++] = facts[i];
    }
    while (top > 0) {
        int f = stack[--top];
        ++*flat;
        *inner += (int)b->nested[f];
        for (uint32_t i = 0; i < b->pcount[f]; i++) {
            int p = b->pool[b->pstart[f] + i];
            if (b->seen[p] != b->stamp) {
                b->seen[p] = b->stamp;
                stack[top++] = (uint16_t)p;
            }
        }
    }
}

int human_branch_ancestors(human_branch *b, const uint16_t *facts, int count)
{
    int flat, inner;
    human_branch_walk(b, facts, count, &flat, &inner);
    return flat + inner;
}

int human_branch_conflict_complexity(human_branch *b)
{
    /* Each side's facts count on their own, and the inner chains behind
     * either side once, as SE sums a hint's distinct inner chains. */
    int on, off, both, inner, unused;
    uint16_t sides[2] = {b->conflict_on, b->conflict_off};
    human_branch_walk(b, &b->conflict_on, 1, &on, &unused);
    human_branch_walk(b, &b->conflict_off, 1, &off, &unused);
    human_branch_walk(b, sides, 2, &both, &inner);
    return on + off + inner;
}

void human_branch_contradiction(const human_branch *b, char *buf, size_t len)
{
    char name[12];
    human_cell_name(human_fact_cell(b->conflict_on), name);
    snprintf(buf, len, "%s would be %d and not %d", name, human_fact_digit(b->conflict_on),
             human_fact_digit(b->conflict_on));
}

void human_branch_path(const human_branch *b, int f, char *buf, size_t len)
{
    uint16_t path[64];
    int n = 0;
    while (n < 64) {
        path[n++] = (uint16_t)f;
        if (b->pcount[f] == 0)
            break;
        f = b->pool[b->pstart[f]];
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
