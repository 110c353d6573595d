/* Human rater, other rules: singles over every house (last cell of a
 * house, hidden singles in boxes or regions first, then in the other
 * houses) and naked singles. */
#include "variant.h"

#include <stdio.h>

bool variant_find_full_house(const variant_state *st, variant_step *step)
{
    const sk_rules *r = st->m->rules;
    for (int h = 0; h < st->m->house_count; h++) {
        int empty = -1, count = 0;
        for (uint32_t k = 0; k < r->houses[h].count; k++)
            if (!st->value[r->houses[h].cells[k]])
                empty = r->houses[h].cells[k], count++;
        if (count != 1 || !human_one_bit(st->cand[empty]))
            continue;
        int d = human_first_digit(st->cand[empty]);
        char name[12];
        variant_cell_name(st->m, empty, name);
        variant_step_begin(step, HUMAN_T_FULL_HOUSE);
        variant_step_place(step, empty, d);
        snprintf(step->where, sizeof step->where, "%s", st->m->house_name[h]);
        variant_step_text(step, "%s is the last empty cell of %s, so it is %d", name,
                          st->m->house_name[h], d);
        return true;
    }
    return false;
}

/* A hidden single in the houses [first, end). */
static bool singles_hidden(const variant_state *st, variant_step *step, int first, int end,
                           human_technique_id id)
{
    int cells[VARIANT_MAX_SIZE];
    for (int h = first; h < end; h++) {
        sk_digits placed = variant_house_placed(st, h);
        for (int d = 1; d <= st->m->size; d++) {
            if ((placed & (1u << (d - 1))) || variant_house_places(st, h, d, cells) != 1)
                continue;
            char name[12];
            variant_cell_name(st->m, cells[0], name);
            variant_step_begin(step, id);
            variant_step_place(step, cells[0], d);
            snprintf(step->where, sizeof step->where, "%s", st->m->house_name[h]);
            variant_step_text(step, "%s is the only place for %d in %s", name, d,
                              st->m->house_name[h]);
            return true;
        }
    }
    return false;
}

bool variant_find_hidden_single_region(const variant_state *st, variant_step *step)
{
    int n = st->m->size;
    return st->m->has_regions && singles_hidden(st, step, 2 * n, 3 * n, HUMAN_T_HIDDEN_SINGLE_BOX);
}

bool variant_find_hidden_single_other(const variant_state *st, variant_step *step)
{
    int n = st->m->size;
    if (!st->m->has_regions)
        return singles_hidden(st, step, 0, st->m->house_count, HUMAN_T_HIDDEN_SINGLE_LINE);
    return singles_hidden(st, step, 0, 2 * n, HUMAN_T_HIDDEN_SINGLE_LINE) ||
           singles_hidden(st, step, 3 * n, st->m->house_count, HUMAN_T_HIDDEN_SINGLE_LINE);
}

bool variant_find_naked_single(const variant_state *st, variant_step *step)
{
    for (int c = 0; c < st->m->cells; c++) {
        if (st->value[c] || !human_one_bit(st->cand[c]))
            continue;
        int d = human_first_digit(st->cand[c]);
        char name[12];
        variant_cell_name(st->m, c, name);
        variant_step_begin(step, HUMAN_T_NAKED_SINGLE);
        variant_step_place(step, c, d);
        snprintf(step->where, sizeof step->where, "cell %s", name);
        variant_step_text(step, "%d is the only candidate left in %s", d, name);
        return true;
    }
    return false;
}
