/* Solver "fast": band-oriented digit bitboards, singles, locked candidates, bivalue branching. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudokit/plugin.h"

/*
 * Representation. The grid is cut into three bands of three rows. For each
 * digit d and band b, f[d * 3 + b] holds 27 bits, one per cell of the band
 * (bit row_in_band * 9 + column), set while d is still possible there.
 * Solved cells keep their digit's bit, so every row, column and box of a
 * digit always holds at least one bit until a contradiction.
 *
 * A bitboard that changed is examined alone (fast_band):
 *  - in a band each of the three rows and each of the three boxes holds the
 *    digit once, so the 3x3 row-by-box occupancy must contain a permutation;
 *    a table keeps the union of the permutations that fit. That covers
 *    pointing and claiming along rows, hidden singles in boxes, and more;
 *  - a box of the band whose digit lies in one column removes the digit
 *    from that column in the other bands (pointing along columns, which
 *    also clears the column of a solved cell);
 *  - a row of the band left with one bit is a solved cell: the cell is
 *    removed from every other digit.
 * When no bitboard is left to examine, naked singles and empty cells are
 * found by bit-sliced counting over the nine digits (fast_naked), then
 * every column is checked (fast_columns_check): a column without the digit
 * is a contradiction, and a column holding it in one band only confines
 * that box's digit to the column (claiming along columns, which with the
 * band rule also finds hidden singles in columns).
 * When nothing more follows, the search branches on a cell with the fewest
 * candidates (a bivalue cell when there is one), ties going to the cell
 * with the most unsolved peers: on the hardest puzzles that halves the
 * nodes visited compared with taking the first such cell.
 */

#define FAST_BAND_BITS 0x7FFFFFFu

/* The branch choice counts bits; where the compiler can, it builds that
 * function twice, with and without the POPCNT instruction, and the loader
 * picks the one the processor supports. */
#if defined(__x86_64__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define FAST_POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
#endif
#endif
#ifndef FAST_POPCNT_CLONES
#define FAST_POPCNT_CLONES
#endif

/* Lookup tables, built once per instance. */
typedef struct fast_tables {
    uint32_t expand[512]; /* row-by-box occupancy -> the 27 cells it covers   */
    uint16_t perm[512];   /* occupancy -> union of the permutations inside it */
    uint16_t point[512];  /* columns -> columns alone in their box's triplet  */
    uint16_t claim[512];  /* band-only columns -> columns of their boxes to clear */
    uint16_t single[512]; /* 9 cells of a row -> the cell when it is alone     */
    uint8_t shrink[512];  /* 9 cells of a row -> the boxes holding a bit      */
    uint32_t peers[27];   /* cell -> its row and box peers within the band     */
} fast_tables;

/* One search state; small enough that a branch copies it. */
typedef struct fast_state {
    uint32_t f[27];       /* candidates, digit * 3 + band                      */
    uint32_t unsolved[3]; /* cells of each band not yet solved                 */
    uint32_t dirty;       /* bitboards changed since examined (bit digit*3+band) */
} fast_state;

/* The instance: tables plus the bookkeeping of the running solve. */
typedef struct fast_instance {
    fast_tables t;
    int limit;
    int found;
    sk_grid *solution;
    uint64_t guesses;
    uint64_t nodes;
} fast_instance;

static uint32_t fast_fold(uint32_t a)
{
    return (a | a >> 9 | a >> 18) & 0x1FFu;
}

static uint32_t fast_columns(uint32_t c)
{
    return c | c << 9 | c << 18;
}

static int fast_one_bit(uint32_t v)
{
    return v != 0 && (v & (v - 1)) == 0;
}

