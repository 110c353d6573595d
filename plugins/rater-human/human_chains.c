/* Chain searches of the human rater: forcing chains, nishio, cell/region and dynamic chains. */
#include "human_chain.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Working memory of one chain search. */
typedef struct human_chain_scratch {
    human_static_scratch stat;
    human_branch a, b, inner;
    uint64_t on_bits[729][HUMAN_FACT_WORDS]; /* facts ON(k) led to (up to a contradiction) */
    int complexity[HUMAN_FACTS];
} human_chain_scratch;

/* The best step met so far in a tier. */
typedef struct human_chain_best {
    human_step *step;
    bool found;
    int complexity; /* of the step found */
} human_chain_best;

size_t human_chain_scratch_size(void)
{
    return sizeof(human_chain_scratch);
}

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

double human_tier_base(human_tier tier)
{
    static const double base[HUMAN_TIER_COUNT] = {6.5, 7.5, 8.0, 8.5, 9.0, 9.5, 10.5};
    return base[tier];
}

static const char *const human_tier_names[HUMAN_TIER_COUNT] = {
    "Forcing chain",
    "Nishio forcing chain",
    "Cell/region forcing chains",
    "Dynamic forcing chain",
    "Dynamic forcing chain (+)",
    "Nested forcing chain",
    "Nested dynamic forcing chain",
};

const char *human_tier_name(human_tier tier)
{
    return human_tier_names[tier];
}

static human_mode human_tier_mode(human_tier tier)
{
    switch (tier) {
    case HUMAN_TIER_FORCING:
    case HUMAN_TIER_MULTIPLE:
        return HUMAN_MODE_STATIC;
    case HUMAN_TIER_NISHIO:
        return HUMAN_MODE_NISHIO;
    case HUMAN_TIER_DYNAMIC:
        return HUMAN_MODE_DYNAMIC;
    case HUMAN_TIER_DYNAMIC_PLUS:
        return HUMAN_MODE_PLUS;
    case HUMAN_TIER_NESTED:
        return HUMAN_MODE_NESTED;
    default:
        return HUMAN_MODE_NESTED_DYNAMIC;
    }
}

/* A derived fact worth a step: it removes a candidate or fills a cell. */
static bool human_fact_useful(const human_state *st, int f)
{
    int c = human_fact_cell(f), d = human_fact_digit(f);
    if (st->value[c])
        return false;
    return human_fact_on(f) || (st->cand[c] & HUMAN_BIT(d));
}

/* Offer a conclusion: fact f holds, at rating, from complexity facts; it
 * beats the best so far when easier, or as easy and shorter (SE's order);
 * the step is built only then. */
static bool human_chain_better(const human_chain_best *best, double rating, int complexity)
{
    if (!best->found || rating < best->step->rating - 1e-9)
        return true;
    return rating < best->step->rating + 1e-9 && complexity < best->complexity;
}

static void human_chain_conclude(human_chain_best *best, int f, const char *technique,
                                 double rating, int complexity, const char *text)
{
    human_step *step = best->step;
    human_step_begin(step, technique, rating);
    int c = human_fact_cell(f), d = human_fact_digit(f);
    human_step_cell(step, c);
    if (human_fact_on(f)) {
        step->place = true;
        step->placed = (sk_candidate){(uint8_t)c, (uint8_t)d};
    } else {
        human_step_elim(step, c, d);
    }
    snprintf(step->text, sizeof step->text, "%s", text);
    best->found = true;
    best->complexity = complexity;
}

/* Offer the conclusion of branch b, started from fact start, when it met
 * a contradiction: start is false. */
static void human_chain_absurd(human_branch *b, int start, double base, const char *name,
                               human_chain_best *best)
{
    if (!b->contradiction)
        return;
    int cx = human_branch_conflict_complexity(b);
    double r = base + human_length_bonus(cx);
    if (!human_chain_better(best, r, cx))
        return;
    char text[512], from[12], so[12], why[64];
    human_fact_name(start, from);
    human_fact_name(start ^ 1, so);
    human_branch_contradiction(b, why, sizeof why);
    snprintf(text, sizeof text,
             "Assuming %s leads through %d deductions to a contradiction (%s), so %s", from, cx,
             why, so);
    human_chain_conclude(best, start ^ 1, name, r, cx, text);
}

