/* Uniqueness techniques of the human rater, with Sudoku Explainer's rules: unique
 * rectangles and loops (types 1 to 4) and the bivalue universal grave (types 1 to 4). */
#include "human.h"

#include <stdio.h>
#include <string.h>

/* SE walks the units of a cell as box, row, column: index k of that walk is
 * entry human_se_kind[k] of human_tables.cell_units. */
static const int human_se_kind[3] = {2, 0, 1};

/* Write the digits of mask as "3, 4" (sep ", ") or "3 or 4" (sep " or "). */
static void human_digit_list(uint16_t mask, const char *sep, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (uint16_t m = mask; m && used + 8 < len; m &= (uint16_t)(m - 1))
        used += (size_t)snprintf(buf + used, len - used, "%s%d", m == mask ? "" : sep,
                                 __builtin_ctz(m) + 1);
}

/* Position (0..8) of cell in unit u. */
static int human_unit_empty(const human_state *st, int u)
{
    int n = 0;
    for (int i = 0; i < 9; i++)
        n += st->value[st->t->unit_cells[u][i]] == 0;
    return n;
}

/* SE's rating as a step rating: its sums of tenths rounded to one decimal. */
static double human_tenths(double difficulty)
{
    return (double)(int)(difficulty * 10.0 + 0.5) / 10.0;
}

/* ---------------------------------------------------------- unique loops */

/* The search for unique loops on one pair of digits, and the easiest
 * deduction found so far over all loops. */
typedef struct human_loop_search {
    const human_state *st;
    int v1, v2;
    uint16_t pair;
    int cells[81]; /* the loop so far, in walking order */
    int len;
    human_set members;
    uint32_t parity_units[2]; /* units holding a loop cell at an even / odd position */
    bool found;
    double difficulty; /* SE's difficulty of *best, before rounding */
    int type;
    human_step *best;
    human_step work;
} human_loop_search;

/* SE's rating of a loop of len cells: 4.5 for a rectangle, 4.6 for 6 cells,
 * 4.7 for 8, 5.0 for 10 or more (summed as SE sums it). */
static double human_loop_base(int len)
{
    double r = 4.5;
    if (len >= 10)
        r += 0.3;
    if (len >= 8)
        r += 0.2;
    else if (len >= 6)
        r += 0.1;
    return r;
}

static uint32_t human_cell_unit_bits(const human_tables *t, int cell)
{
    return (1u << t->cell_units[cell][0]) | (1u << t->cell_units[cell][1]) |
           (1u << t->cell_units[cell][2]);
}

/* SE keeps the loop deduction of lowest difficulty, then lowest type, then
 * the first found: true when one of this difficulty and type would win. */
static bool human_loop_better(const human_loop_search *ls, double difficulty, int type)
{
    return !ls->found || difficulty < ls->difficulty ||
           (difficulty == ls->difficulty && type < ls->type);
}

/* Start ls->work as a deduction of the given type on the current loop. */
static void human_loop_begin(human_loop_search *ls, int type, double difficulty)
{
    static const human_technique_id ids[2][4] = {
        {HUMAN_T_UNIQUE_RECTANGLE_1, HUMAN_T_UNIQUE_RECTANGLE_2, HUMAN_T_UNIQUE_RECTANGLE_3,
         HUMAN_T_UNIQUE_RECTANGLE_4},
        {HUMAN_T_UNIQUE_LOOP_1, HUMAN_T_UNIQUE_LOOP_2, HUMAN_T_UNIQUE_LOOP_3,
         HUMAN_T_UNIQUE_LOOP_4},
    };
    human_step_begin(&ls->work, ids[ls->len > 4][type - 1], human_tenths(difficulty));
    for (int i = 0; i < ls->len; i++)
        human_step_cell(&ls->work, ls->cells[i]);
}

/* Keep ls->work as the best deduction when it removes anything; reason
 * ends its one-line explanation. */
