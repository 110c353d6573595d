/* Singles of the human rater: last cell of a unit, hidden singles, naked singles. */
#include "human.h"

static void human_singles_place(human_step *step, int cell, int d)
{
    step->place = true;
    step->placed = (sk_candidate){(uint8_t)cell, (uint8_t)d};
    human_step_cell(step, cell);
}

bool human_find_full_house(const human_state *st, human_step *step)
{
    for (int u = 0; u < 27; u++) {
        int last = -1, count = 0;
        for (int i = 0; i < 9 && count < 2; i++) {
            int c = st->t->unit_cells[u][i];
            if (!st->value[c]) {
                last = c;
                count++;
            }
        }
        if (count != 1 || human_count(st->cand[last]) != 1)
            continue;
        int d = human_first_digit(st->cand[last]);
        char name[8], unit[12];
        human_cell_name(last, name);
        human_unit_name(u, unit);
        human_step_begin(step, HUMAN_T_FULL_HOUSE, 1.0);
        human_singles_place(step, last, d);
        human_step_explain(step, 0, name, unit, d);
        return true;
    }
    return false;
}

/* Hidden singles in units [first, last). */
static bool human_singles_hidden(const human_state *st, human_step *step, int first, int last,
                                 human_technique_id technique, double rating)
{
    for (int u = first; u < last; u++) {
        const uint8_t *cells = st->t->unit_cells[u];
        uint16_t once = 0, twice = 0;
        for (int i = 0; i < 9; i++) {
            twice |= once & st->cand[cells[i]];
            once |= st->cand[cells[i]];
        }
        uint16_t single = once & (uint16_t)~twice;
        if (!single)
            continue;
        int d = human_first_digit(single);
        for (int i = 0; i < 9; i++) {
            int c = cells[i];
            if (!(st->cand[c] & HUMAN_BIT(d)))
                continue;
            char name[8], unit[12];
            human_cell_name(c, name);
            human_unit_name(u, unit);
            human_step_begin(step, technique, rating);
            human_singles_place(step, c, d);
            human_step_explain(step, 0, name, unit, d);
            return true;
        }
    }
    return false;
}

bool human_find_hidden_single_box(const human_state *st, human_step *step)
{
    return human_singles_hidden(st, step, 18, 27, HUMAN_T_HIDDEN_SINGLE_BOX, 1.2);
}

bool human_find_hidden_single_line(const human_state *st, human_step *step)
{
    return human_singles_hidden(st, step, 0, 18, HUMAN_T_HIDDEN_SINGLE_LINE, 1.5);
}

bool human_find_naked_single(const human_state *st, human_step *step)
{
    for (int c = 0; c < 81; c++) {
        if (st->value[c] || human_count(st->cand[c]) != 1)
            continue;
        int d = human_first_digit(st->cand[c]);
        char name[8];
        human_cell_name(c, name);
        human_step_begin(step, HUMAN_T_NAKED_SINGLE, 2.3);
        human_singles_place(step, c, d);
        human_step_explain(step, 0, d, name);
        return true;
    }
    return false;
}

bool human_direct_single(const human_state *st, human_step *step, int unit, int d,
                         human_set excluded)
{
    uint16_t pos = human_unit_positions(st, unit, d);
    if (human_count(pos) < 2)
        return false;
    int target = -1, left = 0;
    for (uint16_t p = pos; p; p &= (uint16_t)(p - 1)) {
        int c = st->t->unit_cells[unit][__builtin_ctz(p)];
        if (!(excluded & human_set_one(c))) {
            target = c;
            left++;
        }
    }
    if (left != 1)
        return false;
    char name[8], unit_name[12];
    human_cell_name(target, name);
    human_unit_name(unit, unit_name);
    /* As SE, the direct step only places the digit: the pattern's removals
     * explain it but are not made. */
    step->elim_count = 0;
    step->place = true;
    step->placed = (sk_candidate){(uint8_t)target, (uint8_t)d};
    human_step_explain_more(step, 1, name, unit_name, d);
    return true;
}
