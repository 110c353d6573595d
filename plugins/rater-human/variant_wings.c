/* Human rater, other rules: the XY-wing. A pivot with candidates xy sees
 * two pincers xz and yz (through any house, group or relation that makes
 * cells differ); z leaves every cell that sees both pincers. */
#include "variant.h"

#include <stdio.h>

/* The XY-wing of pivot and pincers a, b on digit z; false when it removes nothing. */
static bool wing_found(const variant_state *st, variant_step *step, int pivot, int a, int b, int z)
{
    const variant_model *m = st->m;
    variant_step_begin(step, HUMAN_T_XY_WING);
    variant_step_cell(step, pivot);
    variant_step_cell(step, a);
    variant_step_cell(step, b);
    for (int c = 0; c < m->cells; c++)
        if (c != a && c != b && (st->cand[c] & (1u << (z - 1))) && variant_sees(m, c, a) &&
            variant_sees(m, c, b))
            variant_step_elim(step, c, z);
    if (step->elim_count == 0)
        return false;
    char p[12], x[12], y[12];
    variant_cell_name(m, pivot, p);
    variant_cell_name(m, a, x);
    variant_cell_name(m, b, y);
    snprintf(step->where, sizeof step->where, "cells %s, %s, %s", p, x, y);
    variant_step_text(step,
                      "XY-wing: whatever %s holds, %s or %s is %d, so %d leaves every cell "
                      "that sees both",
                      p, x, y, z, z);
    return true;
}

bool variant_find_xy_wing(const variant_state *st, variant_step *step)
{
    const variant_model *m = st->m;
    for (int pivot = 0; pivot < m->cells; pivot++) {
        sk_digits xy = st->cand[pivot];
        if (st->value[pivot] || !human_two_bits(xy))
            continue;
        for (int a = 0; a < m->cells; a++) {
            sk_digits xz = st->cand[a];
            if (a == pivot || !human_two_bits(xz) || !human_one_bit(xz & xy) ||
                !variant_sees(m, pivot, a))
                continue;
            sk_digits z = xz & ~xy, yz = (xy & ~xz) | z;
            for (int b = a + 1; b < m->cells; b++)
                if (b != pivot && st->cand[b] == yz && variant_sees(m, pivot, b) &&
                    wing_found(st, step, pivot, a, b, human_first_digit(z)))
                    return true;
        }
    }
    return false;
}
