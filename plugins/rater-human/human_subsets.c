/* Subsets of the human rater: naked and hidden pairs, triples, quads, direct forms. */
#include "human.h"

#include <stdio.h>

/* Candidate combination search: choose n of the count items (masks) whose
 * union has exactly n bits. chosen receives the indexes; true when found
 * and accept(...) agreed. */
typedef bool (*human_subset_accept)(const human_state *st, human_step *step, int unit,
                                    const int *chosen, int n, uint16_t uni, void *ctx);

typedef struct human_subset_search {
    const human_state *st;
    human_step *step;
    int unit;
    const uint16_t *masks;
    int count;
    int n;
    int chosen[9];
    human_subset_accept accept;
    void *ctx;
} human_subset_search;

static bool human_subset_rec(human_subset_search *s, int start, int depth, uint16_t uni)
{
    if (depth == s->n)
        return human_count(uni) == s->n &&
               s->accept(s->st, s->step, s->unit, s->chosen, s->n, uni, s->ctx);
    for (int i = start; i <= s->count - (s->n - depth); i++) {
        uint16_t next = uni | s->masks[i];
        if (human_count(next) > s->n)
            continue;
        s->chosen[depth] = i;
        if (human_subset_rec(s, i + 1, depth + 1, next))
            return true;
    }
    return false;
}

/* Context of a naked search: cells[i] is the unit cell behind masks[i]. */
typedef struct human_naked_ctx {
    int cells[9];
    human_technique_id technique;
    double rating;
} human_naked_ctx;

static bool human_naked_accept(const human_state *st, human_step *step, int unit, const int *chosen,
                               int n, uint16_t uni, void *vctx)
{
    human_naked_ctx *ctx = vctx;
    human_set pattern = 0;
    for (int i = 0; i < n; i++)
        pattern |= human_set_one(ctx->cells[chosen[i]]);
    human_step_begin(step, ctx->technique, ctx->rating);
    human_set others = st->t->unit_set[unit] & ~pattern;
    bool any = false;
    for (int d = 1; d <= 9; d++)
        if (uni & HUMAN_BIT(d))
            any |= human_step_elim_set(step, st, others, d);
    if (!any)
        return false;
    for (int i = 0; i < n; i++)
        human_step_cell(step, ctx->cells[chosen[i]]);
    char cells[96], digits[16], unit_name[12];
    human_step_cell_list(step, cells, sizeof cells);
    human_unit_name(unit, unit_name);
    int used = 0;
    for (int d = 1; d <= 9; d++)
        if (uni & HUMAN_BIT(d))
            used +=
                snprintf(digits + used, sizeof digits - (size_t)used, "%s%d", used ? "," : "", d);
    human_step_explain(step, 0, cells, digits, unit_name);
    return true;
}

static bool human_naked(const human_state *st, human_step *step, int n,
                        human_technique_id technique, double rating)
{
    human_naked_ctx ctx = {.technique = technique, .rating = rating};
    for (int u = 0; u < 27; u++) {
        uint16_t masks[9];
        int count = 0, empty = 0;
        for (int i = 0; i < 9; i++) {
            int c = st->t->unit_cells[u][i];
            if (st->value[c])
                continue;
            empty++;
            int k = human_count(st->cand[c]);
            if (k >= 2 && k <= n) {
                ctx.cells[count] = c;
                masks[count++] = st->cand[c];
            }
        }
        if (count < n || empty <= n)
            continue;
        human_subset_search s = {st, step, u, masks, count, n, {0}, human_naked_accept, &ctx};
        if (human_subset_rec(&s, 0, 0, 0))
            return true;
    }
    return false;
}

/* Context of a hidden search: digits[i] is the digit behind masks[i]. */
typedef struct human_hidden_ctx {
    int digits[9];
    human_technique_id technique;
    double rating;
    bool direct;
} human_hidden_ctx;

