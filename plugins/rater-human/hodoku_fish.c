/* Fish of the HoDoKu technique set: basic, finned and sashimi, Franken and Mutant fish,
 * searched as HoDoKu does (digits in order, lines as base first, then columns; base
 * combinations depth first, then cover combinations), with fins and endo fins. */
#include "hodoku.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { HODOKU_BASIC, HODOKU_FRANKEN, HODOKU_MUTANT };
enum { HODOKU_MASK_ROW = 1, HODOKU_MASK_COL = 2, HODOKU_MASK_BOX = 4 };
#define HODOKU_MAX_FINS 5
#define HODOKU_MAX_ENDO_FINS 2

/* One fish search: what is looked for, the units that may be base or
 * cover, and the units chosen so far. */
typedef struct hodoku_fish {
    const hodoku_state *st;
    human_step *step;
    int n, type, d;
    bool finless, finned, sashimi, endo;
    int base[27], nbase;
    human_set base_cells[27];
    int cover_all[27], ncover_all;
    human_set cover_all_cells[27];
    int cover[27], ncover;
    human_set cover_cells[27];
    bool base_used[27], cover_used[27];
    human_set base_set; /* the base candidates of the fish found */
} hodoku_fish;

static int hodoku_fish_mask(const bool used[27])
{
    int mask = 0;
    for (int u = 0; u < 27; u++)
        if (used[u])
            mask |= u < 9 ? HODOKU_MASK_ROW : u < 18 ? HODOKU_MASK_COL : HODOKU_MASK_BOX;
    return mask;
}

/* Write units as HoDoKu does ("r15b3"). */
static void hodoku_fish_units(const bool used[27], char *buf, size_t len)
{
    size_t n = 0;
    int last_kind = -1;
    buf[0] = '\0';
    for (int u = 0; u < 27 && n + 3 < len; u++) {
        if (!used[u])
            continue;
        if (u / 9 != last_kind)
            buf[n++] = "rcb"[u / 9];
        last_kind = u / 9;
        buf[n++] = (char)('1' + u % 9);
        buf[n] = '\0';
    }
}

/* The technique of a fish of size n from its unit kinds. */
static human_technique_id hodoku_fish_kind(const hodoku_fish *f, bool fins, bool sashimi)
{
    static const human_technique_id basic[3][3] = {
        {HUMAN_T_HODOKU_X_WING, HUMAN_T_SWORDFISH, HUMAN_T_JELLYFISH},
        {HUMAN_T_HODOKU_FINNED_X_WING, HUMAN_T_HODOKU_FINNED_SWORDFISH,
         HUMAN_T_HODOKU_FINNED_JELLYFISH},
        {HUMAN_T_HODOKU_SASHIMI_X_WING, HUMAN_T_HODOKU_SASHIMI_SWORDFISH,
         HUMAN_T_HODOKU_SASHIMI_JELLYFISH}};
    static const human_technique_id other[4][2] = {
        {HUMAN_T_HODOKU_FRANKEN_X_WING, HUMAN_T_HODOKU_FRANKEN_SWORDFISH},
        {HUMAN_T_HODOKU_FINNED_FRANKEN_X_WING, HUMAN_T_HODOKU_FINNED_FRANKEN_SWORDFISH},
        {HUMAN_T_HODOKU_MUTANT_X_WING, HUMAN_T_HODOKU_MUTANT_SWORDFISH},
        {HUMAN_T_HODOKU_FINNED_MUTANT_X_WING, HUMAN_T_HODOKU_FINNED_MUTANT_SWORDFISH}};
    int b = hodoku_fish_mask(f->base_used), c = hodoku_fish_mask(f->cover_used);
    int size = f->n > 3 ? 1 : f->n - 2;
    if ((b == HODOKU_MASK_ROW && c == HODOKU_MASK_COL) ||
        (b == HODOKU_MASK_COL && c == HODOKU_MASK_ROW))
        return basic[sashimi ? 2 : fins ? 1 : 0][f->n - 2];
    bool rows = (b == HODOKU_MASK_ROW || b == (HODOKU_MASK_ROW | HODOKU_MASK_BOX)) &&
                (c == HODOKU_MASK_COL || c == (HODOKU_MASK_COL | HODOKU_MASK_BOX));
    bool cols = (b == HODOKU_MASK_COL || b == (HODOKU_MASK_COL | HODOKU_MASK_BOX)) &&
                (c == HODOKU_MASK_ROW || c == (HODOKU_MASK_ROW | HODOKU_MASK_BOX));
    return other[(rows || cols ? 0 : 2) + (fins ? 1 : 0)][size];
}

/* Build the step of the fish now chosen; false when it is of a kind not
 * wanted (a finned basic fish that is sashimi, or the reverse). */
