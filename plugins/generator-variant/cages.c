/* generator-variant: killer cages drawn on a solution: a random partition
 * into connected cages of different digits, their lists and sums, a split
 * in two connected parts, and their spec. Cage labels are slots: a merge
 * leaves a slot empty, a split takes a new one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variant.h"

#define CAGES_NONE 0xffffu

static sk_digits cages_bit(const sk_board *solution, uint32_t cell)
{
    return 1u << (solution->cells[cell] - 1);
}

/* The neighbours of cell by its sides; returns how many. */
static uint32_t cages_neighbours(uint32_t size, uint32_t cell, uint32_t *out)
{
    uint32_t r = cell / size, c = cell % size, n = 0;
    if (r > 0)
        out[n++] = cell - size;
    if (c + 1 < size)
        out[n++] = cell + 1;
    if (r + 1 < size)
        out[n++] = cell + size;
    if (c > 0)
        out[n++] = cell - 1;
    return n;
}

/* Grow a cage from cell to target cells by random free neighbours whose
 * digit it lacks. */
static void cages_grow(cage_map *c, uint32_t cell, uint32_t target, const sk_board *solution,
                       sk_rng *rng)
{
    uint16_t label = (uint16_t)c->count++, members[SK_MAX_SIZE];
    uint32_t n = 0;
    sk_digits used = cages_bit(solution, cell);
    c->of[cell] = label;
    members[n++] = (uint16_t)cell;
    while (n < target) {
        uint32_t found = 0, pick = 0, around[4];
        for (uint32_t i = 0; i < n; i++) {
            uint32_t k = cages_neighbours(c->size, members[i], around);
            for (uint32_t j = 0; j < k; j++)
                if (c->of[around[j]] == CAGES_NONE && !(used & cages_bit(solution, around[j])) &&
                    sk_rng_below(rng, ++found) == 0)
                    pick = around[j];
        }
        if (!found)
            return;
        c->of[pick] = label;
        used |= cages_bit(solution, pick);
        members[n++] = (uint16_t)pick;
    }
}

/* A cage of one cell joins a random neighbour cage that has room and
 * lacks its digit, when there is one. */
static void cages_absorb_singles(cage_map *c, uint32_t max, const sk_board *solution, sk_rng *rng)
{
    uint32_t size[SK_MAX_CELLS] = {0};
    sk_digits used[SK_MAX_CELLS] = {0};
    for (uint32_t x = 0; x < c->cells; x++) {
        size[c->of[x]]++;
        used[c->of[x]] |= cages_bit(solution, x);
    }
    for (uint32_t x = 0; x < c->cells; x++) {
        if (size[c->of[x]] != 1)
            continue;
        uint32_t around[4], found = 0, pick = 0, n = cages_neighbours(c->size, x, around);
        for (uint32_t j = 0; j < n; j++) {
            uint16_t other = c->of[around[j]];
            if (size[other] < max && !(used[other] & cages_bit(solution, x)) &&
                sk_rng_below(rng, ++found) == 0)
                pick = other;
        }
        if (!found)
            continue;
        size[c->of[x]] = 0;
        size[pick]++;
        used[pick] |= cages_bit(solution, x);
        c->of[x] = (uint16_t)pick;
    }
    cages_index(c, solution);
}

