/* Intersections and subsets of the HoDoKu technique set: locked candidates, locked pairs and
 * triples, naked and hidden subsets, searched in HoDoKu's order (boxes, rows, columns). */
#include "hodoku.h"

#include <stdio.h>

/* Remove d from cell into step when it is a candidate there. */
static void hodoku_elim(const hodoku_state *st, human_step *step, int cell, int d)
{
    if (st->cand[cell] & HUMAN_BIT(d))
        human_step_elim(step, cell, d);
}

/* Locked candidates of the units [first, last): a box's digit confined
 * to one line (pointing) or a line's digit confined to one box (claiming),
 * with two or three places and more places in the other unit. */
static bool hodoku_locked(const hodoku_state *st, human_step *step, int first, int last)
{
    const human_tables *t = st->t;
    bool pointing = first == 18;
    for (int u = first; u < last; u++) {
        for (int d = 1; d <= 9; d++) {
            int places = st->free[u][d];
            if (places != 2 && places != 3)
                continue;
            human_set cells = t->unit_set[u] & st->holds[d];
            int c0 = human_set_first(cells), other = -1;
            for (int k = pointing ? 0 : 2; k < (pointing ? 2 : 3) && other < 0; k++) {
                int v = t->cell_units[c0][k];
                if ((cells & t->unit_set[v]) == cells && st->free[v][d] > places)
                    other = v;
            }
            if (other < 0)
                continue;
            human_step_begin(step, pointing ? HUMAN_T_HODOKU_POINTING : HUMAN_T_HODOKU_CLAIMING, 0);
            for (int i = 0; i < 9; i++) {
                int c = t->unit_cells[other][i];
                if (!(st->cand[c] & HUMAN_BIT(d)))
                    continue;
                if (human_set_has(t->unit_set[u], c))
                    human_step_cell(step, c);
                else
                    human_step_elim(step, c, d);
            }
            char from[12], to[12];
            human_unit_name(u, from);
            human_unit_name(other, to);
            human_step_explain(step, 0, from, d, to, d, to);
            return true;
        }
    }
    return false;
}

bool hodoku_pointing(hodoku_state *st, human_step *step)
{
    return hodoku_locked(st, step, 18, 27);
}

bool hodoku_claiming(hodoku_state *st, human_step *step)
{
    return hodoku_locked(st, step, 0, 18);
}

/* What a subset search wants: the kind, and for naked subsets whether
 * only locked ones (sharing a line and a box, removing from both) or only
 * not locked ones are taken. */
typedef enum { HODOKU_NAKED, HODOKU_LOCKED, HODOKU_HIDDEN } hodoku_subset_kind;

typedef struct hodoku_subset {
    const hodoku_state *st;
    human_step *step;
    hodoku_subset_kind kind;
    int n;
    human_technique_id technique;
} hodoku_subset;

/* Fill the step of naked subset cells (n of them) on digits; true when it
 * removes something and is of the kind wanted. */
static bool hodoku_naked_step(hodoku_subset *s, const int *cells, uint16_t digits)
{
    const human_tables *t = s->st->t;
    int shared[3], nshared = 0, found = 0;
    bool same[3];
    for (int k = 0; k < 3; k++) {
        same[k] = true;
        for (int i = 1; i < s->n; i++)
            same[k] &= t->cell_units[cells[i]][k] == t->cell_units[cells[0]][k];
    }
    human_set pattern = 0;
    for (int i = 0; i < s->n; i++)
        pattern |= human_set_one(cells[i]);
    human_step_begin(s->step, s->technique, 0);
    for (int k = 0; k < 3; k++) {
        if (!same[k])
            continue;
        int u = t->cell_units[cells[0]][k];
        bool counted = false;
        shared[nshared++] = u;
        for (int i = 0; i < 9; i++) {
            int c = t->unit_cells[u][i];
            uint16_t m = human_set_has(pattern, c) ? 0 : s->st->cand[c] & digits;
            for (; m; m &= (uint16_t)(m - 1))
                human_step_elim(s->step, c, __builtin_ctz(m) + 1);
            if ((s->st->cand[c] & digits) && !human_set_has(pattern, c) && !counted &&
                (k == 2 || t->cell_units[c][2] != t->cell_units[cells[0]][2])) {
                counted = true;
                found++;
            }
        }
    }
    if (s->step->elim_count == 0)
        return false;
    bool locked = s->n < 4 && found > 1 && same[2] && (same[0] || same[1]);
    if (locked != (s->kind == HODOKU_LOCKED))
        return false;
    if (locked)
        s->step->id = s->technique =
            s->n == 2 ? HUMAN_T_HODOKU_LOCKED_PAIR : HUMAN_T_HODOKU_LOCKED_TRIPLE;
    s->step->technique = human_technique_of(s->step->id)->name;
    for (int i = 0; i < s->n; i++)
        human_step_cell(s->step, cells[i]);
    char list[96], names[16], u0[12], u1[12];
    human_step_cell_list(s->step, list, sizeof list);
    int used = 0;
    for (uint16_t m = digits; m; m &= (uint16_t)(m - 1))
        used += snprintf(names + used, sizeof names - (size_t)used, "%s%d", used ? "," : "",
                         __builtin_ctz(m) + 1);
    human_unit_name(shared[0], u0);
    human_unit_name(shared[nshared - 1], u1);
    if (locked)
        human_step_explain(s->step, 0, list, names, u0, u1);
    else
        human_step_explain(s->step, 0, list, names, u0);
    return true;
}

