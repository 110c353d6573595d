/* Single-digit patterns and wings of the HoDoKu technique set: skyscraper, 2-string kite,
 * empty rectangle, W-, XY- and XYZ-wing, and the bivalue universal grave + 1. */
#include "hodoku.h"

#include <stdio.h>

/* The two places of d in unit u, in unit order. */
static void hodoku_pair_of(const hodoku_state *st, int u, int d, int out[2])
{
    int n = 0;
    for (int i = 0; i < 9 && n < 2; i++) {
        int c = st->t->unit_cells[u][i];
        if (st->cand[c] & HUMAN_BIT(d))
            out[n++] = c;
    }
}

/* Finish a step: its eliminations of d in cells, and "r1c1<>5, ..." as the
 * last text argument (into buf). */
static bool hodoku_elims(const hodoku_state *st, human_step *step, human_set cells, int d,
                         char *buf, size_t len)
{
    for (human_set s = cells & st->holds[d]; s; s &= s - 1)
        human_step_elim(step, human_set_first(s), d);
    human_step_elim_list(step, buf, len);
    return step->elim_count > 0;
}

static bool hodoku_skyscraper_in(const hodoku_state *st, human_step *step, bool rows)
{
    const human_tables *t = st->t;
    int first = rows ? 0 : 9, k = rows ? 1 : 0; /* k: the kind the ends must share */
    for (int d = 1; d <= 9; d++) {
        int pairs[9][2], units[9], count = 0;
        for (int u = first; u < first + 9; u++)
            if (st->free[u][d] == 2) {
                units[count] = u;
                hodoku_pair_of(st, u, d, pairs[count++]);
            }
        for (int i = 0; i < count; i++) {
            for (int j = i + 1; j < count; j++) {
                int other;
                if (t->cell_units[pairs[i][0]][k] == t->cell_units[pairs[j][0]][k])
                    other = 1;
                else if (t->cell_units[pairs[i][1]][k] == t->cell_units[pairs[j][1]][k])
                    other = 0;
                else
                    continue;
                int a = pairs[i][other], b = pairs[j][other];
                if (t->cell_units[a][k] == t->cell_units[b][k])
                    continue;
                human_set targets = st->holds[d] & t->peers[a] & t->peers[b];
                if (!targets)
                    continue;
                human_step_begin(step, HUMAN_T_SKYSCRAPER, 0);
                human_step_cell(step, a);
                human_step_cell(step, b);
                human_step_cell(step, pairs[i][1 - other]);
                human_step_cell(step, pairs[j][1 - other]);
                char elims[256], names[32], an[8], bn[8];
                hodoku_elims(st, step, targets, d, elims, sizeof elims);
                human_cell_name(a, an);
                human_cell_name(b, bn);
                char un1[12], un2[12];
                human_unit_name(units[i], un1);
                human_unit_name(units[j], un2);
                snprintf(names, sizeof names, "%s and %s", un1, un2);
                human_step_explain(step, 0, d, names, an, bn, d, elims);
                return true;
            }
        }
    }
    return false;
}

bool hodoku_skyscraper(hodoku_state *st, human_step *step)
{
    return hodoku_skyscraper_in(st, step, true) || hodoku_skyscraper_in(st, step, false);
}

static void hodoku_swap(int pair[2])
{
    int tmp = pair[0];
    pair[0] = pair[1];
    pair[1] = tmp;
}

/* Turn the pairs of a row (r) and a column (c) so that r[0] and c[0] share
 * a box, as HoDoKu does (the turns last); false when no ends share one. */
static bool hodoku_kite_turn(const human_tables *t, int r[2], int c[2])
{
    int rb0 = t->cell_units[r[0]][2], rb1 = t->cell_units[r[1]][2];
    int cb0 = t->cell_units[c[0]][2], cb1 = t->cell_units[c[1]][2];
    if (rb0 == cb0)
        return true;
    if (rb0 == cb1) {
        hodoku_swap(c);
        return true;
    }
    if (rb1 == cb0) {
        hodoku_swap(r);
        return true;
    }
    if (rb1 == cb1) {
        hodoku_swap(c);
        hodoku_swap(r);
        return true;
    }
    return false;
}

