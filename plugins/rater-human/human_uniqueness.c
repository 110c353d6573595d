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
static bool human_ur_roof(const human_state *st, const int corner[4], uint16_t ab, int roof[2])
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

/* Type 3: the roofs' extra digits act as one cell that forms a naked
 * subset with other cells of a unit both roofs share; the subset's digits
 * leave the rest of that unit. Rated 4.6 for a pair, 4.7 and 4.8 beyond. */
static bool human_ur_type3(const human_state *st, human_step *step, const int corner[4],
                           uint16_t ab)
{
    int roof[2];
    if (!human_ur_roof(st, corner, ab, roof))
        return false;
    const human_tables *t = st->t;
    uint16_t extra = (st->cand[roof[0]] | st->cand[roof[1]]) & (uint16_t)~ab;
    if (human_count(extra) < 2)
        return false;
    for (int k = 0; k < 3; k++) {
        int u = t->cell_units[roof[0]][k];
        if (!human_set_has(t->unit_set[u], roof[1]))
            continue;
        int others[9], n = 0;
        for (int i = 0; i < 9; i++) {
            int c = t->unit_cells[u][i];
            if (!st->value[c] && c != roof[0] && c != roof[1])
                others[n++] = c;
        }
        /* Subsets of 1..3 other cells, as bit masks over others[]. */
        for (unsigned pick = 1; pick < (1u << n); pick++) {
            int size = __builtin_popcount(pick);
            if (size > 3)
                continue;
            uint16_t uni = extra;
            for (int i = 0; i < n; i++)
                if (pick & (1u << i))
                    uni |= st->cand[others[i]];
            if (human_count(uni) != size + 1)
                continue;
            human_step_begin(step, "Unique rectangle type 3", 4.5 + 0.1 * size);
            for (int i = 0; i < n; i++) {
                if (pick & (1u << i))
                    continue;
                for (uint16_t m = st->cand[others[i]] & uni; m; m &= (uint16_t)(m - 1))
                    human_step_elim(step, others[i], __builtin_ctz(m) + 1);
            }
            if (step->elim_count == 0)
                continue;
            for (int i = 0; i < n; i++)
                if (pick & (1u << i))
                    human_step_cell(step, others[i]);
            return true;
        }
    }
    return false;
}

/* Try every type on one rectangle and pair; true with the easiest in step. */
static bool human_ur_types(const human_state *st, human_step *step, human_step *tmp,
                           const int corner[4], uint16_t ab)
{
    bool (*const types[4])(const human_state *, human_step *, const int *, uint16_t) = {
        human_ur_type1, human_ur_type2, human_ur_type4, human_ur_type3};
    bool found = false;
    for (int i = 0; i < 4; i++) {
        if (!types[i](st, tmp, corner, ab))
            continue;
        if (!found || tmp->rating < step->rating) {
            *step = *tmp;
            found = true;
        }
    }
    return found;
}

bool human_find_unique_rectangle(const human_state *st, human_step *step)
{
    human_step candidate, tmp;
    bool found = false;
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
                            if ((common & ab) != ab ||
                                !human_ur_types(st, &candidate, &tmp, corner, ab))
                                continue;
                            if (found && candidate.rating >= step->rating)
                                continue;
                            char names[4][8];
                            for (int i = 0; i < 4; i++) {
                                human_step_cell(&candidate, corner[i]);
                                human_cell_name(corner[i], names[i]);
                            }
                            snprintf(candidate.text, sizeof candidate.text,
                                     "%s, %s, %s, %s would form a deadly pattern of %d and %d "
                                     "(two solutions), so the candidates that allow it are removed",
                                     names[0], names[1], names[2], names[3], a, b);
                            *step = candidate;
                            found = true;
                        }
                }
    return found;
}

/* True when removing d from every cell of extra leaves a grave: every
 * candidate twice or not at all in every unit (then one of those cells
 * must hold d, or the puzzle would have two solutions). */
static bool human_bug_grave(const human_state *st, human_set extra, int d)
{
    human_state g = *st;
    for (human_set s = extra; s; s &= s - 1)
        g.cand[human_set_first(s)] &= (uint16_t)~HUMAN_BIT(d);
    for (int u = 0; u < 27; u++)
        for (int k = 1; k <= 9; k++) {
            int n = human_count(human_unit_positions(&g, u, k));
            if (n != 0 && n != 2)
                return false;
        }
    return true;
}

/* BUG type 1 (one cell with three candidates: place the extra digit) and
 * type 2 (several cells with three candidates sharing the extra digit:
 * remove it from the cells that see them all). */
bool human_find_bug(const human_state *st, human_step *step)
{
    human_set extra = 0;
    uint16_t common = HUMAN_ALL;
    for (int c = 0; c < 81; c++) {
        if (st->value[c])
            continue;
        int n = human_count(st->cand[c]);
        if (n == 2)
            continue;
        if (n != 3)
            return false;
        extra |= human_set_one(c);
        common &= st->cand[c];
    }
    if (!extra)
        return false;
    int first = human_set_first(extra);
    bool one = human_set_count(extra) == 1;
    for (uint16_t m = common; m; m &= (uint16_t)(m - 1)) {
        int d = __builtin_ctz(m) + 1;
        if (!human_bug_grave(st, extra, d))
            continue;
        char name[8];
        human_cell_name(first, name);
        if (one) {
            human_step_begin(step, "Bivalue universal grave + 1", 5.6);
            step->place = true;
            step->placed = (sk_candidate){(uint8_t)first, (uint8_t)d};
            human_step_cell(step, first);
            snprintf(step->text, sizeof step->text,
                     "Every other empty cell has two candidates; without %d in %s the grid "
                     "would have two solutions, so %s is %d",
                     d, name, name, d);
            return true;
        }
        human_set targets = ~(human_set)0;
        for (human_set s = extra; s; s &= s - 1)
            targets &= st->t->peers[human_set_first(s)];
        human_step_begin(step, "Bivalue universal grave type 2", 5.7);
        if (!human_step_elim_set(step, st, targets, d))
            continue;
        for (human_set s = extra; s; s &= s - 1)
            human_step_cell(step, human_set_first(s));
        char cells[96];
        human_step_cell_list(step, cells, sizeof cells);
        snprintf(step->text, sizeof step->text,
                 "Every other empty cell has two candidates; without %d in one of %s the grid "
                 "would have two solutions, so cells seeing them all lose %d",
                 d, cells, d);
        return true;
    }
    return false;
}
