/* Aligned pair (SE 6.2) and aligned triple (SE 7.5) exclusion of the human rater.
 *
 * SE's rules, for a degree n of 2 or 3:
 * - An excluding cell of a cell is a peer holding 2..n candidates.
 * - A base cell holds at least 2 candidates, has at least one excluding
 *   cell, and sees no cell with a single candidate.
 * - Pairs: any two base cells (they need not see each other). Triples: three
 *   base cells of which one holds 2..3 candidates and sees another of them.
 * - The chosen cells need at least two common excluding cells (cells that
 *   see all of them).
 * - A combination of digits for the chosen cells is excluded when two cells
 *   that see each other get the same digit, or when the combination holds
 *   every candidate of a common excluding cell (that cell would be empty).
 * - A candidate of a chosen cell that no allowed combination uses is removed.
 */
#include "human.h"

#include <stdarg.h>
#include <stdio.h>

#define ALIGNED_MAX 3

/* Why a combination of digits is excluded. */
#define ALIGNED_ALLOWED (-2)
#define ALIGNED_REPEATS (-1)

/* The cells of a search and what each pass learns about them. */
typedef struct aligned_set {
    const human_state *st;
    int degree;
    int cells[ALIGNED_MAX];
    bool sees[ALIGNED_MAX][ALIGNED_MAX];
    int excluder_count;
    int excluders[20]; /* common excluding cells: at most 13 cells see two cells */
    uint16_t excluder_cand[20];
    uint8_t digits[ALIGNED_MAX]; /* the combination being walked */
    uint16_t kept[ALIGNED_MAX];  /* digits used by an allowed combination */
    bool all_kept;               /* every candidate is kept: stop walking */
    uint16_t removed[ALIGNED_MAX];
    bool explain_repeat;  /* a relevant combination repeats a digit */
    human_set explain_by; /* excluding cells that exclude a relevant combination */
} aligned_set;

/* Base cells of a search of degree n and, in excl, each one's excluding
 * cells. */
static human_set aligned_base_cells(const human_state *st, int degree, human_set excl[81])
{
    human_set singles = 0, small = 0, base = 0;
    for (int c = 0; c < 81; c++) {
        int n = human_count(st->cand[c]);
        if (n == 1)
            singles |= human_set_one(c);
        else if (n >= 2 && n <= degree)
            small |= human_set_one(c);
    }
    for (int c = 0; c < 81; c++) {
        excl[c] = st->t->peers[c] & small;
        if (human_count(st->cand[c]) >= 2 && excl[c] && !(st->t->peers[c] & singles))
            base |= human_set_one(c);
    }
    return base;
}

/* ALIGNED_ALLOWED, ALIGNED_REPEATS, or the excluding cell the current
 * combination would empty. */
static int aligned_verdict(const aligned_set *set)
{
    uint16_t used = 0;
    for (int i = 0; i < set->degree; i++) {
        for (int j = 0; j < i; j++)
            if (set->sees[i][j] && set->digits[i] == set->digits[j])
                return ALIGNED_REPEATS;
        used |= HUMAN_BIT(set->digits[i]);
    }
    for (int e = 0; e < set->excluder_count; e++)
        if ((set->excluder_cand[e] & (uint16_t)~used) == 0)
            return set->excluders[e];
    return ALIGNED_ALLOWED;
}

/* Take the current combination into account. Without explain, record its
 * digits in kept when it is allowed (and note when every candidate is
 * kept); with explain, record why it is excluded when it uses a removed
 * candidate. */
static void aligned_leaf(aligned_set *set, bool explain)
{
    int verdict = aligned_verdict(set);
    if (!explain) {
        if (verdict != ALIGNED_ALLOWED)
            return;
        bool all = true;
        for (int i = 0; i < set->degree; i++) {
            set->kept[i] |= HUMAN_BIT(set->digits[i]);
            all &= set->kept[i] == set->st->cand[set->cells[i]];
        }
        set->all_kept = all;
        return;
    }
    bool relevant = false;
    for (int i = 0; i < set->degree; i++)
        relevant |= (set->removed[i] & HUMAN_BIT(set->digits[i])) != 0;
    if (!relevant || verdict == ALIGNED_ALLOWED)
        return;
    if (verdict == ALIGNED_REPEATS)
        set->explain_repeat = true;
    else
        set->explain_by |= human_set_one(verdict);
}

