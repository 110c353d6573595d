/* Uniqueness of the HoDoKu technique set: unique rectangles (tests 1-6), hidden rectangles
 * and avoidable rectangles, each rectangle tried once, in HoDoKu's order of corners. */
#include "hodoku.h"

#include <stdio.h>
#include <string.h>

/* One search for the steps of one technique: the rectangle being tried and
 * the rectangles already tried. */
typedef struct hodoku_ur {
    const hodoku_state *st;
    human_step *step;
    human_technique_id want;
    int d1, d2;
    int corners[4];
    human_set two, extra; /* corners holding only d1/d2; corners holding more */
    int tried[400], ntried;
    human_set allowed1, allowed2;
} hodoku_ur;

/* Begin a step of technique id on the rectangle. */
static void hodoku_ur_begin(hodoku_ur *u, human_technique_id id)
{
    human_step_begin(u->step, id, 0);
    for (int i = 0; i < 4; i++)
        human_step_cell(u->step, u->corners[i]);
}

/* Finish the step begun (when it removes something): true when it is of
 * the technique wanted. */
static bool hodoku_ur_done(hodoku_ur *u, const char *why)
{
    if (u->step->elim_count == 0 || u->step->id != u->want)
        return false;
    char cells[64];
    human_step_cell_list(u->step, cells, sizeof cells);
    human_step_explain(u->step, 0, cells, u->d1, u->d2, why);
    return true;
}

static void hodoku_ur_elim(hodoku_ur *u, int cell, int d)
{
    if (u->st->cand[cell] & HUMAN_BIT(d))
        human_step_elim(u->step, cell, d);
}

static int hodoku_ur_nth(human_set s, int n)
{
    for (; n > 0 && s; n--)
        s &= s - 1;
    return s ? human_set_first(s) : -1;
}

/* Type 1, 2/5 and 4/6 of the rectangle now tried. */
static bool hodoku_ur_types(hodoku_ur *u)
{
    const hodoku_state *st = u->st;
    const human_tables *t = st->t;
    uint16_t ur = HUMAN_BIT(u->d1) | HUMAN_BIT(u->d2);
    int ntwo = human_set_count(u->two), nextra = human_set_count(u->extra);
    if (ntwo == 3) {
        int c = human_set_first(u->extra);
        hodoku_ur_begin(u, HUMAN_T_HODOKU_UNIQUENESS_1);
        hodoku_ur_elim(u, c, u->d1);
        hodoku_ur_elim(u, c, u->d2);
        if (hodoku_ur_done(u, "only one corner has other candidates; it loses both digits"))
            return true;
    }
    if (ntwo == 2 || ntwo == 1) {
        uint16_t add = 0;
        human_set seen = ~(human_set)0;
        for (human_set s = u->extra; s; s &= s - 1) {
            int c = human_set_first(s);
            add |= st->cand[c] & (uint16_t)~ur;
            if (human_count(add) > 1)
                break;
            seen &= t->peers[c];
        }
        if (human_one_bit(add) && (seen & st->holds[human_first_digit(add)])) {
            int e = human_first_digit(add);
            int a = hodoku_ur_nth(u->extra, 0), b = hodoku_ur_nth(u->extra, 1);
            bool aligned = nextra != 3 && (a / 9 == b / 9 || a % 9 == b % 9);
            hodoku_ur_begin(u, aligned ? HUMAN_T_HODOKU_UNIQUENESS_2 : HUMAN_T_HODOKU_UNIQUENESS_5);
            for (human_set s = seen & st->holds[e]; s; s &= s - 1)
                human_step_elim(u->step, human_set_first(s), e);
            if (hodoku_ur_done(u, "the corners with one extra candidate hold it (else two "
                                  "solutions), so the cells seeing them all lose it"))
                return true;
        }
    }
    return false;
}

/* Type 3: the extra candidates of two corners in one unit act as one cell
 * of a naked set of that unit (and its box, when they share it). */
