/* Chain search of the human rater: SE's binary, cell and region chaining over every candidate. */
#include "human_chaining.h"

#include <stdio.h>
#include <string.h>

/* SE's sort keys of the kinds of hint, at equal rating and complexity. */
enum { SEARCH_DOUBLE = 1, SEARCH_CELL = 5, SEARCH_REGION = 6, SEARCH_ABSURD = 7 };

/* Base rating of an engine's hints (SE's Chaining.getDifficulty). */
static double search_base(const human_chaining *e)
{
    if (e->level >= 2)
        return 9.5 + 0.5 * (e->level - 2);
    if (e->level == 1)
        return 9.0;
    if (e->nishio)
        return 7.5;
    return e->dynamic ? 8.5 : 8.0;
}

static human_technique_id search_technique(const human_chaining *e)
{
    static const human_technique_id levels[6] = {
        HUMAN_T_DYNAMIC,         HUMAN_T_DYNAMIC_PLUS,   HUMAN_T_NESTED_FORCING,
        HUMAN_T_NESTED_MULTIPLE, HUMAN_T_NESTED_DYNAMIC, HUMAN_T_NESTED_DYNAMIC_PLUS,
    };
    if (e->nishio)
        return HUMAN_T_NISHIO;
    if (!e->dynamic)
        return HUMAN_T_MULTIPLE;
    return levels[e->level];
}

/* A derived fact worth a hint (SE's isWorth): an "on" fact in a cell with
 * other candidates, an "off" fact on a candidate of the grid. */
static bool search_useful(const human_state *st, int f)
{
    int c = human_fact_cell(f), d = human_fact_digit(f);
    if (st->value[c])
        return false;
    if (human_fact_on(f))
        return (st->cand[c] & (uint16_t)~HUMAN_BIT(d)) != 0;
    return (st->cand[c] & HUMAN_BIT(d)) != 0;
}

/* Fill h's removals for concluding fact f and offer it; true when it became the sink's step. */
static bool search_offer(const human_state *st, human_sink *sink, const human_walk *w,
                         human_hint *h, int f, const char *text)
{
    int c = human_fact_cell(f), d = human_fact_digit(f);
    h->target = f;
    h->signature = w->signature;
    memcpy(h->reads, w->read, sizeof h->reads);
    if (human_fact_on(f))
        human_hint_place(h, st, c, d);
    else
        h->removals[(c * 9 + d - 1) >> 6] |= 1ull << ((c * 9 + d - 1) & 63);
    return human_sink_offer(sink, h, text);
}

/* Offer branch b's contradiction, b started from fact start: start is false. */
static void search_absurd(const human_state *st, const human_chaining *e, human_branch *b,
                          int start, human_depth *dp, human_sink *sink)
{
    if (!b->contradiction)
        return;
    human_walk *w = &dp->walk;
    human_walk_begin(w, sink->collect);
    human_walk_add(w, b, b->conflict_on, HUMAN_CAUSE_NONE);
    human_walk_add(w, b, b->conflict_off, HUMAN_CAUSE_NONE);
    int cx = human_walk_complexity(w);
    double r = search_base(e) + human_length_bonus(cx);
    if (!human_sink_wants(sink, r, cx, SEARCH_ABSURD))
        return;
    char text[512] = "", from[12], so[12], cell[8];
    if (!sink->collect) {
        human_fact_name(start, from);
        human_fact_name(start ^ 1, so);
        human_cell_name(human_fact_cell(b->conflict_on), cell);
        human_technique_format(text, sizeof text, search_technique(e), 0, from, cx, cell,
                               human_fact_digit(b->conflict_on), human_fact_digit(b->conflict_on),
                               so);
    }
    human_hint h = {
        .technique = search_technique(e), .rating = r, .complexity = cx, .sort_key = SEARCH_ABSURD};
    if (search_offer(st, sink, w, &h, start ^ 1, text)) {
        human_step_add_branch_chain(sink->step, b, b->conflict_on);
        human_step_add_branch_chain(sink->step, b, b->conflict_off);
    }
}

/* Offer the facts that both the "on" and the "off" branch of one
 * candidate lead to (SE's double implications): "on" facts first, then
 * "off" facts, each in the order the "on" branch derived them. */
