/* Human rater, other rules: intersections between any two houses. When
 * every place of a digit in one house lies in a second house, the digit
 * leaves the second house's other cells: pointing when the first house is
 * a box or region, claiming otherwise (a row, a column, a diagonal...). */
#include "variant.h"

#include <stdio.h>

/* The intersection of digit d from house base onto house cover, into
 * step; false when it removes nothing. */
static bool intersection_of(const variant_state *st, variant_step *step, int base, int cover, int d,
                            human_technique_id id)
{
    const variant_model *m = st->m;
    int cells[VARIANT_MAX_SIZE];
    int n = variant_house_places(st, base, d, cells);
    if (n < 2 || (variant_house_placed(st, base) & (1u << (d - 1))))
        return false;
    for (int i = 0; i < n; i++)
        if (!variant_cells_has(&m->house_set[cover], cells[i]))
            return false;
    int targets[VARIANT_MAX_SIZE];
    int t = variant_house_places(st, cover, d, targets);
    if (t == n)
        return false;
    variant_step_begin(step, id);
    for (int i = 0; i < n; i++)
        variant_step_cell(step, cells[i]);
    for (int i = 0; i < t; i++)
        if (!variant_cells_has(&m->house_set[base], targets[i]))
            variant_step_elim(step, targets[i], d);
    snprintf(step->where, sizeof step->where, "%s and %s", m->house_name[base],
             m->house_name[cover]);
    variant_step_text(step, "%d in %s can only be where it meets %s, so %d leaves the rest of %s",
                      d, m->house_name[base], m->house_name[cover], d, m->house_name[cover]);
    return true;
}

/* Intersections whose base house is (region) or is not a box or region. */
static bool intersections(const variant_state *st, variant_step *step, bool region)
{
    const variant_model *m = st->m;
    int n = m->size;
    human_technique_id id = region ? HUMAN_T_POINTING : HUMAN_T_CLAIMING;
    for (int d = 1; d <= n; d++)
        for (int i = 0; i < m->cross_count; i++) {
            int pair[2] = {m->crosses[i].first, m->crosses[i].second};
            for (int side = 0; side < 2; side++) {
                int base = pair[side], cover = pair[1 - side];
                bool is_region = m->has_regions && base >= 2 * n && base < 3 * n;
                if (is_region == region && intersection_of(st, step, base, cover, d, id))
                    return true;
            }
        }
    return false;
}

bool variant_find_pointing(const variant_state *st, variant_step *step)
{
    return intersections(st, step, true);
}

bool variant_find_claiming(const variant_state *st, variant_step *step)
{
    return intersections(st, step, false);
}