/* Naked subsets of n cells in unit u, in HoDoKu's order of combinations. */
static bool hodoku_naked_unit(hodoku_subset *s, int u)
{
    int cells[9], count = 0, pick[4];
    for (int i = 0; i < 9; i++) {
        int c = s->st->t->unit_cells[u][i];
        int k = human_count(s->st->cand[c]);
        if (k && k <= s->n)
            cells[count++] = c;
    }
    int n = s->n;
    for (int a = 0; a < count; a++) {
        for (int b = a + 1; b < count; b++) {
            uint16_t m2 = s->st->cand[cells[a]] | s->st->cand[cells[b]];
            if (human_count(m2) > n)
                continue;
            if (n == 2) {
                pick[0] = cells[a], pick[1] = cells[b];
                if (human_count(m2) == 2 && hodoku_naked_step(s, pick, m2))
                    return true;
                continue;
            }
            for (int c = b + 1; c < count; c++) {
                uint16_t m3 = m2 | s->st->cand[cells[c]];
                if (human_count(m3) > n)
                    continue;
                pick[0] = cells[a], pick[1] = cells[b], pick[2] = cells[c];
                if (n == 3) {
                    if (human_count(m3) == 3 && hodoku_naked_step(s, pick, m3))
                        return true;
                    continue;
                }
                for (int e = c + 1; e < count; e++) {
                    uint16_t m4 = m3 | s->st->cand[cells[e]];
                    pick[3] = cells[e];
                    if (human_count(m4) == 4 && hodoku_naked_step(s, pick, m4))
                        return true;
                }
            }
        }
    }
    return false;
}

/* The units of a subset search: boxes, then rows, then columns (locked
 * subsets only in boxes). */
static bool hodoku_subsets(hodoku_subset *s, bool (*unit_search)(hodoku_subset *, int))
{
    static const int order[3][2] = {{18, 27}, {0, 9}, {9, 18}};
    for (int k = 0; k < (s->kind == HODOKU_LOCKED ? 1 : 3); k++)
        for (int u = order[k][0]; u < order[k][1]; u++)
            if (unit_search(s, u))
                return true;
    return false;
}

static bool hodoku_naked(const hodoku_state *st, human_step *step, int n, hodoku_subset_kind kind,
                         human_technique_id technique)
{
    hodoku_subset s = {st, step, kind, n, technique};
    return hodoku_subsets(&s, hodoku_naked_unit);
}

bool hodoku_locked_pair(hodoku_state *st, human_step *step)
{
    return hodoku_naked(st, step, 2, HODOKU_LOCKED, HUMAN_T_HODOKU_NAKED_PAIR);
}

bool hodoku_locked_triple(hodoku_state *st, human_step *step)
{
    return hodoku_naked(st, step, 3, HODOKU_LOCKED, HUMAN_T_HODOKU_NAKED_TRIPLE);
}

bool hodoku_naked_pair(hodoku_state *st, human_step *step)
{
    return hodoku_naked(st, step, 2, HODOKU_NAKED, HUMAN_T_HODOKU_NAKED_PAIR);
}