static void human_loop_commit(human_loop_search *ls, int type, double difficulty,
                              const char *reason)
{
    if (ls->work.elim_count == 0)
        return;
    char loop[18 * 6 + 1];
    size_t used = 0;
    for (int i = 0; i < ls->len; i++) {
        char name[8];
        human_cell_name(ls->cells[i], name);
        used += (size_t)snprintf(loop + used, sizeof loop - used, "%s%s", i ? "-" : "", name);
    }
    human_step_explain(&ls->work, 0, loop, ls->v1, ls->v2, reason);
    *ls->best = ls->work;
    ls->found = true;
    ls->difficulty = difficulty;
    ls->type = type;
}

/* Type 1: one loop cell has other candidates; it loses both loop digits. */
static void human_loop_type1(human_loop_search *ls, int extra, double base)
{
    if (!human_loop_better(ls, base, 1))
        return;
    human_loop_begin(ls, 1, base);
    human_step_elim(&ls->work, extra, ls->v1);
    human_step_elim(&ls->work, extra, ls->v2);
    char name[8], reason[160];
    human_cell_name(extra, name);
    human_technique_format(reason, sizeof reason, ls->work.id, 1, name, ls->v1, ls->v2);
    human_loop_commit(ls, 1, base, reason);
}

/* Type 2: the cells with other candidates all have the same single one, d;
 * one of them is d, so the cells seeing them all lose d. */
static void human_loop_type2(human_loop_search *ls, const int *extra, int n, double base)
{
    if (!human_loop_better(ls, base, 2))
        return;
    const human_state *st = ls->st;
    int d = human_first_digit(st->cand[extra[0]] & (uint16_t)~ls->pair);
    human_set targets = ~(human_set)0;
    for (int i = 0; i < n; i++)
        targets &= st->t->peers[extra[i]];
    human_loop_begin(ls, 2, base);
    human_step_elim_set(&ls->work, st, targets, d);
    char reason[160];
    human_technique_format(reason, sizeof reason, ls->work.id, 1, d, d, d);
    human_loop_commit(ls, 2, base, reason);
}

/* Type 3 with a naked set: the extra candidates `more` of c1 and c2 (one of
 * them holds one) act as one cell; with degree - 1 other cells of unit u it
 * fills degree digits, which the rest of u loses. Subsets are taken in SE's
 * order (masks over the unit's positions, ascending). */
static void human_loop_naked(human_loop_search *ls, int u, int c1, int c2, int degree,
                             uint16_t more, double base)
{
    const human_state *st = ls->st;
    const uint8_t *cells = st->t->unit_cells[u];
    int i1 = st->t->cell_index[c1][u / 9], i2 = st->t->cell_index[c2][u / 9];
    double difficulty = base + (degree - 1) * 0.1;
    for (unsigned pick = 0; pick < 512 && human_loop_better(ls, difficulty, 3); pick++) {
        if (__builtin_popcount(pick) != degree || !(pick & (1u << i1)) || (pick & (1u << i2)))
            continue;
        /* SE also asks that the digits common to c1 and c2 and those of the
         * other cells make the whole set. */
        uint16_t all = more, covered = more & st->cand[c1] & st->cand[c2];
        bool ok = true;
        for (int i = 0; i < 9 && ok; i++) {
            if (!(pick & (1u << i)) || i == i1)
                continue;
            uint16_t m = st->cand[cells[i]];
            ok = human_count(m) > 1;
            all |= m;
            covered |= m;
        }
        if (!ok || human_count(all) != degree || human_count(covered) != degree)
            continue;
        human_loop_begin(ls, 3, difficulty);
        for (int i = 0; i < 9; i++) {
            if (pick & (1u << i) || i == i2)
                continue;
            for (uint16_t m = st->cand[cells[i]] & all; m; m &= (uint16_t)(m - 1))
                human_step_elim(&ls->work, cells[i], __builtin_ctz(m) + 1);
        }
        char names[2][8], unit[12], digits[32], others[64] = "", reason[400];
        human_cell_name(c1, names[0]);
        human_cell_name(c2, names[1]);
        human_unit_name(u, unit);
        human_digit_list(all, ", ", digits, sizeof digits);
        for (int i = 0, used = 0; i < 9; i++) {
            if (!(pick & (1u << i)) || i == i1)
                continue;
            char name[8];
            human_cell_name(cells[i], name);
            human_step_cell(&ls->work, cells[i]);
            used += snprintf(others + used, sizeof others - (size_t)used, "%s%s", used ? ", " : "",
                             name);
        }
        char extra[32];
        human_digit_list(more, " or ", extra, sizeof extra);
        human_technique_format(reason, sizeof reason, ls->work.id, 1, names[0], names[1], extra,
                               others, digits, unit);
        human_loop_commit(ls, 3, difficulty, reason);
    }
}

