/* Rules the human rater runs inside a stalled branch: SE's getAdvancedPotentials, level by level. */
#include "human_chaining.h"

#include <stdlib.h>
#include <string.h>

/* A branch's grid as the rules read it: the grid and the places of each
 * digit in each unit. */
typedef struct rules_grid {
    const human_state *g;
    const uint16_t (*pos)[9];
} rules_grid;

static void rules_set(uint64_t *bits, int cell, int d)
{
    int k = cell * 9 + d - 1;
    bits[k >> 6] |= 1ull << (k & 63);
}

static bool rules_empty(const uint64_t *bits)
{
    for (int w = 0; w < HUMAN_CAND_WORDS; w++)
        if (bits[w])
            return false;
    return true;
}

/* Keep a basic rule's hint when it removes something. */
static void rules_keep(human_sink *sink, human_hint *h)
{
    if (!rules_empty(h->removals))
        human_sink_offer(sink, h, "");
}

/* The three units from kind (0 rows, 9 columns, 18 boxes) crossing unit
 * r1 (a box, or a line when kind is 18), in order. */
static void rules_crossing(int r1, int kind, int cross[3])
{
    for (int j = 0; j < 3; j++) {
        int b = r1 - 18;
        if (kind == 9)
            cross[j] = 9 + b % 3 * 3 + j;
        else if (kind == 0)
            cross[j] = b / 3 * 3 + j;
        else
            cross[j] = 18 + (r1 < 9 ? r1 / 3 * 3 + j : j * 3 + (r1 - 9) / 3);
    }
}

/* SE's Locking(false): a digit's places in one unit all in a crossing
 * unit, which loses the digit elsewhere; in SE's order of unit kinds, the
 * units of each kind in order, then the digits. */
static void rules_locking(const rules_grid *rg, human_sink *sink)
{
    static const int kinds[4][2] = {{18, 9}, {18, 0}, {9, 18}, {0, 18}};
    const human_tables *t = rg->g->t;
    for (int k = 0; k < 4; k++)
        for (int i1 = 0; i1 < 9; i1++) {
            int r1 = kinds[k][0] + i1, cross[3];
            uint16_t digits[3] = {0}; /* the digits locked in each crossing unit */
            rules_crossing(r1, kinds[k][1], cross);
            for (int d = 1; d <= 9; d++) {
                uint16_t pos = rg->pos[r1][d - 1];
                for (int j = 0; j < 3 && (pos & (pos - 1)); j++)
                    if (!(pos & (uint16_t)~t->within[r1][cross[j]])) {
                        digits[j] |= HUMAN_BIT(d);
                        break;
                    }
            }
            for (int j = 0; j < 3; j++)
                for (uint16_t m = digits[j]; m; m &= (uint16_t)(m - 1)) {
                    int d = __builtin_ctz(m) + 1, r2 = cross[j];
                    uint16_t gone = rg->pos[r2][d - 1] & (uint16_t)~t->within[r2][r1];
                    if (!gone)
                        continue;
                    human_hint h = {.target = -1};
                    for (; gone; gone &= (uint16_t)(gone - 1))
                        rules_set(h.removals, t->unit_cells[r2][__builtin_ctz(gone)], d);
                    uint16_t out = (uint16_t)(0x1FFu & ~t->within[r1][r2]);
                    for (; out; out &= (uint16_t)(out - 1))
                        rules_set(h.reads, t->unit_cells[r1][__builtin_ctz(out)], d);
                    human_sink_offer(sink, &h, "");
                }
        }
}

/* Units in SE's order for subsets: boxes, columns, rows. */
static int rules_subset_unit(int i)
{
    return i < 9 ? 18 + i : i < 18 ? i : i - 18;
}

static int rules_empty_cells(const human_state *g, int u)
{
    int n = 0;
    for (int i = 0; i < 9; i++)
        n += !g->value[g->t->unit_cells[u][i]];
    return n;
}

