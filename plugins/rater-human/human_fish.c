/* Basic fish of the human rater: X-wing, swordfish and jellyfish. */
#include "human.h"

#include <stdio.h>

typedef struct human_fish_search {
    const human_state *st;
    human_step *step;
    int d;
    int n;
    int base;          /* 0: base lines are rows, 9: columns */
    int lines[9];      /* candidate base lines */
    uint16_t masks[9]; /* their positions (cover line indexes) */
    int count;
    int chosen[9];
    human_technique_id technique;
    double rating;
} human_fish_search;

static bool human_fish_accept(human_fish_search *f, uint16_t cover)
{
    const human_tables *t = f->st->t;
    human_set base = 0, cover_cells = 0;
    for (int i = 0; i < f->n; i++)
        base |= t->unit_set[f->base + f->lines[f->chosen[i]]];
    int cover_kind = f->base == 0 ? 9 : 0;
    for (uint16_t p = cover; p; p &= (uint16_t)(p - 1))
        cover_cells |= t->unit_set[cover_kind + __builtin_ctz(p)];
    human_step_begin(f->step, f->technique, f->rating);
    if (!human_step_elim_set(f->step, f->st, cover_cells & ~base, f->d))
        return false;
    for (human_set s = base & cover_cells; s; s &= s - 1) {
        int c = human_set_first(s);
        if (f->st->cand[c] & HUMAN_BIT(f->d))
            human_step_cell(f->step, c);
    }
    char bases[40] = "", covers[40] = "";
    int ub = 0, uc = 0;
    for (int i = 0; i < f->n; i++)
        ub += snprintf(bases + ub, sizeof bases - (size_t)ub, "%s%d", i ? "," : "",
                       f->lines[f->chosen[i]] + 1);
    for (uint16_t p = cover; p; p &= (uint16_t)(p - 1))
        uc += snprintf(covers + uc, sizeof covers - (size_t)uc, "%s%d", uc ? "," : "",
                       __builtin_ctz(p) + 1);
    const char *bk = f->base == 0 ? "rows" : "columns", *ck = f->base == 0 ? "columns" : "rows";
    human_step_explain(f->step, 0, bk, bases, f->d, ck, covers, f->d, ck);
    return true;
}

static bool human_fish_rec(human_fish_search *f, int start, int depth, uint16_t cover)
{
    if (depth == f->n)
        return human_count(cover) == f->n && human_fish_accept(f, cover);
    for (int i = start; i <= f->count - (f->n - depth); i++) {
        uint16_t next = cover | f->masks[i];
        if (human_count(next) > f->n)
            continue;
        f->chosen[depth] = i;
        if (human_fish_rec(f, i + 1, depth + 1, next))
            return true;
    }
    return false;
}

static bool human_fish(const human_state *st, human_step *step, int n, human_technique_id technique,
                       double rating)
{
    human_fish_search f = {
        .st = st, .step = step, .n = n, .technique = technique, .rating = rating};
    for (int d = 1; d <= 9; d++) {
        f.d = d;
        for (int base = 0; base <= 9; base += 9) {
            f.base = base;
            f.count = 0;
            for (int line = 0; line < 9; line++) {
                uint16_t pos = human_unit_positions(st, base + line, d);
                int k = human_count(pos);
                if (k >= 2 && k <= n) {
                    f.lines[f.count] = line;
                    f.masks[f.count++] = pos;
                }
            }
            if (f.count >= n && human_fish_rec(&f, 0, 0, 0))
                return true;
        }
    }
    return false;
}

bool human_find_x_wing(const human_state *st, human_step *step)
{
    return human_fish(st, step, 2, HUMAN_T_X_WING, 3.2);
}

bool human_find_swordfish(const human_state *st, human_step *step)
{
    return human_fish(st, step, 3, HUMAN_T_SWORDFISH, 3.8);
}

bool human_find_jellyfish(const human_state *st, human_step *step)
{
    return human_fish(st, step, 4, HUMAN_T_JELLYFISH, 5.2);
}
