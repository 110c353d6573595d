/* Kept branches of the human rater: a branch's facts saved once run, put back when needed again. */
#include "human_chaining.h"

#include <stdlib.h>
#include <string.h>

/* Bytes of the per-fact data and parents of a branch with n facts kept
 * (the contradicting one included) and pool parent links. */
static size_t keep_bytes(int n, uint32_t pool)
{
    return (size_t)n * (sizeof(uint64_t) + 2 * sizeof(uint32_t) + 2 * sizeof(uint16_t) + 1) +
           (size_t)pool * sizeof(uint16_t);
}

void human_keep_save(human_kept *k, const human_branch *b, uint64_t cost)
{
    int n = b->nlist + (b->contradiction ? 1 : 0);
    size_t need = keep_bytes(n, b->pool_used);
    k->known = false;
    if (need > k->cap) {
        void *grown = realloc(k->data, need);
        if (!grown)
            return;
        k->data = grown;
        k->cap = need;
    }
    /* Widest first, so that every array is aligned. */
    uint8_t *p = k->data;
    memcpy(p, b->nest_sig, (size_t)n * sizeof b->nest_sig[0]);
    p += (size_t)n * sizeof b->nest_sig[0];
    memcpy(p, b->pstart, (size_t)n * sizeof b->pstart[0]);
    p += (size_t)n * sizeof b->pstart[0];
    memcpy(p, b->nest_cx, (size_t)n * sizeof b->nest_cx[0]);
    p += (size_t)n * sizeof b->nest_cx[0];
    memcpy(p, b->list, (size_t)n * sizeof b->list[0]);
    p += (size_t)n * sizeof b->list[0];
    memcpy(p, b->pcount, (size_t)n * sizeof b->pcount[0]);
    p += (size_t)n * sizeof b->pcount[0];
    memcpy(p, b->pool, (size_t)b->pool_used * sizeof b->pool[0]);
    p += (size_t)b->pool_used * sizeof b->pool[0];
    memcpy(p, b->cause, (size_t)n);
    memcpy(k->bits, b->bits, sizeof k->bits);
    k->nlist = b->nlist;
    k->pool_used = b->pool_used;
    k->contradiction = b->contradiction;
    k->conflict_on = b->conflict_on;
    k->conflict_off = b->conflict_off;
    k->engine = b->engine;
    k->cost = cost;
    k->known = true;
}

void human_keep_restore(const human_kept *k, human_branch *b)
{
    int n = k->nlist + (k->contradiction ? 1 : 0);
    const uint8_t *p = k->data;
    memcpy(b->nest_sig, p, (size_t)n * sizeof b->nest_sig[0]);
    p += (size_t)n * sizeof b->nest_sig[0];
    memcpy(b->pstart, p, (size_t)n * sizeof b->pstart[0]);
    p += (size_t)n * sizeof b->pstart[0];
    memcpy(b->nest_cx, p, (size_t)n * sizeof b->nest_cx[0]);
    p += (size_t)n * sizeof b->nest_cx[0];
    memcpy(b->list, p, (size_t)n * sizeof b->list[0]);
    p += (size_t)n * sizeof b->list[0];
    memcpy(b->pcount, p, (size_t)n * sizeof b->pcount[0]);
    p += (size_t)n * sizeof b->pcount[0];
    memcpy(b->pool, p, (size_t)k->pool_used * sizeof b->pool[0]);
    p += (size_t)k->pool_used * sizeof b->pool[0];
    memcpy(b->cause, p, (size_t)n);
    for (int i = 0; i < n; i++)
        b->slot[b->list[i]] = (uint16_t)i;
    memcpy(b->bits, k->bits, sizeof b->bits);
    b->nlist = b->on_next = b->off_next = k->nlist;
    b->pool_used = k->pool_used;
    b->contradiction = k->contradiction;
    b->conflict_on = k->conflict_on;
    b->conflict_off = k->conflict_off;
    b->engine = k->engine;
}

void human_keep_free(human_kept *k)
{
    free(k->data);
    k->data = NULL;
    k->cap = 0;
    k->known = false;
}
