/* Solver "fast": depth-first search over the propagated bitboards (built once per instruction set). */
#include "fast_engine.h"
#include "fast_rules.h"

#ifndef FAST_VARIANT
#error "FAST_VARIANT names the instruction set this copy is built for"
#endif
#define FAST_JOIN(a, b) a##b
#define FAST_NAME(a, b) FAST_JOIN(a, b)
#define FAST_SOLVE FAST_NAME(fast_engine_solve_, FAST_VARIANT)

/* One search state: the 27 bitboards (see fast_lanes.h). */
typedef struct fast_grid {
    fast_vec v[FAST_VECS];
} fast_grid;

/* The bookkeeping of one solve. */
typedef struct fast_search {
    int limit;
    int found;
    sk_grid *solution;
    uint64_t guesses;
    uint64_t nodes;
} fast_search;

/* The cell a search state branches on: band, bit in the band, and the
 * digits (bit d for digit d + 1) still possible there. */
typedef struct fast_branch {
    int band;
    int bit;
    uint32_t digits;
} fast_branch;

static inline uint32_t fast_word(const fast_grid *g, int d, int b)
{
    int lane = fast_lane(d, b);
    return g->v[lane / FAST_LANES][lane % FAST_LANES];
}

/* The digits still possible in cell bit of band b. */
static uint32_t fast_digits_at(const fast_grid *g, int b, int bit)
{
    uint32_t lanes = fast_lanes_with(g->v, bit);
    return (lanes >> (8 * b) & 0xFFu) | (lanes >> (24 + b) & 1u) << 8;
}

/* The unsolved cells with the fewest candidates, into pick (used when no
 * cell has two). */
static void fast_fewest(const fast_grid *g, const uint32_t unsolved[3], uint32_t pick[3])
{
    int best = 10;
    for (int b = 0; b < 3; b++) {
        pick[b] = 0;
        for (uint32_t m = unsolved[b]; m; m &= m - 1) {
            int bit = __builtin_ctz(m);
            int n = __builtin_popcount(fast_digits_at(g, b, bit));
            if (n < best) {
                best = n;
                pick[0] = pick[1] = pick[2] = 0;
            }
            if (n == best)
                pick[b] |= 1u << bit;
        }
    }
}

/* How many unsolved cells share a row, box or column with cell bit of
 * band b. others[b] holds the unsolved cells of the next band (low half)
 * and of the band after (high half). */
static int fast_unsolved_peers(const uint32_t unsolved[3], const uint64_t others[3], int b,
                               int bit)
{
    /* Each cell's row and box in its band. */
    static const uint32_t row_box[30] = {
        0x00701DFF, 0x00701DFF, 0x00701DFF, 0x0380E1FF, 0x0380E1FF, 0x0380E1FF,
        0x1C0701FF, 0x1C0701FF, 0x1C0701FF, 0,          0x0077FC07, 0x0077FC07,
        0x0077FC07, 0x0387FC38, 0x0387FC38, 0x0387FC38, 0x1C07FDC0, 0x1C07FDC0,
        0x1C07FDC0, 0,          0x1FF01C07, 0x1FF01C07, 0x1FF01C07, 0x1FF0E038,
        0x1FF0E038, 0x1FF0E038, 0x1FF701C0, 0x1FF701C0, 0x1FF701C0, 0};
    static const uint8_t column_of[30] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 1, 2, 3, 4,
                                          5, 6, 7, 8, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 0};
    uint64_t column = (uint64_t)(FAST_BOX0 << column_of[bit]) * 0x100000001u;
    return __builtin_popcount(unsolved[b] & row_box[bit]) + __builtin_popcountll(others[b] & column);
}

/* Choose the branch of a propagated state: an unsolved cell with the
 * fewest candidates (two when there is one), ties going to the cell with
 * the most unsolved peers, whose choice informs the most cells. Returns 0
 * when every cell is solved. */
static int fast_choose(const fast_grid *g, fast_branch *out)
{
    uint32_t unsolved[3], threes[3], pick[3];
    fast_band_count3(g->v, unsolved, threes);
    if ((unsolved[0] | unsolved[1] | unsolved[2]) == 0)
        return 0;
    for (int b = 0; b < 3; b++)
        pick[b] = unsolved[b] & ~threes[b];
    if ((pick[0] | pick[1] | pick[2]) == 0)
        fast_fewest(g, unsolved, pick);
    const uint64_t others[3] = {unsolved[1] | (uint64_t)unsolved[2] << 32,
                                unsolved[2] | (uint64_t)unsolved[0] << 32,
                                unsolved[0] | (uint64_t)unsolved[1] << 32};
    /* The best score, the first cell on a tie: key = score * 128 + 127 -
     * (32 * band + bit), kept without a branch. */
    int best = 0;
    for (int b = 0; b < 3; b++) {
        for (uint32_t m = pick[b]; m; m &= m - 1) {
            int bit = __builtin_ctz(m);
            int key = fast_unsolved_peers(unsolved, others, b, bit) << 7 | (127 - 32 * b - bit);
            best = key > best ? key : best;
        }
    }
    out->band = (127 - (best & 127)) >> 5;
    out->bit = (127 - (best & 127)) & 31;
    out->digits = fast_digits_at(g, out->band, out->bit);
    return 1;
}