static bool hodoku_ur_type3_from(hodoku_ur *u, int unit, const int *cells, int ncells, int start,
                                 uint16_t digits, human_set set)
{
    const hodoku_state *st = u->st;
    const human_tables *t = st->t;
    for (int i = start; i < ncells; i++) {
        human_set with = set | human_set_one(cells[i]);
        uint16_t more = digits | st->cand[cells[i]];
        bool line_shape = false;
        if (unit >= 18) {
            bool same_row = true, same_col = true;
            int f = human_set_first(with);
            for (human_set s = with; s; s &= s - 1) {
                same_row &= human_set_first(s) / 9 == f / 9;
                same_col &= human_set_first(s) % 9 == f % 9;
            }
            line_shape = same_row || same_col;
        }
        if (!line_shape && human_count(more) == human_set_count(with) - 1) {
            hodoku_ur_begin(u, HUMAN_T_HODOKU_UNIQUENESS_3);
            for (int k = 0; k < 9; k++) {
                int c = t->unit_cells[unit][k];
                if (st->value[c] || human_set_has(with, c))
                    continue;
                for (uint16_t m = st->cand[c] & more; m; m &= (uint16_t)(m - 1))
                    human_step_elim(u->step, c, __builtin_ctz(m) + 1);
            }
            int box = t->cell_units[human_set_first(with)][2];
            bool one_box = unit < 18;
            for (human_set s = with; s; s &= s - 1)
                one_box &= t->cell_units[human_set_first(s)][2] == box;
            for (int k = 0; one_box && u->step->elim_count && k < 9; k++) {
                int c = t->unit_cells[box][k];
                if (st->value[c] || human_set_has(with, c))
                    continue;
                for (uint16_t m = st->cand[c] & more; m; m &= (uint16_t)(m - 1))
                    human_step_elim(u->step, c, __builtin_ctz(m) + 1);
            }
            if (hodoku_ur_done(u, "the extra candidates of two corners and other cells of the "
                                  "unit form a naked set, whose digits leave the unit"))
                return true;
        }
        if (hodoku_ur_type3_from(u, unit, cells, ncells, i + 1, more, with))
            return true;
    }
    return false;
}

static bool hodoku_ur_type3(hodoku_ur *u)
{
    const hodoku_state *st = u->st;
    const human_tables *t = st->t;
    if (human_set_count(u->two) != 2)
        return false;
    uint16_t ur = HUMAN_BIT(u->d1) | HUMAN_BIT(u->d2), extra_digits = 0;
    for (human_set s = u->extra; s; s &= s - 1)
        extra_digits |= st->cand[human_set_first(s)] & (uint16_t)~ur;
    int a = hodoku_ur_nth(u->extra, 0), b = hodoku_ur_nth(u->extra, 1);
    for (int k = 0; k < 3; k++) {
        if (t->cell_units[a][k] != t->cell_units[b][k])
            continue;
        int unit = t->cell_units[a][k], cells[9], n = 0;
        for (int i = 0; i < 9; i++) {
            int c = t->unit_cells[unit][i];
            if (st->cand[c] && !(st->cand[c] & ur) && !human_set_has(u->two | u->extra, c))
                cells[n++] = c;
        }
        if (n && hodoku_ur_type3_from(u, unit, cells, n, 0, extra_digits, u->extra))
            return true;
    }
    return false;
}

/* Type 4 (the corners with extras in one line, one UR digit locked there)
 * and type 6 (diagonal corners, one UR digit only in the rectangle's lines). */
