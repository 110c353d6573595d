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
 * lanes 24-26 hold digit 9 of bands 0-2; lanes 27-31 stay 0. The lanes are
 * two vectors of 16 with AVX-512, four of 8 with AVX2 (or without vector
 * registers), eight of 4 with SSE2 or NEON: the eight digits 1-8 of a
 * band always fill one aligned group of eight lanes, so a sum over a
 * band's digits is three exchange steps inside the group plus digit 9
 * brought in by one broadcast (fast_sums.h).
 */
#if defined(__AVX512F__)
#define FAST_LANES 16
#elif (defined(__SSE2__) && !defined(__AVX2__)) || defined(__ARM_NEON)
#define FAST_LANES 4
#else
/* AVX2, or no vector registers at all: then a vector of 8 is handled as
 * plain integers, and never passed in a vector register. */
#define FAST_LANES 8
#endif
#define FAST_WIDE (FAST_LANES == 16)
#define FAST_VECS (32 / FAST_LANES)

typedef uint32_t fast_vec __attribute__((vector_size(FAST_LANES * 4)));
typedef int32_t fast_ivec __attribute__((vector_size(FAST_LANES * 4)));

#if FAST_LANES == 16
#define FAST_SPLAT(v) ((fast_vec){v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v})
#elif FAST_LANES == 8
#define FAST_SPLAT(v) ((fast_vec){v, v, v, v, v, v, v, v})
#else
#define FAST_SPLAT(v) ((fast_vec){v, v, v, v})
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

/* Exchanges of lanes 4, 2 and 1 apart within each group of eight (with
 * four lanes a group is two vectors, exchanged whole), and a broadcast. */
#if FAST_LANES == 16
#define FAST_SWAP4(v) FAST_SHUF(v, 4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11)
#define FAST_SWAP2(v) FAST_SHUF(v, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13)
#define FAST_SWAP1(v) FAST_SHUF(v, 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14)
#elif FAST_LANES == 8
#define FAST_SWAP4(v) FAST_SHUF(v, 4, 5, 6, 7, 0, 1, 2, 3)
#define FAST_SWAP2(v) FAST_SHUF(v, 2, 3, 0, 1, 6, 7, 4, 5)
#define FAST_SWAP1(v) FAST_SHUF(v, 1, 0, 3, 2, 5, 4, 7, 6)
#define FAST_BROADCAST(v, i) FAST_SHUF(v, i, i, i, i, i, i, i, i)
#else
#define FAST_SWAP2(v) FAST_SHUF(v, 2, 3, 0, 1)
#define FAST_SWAP1(v) FAST_SHUF(v, 1, 0, 3, 2)
#define FAST_BROADCAST(v, i) FAST_SHUF(v, i, i, i, i)
#endif

/* The lane of digit d (0-8) in band b, 0-31 across the vectors. */
static inline int fast_lane(int d, int b)
{
    return d == 8 ? 24 + b : b * 8 + d;
}

/* The lanes of vector i that hold a bitboard: FAST_CELLS, else 0. */
static inline fast_vec fast_used(int i)
{
    fast_vec used;
    for (int l = 0; l < FAST_LANES; l++)
        used[l] = i * FAST_LANES + l < 27 ? FAST_CELLS : 0;
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