/* Put digit d in cell bit of band b: the cell leaves every other digit's
 * bitboard. */
static void fast_place(fast_grid *g, int d, int b, int bit)
{
    fast_vec cell = FAST_SPLAT(1u << bit), band = FAST_SPLAT((uint32_t)b),
             keep = FAST_SPLAT((uint32_t)fast_lane(d, b));
    for (int i = 0; i < FAST_VECS; i++) {
        fast_vec clear = cell & (fast_vec)(fast_lane_bands(i) == band) &
                         (fast_vec)(fast_lane_numbers(i) != keep);
        g->v[i] &= ~clear;
    }
}

static void fast_store(const fast_grid *g, sk_grid *out)
{
    for (int b = 0; b < 3; b++) {
        for (int d = 0; d < 9; d++) {
            for (uint32_t m = fast_word(g, d, b); m; m &= m - 1) {
                int bit = __builtin_ctz(m);
                /* bit = 10r + c is cell 9r + c of the band */
                out->cells[b * 27 + bit - (bit > 9) - (bit > 19)] = (uint8_t)(d + 1);
            }
        }
    }
}

/* Depth-first search from g, which it may change. */
static void fast_descend(fast_search *s, fast_grid *g)
{
    s->nodes++;
    if (!fast_propagate(g->v))
        return;
    fast_branch branch;
    if (!fast_choose(g, &branch)) {
        if (s->found == 0 && s->solution)
            fast_store(g, s->solution);
        s->found++;
        return;
    }
    s->guesses++;
    uint32_t digits = branch.digits;
    while (digits && s->found < s->limit) {
        int d = __builtin_ctz(digits);
        digits &= digits - 1;
        if (digits) {
            fast_grid child = *g;
            fast_place(&child, d, branch.band, branch.bit);
            fast_descend(s, &child);
        } else {
            /* The last digit needs no copy. */
            fast_place(g, d, branch.band, branch.bit);
            fast_descend(s, g);
        }
    }
}

/* The cells of puzzle holding a digit: bit i of mask[0] for cell i < 64,
 * bit i - 64 of mask[1] for the others. */
static void fast_givens(const sk_grid *puzzle, uint64_t mask[2])
{
#if defined(__AVX512BW__)
    __m512i low = _mm512_loadu_si512(puzzle->cells);
    __m512i high = _mm512_maskz_loadu_epi8(0x1FFFF, puzzle->cells + 64);
    mask[0] = _mm512_test_epi8_mask(low, low);
    mask[1] = _mm512_test_epi8_mask(high, high);
#else
    mask[0] = mask[1] = 0;
    for (int i = 0; i < 81; i++)
        mask[i >> 6] |= (uint64_t)(puzzle->cells[i] != 0) << (i & 63);
#endif
}

/* The starting state of puzzle, or 0 when its givens break a rule. */
static int fast_start(const sk_grid *puzzle, fast_grid *g)
{
    uint32_t words[32] = {0}, given[3] = {0, 0, 0};
    uint16_t row[9] = {0}, col[9] = {0}, box[9] = {0};
    uint64_t mask[2];
    fast_givens(puzzle, mask);
    for (int half = 0; half < 2; half++) {
        for (uint64_t m = mask[half]; m; m &= m - 1) {
            int i = 64 * half + __builtin_ctzll(m);
            unsigned v = puzzle->cells[i];
            if (v > 9)
                return 0;
            int r = i / 9, c = i % 9, k = r / 3 * 3 + c / 3;
            uint16_t digit = (uint16_t)(1u << (v - 1));
            if ((row[r] | col[c] | box[k]) & digit)
                return 0;
            row[r] |= digit;
            col[c] |= digit;
            box[k] |= digit;
            uint32_t bit = 1u << (r % 3 * FAST_ROW + c);
            given[r / 3] |= bit;
            words[fast_lane((int)v - 1, r / 3)] |= bit;
        }
    }
    for (int b = 0; b < 3; b++)
        for (int d = 0; d < 9; d++)
            words[fast_lane(d, b)] |= FAST_CELLS & ~given[b];
    memcpy(g->v, words, sizeof g->v);
    return 1;
}

int FAST_SOLVE(const sk_grid *puzzle, int limit, sk_grid *solution, sk_solve_stats *stats)
{
    fast_grid g;
    if (!fast_start(puzzle, &g))
        return SK_ERR_INVALID;
    fast_search s = {.limit = limit < 1 ? 1 : limit, .solution = solution};
    fast_descend(&s, &g);
    if (stats) {
        stats->guesses += s.guesses;
        stats->nodes += s.nodes;
    }
    return s.found;
}