static bool hodoku_ur_type46(hodoku_ur *u)
{
    const hodoku_state *st = u->st;
    const human_tables *t = st->t;
    if (human_set_count(u->two) != 2)
        return false;
    int a = hodoku_ur_nth(u->extra, 0), b = hodoku_ur_nth(u->extra, 1);
    if (a / 9 == b / 9 || a % 9 == b % 9) {
        human_set seen = t->peers[a] & t->peers[b];
        int del = !(seen & st->holds[u->d1]) ? u->d2 : !(seen & st->holds[u->d2]) ? u->d1 : -1;
        if (del > 0) {
            hodoku_ur_begin(u, HUMAN_T_HODOKU_UNIQUENESS_4);
            hodoku_ur_elim(u, a, del);
            hodoku_ur_elim(u, b, del);
            if (hodoku_ur_done(u, "one digit must be in the two corners with extras (its only "
                                  "places in their unit), so they lose the other"))
                return true;
        }
        return false;
    }
    human_set lines = t->unit_set[a / 9] | t->unit_set[9 + a % 9] | t->unit_set[b / 9] |
                      t->unit_set[9 + b % 9];
    lines &= ~(u->extra | u->two);
    int del = !(lines & st->holds[u->d1]) ? u->d1 : !(lines & st->holds[u->d2]) ? u->d2 : -1;
    if (del < 0)
        return false;
    hodoku_ur_begin(u, HUMAN_T_HODOKU_UNIQUENESS_6);
    hodoku_ur_elim(u, a, del);
    hodoku_ur_elim(u, b, del);
    return hodoku_ur_done(u, "one digit lies in the rectangle's rows and columns only at its "
                             "corners, so the diagonal corners with extras lose it");
}

/* Hidden rectangle from corner: the line and column through the corner
 * opposite hold d1 only in the rectangle, so that corner loses d2. */
static bool hodoku_ur_hidden_for(hodoku_ur *u, int row, int col, int d1, int d2)
{
    const human_tables *t = u->st->t;
    human_set in = u->two | u->extra;
    if ((u->st->holds[d1] & t->unit_set[row] & ~in) || (u->st->holds[d1] & t->unit_set[9 + col] & ~in))
        return false;
    hodoku_ur_begin(u, HUMAN_T_HODOKU_HIDDEN_RECTANGLE);
    hodoku_ur_elim(u, row * 9 + col, d2);
    return hodoku_ur_done(u, "one digit has no other place in the opposite corner's row and "
                             "column, so that corner loses the other digit");
}

static bool hodoku_ur_hidden(hodoku_ur *u)
{
    int ntwo = human_set_count(u->two);
    if (ntwo != 1 && ntwo != 2)
        return false;
    int i1 = hodoku_ur_nth(u->two, 0), i2 = hodoku_ur_nth(u->two, 1);
    if (ntwo == 2 && (i1 / 9 == i2 / 9 || i1 % 9 == i2 % 9))
        return false;
    for (int k = 0; k < ntwo; k++) {
        int corner = k ? i2 : i1;
        int a = hodoku_ur_nth(u->extra, 0), b = hodoku_ur_nth(u->extra, 1);
        int row = a / 9 == corner / 9 ? b / 9 : a / 9;
        int col = a % 9 == corner % 9 ? b % 9 : a % 9;
        if (hodoku_ur_hidden_for(u, row, col, u->d1, u->d2) ||
            hodoku_ur_hidden_for(u, row, col, u->d2, u->d1))
            return true;
    }
    return false;
}

/* Try the rectangle in u->corners once (HoDoKu keeps the rectangles tried
 * as sorted corner lists). */
static bool hodoku_ur_new(hodoku_ur *u)
{
    int s[4];
    memcpy(s, u->corners, sizeof s);
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && s[j - 1] > s[j]; j--) {
            int tmp = s[j];
            s[j] = s[j - 1];
            s[j - 1] = tmp;
        }
    int key = ((s[0] * 100 + s[1]) * 100 + s[2]) * 100 + s[3];
    for (int i = 0; i < u->ntried; i++)
        if (u->tried[i] == key)
            return false;
    if (u->ntried < 400)
        u->tried[u->ntried++] = key;
    return true;
}

