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

static bool rules_crosses(int box, int line)
{
    int b = box - 18;
    return line < 9 ? line / 3 == b / 3 : (line - 9) / 3 == b % 3;
}

/* SE's Locking(false): a digit's places in one unit all in a crossing unit. */
static void rules_locking(const rules_grid *rg, human_sink *sink)
{
    const human_state *g = rg->g;
    static const int kinds[4][2] = {{18, 9}, {18, 0}, {9, 18}, {0, 18}};
    const human_tables *t = g->t;
    for (int k = 0; k < 4; k++)
        for (int i1 = 0; i1 < 9; i1++)
            for (int i2 = 0; i2 < 9; i2++) {
                int r1 = kinds[k][0] + i1, r2 = kinds[k][1] + i2;
                if (!rules_crosses(r1 >= 18 ? r1 : r2, r1 >= 18 ? r2 : r1))
                    continue;
                uint16_t within = 0; /* places of r1 inside r2 */
                for (int i = 0; i < 9; i++)
                    if (human_set_has(t->unit_set[r2], t->unit_cells[r1][i]))
                        within |= (uint16_t)(1u << i);
                for (int d = 1; d <= 9; d++) {
                    uint16_t pos = rg->pos[r1][d - 1];
                    if (human_count(pos) <= 1 || (pos & (uint16_t)~within))
                        continue;
                    human_hint h = {.target = -1};
                    for (int i = 0; i < 9; i++) {
                        int c = t->unit_cells[r2][i];
                        if (!human_set_has(t->unit_set[r1], c) && (g->cand[c] & HUMAN_BIT(d)))
                            rules_set(h.removals, c, d);
                        int c1 = t->unit_cells[r1][i];
                        if (!human_set_has(t->unit_set[r2], c1))
                            rules_set(h.reads, c1, d);
                    }
                    rules_keep(sink, &h);
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
            for (int lo = 0; lo < hi; lo++) {
                uint16_t p1 = rg->pos[u][lo];
                uint16_t p2 = rg->pos[u][hi];
                if (human_count(p1) < 2 || human_count(p2) < 2 || human_count(p1 | p2) != 2)
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
            for (int lo = 0; lo < hi; lo++) {
                int a = t->unit_cells[u][lo], b = t->unit_cells[u][hi];
                uint16_t both = g->cand[a] | g->cand[b];
                if (human_count(g->cand[a]) < 2 || human_count(g->cand[b]) < 2 ||
                    human_count(both) != 2)
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
                    if (human_count(p1) < 2 || human_count(p2) < 2 || human_count(p1 | p2) != 2)
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

/* Run rule on grid g of branch b into the hints of depth dp (sorted as SE
 * sorts a chain rule's hints). False when the budget ran out. */
static bool rules_run(human_branch *b, int rule, const human_state *g, human_sink *sink)
{
    typedef void (*basic_rule)(const rules_grid *, human_sink *);
    static const basic_rule basics[4] = {rules_locking, rules_hidden_pair, rules_naked_pair,
                                         rules_x_wing};
    static const human_chaining chains[HUMAN_RULES] = {
        [HUMAN_RULE_MULTIPLE] = {true, false, false, 0},
        [HUMAN_RULE_DYNAMIC] = {true, true, false, 0},
        [HUMAN_RULE_DYNAMIC_FORCING] = {true, true, false, 2},
    };
    human_depth *dp = b->rules;
    if (rule <= HUMAN_RULE_X_WING) {
        rules_grid rg = {g, (const uint16_t(*)[9])b->pos};
        basics[rule](&rg, sink);
        return true;
    }
    if (rule == HUMAN_RULE_FORCING)
        human_static_search(g, b->budget, &dp->stat, sink);
    else
        human_chain_search(g, &chains[rule], b->budget, dp, sink);
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
        if (overflow)
            return false;
        if (rules_any(hints, count, removed))
            return rules_emit(b, hints, count, removed, rule > HUMAN_RULE_X_WING);
    }
    return false;
}