/* Walk every combination of digits of the chosen cells (see aligned_leaf),
 * stopping early once every candidate is kept. */
static void aligned_walk(aligned_set *set, bool explain)
{
    uint16_t rest[ALIGNED_MAX]; /* digits of each cell still to try */
    int last = set->degree - 1, depth = 0;
    rest[0] = set->st->cand[set->cells[0]];
    while (depth >= 0 && !set->all_kept) {
        if (!rest[depth]) {
            depth--;
            continue;
        }
        set->digits[depth] = (uint8_t)human_first_digit(rest[depth]);
        rest[depth] &= (uint16_t)(rest[depth] - 1);
        if (depth < last) {
            depth++;
            rest[depth] = set->st->cand[set->cells[depth]];
        } else {
            aligned_leaf(set, explain);
        }
    }
}

/* Append printf-style text at *used in buf (len bytes), truncating. */
__attribute__((format(printf, 4, 5))) static void aligned_append(char *buf, size_t len,
                                                                 size_t *used, const char *fmt, ...)
{
    if (*used + 1 >= len)
        return;
    va_list args;
    va_start(args, fmt);
    int n = vsnprintf(buf + *used, len - *used, fmt, args);
    va_end(args);
    if (n > 0)
        *used = *used + (size_t)n < len ? *used + (size_t)n : len - 1;
}

/* Fill step with the removals of set and a one-line explanation: "Every way
 * to fill r1c1, r1c5 and r2c2 that puts 4 in r1c5 repeats a digit within a
 * row, column or box or uses every candidate of r1c2 (45) or r1c3 (234),
 * cells that see all three, so r1c5<>4". */
static void aligned_describe(aligned_set *set, human_step *step)
{
    bool pair = set->degree == 2;
    human_step_begin(step, pair ? HUMAN_T_ALIGNED_PAIR : HUMAN_T_ALIGNED_TRIPLE, pair ? 6.2 : 7.5);
    for (int i = 0; i < set->degree; i++)
        human_step_cell(step, set->cells[i]);
    aligned_walk(set, true);
    for (human_set s = set->explain_by; s; s &= s - 1)
        human_step_cell(step, human_set_first(s));
    for (int i = 0; i < set->degree; i++)
        for (uint16_t m = set->removed[i]; m; m &= (uint16_t)(m - 1))
            human_step_elim(step, set->cells[i], human_first_digit(m));

    char cells[32], what[128], repeat[64] = "", uses[192] = "", by[128], removed[192], name[8];
    size_t used = 0;
    for (int i = 0; i < set->degree; i++) {
        human_cell_name(set->cells[i], name);
        const char *sep = i == 0 ? "" : i == set->degree - 1 ? " and " : ", ";
        aligned_append(cells, sizeof cells, &used, "%s%s", sep, name);
    }
    used = 0;
    what[0] = '\0';
    for (int i = 0; i < set->degree; i++) {
        if (!set->removed[i])
            continue;
        aligned_append(what, sizeof what, &used, "%s", used ? ", or " : "");
        for (uint16_t m = set->removed[i]; m; m &= (uint16_t)(m - 1))
            aligned_append(what, sizeof what, &used, "%d%s", human_first_digit(m),
                           (m & (m - 1)) ? " or " : "");
        human_cell_name(set->cells[i], name);
        aligned_append(what, sizeof what, &used, " in %s", name);
    }
    if (set->explain_repeat)
        human_technique_format(repeat, sizeof repeat, step->id, 1, set->explain_by ? " or" : "");
    if (set->explain_by) {
        int n = 0;
        used = 0;
        for (human_set s = set->explain_by; s; s &= s - 1, n++) {
            int c = human_set_first(s);
            human_cell_name(c, name);
            aligned_append(by, sizeof by, &used, "%s%s (", n ? " or " : "", name);
            for (uint16_t m = set->st->cand[c]; m; m &= (uint16_t)(m - 1))
                aligned_append(by, sizeof by, &used, "%d", human_first_digit(m));
            aligned_append(by, sizeof by, &used, ")");
        }
        human_technique_format(uses, sizeof uses, step->id, 2, by,
                               n == 1 ? "a cell that sees" : "cells that see",
                               pair ? "both" : "all three");
    }
    human_step_elim_list(step, removed, sizeof removed);
    human_step_explain(step, 0, cells, what, repeat, uses, removed);
}

