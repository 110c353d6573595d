/* Solver "fast": the propagation rules, applied to all 27 bitboards at once. */
#ifndef FAST_RULES_H
#define FAST_RULES_H

#include "fast_lanes.h"

/*
 * One round applies, to every bitboard at once:
 *
 *  1. the band rule: in a band a digit fills one cell of each row and of
 *     each box, so its 3x3 row-by-box occupancy (which minirows hold it)
 *     must contain a permutation; minirows outside every permutation that
 *     fits are removed. That is pointing and claiming along rows, and a box
 *     or row reduced to one minirow;
 *  2. hidden singles in rows: a row where the digit has one cell left
 *     gives that cell to the digit, which removes it from the other eight;
 *  3. naked singles: a cell left with one digit removes that digit from the
 *     rest of its row (the band rule then clears its box, and the column
 *     rule its column); a cell left with none is a contradiction;
 *  4. the column rule: in a stack a digit fills one cell of each band and
 *     of each column, so its band-by-column occupancy must contain a
 *     permutation too: pointing and claiming along columns, and hidden
 *     singles in columns.
 *
 * The rounds repeat until one changes nothing. All four rules only ever
 * remove candidates that no solution has, so the state they stop at does
 * not depend on the order they run in: every instruction set reaches the
 * same state and searches the same tree.
 */

/* Rotations of the 3x3 minirow occupancy (bits 9r + 3k): box k takes the
 * value of box k + 1 (or k + 2), row r that of row r + 1, all modulo 3. */
static inline fast_vec fast_next_box(fast_vec v)
{
    return fast_select(FAST_SPLAT(FAST_BOX2), v << 6, v >> 3);
}

static inline fast_vec fast_last_box(fast_vec v)
{
    return fast_select(FAST_SPLAT(FAST_BOX0), v >> 6, v << 3) & FAST_SPLAT(FAST_TRIADS);
}

static inline fast_vec fast_next_row(fast_vec v)
{
    return (v >> 9) | (v << 18);
}

/* Rule 1 on every lane of a. *kept receives the minirows kept (bits
 * 9r + 3k); returns a without the minirows outside every permutation. A
 * lane left 0 has no permutation: a contradiction. */
static inline fast_vec fast_band_rule(fast_vec a, fast_vec *kept)
{
    fast_vec m = (a | a >> 1 | a >> 2) & FAST_SPLAT(FAST_TRIADS);
    fast_vec b1 = fast_next_box(m), b2 = fast_last_box(m);
    /* (r,k) fits a permutation when (r+1,k+1) and (r+2,k+2) are occupied,
     * or (r+1,k+2) and (r+2,k+1). */
    fast_vec keep = m & fast_next_row((b1 & fast_next_row(b2)) | (b2 & fast_next_row(b1)));
    *kept = keep;
    return a & ((keep << 3) - keep);
}

/* Rule 2: the cells of a that are alone in their row; m is a's occupied
 * minirows. */
static inline fast_vec fast_row_singles(fast_vec a, fast_vec m)
{
    fast_vec pairs = ((a & a >> 1) | (a & a >> 2) | (a >> 1 & a >> 2)) & FAST_SPLAT(FAST_TRIADS);
    fast_vec m1 = m >> 3, m2 = m >> 6;
    fast_vec one_minirow = (m ^ m1 ^ m2) & ~(m & m1 & m2);
    fast_vec crowded = pairs | pairs >> 3 | pairs >> 6;
    fast_vec rows = one_minirow & ~crowded & FAST_SPLAT(FAST_BOX0);
    return a & ((rows << 9) - rows);
}

/* The whole rows of every row where k has a cell. */
static inline fast_vec fast_rows_of(fast_vec k)
{
    fast_vec m = k | k >> 1 | k >> 2;
    fast_vec rows = (m | m >> 3 | m >> 6) & FAST_SPLAT(FAST_BOX0);
    return (rows << 9) - rows;
}

/* Rules 1 to 3 on every bitboard of v. Returns nonzero lanes on a
 * contradiction. */
static inline fast_vec fast_band_round(fast_vec v[FAST_VECS])
{
    fast_vec a[FAST_VECS], single[FAST_VECS], taken[FAST_VECS], ones[FAST_VECS],
        twos[FAST_VECS], bad = FAST_SPLAT(0);
    for (int i = 0; i < FAST_VECS; i++) {
        fast_vec minirows;
        a[i] = fast_band_rule(v[i], &minirows);
        bad |= (fast_vec)(a[i] == 0) & fast_used(i);
        single[i] = fast_row_singles(a[i], minirows);
    }
    fast_band_union(single, taken);
    fast_band_count(a, ones, twos);
    for (int i = 0; i < FAST_VECS; i++) {
        bad |= ~ones[i] & fast_used(i);
        fast_vec naked = a[i] & ones[i] & ~twos[i];
        a[i] &= (~taken[i] | single[i]) & (~fast_rows_of(naked) | naked);
        v[i] = a[i] & fast_used(i);
    }
    return bad;
}

/* Column position c of a stack takes the value of c + 1 (or c + 2). */
static inline fast_vec fast_next_col(fast_vec v)
{
    return fast_select(FAST_SPLAT(FAST_STACK2), v << 2, v >> 1);
}

static inline fast_vec fast_last_col(fast_vec v)
{
    return fast_select(FAST_SPLAT(FAST_STACK0), v >> 2, v << 1);
}

/* Rule 4 for the columns c of one band given the columns o1, o2 of the
 * other two: the cells of the columns that fit no permutation. */
static inline fast_vec fast_column_misfits(fast_vec c, fast_vec o1, fast_vec o2)
{
    fast_vec keep = c & ((fast_next_col(o1) & fast_last_col(o2)) |
                         (fast_last_col(o1) & fast_next_col(o2)));
    fast_vec drop = c & ~keep;
    return drop | drop << 9 | drop << 18;
}

/* Rule 4 on every bitboard of v. */
static inline void fast_column_round(fast_vec v[FAST_VECS])
{
    fast_vec cols[FAST_VECS], next[FAST_VECS], last[FAST_VECS];
    for (int i = 0; i < FAST_VECS; i++)
        cols[i] = (v[i] | v[i] >> 9 | v[i] >> 18) & FAST_SPLAT(FAST_COLS);
    fast_other_bands(cols, next, last);
    for (int i = 0; i < FAST_VECS; i++)
        v[i] &= ~fast_column_misfits(cols[i], next[i], last[i]);
}

/* Apply the rounds until nothing changes. Returns 0 on a contradiction. */
static inline int fast_propagate(fast_vec v[FAST_VECS])
{
    for (;;) {
        fast_vec old[FAST_VECS];
        memcpy(old, v, sizeof old);
        fast_vec bad = fast_band_round(v);
        fast_column_round(v);
        if (fast_any(bad))
            return 0;
        fast_vec changed = FAST_SPLAT(0);
        for (int i = 0; i < FAST_VECS; i++)
            changed |= old[i] ^ v[i];
        if (!fast_any(changed))
            return 1;
    }
}

#endif /* FAST_RULES_H */