/* Type 3 with a hidden set: degree digits (the loop's two and degree - 2
 * digits that are no extra candidate) have, in unit u and leaving c2 out,
 * exactly degree places (c1 among them); those places other than c1 keep
 * only these digits. */
static void human_loop_hidden(human_loop_search *ls, int u, int c1, int c2, int degree,
                              uint16_t more, double base)
{
    const human_state *st = ls->st;
    const uint8_t *cells = st->t->unit_cells[u];
    int i1 = st->t->cell_index[c1][u / 9], i2 = st->t->cell_index[c2][u / 9];
    int rest[9], r = 0;
    for (int d = 1; d <= 9; d++)
        if (!((ls->pair | more) & HUMAN_BIT(d)))
            rest[r++] = d;
    if (degree - 2 > r)
        return;
    for (unsigned pick = 0; pick < (1u << r); pick++) {
        if (__builtin_popcount(pick) != degree - 2)
            continue;
        uint16_t digits = ls->pair;
        for (int i = 0; i < r; i++)
            if (pick & (1u << i))
                digits |= HUMAN_BIT(rest[i]);
        unsigned places = 0;
        bool ok = true;
        for (uint16_t m = digits; m && ok; m &= (uint16_t)(m - 1)) {
            unsigned p = human_unit_positions(st, u, __builtin_ctz(m) + 1) & ~(1u << i2);
            ok = p != 0;
            places |= p;
        }
        if (!ok || __builtin_popcount(places) != degree)
            continue;
        unsigned hidden = places & ~(1u << i1) & ~(1u << i2);
        double difficulty = base + (__builtin_popcount(hidden) - 1) * 0.1;
        if (!human_loop_better(ls, difficulty, 3))
            continue;
        human_loop_begin(ls, 3, difficulty);
        char others[64] = "";
        for (int i = 0, used = 0; i < 9; i++) {
            if (!(hidden & (1u << i)))
                continue;
            for (uint16_t m = st->cand[cells[i]] & (uint16_t)~digits; m; m &= (uint16_t)(m - 1))
                human_step_elim(&ls->work, cells[i], __builtin_ctz(m) + 1);
            char name[8];
            human_cell_name(cells[i], name);
            human_step_cell(&ls->work, cells[i]);
            used += snprintf(others + used, sizeof others - (size_t)used, "%s%s", used ? ", " : "",
                             name);
        }
        char names[2][8], unit[12], list[32], reason[400];
        human_cell_name(c1, names[0]);
        human_cell_name(c2, names[1]);
        human_unit_name(u, unit);
        human_digit_list(digits, ", ", list, sizeof list);
        human_technique_format(reason, sizeof reason, ls->work.id, 2, names[0], names[1], ls->v1,
                               ls->v2, unit, list, others, others);
        human_loop_commit(ls, 3, difficulty, reason);
    }
}

/* Type 3: naked and hidden sets in the units c1 and c2 share, by degree
 * from 2 (lksudoku's fix), then unit (box, row, column), as SE looks. */
static void human_loop_type3(human_loop_search *ls, int c1, int c2, uint16_t more, double base)
{
    const human_tables *t = ls->st->t;
    for (int degree = 2; degree <= 7; degree++)
        for (int k = 0; k < 3; k++) {
            int u = t->cell_units[c1][human_se_kind[k]];
            if (u != t->cell_units[c2][human_se_kind[k]])
                continue;
            int empty = human_unit_empty(ls->st, u);
            if (degree * 2 <= empty && degree >= human_count(more))
                human_loop_naked(ls, u, c1, c2, degree, more, base);
            if (degree * 2 < empty)
                human_loop_hidden(ls, u, c1, c2, degree, more, base);
        }
}

