/* Wings of the human rater: XY-wing and XYZ-wing. */
#include "human.h"

/* A pivot with two pincers seeing it: pincer a holds {x,z}, b holds {y,z}
 * where the pivot holds x and y (and z too for an XYZ-wing). */
static bool human_wing(const human_state *st, human_step *step, bool xyz)
{
    const human_tables *t = st->t;
    for (int p = 0; p < 81; p++) {
        uint16_t pm = st->cand[p];
        if (human_count(pm) != (xyz ? 3 : 2))
            continue;
        for (human_set sa = t->peers[p]; sa; sa &= sa - 1) {
            int a = human_set_first(sa);
            uint16_t am = st->cand[a];
            if (human_count(am) != 2)
                continue;
            uint16_t shared_a = am & pm;
            if (xyz ? shared_a != am : human_count(shared_a) != 1)
                continue;
            for (human_set sb = sa & (sa - 1); sb; sb &= sb - 1) {
                int b = human_set_first(sb);
                if (!human_set_has(t->peers[p], b))
                    continue;
                uint16_t bm = st->cand[b];
                if (human_count(bm) != 2 || bm == am)
                    continue;
                uint16_t z;
                if (xyz) {
                    if ((bm & pm) != bm)
                        continue;
                    z = am & bm;
                } else {
                    z = am & bm;
                    if (human_count(z) != 1 || (z & pm) || (am | bm | pm) != (pm | z))
                        continue;
                }
                if (human_count(z) != 1)
                    continue;
                int zd = human_first_digit(z);
                human_set targets = t->peers[a] & t->peers[b];
                targets &= xyz ? t->peers[p] : ~human_set_one(p);
                human_step_begin(step, xyz ? HUMAN_T_XYZ_WING : HUMAN_T_XY_WING, xyz ? 4.4 : 4.2);
                if (!human_step_elim_set(step, st, targets, zd))
                    continue;
                human_step_cell(step, p);
                human_step_cell(step, a);
                human_step_cell(step, b);
                char pn[8], an[8], bn[8];
                human_cell_name(p, pn);
                human_cell_name(a, an);
                human_cell_name(b, bn);
                human_step_explain(step, 0, pn, an, bn, zd, zd);
                return true;
            }
        }
    }
    return false;
}

bool human_find_xy_wing(const human_state *st, human_step *step)
{
    return human_wing(st, step, false);
}

bool human_find_xyz_wing(const human_state *st, human_step *step)
{
    return human_wing(st, step, true);
}
