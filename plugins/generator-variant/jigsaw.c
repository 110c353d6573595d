/* generator-variant: random jigsaw layouts, N regions of N cells joined by
 * their sides. From boxes (rows when N has no boxes), many random moves
 * each take a cell of region A into a neighbouring region B and a cell of
 * B beside A into A, kept when both stay in one piece; with a symmetry,
 * each move is made at once with its images, so the layout keeps it. */
#include <string.h>

#include "variant.h"

/* Moves tried a cell: enough for the boxes to be gone. */
#define JIGSAW_MOVES_PER_CELL 200u

/* The order of sym's group (sym^order is the identity). */
static uint32_t jigsaw_order(sk_symmetry sym)
{
    return sym == SK_SYM_NONE ? 1 : sym == SK_SYM_ROT90 ? 4 : 2;
}

/* The cell beside cell in direction dir (0 up, 1 right, 2 down, 3 left),
 * or -1 at the edge. */
static int jigsaw_neighbour(uint32_t size, uint32_t cell, uint32_t dir)
{
    uint32_t r = cell / size, c = cell % size;
    if ((dir == 0 && r == 0) || (dir == 1 && c == size - 1) || (dir == 2 && r == size - 1) ||
        (dir == 3 && c == 0))
        return -1;
    static const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};
    return (int)((r + (uint32_t)dr[dir]) * size + c + (uint32_t)dc[dir]);
}

/* True when region k's cells are in one piece. */
static bool jigsaw_connected(uint32_t size, const uint8_t *region, uint8_t k)
{
    uint32_t cells = size * size, count = 0, seen_count = 0, first = cells;
    uint16_t stack[SK_MAX_CELLS];
    uint8_t seen[SK_MAX_CELLS] = {0};
    for (uint32_t c = 0; c < cells; c++)
        if (region[c] == k) {
            count++;
            first = first < cells ? first : c;
        }
    if (first == cells)
        return false;
    uint32_t top = 0;
    stack[top++] = (uint16_t)first;
    seen[first] = 1;
    while (top) {
        uint32_t c = stack[--top];
        seen_count++;
        for (uint32_t dir = 0; dir < 4; dir++) {
            int n = jigsaw_neighbour(size, c, dir);
            if (n >= 0 && !seen[n] && region[n] == k) {
                seen[n] = 1;
                stack[top++] = (uint16_t)n;
            }
        }
    }
    return seen_count == count;
}

bool jigsaw_valid(uint32_t size, const uint8_t *region)
{
    uint32_t count[SK_MAX_SIZE] = {0};
    for (uint32_t c = 0; c < size * size; c++) {
        if (region[c] >= size)
            return false;
        count[region[c]]++;
    }
    for (uint32_t k = 0; k < size; k++)
        if (count[k] != size || !jigsaw_connected(size, region, (uint8_t)k))
            return false;
    return true;
}

/* Boxes of h rows (h the largest divisor of N with h*h <= N) by N/h
 * columns, or rows when h is 1. */
static void jigsaw_start(uint32_t size, uint8_t *region)
{
    uint32_t h = 1;
    for (uint32_t d = 2; d * d <= size; d++)
        if (size % d == 0)
            h = d;
    uint32_t w = size / h;
    for (uint32_t c = 0; c < size * size; c++)
        region[c] = h == 1 ? (uint8_t)(c / size)
                           : (uint8_t)((c / size) / h * h + (c % size) / w);
}

/* pi[k] = the region sym maps region k onto; false when sym does not map
 * the layout onto itself. */
static bool jigsaw_region_map(uint32_t size, sk_symmetry sym, const uint8_t *region, uint8_t *pi)
{
    memset(pi, 0xff, size);
    for (uint32_t c = 0; c < size * size; c++) {
        uint8_t to = region[symmetry_image(sym, size, c)];
        if (pi[region[c]] != 0xff && pi[region[c]] != to)
            return false;
        pi[region[c]] = to;
    }
    return true;
}

/* A random cell of region b beside region a, other than not; -1 when
 * there is none. */