static bool hodoku_ur_check(hodoku_ur *u)
{
    u->two = u->extra = 0;
    uint16_t ur = HUMAN_BIT(u->d1) | HUMAN_BIT(u->d2);
    for (int i = 0; i < 4; i++) {
        if (u->st->cand[u->corners[i]] & (uint16_t)~ur)
            u->extra |= human_set_one(u->corners[i]);
        else
            u->two |= human_set_one(u->corners[i]);
    }
    return hodoku_ur_types(u) || hodoku_ur_type3(u) || hodoku_ur_type46(u) ||
           hodoku_ur_hidden(u);
}

/* Rectangles with their first corner in start (bivalue on d1, d2): a
 * second corner in its box and line, the other two in the next boxes. */
static bool hodoku_ur_from(hodoku_ur *u, int start)
{
    const hodoku_state *st = u->st;
    const human_tables *t = st->t;
    int box = t->cell_units[start][2];
    for (int i = 0; i < 9; i++) {
        int second = t->unit_cells[box][i];
        if (second == start || (second / 9 != start / 9 && second % 9 != start % 9))
            continue;
        if (st->value[second] || !human_set_has(u->allowed1, second) ||
            !human_set_has(u->allowed2, second))
            continue;
        bool rows = second / 9 == start / 9;
        int unit1 = rows ? 9 + start % 9 : start / 9, unit2 = rows ? 9 + second % 9 : second / 9;
        for (int j = 0; j < 9; j++) {
            int third = t->unit_cells[unit1][j], fourth = t->unit_cells[unit2][j];
            if (t->cell_units[third][2] == box)
                continue;
            /* HoDoKu's test reads the second digit's places twice for the
             * fourth corner and never for the third. */
            if (!human_set_has(u->allowed1, third) || !human_set_has(u->allowed1, fourth) ||
                !human_set_has(u->allowed2, fourth))
                continue;
            u->corners[0] = start, u->corners[1] = second;
            u->corners[2] = third, u->corners[3] = fourth;
            if (hodoku_ur_new(u) && hodoku_ur_check(u))
                return true;
        }
    }
    return false;
}

static bool hodoku_uniqueness(const hodoku_state *st, human_step *step, human_technique_id want)
{
    hodoku_ur u = {.st = st, .step = step, .want = want};
    for (int c = 0; c < 81; c++) {
        if (!human_two_bits(st->cand[c]))
            continue;
        u.d1 = human_first_digit(st->cand[c]);
        u.d2 = human_first_digit(st->cand[c] & (uint16_t)~HUMAN_BIT(u.d1));
        u.allowed1 = hodoku_allowed(st, u.d1);
        u.allowed2 = hodoku_allowed(st, u.d2);
        if (hodoku_ur_from(&u, c))
            return true;
    }
    return false;
}

#define HODOKU_UR(name, id)                                                                        \
    bool name(hodoku_state *st, human_step *step)                                                 \
    {                                                                                              \
        return hodoku_uniqueness(st, step, id);                                                    \
    }

HODOKU_UR(hodoku_uniqueness_1, HUMAN_T_HODOKU_UNIQUENESS_1)
HODOKU_UR(hodoku_uniqueness_2, HUMAN_T_HODOKU_UNIQUENESS_2)
HODOKU_UR(hodoku_uniqueness_3, HUMAN_T_HODOKU_UNIQUENESS_3)
HODOKU_UR(hodoku_uniqueness_4, HUMAN_T_HODOKU_UNIQUENESS_4)
HODOKU_UR(hodoku_uniqueness_5, HUMAN_T_HODOKU_UNIQUENESS_5)
HODOKU_UR(hodoku_uniqueness_6, HUMAN_T_HODOKU_UNIQUENESS_6)
HODOKU_UR(hodoku_hidden_rectangle, HUMAN_T_HODOKU_HIDDEN_RECTANGLE)