static bool hodoku_fish_accept(hodoku_fish *f, human_set fins, human_set endo, human_set elims,
                               human_set cannibal)
{
    bool basic_shape = hodoku_fish_mask(f->base_used) == HODOKU_MASK_ROW
                           ? hodoku_fish_mask(f->cover_used) == HODOKU_MASK_COL
                           : hodoku_fish_mask(f->base_used) == HODOKU_MASK_COL &&
                                 hodoku_fish_mask(f->cover_used) == HODOKU_MASK_ROW;
    bool sashimi = false;
    for (int i = 0; basic_shape && i < f->nbase && !sashimi; i++)
        if (f->base_used[f->base[i]])
            sashimi = human_set_count(f->base_cells[i] & ~fins) <= 1;
    if (f->type == HODOKU_BASIC && f->finned && f->sashimi != sashimi)
        return false;
    human_technique_id id = hodoku_fish_kind(f, f->finned, sashimi);
    human_step *step = f->step;
    human_step_begin(step, id, 0);
    for (human_set s = f->base_set & ~fins; s; s &= s - 1)
        human_step_cell(step, human_set_first(s));
    for (human_set s = elims; s; s &= s - 1)
        human_step_elim(step, human_set_first(s), f->d);
    for (human_set s = cannibal; s; s &= s - 1)
        human_step_elim(step, human_set_first(s), f->d);
    for (int u = 0; u < 27; u++) {
        step->base_units |= f->base_used[u] ? 1u << u : 0;
        step->cover_units |= f->cover_used[u] ? 1u << u : 0;
    }
    for (human_set s = fins; s; s &= s - 1)
        step->fins[step->fin_count++] = (sk_candidate){(uint8_t)human_set_first(s), (uint8_t)f->d};
    char bases[32], covers[32], fin_text[200] = "", elim_text[256];
    hodoku_fish_units(f->base_used, bases, sizeof bases);
    hodoku_fish_units(f->cover_used, covers, sizeof covers);
    if (fins) {
        uint8_t list[81];
        int n = 0;
        for (human_set s = fins; s; s &= s - 1)
            list[n++] = (uint8_t)human_set_first(s);
        char cells[128];
        human_cell_list(list, n, cells, sizeof cells);
        snprintf(fin_text, sizeof fin_text, " but for the fin%s %s%s", n > 1 ? "s" : "", cells,
                 endo ? " (endo fins included)" : "");
    }
    human_step_elim_list(step, elim_text, sizeof elim_text);
    /* Every fish shares one explanation (Swordfish and Jellyfish are SE's
     * entries too, whose templates differ). */
    human_technique_format(step->text, sizeof step->text, HUMAN_T_HODOKU_X_WING, 0, f->d, bases,
                           covers, fin_text, elim_text);
    return true;
}

/* The fish whose base and cover are now chosen. */
static bool hodoku_fish_check(hodoku_fish *f, human_set cover, human_set cannibal, human_set endo)
{
    const human_tables *t = f->st->t;
    human_set fins = (f->base_set & ~cover) | endo;
    if (fins == 0 && f->finless) {
        human_set elims = cover & ~f->base_set;
        return (elims || cannibal) && hodoku_fish_accept(f, 0, 0, elims, cannibal);
    }
    int nfins = human_set_count(fins);
    if (!f->finned || nfins == 0 || nfins > HODOKU_MAX_FINS)
        return false;
    human_set seen = hodoku_buddies(t, fins);
    human_set elims = cover & ~f->base_set & seen, cann = cannibal & seen;
    return seen && (elims || cann) && hodoku_fish_accept(f, fins, endo, elims, cann);
}

/* Cover combinations of level `level` (1-based) from index start. */
static bool hodoku_fish_covers(hodoku_fish *f, int level, int start, human_set cover,
                               human_set cannibal, human_set endo)
{
    for (int i = start; i < f->ncover - f->n + level; i++) {
        human_set cann = cannibal | (cover & f->cover_cells[i]);
        human_set next = cover | f->cover_cells[i];
        f->cover_used[f->cover[i]] = true;
        bool found = level == f->n ? hodoku_fish_check(f, next, cann, endo)
                                   : hodoku_fish_covers(f, level + 1, i + 1, next, cann, endo);
        f->cover_used[f->cover[i]] = false;
        if (found)
            return true;
    }
    return false;
}

/* Base combinations of level `level` from index start; at size n the
 * covers are tried. */
