/* ALS-XZ, ALS-XY-Wing and Death Blossom of the HoDoKu technique set: the first one found in
 * HoDoKu's order of sets and restricted commons, as HoDoKu takes them. */
#include "hodoku_als.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void hodoku_als_chain_nodes(human_step *step, const hodoku_als *const *sets, const int *links,
                            int count)
{
    int z = step->elim_count ? step->elim[0].digit : links[0];
    if (!human_step_chain_begin(step))
        return;
    hodoku_als_node(step, sets[0], z, false);
    for (int i = 0; i + 1 < count; i++) {
        hodoku_als_node(step, sets[i], links[i], true);
        hodoku_als_node(step, sets[i + 1], links[i], false);
    }
    hodoku_als_node(step, sets[count - 1], z, true);
    for (int i = 0; i < count; i++)
        hodoku_als_cells(sets[i], step);
}

/* HoDoKu's checkDoublyLinkedAls: a doubly linked pair is two locked sets, so a's other digits
 * leave the cells that see all their places in a (b's cells excepted). */
static bool hodoku_als_doubly(const hodoku_als *a, const hodoku_als *b, int c1, int c2,
                              human_step *step)
{
    bool any = false;
    for (int d = 1; d <= 9; d++)
        if ((a->cands & HUMAN_BIT(d)) && d != c1 && d != c2)
            any |= hodoku_step_elim_set(step, a->see[d] & ~b->cells, d);
    return any;
}

/* Explain an ALS step of sets (count of them) linked by the digits text. */
static void hodoku_als_explain(human_step *step, const hodoku_als *const *sets, int count,
                               const char *links)
{
    char text[3][96], elims[256];
    for (int i = 0; i < count && i < 3; i++)
        hodoku_als_text(sets[i], text[i], sizeof text[i]);
    human_step_elim_list(step, elims, sizeof elims);
    if (count == 2)
        human_step_explain(step, 0, text[0], text[1], links, elims);
    else
        human_step_explain(step, 0, text[0], text[1], text[2], links, elims);
}

/* HoDoKu's getAlsXZ: the first pair of sets with a restricted common that eliminates. */
bool hodoku_als_xz_in(const hodoku_state *st, const hodoku_alses *a, human_step *step,
                      hodoku_each_fn fn, void *user)
{
    (void)st;
    for (int i = 0; i < a->nrc; i++) {
        const hodoku_rc *rc = &a->rc[i];
        const hodoku_als *x = &a->als[rc->als1], *y = &a->als[rc->als2];
        human_step_begin(step, HUMAN_T_HODOKU_ALS_XZ, 0);
        int r1[4] = {rc->cand1, 0, 0, 0}, r2[4] = {rc->cand2, 0, 0, 0};
        hodoku_als_common_elims(x, y, r1, step);
        if (rc->cand2) {
            hodoku_als_common_elims(x, y, r2, step);
            hodoku_als_doubly(x, y, rc->cand1, rc->cand2, step);
            hodoku_als_doubly(y, x, rc->cand1, rc->cand2, step);
        }
        if (step->elim_count == 0)
            continue;
        const hodoku_als *sets[2] = {x, y};
        int links[1] = {rc->cand1};
        char digits[8];
        snprintf(digits, sizeof digits, rc->cand2 ? "%d,%d" : "%d", rc->cand1, rc->cand2);
        hodoku_als_chain_nodes(step, sets, links, 2);
        hodoku_als_explain(step, sets, 2, digits);
        if (!fn || fn(user, step))
            return true;
    }
    return false;
}

/* The outer sets of two restricted commons that link three different sets through a middle
 * one, c; false when they do not. */