/* Unary chains of the dynamic tiers from every candidate, as SE's binary
 * chaining: ON leading to a contradiction (the candidate goes), OFF leading
 * to one (it is placed), and, in a cell of three or more candidates, facts
 * that both ON and OFF lead to (nishio looks for contradictions only). As
 * in SE, a branch that met a contradiction still offers the facts it
 * derived before it. */
static void human_chain_unary(const human_state *st, human_tier tier, human_budget *bud,
                              human_chain_scratch *s, human_chain_best *best)
{
    human_mode mode = human_tier_mode(tier);
    double base = human_tier_base(tier);
    const char *name = human_tier_names[tier];
    char text[512], path1[200], path2[200], fname[12];
    for (int k = 0; k < 729; k++) {
        int c = k / 9, d = k % 9 + 1;
        if (st->value[c] || !(st->cand[c] & HUMAN_BIT(d)))
            continue;
        if (human_budget_over(bud))
            return;
        human_branch *a = &s->a;
        int on = human_fact(c, d, true), off = human_fact(c, d, false);
        human_branch_run(a, mode, on);
        human_chain_absurd(a, on, base, name, best);
        memcpy(s->on_bits[k], a->bits, sizeof a->bits);
        human_branch *b = &s->b;
        human_branch_run(b, mode, off);
        human_chain_absurd(b, off, base, name, best);
        if (mode == HUMAN_MODE_NISHIO || human_count(st->cand[c]) < 3)
            continue;
        for (int i = 0; i < b->nlist; i++) {
            uint16_t f = b->list[i];
            if (f == off || !human_branch_has(a, f) || !human_fact_useful(st, f))
                continue;
            int cx = human_branch_ancestors(a, &f, 1) + human_branch_ancestors(b, &f, 1);
            double r = base + human_length_bonus(cx);
            if (!human_chain_better(best, r, cx))
                continue;
            human_branch_path(a, f, path1, sizeof path1);
            human_branch_path(b, f, path2, sizeof path2);
            human_fact_name(f, fname);
            snprintf(text, sizeof text, "Either way %s: %s; %s", fname, path1, path2);
            human_chain_conclude(best, f, name, r, cx, text);
        }
    }
}

/* Facts every branch of a cell or a unit leads to. starts[] are the
 * candidates (cell * 9 + digit - 1) of the branches. */
static void human_chain_group(const human_state *st, human_tier tier, human_chain_scratch *s,
                              human_chain_best *best, const int *starts, int n, const char *group)
{
    uint64_t common[HUMAN_FACT_WORDS];
    for (int w = 0; w < HUMAN_FACT_WORDS; w++)
        common[w] = ~0ull;
    for (int i = 0; i < n; i++) {
        for (int w = 0; w < HUMAN_FACT_WORDS; w++)
            common[w] &= s->on_bits[starts[i]][w];
    }
    uint16_t facts[HUMAN_FACTS];
    int nf = 0;
    for (int w = 0; w < HUMAN_FACT_WORDS; w++)
        for (uint64_t m = common[w]; m; m &= m - 1) {
            int f = w * 64 + __builtin_ctzll(m);
            if (human_fact_useful(st, f))
                facts[nf++] = (uint16_t)f;
        }
    if (nf == 0)
        return;
    human_mode mode = human_tier_mode(tier);
    for (int j = 0; j < nf; j++)
        s->complexity[j] = 0;
    for (int i = 0; i < n; i++) {
        human_branch_run(&s->a, mode, human_fact(starts[i] / 9, starts[i] % 9 + 1, true));
        for (int j = 0; j < nf; j++)
            s->complexity[j] += human_branch_ancestors(&s->a, &facts[j], 1);
    }
    double base = human_tier_base(tier);
    for (int j = 0; j < nf; j++) {
        double r = base + human_length_bonus(s->complexity[j]);
        if (!human_chain_better(best, r, s->complexity[j]))
            continue;
        char text[512], fname[12];
        human_fact_name(facts[j], fname);
        snprintf(text, sizeof text, "%s: every choice leads to %s (%d deductions in all)", group,
                 fname, s->complexity[j]);
        human_chain_conclude(best, facts[j], human_tier_names[tier], r, s->complexity[j], text);
    }
}

