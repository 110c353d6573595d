/* generator-variant: a random complete grid of any rules, by propagation
 * and a randomised search on the cell with the fewest candidates. */
#include <string.h>

#include "engine.h"

sk_digits engine_pick(sk_digits set, sk_rng *rng)
{
    uint32_t k = sk_rng_below(rng, (uint32_t)__builtin_popcount(set));
    while (k--)
        set &= set - 1;
    return set & -set;
}

/* The cell with the fewest candidates (two or more), scanning from a
 * random start so that ties fall anywhere; cells when every cell holds
 * one. */
static uint32_t fill_choose(const engine *e, const sk_digits *cand, sk_rng *rng)
{
    uint32_t best = e->cells, best_count = 99, from = sk_rng_below(rng, e->cells);
    for (uint32_t i = 0; i < e->cells; i++) {
        uint32_t c = from + i < e->cells ? from + i : from + i - e->cells;
        uint32_t count = (uint32_t)__builtin_popcount(cand[c]);
        if (count > 1 && count < best_count) {
            best = c;
            best_count = count;
            if (count == 2)
                break;
        }
    }
    return best;
}

/* True when every custom's own check accepts the full grid cand. */
static bool fill_customs_hold(const engine *e, const sk_digits *cand, sk_board *board)
{
    memset(board->cells, 0, sizeof board->cells);
    for (uint32_t c = 0; c < e->cells; c++)
        board->cells[c] = (uint8_t)(__builtin_ctz(cand[c]) + 1);
    char why[128];
    for (uint32_t i = 0; i < e->rules->custom_count; i++) {
        const sk_rules_custom *custom = &e->rules->customs[i];
        if (custom->constraint->check(custom->state, e->rules, board, why, sizeof why) != 1)
            return false;
    }
    return true;
}

int engine_fill(engine *e, sk_board *board, sk_rng *rng, uint64_t node_limit)
{
    uint32_t n = e->cells, cell[SK_MAX_CELLS + 1];
    sk_digits left[SK_MAX_CELLS + 1];
    e->nodes = 0;
    if (!e->frames)
        return SK_ERR;
    engine_start(e, board, e->frames, e->done);
    if (!engine_propagate(e, e->frames, e->done))
        return SK_ERR_INVALID;
    int depth = 0;
    cell[0] = fill_choose(e, e->frames, rng);
    left[0] = cell[0] < n ? e->frames[cell[0]] : 0;
    for (;;) {
        sk_digits *cand = e->frames + (size_t)depth * n;
        if (cell[depth] == n) {
            sk_board full;
            if (fill_customs_hold(e, cand, &full)) {
                *board = full;
                return SK_OK;
            }
            left[depth] = 0;
        }
        if (!left[depth]) {
            if (--depth < 0)
                return SK_ERR_INVALID;
            continue;
        }
        if (++e->nodes > node_limit)
            return SK_ERR_LIMIT;
        sk_digits bit = engine_pick(left[depth], rng);
        left[depth] &= ~bit;
        sk_digits *next = cand + n;
        uint8_t *done = e->done + (size_t)(depth + 1) * n;
        memcpy(next, cand, n * sizeof *next);
        memcpy(done, e->done + (size_t)depth * n, n);
        next[cell[depth]] = bit;
        if (!engine_propagate(e, next, done))
            continue;
        depth++;
        cell[depth] = fill_choose(e, next, rng);
        left[depth] = cell[depth] < n ? next[cell[depth]] : 0;
    }
}