bool hodoku_kite(hodoku_state *st, human_step *step)
{
    const human_tables *t = st->t;
    for (int d = 1; d <= 9; d++) {
        int pairs[18][2], nrows = 0, ncols = 0;
        for (int u = 0; u < 18; u++) {
            if (st->free[u][d] != 2)
                continue;
            hodoku_pair_of(st, u, d, pairs[nrows + ncols]);
            if (u < 9)
                nrows++;
            else
                ncols++;
        }
        for (int i = 0; i < nrows; i++) {
            for (int j = nrows; j < nrows + ncols; j++) {
                int *r = pairs[i], *c = pairs[j];
                if (!hodoku_kite_turn(t, r, c))
                    continue;
                if (r[0] == c[0] || r[0] == c[1] || r[1] == c[0] || r[1] == c[1])
                    continue;
                int cross = (c[1] / 9) * 9 + r[1] % 9;
                if (!(st->cand[cross] & HUMAN_BIT(d)))
                    continue;
                human_step_begin(step, HUMAN_T_HODOKU_KITE, 0);
                human_step_cell(step, r[1]);
                human_step_cell(step, c[1]);
                human_step_cell(step, r[0]);
                human_step_cell(step, c[0]);
                human_step_elim(step, cross, d);
                char ends[24], links[24], elims[64], a[8], b[8];
                human_cell_name(r[1], a);
                human_cell_name(c[1], b);
                snprintf(ends, sizeof ends, "%s,%s", a, b);
                human_cell_name(r[0], a);
                human_cell_name(c[0], b);
                snprintf(links, sizeof links, "%s,%s", a, b);
                human_step_elim_list(step, elims, sizeof elims);
                human_step_explain(step, 0, d, ends, links, d, elims);
                return true;
            }
        }
    }
    return false;
}

/* Empty rectangle: in the line `line` of cells (the ER's row, or column
 * when reversed), a conjugate pair of d leaving its line's crossing with
 * the ER's other line `cross` as a target. */
static bool hodoku_er_check(const hodoku_state *st, human_step *step, int d, int box,
                            human_set box_cells, int line_unit, int cross_unit, bool reversed)
{
    const human_tables *t = st->t;
    for (int i = 0; i < 9; i++) {
        int c = t->unit_cells[line_unit][i];
        if (st->value[c] || t->cell_units[c][2] == box || !(st->cand[c] & HUMAN_BIT(d)))
            continue;
        int across = t->cell_units[c][reversed ? 0 : 1];
        human_set pair = t->unit_set[across] & st->holds[d];
        if (human_set_count(pair) != 2)
            continue;
        int other = human_set_first(pair & ~human_set_one(c));
        int back = t->cell_units[other][reversed ? 1 : 0];
        human_set back_cells = t->unit_set[back] & st->holds[d];
        for (human_set s = back_cells; s; s &= s - 1) {
            int del = human_set_first(s);
            if (t->cell_units[del][2] == box || !human_set_has(t->unit_set[cross_unit], del))
                continue;
            human_step_begin(step, HUMAN_T_HODOKU_EMPTY_RECTANGLE, 0);
            human_step_cell(step, c);
            human_step_cell(step, other);
            human_step_elim(step, del, d);
            char box_name[12], pair_text[24], elims[64], a[8], b[8];
            human_unit_name(box, box_name);
            human_cell_name(c, a);
            human_cell_name(other, b);
            snprintf(pair_text, sizeof pair_text, "%s=%s", a, b);
            human_step_elim_list(step, elims, sizeof elims);
            (void)box_cells;
            human_step_explain(step, 0, d, box_name, pair_text, elims);
            return true;
        }
    }
    return false;
}

