/* Coloring of the HoDoKu technique set: simple colors (trap, wrap) and multi colors (1, 2),
 * the conjugate pairs of a digit coloured as HoDoKu colours them. */
#include "hodoku.h"

#include <stdio.h>

#define HODOKU_MAX_COLORS 20

/* The colour pairs of one digit: set[i][0] and set[i][1] hold the cells
 * of the two colours of cluster i. */
typedef struct hodoku_colors {
    const hodoku_state *st;
    int d, count;
    human_set left; /* cells of conjugate pairs not coloured yet */
    human_set set[HODOKU_MAX_COLORS][2];
} hodoku_colors;

/* Colour cell with colour `on` and its conjugates with the other, depth
 * first through the row, column and box. */
static void hodoku_color_cell(hodoku_colors *k, int cell, int on)
{
    if (cell < 0 || !human_set_has(k->left, cell))
        return;
    k->set[k->count][on] |= human_set_one(cell);
    k->left &= ~human_set_one(cell);
    for (int i = 0; i < 3; i++) {
        int u = k->st->t->cell_units[cell][i];
        int other = -1;
        if (k->st->free[u][k->d] == 2) {
            human_set pair = k->st->t->unit_set[u] & k->st->holds[k->d] & ~human_set_one(cell);
            other = human_set_first(pair);
        }
        hodoku_color_cell(k, other, 1 - on);
    }
}

static void hodoku_color_digit(hodoku_colors *k, const hodoku_state *st, int d)
{
    k->st = st;
    k->d = d;
    k->count = 0;
    k->left = 0;
    for (human_set s = st->holds[d]; s; s &= s - 1) {
        int c = human_set_first(s);
        for (int i = 0; i < 3; i++)
            if (st->free[st->t->cell_units[c][i]][d] == 2)
                k->left |= human_set_one(c);
    }
    while (k->left && k->count < HODOKU_MAX_COLORS) {
        k->set[k->count][0] = k->set[k->count][1] = 0;
        hodoku_color_cell(k, human_set_first(k->left), 0);
        if (k->set[k->count][0] && k->set[k->count][1])
            k->count++;
    }
}

/* True when two cells of s see each other. */
static bool hodoku_color_wrap(const human_tables *t, human_set s)
{
    for (human_set a = s; a; a &= a - 1)
        if (t->peers[human_set_first(a)] & s)
            return true;
    return false;
}

/* Cells holding d that see a cell of a and a cell of b. */
static human_set hodoku_color_trap(const hodoku_state *st, int d, human_set a, human_set b)
{
    human_set del = 0;
    for (human_set x = a; x; x &= x - 1)
        for (human_set y = b; y; y &= y - 1)
            del |= st->t->peers[human_set_first(x)] & st->t->peers[human_set_first(y)];
    return del & st->holds[d];
}

/* True when some cell of s sees a cell of other. */
static bool hodoku_color_sees(const human_tables *t, human_set s, human_set other)
{
    for (human_set a = s; a; a &= a - 1)
        if (t->peers[human_set_first(a)] & other)
            return true;
    return false;
}

/* True when s as a whole sees both colours a and b. */
static bool hodoku_color_sees_both(const human_tables *t, human_set s, human_set a, human_set b)
{
    bool sa = false, sb = false;
    for (human_set x = s; x && !(sa && sb); x &= x - 1) {
        sa |= (t->peers[human_set_first(x)] & a) != 0;
        sb |= (t->peers[human_set_first(x)] & b) != 0;
    }
    return sa && sb;
}

/* Make the step of technique id removing d from del, with the colours. */
static bool hodoku_color_step(human_step *step, human_technique_id id, int d, human_set del,
                              const human_set *colors, int ncolors)
{
    if (!del)
        return false;
    human_step_begin(step, id, 0);
    for (human_set s = del; s; s &= s - 1)
        human_step_elim(step, human_set_first(s), d);
    char lists[4][96], elims[256];
    for (int i = 0; i < 4; i++) {
        uint8_t cells[81];
        int n = 0;
        for (human_set s = i < ncolors ? colors[i] : 0; s; s &= s - 1)
            cells[n++] = (uint8_t)human_set_first(s);
        for (int j = 0; j < n; j++)
            human_step_cell(step, cells[j]);
        human_cell_list(cells, n, lists[i], sizeof lists[i]);
    }
    human_step_elim_list(step, elims, sizeof elims);
    if (ncolors == 2)
        human_step_explain(step, 0, d, lists[0], lists[1], elims);
    else
        human_step_explain(step, 0, d, lists[0], lists[1], lists[2], lists[3], elims);
    return true;
}

bool hodoku_simple_colors(hodoku_state *st, human_step *step)
{
    hodoku_colors k;
    for (int d = 1; d <= 9; d++) {
        hodoku_color_digit(&k, st, d);
        for (int i = 0; i < k.count; i++) {
            human_set del = 0;
            for (int c = 0; c < 2; c++)
                if (hodoku_color_wrap(st->t, k.set[i][c]))
                    del |= k.set[i][c];
            if (hodoku_color_step(step, HUMAN_T_HODOKU_SIMPLE_COLORS_WRAP, d, del, k.set[i], 2))
                return true;
            del = hodoku_color_trap(st, d, k.set[i][0], k.set[i][1]);
            if (hodoku_color_step(step, HUMAN_T_HODOKU_SIMPLE_COLORS_TRAP, d, del, k.set[i], 2))
                return true;
        }
    }
    return false;
}

bool hodoku_multi_colors(hodoku_state *st, human_step *step)
{
    const human_tables *t = st->t;
    hodoku_colors k;
    for (int d = 1; d <= 9; d++) {
        hodoku_color_digit(&k, st, d);
        for (int i = 0; i < k.count; i++) {
            for (int j = 0; j < k.count; j++) {
                if (i == j)
                    continue;
                human_set a1 = k.set[i][0], a2 = k.set[i][1], b1 = k.set[j][0], b2 = k.set[j][1];
                human_set four[4] = {a1, a2, b1, b2}, del = 0;
                if (hodoku_color_sees_both(t, a1, b1, b2))
                    del |= a1;
                if (hodoku_color_sees_both(t, a2, b1, b2))
                    del |= a2;
                if (hodoku_color_step(step, HUMAN_T_HODOKU_MULTI_COLORS_2, d, del, four, 4))
                    return true;
                del = 0;
                if (hodoku_color_sees(t, a1, b1))
                    del |= hodoku_color_trap(st, d, a2, b2);
                if (hodoku_color_sees(t, a1, b2))
                    del |= hodoku_color_trap(st, d, a2, b1);
                if (hodoku_color_sees(t, a2, b1))
                    del |= hodoku_color_trap(st, d, a1, b2);
                if (hodoku_color_sees(t, a2, b2))
                    del |= hodoku_color_trap(st, d, a1, b1);
                if (hodoku_color_step(step, HUMAN_T_HODOKU_MULTI_COLORS_1, d, del, four, 4))
                    return true;
            }
        }
    }
    return false;
}