/* Avoidable rectangle on the corners now tried: placed (not given) digits
 * d1 and d2 in two corners; the others must not complete a rectangle of
 * placed digits, which could be swapped. */
static bool hodoku_ar_check(hodoku_ur *u, int c21, int c22)
{
    const hodoku_state *st = u->st;
    const human_tables *t = st->t;
    if (st->value[c21] || st->value[c22]) {
        hodoku_ur_begin(u, HUMAN_T_HODOKU_AVOIDABLE_RECTANGLE_1);
        if (st->value[c21])
            hodoku_ur_elim(u, c22, u->d1);
        else
            hodoku_ur_elim(u, c21, u->d2);
        return hodoku_ur_done(u, "the empty corner cannot take the digit that would make a "
                                 "rectangle of placed digits");
    }
    int extra = human_first_digit(st->cand[c21] & (uint16_t)~HUMAN_BIT(u->d2));
    human_set seen = t->peers[c21] & t->peers[c22] & st->holds[extra];
    if (!(st->cand[c22] & HUMAN_BIT(extra)) || !seen)
        return false;
    hodoku_ur_begin(u, HUMAN_T_HODOKU_AVOIDABLE_RECTANGLE_2);
    for (human_set s = seen; s; s &= s - 1)
        human_step_elim(u->step, human_set_first(s), extra);
    return hodoku_ur_done(u, "one of the empty corners holds their common extra digit, so the "
                             "cells seeing both lose it");
}

/* True when the two unplaced corners fit an avoidable rectangle on d1
 * (first corner) and d2. */
static bool hodoku_ar_fits(const hodoku_state *st, int c21, int c22, int d1, int d2)
{
    bool bi21 = !st->value[c21] && (st->cand[c21] & HUMAN_BIT(d2)) && human_two_bits(st->cand[c21]);
    bool bi22 = !st->value[c22] && (st->cand[c22] & HUMAN_BIT(d1)) && human_two_bits(st->cand[c22]);
    return (st->value[c21] == d2 && !st->given[c21] && bi22) ||
           (st->value[c22] == d1 && !st->given[c22] && bi21) || (bi21 && bi22);
}

static bool hodoku_avoidable(const hodoku_state *st, human_step *step, human_technique_id want)
{
    const human_tables *t = st->t;
    hodoku_ur u = {.st = st, .step = step, .want = want};
    for (int c = 0; c < 81; c++) {
        if (!st->value[c] || st->given[c])
            continue;
        u.d1 = st->value[c];
        int box = t->cell_units[c][2];
        for (int i = 0; i < 9; i++) {
            int second = t->unit_cells[box][i];
            if (second == c || (second / 9 != c / 9 && second % 9 != c % 9) ||
                !st->value[second] || st->given[second])
                continue;
            u.d2 = st->value[second];
            bool rows = second / 9 == c / 9;
            int unit1 = rows ? 9 + c % 9 : c / 9, unit2 = rows ? 9 + second % 9 : second / 9;
            for (int j = 0; j < 9; j++) {
                int third = t->unit_cells[unit1][j], fourth = t->unit_cells[unit2][j];
                if (t->cell_units[third][2] == box || !hodoku_ar_fits(st, third, fourth, u.d1, u.d2))
                    continue;
                u.corners[0] = c, u.corners[1] = second;
                u.corners[2] = third, u.corners[3] = fourth;
                if (hodoku_ur_new(&u) && hodoku_ar_check(&u, third, fourth))
                    return true;
            }
        }
    }
    return false;
}

bool hodoku_avoidable_1(hodoku_state *st, human_step *step)
{
    return hodoku_avoidable(st, step, HUMAN_T_HODOKU_AVOIDABLE_RECTANGLE_1);
}

bool hodoku_avoidable_2(hodoku_state *st, human_step *step)
{
    return hodoku_avoidable(st, step, HUMAN_T_HODOKU_AVOIDABLE_RECTANGLE_2);
}
