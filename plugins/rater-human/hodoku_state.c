/* The grid of the HoDoKu technique set: candidates, places per unit and the singles queues,
 * kept up to date move by move in the order HoDoKu keeps them. */
#include "hodoku.h"

#include <stdlib.h>
#include <string.h>

static void hodoku_queue_add(hodoku_queue *q, int cell, int d)
{
    if (q->put >= 243)
        return;
    q->cell[q->put] = (uint8_t)cell;
    q->digit[q->put++] = (uint8_t)d;
}

/* Drop entry i of q, keeping the order of the others. */
static void hodoku_queue_drop(hodoku_queue *q, int i)
{
    memmove(q->cell + i, q->cell + i + 1, (size_t)(q->put - i - 1));
    memmove(q->digit + i, q->digit + i + 1, (size_t)(q->put - i - 1));
    q->put--;
}

/* Queue the one place of d in unit u as a hidden single. */
static void hodoku_queue_hidden(hodoku_state *st, int u, int d)
{
    for (int i = 0; i < 9; i++) {
        int c = st->t->unit_cells[u][i];
        if (st->cand[c] & HUMAN_BIT(d)) {
            hodoku_queue_add(&st->hidden, c, d);
            return;
        }
    }
}

/* Forget the queued hidden single of d in unit u (its place is gone). */
static void hodoku_forget_hidden(hodoku_state *st, int u, int d)
{
    hodoku_queue *q = &st->hidden;
    for (int i = q->get; i < q->put; i++) {
        int c = q->cell[i];
        if (q->digit[i] == d && (st->t->cell_units[c][0] == u || st->t->cell_units[c][1] == u ||
                                 st->t->cell_units[c][2] == u)) {
            hodoku_queue_drop(q, i);
            return;
        }
    }
}

void hodoku_remove(hodoku_state *st, int cell, int d)
{
    uint16_t bit = HUMAN_BIT(d);
    if (!(st->cand[cell] & bit))
        return;
    st->cand[cell] &= (uint16_t)~bit;
    st->holds[d] &= ~human_set_one(cell);
    if (!st->cand[cell]) {
        st->broken = true;
        return;
    }
    if (human_one_bit(st->cand[cell]))
        hodoku_queue_add(&st->naked, cell, human_first_digit(st->cand[cell]));
    for (int k = 0; k < 3; k++) {
        int u = st->t->cell_units[cell][k];
        int left = --st->free[u][d];
        if (left == 1)
            hodoku_queue_hidden(st, u, d);
        else if (left == 0)
            hodoku_forget_hidden(st, u, d);
    }
}

void hodoku_place(hodoku_state *st, int cell, int d)
{
    if (st->value[cell] == d)
        return;
    uint16_t had = st->cand[cell];
    st->value[cell] = (uint8_t)d;
    st->cand[cell] = 0;
    for (int e = 1; e <= 9; e++)
        st->holds[e] &= ~human_set_one(cell);
    st->unsolved--;
    for (int i = 0; i < 20; i++)
        hodoku_remove(st, st->t->peer_list[cell][i], d);
    for (uint16_t m = had; m; m &= (uint16_t)(m - 1)) {
        int e = __builtin_ctz(m) + 1;
        for (int k = 0; k < 3; k++) {
            int u = st->t->cell_units[cell][k];
            int left = --st->free[u][e];
            if (left == 1 && e != d)
                hodoku_queue_hidden(st, u, e);
            else if (left == 0 && e != d)
                st->broken = true;
        }
    }
}

void hodoku_state_start(hodoku_state *st, const human_tables *t, const sk_grid *grid)
{
    hodoku_tabling *kept = st->tabling;
    memset(st, 0, sizeof *st);
    st->tabling = kept;
    st->t = t;
    st->unsolved = 81;
    for (int c = 0; c < 81; c++)
        st->cand[c] = HUMAN_ALL;
    for (int d = 1; d <= 9; d++) {
        st->holds[d] = 0;
        for (int c = 0; c < 81; c++)
            st->holds[d] |= human_set_one(c);
        for (int u = 0; u < 27; u++)
            st->free[u][d] = 9;
    }
    for (int c = 0; c < 81; c++) {
        if (grid->cells[c]) {
            st->given[c] = true;
            hodoku_place(st, c, grid->cells[c]);
        }
    }
}

void hodoku_state_release(hodoku_state *st)
{
    free(st->tabling);
    st->tabling = NULL;
}

void hodoku_apply(hodoku_state *st, const human_step *step)
{
    for (int i = 0; i < step->elim_count; i++)
        hodoku_remove(st, step->elim[i].cell, step->elim[i].digit);
    if (step->place)
        hodoku_place(st, step->placed.cell, step->placed.digit);
}

human_set hodoku_allowed(const hodoku_state *st, int d)
{
    human_set allowed = 0;
    for (int c = 0; c < 81; c++)
        if (!st->value[c])
            allowed |= human_set_one(c);
    for (int c = 0; c < 81; c++)
        if (st->value[c] == d)
            allowed &= ~st->t->peers[c];
    return allowed;
}

human_set hodoku_buddies(const human_tables *t, human_set cells)
{
    human_set out = ~(human_set)0;
    for (human_set s = cells; s; s &= s - 1)
        out &= t->peers[human_set_first(s)];
    return out & (((human_set)1 << 81) - 1);
}

void hodoku_step_sort_elims(human_step *step)
{
    for (int i = 1; i < step->elim_count; i++) {
        sk_candidate c = step->elim[i];
        int j = i;
        for (; j > 0 && (step->elim[j - 1].digit > c.digit ||
                         (step->elim[j - 1].digit == c.digit && step->elim[j - 1].cell > c.cell));
             j--)
            step->elim[j] = step->elim[j - 1];
        step->elim[j] = c;
    }
}

bool hodoku_step_elim_set(human_step *step, human_set targets, int d)
{
    for (human_set s = targets; s; s &= s - 1)
        human_step_elim(step, human_set_first(s), d);
    return targets != 0;
}

void hodoku_view(const hodoku_state *st, human_state *view)
{
    view->t = st->t;
    memcpy(view->cand, st->cand, sizeof view->cand);
    memcpy(view->value, st->value, sizeof view->value);
    view->empty = st->unsolved;
}
