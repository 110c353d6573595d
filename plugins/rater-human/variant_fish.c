/* Human rater, other rules: basic fish (X-wing, swordfish, jellyfish) over
 * rows and columns, whatever the boxes or regions. */
#include "variant.h"

#include <stdio.h>

static const char *const fish_names[5] = {"", "", "X-wing", "swordfish", "jellyfish"};

/* One search: k base lines (rows, or columns when by_column) of digit d
 * whose places lie in k cover lines. */
typedef struct fish_search {
    const variant_state *st;
    variant_step *step;
    int d, k;
    bool by_column;
    sk_digits places[VARIANT_MAX_SIZE]; /* line -> positions along it */
    int chosen[4];
    human_technique_id id;
} fish_search;

static int fish_cell(const fish_search *f, int line, int pos)
{
    int n = f->st->m->size;
    return f->by_column ? pos * n + line : line * n + pos;
}

/* The fish of the chosen lines covering cover: d leaves the other cells
 * of the cover lines; false when it removes nothing. */
static bool fish_found(fish_search *f, sk_digits cover)
{
    const variant_model *m = f->st->m;
    int n = m->size;
    sk_digits base = 0;
    for (int i = 0; i < f->k; i++)
        base |= 1u << f->chosen[i];
    variant_step_begin(f->step, f->id);
    for (int line = 0; line < n; line++)
        for (sk_digits p = f->places[line] & cover; p; p &= p - 1) {
            int c = fish_cell(f, line, __builtin_ctz(p));
            if (base & (1u << line))
                variant_step_cell(f->step, c);
            else
                variant_step_elim(f->step, c, f->d);
        }
    if (f->step->elim_count == 0)
        return false;
    const char *lines = f->by_column ? "columns" : "rows";
    char list[64] = "";
    size_t used = 0;
    for (int i = 0; i < f->k; i++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%d", i ? "," : "",
                                 f->chosen[i] + 1);
    snprintf(f->step->where, sizeof f->step->where, "%s %s", lines, list);
    variant_step_text(f->step,
                      "%s on %d: in %s %s, %d lies in %d %s only, so it leaves the "
                      "rest of those",
                      fish_names[f->k], f->d, lines, list, f->d, f->k,
                      f->by_column ? "rows" : "columns");
    return true;
}

static bool fish_walk(fish_search *f, int from, sk_digits cover, int depth)
{
    if (human_count(cover) > f->k)
        return false;
    if (depth == f->k)
        return human_count(cover) == f->k && fish_found(f, cover);
    for (int line = from; line < f->st->m->size; line++) {
        int count = human_count(f->places[line]);
        if (count < 2 || count > f->k)
            continue;
        f->chosen[depth] = line;
        if (fish_walk(f, line + 1, cover | f->places[line], depth + 1))
            return true;
    }
    return false;
}

static bool fish_find(const variant_state *st, variant_step *step, int k, human_technique_id id)
{
    int n = st->m->size;
    fish_search f = {.st = st, .step = step, .k = k, .id = id};
    for (f.d = 1; f.d <= n; f.d++)
        for (int by = 0; by < 2; by++) {
            f.by_column = by;
            for (int line = 0; line < n; line++) {
                f.places[line] = 0;
                for (int pos = 0; pos < n; pos++)
                    if (st->cand[fish_cell(&f, line, pos)] & (1u << (f.d - 1)))
                        f.places[line] |= 1u << pos;
            }
            if (fish_walk(&f, 0, 0, 0))
                return true;
        }
    return false;
}

bool variant_find_x_wing(const variant_state *st, variant_step *step)
{
    return fish_find(st, step, 2, HUMAN_T_X_WING);
}

bool variant_find_swordfish(const variant_state *st, variant_step *step)
{
    return fish_find(st, step, 3, HUMAN_T_SWORDFISH);
}

bool variant_find_jellyfish(const variant_state *st, variant_step *step)
{
    return fish_find(st, step, 4, HUMAN_T_JELLYFISH);
}