static void search_double(const human_state *st, const human_chaining *e, human_depth *dp,
                          human_sink *sink)
{
    const human_branch *a = &dp->br[0], *b = &dp->br[1];
    for (int pass = 1; pass >= 0; pass--)
        for (int i = 0; i < a->nlist; i++) {
            int f = a->list[i];
            if (human_fact_on(f) != pass || !human_branch_has(b, f) || !search_useful(st, f))
                continue;
            human_walk *w = &dp->walk;
            human_walk_begin(w, sink->collect);
            human_walk_add(w, a, f, HUMAN_CAUSE_NONE);
            human_walk_add(w, b, f, HUMAN_CAUSE_NONE);
            int cx = human_walk_complexity(w);
            double r = search_base(e) + human_length_bonus(cx);
            if (!human_sink_wants(sink, r, cx, SEARCH_DOUBLE))
                continue;
            char text[512] = "", p1[200], p2[200], name[12];
            if (!sink->collect) {
                human_branch_path(a, f, p1, sizeof p1);
                human_branch_path(b, f, p2, sizeof p2);
                human_fact_name(f, name);
                human_technique_format(text, sizeof text, search_technique(e), 1, name, p1, p2);
            }
            human_hint h = {.technique = search_technique(e),
                            .rating = r,
                            .complexity = cx,
                            .sort_key = SEARCH_DOUBLE};
            if (search_offer(st, sink, w, &h, f, text)) {
                human_step_add_branch_chain(sink->step, a, f);
                human_step_add_branch_chain(sink->step, b, f);
            }
        }
}

/* Run the "on" branch of candidate k (cell * 9 + digit - 1) into b, or put
 * back the one kept from an earlier run in this search. */
static void search_on_branch(const human_chaining *e, human_depth *dp, human_branch *b, int k)
{
    human_kept *kept = &dp->kept[k];
    if (kept->known) {
        human_budget_spend(b->budget, kept->cost);
        human_keep_restore(kept, b);
        return;
    }
    uint64_t before = b->budget->used;
    human_branch_run(b, e, human_fact(k / 9, k % 9 + 1, true));
    if (!human_budget_over(b->budget))
        human_keep_save(kept, b, b->budget->used - before);
}

/* The bits of the facts candidate k leads to when on, from a branch run
 * once per search. */
static const uint64_t *search_on_bits(const human_chaining *e, human_depth *dp, int k)
{
    if (!dp->on_known[k]) {
        human_branch *g = &dp->br[2];
        search_on_branch(e, dp, g, k);
        memcpy(dp->on_bits[k], g->bits, sizeof g->bits);
        dp->on_known[k] = true;
    }
    return dp->on_bits[k];
}

/* Offer the facts every one of n assumptions (candidates starts[], "on")
 * leads to: SE's cell (kind SEARCH_CELL, starts in one cell) and region
 * (SEARCH_REGION, one digit's places in unit) forcing chains. */
static void search_group(const human_state *st, const human_chaining *e, human_depth *dp,
                         human_sink *sink, const int *starts, int n, int kind, int unit)
{
    uint64_t common[HUMAN_FACT_WORDS];
    memcpy(common, search_on_bits(e, dp, starts[0]), sizeof common);
    for (int i = 1; i < n; i++) {
        const uint64_t *bits = search_on_bits(e, dp, starts[i]);
        for (int w = 0; w < HUMAN_FACT_WORDS; w++)
            common[w] &= bits[w];
    }
    bool any = false;
    for (int w = 0; w < HUMAN_FACT_WORDS; w++)
        for (uint64_t m = common[w]; m && !any; m &= m - 1)
            any = search_useful(st, w * 64 + __builtin_ctzll(m));
    if (!any || human_budget_over(dp->br[0].budget))
        return;
    for (int i = 0; i < n; i++)
        search_on_branch(e, dp, &dp->br[3 + i], starts[i]);
    int cause = kind == SEARCH_CELL ? HUMAN_CAUSE_CELL : unit;
    const human_branch *first = &dp->br[3];
    for (int pass = 1; pass >= 0; pass--)
        for (int i = 0; i < first->nlist; i++) {
            int f = first->list[i];
            if (human_fact_on(f) != pass || !((common[f >> 6] >> (f & 63)) & 1) ||
                !search_useful(st, f))
                continue;
            human_walk *w = &dp->walk;
            human_walk_begin(w, sink->collect);
            for (int b = 0; b < n; b++)
                human_walk_add(w, &dp->br[3 + b], f, cause);
            int cx = human_walk_complexity(w);
            double r = search_base(e) + human_length_bonus(cx);
            if (!human_sink_wants(sink, r, cx, kind))
                continue;
            char text[512] = "", name[12], where[12];
            if (!sink->collect) {
                human_fact_name(f, name);
                if (kind == SEARCH_CELL)
                    human_cell_name(starts[0] / 9, where);
                else
                    human_unit_name(unit, where);
                human_technique_format(text, sizeof text, search_technique(e),
                                       kind == SEARCH_CELL ? 2 : 3, where, name, cx);
            }
            human_hint h = {
                .technique = search_technique(e), .rating = r, .complexity = cx, .sort_key = kind};
            if (search_offer(st, sink, w, &h, f, text))
                for (int b = 0; b < n; b++)
                    human_step_add_branch_chain(sink->step, &dp->br[3 + b], f);
        }
}

