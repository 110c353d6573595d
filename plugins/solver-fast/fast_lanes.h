/* Solver "fast": the 27 bitboards in vector lanes, and the lane moves between them. */
#ifndef FAST_LANES_H
#define FAST_LANES_H

#include <stdint.h>
#include <string.h>

#if defined(__AVX512F__) || defined(__AVX2__)
#include <immintrin.h>
#endif

/*
 * A bitboard holds, for one digit and one band (three rows), the 27 cells
 * where the digit may still go: bit 10 * row_in_band + column (see
 * FAST_ROW).
 *
 * The 27 bitboards (9 digits x 3 bands) fill 32 lanes of 32 bits, written
 * with the compiler's vector extensions, so that one source becomes
 * AVX-512, AVX2, SSE2 or plain integer code depending only on the flags it
 * is compiled with. Lane 8b + d holds digit d + 1 of band b for d < 8;
 * lanes 24-26 hold digit 9 of bands 0-2; lanes 27-31 stay 0. With AVX-512
 * the lanes are two vectors of 16 (FAST_WIDE), otherwise four of 8: either
 * way the eight digits 1-8 of a band sit in one aligned group of eight
 * lanes, so a sum over a band's digits is three exchange steps inside the
 * group plus digit 9 brought in by one broadcast.
 */
#if defined(__AVX512F__)
#define FAST_WIDE 1
#define FAST_LANES 16
#else
#define FAST_WIDE 0
#define FAST_LANES 8
#endif
#define FAST_VECS (32 / FAST_LANES)

typedef uint32_t fast_vec __attribute__((vector_size(FAST_LANES * 4)));
typedef int32_t fast_ivec __attribute__((vector_size(FAST_LANES * 4)));

#if FAST_WIDE
#define FAST_SPLAT(v) ((fast_vec){v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v})
#else
#define FAST_SPLAT(v) ((fast_vec){v, v, v, v, v, v, v, v})
#endif

/* Bit 10r + c of a bitboard is row r of the band, column c; bits 9, 19
 * and 29 stay 0, a guard that stops a carry or a borrow at its row. */
#define FAST_ROW 10
#define FAST_CELLS 0x1FF7FDFFu  /* the 27 cells of a band                    */
#define FAST_GUARDS 0x20080200u /* the guard bit above each row              */
#define FAST_TRIADS 0x4912449u  /* the first cell of each minirow            */
#define FAST_BOX0 0x100401u     /* the first cell of each row                */
#define FAST_BOX2 (FAST_BOX0 << 6)
#define FAST_COLS 0x1FFu        /* a row's nine columns                      */
#define FAST_STACK0 0x49u       /* the first column of each stack            */
#define FAST_STACK2 0x124u      /* the last column of each stack             */

#if defined(__clang__)
#define FAST_SHUF(a, ...) __builtin_shufflevector(a, a, __VA_ARGS__)
#define FAST_SHUF2(a, b, ...) __builtin_shufflevector(a, b, __VA_ARGS__)
#else
#define FAST_SHUF(a, ...) __builtin_shuffle(a, (fast_ivec){__VA_ARGS__})
#define FAST_SHUF2(a, b, ...) __builtin_shuffle(a, b, (fast_ivec){__VA_ARGS__})
#endif

#if FAST_WIDE
/* Exchange lanes 4, 2, 1 apart within each group of eight. */
#define FAST_SWAP4(v) FAST_SHUF(v, 4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11)
#define FAST_SWAP2(v) FAST_SHUF(v, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13)
#define FAST_SWAP1(v) FAST_SHUF(v, 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14)
/* v[1] (bands 2 and digit 9) to digit 9 of bands 0 | 1, and of band 2. */
#define FAST_NINE_01(y) FAST_SHUF(y, 8, 8, 8, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 9, 9)
#define FAST_NINE_2(y) FAST_SHUF(y, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10)
/* Per-band values laid out like v[1]: band 2's from y's first group, the
 * digit-9 lanes from bands 0 and 1 in x (lanes 0, 8) and band 2 in y. */
#define FAST_LIKE_V1(x, y)                                                                         \
    FAST_SHUF2(x, y, 16, 17, 18, 19, 20, 21, 22, 23, 0, 8, 16, 16, 16, 16, 16, 16)
#else
#define FAST_SWAP4(v) FAST_SHUF(v, 4, 5, 6, 7, 0, 1, 2, 3)
#define FAST_SWAP2(v) FAST_SHUF(v, 2, 3, 0, 1, 6, 7, 4, 5)
#define FAST_SWAP1(v) FAST_SHUF(v, 1, 0, 3, 2, 5, 4, 7, 6)
#define FAST_BROADCAST(v, i) FAST_SHUF(v, i, i, i, i, i, i, i, i)
/* Lanes 0, 1, 2 from lane 0 of a, b, c: per-band values laid out like the
 * digit-9 vector. */