/* Type 4: in a unit c1 and c2 share, one loop digit has no other place, so
 * one of them holds it and neither can hold the other loop digit. */
static void human_loop_type4(human_loop_search *ls, int c1, int c2, double base)
{
    if (!human_loop_better(ls, base, 4))
        return;
    const human_state *st = ls->st;
    const human_tables *t = st->t;
    int lock_unit[2] = {-1, -1};
    for (int k = 0; k < 3; k++) {
        int u = t->cell_units[c1][human_se_kind[k]];
        if (u != t->cell_units[c2][human_se_kind[k]])
            continue;
        unsigned both = (1u << t->cell_index[c1][u / 9]) | (1u << t->cell_index[c2][u / 9]);
        if (!(human_unit_positions(st, u, ls->v1) & ~both))
            lock_unit[0] = u;
        if (!(human_unit_positions(st, u, ls->v2) & ~both))
            lock_unit[1] = u;
    }
    int which = lock_unit[0] >= 0 ? 0 : lock_unit[1] >= 0 ? 1 : -1;
    if (which < 0)
        return;
    int lock = which ? ls->v2 : ls->v1, other = which ? ls->v1 : ls->v2;
    human_loop_begin(ls, 4, base);
    human_step_elim(&ls->work, c1, other);
    human_step_elim(&ls->work, c2, other);
    char names[2][8], unit[12], reason[200];
    human_cell_name(c1, names[0]);
    human_cell_name(c2, names[1]);
    human_unit_name(lock_unit[which], unit);
    human_technique_format(reason, sizeof reason, ls->work.id, 1, names[0], names[1], lock, unit,
                           other);
    human_loop_commit(ls, 4, base, reason);
}

/* A closed loop that passed SE's test: try the types its cells with other
 * candidates allow, in SE's order. */
static void human_loop_closed(human_loop_search *ls)
{
    const uint16_t *cand = ls->st->cand;
    int extra[81], n = 0;
    for (int i = 0; i < ls->len; i++)
        if (human_count(cand[ls->cells[i]]) > 2)
            extra[n++] = ls->cells[i];
    double base = human_loop_base(ls->len);
    if (n == 1) {
        human_loop_type1(ls, extra[0], base);
    } else if (n > 2) {
        human_loop_type2(ls, extra, n, base);
    } else if (n == 2) {
        uint16_t more = (cand[extra[0]] | cand[extra[1]]) & (uint16_t)~ls->pair;
        if (human_count(more) == 1)
            human_loop_type2(ls, extra, n, base);
        else
            human_loop_type3(ls, extra[0], extra[1], more, base);
        human_loop_type4(ls, extra[0], extra[1], base);
    }
}

/* Add cell to the loop and walk on, as SE does: from cell, through a unit of
 * another kind than the last step's, to a cell holding both loop digits.
 * At most `allowed` more cells may have other candidates, unless all the
 * other candidates met so far (extra) are one same digit. A loop closes on
 * its first cell after 4 cells or more; SE keeps it when every unit holds
 * loop cells at even positions exactly as often as at odd ones, which the
 * walk checks as it goes (no unit twice at one parity). */