/* SE's HiddenSet(2, false): two digits with the same two places in a unit. */
static void rules_hidden_pair(const rules_grid *rg, human_sink *sink)
{
    const human_state *g = rg->g;
    const human_tables *t = g->t;
    for (int ui = 0; ui < 27; ui++) {
        int u = rules_subset_unit(ui);
        if (rules_empty_cells(g, u) <= 4)
            continue;
        for (int hi = 1; hi < 9; hi++)
            for (int lo = 0; lo < hi && human_two_bits(rg->pos[u][hi]); lo++) {
                /* Two digits of two or more places each, two places in all:
                 * the same two places. */
                uint16_t p1 = rg->pos[u][lo];
                uint16_t p2 = rg->pos[u][hi];
                if (p1 != p2)
                    continue;
                uint16_t both = (uint16_t)((1u << lo) | (1u << hi)) << 0;
                human_hint h = {.target = -1};
                for (int i = 0; i < 9; i++) {
                    int c = t->unit_cells[u][i];
                    if ((p1 | p2) >> i & 1) {
                        for (uint16_t o = g->cand[c] & (uint16_t)~both; o; o &= (uint16_t)(o - 1))
                            rules_set(h.removals, c, __builtin_ctz(o) + 1);
                        continue;
                    }
                    for (uint16_t o = both; o; o &= (uint16_t)(o - 1))
                        rules_set(h.reads, c, __builtin_ctz(o) + 1);
                }
                rules_keep(sink, &h);
            }
    }
}

/* SE's NakedSet(2): two cells of a unit holding the same two digits. */
static void rules_naked_pair(const rules_grid *rg, human_sink *sink)
{
    const human_state *g = rg->g;
    const human_tables *t = g->t;
    for (int ui = 0; ui < 27; ui++) {
        int u = rules_subset_unit(ui);
        if (rules_empty_cells(g, u) < 4)
            continue;
        for (int hi = 1; hi < 9; hi++)
            for (int lo = 0; lo < hi && human_two_bits(g->cand[t->unit_cells[u][hi]]); lo++) {
                /* Two cells of two or more candidates each, two in all: the
                 * same two. */
                int a = t->unit_cells[u][lo], b = t->unit_cells[u][hi];
                uint16_t both = g->cand[a] | g->cand[b];
                if (g->cand[a] != g->cand[b])
                    continue;
                human_hint h = {.target = -1};
                for (int i = 0; i < 9; i++) {
                    int c = t->unit_cells[u][i];
                    if (c == a || c == b) {
                        for (uint16_t o = HUMAN_ALL & (uint16_t)~both; o; o &= (uint16_t)(o - 1))
                            rules_set(h.reads, c, __builtin_ctz(o) + 1);
                        continue;
                    }
                    for (uint16_t o = g->cand[c] & both; o; o &= (uint16_t)(o - 1))
                        rules_set(h.removals, c, __builtin_ctz(o) + 1);
                }
                rules_keep(sink, &h);
            }
    }
}

/* SE's Fisherman(2): a digit's places in two lines on the same two cross lines. */
static void rules_x_wing(const rules_grid *rg, human_sink *sink)
{
    const human_state *g = rg->g;
    const human_tables *t = g->t;
    int placed[10] = {0};
    for (int c = 0; c < 81; c++)
        placed[g->value[c]]++;
    for (int kind = 0; kind < 2; kind++) {
        int base = kind == 0 ? 9 : 0, cover = kind == 0 ? 0 : 9;
        for (int hi = 1; hi < 9; hi++)
            for (int lo = 0; lo < hi; lo++)
                for (int d = 1; d <= 9; d++) {
                    if (placed[d] + 4 > 9)
                        continue;
                    uint16_t p1 = rg->pos[base + lo][d - 1];
                    uint16_t p2 = rg->pos[base + hi][d - 1];
                    if (p1 != p2 || !human_two_bits(p1))
                        continue;
                    human_hint h = {.target = -1};
                    uint16_t lines = (uint16_t)((1u << lo) | (1u << hi));
                    for (uint16_t cv = p1 | p2; cv; cv &= (uint16_t)(cv - 1))
                        for (uint16_t p = rg->pos[cover + __builtin_ctz(cv)][d - 1] &
                                          (uint16_t)~lines;
                             p; p &= (uint16_t)(p - 1))
                            rules_set(h.removals, t->unit_cells[cover + __builtin_ctz(cv)]
                                                                [__builtin_ctz(p)], d);
                    for (int l = 0; l < 2; l++)
                        for (int i = 0; i < 9; i++) {
                            int c = t->unit_cells[base + (l ? hi : lo)][i];
                            if (!(((p1 | p2) >> i) & 1))
                                rules_set(h.reads, c, d);
                        }
                    rules_keep(sink, &h);
                }
    }
}