/* Cell and region forcing chains from the ON branches in s->on_bits. As SE,
 * the static tier starts only from cells of three or more candidates: a
 * cell chain there, and a region chain when the cell is the first place of
 * the digit in the unit. */
static void human_chain_multiple(const human_state *st, human_tier tier, human_budget *bud,
                                 human_chain_scratch *s, human_chain_best *best)
{
    int starts[9];
    char group[96];
    int least = tier == HUMAN_TIER_MULTIPLE ? 3 : 2;
    for (int c = 0; c < 81; c++) {
        if (st->value[c] || human_count(st->cand[c]) < least)
            continue;
        if (human_budget_over(bud))
            return;
        int n = 0;
        char name[8];
        human_cell_name(c, name);
        int used = snprintf(group, sizeof group, "Whichever of ");
        for (uint16_t m = st->cand[c]; m; m &= (uint16_t)(m - 1)) {
            starts[n++] = c * 9 + __builtin_ctz(m);
            used += snprintf(group + used, sizeof group - (size_t)used, "%s%d", n > 1 ? "/" : "",
                             __builtin_ctz(m) + 1);
        }
        snprintf(group + used, sizeof group - (size_t)used, " goes in %s", name);
        human_chain_group(st, tier, s, best, starts, n, group);
    }
    for (int u = 0; u < 27; u++) {
        for (int d = 1; d <= 9; d++) {
            uint16_t pos = human_unit_positions(st, u, d);
            if (human_count(pos) < 2 ||
                human_count(st->cand[st->t->unit_cells[u][__builtin_ctz(pos)]]) < least)
                continue;
            if (human_budget_over(bud))
                return;
            int n = 0;
            for (uint16_t p = pos; p; p &= (uint16_t)(p - 1))
                starts[n++] = st->t->unit_cells[u][__builtin_ctz(p)] * 9 + d - 1;
            char unit[12];
            human_unit_name(u, unit);
            snprintf(group, sizeof group, "Wherever %d goes in %s", d, unit);
            human_chain_group(st, tier, s, best, starts, n, group);
        }
    }
}

bool human_find_chain(const human_state *st, human_tier tier, human_budget *b, void *scratch,
                      human_step *step)
{
    human_chain_scratch *s = scratch;
    human_chain_best best = {step, false, 0};
    s->a.inner = s->b.inner = &s->inner;
    s->inner.inner = NULL;
    s->a.budget = s->b.budget = s->inner.budget = b;
    human_branch_prepare(&s->a, st);
    human_branch_prepare(&s->b, st);
    switch (tier) {
    case HUMAN_TIER_FORCING:
        return human_find_static_chain(st, b, &s->stat, step) && !human_budget_over(b);
    case HUMAN_TIER_NISHIO:
        human_chain_unary(st, tier, b, s, &best);
        break;
    case HUMAN_TIER_MULTIPLE:
        for (int k = 0; k < 729; k++) {
            int c = k / 9, d = k % 9 + 1;
            if (st->value[c] || !(st->cand[c] & HUMAN_BIT(d)))
                continue;
            if (human_budget_over(b))
                return false;
            human_branch_run(&s->a, HUMAN_MODE_STATIC, human_fact(c, d, true));
            memcpy(s->on_bits[k], s->a.bits, sizeof s->a.bits);
        }
        human_chain_multiple(st, tier, b, s, &best);
        break;
    default:
        human_chain_unary(st, tier, b, s, &best);
        if (!human_budget_over(b))
            human_chain_multiple(st, tier, b, s, &best);
        break;
    }
    return best.found && !human_budget_over(b);
}
