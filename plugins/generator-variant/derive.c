/* generator-variant: the sums that cages imply over each house (the "45
 * rule" of killer players: a house holds 1..N once, so its digits sum to
 * N(N+1)/2), added to the engine as sums of their own so that propagation
 * solves far more killer puzzles without search. */
#include <string.h>

#include "engine.h"

/* True when every two of cells must differ (peers of each other). */
static bool derive_distinct(const engine *e, const uint16_t *cells, uint32_t count)
{
    const sk_rules *r = e->rules;
    for (uint32_t i = 0; i < count; i++)
        for (uint32_t j = i + 1; j < count; j++) {
            uint32_t lo = r->peer_start[cells[i]], hi = r->peer_start[cells[i] + 1];
            while (lo < hi) {
                uint32_t mid = lo + (hi - lo) / 2;
                if (r->peers[mid] < cells[j])
                    lo = mid + 1;
                else
                    hi = mid;
            }
            if (lo == r->peer_start[cells[i] + 1] || r->peers[lo] != cells[j])
                return false;
        }
    return true;
}

/* Add a derived sum over count cells (copied into the engine's pool). */
static int derive_add(engine *e, const uint16_t *cells, uint32_t count, int32_t sum,
                      uint32_t *used)
{
    if (*used + count > e->derived_cap)
        return SK_OK;
    uint16_t *at = e->derived_cells + *used;
    memcpy(at, cells, count * sizeof *cells);
    *used += count;
    return engine_add_sum(e, at, count, sum, derive_distinct(e, at, count));
}

/* Mark the cells of sum s in mark when none is marked yet; false (and
 * nothing marked) when one is. */
static bool derive_take(const engine_sum *s, uint8_t *mark)
{
    for (uint32_t k = 0; k < s->count; k++)
        if (mark[s->cells[k]])
            return false;
    for (uint32_t k = 0; k < s->count; k++)
        mark[s->cells[k]] = 1;
    return true;
}

/* The innie and outie sums of house h. */
static int derive_house(engine *e, const sk_rules_house *h, uint32_t *used)
{
    uint8_t in[SK_MAX_CELLS] = {0}, taken[SK_MAX_CELLS] = {0};
    uint32_t partial[SK_MAX_SIZE], partials = 0;
    int32_t left = (int32_t)(e->size * (e->size + 1) / 2), over = 0;
    for (uint32_t k = 0; k < h->count; k++)
        in[h->cells[k]] = 1;
    for (uint32_t i = 0; i < e->cage_end; i++) {
        const engine_sum *s = &e->sums[i];
        uint32_t inside = 0;
        for (uint32_t k = 0; k < s->count && s->sum > 0; k++)
            inside += in[s->cells[k]];
        if (inside == s->count && inside && derive_take(s, taken))
            left -= s->sum;
        else if (inside && partials < SK_MAX_SIZE)
            partial[partials++] = i;
    }
    uint16_t rest[SK_MAX_SIZE], out[SK_MAX_SIZE];
    uint32_t n = 0, m = 0, outside = 0;
    for (uint32_t k = 0; k < h->count; k++)
        if (!taken[h->cells[k]])
            rest[n++] = h->cells[k];
    if (n == 0 || n == h->count)
        return SK_OK;
    if (derive_add(e, rest, n, left, used) != SK_OK)
        return SK_ERR;
    for (uint32_t p = 0; p < partials; p++) {
        const engine_sum *s = &e->sums[partial[p]];
        if (!derive_take(s, taken))
            continue;
        over += s->sum;
        for (uint32_t k = 0; k < s->count; k++)
            if (!in[s->cells[k]] && outside++ < SK_MAX_SIZE)
                out[m++] = s->cells[k];
    }
    for (uint32_t k = 0; k < n; k++)
        if (!taken[rest[k]])
            return SK_OK; /* the crossing cages leave a cell of the house out */
    if (m == 0 || outside >= e->size || over - left < (int32_t)m)
        return SK_OK;
    return derive_add(e, out, m, over - left, used);
}

int engine_derive(engine *e)
{
    e->sum_count = e->cage_end;
    if (e->cage_end == 0)
        return SK_OK;
    uint32_t used = 0;
    for (uint32_t i = 0; i < e->rules->house_count; i++)
        if (derive_house(e, &e->rules->houses[i], &used) != SK_OK)
            return SK_ERR;
    return SK_OK;
}
