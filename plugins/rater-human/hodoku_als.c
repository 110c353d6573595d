/* Almost locked sets of the HoDoKu technique set: every set of n cells of a unit holding n + 1
 * digits, found in HoDoKu's order, and the restricted commons between them. */
#include "hodoku_als.h"

#include <stdio.h>
#include <stdlib.h>

/* True when cells lie in one row or one column (a set already found in a line). */
static bool hodoku_als_in_line(human_set cells)
{
    int first = human_set_first(cells);
    bool row = true, col = true;
    for (human_set s = cells; s; s &= s - 1) {
        int c = human_set_first(s);
        row &= c / 9 == first / 9;
        col &= c % 9 == first % 9;
    }
    return row || col;
}

/* Append the set cells (digits cands) found in unit u, unless an earlier unit holds it. */
static bool hodoku_als_add(hodoku_alses *a, const hodoku_state *st, int u, human_set cells,
                           uint16_t cands)
{
    if ((u >= 9 && u < 18 && human_set_count(cells) == 1) || (u >= 18 && hodoku_als_in_line(cells)))
        return true;
    if (a->count == a->cap) {
        int cap = a->cap ? 2 * a->cap : 256;
        hodoku_als *grown = realloc(a->als, (size_t)cap * sizeof *grown);
        if (!grown)
            return false;
        a->als = grown;
        a->cap = cap;
    }
    hodoku_als *x = &a->als[a->count++];
    x->cells = cells;
    x->cands = cands;
    x->see_all = 0;
    for (int d = 1; d <= 9; d++) {
        x->per[d] = x->see[d] = 0;
        if (!(cands & HUMAN_BIT(d)))
            continue;
        x->per[d] = cells & st->holds[d];
        x->see[d] = hodoku_buddies(st->t, x->per[d]) & ~cells & st->holds[d];
        x->see_all |= x->see[d];
    }
    return true;
}

/* HoDoKu's checkAlsRecursive: the sets of unit u with the cells from place i on, depth n. */
static bool hodoku_als_search(hodoku_alses *a, const hodoku_state *st, int u, int i, int n,
                              human_set cells, uint16_t cands)
{
    if (++n > 8)
        return true;
    for (; i < 9; i++) {
        int c = st->t->unit_cells[u][i];
        if (st->value[c])
            continue;
        human_set with = cells | human_set_one(c);
        uint16_t m = (uint16_t)(cands | st->cand[c]);
        if (human_count(m) - n == 1 && !hodoku_als_add(a, st, u, with, m))
            return false;
        if (!hodoku_als_search(a, st, u, i + 1, n, with, m))
            return false;
    }
    return true;
}

/* Append a restricted common of sets i and j. */
static bool hodoku_rc_add(hodoku_alses *a, int i, int j, int cand)
{
    if (a->nrc == a->rc_cap) {
        int cap = a->rc_cap ? 2 * a->rc_cap : 1024;
        hodoku_rc *grown = realloc(a->rc, (size_t)cap * sizeof *grown);
        if (!grown)
            return false;
        a->rc = grown;
        a->rc_cap = cap;
    }
    a->rc[a->nrc++] = (hodoku_rc){i, j, (uint8_t)cand, 0, 0};
    return true;
}

/* HoDoKu's doGetRestrictedCommons (no overlap, forward only): the digits of two disjoint sets
 * whose places in both see each other; a third one replaces the second, as in HoDoKu. */
static bool hodoku_rcs_collect(hodoku_alses *a)
{
    for (int i = 0; i < a->count; i++) {
        const hodoku_als *x = &a->als[i];
        a->start[i] = a->nrc;
        for (int j = i + 1; j < a->count; j++) {
            const hodoku_als *y = &a->als[j];
            uint16_t common = x->cands & y->cands;
            if ((x->cells & y->cells) || !common)
                continue;
            int found = 0;
            for (int d = 1; d <= 9; d++) {
                if (!(common & HUMAN_BIT(d)))
                    continue;
                human_set places = x->per[d] | y->per[d];
                human_set both = (x->see[d] | x->per[d]) & (y->see[d] | y->per[d]);
                if ((places & both) != places)
                    continue;
                if (found++ == 0) {
                    if (!hodoku_rc_add(a, i, j, d))
                        return false;
                } else {
                    a->rc[a->nrc - 1].cand2 = (uint8_t)d;
                }
            }
        }
        a->end[i] = a->nrc;
    }
    return true;
}

bool hodoku_alses_collect(hodoku_alses *a, const hodoku_state *st)
{
    a->count = a->nrc = 0;
    for (int u = 0; u < 27; u++)
        if (!hodoku_als_search(a, st, u, 0, 0, 0, 0))
            return false;
    free(a->start);
    free(a->end);
    a->start = malloc(((size_t)a->count + 1) * sizeof *a->start);
    a->end = malloc(((size_t)a->count + 1) * sizeof *a->end);
    return a->start && a->end && hodoku_rcs_collect(a);
}

void hodoku_alses_free(hodoku_alses *a)
{
    free(a->als);
    free(a->rc);
    free(a->start);
    free(a->end);
    *a = (hodoku_alses){0};
}

bool hodoku_als_common_elims(const hodoku_als *a, const hodoku_als *b, const int restricted[4],
                             human_step *step)
{
    uint16_t common = a->cands & b->cands;
    for (int k = 0; k < 4; k++)
        if (restricted[k] > 0)
            common &= (uint16_t)~HUMAN_BIT(restricted[k]);
    if (!common || !(a->see_all & b->see_all))
        return false;
    bool any = false;
    for (int d = 1; d <= 9; d++)
        if (common & HUMAN_BIT(d))
            any |= hodoku_step_elim_set(step, a->see[d] & b->see[d], d);
    return any;
}

void hodoku_als_text(const hodoku_als *a, char *buf, size_t len)
{
    uint8_t cells[9];
    int n = 0;
    for (human_set s = a->cells; s && n < 9; s &= s - 1)
        cells[n++] = (uint8_t)human_set_first(s);
    char list[64], digits[10];
    human_cell_list(cells, n, list, sizeof list);
    int k = 0;
    for (int d = 1; d <= 9; d++)
        if (a->cands & HUMAN_BIT(d))
            digits[k++] = (char)('0' + d);
    digits[k] = '\0';
    snprintf(buf, len, "%s {%s}", list, digits);
}

void hodoku_als_cells(const hodoku_als *a, human_step *step)
{
    for (human_set s = a->cells; s; s &= s - 1)
        human_step_cell(step, human_set_first(s));
}

void hodoku_als_node(human_step *step, const hodoku_als *a, int d, bool on)
{
    int n = step->chain_start[step->chain_count];
    if (n >= HUMAN_MAX_NODES)
        return;
    human_node *node = &step->nodes[n];
    node->kind = HUMAN_NODE_ALS;
    node->digit = (uint8_t)d;
    node->on = on;
    node->ncells = 0;
    for (human_set s = a->cells; s && node->ncells < 9; s &= s - 1)
        node->cells[node->ncells++] = (uint8_t)human_set_first(s);
    node->parent = (int16_t)(n > step->chain_start[step->chain_count - 1] ? n - 1 : -1);
    step->chain_start[step->chain_count] = n + 1;
}