static void human_loop_extend(human_loop_search *ls, int cell, int allowed, uint16_t extra,
                              int last_kind)
{
    const human_tables *t = ls->st->t;
    int parity = ls->len & 1;
    uint32_t units = human_cell_unit_bits(t, cell);
    ls->cells[ls->len++] = cell;
    ls->members |= human_set_one(cell);
    ls->parity_units[parity] |= units;
    for (int k = 0; k < 3; k++) {
        if (k == last_kind)
            continue;
        int u = t->cell_units[cell][human_se_kind[k]];
        for (int i = 0; i < 9; i++) {
            int next = t->unit_cells[u][i];
            if (next == ls->cells[0] && ls->len >= 4) {
                if (ls->parity_units[0] == ls->parity_units[1])
                    human_loop_closed(ls);
                continue;
            }
            uint16_t cand = ls->st->cand[next];
            if (human_set_has(ls->members, next) || (cand & ls->pair) != ls->pair)
                continue;
            uint16_t more = extra | (cand & (uint16_t)~ls->pair);
            int n = human_count(cand);
            if (n != 2 && human_count(more) != 1 && allowed <= 0)
                continue;
            if (human_cell_unit_bits(t, next) & ls->parity_units[ls->len & 1])
                continue;
            human_loop_extend(ls, next, allowed - (n > 2), more, k);
        }
    }
    ls->parity_units[parity] &= ~units;
    ls->members &= ~human_set_one(cell);
    ls->len--;
}

/* Unique rectangles and loops as SE finds them: loops from every bivalue
 * cell, each deduction rated 4.5 (rectangle) to 5.0 (10 cells or more) plus
 * the set size for type 3; the lowest rating wins, then the lowest type,
 * then the first found. */
bool human_find_unique_rectangle(const human_state *st, human_step *step)
{
    human_loop_search ls = {.st = st, .best = step};
    for (int c = 0; c < 81; c++) {
        if (human_count(st->cand[c]) != 2)
            continue;
        ls.pair = st->cand[c];
        ls.v1 = human_first_digit(ls.pair);
        ls.v2 = human_first_digit(ls.pair & (uint16_t)(ls.pair - 1));
        human_loop_extend(&ls, c, 2, 0, -1);
    }
    return ls.found;
}

/* -------------------------------------------------- bivalue universal grave */

/* The cells SE takes for a BUG, with the digits they would lose. */
typedef struct human_grave {
    uint8_t cells[81]; /* bug cells, in the order SE meets them */
    int count;
    human_set members;
    uint16_t extra[81];   /* per cell: its bug digits */
    uint16_t all_extra;   /* every bug digit */
    human_set common;     /* cells seeing every bug cell, bug cells left out */
    uint16_t reduced[81]; /* the candidates without the bug digits */
} human_grave;

/* Record d as a bug digit of cell. False when SE gives up: several bug
 * cells, several bug digits and no cell sees all the bug cells. */
static bool human_grave_add(const human_tables *t, human_grave *g, int cell, int d)
{
    if (!human_set_has(g->members, cell)) {
        g->cells[g->count++] = (uint8_t)cell;
        g->members |= human_set_one(cell);
    }
    g->extra[cell] |= HUMAN_BIT(d);
    g->all_extra |= HUMAN_BIT(d);
    g->reduced[cell] &= (uint16_t)~HUMAN_BIT(d);
    g->common = (g->count == 1 ? t->peers[cell] : g->common & t->peers[cell]) & ~g->members;
    return !(g->count > 1 && human_count(g->all_extra) > 1 && !g->common);
}

/* SE's sweep (with lksudoku's fix): every digit with neither 0 nor 2 places
 * in a unit points at the places holding 3 or more candidates; one such
 * place is a bug cell for that digit, none means no BUG. When one digit
 * alone is ever out of place, all its places with 3 or more candidates are
 * bug cells. Then without the bug digits every empty cell must hold two
 * candidates and every digit have 0 or 2 places in every unit. */