/* SE's region chains from candidate (c, d): in each unit of c (box, row,
 * column) where c is the first place of d and d has two places (or more,
 * in the multiple engines). */
static void search_regions(const human_state *st, const human_chaining *e, human_depth *dp,
                           human_sink *sink, int c, int d)
{
    const human_tables *t = st->t;
    for (int k = 2; k < 5; k++) {
        int u = t->cell_units[c][k % 3];
        uint16_t pos = dp->places[u][d - 1];
        int n = human_count(pos);
        if (!(n == 2 || (e->multiple && n > 2)) || t->unit_cells[u][__builtin_ctz(pos)] != c)
            continue;
        int starts[9], m = 0;
        for (uint16_t p = pos; p; p &= (uint16_t)(p - 1))
            starts[m++] = t->unit_cells[u][__builtin_ctz(p)] * 9 + d - 1;
        search_group(st, e, dp, sink, starts, m, SEARCH_REGION, u);
    }
}

/* Binary chaining of candidate (c, d) (SE's doBinaryChaining): its "on"
 * and "off" branches, their contradictions and double implications. */
static void search_binary(const human_state *st, const human_chaining *e, human_depth *dp,
                          human_sink *sink, int c, int d)
{
    int card = human_count(st->cand[c]);
    bool contradictions = e->dynamic || e->nishio;
    bool doubles = card >= 3 && e->dynamic && !e->nishio;
    human_branch *a = &dp->br[0], *b = &dp->br[1];
    search_on_branch(e, dp, a, c * 9 + d - 1);
    memcpy(dp->on_bits[c * 9 + d - 1], a->bits, sizeof a->bits);
    dp->on_known[c * 9 + d - 1] = true;
    if (contradictions)
        search_absurd(st, e, a, human_fact(c, d, true), dp, sink);
    if (!contradictions && !doubles)
        return;
    human_branch_run(b, e, human_fact(c, d, false));
    if (contradictions)
        search_absurd(st, e, b, human_fact(c, d, false), dp, sink);
    if (doubles)
        search_double(st, e, dp, sink);
}

void human_chain_search(const human_state *st, const human_chaining *e, human_budget *bud,
                        human_depth *dp, human_sink *sink)
{
    human_state_places(st, dp->places);
    for (int i = 0; i < 3 + 9; i++)
        human_branch_prepare(&dp->br[i], st, (const uint16_t(*)[9])dp->places, bud, dp->next);
    memset(dp->on_known, 0, sizeof dp->on_known);
    for (int k = 0; k < 729; k++)
        dp->kept[k].known = false;
    for (int c = 0; c < 81; c++) {
        int card = human_count(st->cand[c]);
        if (st->value[c] || !(card > 2 || (card > 1 && e->dynamic)))
            continue;
        int starts[9], n = 0;
        for (uint16_t m = st->cand[c]; m; m &= (uint16_t)(m - 1)) {
            int d = __builtin_ctz(m) + 1;
            if (human_budget_over(bud))
                return;
            search_binary(st, e, dp, sink, c, d);
            if (!e->nishio)
                search_regions(st, e, dp, sink, c, d);
            starts[n++] = c * 9 + d - 1;
        }
        if (!e->nishio && (card == 2 || (e->multiple && card > 2)))
            search_group(st, e, dp, sink, starts, n, SEARCH_CELL, -1);
    }
}