static void fast_build_tables(fast_tables *t)
{
    static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                    {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (uint32_t v = 0; v < 512; v++) {
        uint32_t expand = 0, shrink = 0, point = 0, claim = 0, perm = 0;
        for (int k = 0; k < 3; k++) {
            uint32_t tri = (v >> (3 * k)) & 7u;
            for (int r = 0; r < 3; r++)
                if (v & (1u << (r * 3 + k)))
                    expand |= 7u << (r * 9 + k * 3);
            if (tri)
                shrink |= 1u << k;
            if (fast_one_bit(tri)) {
                point |= tri << (3 * k);
                claim |= (7u & ~tri) << (3 * k);
            } else if (tri) {
                claim |= 7u << (3 * k);
            }
        }
        for (int p = 0; p < 6; p++) {
            uint32_t m = 1u << perms[p][0] | 1u << (3 + perms[p][1]) | 1u << (6 + perms[p][2]);
            if ((v & m) == m)
                perm |= m;
        }
        t->expand[v] = expand;
        t->perm[v] = (uint16_t)perm;
        t->point[v] = (uint16_t)point;
        t->claim[v] = (uint16_t)claim;
        t->shrink[v] = (uint8_t)shrink;
        t->single[v] = (uint16_t)(fast_one_bit(v) ? v : 0);
    }
    for (int i = 0; i < 27; i++) {
        int r = i / 9, c = i % 9, k = c / 3;
        uint32_t m = 0x1FFu << (r * 9);
        for (int rr = 0; rr < 3; rr++)
            m |= 7u << (rr * 9 + k * 3);
        t->peers[i] = m & ~(1u << i);
    }
}

/* Remove cells from bitboard db (digit * 3 + band), marking it dirty when
 * that changes anything. */
static void fast_clear(fast_state *s, int db, uint32_t cells)
{
    /* Branch-free: whether anything changed is hard to predict. */
    uint32_t old = s->f[db];
    s->f[db] = old & ~cells;
    s->dirty |= (uint32_t)((old & cells) != 0) << db;
}

/* What bitboard db implies within its band and for its digit's other two
 * bands (see the top comment). Returns 0 on a contradiction. */
static int fast_band(const fast_tables *t, fast_state *s, int db)
{
    uint32_t a = s->f[db];
    a &= t->expand[t->perm[t->shrink[a & 0x1FFu] | t->shrink[(a >> 9) & 0x1FFu] << 3 |
                           t->shrink[a >> 18] << 6]];
    if (a == 0)
        return 0;
    s->f[db] = a;
    int b = db % 3, base = db - b;
    uint32_t point = t->point[fast_fold(a)];
    if (point) {
        uint32_t cols = fast_columns(point);
        fast_clear(s, base + (b + 1) % 3, cols);
        fast_clear(s, base + (b + 2) % 3, cols);
    }
    uint32_t solved = (t->single[a & 0x1FFu] | (uint32_t)t->single[(a >> 9) & 0x1FFu] << 9 |
                       (uint32_t)t->single[a >> 18] << 18) &
                      s->unsolved[b];
    if (solved) {
        s->unsolved[b] &= ~solved;
        for (int o = b; o < 27; o += 3)
            if (o != db)
                fast_clear(s, o, solved);
    }
    return 1;
}

/* Put digit d in cell bit i of band b: peers lose d, the cell loses the
 * other digits; the cell is marked solved. */
static void fast_assign(const fast_tables *t, fast_state *s, int d, int b, int i)
{
    uint32_t bit = 1u << i;
    for (int o = b; o < 27; o += 3)
        if (o != d * 3 + b)
            fast_clear(s, o, bit);
    fast_clear(s, d * 3 + b, t->peers[i]);
    uint32_t col = fast_columns(1u << (i % 9));
    for (int o = 0; o < 3; o++)
        if (o != b)
            fast_clear(s, d * 3 + o, col);
    s->unsolved[b] &= ~bit;
}

/* Naked singles: place every unsolved cell left with one digit. Returns -1
 * on an empty cell, else how many cells were placed. */
static int fast_naked(const fast_tables *t, fast_state *s)
{
    int placed = 0;
    for (int b = 0; b < 3; b++) {
        uint32_t ones = 0, twos = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t x = s->f[d * 3 + b];
            twos |= ones & x;
            ones |= x;
        }
        if (s->unsolved[b] & ~ones)
            return -1;
        uint32_t singles = s->unsolved[b] & ~twos;
        for (int d = 0; singles && d < 9; d++) {
            uint32_t m = singles & s->f[d * 3 + b];
            singles &= ~m;
            for (; m; m &= m - 1, placed++)
                fast_assign(t, s, d, b, __builtin_ctz(m));
        }
    }
    return placed;
}