static bool human_grave_find(const human_state *st, human_grave *g)
{
    const human_tables *t = st->t;
    memset(g, 0, sizeof *g);
    memcpy(g->reduced, st->cand, sizeof g->reduced);
    human_set one_digit_cells = 0;
    int only_digit = 0;
    bool one_digit = true;
    for (int k = 0; k < 3; k++)
        for (int r = 0; r < 9; r++) {
            int u = human_se_kind[k] * 9 + r;
            for (int d = 1; d <= 9; d++) {
                unsigned pos = human_unit_positions(st, u, d);
                int n = __builtin_popcount(pos);
                if (n == 0 || n == 2)
                    continue;
                human_set crowded = 0;
                for (int i = 0; i < 9; i++) {
                    int c = t->unit_cells[u][i];
                    if ((pos & (1u << i)) && human_count(st->cand[c]) >= 3)
                        crowded |= human_set_one(c);
                }
                if (only_digit == 0) {
                    only_digit = d;
                    one_digit_cells = crowded;
                } else if (one_digit) {
                    if (d == only_digit)
                        one_digit_cells |= crowded;
                    else
                        one_digit = false;
                }
                if (!crowded)
                    return false;
                if (human_set_count(crowded) == 1 &&
                    !human_grave_add(t, g, human_set_first(crowded), d))
                    return false;
            }
        }
    if (one_digit && only_digit) {
        /* SE leaves the digit out of all_extra when no unit named a single
         * cell; counting it keeps such a grave a type 2, which is sound. */
        g->all_extra |= HUMAN_BIT(only_digit);
        for (human_set s = one_digit_cells & ~g->members; s; s &= s - 1)
            if (!human_grave_add(t, g, human_set_first(s), only_digit))
                return false;
    }
    for (int c = 0; c < 81; c++)
        if (!st->value[c] && human_count(g->reduced[c]) != 2)
            return false;
    human_state reduced = *st;
    memcpy(reduced.cand, g->reduced, sizeof reduced.cand);
    for (int u = 0; u < 27; u++)
        for (int d = 1; d <= 9; d++) {
            int n = __builtin_popcount(human_unit_positions(&reduced, u, d));
            if (n != 0 && n != 2)
                return false;
        }
    return g->count > 0;
}

static void human_grave_begin(const human_grave *g, human_step *step, human_technique_id technique,
                              double rating)
{
    human_step_begin(step, technique, rating);
    for (int i = 0; i < g->count; i++)
        human_step_cell(step, g->cells[i]);
}

/* Type 1: one bug cell; it holds one of its bug digits. */
static bool human_grave_type1(const human_state *st, const human_grave *g, human_step *step)
{
    int c = g->cells[0];
    human_grave_begin(g, step, HUMAN_T_BUG_1, 5.6);
    for (uint16_t m = st->cand[c] & (uint16_t)~g->all_extra; m; m &= (uint16_t)(m - 1))
        human_step_elim(step, c, __builtin_ctz(m) + 1);
    char name[8], digits[32];
    human_cell_name(c, name);
    human_digit_list(g->all_extra, " or ", digits, sizeof digits);
    human_step_explain(step, 0, digits, name, name, digits);
    return step->elim_count > 0;
}

/* Type 2: one bug digit d; one bug cell is d, so cells seeing them all lose d. */
static bool human_grave_type2(const human_state *st, const human_grave *g, human_step *step)
{
    int d = human_first_digit(g->all_extra);
    human_grave_begin(g, step, HUMAN_T_BUG_2, 5.7);
    if (!human_step_elim_set(step, st, g->common, d))
        return false;
    char cells[128];
    human_cell_list(g->cells, g->count, cells, sizeof cells);
    human_step_explain(step, 0, d, cells, d, d);
    return true;
}

/* Type 3: the bug digits act as one cell forming a naked set with degree - 1
 * cells of a unit all bug cells share; the rest of the unit loses the set.
 * Degrees from 2 (outermost, lksudoku's order), units box, row, column. */
