/* ALS chains of the HoDoKu technique set: HoDoKu's depth-first search from every set through
 * restricted commons to sets after it, alternating the digits used, checking the chain's ends
 * from four sets on; the best by HoDoKu's order of ALS steps. */
#include "hodoku_als.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Most restricted commons in a chain (HoDoKu's MAX_RC). */
#define HODOKU_ALS_CHAIN_MAX 50

typedef struct hodoku_als_chains {
    const hodoku_alses *a;
    int start; /* the first set */
    int len;   /* restricted commons in the chain */
    int rc[HODOKU_ALS_CHAIN_MAX];
    uint8_t actual[HODOKU_ALS_CHAIN_MAX];
    bool *in_chain;
    human_step *trial, *best;
    bool found;
    hodoku_rank best_rank;
    int best_cells;      /* cells of the best chain's sets */
    hodoku_each_fn each; /* every chain to each, when set */
    void *user;
    bool stop;
} hodoku_als_chains;

/* HoDoKu's checkRCInt: which digits of the next common (c21, c22) may link after the digits
 * c11, c12 of the last one: 0 none, 1 c21, 2 c22, 3 both. */
static int hodoku_rc_next(int c11, int c12, int c21, int c22)
{
    if (c12 == 0) {
        if (c22 == 0)
            return c11 == c21 ? 0 : 1;
        return c11 == c22 ? 1 : c11 == c21 ? 2 : 3;
    }
    if (c22 == 0)
        return c11 == c21 || c12 == c21 ? 0 : 1;
    if ((c11 == c21 && c12 == c22) || (c11 == c22 && c12 == c21))
        return 0;
    if (c11 == c22 || c12 == c22)
        return 1;
    return c11 == c21 || c12 == c21 ? 2 : 3;
}

/* HoDoKu's checkRC: the digits of rc that may follow last (NULL: the chain's first common,
 * its first or second digit by first_try); 0 when none. */
static int hodoku_rc_check(const hodoku_rc *rc, const hodoku_rc *last, int last_actual,
                           bool first_try)
{
    int actual = rc->cand2 == 0 ? 1 : 3;
    if (!last)
        return rc->cand2 != 0 ? (first_try ? 1 : 2) : actual;
    switch (last_actual) {
    case 1:
        return hodoku_rc_next(last->cand1, 0, rc->cand1, rc->cand2);
    case 2:
        return hodoku_rc_next(last->cand2, 0, rc->cand1, rc->cand2);
    case 3:
        /* As HoDoKu: the last common's first digit twice. */
        return hodoku_rc_next(last->cand1, last->cand1, rc->cand1, rc->cand2);
    default:
        return actual;
    }
}

/* The digits a common links with: actual 1 its first, 2 its second, 3 both. */
static void hodoku_rc_digits(const hodoku_rc *rc, int actual, int *x, int *y)
{
    *x = actual == 1 || actual == 3 ? rc->cand1 : 0;
    *y = actual == 2 ? rc->cand2 : actual == 3 ? rc->cand2 : 0;
}

/* Fill h->trial with the chain found, its sets and links. */
static void hodoku_als_chains_step(hodoku_als_chains *h)
{
    const hodoku_als *sets[HODOKU_ALS_CHAIN_MAX + 1];
    int links[HODOKU_ALS_CHAIN_MAX];
    sets[0] = &h->a->als[h->start];
    for (int i = 0; i < h->len; i++) {
        const hodoku_rc *rc = &h->a->rc[h->rc[i]];
        int x, y;
        hodoku_rc_digits(rc, h->actual[i], &x, &y);
        links[i] = x ? x : y;
        sets[i + 1] = &h->a->als[rc->als2];
    }
    hodoku_als_chain_nodes(h->trial, sets, links, h->len + 1);
}

/* The chain reaches a set that may end it: keep it when it eliminates and comes first in
 * HoDoKu's order (most eliminations, then the lower weighted sum; for the same eliminations
 * the chain of fewer cells). */
