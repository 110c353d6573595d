/* generator-variant: killer puzzles without givens. Cages drawn at random
 * on a solution are split where two solutions differ until the cages
 * alone have one solution, then neighbour cages are merged while it stays
 * the only one, so the cages grow to the usual printed sizes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variant.h"

/* Most probes for a second solution when the counter found ours first. */
#define KILLER_PROBES 8u

int killer_compile(judge *j, char *err, size_t errlen)
{
    killer_job *job = j->user;
    int n = snprintf(job->spec, job->spec_size, "%s", job->base->spec);
    if (n < 0 || (size_t)n >= job->spec_size ||
        !cages_spec(job->map, job->spec + n, job->spec_size - (size_t)n)) {
        snprintf(err, errlen, "the killer cages do not fit in a spec of %zu bytes",
                 job->spec_size);
        return SK_ERR;
    }
    return j->services->compile_rules(j->services->ctx, job->spec, &j->rules, err, errlen);
}

/* Look for a solution of the cages other than solution by fixing one
 * undecided cell to another digit: 1 found (in other), 0 not, negative on
 * failure. */
static int killer_probe(judge *j, const sk_board *solution, sk_board *other, sk_rng *rng,
                        char *err, size_t errlen)
{
    engine *e = j->engine;
    sk_board board = {{0}};
    sk_digits *cand = e->frames;
    engine_start(e, &board, cand, e->done);
    if (!engine_propagate(e, cand, e->done))
        return 0;
    sk_digits saved[SK_MAX_CELLS];
    memcpy(saved, cand, e->cells * sizeof *saved);
    for (uint32_t probe = 0; probe < KILLER_PROBES; probe++) {
        uint32_t found = 0, cell = 0;
        for (uint32_t x = 0; x < e->cells; x++)
            if ((saved[x] & (saved[x] - 1)) && sk_rng_below(rng, ++found) == 0)
                cell = x;
        if (!found)
            return 0;
        sk_digits others = saved[cell] & ~(1u << (solution->cells[cell] - 1));
        board.cells[cell] = (uint8_t)(__builtin_ctz(engine_pick(others, rng)) + 1);
        int n = judge_find(j, &board, other, err, errlen);
        board.cells[cell] = 0;
        if (n != 0)
            return n;
    }
    return 0;
}

/* The cage to split: the largest among the cells where other differs from
 * solution (other all 0: the cells propagation leaves undecided); -1 when
 * every such cage has one cell. */
static int killer_culprit(judge *j, const cage_map *c, const sk_board *solution,
                          const sk_board *other, sk_rng *rng)
{
    engine *e = j->engine;
    sk_board empty = {{0}};
    bool known = other->cells[0] != 0;
    if (!known) {
        engine_start(e, &empty, e->frames, e->done);
        engine_propagate(e, e->frames, e->done);
    }
    int best = -1;
    uint32_t best_size = 1, ties = 0;
    for (uint32_t x = 0; x < c->cells; x++) {
        bool differs = known ? other->cells[x] != solution->cells[x]
                             : (e->frames[x] & (e->frames[x] - 1)) != 0;
        uint32_t k = c->of[x], size = c->start[k + 1] - c->start[k];
        if (!differs || size < best_size || (int)k == best)
            continue;
        ties = size > best_size ? 1 : ties + 1;
        if (size > best_size || sk_rng_below(rng, ties) == 0)
            best = (int)k;
        best_size = size;
    }
    return best;
}

/* The neighbour pairs of cages (labels a < b, as a << 16 | b), each once,
 * in random order; returns how many. */
static uint32_t killer_pairs(const cage_map *c, uint32_t *pairs, sk_rng *rng)
{
    uint32_t n = 0;
    for (uint32_t x = 0; x < c->cells; x++) {
        uint32_t next[2] = {x % c->size + 1 < c->size ? x + 1 : x,
                            x + c->size < c->cells ? x + c->size : x};
        for (int i = 0; i < 2; i++) {
            uint32_t a = c->of[x], b = c->of[next[i]];
            if (a == b)
                continue;
            uint32_t key = a < b ? a << 16 | b : b << 16 | a, k = 0;
            while (k < n && pairs[k] != key)
                k++;
            if (k == n)
                pairs[n++] = key;
        }
    }
    for (uint32_t i = n; i > 1; i--) {
        uint32_t j = sk_rng_below(rng, i), t = pairs[i - 1];
        pairs[i - 1] = pairs[j];
        pairs[j] = t;
    }
    return n;
}