static bool hodoku_fish_bases(hodoku_fish *f, int level, int start, human_set base, human_set endo)
{
    for (int i = start; i < f->nbase; i++) {
        human_set more = base & f->base_cells[i];
        if (more && (!f->finned || !f->endo ||
                     human_set_count(endo) + human_set_count(more) > HODOKU_MAX_ENDO_FINS))
            continue;
        human_set next = base | f->base_cells[i], next_endo = endo | more;
        f->base_used[f->base[i]] = true;
        bool found = false;
        if (level == f->n) {
            f->ncover = 0;
            for (int k = 0; k < f->ncover_all; k++) {
                if (f->base_used[f->cover_all[k]] || !(next & f->cover_all_cells[k]))
                    continue;
                f->cover[f->ncover] = f->cover_all[k];
                f->cover_cells[f->ncover++] = f->cover_all_cells[k];
            }
            f->base_set = next;
            found = hodoku_fish_covers(f, 1, 0, 0, 0, next_endo);
        } else {
            found = hodoku_fish_bases(f, level + 1, i + 1, next, next_endo);
        }
        f->base_used[f->base[i]] = false;
        if (found)
            return true;
    }
    return false;
}

static void hodoku_fish_add(hodoku_fish *f, int u, human_set cells, bool base)
{
    if (base && (f->finned || human_set_count(cells) <= f->n)) {
        f->base[f->nbase] = u;
        f->base_cells[f->nbase++] = cells;
    } else if (!base) {
        f->cover_all[f->ncover_all] = u;
        f->cover_all_cells[f->ncover_all++] = cells;
    }
}

/* The units of a search with lines (rows) or columns as base. */
static void hodoku_fish_units_of(hodoku_fish *f, bool lines)
{
    f->nbase = f->ncover_all = 0;
    bool mutant = f->type == HODOKU_MUTANT;
    for (int u = 0; u < 27; u++) {
        if (u >= 18 && f->type == HODOKU_BASIC)
            continue;
        human_set cells = f->st->t->unit_set[u] & f->st->holds[f->d];
        if (!cells)
            continue;
        if (u < 18 && !mutant) {
            hodoku_fish_add(f, u, cells, (u < 9) == lines);
        } else if (u < 18) {
            hodoku_fish_add(f, u, cells, true);
            hodoku_fish_add(f, u, cells, false);
        } else {
            hodoku_fish_add(f, u, cells, false);
            hodoku_fish_add(f, u, cells, true);
        }
    }
}

/* The first fish of size n and kind in HoDoKu's order. */
static bool hodoku_fish_search(const hodoku_state *st, human_step *step, int n, int type,
                               bool finned, bool sashimi)
{
    hodoku_fish *f = calloc(1, sizeof *f);
    if (!f)
        return false;
    *f = (hodoku_fish){.st = st, .step = step, .n = n, .type = type, .finless = !finned,
                       .finned = finned, .sashimi = sashimi, .endo = type != HODOKU_BASIC};
    bool found = false;
    for (int d = 1; d <= 9 && !found; d++) {
        f->d = d;
        for (int pass = 0; pass < (type == HODOKU_MUTANT ? 1 : 2) && !found; pass++) {
            hodoku_fish_units_of(f, pass == 0);
            memset(f->base_used, 0, sizeof f->base_used);
            memset(f->cover_used, 0, sizeof f->cover_used);
            found = hodoku_fish_bases(f, 1, 0, 0, 0);
        }
    }
    free(f);
    return found;
}

#define HODOKU_FISH(name, n, type, finned, sashimi)                                                \
    bool name(hodoku_state *st, human_step *step)                                                 \
    {                                                                                              \
        return hodoku_fish_search(st, step, n, type, finned, sashimi);                             \
    }

HODOKU_FISH(hodoku_x_wing, 2, HODOKU_BASIC, false, false)
HODOKU_FISH(hodoku_swordfish, 3, HODOKU_BASIC, false, false)
HODOKU_FISH(hodoku_jellyfish, 4, HODOKU_BASIC, false, false)
HODOKU_FISH(hodoku_finned_x_wing, 2, HODOKU_BASIC, true, false)
HODOKU_FISH(hodoku_finned_swordfish, 3, HODOKU_BASIC, true, false)
HODOKU_FISH(hodoku_finned_jellyfish, 4, HODOKU_BASIC, true, false)
HODOKU_FISH(hodoku_sashimi_x_wing, 2, HODOKU_BASIC, true, true)
HODOKU_FISH(hodoku_sashimi_swordfish, 3, HODOKU_BASIC, true, true)
HODOKU_FISH(hodoku_sashimi_jellyfish, 4, HODOKU_BASIC, true, true)
HODOKU_FISH(hodoku_franken_x_wing, 2, HODOKU_FRANKEN, false, false)
HODOKU_FISH(hodoku_franken_swordfish, 3, HODOKU_FRANKEN, false, false)
HODOKU_FISH(hodoku_finned_franken_x_wing, 2, HODOKU_FRANKEN, true, false)
HODOKU_FISH(hodoku_finned_franken_swordfish, 3, HODOKU_FRANKEN, true, false)