static void hodoku_als_chains_check(hodoku_als_chains *h, const hodoku_als *end_set)
{
    const hodoku_rc *first = &h->a->rc[h->rc[0]], *last = &h->a->rc[h->rc[h->len - 1]];
    int r[4];
    hodoku_rc_digits(first, h->actual[0], &r[0], &r[1]);
    hodoku_rc_digits(last, h->actual[h->len - 1], &r[2], &r[3]);
    human_step *step = h->trial;
    human_step_begin(step, HUMAN_T_HODOKU_ALS_XY_CHAIN, 0);
    if (!hodoku_als_common_elims(&h->a->als[h->start], end_set, r, step))
        return;
    int cells = human_set_count(h->a->als[h->start].cells);
    for (int i = 0; i < h->len; i++)
        cells += human_set_count(h->a->als[h->a->rc[h->rc[i]].als2].cells);
    if (h->each) {
        hodoku_als_chains_step(h);
        hodoku_step_sort_elims(step);
        h->stop = h->each(h->user, step);
        return;
    }
    hodoku_rank rank;
    hodoku_rank_of(step, NULL, 0, 0, false, &rank);
    if (h->found) {
        bool same = memcmp(rank.elim_set, h->best_rank.elim_set, sizeof rank.elim_set) == 0;
        if (same ? cells >= h->best_cells : hodoku_rank_compare(&rank, &h->best_rank) >= 0)
            return;
    }
    hodoku_als_chains_step(h);
    human_step *swap = h->best;
    h->best = h->trial;
    h->trial = swap;
    h->best_rank = rank;
    h->best_cells = cells;
    h->found = true;
}

/* HoDoKu's getAlsXYChainRecursive from set index, after the common last (-1: none). */
static void hodoku_als_chains_from(hodoku_als_chains *h, int index, int last)
{
    if (h->len >= HODOKU_ALS_CHAIN_MAX)
        return;
    bool first_try = true;
    for (int i = h->a->start[index]; i < h->a->end[index] && !h->stop; i++) {
        const hodoku_rc *rc = &h->a->rc[i];
        int actual = hodoku_rc_check(rc, last >= 0 ? &h->a->rc[last] : NULL,
                                     last >= 0 ? h->actual[h->len - 1] : 0, first_try);
        if (actual == 0 || h->in_chain[rc->als2])
            continue;
        h->rc[h->len] = i;
        h->actual[h->len++] = (uint8_t)actual;
        h->in_chain[rc->als2] = true;
        if (h->len >= 3)
            hodoku_als_chains_check(h, &h->a->als[rc->als2]);
        hodoku_als_chains_from(h, rc->als2, i);
        h->in_chain[rc->als2] = false;
        h->len--;
        if (last < 0) {
            if (rc->cand2 != 0 && first_try) {
                first_try = false;
                i--;
            } else {
                first_try = true;
            }
        }
    }
}

/* Explain the best chain. */
static void hodoku_als_chains_explain(human_step *step)
{
    char chain[1024], elims[256];
    human_step_chain_text(step, 0, chain, sizeof chain);
    human_step_elim_list(step, elims, sizeof elims);
    human_step_explain(step, 0, chain, elims);
}

bool hodoku_als_chain_in(const hodoku_state *st, const hodoku_alses *a, human_step *step,
                         hodoku_each_fn fn, void *user)
{
    (void)st;
    human_step *spare = malloc(sizeof *spare);
    bool *in_chain = calloc((size_t)a->count + 1, sizeof *in_chain);
    hodoku_als_chains h = {.a = a,
                           .trial = fn ? step : spare,
                           .best = step,
                           .in_chain = in_chain,
                           .each = fn,
                           .user = user};
    for (int s = 0; spare && in_chain && s < a->count && !h.stop; s++) {
        memset(in_chain, 0, (size_t)a->count);
        in_chain[s] = true;
        h.start = s;
        h.len = 0;
        hodoku_als_chains_from(&h, s, -1);
    }
    if (h.found && h.best != step)
        memcpy(step, h.best, sizeof *step);
    if (h.found) {
        hodoku_step_sort_elims(step);
        hodoku_als_chains_explain(step);
    }
    free(spare);
    free(in_chain);
    return h.found || h.stop;
}