void cages_partition(cage_map *c, uint32_t size, uint32_t max, const sk_board *solution,
                     sk_rng *rng)
{
    c->size = size;
    c->cells = size * size;
    c->count = 0;
    uint16_t order[SK_MAX_CELLS];
    for (uint32_t i = 0; i < c->cells; i++) {
        c->of[i] = CAGES_NONE;
        order[i] = (uint16_t)i;
    }
    for (uint32_t i = c->cells - 1; i > 0; i--) {
        uint32_t j = sk_rng_below(rng, i + 1);
        uint16_t t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (uint32_t i = 0; i < c->cells; i++)
        if (c->of[order[i]] == CAGES_NONE)
            cages_grow(c, order[i], 2 + sk_rng_below(rng, max - 1), solution, rng);
    cages_absorb_singles(c, max, solution, rng);
}

void cages_index(cage_map *c, const sk_board *solution)
{
    memset(c->start, 0, (c->count + 1) * sizeof *c->start);
    memset(c->sum, 0, c->count * sizeof *c->sum);
    for (uint32_t x = 0; x < c->cells; x++) {
        c->start[c->of[x] + 1]++;
        c->sum[c->of[x]] += solution->cells[x];
    }
    for (uint32_t k = 0; k < c->count; k++)
        c->start[k + 1] += c->start[k];
    uint16_t at[SK_MAX_CELLS];
    memcpy(at, c->start, c->count * sizeof *at);
    for (uint32_t x = 0; x < c->cells; x++)
        c->list[at[c->of[x]]++] = (uint16_t)x;
}

/* True when the cells of label form one piece. */
static bool cages_whole(const cage_map *c, uint16_t label)
{
    uint16_t stack[SK_MAX_CELLS];
    uint8_t seen[SK_MAX_CELLS] = {0};
    uint32_t count = 0, reached = 0, top = 0, around[4];
    for (uint32_t x = 0; x < c->cells; x++)
        if (c->of[x] == label) {
            if (!count++) {
                stack[top++] = (uint16_t)x;
                seen[x] = 1;
            }
        }
    while (top) {
        uint32_t x = stack[--top], n = cages_neighbours(c->size, x, around);
        reached++;
        for (uint32_t j = 0; j < n; j++)
            if (!seen[around[j]] && c->of[around[j]] == label) {
                seen[around[j]] = 1;
                stack[top++] = (uint16_t)around[j];
            }
    }
    return count > 0 && reached == count;
}

/* Give label to the first take cells of from's cage reached from from (a
 * search by sides within the cage). */
static void cages_take(cage_map *c, uint32_t from, uint32_t take, uint16_t to)
{
    uint16_t queue[SK_MAX_SIZE];
    uint32_t head = 0, tail = 0, around[4];
    uint16_t label = c->of[from];
    queue[tail++] = (uint16_t)from;
    c->of[from] = to;
    while (head < tail && tail < take) {
        uint32_t n = cages_neighbours(c->size, queue[head++], around);
        for (uint32_t j = 0; j < n && tail < take; j++)
            if (c->of[around[j]] == label) {
                c->of[around[j]] = to;
                queue[tail++] = (uint16_t)around[j];
            }
    }
}

void cages_split(cage_map *c, uint32_t k, sk_rng *rng)
{
    uint32_t first = c->start[k], size = c->start[k + 1] - first;
    uint16_t to = (uint16_t)c->count++;
    for (uint32_t tries = 0; tries < 8; tries++) {
        uint32_t take = tries < 4 ? size / 2 : 1 + sk_rng_below(rng, size - 1);
        cages_take(c, c->list[first + sk_rng_below(rng, size)], take, to);
        if (cages_whole(c, (uint16_t)k) && cages_whole(c, to))
            return;
        for (uint32_t i = first; i < first + size; i++)
            c->of[c->list[i]] = (uint16_t)k;
    }
    /* A connected cage has a cell whose loss leaves it whole (a leaf of
     * any spanning tree): that cell alone. */
    for (uint32_t i = first; i < first + size; i++) {
        c->of[c->list[i]] = to;
        if (cages_whole(c, (uint16_t)k))
            return;
        c->of[c->list[i]] = (uint16_t)k;
    }
}

int cages_bind(const cage_map *c, engine *e)
{
    engine_clear_cages(e);
    for (uint32_t k = 0; k < c->count; k++) {
        uint32_t n = c->start[k + 1] - c->start[k];
        if (n && engine_add_cage(e, c->list + c->start[k], n, c->sum[k]) != SK_OK)
            return SK_ERR;
    }
    return engine_derive(e);
}

bool cages_spec(const cage_map *c, char *out, size_t len)
{
    size_t at = (size_t)snprintf(out, len, " killer:");
    for (uint32_t k = 0; k < c->count && at < len; k++) {
        if (c->start[k + 1] == c->start[k])
            continue;
        at += (size_t)snprintf(out + at, len - at, "%s%d=", out[at - 1] == ':' ? "" : ";",
                               (int)c->sum[k]);
        for (uint32_t i = c->start[k]; i < c->start[k + 1] && at < len; i++)
            at += (size_t)snprintf(out + at, len - at, "%sr%uc%u", i == c->start[k] ? "" : "+",
                                   c->list[i] / c->size + 1, c->list[i] % c->size + 1);
    }
    return at < len;
}