static bool human_hidden_accept(const human_state *st, human_step *step, int unit,
                                const int *chosen, int n, uint16_t uni, void *vctx)
{
    human_hidden_ctx *ctx = vctx;
    uint16_t keep = 0;
    for (int i = 0; i < n; i++)
        keep |= HUMAN_BIT(ctx->digits[chosen[i]]);
    human_step_begin(step, ctx->technique, ctx->rating);
    for (uint16_t p = uni; p; p &= (uint16_t)(p - 1)) {
        int c = st->t->unit_cells[unit][__builtin_ctz(p)];
        human_step_cell(step, c);
        for (uint16_t e = st->cand[c] & (uint16_t)~keep; e; e &= (uint16_t)(e - 1))
            human_step_elim(step, c, __builtin_ctz(e) + 1);
    }
    if (step->elim_count == 0)
        return false;
    char cells[96], digits[16], unit_name[12];
    human_step_cell_list(step, cells, sizeof cells);
    human_unit_name(unit, unit_name);
    int used = 0;
    for (int d = 1; d <= 9; d++)
        if (keep & HUMAN_BIT(d))
            used +=
                snprintf(digits + used, sizeof digits - (size_t)used, "%s%d", used ? "," : "", d);
    human_step_explain(step, 0, unit_name, digits, cells);
    if (!ctx->direct)
        return true;
    /* SE's direct form: another digit left with one place in the unit. */
    human_set kept = 0;
    for (uint16_t p = uni; p; p &= (uint16_t)(p - 1))
        kept |= human_set_one(st->t->unit_cells[unit][__builtin_ctz(p)]);
    for (int d = 1; d <= 9; d++)
        if (!(keep & HUMAN_BIT(d)) && human_direct_single(st, step, unit, d, kept))
            return true;
    return false;
}

static bool human_hidden(const human_state *st, human_step *step, int n, bool direct,
                         human_technique_id technique, double rating)
{
    human_hidden_ctx ctx = {.technique = technique, .rating = rating, .direct = direct};
    for (int u = 0; u < 27; u++) {
        uint16_t masks[9];
        int count = 0, empty = 0;
        for (int i = 0; i < 9; i++)
            empty += !st->value[st->t->unit_cells[u][i]];
        /* As SE: a hidden subset of a unit with at most 2n empty cells
         * is the complement of an easier naked one. */
        if (empty <= (direct ? n : 2 * n))
            continue;
        for (int d = 1; d <= 9; d++) {
            uint16_t pos = human_unit_positions(st, u, d);
            int k = human_count(pos);
            if (k >= 2 && k <= n) {
                ctx.digits[count] = d;
                masks[count++] = pos;
            }
        }
        if (count < n)
            continue;
        human_subset_search s = {st, step, u, masks, count, n, {0}, human_hidden_accept, &ctx};
        if (human_subset_rec(&s, 0, 0, 0))
            return true;
    }
    return false;
}

bool human_find_direct_hidden_pair(const human_state *st, human_step *step)
{
    return human_hidden(st, step, 2, true, HUMAN_T_DIRECT_HIDDEN_PAIR, 2.0);
}

bool human_find_direct_hidden_triple(const human_state *st, human_step *step)
{
    return human_hidden(st, step, 3, true, HUMAN_T_DIRECT_HIDDEN_TRIPLE, 2.5);
}

bool human_find_naked_pair(const human_state *st, human_step *step)
{
    return human_naked(st, step, 2, HUMAN_T_NAKED_PAIR, 3.0);
}

bool human_find_hidden_pair(const human_state *st, human_step *step)
{
    return human_hidden(st, step, 2, false, HUMAN_T_HIDDEN_PAIR, 3.4);
}

bool human_find_naked_triple(const human_state *st, human_step *step)
{
    return human_naked(st, step, 3, HUMAN_T_NAKED_TRIPLE, 3.6);
}

bool human_find_hidden_triple(const human_state *st, human_step *step)
{
    return human_hidden(st, step, 3, false, HUMAN_T_HIDDEN_TRIPLE, 4.0);
}

bool human_find_naked_quad(const human_state *st, human_step *step)
{
    return human_naked(st, step, 4, HUMAN_T_NAKED_QUAD, 5.0);
}

bool human_find_hidden_quad(const human_state *st, human_step *step)
{
    return human_hidden(st, step, 4, false, HUMAN_T_HIDDEN_QUAD, 5.4);
}
