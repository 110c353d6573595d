/* Intersections of the human rater: pointing and claiming, plain and direct. */
#include "human.h"

/* Find a box/line intersection. pointing: the digit of a box lies in one
 * line (removed from the rest of the line); else the digit of a line lies
 * in one box (removed from the rest of the box). direct: only accept a
 * pattern whose removals leave a hidden single of the digit in another unit
 * of the same kind (box for pointing, row or column for claiming), which is
 * then placed, as SE's direct intersections do. */
static bool human_intersect(const human_state *st, human_step *step, bool pointing, bool direct,
                            human_technique_id technique, double rating)
{
    const human_tables *t = st->t;
    int first = pointing ? 18 : 0, last = pointing ? 27 : 18;
    for (int u = first; u < last; u++) {
        for (int d = 1; d <= 9; d++) {
            uint16_t pos = human_unit_positions(st, u, d);
            if (human_count(pos) < 2)
                continue;
            human_set cells = 0;
            for (uint16_t p = pos; p; p &= (uint16_t)(p - 1))
                cells |= human_set_one(t->unit_cells[u][__builtin_ctz(p)]);
            int c0 = human_set_first(cells);
            for (int k = 0; k < 3; k++) {
                int other = t->cell_units[c0][k];
                if (other == u || (pointing ? other >= 18 : other < 18))
                    continue;
                if ((cells & t->unit_set[other]) != cells)
                    continue;
                human_step_begin(step, technique, rating);
                if (!human_step_elim_set(step, st, t->unit_set[other] & ~t->unit_set[u], d))
                    continue;
                for (human_set s = cells; s; s &= s - 1)
                    human_step_cell(step, human_set_first(s));
                char from[12], to[12];
                human_unit_name(u, from);
                human_unit_name(other, to);
                human_step_explain(step, 0, from, d, to, d, to);
                if (!direct)
                    return true;
                /* SE's direct form: another unit of u's kind crossing
                 * other is left with one place for d. */
                for (int u3 = first; u3 < last; u3++) {
                    if (u3 == u || (pointing ? false : (u3 < 9) != (u < 9)) ||
                        !(t->unit_set[u3] & t->unit_set[other]))
                        continue;
                    if (human_direct_single(st, step, u3, d, t->unit_set[other]))
                        return true;
                }
            }
        }
    }
    return false;
}

bool human_find_direct_pointing(const human_state *st, human_step *step)
{
    return human_intersect(st, step, true, true, HUMAN_T_DIRECT_POINTING, 1.7);
}

bool human_find_direct_claiming(const human_state *st, human_step *step)
{
    return human_intersect(st, step, false, true, HUMAN_T_DIRECT_CLAIMING, 1.9);
}

bool human_find_pointing(const human_state *st, human_step *step)
{
    return human_intersect(st, step, true, false, HUMAN_T_POINTING, 2.6);
}

bool human_find_claiming(const human_state *st, human_step *step)
{
    return human_intersect(st, step, false, false, HUMAN_T_CLAIMING, 2.8);
}
