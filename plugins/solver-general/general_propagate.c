/* Solver "general": propagation to a fixed point. A queue holds the cells
 * whose candidates changed; taking one out places its digit (when one is
 * left) in its peers, narrows the cells its relations tie it to, and marks
 * its sums and customs for a look. When the queue is empty: sums, then
 * customs, then hidden singles of every house, then locked candidates,
 * each of which may fill the queue again. */
#include <string.h>

#include "general_search.h"

static inline bool prop_single(sk_digits set)
{
    return (set & (set - 1)) == 0;
}

bool general_narrow(general_search *s, uint32_t cell, sk_digits keep)
{
    sk_digits now = s->cand[cell] & keep;
    if (now != s->cand[cell]) {
        s->cand[cell] = now;
        if (!s->queued[cell]) {
            s->queued[cell] = 1;
            s->queue[s->tail++] = (uint16_t)cell;
            if (s->tail == s->cells + 1)
                s->tail = 0;
        }
    }
    return now != 0;
}

/* The digits other may hold given the candidates of its link's cell. */
static sk_digits prop_support(const general_model *m, const general_link *link, sk_digits set)
{
    const sk_digits *table = m->tables + link->table;
    sk_digits support = 0;
    while (set) {
        support |= table[__builtin_ctz(set) + 1];
        set &= set - 1;
    }
    return support;
}

/* What a change to cell means for the cells around it. */
static bool prop_cell(general_search *s, uint32_t cell)
{
    const general_model *m = s->model;
    const sk_rules *r = s->rules;
    sk_digits set = s->cand[cell];
    if (!set)
        return false;
    if (prop_single(set) && !s->placed[cell]) {
        s->placed[cell] = 1;
        s->left--;
        const uint16_t *peer = r->peers + r->peer_start[cell],
                       *end = r->peers + r->peer_start[cell + 1];
        sk_digits *cand = s->cand;
        for (; peer < end; peer++)
            if ((cand[*peer] & set) && !general_narrow(s, *peer, ~set))
                return false;
    }
    for (uint32_t k = m->link_start[cell]; k < m->link_start[cell + 1]; k++)
        if (!general_narrow(s, m->links[k].other, prop_support(m, &m->links[k], set)))
            return false;
    for (uint32_t k = m->cell_house_start[cell]; k < m->cell_house_start[cell + 1]; k++) {
        uint32_t h = m->cell_houses[k];
        s->lock_dirty[h] = 1;
        if (!s->house_dirty[h]) {
            s->house_dirty[h] = 1;
            s->dirty_houses[s->dirty_count++] = h;
        }
    }
    for (uint32_t k = m->cell_sum_start[cell]; k < m->cell_sum_start[cell + 1]; k++)
        if (!s->sum_dirty[m->cell_sums[k]])
            s->sum_dirty[m->cell_sums[k]] = 1, s->sums_waiting = true;
    for (uint32_t k = m->cell_custom_start[cell]; k < m->cell_custom_start[cell + 1]; k++)
        if (!s->custom_dirty[m->cell_customs[k]])
            s->custom_dirty[m->cell_customs[k]] = 1, s->customs_waiting = true;
    return true;
}

/* Empty the queue. */
static bool prop_queue(general_search *s)
{
    while (s->head != s->tail) {
        uint32_t cell = s->queue[s->head++];
        if (s->head == s->cells + 1)
            s->head = 0;
        s->queued[cell] = 0;
        if (!prop_cell(s, cell))
            return false;
    }
    return true;
}

/* A sum too rich to list: each cell within what the others leave. */
static bool prop_sum_bounds(general_search *s, const general_sum *g, const uint16_t *cells)
{
    int low = 0, high = 0;
    for (uint32_t k = 0; k < g->count; k++) {
        sk_digits set = s->cand[cells[k]];
        low += __builtin_ctz(set) + 1;
        high += 32 - __builtin_clz(set);
    }
    for (uint32_t k = 0; k < g->count; k++) {
        sk_digits set = s->cand[cells[k]], keep = 0;
        int rest_low = low - (__builtin_ctz(set) + 1), rest_high = high - (32 - __builtin_clz(set));
        for (int d = 1; d <= (int)s->model->size; d++)
            if (rest_low + d <= g->sum && rest_high + d >= g->sum)
                keep |= 1u << (d - 1);
        if (!general_narrow(s, cells[k], keep))
            return false;
    }
    return true;
}

/* A sum by its combinations: keep the digits of those that still fit, and
 * place a digit every one of them needs where only one cell can take it. */
static bool prop_sum(general_search *s, const general_sum *g)
{
    const uint16_t *cells = s->model->sum_cells + g->cells;
    if (!g->combo_count)
        return prop_sum_bounds(s, g, cells);
    sk_digits any = 0, fixed = 0, fit = 0, need = s->model->all;
    for (uint32_t k = 0; k < g->count; k++) {
        sk_digits set = s->cand[cells[k]];
        any |= set;
        fixed |= prop_single(set) ? set : 0;
    }
    const sk_digits *combo = s->model->combos + g->combos;
    for (uint32_t i = 0; i < g->combo_count; i++) {
        bool ok = (combo[i] & fixed) == fixed && (combo[i] & ~any) == 0;
        for (uint32_t k = 0; ok && k < g->count; k++)
            ok = (s->cand[cells[k]] & combo[i]) != 0;
        if (ok) {
            fit |= combo[i];
            need &= combo[i];
        }
    }
    for (uint32_t k = 0; k < g->count; k++)
        if (!general_narrow(s, cells[k], fit))
            return false;
    for (sk_digits left = need & ~fixed; left; left &= left - 1) {
        sk_digits digit = left & -left;
        uint32_t where = 0, count = 0;
        for (uint32_t k = 0; k < g->count; k++)
            if (s->cand[cells[k]] & digit)
                where = cells[k], count++;
        if (count == 0 || (count == 1 && !general_narrow(s, where, digit)))
            return false;
    }
    return true;
}