static int jigsaw_border_cell(uint32_t size, const uint8_t *region, uint8_t a, uint8_t b,
                              uint32_t not, sk_rng *rng)
{
    uint32_t found = 0, pick = 0;
    for (uint32_t c = 0; c < size * size; c++) {
        if (region[c] != b || c == not)
            continue;
        for (uint32_t dir = 0; dir < 4; dir++) {
            int n = jigsaw_neighbour(size, c, dir);
            if (n >= 0 && region[n] == a) {
                if (sk_rng_below(rng, ++found) == 0)
                    pick = c;
                break;
            }
        }
    }
    return found ? (int)pick : -1;
}

/* The sides between the moved cells and cells of other regions. */
static uint32_t jigsaw_edges(uint32_t size, const uint8_t *region, const uint32_t *moved,
                             uint32_t count)
{
    uint32_t edges = 0;
    for (uint32_t i = 0; i < count; i++)
        for (uint32_t dir = 0; dir < 4; dir++) {
            int n = jigsaw_neighbour(size, moved[i], dir);
            edges += n >= 0 && region[n] != region[moved[i]];
        }
    return edges;
}

/* One move and its images: cell a goes to region b's, cell c to a's.
 * Returns true when made (every touched region in one piece, and a move
 * that lengthens the borders by k sides taken with odds 1 in 2^k only,
 * so that pieces stay compact), else the layout is as it was. */
static bool jigsaw_move(uint32_t size, sk_symmetry sym, const uint8_t *pi, uint8_t *region,
                        uint32_t a, uint32_t c, sk_rng *rng)
{
    uint32_t order = jigsaw_order(sym), moved[8];
    uint8_t was[8], to[8];
    uint8_t ra = region[a], rb = region[c];
    for (uint32_t k = 0; k < order; k++) {
        moved[2 * k] = a;
        moved[2 * k + 1] = c;
        to[2 * k] = rb;
        to[2 * k + 1] = ra;
        for (uint32_t i = 0; i < 2 * k; i++)
            if (moved[i] == a || moved[i] == c)
                return false;
        a = symmetry_image(sym, size, a);
        c = symmetry_image(sym, size, c);
        ra = pi[ra];
        rb = pi[rb];
    }
    uint32_t before = jigsaw_edges(size, region, moved, 2 * order);
    for (uint32_t i = 0; i < 2 * order; i++) {
        was[i] = region[moved[i]];
        region[moved[i]] = to[i];
    }
    uint32_t after = jigsaw_edges(size, region, moved, 2 * order);
    bool whole = after <= before ||
                 (after - before < 32 && (sk_rng_next(rng) & ((1ull << (after - before)) - 1)) == 0);
    for (uint32_t i = 0; i < 2 * order && whole; i++)
        whole = jigsaw_connected(size, region, to[i]);
    for (uint32_t i = 2 * order; !whole && i-- > 0;)
        region[moved[i]] = was[i];
    return whole;
}

bool jigsaw_keeps(uint32_t size, sk_symmetry sym)
{
    uint8_t region[SK_MAX_CELLS], pi[SK_MAX_SIZE];
    jigsaw_start(size, region);
    return jigsaw_region_map(size, sym, region, pi);
}

int jigsaw_layout(uint32_t size, sk_symmetry sym, sk_rng *rng, uint8_t *region)
{
    uint8_t pi[SK_MAX_SIZE];
    jigsaw_start(size, region);
    if (!jigsaw_region_map(size, sym, region, pi))
        return SK_ERR;
    uint32_t cells = size * size;
    for (uint32_t i = 0; i < JIGSAW_MOVES_PER_CELL * cells; i++) {
        uint32_t a = sk_rng_below(rng, cells);
        int b = jigsaw_neighbour(size, a, sk_rng_below(rng, 4));
        if (b < 0 || region[b] == region[a])
            continue;
        int c = jigsaw_border_cell(size, region, region[a], region[b], a, rng);
        if (c >= 0)
            jigsaw_move(size, sym, pi, region, a, (uint32_t)c, rng);
    }
    return SK_OK;
}