/* SE's order of chain hints: rating, complexity, kind, then as found. */
static int rules_order(const void *x, const void *y)
{
    const human_hint *a = x, *b = y;
    if (a->rating != b->rating)
        return a->rating < b->rating ? -1 : 1;
    if (a->complexity != b->complexity)
        return a->complexity < b->complexity ? -1 : 1;
    if (a->sort_key != b->sort_key)
        return a->sort_key < b->sort_key ? -1 : 1;
    return a->order < b->order ? -1 : a->order > b->order;
}

/* SE's rule parents of hint h in a branch that had removed the candidates
 * in removed: those it read. False when it has none (then it holds without
 * the branch). */
static bool rules_parents(const human_hint *h, const uint64_t *removed, uint64_t *parents)
{
    uint64_t any = 0;
    for (int w = 0; w < HUMAN_CAND_WORDS; w++)
        any |= parents[w] = h->reads[w] & removed[w];
    return any != 0;
}

/* Add to b the removals of the hints with rule parents (each removal's
 * parents are its rule's), in order. True when something was added. */
static bool rules_emit(human_branch *b, const human_hint *hints, int count, const uint64_t *removed,
                       bool nested)
{
    bool added = false;
    for (int i = 0; i < count; i++) {
        const human_hint *h = &hints[i];
        uint64_t parents[HUMAN_CAND_WORDS];
        if (!rules_parents(h, removed, parents))
            continue;
        bool fresh = false;
        for (int w = 0; w < HUMAN_CAND_WORDS && !fresh; w++)
            for (uint64_t m = h->removals[w]; m && !fresh; m &= m - 1)
                fresh = !human_branch_has(b, (w * 64 + __builtin_ctzll(m)) * 2);
        if (!fresh)
            continue;
        uint32_t start = b->pool_used;
        for (int w = 0; w < HUMAN_CAND_WORDS; w++)
            for (uint64_t m = parents[w]; m; m &= m - 1)
                b->pool[b->pool_used++] = (uint16_t)((w * 64 + __builtin_ctzll(m)) * 2);
        uint16_t n = (uint16_t)(b->pool_used - start);
        for (int w = 0; w < HUMAN_CAND_WORDS; w++)
            for (uint64_t m = h->removals[w]; m; m &= m - 1)
                added |= human_branch_add_rule_fact(b, (w * 64 + __builtin_ctzll(m)) * 2, start, n,
                                                    nested ? (uint32_t)h->complexity : 0,
                                                    nested ? h->signature : 0);
    }
    return added;
}

/* True when one of the hints has rule parents: the rule gives results. */
static bool rules_any(const human_hint *hints, int count, const uint64_t *removed)
{
    uint64_t parents[HUMAN_CAND_WORDS];
    for (int i = 0; i < count; i++)
        if (rules_parents(&hints[i], removed, parents))
            return true;
    return false;
}

void human_rules_chain(int rule, const human_state *g, human_budget *bud, human_depth *dp,
                       human_sink *sink)
{
    static const human_chaining chains[HUMAN_RULES] = {
        [HUMAN_RULE_MULTIPLE] = {true, false, false, 0},
        [HUMAN_RULE_DYNAMIC] = {true, true, false, 0},
        [HUMAN_RULE_DYNAMIC_FORCING] = {true, true, false, 2},
    };
    if (rule == HUMAN_RULE_FORCING)
        human_static_search(g, bud, &dp->stat, sink);
    else
        human_chain_search(g, &chains[rule], bud, dp, sink);
}