static bool prop_sums(general_search *s)
{
    s->sums_waiting = false;
    for (uint32_t i = 0; i < s->model->sum_count; i++)
        if (s->sum_dirty[i]) {
            s->sum_dirty[i] = 0;
            if (!prop_sum(s, &s->model->sums[i]))
                return false;
        }
    return true;
}

/* Each custom whose cells changed: its own propagation, and the cells it
 * narrowed into the queue. */
static bool prop_customs(general_search *s)
{
    s->customs_waiting = false;
    for (uint32_t i = 0; i < s->model->custom_count; i++) {
        if (!s->custom_dirty[i])
            continue;
        s->custom_dirty[i] = 0;
        const sk_rules_custom *c = &s->rules->customs[i];
        for (uint32_t k = 0; k < c->count; k++)
            s->before[k] = s->cand[c->cells[k]];
        if (c->constraint->propagate(c->state, s->rules, s->cand, NULL, NULL) != SK_OK)
            return false;
        for (uint32_t k = 0; k < c->count; k++) {
            uint32_t cell = c->cells[k];
            sk_digits now = s->cand[cell] & s->before[k];
            s->cand[cell] = s->before[k];
            if (!general_narrow(s, cell, now))
                return false;
        }
    }
    return true;
}

/* Hidden singles in the houses that changed since they were last looked
 * at: a digit that only one cell of a house can hold goes there; a digit
 * no cell can hold is a contradiction. */
static bool prop_hidden(general_search *s)
{
    const general_model *m = s->model;
    uint32_t n = m->size;
    for (uint32_t i = 0; i < s->dirty_count; i++) {
        uint32_t h = s->dirty_houses[i];
        s->house_dirty[h] = 0;
        const uint16_t *cells = m->house_cells + (size_t)h * n;
        sk_digits once = 0, twice = 0, fixed = 0;
        for (uint32_t k = 0; k < n; k++) {
            sk_digits set = s->cand[cells[k]];
            twice |= once & set;
            once |= set;
            fixed |= s->placed[cells[k]] ? set : 0;
        }
        if (once != m->all)
            return false;
        for (sk_digits alone = once & ~twice & ~fixed; alone; alone &= alone - 1) {
            sk_digits digit = alone & -alone;
            for (uint32_t k = 0; k < n; k++)
                if (s->cand[cells[k]] & digit) {
                    if (!general_narrow(s, cells[k], digit))
                        return false;
                    break;
                }
        }
    }
    s->dirty_count = 0;
    return true;
}

/* Remove digits from cells of one house when they must go in the
 * cells it shares with the other: remove from, for digits of shared
 * absent from keep. */
static bool prop_lock(general_search *s, const uint16_t *shared, uint32_t count,
                      const uint16_t *keep, uint32_t keep_count, const uint16_t *from,
                      uint32_t from_count)
{
    sk_digits in = 0, out = 0;
    for (uint32_t k = 0; k < count; k++)
        in |= s->cand[shared[k]];
    for (uint32_t k = 0; k < keep_count; k++)
        out |= s->cand[keep[k]];
    sk_digits locked = in & ~out;
    if (!locked)
        return true;
    for (uint32_t k = 0; k < from_count; k++)
        if (!general_narrow(s, from[k], ~locked))
            return false;
    return true;
}

/* Locked candidates over every pair of houses that share cells, one of
 * which changed since the last pass. */
static bool prop_locked(general_search *s)
{
    const general_model *m = s->model;
    memcpy(s->lock_now, s->lock_dirty, m->house_count);
    memset(s->lock_dirty, 0, m->house_count);
    for (uint32_t i = 0; i < m->cross_count; i++) {
        const general_cross *x = &m->crosses[i];
        if (!s->lock_now[x->first] && !s->lock_now[x->second])
            continue;
        const uint16_t *shared = m->cross_cells + x->cells, *first = shared + x->shared,
                       *second = first + x->first_only;
        if (!prop_lock(s, shared, x->shared, first, x->first_only, second, x->second_only) ||
            !prop_lock(s, shared, x->shared, second, x->second_only, first, x->first_only))
            return false;
    }
    return true;
}

/* Forget the queue and the marks after a contradiction. */
static bool prop_fail(general_search *s)
{
    while (s->head != s->tail) {
        s->queued[s->queue[s->head++]] = 0;
        if (s->head == s->cells + 1)
            s->head = 0;
    }
    s->head = s->tail = 0;
    memset(s->sum_dirty, 0, s->model->sum_count);
    memset(s->custom_dirty, 0, s->model->custom_count);
    for (uint32_t i = 0; i < s->dirty_count; i++)
        s->house_dirty[s->dirty_houses[i]] = 0;
    s->dirty_count = 0;
    memset(s->lock_dirty, 1, s->model->house_count);
    s->sums_waiting = s->customs_waiting = false;
    return false;
}

bool general_propagate(general_search *s)
{
    for (;;) {
        if (!prop_queue(s))
            return prop_fail(s);
        s->head = s->tail = 0;
        if (s->sums_waiting) {
            if (!prop_sums(s))
                return prop_fail(s);
            continue;
        }
        if (s->customs_waiting) {
            if (!prop_customs(s))
                return prop_fail(s);
            continue;
        }
        if (s->dirty_count && !prop_hidden(s))
            return prop_fail(s);
        if (s->head != s->tail)
            continue;
        if (s->locked && s->left && !prop_locked(s))
            return prop_fail(s);
        if (s->head == s->tail)
            return true;
    }
}
