/* Solver "propagate": Norvig-style constraint propagation (eliminate/assign over peers and units)
 * and depth-first search. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudokit/plugin.h"

/*
 * Each square holds its set of candidate digits (bit d-1 for digit d).
 * Two rules run whenever a candidate is eliminated:
 *  1. a square reduced to one digit removes that digit from its 20 peers
 *     (naked single);
 *  2. a unit where the eliminated digit has one place left puts it there
 *     (hidden single).
 * Assigning a digit means eliminating every other one. When propagation
 * stops, the search takes the square with the fewest candidates and tries
 * each digit on a copy of the state, so backing out of a branch is just
 * dropping the copy.
 */

/* Candidate sets of the 81 squares: the whole search state. */
typedef struct propagate_state {
    uint16_t cands[81];
} propagate_state;

/* The instance: who sees whom, and the bookkeeping of the running solve. */
typedef struct propagate_instance {
    uint8_t peers[81][20]; /* squares sharing a unit with a square   */
    uint8_t units[81][3];  /* a square's row, column and box (0..26) */
    uint8_t unit_cells[27][9];
    int limit;
    int found;
    sk_grid *solution;
    uint64_t guesses;
    uint64_t nodes;
} propagate_instance;

static int propagate_eliminate(const propagate_instance *p, propagate_state *s, int sq, int d);

/* Eliminate every digit but d from square sq. Returns 0 on a contradiction. */
static int propagate_assign(const propagate_instance *p, propagate_state *s, int sq, int d)
{
    unsigned others = s->cands[sq] & ~(1u << d);
    for (; others; others &= others - 1)
        if (!propagate_eliminate(p, s, sq, __builtin_ctz(others)))
            return 0;
    return 1;
}

/* Eliminate digit d (0..8) from square sq and propagate both rules.
 * Returns 0 on a contradiction. */
static int propagate_eliminate(const propagate_instance *p, propagate_state *s, int sq, int d)
{
    unsigned bit = 1u << d;
    if (!(s->cands[sq] & bit))
        return 1;
    s->cands[sq] &= (uint16_t)~bit;
    unsigned left = s->cands[sq];
    if (left == 0)
        return 0;
    if ((left & (left - 1)) == 0) {
        int only = __builtin_ctz(left);
        for (int k = 0; k < 20; k++)
            if (!propagate_eliminate(p, s, p->peers[sq][k], only))
                return 0;
    }
    for (int u = 0; u < 3; u++) {
        const uint8_t *cells = p->unit_cells[p->units[sq][u]];
        int places = 0, place = -1;
        for (int k = 0; k < 9 && places < 2; k++) {
            if (s->cands[cells[k]] & bit) {
                places++;
                place = cells[k];
            }
        }
        if (places == 0)
            return 0;
        if (places == 1 && !propagate_assign(p, s, place, d))
            return 0;
    }
    return 1;
}

/* Depth-first search from a propagated state; every state tried, failed
 * or not, counts as a node. */
static void propagate_search(propagate_instance *p, const propagate_state *s)
{
    int best = -1, best_count = 10;
    for (int sq = 0; sq < 81; sq++) {
        int n = __builtin_popcount(s->cands[sq]);
        if (n > 1 && n < best_count) {
            best = sq;
            best_count = n;
        }
    }
    if (best < 0) {
        if (p->found == 0 && p->solution)
            for (int sq = 0; sq < 81; sq++)
                p->solution->cells[sq] = (uint8_t)(__builtin_ctz(s->cands[sq]) + 1);
        p->found++;
        return;
    }
    p->guesses++;
    for (unsigned ds = s->cands[best]; ds && p->found < p->limit; ds &= ds - 1) {
        propagate_state child = *s;
        p->nodes++;
        if (propagate_assign(p, &child, best, __builtin_ctz(ds)))
            propagate_search(p, &child);
    }
}

static int propagate_solve(void *instance, const sk_grid *puzzle, int limit, sk_grid *solution,
                           sk_solve_stats *stats)
{
    propagate_instance *p = instance;
    uint16_t row[9] = {0}, col[9] = {0}, box[9] = {0};
    for (int i = 0; i < 81; i++) {
        int v = puzzle->cells[i];
        if (v == 0)
            continue;
        int r = i / 9, c = i % 9, k = r / 3 * 3 + c / 3;
        if (v > 9)
            return SK_ERR_INVALID;
        uint16_t bit = (uint16_t)(1u << (v - 1));
        if ((row[r] | col[c] | box[k]) & bit)
            return SK_ERR_INVALID;
        row[r] |= bit;
        col[c] |= bit;
        box[k] |= bit;
    }
    p->limit = limit < 1 ? 1 : limit;
    p->found = 0;
    p->solution = solution;
    p->guesses = 0;
    p->nodes = 1;
    propagate_state s;
    for (int i = 0; i < 81; i++)
        s.cands[i] = 0x1FFu;
    int ok = 1;
    for (int i = 0; i < 81 && ok; i++)
        if (puzzle->cells[i])
            ok = propagate_assign(p, &s, i, puzzle->cells[i] - 1);
    if (ok)
        propagate_search(p, &s);
    if (stats) {
        stats->guesses += p->guesses;
        stats->nodes += p->nodes;
    }
    return p->found;
}

static void propagate_build(propagate_instance *p)
{
    for (int u = 0; u < 9; u++) {
        for (int k = 0; k < 9; k++) {
            p->unit_cells[u][k] = (uint8_t)(u * 9 + k);
            p->unit_cells[9 + u][k] = (uint8_t)(k * 9 + u);
            p->unit_cells[18 + u][k] = (uint8_t)((u / 3 * 3 + k / 3) * 9 + u % 3 * 3 + k % 3);
        }
    }
    for (int sq = 0; sq < 81; sq++) {
        int r = sq / 9, c = sq % 9;
        p->units[sq][0] = (uint8_t)r;
        p->units[sq][1] = (uint8_t)(9 + c);
        p->units[sq][2] = (uint8_t)(18 + r / 3 * 3 + c / 3);
        int n = 0;
        for (int other = 0; other < 81; other++) {
            int r2 = other / 9, c2 = other % 9;
            if (other != sq && (r2 == r || c2 == c || (r2 / 3 == r / 3 && c2 / 3 == c / 3)))
                p->peers[sq][n++] = (uint8_t)other;
        }
    }
}

static void *propagate_create(const sk_services *services, const sk_option *options,
                              size_t option_count, char *err, size_t errlen)
{
    (void)services;
    if (sk_options_none(options, option_count, err, errlen) != SK_OK)
        return NULL;
    propagate_instance *p = sk_plugin_alloc(sizeof *p, err, errlen);
    if (!p)
        return NULL;
    propagate_build(p);
    return p;
}

static const sk_strategy propagate_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_SOLVER,
    .name = "propagate",
    .summary = "constraint propagation over peers and units, search on the fewest candidates",
    .options_help = NULL,
    .create = propagate_create,
    .destroy = sk_plugin_free,
    .solve = propagate_solve,
};

/* The plugin: its descriptor and entry symbol. */
SK_PLUGIN_DEFINE("solver-propagate", "1.0.0", &propagate_strategy)
