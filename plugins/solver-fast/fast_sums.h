/* Solver "fast": sums over a band's nine digits, and each digit's other bands, for each layout. */
#ifndef FAST_SUMS_H
#define FAST_SUMS_H

#include "fast_lanes.h"

/*
 * The layouts of fast_lanes.h differ only in where a band's lanes fall:
 * digits 1-8 of band b are the group of eight lanes from lane 8b, which is
 * half a vector (16 lanes), one vector (8) or two (4); digit 9 of band b is
 * lane 24 + b. Everything here keeps lanes 27-31 meaningless: the callers
 * mask them with fast_used.
 */

/* Vectors per group of eight lanes, and the vector holding lane 24. */
#define FAST_GROUP (FAST_LANES == 16 ? 1 : 8 / FAST_LANES)
#define FAST_NINE (24 / FAST_LANES)

/* Bit-sliced counting step saturating at two: add swap(ones, twos). */
#define FAST_COUNT2_STEP(swap, ones, twos)                                                         \
    do {                                                                                           \
        fast_vec p_ = swap(ones), q_ = swap(twos);                                                 \
        twos = twos | q_ | (ones & p_);                                                            \
        ones |= p_;                                                                                \
    } while (0)

/* Bit-sliced counting step saturating at three. */
#define FAST_COUNT3_STEP(swap, ones, twos, threes)                                                 \
    do {                                                                                           \
        fast_vec p_ = swap(ones), q_ = swap(twos), r_ = swap(threes);                              \
        threes = threes | r_ | (twos & p_) | (ones & q_);                                          \
        twos = twos | q_ | (ones & p_);                                                            \
        ones |= p_;                                                                                \
    } while (0)

/* In every lane of the group(s) starting at vector g[0]: the union of the
 * group. */
static inline fast_vec fast_group_union(const fast_vec *g)
{
#if FAST_LANES == 4
    fast_vec v = g[0] | g[1];
#else
    fast_vec v = g[0] | FAST_SWAP4(g[0]);
#endif
    v |= FAST_SWAP2(v);
    return v | FAST_SWAP1(v);
}

/* In every lane of the group(s) starting at g[0]: the cells of at least
 * one lane of the group (*ones), of at least two (*twos) and, when threes
 * is not NULL, of at least three. */
static inline void fast_group_count(const fast_vec *g, fast_vec *ones, fast_vec *twos,
                                    fast_vec *threes)
{
#if FAST_LANES == 4
    fast_vec o = g[0] | g[1], t = g[0] & g[1];
#else
    fast_vec o = g[0] | FAST_SWAP4(g[0]), t = g[0] & FAST_SWAP4(g[0]);
#endif
    if (threes) {
        fast_vec h = FAST_SPLAT(0);
        FAST_COUNT3_STEP(FAST_SWAP2, o, t, h);
        FAST_COUNT3_STEP(FAST_SWAP1, o, t, h);
        *threes = h;
    } else {
        FAST_COUNT2_STEP(FAST_SWAP2, o, t);
        FAST_COUNT2_STEP(FAST_SWAP1, o, t);
    }
    *ones = o;
    *twos = t;
}

#if FAST_WIDE
/* v[1] (band 2 and digit 9) to digit 9 of bands 0 | 1, and of band 2. */
#define FAST_NINE_01(y) FAST_SHUF(y, 8, 8, 8, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 9, 9)
#define FAST_NINE_2(y) FAST_SHUF(y, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10)
/* Per-band values laid out like v[1]: band 2's from y's first group, the
 * digit-9 lanes from bands 0 and 1 in x (lanes 0, 8) and band 2 in y. */
#define FAST_LIKE_V1(x, y)                                                                         \
    FAST_SHUF2(x, y, 16, 17, 18, 19, 20, 21, 22, 23, 0, 8, 16, 16, 16, 16, 16, 16)
#elif FAST_LANES == 8
/* Lanes 0, 1, 2 from lane 0 of a, b, c: per-band values laid out like the
 * digit-9 vector. */
#define FAST_FIRSTS(a, b, c)                                                                       \
    FAST_SHUF2(FAST_SHUF2(a, b, 0, 8, 0, 0, 0, 0, 0, 0), c, 0, 1, 8, 8, 8, 8, 8, 8)