/* Columns: each must hold every digit, and a column holding a digit in one
 * band only confines that box's digit to the column. Returns 0 on a
 * contradiction. */
static int fast_columns_check(const fast_tables *t, fast_state *s)
{
    for (int d = 0; d < 9; d++) {
        const uint32_t *f = &s->f[d * 3];
        uint32_t c0 = fast_fold(f[0]), c1 = fast_fold(f[1]), c2 = fast_fold(f[2]);
        if ((c0 | c1 | c2) != 0x1FFu)
            return 0;
        fast_clear(s, d * 3, fast_columns(t->claim[c0 & ~(c1 | c2)]));
        fast_clear(s, d * 3 + 1, fast_columns(t->claim[c1 & ~(c0 | c2)]));
        fast_clear(s, d * 3 + 2, fast_columns(t->claim[c2 & ~(c0 | c1)]));
    }
    return 1;
}

/* Propagate to a fixed point. Returns 0 on a contradiction. */
static int fast_propagate(const fast_tables *t, fast_state *s)
{
    for (;;) {
        while (s->dirty) {
            int db = __builtin_ctz(s->dirty);
            s->dirty &= s->dirty - 1;
            if (!fast_band(t, s, db))
                return 0;
        }
        int placed = fast_naked(t, s);
        if (placed < 0)
            return 0;
        if (placed)
            continue;
        if (!fast_columns_check(t, s))
            return 0;
        if (!s->dirty)
            return 1;
    }
}

/* Choose the unsolved cell with the fewest candidates, ties going to the
 * cell with the most unsolved peers (its choice informs the most cells):
 * its band in *band, its bit in *bit; returns its candidate digits (bit d
 * for digit d + 1). */
FAST_POPCNT_CLONES static uint32_t fast_pick(const fast_tables *t, const fast_state *s, int *band,
                                             int *bit)
{
    uint32_t masks[3] = {0, 0, 0};
    int best_count = 10;
    for (int b = 0; b < 3; b++) {
        if (!s->unsolved[b])
            continue;
        /* A 4-bit counter per cell, bit-sliced over the band. */
        uint32_t c0 = 0, c1 = 0, c2 = 0, c3 = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t x = s->f[d * 3 + b], carry;
            carry = c0 & x;
            c0 ^= x;
            x = carry;
            carry = c1 & x;
            c1 ^= x;
            x = carry;
            carry = c2 & x;
            c2 ^= x;
            c3 |= carry;
        }
        for (int n = 2; n <= best_count; n++) {
            uint32_t m = s->unsolved[b] & (n & 1 ? c0 : ~c0) & (n & 2 ? c1 : ~c1) &
                         (n & 4 ? c2 : ~c2) & (n & 8 ? c3 : ~c3);
            if (m) {
                if (n < best_count)
                    masks[0] = masks[1] = 0;
                best_count = n;
                masks[b] = m;
                break;
            }
        }
    }
    int best_score = -1, best_band = 0, best_bit = 0;
    for (int b = 0; b < 3; b++) {
        for (uint32_t m = masks[b]; m; m &= m - 1) {
            int i = __builtin_ctz(m);
            uint32_t col = fast_columns(1u << (i % 9));
            int score = __builtin_popcount(s->unsolved[b] & t->peers[i]) +
                        __builtin_popcount(s->unsolved[(b + 1) % 3] & col) +
                        __builtin_popcount(s->unsolved[(b + 2) % 3] & col);
            if (score > best_score) {
                best_score = score;
                best_band = b;
                best_bit = i;
            }
        }
    }
    uint32_t digits = 0;
    for (int d = 0; d < 9; d++)
        if (s->f[d * 3 + best_band] & (1u << best_bit))
            digits |= 1u << d;
    *band = best_band;
    *bit = best_bit;
    return digits;
}