bool hodoku_naked_triple(hodoku_state *st, human_step *step)
{
    return hodoku_naked(st, step, 3, HODOKU_NAKED, HUMAN_T_HODOKU_NAKED_TRIPLE);
}

bool hodoku_naked_quad(hodoku_state *st, human_step *step)
{
    return hodoku_naked(st, step, 4, HODOKU_NAKED, HUMAN_T_HODOKU_NAKED_QUAD);
}

/* Fill the step of a hidden subset: the cells at places (unit positions)
 * of u keep only digits; true when that removes something. */
static bool hodoku_hidden_step(hodoku_subset *s, int u, uint16_t places, uint16_t digits)
{
    human_step_begin(s->step, s->technique, 0);
    for (uint16_t p = places; p; p &= (uint16_t)(p - 1)) {
        int c = s->st->t->unit_cells[u][__builtin_ctz(p)];
        human_step_cell(s->step, c);
        for (uint16_t m = s->st->cand[c] & (uint16_t)~digits; m; m &= (uint16_t)(m - 1))
            hodoku_elim(s->st, s->step, c, __builtin_ctz(m) + 1);
    }
    if (s->step->elim_count == 0)
        return false;
    char unit[12], names[16], list[96];
    human_unit_name(u, unit);
    int used = 0;
    for (uint16_t m = digits; m; m &= (uint16_t)(m - 1))
        used += snprintf(names + used, sizeof names - (size_t)used, "%s%d", used ? "," : "",
                         __builtin_ctz(m) + 1);
    human_step_cell_list(s->step, list, sizeof list);
    human_step_explain(s->step, 0, unit, names, list);
    return true;
}

/* Hidden subsets of n digits in unit u: digits with 1..n places, combined
 * in ascending order, whose places number n. */
static bool hodoku_hidden_unit(hodoku_subset *s, int u)
{
    int empty = 0, digits[9], count = 0, n = s->n;
    uint16_t pos[10] = {0};
    for (int i = 0; i < 9; i++)
        empty += s->st->value[s->st->t->unit_cells[u][i]] == 0;
    if (empty <= n)
        return false;
    for (int d = 1; d <= 9; d++) {
        int f = s->st->free[u][d];
        if (!f || f > n)
            continue;
        digits[count++] = d;
        for (int i = 0; i < 9; i++)
            if (s->st->cand[s->st->t->unit_cells[u][i]] & HUMAN_BIT(d))
                pos[d] |= (uint16_t)(1u << i);
    }
    for (int a = 0; a < count; a++) {
        for (int b = a + 1; b < count; b++) {
            uint16_t p2 = pos[digits[a]] | pos[digits[b]];
            uint16_t d2 = HUMAN_BIT(digits[a]) | HUMAN_BIT(digits[b]);
            if (n == 2) {
                if (human_count(p2) == 2 && hodoku_hidden_step(s, u, p2, d2))
                    return true;
                continue;
            }
            for (int c = b + 1; c < count; c++) {
                uint16_t p3 = p2 | pos[digits[c]], d3 = d2 | HUMAN_BIT(digits[c]);
                if (n == 3) {
                    if (human_count(p3) == 3 && hodoku_hidden_step(s, u, p3, d3))
                        return true;
                    continue;
                }
                for (int e = c + 1; e < count; e++) {
                    uint16_t p4 = p3 | pos[digits[e]], d4 = d3 | HUMAN_BIT(digits[e]);
                    if (human_count(p4) == 4 && hodoku_hidden_step(s, u, p4, d4))
                        return true;
                }
            }
        }
    }
    return false;
}

static bool hodoku_hidden(const hodoku_state *st, human_step *step, int n,
                          human_technique_id technique)
{
    hodoku_subset s = {st, step, HODOKU_HIDDEN, n, technique};
    return hodoku_subsets(&s, hodoku_hidden_unit);
}

bool hodoku_hidden_pair(hodoku_state *st, human_step *step)
{
    return hodoku_hidden(st, step, 2, HUMAN_T_HODOKU_HIDDEN_PAIR);
}

bool hodoku_hidden_triple(hodoku_state *st, human_step *step)
{
    return hodoku_hidden(st, step, 3, HUMAN_T_HODOKU_HIDDEN_TRIPLE);
}

bool hodoku_hidden_quad(hodoku_state *st, human_step *step)
{
    return hodoku_hidden(st, step, 4, HUMAN_T_HODOKU_HIDDEN_QUAD);
}