#define FAST_FIRSTS(a, b, c)                                                                       \
    FAST_SHUF2(FAST_SHUF2(a, b, 0, 8, 0, 0, 0, 0, 0, 0), c, 0, 1, 8, 8, 8, 8, 8, 8)
#endif

/* The lane of digit d (0-8) in band b, 0-31 across the vectors. */
static inline int fast_lane(int d, int b)
{
    return d == 8 ? 24 + b : b * 8 + d;
}

/* The lanes of vector i that hold a bitboard. */
static inline fast_vec fast_used(int i)
{
    fast_vec used = FAST_SPLAT(FAST_CELLS);
    if (i == FAST_VECS - 1)
        for (int l = 27 - 32 + FAST_LANES; l < FAST_LANES; l++)
            used[l] = 0;
    return used;
}

/* Nonzero when some lane of v is nonzero. */
static inline int fast_any(fast_vec v)
{
#if defined(__AVX512F__)
    __m512i m;
    memcpy(&m, &v, sizeof m);
    return _mm512_test_epi32_mask(m, m) != 0;
#elif defined(__AVX2__)
    __m256i m;
    memcpy(&m, &v, sizeof m);
    return !_mm256_testz_si256(m, m);
#else
    uint32_t acc = 0;
    for (int i = 0; i < FAST_LANES; i++)
        acc |= v[i];
    return acc != 0;
#endif
}

/* Bitwise choice: a where m is set, else b. */
static inline fast_vec fast_select(fast_vec m, fast_vec a, fast_vec b)
{
    return (a & m) | (b & ~m);
}

/* In every lane of each group of eight: the union of the group. */
static inline fast_vec fast_group_union(fast_vec v)
{
    v |= FAST_SWAP4(v);
    v |= FAST_SWAP2(v);
    return v | FAST_SWAP1(v);
}

/* Bit-sliced counting step saturating at two: add swap(ones, twos). */
#define FAST_COUNT2_STEP(swap, ones, twos)                                                         \
    do {                                                                                           \
        fast_vec p_ = swap(ones), q_ = swap(twos);                                                 \
        twos = twos | q_ | (ones & p_);                                                            \
        ones |= p_;                                                                                \
    } while (0)

/* In every lane of each group of eight: the cells of at least one lane of
 * the group (*ones) and of at least two (*twos). */
static inline void fast_group_count(fast_vec v, fast_vec *ones, fast_vec *twos)
{
    fast_vec o = v | FAST_SWAP4(v), t = v & FAST_SWAP4(v);
    FAST_COUNT2_STEP(FAST_SWAP2, o, t);
    FAST_COUNT2_STEP(FAST_SWAP1, o, t);
    *ones = o;
    *twos = t;
}

/* For each band, in every lane of it: the union of v over the band's nine
 * digits. */
static inline void fast_band_union(const fast_vec v[FAST_VECS], fast_vec u[FAST_VECS])
{
#if FAST_WIDE
    fast_vec ux = fast_group_union(v[0]) | FAST_NINE_01(v[1]);
    fast_vec uy = fast_group_union(v[1]) | FAST_NINE_2(v[1]);
    u[0] = ux;
    u[1] = FAST_LIKE_V1(ux, uy);
#else
    u[0] = fast_group_union(v[0]) | FAST_BROADCAST(v[3], 0);
    u[1] = fast_group_union(v[1]) | FAST_BROADCAST(v[3], 1);
    u[2] = fast_group_union(v[2]) | FAST_BROADCAST(v[3], 2);
    u[3] = FAST_FIRSTS(u[0], u[1], u[2]);
#endif
}

/* For each band, in every lane of it: the cells with at least one
 * candidate (ones) and with at least two (twos). */
static inline void fast_band_count(const fast_vec v[FAST_VECS], fast_vec ones[FAST_VECS],
                                   fast_vec twos[FAST_VECS])
{
#if FAST_WIDE
    fast_vec ox, tx, oy, ty;
    fast_group_count(v[0], &ox, &tx);
    fast_group_count(v[1], &oy, &ty);
    fast_vec nx = FAST_NINE_01(v[1]), ny = FAST_NINE_2(v[1]);
    tx |= ox & nx;
    ox |= nx;
    ty |= oy & ny;
    oy |= ny;
    ones[0] = ox;
    twos[0] = tx;
    ones[1] = FAST_LIKE_V1(ox, oy);
    twos[1] = FAST_LIKE_V1(tx, ty);
#else
    const fast_vec nine[3] = {FAST_BROADCAST(v[3], 0), FAST_BROADCAST(v[3], 1),
                              FAST_BROADCAST(v[3], 2)};
    for (int b = 0; b < 3; b++) {
        fast_vec o, t;
        fast_group_count(v[b], &o, &t);
        ones[b] = o | nine[b];
        twos[b] = t | (o & nine[b]);
    }
    ones[3] = FAST_FIRSTS(ones[0], ones[1], ones[2]);
    twos[3] = FAST_FIRSTS(twos[0], twos[1], twos[2]);
#endif
}