bool hodoku_empty_rectangle(hodoku_state *st, human_step *step)
{
    /* The nine empty rectangles of a box: the box row and column of the
     * ER cross (relative), the four cells left empty are the others. */
    const human_tables *t = st->t;
    for (int d = 1; d <= 9; d++) {
        for (int b = 0; b < 9; b++) {
            int box = 18 + b;
            if (st->free[box][d] < 2 || st->free[box][d] > 5)
                continue;
            human_set cells = t->unit_set[box] & st->holds[d];
            int top = b / 3 * 3, left = b % 3 * 3;
            for (int j = 0; j < 9; j++) {
                int row = top + 2 - j / 3, col = left + 2 - j % 3;
                human_set lines = t->unit_set[row] | t->unit_set[9 + col];
                if (cells & ~lines)
                    continue;
                human_set in_row = cells & t->unit_set[row], in_col = cells & t->unit_set[9 + col];
                bool enough = human_set_count(in_row) >= 2 || human_set_count(in_col) >= 2;
                if (!(in_row & ~t->unit_set[9 + col]) || !(in_col & ~t->unit_set[row]) || !enough)
                    continue;
                if (hodoku_er_check(st, step, d, box, cells, row, 9 + col, false) ||
                    hodoku_er_check(st, step, d, box, cells, 9 + col, row, true))
                    return true;
            }
        }
    }
    return false;
}

/* W-wing: bivalue cells a and b with the same digits x and y; a strong
 * link of y whose ends see a and b removes x from the cells seeing both. */
static bool hodoku_w_link(const hodoku_state *st, human_step *step, int x, int y, int a, int b,
                          human_set targets)
{
    const human_tables *t = st->t;
    for (int u = 0; u < 27; u++) {
        if (st->free[u][y] != 2)
            continue;
        int ea = -1, eb = -1;
        for (int i = 0; i < 9 && (ea < 0 || eb < 0); i++) {
            int c = t->unit_cells[u][i];
            if (c == a || c == b || !(st->cand[c] & HUMAN_BIT(y)))
                continue;
            if (human_set_has(t->peers[c], a))
                ea = c;
            else if (human_set_has(t->peers[c], b))
                eb = c;
        }
        if (ea < 0 || eb < 0)
            continue;
        human_step_begin(step, HUMAN_T_HODOKU_W_WING, 0);
        human_step_cell(step, a);
        human_step_cell(step, b);
        char cells[24], unit[12], e1[8], e2[8], elims[256], an[8], bn[8];
        hodoku_elims(st, step, targets, x, elims, sizeof elims);
        human_cell_name(a, an);
        human_cell_name(b, bn);
        snprintf(cells, sizeof cells, "%s and %s", an, bn);
        human_unit_name(u, unit);
        human_cell_name(ea, e1);
        human_cell_name(eb, e2);
        human_step_explain(step, 0, cells, x, y, y, unit, e1, e2, x, elims);
        return true;
    }
    return false;
}

bool hodoku_w_wing(hodoku_state *st, human_step *step)
{
    const human_tables *t = st->t;
    for (int a = 0; a < 81; a++) {
        if (st->value[a] || !human_two_bits(st->cand[a]))
            continue;
        int x = human_first_digit(st->cand[a]);
        int y = human_first_digit(st->cand[a] & (uint16_t)~HUMAN_BIT(x));
        for (int b = a + 1; b < 81; b++) {
            if (st->cand[b] != st->cand[a])
                continue;
            human_set tx = t->peers[a] & t->peers[b] & st->holds[x];
            human_set ty = t->peers[a] & t->peers[b] & st->holds[y];
            if (tx && hodoku_w_link(st, step, x, y, a, b, tx))
                return true;
            if (ty && hodoku_w_link(st, step, y, x, a, b, ty))
                return true;
        }
    }
    return false;
}