static bool hodoku_als_wing_sets(const hodoku_alses *a, const hodoku_rc *r1, const hodoku_rc *r2,
                                 const hodoku_als **x, const hodoku_als **y, const hodoku_als **c)
{
    int p1[2] = {r1->als1, r1->als2}, p2[2] = {r2->als1, r2->als2};
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++)
            if (p1[i] == p2[j] && p1[1 - i] != p2[1 - j]) {
                *c = &a->als[p1[i]];
                *x = &a->als[p1[1 - i]];
                *y = &a->als[p2[1 - j]];
            }
    return *c != NULL;
}

/* HoDoKu's getAlsXYWing: the first two restricted commons (different digits) of a middle set
 * with two outer sets that eliminate a digit common to the outer sets. */
bool hodoku_als_wing_in(const hodoku_state *st, const hodoku_alses *a, human_step *step,
                        hodoku_each_fn fn, void *user)
{
    (void)st;
    for (int i = 0; i < a->nrc; i++)
        for (int j = i + 1; j < a->nrc; j++) {
            const hodoku_rc *r1 = &a->rc[i], *r2 = &a->rc[j];
            const hodoku_als *x = NULL, *y = NULL, *c = NULL;
            if ((!r1->cand2 && !r2->cand2 && r1->cand1 == r2->cand1) ||
                !hodoku_als_wing_sets(a, r1, r2, &x, &y, &c))
                continue;
            human_set both = x->cells | y->cells;
            if ((x->cells & y->cells) || both == x->cells || both == y->cells)
                continue;
            human_step_begin(step, HUMAN_T_HODOKU_ALS_XY_WING, 0);
            int r[4] = {r1->cand1, r1->cand2, r2->cand1, r2->cand2};
            if (!hodoku_als_common_elims(x, y, r, step))
                continue;
            const hodoku_als *sets[3] = {x, c, y};
            int links[2] = {r1->cand1, r2->cand1};
            char digits[8];
            snprintf(digits, sizeof digits, "%d,%d", r1->cand1, r2->cand1);
            hodoku_als_chain_nodes(step, sets, links, 3);
            const hodoku_als *named[3] = {x, y, c};
            hodoku_als_explain(step, named, 3, digits);
            if (!fn || fn(user, step))
                return true;
        }
    return false;
}

bool hodoku_als_run(hodoku_state *st, human_step *step, hodoku_als_finder find, hodoku_each_fn fn,
                    void *user)
{
    hodoku_alses a = {0};
    bool found = hodoku_alses_collect(&a, st) && find(st, &a, step, fn, user);
    hodoku_alses_free(&a);
    return found;
}

bool hodoku_als_xz(hodoku_state *st, human_step *step)
{
    return hodoku_als_run(st, step, hodoku_als_xz_in, NULL, NULL);
}

bool hodoku_als_xy_wing(hodoku_state *st, human_step *step)
{
    return hodoku_als_run(st, step, hodoku_als_wing_in, NULL, NULL);
}

bool hodoku_als_chain(hodoku_state *st, human_step *step)
{
    return hodoku_als_run(st, step, hodoku_als_chain_in, NULL, NULL);
}

bool hodoku_death_blossom(hodoku_state *st, human_step *step)
{
    return hodoku_als_run(st, step, hodoku_blossom_in, NULL, NULL);
}

void hodoku_als_each(hodoku_state *st, human_technique_id technique, hodoku_each_fn fn, void *user)
{
    static const struct {
        human_technique_id id;
        hodoku_als_finder find;
    } finders[] = {
        {HUMAN_T_HODOKU_ALS_XZ, hodoku_als_xz_in},
        {HUMAN_T_HODOKU_ALS_XY_WING, hodoku_als_wing_in},
        {HUMAN_T_HODOKU_ALS_XY_CHAIN, hodoku_als_chain_in},
        {HUMAN_T_HODOKU_DEATH_BLOSSOM, hodoku_blossom_in},
    };
    human_step *step = malloc(sizeof *step);
    for (size_t i = 0; step && i < sizeof finders / sizeof finders[0]; i++)
        if (finders[i].id == technique)
            hodoku_als_run(st, step, finders[i].find, fn, user);
    free(step);
}
