/* Memo of the rules run inside branches: a rule's hints on a grid, kept by that grid. */
#include "human_chaining.h"

#include <stdlib.h>
#include <string.h>

/* Sizes: hash slots (a power of two, at least twice the grids), grids and
 * hints kept. When either store is full the memo starts again empty. */
#define MEMO_SLOTS (1u << 15)
#define MEMO_GRIDS 12288u
#define MEMO_HINTS 49152u

/* The rules' results on one grid. */
typedef struct memo_grid {
    uint64_t hash;
    uint16_t cand[81];
    uint8_t value[81];
    human_memo_list lists[HUMAN_RULES];
} memo_grid;

struct human_memo {
    uint32_t slots[MEMO_SLOTS]; /* 0: free, else grid index + 1 */
    memo_grid *grids;
    uint32_t ngrids;
    human_hint *hints;
    uint32_t nhints;
};

human_memo *human_memo_new(void)
{
    human_memo *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->grids = malloc(MEMO_GRIDS * sizeof m->grids[0]);
    m->hints = malloc(MEMO_HINTS * sizeof m->hints[0]);
    if (!m->grids || !m->hints) {
        human_memo_free(m);
        return NULL;
    }
    return m;
}

void human_memo_free(human_memo *m)
{
    if (!m)
        return;
    free(m->grids);
    free(m->hints);
    free(m);
}

void human_memo_key_of(human_memo_key *key, const human_state *g)
{
    uint64_t h = 1469598103934665603ull;
    for (int c = 0; c < 81; c++)
        h = (h ^ (g->cand[c] | (uint64_t)g->value[c] << 16)) * 1099511628211ull;
    key->hash = h;
    key->grid = g;
}

/* The slot of key's grid: the grid's own, or the free one it would take. */
static uint32_t memo_slot(const human_memo *m, const human_memo_key *key)
{
    uint32_t i = (uint32_t)(key->hash ^ key->hash >> 32) & (MEMO_SLOTS - 1);
    for (;; i = (i + 1) & (MEMO_SLOTS - 1)) {
        uint32_t s = m->slots[i];
        if (s == 0)
            return i;
        const memo_grid *e = &m->grids[s - 1];
        if (e->hash == key->hash && memcmp(e->cand, key->grid->cand, sizeof e->cand) == 0 &&
            memcmp(e->value, key->grid->value, sizeof e->value) == 0)
            return i;
    }
}

const human_memo_list *human_memo_get(const human_memo *m, const human_memo_key *key, int rule)
{
    uint32_t s = m->slots[memo_slot(m, key)];
    if (s == 0 || !m->grids[s - 1].lists[rule].known)
        return NULL;
    return &m->grids[s - 1].lists[rule];
}

static void memo_clear(human_memo *m)
{
    memset(m->slots, 0, sizeof m->slots);
    m->ngrids = m->nhints = 0;
}

const human_hint *human_memo_hints(const human_memo *m, const human_memo_list *list)
{
    return m->hints + list->first;
}

const human_memo_list *human_memo_put(human_memo *m, const human_memo_key *key, int rule,
                                      const human_hint *hints, int count, uint64_t cost,
                                      bool overflow)
{
    if ((uint32_t)count > MEMO_HINTS)
        return NULL;
    if (m->nhints + (uint32_t)count > MEMO_HINTS)
        memo_clear(m);
    uint32_t i = memo_slot(m, key);
    if (m->slots[i] == 0) {
        if (m->ngrids == MEMO_GRIDS) {
            memo_clear(m);
            i = memo_slot(m, key);
        }
        memo_grid *e = &m->grids[m->ngrids++];
        e->hash = key->hash;
        memcpy(e->cand, key->grid->cand, sizeof e->cand);
        memcpy(e->value, key->grid->value, sizeof e->value);
        memset(e->lists, 0, sizeof e->lists);
        m->slots[i] = m->ngrids;
    }
    human_memo_list *list = &m->grids[m->slots[i] - 1].lists[rule];
    list->known = true;
    list->overflow = overflow;
    list->cost = cost;
    list->first = m->nhints;
    list->count = (uint32_t)count;
    memcpy(m->hints + m->nhints, hints, (size_t)count * sizeof hints[0]);
    m->nhints += (uint32_t)count;
    return list;
}
