/* Uniqueness techniques of the human rater: unique rectangles and BUG+1. */
#include "human.h"

#include <stdio.h>

/* Type 1: three corners hold only {a,b}; the fourth loses a and b. */
static bool human_ur_type1(const human_state *st, human_step *step, const int corner[4],
                           uint16_t ab)
{
    int extra = -1;
    for (int i = 0; i < 4; i++) {
        if (st->cand[corner[i]] == ab)
            continue;
        if (extra >= 0)
            return false;
        extra = corner[i];
    }
    if (extra < 0)
        return false;
    human_step_begin(step, "Unique rectangle type 1", 4.5);
    for (uint16_t m = ab; m; m &= (uint16_t)(m - 1))
        human_step_elim(step, extra, __builtin_ctz(m) + 1);
    return true;
}

/* Types 2 and 4 need the two bivalue corners (the floor) in one line;
 * roof[] are the other two corners. */
static bool human_ur_roof(const human_state *st, const int corner[4], uint16_t ab,
                          int roof[2])
{
    int floor_n = 0, roof_n = 0, floor[2] = {0, 0};
    for (int i = 0; i < 4; i++) {
        if (st->cand[corner[i]] == ab) {
            if (floor_n == 2)
                return false;
            floor[floor_n++] = corner[i];
        } else {
            if (roof_n == 2)
                return false;
            roof[roof_n++] = corner[i];
        }
    }
    return floor_n == 2 && (floor[0] / 9 == floor[1] / 9 || floor[0] % 9 == floor[1] % 9);
}

static bool human_ur_type2(const human_state *st, human_step *step, const int corner[4],
                           uint16_t ab)
{
    int roof[2];
    if (!human_ur_roof(st, corner, ab, roof))
        return false;
    uint16_t extra = st->cand[roof[0]] & (uint16_t)~ab;
    if (human_count(extra) != 1 || st->cand[roof[1]] != (ab | extra))
        return false;
    human_step_begin(step, "Unique rectangle type 2", 4.6);
    human_set targets = st->t->peers[roof[0]] & st->t->peers[roof[1]];
    return human_step_elim_set(step, st, targets, human_first_digit(extra));
}

static bool human_ur_type4(const human_state *st, human_step *step, const int corner[4],
                           uint16_t ab)
{
    int roof[2];
    if (!human_ur_roof(st, corner, ab, roof))
        return false;
    const human_tables *t = st->t;
    for (int k = 0; k < 3; k++) {
        int u = t->cell_units[roof[0]][k];
        if (!human_set_has(t->unit_set[u], roof[1]))
            continue;
        for (uint16_t m = ab; m; m &= (uint16_t)(m - 1)) {
            int a = __builtin_ctz(m) + 1, b = human_first_digit(ab & (uint16_t)~HUMAN_BIT(a));
            if (human_count(human_unit_positions(st, u, a)) != 2)
                continue;
            human_step_begin(step, "Unique rectangle type 4", 4.6);
            human_step_elim(step, roof[0], b);
            human_step_elim(step, roof[1], b);
            return true;
        }
    }
    return false;
}

bool human_find_unique_rectangle(const human_state *st, human_step *step)
{
    for (int r1 = 0; r1 < 8; r1++)
        for (int r2 = r1 + 1; r2 < 9; r2++)
            for (int c1 = 0; c1 < 8; c1++)
                for (int c2 = c1 + 1; c2 < 9; c2++) {
                    if ((r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3))
                        continue;
                    int corner[4] = {r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2};
                    uint16_t common = HUMAN_ALL;
                    for (int i = 0; i < 4; i++)
                        common &= st->cand[corner[i]];
                    if (human_count(common) < 2)
                        continue;
                    for (int a = 1; a <= 9; a++)
                        for (int b = a + 1; b <= 9; b++) {
                            uint16_t ab = HUMAN_BIT(a) | HUMAN_BIT(b);
                            if ((common & ab) != ab)
                                continue;
                            if (!human_ur_type1(st, step, corner, ab) &&
                                !human_ur_type2(st, step, corner, ab) &&
                                !human_ur_type4(st, step, corner, ab))
                                continue;
                            for (int i = 0; i < 4; i++)
                                human_step_cell(step, corner[i]);
                            char cells[64];
                            human_step_cell_list(step, cells, sizeof cells);
                            snprintf(step->text, sizeof step->text,
                                     "%s would form a deadly pattern of %d and %d (two solutions), "
                                     "so the candidates that allow it are removed",
                                     cells, a, b);
                            return true;
                        }
                }
    return false;
}

/* True when removing d from cell tri leaves a grave: every candidate
 * twice or not at all in every unit (then d must be tri's digit). */
static bool human_bug_grave(const human_state *st, int tri, int d)
{
    human_state g = *st;
    g.cand[tri] &= (uint16_t)~HUMAN_BIT(d);
    for (int u = 0; u < 27; u++)
        for (int k = 1; k <= 9; k++) {
            int n = human_count(human_unit_positions(&g, u, k));
            if (n != 0 && n != 2)
                return false;
        }
    return true;
}

bool human_find_bug(const human_state *st, human_step *step)
{
    int tri = -1;
    for (int c = 0; c < 81; c++) {
        if (st->value[c])
            continue;
        int n = human_count(st->cand[c]);
        if (n == 2)
            continue;
        if (n != 3 || tri >= 0)
            return false;
        tri = c;
    }
    if (tri < 0)
        return false;
    for (uint16_t m = st->cand[tri]; m; m &= (uint16_t)(m - 1)) {
        int d = __builtin_ctz(m) + 1;
        if (!human_bug_grave(st, tri, d))
            continue;
        char name[8];
        human_cell_name(tri, name);
        human_step_begin(step, "Bivalue universal grave + 1", 5.6);
        step->place = true;
        step->placed = (sk_candidate){(uint8_t)tri, (uint8_t)d};
        human_step_cell(step, tri);
        snprintf(step->text, sizeof step->text,
                 "Every other empty cell has two candidates; without %d in %s the grid would "
                 "have two solutions, so %s is %d",
                 d, name, name, d);
        return true;
    }
    return false;
}
