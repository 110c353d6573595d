/* Death Blossom of the HoDoKu technique set (off in HoDoKu's default set): a stem cell whose
 * every candidate is a restricted common with a set of its own (a petal), the first found in
 * HoDoKu's order. */
#include "hodoku_als.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Petals a stem may have per digit (as HoDoKu keeps them). */
#define HODOKU_PETALS 100

/* The sets whose places of a digit all see a cell, for every cell and digit. */
typedef struct hodoku_petals {
    int count[81][10];
    int set[81][10][HODOKU_PETALS];
} hodoku_petals;

typedef struct hodoku_blossom {
    const hodoku_state *st;
    const hodoku_alses *a;
    int stem, max_digit;
    const int *count; /* the stem's petals of each digit */
    const int (*petals)[HODOKU_PETALS];
    int chosen[10];    /* the petal of each digit, -1 none */
    human_set cells;   /* cells of the petals chosen */
    uint16_t common;   /* digits of every petal chosen */
    hodoku_each_fn fn; /* every blossom to fn, when set */
    void *user;
} hodoku_blossom;

/* The eliminations of the petals chosen: a digit of every petal not in the stem leaves the
 * cells seeing all its places in the petals. True when any. */
static bool hodoku_blossom_elims(hodoku_blossom *b, human_step *step)
{
    bool any = false;
    for (int z = 1; z <= 9; z++) {
        if (!(b->common & HUMAN_BIT(z)) || b->chosen[z] != -1)
            continue;
        human_set places = 0;
        for (int d = 0; d <= 9; d++)
            if (b->chosen[d] != -1)
                places |= b->a->als[b->chosen[d]].per[z];
        human_set s = hodoku_buddies(b->st->t, places) & ~b->cells & ~human_set_one(b->stem) &
                      b->st->holds[z];
        any |= hodoku_step_elim_set(step, s, z);
    }
    return any;
}

/* The step of the petals chosen: one chain per petal, the stem's digit linking it. */
static void hodoku_blossom_step(const hodoku_blossom *b, human_step *step)
{
    char stem[8], petals[512] = "", elims[256];
    size_t used = 0;
    human_cell_name(b->stem, stem);
    human_step_cell(step, b->stem);
    for (int d = 1; d <= 9; d++) {
        if (b->chosen[d] == -1)
            continue;
        const hodoku_als *petal = &b->a->als[b->chosen[d]];
        if (human_step_chain_begin(step)) {
            human_step_chain_node(step, b->stem, d, true);
            hodoku_als_node(step, petal, d, false);
        }
        hodoku_als_cells(petal, step);
        char text[96];
        hodoku_als_text(petal, text, sizeof text);
        used += (size_t)snprintf(petals + used, used < sizeof petals ? sizeof petals - used : 0,
                                 "%s%d: %s", used ? ", " : "", d, text);
    }
    human_step_elim_list(step, elims, sizeof elims);
    human_step_explain(step, 0, stem, petals, elims);
}

/* HoDoKu's checkAlsDeathBlossomRecursive from digit d on. */
static bool hodoku_blossom_from(hodoku_blossom *b, int d, human_step *step)
{
    if (d > b->max_digit)
        return false;
    if (b->count[d] == 0) {
        b->chosen[d] = -1;
        return hodoku_blossom_from(b, d + 1, step);
    }
    for (int i = 0; i < b->count[d]; i++) {
        const hodoku_als *petal = &b->a->als[b->petals[d][i]];
        if ((petal->cells & b->cells) || !(b->common & petal->cands))
            continue;
        b->chosen[d] = b->petals[d][i];
        uint16_t lost = (uint16_t)(b->common & ~petal->cands);
        b->common &= petal->cands;
        b->cells |= petal->cells;
        if (d < b->max_digit) {
            if (hodoku_blossom_from(b, d + 1, step))
                return true;
        } else {
            human_step_begin(step, HUMAN_T_HODOKU_DEATH_BLOSSOM, 0);
            if (hodoku_blossom_elims(b, step)) {
                hodoku_blossom_step(b, step);
                if (!b->fn || b->fn(b->user, step))
                    return true;
            }
        }
        b->common |= lost;
        b->cells &= ~petal->cells;
    }
    return false;
}

/* HoDoKu's collectAllRCsForDeathBlossom: the petals of every cell; their digits in mask. */
static void hodoku_blossom_petals(const hodoku_alses *a, hodoku_petals *p, uint16_t mask[81])
{
    memset(p->count, 0, sizeof p->count);
    for (int i = 0; i < a->count; i++)
        for (int d = 1; d <= 9; d++)
            for (human_set s = a->als[i].see[d]; s; s &= s - 1) {
                int c = human_set_first(s);
                if (p->count[c][d] < HODOKU_PETALS) {
                    p->set[c][d][p->count[c][d]++] = i;
                    mask[c] |= HUMAN_BIT(d);
                }
            }
}

/* Every stem whose candidates all have petals, in cell order: the first blossom found. */
bool hodoku_blossom_in(const hodoku_state *st, const hodoku_alses *a, human_step *step,
                       hodoku_each_fn fn, void *user)
{
    hodoku_petals *p = malloc(sizeof *p);
    uint16_t mask[81] = {0};
    bool found = false;
    if (p)
        hodoku_blossom_petals(a, p, mask);
    for (int c = 0; p && c < 81 && !found; c++) {
        if (st->value[c] || !mask[c] || st->cand[c] != mask[c])
            continue;
        hodoku_blossom b = {.st = st,
                            .a = a,
                            .stem = c,
                            .count = p->count[c],
                            .petals = p->set[c],
                            .common = HUMAN_ALL,
                            .fn = fn,
                            .user = user};
        b.max_digit = 32 - __builtin_clz(mask[c]);
        for (int d = 0; d <= 9; d++)
            b.chosen[d] = -1;
        found = hodoku_blossom_from(&b, 1, step);
    }
    free(p);
    return found;
}
