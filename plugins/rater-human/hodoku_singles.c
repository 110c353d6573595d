/* Singles of the HoDoKu technique set: full house, naked and hidden single, taken from the
 * queues in the order they appeared, as HoDoKu takes them. */
#include "hodoku.h"

/* Begin a placement of d in cell by technique. */
static void hodoku_single_step(human_step *step, human_technique_id technique, int cell, int d)
{
    human_step_begin(step, technique, 0);
    step->place = true;
    step->placed = (sk_candidate){(uint8_t)cell, (uint8_t)d};
    human_step_cell(step, cell);
}

/* The unit of cell in which every digit but d is placed, or -1. */
static int hodoku_full_unit(const hodoku_state *st, int cell, int d)
{
    for (int k = 0; k < 3; k++) {
        int u = st->t->cell_units[cell][k];
        bool full = true;
        for (int e = 1; e <= 9 && full; e++)
            full = e == d || st->free[u][e] == 0;
        if (full)
            return u;
    }
    return -1;
}

bool hodoku_full_house(hodoku_state *st, human_step *step)
{
    const hodoku_queue *q = &st->naked;
    for (int i = q->get; i < q->put; i++) {
        int cell = q->cell[i], d = q->digit[i];
        if (st->value[cell])
            continue;
        int u = hodoku_full_unit(st, cell, d);
        if (u < 0)
            continue;
        char name[8], unit[12];
        human_cell_name(cell, name);
        human_unit_name(u, unit);
        hodoku_single_step(step, HUMAN_T_HODOKU_FULL_HOUSE, cell, d);
        human_step_explain(step, 0, name, unit, d);
        return true;
    }
    return false;
}

/* Take the next entry of q (HoDoKu empties a queue as it reads it): its
 * index, or -1 when q is empty. */
static int hodoku_queue_take(hodoku_queue *q)
{
    if (q->get >= q->put)
        return -1;
    int i = q->get++;
    if (q->get >= q->put)
        q->get = q->put = 0;
    return i;
}

bool hodoku_naked_single(hodoku_state *st, human_step *step)
{
    int i;
    while ((i = hodoku_queue_take(&st->naked)) >= 0) {
        int cell = st->naked.cell[i], d = st->naked.digit[i];
        if (st->value[cell])
            continue;
        char name[8];
        human_cell_name(cell, name);
        hodoku_single_step(step, HUMAN_T_HODOKU_NAKED_SINGLE, cell, d);
        human_step_explain(step, 0, d, name);
        return true;
    }
    return false;
}

bool hodoku_hidden_single(hodoku_state *st, human_step *step)
{
    int i;
    while ((i = hodoku_queue_take(&st->hidden)) >= 0) {
        int cell = st->hidden.cell[i], d = st->hidden.digit[i];
        if (st->value[cell])
            continue;
        /* The first entry of an empty cell decides, as in HoDoKu: when it
         * is no longer a single, no hidden single is reported now. */
        for (int k = 0; k < 3; k++) {
            int u = st->t->cell_units[cell][k];
            if (st->free[u][d] != 1)
                continue;
            char name[8], unit[12];
            human_cell_name(cell, name);
            human_unit_name(u, unit);
            hodoku_single_step(step, HUMAN_T_HODOKU_HIDDEN_SINGLE, cell, d);
            human_step_explain(step, 0, name, unit, d);
            return true;
        }
        return false;
    }
    return false;
}
