/* Aligned pair exclusion of the human rater (SE 6.2). */
#include "human.h"

#include <stdio.h>

/* True when digits a and b can stand together in two cells of one unit:
 * not the same digit, and no cell of common (seeing both) is emptied. */
static bool human_ape_allowed(const human_state *st, int a, int b, human_set common)
{
    if (a == b)
        return false;
    uint16_t ab = HUMAN_BIT(a) | HUMAN_BIT(b);
    for (human_set s = common; s; s &= s - 1) {
        int c = human_set_first(s);
        if (!st->value[c] && (st->cand[c] & (uint16_t)~ab) == 0)
            return false;
    }
    return true;
}

bool human_find_aligned_pair_exclusion(const human_state *st, human_step *step)
{
    const human_tables *t = st->t;
    for (int p = 0; p < 81; p++) {
        if (st->value[p])
            continue;
        for (human_set sq = t->peers[p]; sq; sq &= sq - 1) {
            int q = human_set_first(sq);
            if (q < p || st->value[q])
                continue;
            human_set common = t->peers[p] & t->peers[q];
            /* Only cells with two candidates can be emptied by a pair. */
            human_set small = 0;
            for (human_set s = common; s; s &= s - 1) {
                int c = human_set_first(s);
                if (!st->value[c] && human_count(st->cand[c]) == 2)
                    small |= human_set_one(c);
            }
            if (!small)
                continue;
            uint16_t keep_p = 0, keep_q = 0;
            for (uint16_t mp = st->cand[p]; mp; mp &= (uint16_t)(mp - 1))
                for (uint16_t mq = st->cand[q]; mq; mq &= (uint16_t)(mq - 1)) {
                    int a = __builtin_ctz(mp) + 1, b = __builtin_ctz(mq) + 1;
                    if (human_ape_allowed(st, a, b, small)) {
                        keep_p |= HUMAN_BIT(a);
                        keep_q |= HUMAN_BIT(b);
                    }
                }
            uint16_t drop_p = st->cand[p] & (uint16_t)~keep_p;
            uint16_t drop_q = st->cand[q] & (uint16_t)~keep_q;
            if (!drop_p && !drop_q)
                continue;
            human_step_begin(step, "Aligned pair exclusion", 6.2);
            human_step_cell(step, p);
            human_step_cell(step, q);
            for (human_set s = small; s; s &= s - 1)
                human_step_cell(step, human_set_first(s));
            for (; drop_p; drop_p &= (uint16_t)(drop_p - 1))
                human_step_elim(step, p, __builtin_ctz(drop_p) + 1);
            for (; drop_q; drop_q &= (uint16_t)(drop_q - 1))
                human_step_elim(step, q, __builtin_ctz(drop_q) + 1);
            char pn[8], qn[8], list[96];
            human_cell_name(p, pn);
            human_cell_name(q, qn);
            human_step_elim_list(step, list, sizeof list);
            snprintf(step->text, sizeof step->text,
                     "Each way of filling %s and %s together that would allow it repeats a "
                     "digit or empties a bivalue cell they both see, so %s",
                     pn, qn, list);
            return true;
        }
    }
    return false;
}