/* Keep, while unfolding, the grid g a nested rule ran on, its facts from list index first. */
static void rules_keep_grid(human_branch *b, int rule, const human_state *g, int first)
{
    human_unfold *u = b->unfold;
    if (!u || rule <= HUMAN_RULE_X_WING || u->count == HUMAN_UNFOLD_BATCHES)
        return;
    u->batch[u->count].first = first;
    u->batch[u->count].rule = rule;
    memcpy(u->batch[u->count].cand, g->cand, sizeof g->cand);
    u->count++;
}

/* Run rule on grid g of branch b into the hints of depth dp (sorted as SE
 * sorts a chain rule's hints). False when the budget ran out. */
static bool rules_run(human_branch *b, int rule, const human_state *g, human_sink *sink)
{
    typedef void (*basic_rule)(const rules_grid *, human_sink *);
    static const basic_rule basics[4] = {rules_locking, rules_hidden_pair, rules_naked_pair,
                                         rules_x_wing};
    if (rule <= HUMAN_RULE_X_WING) {
        rules_grid rg = {g, (const uint16_t(*)[9])b->pos};
        basics[rule](&rg, sink);
        return true;
    }
    human_rules_chain(rule, g, b->budget, b->rules, sink);
    if (human_budget_over(b->budget))
        return false;
    qsort(sink->hints, (size_t)sink->count, sizeof sink->hints[0], rules_order);
    return true;
}

bool human_rules_apply(human_branch *b, int level)
{
    /* The rules of each level, in SE's order; -1 ends a list. */
    static const int8_t levels[6][7] = {
        {-1},
        {0, 1, 2, 3, -1},
        {0, 1, 2, 3, HUMAN_RULE_FORCING, -1},
        {0, 1, 2, 3, HUMAN_RULE_FORCING, HUMAN_RULE_MULTIPLE, -1},
        {0, 1, 2, 3, HUMAN_RULE_DYNAMIC, -1},
        {0, 1, 2, 3, HUMAN_RULE_DYNAMIC, HUMAN_RULE_DYNAMIC_FORCING, -1},
    };
    human_depth *dp = b->rules;
    human_state *g = &dp->grid;
    *g = *b->st;
    memcpy(g->cand, b->cand, sizeof g->cand);
    uint64_t removed[HUMAN_CAND_WORDS] = {0};
    for (int c = 0; c < 81; c++)
        for (uint16_t o = b->st->cand[c] & (uint16_t)~b->cand[c]; o; o &= (uint16_t)(o - 1))
            rules_set(removed, c, __builtin_ctz(o) + 1);
    human_memo_key key;
    human_memo_key_of(&key, g);
    for (int i = 0; levels[level][i] >= 0; i++) {
        int rule = levels[level][i];
        const human_memo_list *list = human_memo_get(dp->memo, &key, rule);
        const human_hint *hints;
        int count;
        bool overflow;
        if (list) {
            /* The work the rule took counts again, as if it ran. */
            if (list->cost && human_budget_spend(b->budget, list->cost))
                return false;
            hints = human_memo_hints(dp->memo, list);
            count = (int)list->count;
            overflow = list->overflow;
        } else {
            human_sink sink = {.collect = true, .hints = dp->hints, .cap = dp->hints_cap};
            uint64_t before = b->budget->used;
            if (!rules_run(b, rule, g, &sink))
                return false;
            human_memo_put(dp->memo, &key, rule, sink.hints, sink.count, b->budget->used - before,
                           sink.overflow);
            hints = sink.hints;
            count = sink.count;
            overflow = sink.overflow;
        }
        if (overflow) {
            /* More hints than kept: the rating stops here, a lower bound. */
            b->budget->expired = true;
            return false;
        }
        if (rules_any(hints, count, removed)) {
            rules_keep_grid(b, rule, g, b->nlist);
            return rules_emit(b, hints, count, removed, rule > HUMAN_RULE_X_WING);
        }
    }
    return false;
}
