/* Chain tiers of the human rater: SE's chaining engines from 6.5 to 11.0, the easiest hint of each. */
#include "human_chaining.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Hints a rule run inside a branch may collect; more is an explicit
 * lower bound (the budget is marked spent). */
#define HUMAN_HINTS_CAP 16384

/* Depths of nesting: the tier's search, the rules inside its branches,
 * the rules inside theirs (SE's level 5 runs level 2 inside). */
#define HUMAN_DEPTHS 3

double human_length_bonus(int complexity)
{
    double added = 0.0;
    int ceil = 4, length = complexity - 2;
    bool odd = false;
    while (length > ceil) {
        added += 0.1;
        ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
        odd = !odd;
    }
    return added;
}

void human_hint_place(human_hint *h, const human_state *st, int cell, int d)
{
    for (uint16_t o = st->cand[cell] & (uint16_t)~HUMAN_BIT(d); o; o &= (uint16_t)(o - 1)) {
        int k = cell * 9 + __builtin_ctz(o);
        h->removals[k >> 6] |= 1ull << (k & 63);
    }
}

bool human_sink_wants(const human_sink *sink, double rating, int complexity, int sort_key)
{
    if (sink->collect || !sink->found || rating < sink->best.rating - 1e-9)
        return true;
    if (rating > sink->best.rating + 1e-9)
        return false;
    if (complexity != sink->best.complexity)
        return complexity < sink->best.complexity;
    return sort_key < sink->best.sort_key;
}

/* Turn hint h into sink's step. */
static void human_sink_step(human_sink *sink, const human_hint *h, const char *text)
{
    human_step *step = sink->step;
    human_step_begin(step, h->technique, h->rating);
    if (h->target >= 0) {
        int c = human_fact_cell(h->target), d = human_fact_digit(h->target);
        human_step_cell(step, c);
        if (human_fact_on(h->target)) {
            step->place = true;
            step->placed = (sk_candidate){(uint8_t)c, (uint8_t)d};
        }
    }
    if (!step->place)
        for (int w = 0; w < HUMAN_CAND_WORDS; w++)
            for (uint64_t m = h->removals[w]; m; m &= m - 1) {
                int k = w * 64 + __builtin_ctzll(m);
                human_step_cell(step, k / 9);
                human_step_elim(step, k / 9, k % 9 + 1);
            }
    snprintf(step->text, sizeof step->text, "%s", text);
}

bool human_sink_offer(human_sink *sink, human_hint *h, const char *text)
{
    bool any = false;
    for (int w = 0; w < HUMAN_CAND_WORDS; w++)
        any |= h->removals[w] != 0;
    if (!any || !human_sink_wants(sink, h->rating, h->complexity, h->sort_key))
        return false;
    h->order = sink->order++;
    if (sink->only) {
        if (sink->found || h->signature != sink->signature ||
            !((h->removals[sink->removal >> 6] >> (sink->removal & 63)) & 1))
            return false;
    } else if (sink->collect) {
        if (sink->count == sink->cap)
            sink->overflow = true;
        else
            sink->hints[sink->count++] = *h;
        return false;
    }
    sink->best = *h;
    sink->found = true;
    human_sink_step(sink, h, text);
    return true;
}

human_depth *human_depths_new(int count)
{
    human_memo *memo = human_memo_new();
    if (!memo)
        return NULL;
    human_depth *first = NULL, **link = &first;
    for (int i = 0; i < count; i++) {
        human_depth *d = calloc(1, sizeof *d);
        if (d) {
            d->memo = memo;
            d->hints = malloc(HUMAN_HINTS_CAP * sizeof d->hints[0]);
            d->hints_cap = HUMAN_HINTS_CAP;
            /* The deepest level runs static chains and basic rules only. */
            if (i + 1 < count)
                d->br = malloc(12 * sizeof d->br[0]);
        }
        *link = d;
        if (!d || !d->hints || (i + 1 < count && !d->br)) {
            if (first)
                human_depths_free(first);
            else
                human_memo_free(memo);
            return NULL;
        }
        link = &d->next;
    }
    return first;
}

void human_depths_free(human_depth *d)
{
    if (d)
        human_memo_free(d->memo);
    while (d) {
        human_depth *next = d->next;
        for (int k = 0; k < 729; k++)
            human_keep_free(&d->kept[k]);
        free(d->br);
        free(d->hints);
        free(d);
        d = next;
    }
}

/* Each tier: SE's engine, the technique naming it (for a lower bound) and
 * its base rating. */
static const struct {
    human_chaining engine;
    human_technique_id technique;
    double base;
} human_tiers[HUMAN_TIER_COUNT] = {
    {{false, false, false, 0}, HUMAN_T_FORCING_CHAIN, 6.5},
    {{false, true, true, 0}, HUMAN_T_NISHIO, 7.5},
    {{true, false, false, 0}, HUMAN_T_MULTIPLE, 8.0},
    {{true, true, false, 0}, HUMAN_T_DYNAMIC, 8.5},
    {{true, true, false, 1}, HUMAN_T_DYNAMIC_PLUS, 9.0},
    {{true, true, false, 2}, HUMAN_T_NESTED_FORCING, 9.5},
    {{true, true, false, 3}, HUMAN_T_NESTED_MULTIPLE, 10.0},
    {{true, true, false, 4}, HUMAN_T_NESTED_DYNAMIC, 10.5},
    {{true, true, false, 5}, HUMAN_T_NESTED_DYNAMIC_PLUS, 11.0},
};

double human_tier_base(human_tier tier)
{
    return human_tiers[tier].base;
}

const char *human_tier_name(human_tier tier)
{
    return human_technique_of(human_tiers[tier].technique)->name;
}

void *human_chain_scratch_new(void)
{
    return human_depths_new(HUMAN_DEPTHS);
}

void human_chain_scratch_free(void *scratch)
{
    human_depths_free(scratch);
}

void human_unfold_chains(const human_state *st, void *scratch, human_step *step)
{
    for (int tier = HUMAN_TIER_NESTED_FORCING; tier < HUMAN_TIER_COUNT; tier++)
        if (human_tiers[tier].technique == step->id)
            human_step_unfold(step, st, &human_tiers[tier].engine, scratch);
}

bool human_find_chain(const human_state *st, human_tier tier, human_budget *b, void *scratch,
                      human_step *step)
{
    human_depth *dp = scratch;
    human_sink sink = {.step = step};
    if (tier == HUMAN_TIER_FORCING)
        human_static_search(st, b, &dp->stat, &sink);
    else
        human_chain_search(st, &human_tiers[tier].engine, b, dp, &sink);
    return sink.found && !human_budget_over(b);
}