/* XY- and XYZ-wings, tried in HoDoKu's order of cells and roles. */
static bool hodoku_wing(const hodoku_state *st, human_step *step, bool xyz)
{
    const human_tables *t = st->t;
    int bi[81], tri[81], nbi = 0, ntri = 0;
    for (int c = 0; c < 81; c++) {
        int n = human_count(st->cand[c]);
        if (n == 2)
            bi[nbi++] = c;
        if (xyz && n == 3)
            tri[ntri++] = c;
    }
    const int *first = xyz ? tri : bi;
    for (int i = 0; i < (xyz ? ntri : nbi); i++) {
        for (int j = xyz ? 0 : i + 1; j < nbi; j++) {
            if (human_count(st->cand[first[i]] | st->cand[bi[j]]) != 3)
                continue;
            for (int k = j + 1; k < nbi; k++) {
                int cells[3][3] = {{first[i], bi[j], bi[k]},
                                   {bi[j], first[i], bi[k]},
                                   {bi[k], bi[j], first[i]}};
                uint16_t m1 = st->cand[first[i]], m2 = st->cand[bi[j]], m3 = st->cand[bi[k]];
                if (human_count(m1 | m2 | m3) != 3 || m1 == m2 || m2 == m3 || m1 == m3)
                    continue;
                for (int tries = 0; tries < (xyz ? 1 : 3); tries++) {
                    int p = cells[tries][0], w1 = cells[tries][1], w2 = cells[tries][2];
                    if (!human_set_has(t->peers[p], w1) || !human_set_has(t->peers[p], w2))
                        continue;
                    uint16_t z = st->cand[w1] & st->cand[w2];
                    if (!human_one_bit(z))
                        continue;
                    int zd = human_first_digit(z);
                    human_set targets = t->peers[w1] & t->peers[w2] & st->holds[zd];
                    if (xyz)
                        targets &= t->peers[p];
                    if (!targets)
                        continue;
                    human_step_begin(step, xyz ? HUMAN_T_HODOKU_XYZ_WING : HUMAN_T_HODOKU_XY_WING,
                                     0);
                    human_step_cell(step, p);
                    human_step_cell(step, w1);
                    human_step_cell(step, w2);
                    char pn[8], an[8], bn[8], elims[256];
                    hodoku_elims(st, step, targets, zd, elims, sizeof elims);
                    human_cell_name(p, pn);
                    human_cell_name(w1, an);
                    human_cell_name(w2, bn);
                    human_step_explain(step, 0, pn, an, bn, zd, elims);
                    return true;
                }
            }
        }
    }
    return false;
}

bool hodoku_xy_wing(hodoku_state *st, human_step *step)
{
    return hodoku_wing(st, step, false);
}

bool hodoku_xyz_wing(hodoku_state *st, human_step *step)
{
    return hodoku_wing(st, step, true);
}

bool hodoku_bug_plus_1(hodoku_state *st, human_step *step)
{
    int three = -1;
    for (int c = 0; c < 81; c++) {
        int n = human_count(st->cand[c]);
        if (n > 3 || (n == 3 && three >= 0))
            return false;
        if (n == 3)
            three = c;
    }
    if (three < 0)
        return false;
    int extra = -1, units[3] = {-1, -1, -1};
    for (int u = 0; u < 27; u++) {
        for (int d = 1; d <= 9; d++) {
            int n = st->free[u][d];
            if (n > 3)
                return false;
            if (n == 3) {
                if (units[u / 9] >= 0 || (extra >= 0 && extra != d))
                    return false;
                extra = d;
                units[u / 9] = u;
            }
        }
    }
    const uint8_t *cu = st->t->cell_units[three];
    if (extra < 0 || !(st->cand[three] & HUMAN_BIT(extra)) || cu[0] != units[0] ||
        cu[1] != units[1] || cu[2] != units[2])
        return false;
    human_step_begin(step, HUMAN_T_HODOKU_BUG_PLUS_1, 0);
    human_step_cell(step, three);
    for (uint16_t m = st->cand[three] & (uint16_t)~HUMAN_BIT(extra); m; m &= (uint16_t)(m - 1))
        human_step_elim(step, three, __builtin_ctz(m) + 1);
    char name[8];
    human_cell_name(three, name);
    human_step_explain(step, 0, name, extra, name, extra);
    return true;
}
