/* The plugin mock's solver of any rules: candidates as bit sets, every
 * primitive propagated to a fixed point (peers, relations, sums, customs,
 * hidden singles), then branching on the cell with the fewest candidates.
 * Plainly right rather than fast. */
#include <stdlib.h>
#include <string.h>

#include "rules_internal.h"
#include "sudokit/plugin_mock.h"

typedef struct rsolve {
    const sk_rules *rules;
    uint32_t cells;
    int limit, found;
    sk_board *first; /* where the first solution goes, may be NULL */
} rsolve;

static int rsolve_low(sk_digits set)
{
    return __builtin_ctz(set) + 1;
}

static int rsolve_high(sk_digits set)
{
    return 32 - __builtin_clz(set);
}

/* Narrow *cell to keep; *changed notes it. False when nothing is left. */
static bool rsolve_keep(sk_digits *cell, sk_digits keep, bool *changed)
{
    if ((*cell & keep) != *cell) {
        *cell &= keep;
        *changed = true;
    }
    return *cell != 0;
}

/* Placed digits leave their peers; relations narrow both ends. */
static bool rsolve_pairs(const rsolve *s, sk_digits *cand, bool *changed)
{
    const sk_rules *r = s->rules;
    for (uint32_t c = 0; c < s->cells; c++) {
        if (cand[c] & (cand[c] - 1))
            continue;
        for (uint32_t k = r->peer_start[c]; k < r->peer_start[c + 1]; k++)
            if (!rsolve_keep(&cand[r->peers[k]], ~cand[c], changed))
                return false;
    }
    for (uint32_t i = 0; i < r->relation_count; i++) {
        const sk_rules_relation *rel = &r->relations[i];
        sk_digits to_b = 0, to_a = 0;
        for (uint32_t d = 1; d <= r->size; d++) {
            if (cand[rel->a] >> (d - 1) & 1u)
                to_b |= rel->allowed[d];
            if (rel->allowed[d] & cand[rel->b])
                to_a |= 1u << (d - 1);
        }
        if (!rsolve_keep(&cand[rel->b], to_b, changed) ||
            !rsolve_keep(&cand[rel->a], to_a, changed))
            return false;
    }
    return true;
}

/* A group's sum bounds each cell by the others' smallest and largest. */
static bool rsolve_sums(const rsolve *s, sk_digits *cand, bool *changed)
{
    for (uint32_t i = 0; i < s->rules->group_count; i++) {
        const sk_rules_group *g = &s->rules->groups[i];
        if (!g->sum)
            continue;
        int low = 0, high = 0;
        for (uint32_t k = 0; k < g->count; k++) {
            low += rsolve_low(cand[g->cells[k]]);
            high += rsolve_high(cand[g->cells[k]]);
        }
        for (uint32_t k = 0; k < g->count; k++) {
            sk_digits *cell = &cand[g->cells[k]], keep = 0;
            int others_low = low - rsolve_low(*cell), others_high = high - rsolve_high(*cell);
            for (int d = 1; d <= (int)s->rules->size; d++)
                if (g->sum - d >= others_low && g->sum - d <= others_high)
                    keep |= 1u << (d - 1);
            if (!rsolve_keep(cell, keep, changed))
                return false;
        }
    }
    return true;
}

/* A digit with one place left in a house goes there; none left fails. */
static bool rsolve_hidden(const rsolve *s, sk_digits *cand, bool *changed)
{
    for (uint32_t i = 0; i < s->rules->house_count; i++) {
        const sk_rules_house *h = &s->rules->houses[i];
        for (uint32_t d = 1; d <= s->rules->size; d++) {
            sk_digits bit = 1u << (d - 1);
            uint32_t places = 0, at = 0;
            for (uint32_t k = 0; k < h->count && places < 2; k++)
                if (cand[h->cells[k]] & bit) {
                    places++;
                    at = h->cells[k];
                }
            if (places == 0)
                return false;
            if (places == 1)
                rsolve_keep(&cand[at], bit, changed);
        }
    }
    return true;
}

static bool rsolve_customs(const rsolve *s, sk_digits *cand, bool *changed)
{
    for (uint32_t i = 0; i < s->rules->custom_count; i++) {
        const sk_rules_custom *c = &s->rules->customs[i];
        sk_digits before[SK_MAX_CELLS];
        memcpy(before, cand, s->cells * sizeof *cand);
        if (c->constraint->propagate(c->state, s->rules, cand, NULL, NULL) != SK_OK)
            return false;
        *changed |= memcmp(before, cand, s->cells * sizeof *cand) != 0;
    }
    for (uint32_t c = 0; c < s->cells; c++)
        if (!cand[c])
            return false;
    return true;
}

static bool rsolve_propagate(const rsolve *s, sk_digits *cand)
{
    bool changed = true;
    while (changed) {
        changed = false;
        if (!rsolve_pairs(s, cand, &changed) || !rsolve_sums(s, cand, &changed) ||
            !rsolve_hidden(s, cand, &changed) || !rsolve_customs(s, cand, &changed))
            return false;
    }
    return true;
}

static void rsolve_search(rsolve *s, const sk_digits *from)
{
    sk_digits cand[SK_MAX_CELLS];
    memcpy(cand, from, s->cells * sizeof *cand);
    if (!rsolve_propagate(s, cand))
        return;
    uint32_t best = s->cells;
    int best_count = 99;
    for (uint32_t c = 0; c < s->cells; c++) {
        int count = __builtin_popcount(cand[c]);
        if (count > 1 && count < best_count) {
            best = c;
            best_count = count;
        }
    }
    if (best == s->cells) {
        sk_board board = {{0}};
        for (uint32_t c = 0; c < s->cells; c++)
            board.cells[c] = (uint8_t)rsolve_low(cand[c]);
        if (!rules_check_board(s->rules, &board, true, NULL))
            return;
        if (s->found++ == 0 && s->first)
            *s->first = board;
        return;
    }
    for (sk_digits left = cand[best]; left && s->found < s->limit; left &= left - 1) {
        sk_digits saved = cand[best];
        cand[best] = left & -left;
        rsolve_search(s, cand);
        cand[best] = saved;
    }
}

int sk_mock_count_solutions_rules(const sk_rules *rules, const sk_board *puzzle, int limit,
                                  sk_board *solution)
{
    rsolve s = {rules, rules->size * rules->size, limit < 1 ? 1 : limit, 0, solution};
    if (!rules_check_board(rules, puzzle, false, NULL))
        return SK_ERR_INVALID;
    sk_digits cand[SK_MAX_CELLS], all = (sk_digits)((1ull << rules->size) - 1);
    for (uint32_t c = 0; c < s.cells; c++)
        cand[c] = puzzle->cells[c] ? 1u << (puzzle->cells[c] - 1) : all;
    rsolve_search(&s, cand);
    return s.found;
}
