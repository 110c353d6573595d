/* Human rater, other rules: a cage's intersection with a house. A digit
 * every combination of a cage's sum holds must be in the cage; when its
 * places in the cage all lie in one house, it leaves the house's other
 * cells. Rated as a claiming (an intersection whose base is not a box). */
#include "variant.h"

#include <stdio.h>

/* Cage g's digit d onto house h: false when its places are not all in h or
 * it removes nothing. */
static bool cage_onto(const variant_state *st, variant_step *step, int g, int d, int h)
{
    const variant_model *m = st->m;
    const sk_rules_group *cage = &m->rules->groups[g];
    sk_digits bit = 1u << (d - 1);
    variant_cells in_cage = {{0}};
    for (uint32_t k = 0; k < cage->count; k++) {
        int c = cage->cells[k];
        variant_cells_add(&in_cage, c);
        if ((st->cand[c] & bit) && !variant_cells_has(&m->house_set[h], c))
            return false;
    }
    variant_step_begin_named(step, "Cage pointing", human_technique_of(HUMAN_T_CLAIMING)->rating);
    const sk_rules_house *house = &m->rules->houses[h];
    for (uint32_t k = 0; k < house->count; k++) {
        int c = house->cells[k];
        if (variant_cells_has(&in_cage, c))
            variant_step_cell(step, c);
        else if (st->cand[c] & bit)
            variant_step_elim(step, c, d);
    }
    if (step->elim_count == 0)
        return false;
    char name[64];
    variant_constraint_name(m, cage->mark, cage->sum, cage->cells[0], name, sizeof name);
    snprintf(step->where, sizeof step->where, "%s and %s", name, m->house_name[h]);
    variant_step_text(step,
                      "every way to make the sum of %s holds %d, whose places in it are all "
                      "in %s, so %d leaves the rest of %s",
                      name, d, m->house_name[h], d, m->house_name[h]);
    return true;
}

bool variant_find_cage_pointing(const variant_state *st, variant_step *step)
{
    const variant_model *m = st->m;
    const sk_rules *r = m->rules;
    for (uint32_t g = 0; g < r->group_count; g++) {
        if (r->groups[g].sum <= 0)
            continue;
        sk_digits fit, need, placed = 0;
        variant_cage_digits(st, (int)g, &fit, &need);
        int first = -1, places = 0;
        for (uint32_t k = 0; k < r->groups[g].count; k++)
            if (st->value[r->groups[g].cells[k]])
                placed |= 1u << (st->value[r->groups[g].cells[k]] - 1);
        for (sk_digits x = need & ~placed; x; x &= x - 1) {
            int d = human_first_digit(x);
            first = -1, places = 0;
            for (uint32_t k = 0; k < r->groups[g].count; k++)
                if (st->cand[r->groups[g].cells[k]] & (1u << (d - 1)))
                    first = first < 0 ? r->groups[g].cells[k] : first, places++;
            for (int h = 0; places >= 1 && h < m->house_count; h++)
                if (variant_cells_has(&m->house_set[h], first) && cage_onto(st, step, (int)g, d, h))
                    return true;
        }
    }
    return false;
}