static void fast_store(const fast_state *s, sk_grid *out)
{
    for (int d = 0; d < 9; d++)
        for (int b = 0; b < 3; b++)
            for (uint32_t m = s->f[d * 3 + b]; m; m &= m - 1)
                out->cells[b * 27 + __builtin_ctz(m)] = (uint8_t)(d + 1);
}

/* Depth-first search from s (which it may modify). */
static void fast_search(fast_instance *inst, fast_state *s)
{
    inst->nodes++;
    if (!fast_propagate(&inst->t, s))
        return;
    if ((s->unsolved[0] | s->unsolved[1] | s->unsolved[2]) == 0) {
        if (inst->found == 0 && inst->solution)
            fast_store(s, inst->solution);
        inst->found++;
        return;
    }
    int band, bit;
    uint32_t digits = fast_pick(&inst->t, s, &band, &bit);
    inst->guesses++;
    while (digits && inst->found < inst->limit) {
        int d = __builtin_ctz(digits);
        digits &= digits - 1;
        if (digits) {
            fast_state child = *s;
            fast_assign(&inst->t, &child, d, band, bit);
            fast_search(inst, &child);
        } else {
            fast_assign(&inst->t, s, d, band, bit);
            fast_search(inst, s);
        }
    }
}

static int fast_solve(void *instance, const sk_grid *puzzle, int limit, sk_grid *solution,
                      sk_solve_stats *stats)
{
    fast_instance *inst = instance;
    fast_state s;
    uint16_t row[9] = {0}, col[9] = {0}, box[9] = {0};
    for (int i = 0; i < 27; i++)
        s.f[i] = FAST_BAND_BITS;
    s.unsolved[0] = s.unsolved[1] = s.unsolved[2] = FAST_BAND_BITS;
    s.dirty = 0;
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
        fast_assign(&inst->t, &s, v - 1, r / 3, i % 27);
    }
    s.dirty = FAST_BAND_BITS;
    inst->limit = limit < 1 ? 1 : limit;
    inst->found = 0;
    inst->solution = solution;
    inst->guesses = 0;
    inst->nodes = 0;
    fast_search(inst, &s);
    if (stats) {
        stats->guesses += inst->guesses;
        stats->nodes += inst->nodes;
    }
    return inst->found;
}

static void *fast_create(const sk_services *services, const sk_option *options, size_t option_count,
                         char *err, size_t errlen)
{
    (void)services;
    if (option_count > 0) {
        snprintf(err, errlen, "takes no options, got '%s'; remove it",
                 options[0].key);
        return NULL;
    }
    fast_instance *inst = calloc(1, sizeof *inst);
    if (!inst) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    fast_build_tables(&inst->t);
    return inst;
}

static void fast_destroy(void *instance)
{
    free(instance);
}

static const sk_strategy fast_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_SOLVER,
    .name = "fast",
    .summary = "band bitboards with singles and locked candidates; the fastest",
    .options_help = NULL,
    .create = fast_create,
    .destroy = fast_destroy,
    .solve = fast_solve,
};

static const sk_strategy *const fast_strategies[] = {&fast_strategy, NULL};

static const sk_plugin fast_plugin = {
    .abi_major = SK_ABI_MAJOR,
    .abi_minor = SK_ABI_MINOR,
    .struct_size = sizeof(sk_plugin),
    .name = "solver-fast",
    .version = "1.0.0",
    .strategies = fast_strategies,
};

/* Entry symbol: the plugin descriptor. */
SK_EXPORT const sk_plugin *SK_PLUGIN_ENTRY(void);
SK_EXPORT const sk_plugin *SK_PLUGIN_ENTRY(void)
{
    return &fast_plugin;
}
