/* Implication engine of the human rater: propagates one assumption, keeps the why. */
#include "human_chain.h"

#include <stdio.h>
#include <string.h>

void human_fact_name(int f, char *buf)
{
    char cell[8];
    human_cell_name(human_fact_cell(f), cell);
    snprintf(buf, 12, "%s%s%d", cell, human_fact_on(f) ? "=" : "<>", human_fact_digit(f));
}

/* Record a contradiction: the witnesses and where it shows (why_cell for
 * an empty cell, why_unit and why_digit for a digit without a place, both
 * -1 for a fact and its opposite). */
static void human_branch_contradict(human_branch *b, const uint16_t *facts, int count, int why_cell,
                                    int why_unit, int why_digit)
{
    b->contradiction = true;
    b->why_cell = why_cell;
    b->why_unit = why_unit;
    b->why_digit = why_digit;
    b->nwitness = count < HUMAN_MAX_WITNESS ? count : HUMAN_MAX_WITNESS;
    memcpy(b->witness, facts, (size_t)b->nwitness * sizeof facts[0]);
}

/* Record fact f as derived from parents; queue it. A fact whose opposite
 * is already derived is a contradiction. */
static void human_branch_derive(human_branch *b, int f, const uint16_t *parents, int count)
{
    if (b->derived[f] || b->contradiction)
        return;
    int cell = human_fact_cell(f), d = human_fact_digit(f);
    if (!human_fact_on(f) && b->mode != HUMAN_MODE_STATIC && !(b->cand[cell] & HUMAN_BIT(d)))
        return;
    if (b->pool_used + (uint32_t)count > HUMAN_POOL)
        count = 0;
    b->derived[f] = 1;
    b->pstart[f] = b->pool_used;
    b->pcount[f] = (uint16_t)count;
    if (count > 0)
        memcpy(b->pool + b->pool_used, parents, (size_t)count * sizeof parents[0]);
    b->pool_used += (uint32_t)count;
    b->list[b->nlist++] = (uint16_t)f;
    b->bits[f >> 6] |= 1ull << (f & 63);
    b->queue[b->qtail++] = (uint16_t)f;
    if (human_fact_on(f)) {
        for (int k = 0; k < 3; k++)
            b->done[b->st->t->cell_units[cell][k]] |= HUMAN_BIT(d);
    } else if (b->mode != HUMAN_MODE_STATIC) {
        b->cand[cell] &= (uint16_t)~HUMAN_BIT(d);
    }
    if (b->derived[f ^ 1]) {
        uint16_t pair[2] = {(uint16_t)(f ^ 1), (uint16_t)f};
        human_branch_contradict(b, pair, 2, -1, -1, 0);
    }
}

/* Static links of the starting grid. */
static void human_branch_static(human_branch *b, int f)
{
    const human_state *st = b->st;
    const human_tables *t = st->t;
    int cell = human_fact_cell(f), d = human_fact_digit(f);
    uint16_t me = (uint16_t)f;
    if (human_fact_on(f)) {
        for (uint16_t m = st->cand[cell] & (uint16_t)~HUMAN_BIT(d); m; m &= (uint16_t)(m - 1))
            human_branch_derive(b, human_fact(cell, __builtin_ctz(m) + 1, false), &me, 1);
        for (human_set p = t->peers[cell]; p; p &= p - 1) {
            int q = human_set_first(p);
            if (st->cand[q] & HUMAN_BIT(d))
                human_branch_derive(b, human_fact(q, d, false), &me, 1);
        }
        return;
    }
    uint16_t rest = st->cand[cell] & (uint16_t)~HUMAN_BIT(d);
    if (human_count(rest) == 1)
        human_branch_derive(b, human_fact(cell, human_first_digit(rest), true), &me, 1);
    for (int k = 0; k < 3; k++) {
        int u = t->cell_units[cell][k];
        uint16_t pos = human_unit_positions(st, u, d);
        if (human_count(pos) != 2)
            continue;
        for (uint16_t p = pos; p; p &= (uint16_t)(p - 1)) {
            int q = t->unit_cells[u][__builtin_ctz(p)];
            if (q != cell)
                human_branch_derive(b, human_fact(q, d, true), &me, 1);
        }
    }
}

/* The off facts of unit u for digit d that the branch derived. */
static int human_branch_unit_offs(const human_branch *b, int u, int d, uint16_t *out)
{
    int n = 0;
    for (int i = 0; i < 9; i++) {
        int q = b->st->t->unit_cells[u][i];
        int off = human_fact(q, d, false);
        if (b->derived[off])
            out[n++] = (uint16_t)off;
    }
    return n;
}