/* True when cages a and b can be one cage: at most max cells, no digit
 * twice. */
static bool killer_can_merge(const cage_map *c, uint32_t a, uint32_t b, uint32_t max,
                             const sk_board *solution)
{
    uint32_t na = c->start[a + 1] - c->start[a], nb = c->start[b + 1] - c->start[b];
    if (!na || !nb || na + nb > max)
        return false;
    sk_digits used = 0;
    for (uint32_t i = c->start[a]; i < c->start[a + 1]; i++)
        used |= 1u << (solution->cells[c->list[i]] - 1);
    for (uint32_t i = c->start[b]; i < c->start[b + 1]; i++)
        if (used & (1u << (solution->cells[c->list[i]] - 1)))
            return false;
    return true;
}

/* Ask whether the cages alone have one solution; other as judge_unique. */
static int killer_ask(judge *j, const cage_map *c, const sk_board *solution, sk_board *other,
                      char *err, size_t errlen)
{
    sk_board empty = {{0}};
    judge_forget(j);
    if (cages_bind(c, j->engine) != SK_OK) {
        snprintf(err, errlen, "out of memory");
        return SK_ERR;
    }
    return judge_unique(j, &empty, solution, NULL, 0, other, err, errlen);
}

/* The cage label x went into through merges. */
static uint32_t killer_find(const uint16_t *parent, uint32_t x)
{
    while (parent[x] != x)
        x = parent[x];
    return x;
}

/* Merge neighbour cages while the cages keep one solution. SK_OK or a
 * negative status. */
static int killer_merge(judge *j, cage_map *c, uint32_t max, const sk_board *solution, sk_rng *rng,
                        char *err, size_t errlen)
{
    uint32_t *pairs = malloc(2 * c->cells * sizeof *pairs);
    if (!pairs) {
        snprintf(err, errlen, "out of memory");
        return SK_ERR;
    }
    uint32_t count = killer_pairs(c, pairs, rng);
    uint16_t parent[SK_MAX_CELLS], moved[SK_MAX_SIZE];
    for (uint32_t k = 0; k < c->count; k++)
        parent[k] = (uint16_t)k;
    int status = SK_OK;
    for (uint32_t p = 0; p < count && status == SK_OK; p++) {
        uint32_t a = killer_find(parent, pairs[p] >> 16);
        uint32_t b = killer_find(parent, pairs[p] & 0xffffu);
        if (a == b || !killer_can_merge(c, a, b, max, solution))
            continue;
        uint32_t n = c->start[b + 1] - c->start[b];
        memcpy(moved, c->list + c->start[b], n * sizeof *moved);
        for (uint32_t i = 0; i < n; i++)
            c->of[moved[i]] = (uint16_t)a;
        cages_index(c, solution);
        status = killer_ask(j, c, solution, NULL, err, errlen);
        if (status == 1) {
            parent[b] = (uint16_t)a;
            status = SK_OK;
        } else if (status == 0) {
            for (uint32_t i = 0; i < n; i++)
                c->of[moved[i]] = (uint16_t)b;
            cages_index(c, solution);
        }
    }
    free(pairs);
    return status;
}

int killer_cages(judge *j, cage_map *c, uint32_t max, const sk_board *solution, sk_rng *rng,
                 char *err, size_t errlen)
{
    for (uint32_t round = 0;; round++) {
        sk_board other;
        int unique = killer_ask(j, c, solution, &other, err, errlen);
        if (unique < 0)
            return unique;
        if (unique)
            break;
        if (round == c->cells)
            return 0;
        if (!other.cells[0] && (unique = killer_probe(j, solution, &other, rng, err, errlen)) < 0)
            return unique;
        int k = killer_culprit(j, c, solution, &other, rng);
        if (k < 0)
            return 0;
        cages_split(c, (uint32_t)k, rng);
        cages_index(c, solution);
    }
    int status = killer_merge(j, c, max, solution, rng, err, errlen);
    if (status == SK_OK)
        status = killer_ask(j, c, solution, NULL, err, errlen);
    return status;
}