/* Try the chosen cells of set (degree and cells filled in) against common,
 * the excluding cells that see them all; true, with step filled in, when a
 * candidate goes. */
static bool aligned_try(aligned_set *set, human_set common, human_step *step)
{
    const human_state *st = set->st;
    set->excluder_count = 0;
    for (human_set s = common; s; s &= s - 1) {
        int e = human_set_first(s);
        set->excluders[set->excluder_count] = e;
        set->excluder_cand[set->excluder_count++] = st->cand[e];
    }
    for (int i = 0; i < set->degree; i++) {
        set->kept[i] = 0;
        for (int j = 0; j < set->degree; j++)
            set->sees[i][j] = human_set_has(st->t->peers[set->cells[i]], set->cells[j]);
    }
    set->all_kept = false;
    aligned_walk(set, false);
    if (set->all_kept)
        return false;
    bool any = false;
    for (int i = 0; i < set->degree; i++) {
        set->removed[i] = st->cand[set->cells[i]] & (uint16_t)~set->kept[i];
        any |= set->removed[i] != 0;
    }
    if (!any)
        return false;
    set->explain_repeat = false;
    set->explain_by = 0;
    aligned_describe(set, step);
    return true;
}

bool human_find_aligned_pair_exclusion(const human_state *st, human_step *step)
{
    human_set excl[81];
    human_set base = aligned_base_cells(st, 2, excl);
    aligned_set set = {.st = st, .degree = 2};
    for (human_set sa = base; sa; sa &= sa - 1) {
        int a = human_set_first(sa);
        for (human_set sb = sa & (sa - 1); sb; sb &= sb - 1) {
            int b = human_set_first(sb);
            human_set common = excl[a] & excl[b];
            if (human_set_count(common) < 2)
                continue;
            set.cells[0] = a;
            set.cells[1] = b;
            if (aligned_try(&set, common, step))
                return true;
        }
    }
    return false;
}

bool human_find_aligned_triple_exclusion(const human_state *st, human_step *step)
{
    human_set excl[81];
    human_set base = aligned_base_cells(st, 3, excl);
    aligned_set set = {.st = st, .degree = 3};
    for (human_set sa = base; sa; sa &= sa - 1) {
        int a = human_set_first(sa);
        for (human_set sb = sa & (sa - 1); sb; sb &= sb - 1) {
            int b = human_set_first(sb);
            human_set common_ab = excl[a] & excl[b];
            if (human_set_count(common_ab) < 2)
                continue;
            for (human_set sc = sb & (sb - 1); sc; sc &= sc - 1) {
                int c = human_set_first(sc);
                human_set common = common_ab & excl[c];
                if (human_set_count(common) < 2)
                    continue;
                /* Aligned: one of the three holds 2..3 candidates and sees
                 * another of them (it is that cell's excluding cell). */
                bool aligned = human_set_has(excl[a] | excl[b], c) ||
                               human_set_has(excl[a] | excl[c], b) ||
                               human_set_has(excl[b] | excl[c], a);
                if (!aligned)
                    continue;
                set.cells[0] = a;
                set.cells[1] = b;
                set.cells[2] = c;
                if (aligned_try(&set, common, step))
                    return true;
            }
        }
    }
    return false;
}