#define FAST_NEXT_BAND_OF_NINE(v) FAST_SHUF(v, 1, 2, 0, 3, 3, 3, 3, 3)
#define FAST_LAST_BAND_OF_NINE(v) FAST_SHUF(v, 2, 0, 1, 3, 3, 3, 3, 3)
#else
#define FAST_FIRSTS(a, b, c) FAST_SHUF2(FAST_SHUF2(a, b, 0, 4, 0, 0), c, 0, 1, 4, 4)
#define FAST_NEXT_BAND_OF_NINE(v) FAST_SHUF(v, 1, 2, 0, 3)
#define FAST_LAST_BAND_OF_NINE(v) FAST_SHUF(v, 2, 0, 1, 3)
#endif

/* With four or eight lanes: lay out the per-band values s[0..2] over the
 * vectors, each group getting its band's, the digit-9 vector all three. */
static inline void fast_spread_bands(const fast_vec s[3], fast_vec out[FAST_VECS])
{
#if !FAST_WIDE
    for (int i = 0; i < 3 * FAST_GROUP; i++)
        out[i] = s[i / FAST_GROUP];
    out[FAST_NINE] = FAST_FIRSTS(s[0], s[1], s[2]);
    for (int i = FAST_NINE + 1; i < FAST_VECS; i++)
        out[i] = FAST_SPLAT(0);
#else
    (void)s;
    (void)out;
#endif
}

/* For each band, in every lane of it: the union of v over the band's nine
 * digits. */
static inline void fast_band_union(const fast_vec v[FAST_VECS], fast_vec u[FAST_VECS])
{
#if FAST_WIDE
    fast_vec ux = fast_group_union(&v[0]) | FAST_NINE_01(v[1]);
    fast_vec uy = fast_group_union(&v[1]) | FAST_NINE_2(v[1]);
    u[0] = ux;
    u[1] = FAST_LIKE_V1(ux, uy);
#else
    const fast_vec s[3] = {
        fast_group_union(&v[0]) | FAST_BROADCAST(v[FAST_NINE], 0),
        fast_group_union(&v[FAST_GROUP]) | FAST_BROADCAST(v[FAST_NINE], 1),
        fast_group_union(&v[2 * FAST_GROUP]) | FAST_BROADCAST(v[FAST_NINE], 2)};
    fast_spread_bands(s, u);
#endif
}

/* For each band, in every lane of it: the cells with at least one
 * candidate (ones) and with at least two (twos). */
static inline void fast_band_count(const fast_vec v[FAST_VECS], fast_vec ones[FAST_VECS],
                                   fast_vec twos[FAST_VECS])
{
#if FAST_WIDE
    fast_vec ox, tx, oy, ty;
    fast_group_count(&v[0], &ox, &tx, NULL);
    fast_group_count(&v[1], &oy, &ty, NULL);
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
    const fast_vec nine[3] = {FAST_BROADCAST(v[FAST_NINE], 0), FAST_BROADCAST(v[FAST_NINE], 1),
                              FAST_BROADCAST(v[FAST_NINE], 2)};
    fast_vec o[3], t[3];
    for (int b = 0; b < 3; b++) {
        fast_group_count(&v[b * FAST_GROUP], &o[b], &t[b], NULL);
        t[b] |= o[b] & nine[b];
        o[b] |= nine[b];
    }
    fast_spread_bands(o, ones);
    fast_spread_bands(t, twos);
#endif
}

/* Per band b: the cells with at least two candidates (twos[b]) and with
 * at least three (threes[b]). */
static inline void fast_band_count3(const fast_vec v[FAST_VECS], uint32_t twos[3],
                                    uint32_t threes[3])
{
    for (int b = 0; b < 3; b++) {
        /* The group of band b starts at lane 8b: vector i, lane l. */
        int i = 8 * b / FAST_LANES, l = 8 * b % FAST_LANES;
        fast_vec o, t, h;
        fast_group_count(&v[i], &o, &t, &h);
        uint32_t nine = v[FAST_NINE][24 % FAST_LANES + b];
        twos[b] = t[l] | (o[l] & nine);
        threes[b] = h[l] | (t[l] & nine);
    }
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
    for (int i = 0; i < 3 * FAST_GROUP; i++) {
        o1[i] = f[(i + FAST_GROUP) % (3 * FAST_GROUP)];
        o2[i] = f[(i + 2 * FAST_GROUP) % (3 * FAST_GROUP)];
    }
    o1[FAST_NINE] = FAST_NEXT_BAND_OF_NINE(f[FAST_NINE]);
    o2[FAST_NINE] = FAST_LAST_BAND_OF_NINE(f[FAST_NINE]);
    for (int i = FAST_NINE + 1; i < FAST_VECS; i++)
        o1[i] = o2[i] = f[i];
#endif
}

#endif /* FAST_SUMS_H */