/* Dynamic consequences of fact f (singles on the changing grid). */
static void human_branch_dynamic(human_branch *b, int f)
{
    const human_tables *t = b->st->t;
    int cell = human_fact_cell(f), d = human_fact_digit(f);
    uint16_t me = (uint16_t)f;
    bool nishio = b->mode == HUMAN_MODE_NISHIO;
    if (human_fact_on(f)) {
        if (!nishio)
            for (uint16_t m = b->cand[cell] & (uint16_t)~HUMAN_BIT(d); m; m &= (uint16_t)(m - 1))
                human_branch_derive(b, human_fact(cell, __builtin_ctz(m) + 1, false), &me, 1);
        for (human_set p = t->peers[cell]; p; p &= p - 1) {
            int q = human_set_first(p);
            if (b->cand[q] & HUMAN_BIT(d))
                human_branch_derive(b, human_fact(q, d, false), &me, 1);
        }
        return;
    }
    uint16_t offs[9];
    if (!nishio) {
        uint16_t m = b->cand[cell];
        int n = 0;
        for (uint16_t o = b->st->cand[cell] & (uint16_t)~m; o; o &= (uint16_t)(o - 1))
            offs[n++] = (uint16_t)human_fact(cell, __builtin_ctz(o) + 1, false);
        if (m == 0) {
            human_branch_contradict(b, offs, n, cell, -1, 0);
            return;
        }
        if (human_count(m) == 1)
            human_branch_derive(b, human_fact(cell, human_first_digit(m), true), offs, n);
    }
    for (int k = 0; k < 3 && !b->contradiction; k++) {
        int u = t->cell_units[cell][k];
        if (b->done[u] & HUMAN_BIT(d))
            continue;
        uint16_t pos = 0;
        for (int i = 0; i < 9; i++)
            if (b->cand[t->unit_cells[u][i]] & HUMAN_BIT(d))
                pos |= (uint16_t)(1u << i);
        if (human_count(pos) > 1)
            continue;
        int n = human_branch_unit_offs(b, u, d, offs);
        if (pos == 0)
            human_branch_contradict(b, offs, n, -1, u, d);
        else
            human_branch_derive(b, human_fact(t->unit_cells[u][__builtin_ctz(pos)], d, true), offs,
                                n);
    }
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
        uint16_t parents[HUMAN_MAX_WITNESS];
        int n = 0;
        for (int k = 0; k < scratch_step->cell_count; k++) {
            int c = scratch_step->cells[k];
            for (uint16_t o = b->st->cand[c] & (uint16_t)~b->cand[c]; o && n < HUMAN_MAX_WITNESS;
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
    for (int k = 0; k < 729; k++) {
        int c = k / 9, d = k % 9 + 1;
        if (hs.value[c] || !(hs.cand[c] & HUMAN_BIT(d)) || human_count(hs.cand[c]) < 2)
            continue;
        human_branch_run(in, &hs, inner_mode, human_fact(c, d, true));
        if (!in->contradiction)
            continue;
        human_branch_ancestors(in, in->witness, in->nwitness);
        human_set cells = 0;
        for (int i = 0; i < in->nlist; i++)
            if (in->seen[in->list[i]] == in->stamp)
                cells |= human_set_one(human_fact_cell(in->list[i]));
        uint16_t parents[HUMAN_MAX_WITNESS];
        int n = 0;
        for (human_set s = cells; s && n < HUMAN_MAX_WITNESS; s &= s - 1) {
            int q = human_set_first(s);
            for (uint16_t o = b->st->cand[q] & (uint16_t)~b->cand[q]; o && n < HUMAN_MAX_WITNESS;
                 o &= (uint16_t)(o - 1))
                parents[n++] = (uint16_t)human_fact(q, __builtin_ctz(o) + 1, false);
        }
        human_branch_derive(b, human_fact(c, d, false), parents, n);
        return true;
    }
    return false;
}

void human_branch_run(human_branch *b, const human_state *st, human_mode mode, int start)
{
    b->st = st;
    b->mode = mode;
    memcpy(b->cand, st->cand, sizeof b->cand);
    memset(b->done, 0, sizeof b->done);
    for (int c = 0; c < 81; c++)
        if (st->value[c])
            for (int k = 0; k < 3; k++)
                b->done[st->t->cell_units[c][k]] |= HUMAN_BIT(st->value[c]);
    memset(b->derived, 0, sizeof b->derived);
    memset(b->bits, 0, sizeof b->bits);
    b->pool_used = 0;
    b->qhead = b->qtail = 0;
    b->nlist = 0;
    b->contradiction = false;
    b->nwitness = 0;
    human_branch_derive(b, start, NULL, 0);
    human_step plus_step;
    for (;;) {
        while (b->qhead < b->qtail && !b->contradiction) {
            int f = b->queue[b->qhead++];
            if (mode == HUMAN_MODE_STATIC)
                human_branch_static(b, f);
            else
                human_branch_dynamic(b, f);
        }
        if (b->contradiction || mode < HUMAN_MODE_PLUS)
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

int human_branch_ancestors(human_branch *b, const uint16_t *facts, int count)
{
    if (++b->stamp == 0) {
        memset(b->seen, 0, sizeof b->seen);
        b->stamp = 1;
    }
    uint16_t stack[HUMAN_FACTS];
    int top = 0, total = 0;
    for (int i = 0; i < count; i++) {
        if (b->seen[facts[i]] == b->stamp)
            continue;
        b->seen[facts[i]] = b->stamp;
        stack[top++] = facts[i];
    }
    while (top > 0) {
        int f = stack[--top];
        total++;
        for (uint32_t i = 0; i < b->pcount[f]; i++) {
            int p = b->pool[b->pstart[f] + i];
            if (b->seen[p] != b->stamp) {
                b->seen[p] = b->stamp;
                stack[top++] = (uint16_t)p;
            }
        }
    }
    return total;
}

void human_branch_contradiction(const human_branch *b, char *buf, size_t len)
{
    char name[12];
    if (b->why_cell >= 0) {
        human_cell_name(b->why_cell, name);
        snprintf(buf, len, "%s would have no candidate", name);
    } else if (b->why_unit >= 0) {
        human_unit_name(b->why_unit, name);
        snprintf(buf, len, "%d would have no place in %s", b->why_digit, name);
    } else if (b->nwitness == 2) {
        int f = b->witness[0];
        human_cell_name(human_fact_cell(f), name);
        snprintf(buf, len, "%s would be %d and not %d", name, human_fact_digit(f),
                 human_fact_digit(f));
    } else {
        snprintf(buf, len, "the grid would break");
    }
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