static bool human_grave_type3(const human_state *st, const human_grave *g, human_step *step)
{
    const human_tables *t = st->t;
    for (int degree = 2; degree <= 6; degree++)
        for (int k = 0; k < 3; k++) {
            int kind = human_se_kind[k], u = t->cell_units[g->cells[0]][kind];
            bool shared = true;
            for (int i = 1; i < g->count; i++)
                shared &= t->cell_units[g->cells[i]][kind] == u;
            if (!shared)
                continue;
            int others[9], n = 0;
            for (human_set s = g->common & t->unit_set[u]; s; s &= s - 1)
                others[n++] = human_set_first(s);
            if (n < degree)
                continue;
            for (unsigned pick = 0; pick < (1u << n); pick++) {
                if (__builtin_popcount(pick) != degree - 1)
                    continue;
                uint16_t digits = 0;
                bool ok = true;
                for (int i = 0; i < n; i++)
                    if (pick & (1u << i)) {
                        ok &= human_count(st->cand[others[i]]) > 1;
                        digits |= st->cand[others[i]];
                    }
                if (!ok || human_count(digits) != degree ||
                    human_count(digits | g->all_extra) != degree)
                    continue;
                human_grave_begin(g, step, HUMAN_T_BUG_3, human_tenths(5.7 + (degree - 1) * 0.1));
                char set_cells[64] = "";
                for (int i = 0, used = 0; i < n; i++) {
                    if (!(pick & (1u << i))) {
                        for (uint16_t m = st->cand[others[i]] & digits; m; m &= (uint16_t)(m - 1))
                            human_step_elim(step, others[i], __builtin_ctz(m) + 1);
                        continue;
                    }
                    char name[8];
                    human_cell_name(others[i], name);
                    human_step_cell(step, others[i]);
                    used += snprintf(set_cells + used, sizeof set_cells - (size_t)used, "%s%s",
                                     used ? ", " : "", name);
                }
                if (step->elim_count == 0)
                    continue;
                char cells[128], extra[32], list[32], unit[12];
                human_cell_list(g->cells, g->count, cells, sizeof cells);
                human_digit_list(g->all_extra, " or ", extra, sizeof extra);
                human_digit_list(digits, ", ", list, sizeof list);
                human_unit_name(u, unit);
                human_step_explain(step, 0, extra, cells, extra, list, set_cells, unit);
                return true;
            }
        }
    return false;
}

/* Type 4: two bug cells in one unit share one other digit d, which then has
 * no other place in that unit; one of them holds its bug digit and the other
 * d, so both lose their remaining candidate. */
static bool human_grave_type4(const human_state *st, const human_grave *g, human_step *step)
{
    const human_tables *t = st->t;
    int c1 = g->cells[0], c2 = g->cells[1];
    uint16_t common = st->cand[c1] & st->cand[c2] & (uint16_t)~g->all_extra;
    if (human_count(common) != 1)
        return false;
    for (int k = 0; k < 3; k++) {
        int u = t->cell_units[c1][human_se_kind[k]];
        if (u != t->cell_units[c2][human_se_kind[k]])
            continue;
        int d = human_first_digit(common);
        human_grave_begin(g, step, HUMAN_T_BUG_4, 5.7);
        for (int i = 0; i < 2; i++) {
            int c = i ? c2 : c1;
            uint16_t lose = st->cand[c] & (uint16_t)~g->extra[c] & (uint16_t)~HUMAN_BIT(d);
            for (uint16_t m = lose; m; m &= (uint16_t)(m - 1))
                human_step_elim(step, c, __builtin_ctz(m) + 1);
        }
        if (step->elim_count == 0)
            return false;
        char names[2][8], unit[12], extra[32];
        human_cell_name(c1, names[0]);
        human_cell_name(c2, names[1]);
        human_unit_name(u, unit);
        human_digit_list(g->all_extra, " or ", extra, sizeof extra);
        human_step_explain(step, 0, extra, names[0], names[1], d, unit);
        return true;
    }
    return false;
}

/* The bivalue universal grave as SE finds it; of the types the grave allows,
 * the first SE would report: type 1; or type 2, then 4; or type 4, then 3. */
bool human_find_bug(const human_state *st, human_step *step)
{
    human_grave g;
    if (!human_grave_find(st, &g))
        return false;
    if (g.count == 1)
        return human_grave_type1(st, &g, step);
    if (human_count(g.all_extra) == 1)
        return (g.common && human_grave_type2(st, &g, step)) ||
               (g.count == 2 && human_grave_type4(st, &g, step));
    if (!g.common)
        return false;
    return (g.count == 2 && human_grave_type4(st, &g, step)) || human_grave_type3(st, &g, step);
}