/* For each lane of f (one value per digit and band): the same digit's
 * value in the next band (o1) and in the band after (o2). */
static inline void fast_other_bands(const fast_vec f[FAST_VECS], fast_vec o1[FAST_VECS],
                                    fast_vec o2[FAST_VECS])
{
#if FAST_WIDE
    o1[0] = FAST_SHUF(f[0], 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
    o2[0] = FAST_SHUF(f[1], 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7);
    o1[1] = FAST_SHUF2(f[0], f[1], 0, 1, 2, 3, 4, 5, 6, 7, 25, 26, 24, 27, 27, 27, 27, 27);
    o2[1] = FAST_SHUF2(f[0], f[1], 8, 9, 10, 11, 12, 13, 14, 15, 26, 24, 25, 27, 27, 27, 27, 27);
#else
    for (int b = 0; b < 3; b++) {
        o1[b] = f[(b + 1) % 3];
        o2[b] = f[(b + 2) % 3];
    }
    o1[3] = FAST_SHUF(f[3], 1, 2, 0, 3, 3, 3, 3, 3);
    o2[3] = FAST_SHUF(f[3], 2, 0, 1, 3, 3, 3, 3, 3);
#endif
}

/* Bit-sliced counting step saturating at three. */
#define FAST_COUNT3_STEP(swap, ones, twos, threes)                                                 \
    do {                                                                                           \
        fast_vec p_ = swap(ones), q_ = swap(twos), r_ = swap(threes);                              \
        threes = threes | r_ | (twos & p_) | (ones & q_);                                          \
        twos = twos | q_ | (ones & p_);                                                            \
        ones |= p_;                                                                                \
    } while (0)

/* Per band b: the cells with at least two candidates (twos[b]) and with
 * at least three (threes[b]). */
static inline void fast_band_count3(const fast_vec v[FAST_VECS], uint32_t twos[3],
                                    uint32_t threes[3])
{
    /* Where digits 1-8 of band b lie: the group at lane first[b] of all 32. */
    static const int first[3] = {0, 8, 16};
    fast_vec o[FAST_VECS], t[FAST_VECS], h[FAST_VECS];
    for (int i = 0; i < (24 + FAST_LANES - 1) / FAST_LANES; i++) {
        fast_vec p = FAST_SWAP4(v[i]);
        h[i] = FAST_SPLAT(0);
        t[i] = v[i] & p;
        o[i] = v[i] | p;
        FAST_COUNT3_STEP(FAST_SWAP2, o[i], t[i], h[i]);
        FAST_COUNT3_STEP(FAST_SWAP1, o[i], t[i], h[i]);
    }
    for (int b = 0; b < 3; b++) {
        int i = first[b] / FAST_LANES, l = first[b] % FAST_LANES;
        uint32_t nine = v[(24 + b) / FAST_LANES][(24 + b) % FAST_LANES];
        twos[b] = t[i][l] | (o[i][l] & nine);
        threes[b] = h[i][l] | (t[i][l] & nine);
    }
}

/* Bit l of the result is bit `bit` of lane l (0-31). */
static inline uint32_t fast_lanes_with(const fast_vec v[FAST_VECS], int bit)
{
#if defined(__AVX512F__)
    __m512i m0, m1, b = _mm512_set1_epi32((int)(1u << bit));
    memcpy(&m0, &v[0], sizeof m0);
    memcpy(&m1, &v[1], sizeof m1);
    return (uint32_t)_mm512_test_epi32_mask(m0, b) | (uint32_t)_mm512_test_epi32_mask(m1, b) << 16;
#elif defined(__AVX2__)
    uint32_t lanes = 0;
    for (int i = 0; i < FAST_VECS; i++) {
        fast_vec top = v[i] << (31 - bit);
        __m256 m;
        memcpy(&m, &top, sizeof m);
        lanes |= (uint32_t)_mm256_movemask_ps(m) << (8 * i);
    }
    return lanes;
#else
    uint32_t lanes = 0;
    for (int l = 0; l < 32; l++)
        lanes |= (v[l / FAST_LANES][l % FAST_LANES] >> bit & 1u) << l;
    return lanes;
#endif
}

/* Vector i's lanes: their number (0-31) and their band (3 for the unused). */
static inline fast_vec fast_lane_numbers(int i)
{
    fast_vec n;
    for (int l = 0; l < FAST_LANES; l++)
        n[l] = (uint32_t)(i * FAST_LANES + l);
    return n;
}

static inline fast_vec fast_lane_bands(int i)
{
    fast_vec n = fast_lane_numbers(i);
    return fast_select((fast_vec)(n < 24), n >> 3, fast_select((fast_vec)(n < 27), n - 24, FAST_SPLAT(3)));
}

#endif /* FAST_LANES_H */
