/* generator-variant: the search on the engine's propagation, which either
 * completes a grid at random (the fill) or counts the solutions of a
 * puzzle up to a limit in order (the generator's own uniqueness check):
 * propagate, branch on the cell with the fewest candidates, check the
 * customs on every full grid. */
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
 * random start when rng is given so that ties fall anywhere; cells when
 * every cell holds one. */
static uint32_t search_choose(const engine *e, const sk_digits *cand, sk_rng *rng)
{
    uint32_t best = e->cells, best_count = 99, from = rng ? sk_rng_below(rng, e->cells) : 0;
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

/* True when every custom's own check accepts the full grid cand, written
 * into board. */
static bool search_customs_hold(const engine *e, const sk_digits *cand, sk_board *board)
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

/* What one search looks for: up to limit solutions in which cell
 * ban_cell holds none of the digits ban, digits tried at random when rng
 * is given and in order otherwise, those found into found[0..limit) (may
 * be NULL). */
typedef struct search_goal {
    sk_rng *rng;
    uint32_t ban_cell;
    sk_digits ban;
    int limit;
    uint64_t node_limit;
    sk_board *found;
} search_goal;

/* The search behind engine_fill, engine_count and engine_other_at: the
 * number of solutions of board found up to goal's limit; SK_ERR_LIMIT
 * when goal's node_limit nodes went first, SK_ERR when the engine has no
 * stack. */
static int search_run(engine *e, const sk_board *board, const search_goal *goal)
{
    uint32_t n = e->cells, cell[SK_MAX_CELLS + 1];
    sk_digits left[SK_MAX_CELLS + 1];
    int found = 0, depth = 0;
    e->nodes = 0;
    if (!e->frames)
        return SK_ERR;
    engine_start(e, board, e->frames, e->done);
    e->frames[goal->ban_cell] &= ~goal->ban;
    if (!engine_propagate(e, e->frames, e->done))
        return 0;
    cell[0] = search_choose(e, e->frames, goal->rng);
    left[0] = cell[0] < n ? e->frames[cell[0]] : 0;
    for (;;) {
        sk_digits *cand = e->frames + (size_t)depth * n;
        sk_board full;
        if (cell[depth] == n && search_customs_hold(e, cand, &full)) {
            if (goal->found)
                goal->found[found] = full;
            if (++found >= goal->limit)
                return found;
        }
        if (!left[depth]) {
            if (--depth < 0)
                return found;
            continue;
        }
        if (++e->nodes > goal->node_limit)
            return SK_ERR_LIMIT;
        sk_digits bit = goal->rng ? engine_pick(left[depth], goal->rng) : left[depth] & -left[depth];
        left[depth] &= ~bit;
        sk_digits *next = cand + n;
        uint8_t *done = e->done + (size_t)(depth + 1) * n;
        memcpy(next, cand, n * sizeof *next);
        memcpy(done, e->done + (size_t)depth * n, n);
        next[cell[depth]] = bit;
        if (!engine_propagate_cell(e, next, done, cell[depth]))
            continue;
        depth++;
        cell[depth] = search_choose(e, next, goal->rng);
        left[depth] = cell[depth] < n ? next[cell[depth]] : 0;
    }
}

int engine_fill(engine *e, sk_board *board, sk_rng *rng, uint64_t node_limit)
{
    search_goal goal = {rng, 0, 0, 1, node_limit, board};
    int found = search_run(e, board, &goal);
    return found == 1 ? SK_OK : found == 0 ? SK_ERR_INVALID : found;
}

int engine_count(engine *e, const sk_board *puzzle, int limit, uint64_t node_limit,
                 sk_board *found)
{
    search_goal goal = {NULL, 0, 0, limit, node_limit, found};
    return search_run(e, puzzle, &goal);
}

int engine_other_at(engine *e, const sk_board *puzzle, const sk_board *solution,
                    const uint16_t *cells, uint32_t count, uint64_t node_limit, sk_board *other)
{
    sk_board board = *puzzle;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t cell = cells[i];
        search_goal goal = {NULL, cell, 1u << (solution->cells[cell] - 1), 1, node_limit, other};
        int found = search_run(e, &board, &goal);
        if (found != 0)
            return found;
        board.cells[cell] = solution->cells[cell];
    }
    return 0;
}
