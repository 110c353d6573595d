/* Solver "fast": the propagation rules, applied to all 27 bitboards at once. */
#ifndef FAST_RULES_H
#define FAST_RULES_H

#include "fast_sums.h"

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
 *  3. naked singles: a cell left with one digit, and a cell given by rule
 *     2, removes that digit from the rest of its row and box (the column
 *     rule then clears its column); a cell left with none is a
 *     contradiction;
 *  4. the column rule: in a stack a digit fills one cell of each band and
 *     of each column, so its band-by-column occupancy must contain a
 *     permutation too: pointing and claiming along columns, and hidden
 *     singles in columns.
 *
 * The rounds repeat until one changes nothing. The rules only ever remove
 * candidates, and remove more from a state with fewer, so the state they
 * stop at does not depend on the order they run in: every instruction set
 * reaches the same state and searches the same tree.
 */

/* Rotations of the 3x3 minirow occupancy (bits 10r + 3k): box k takes the
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
    return (v >> FAST_ROW) | (v << 2 * FAST_ROW);
}

/* Rule 1 on every lane of a: a without the minirows outside every
 * permutation. A lane left 0 has no permutation: a contradiction. */
static inline fast_vec fast_band_rule(fast_vec a)
{
    fast_vec m = (a | a >> 1 | a >> 2) & FAST_SPLAT(FAST_TRIADS);
    fast_vec b1 = fast_next_box(m), b2 = fast_last_box(m);
    /* (r,k) fits a permutation when (r+1,k+1) and (r+2,k+2) are occupied,
     * or (r+1,k+2) and (r+2,k+1). */
    fast_vec keep = m & fast_next_row((b1 & fast_next_row(b2)) | (b2 & fast_next_row(b1)));
    return a & ((keep << 3) - keep);
}

/* Rule 2: the cells of a that are alone in their row. The guard bits
 * make it arithmetic: row + 512 - 1 keeps the guard exactly when the row
 * is not empty, and row & (row - 1), plus 511, reaches the guard exactly
 * when the row has two cells or more. */
static inline fast_vec fast_row_singles(fast_vec a)
{
    fast_vec less = (a | FAST_SPLAT(FAST_GUARDS)) - FAST_SPLAT(FAST_BOX0);
    fast_vec crowded = ((a & less) + FAST_SPLAT(FAST_CELLS)) & FAST_SPLAT(FAST_GUARDS);
    fast_vec rows = less & FAST_SPLAT(FAST_GUARDS) & ~crowded;
    return a & (rows - (rows >> 9));
}

/* The whole rows of every row where k has a cell. */
static inline fast_vec fast_rows_of(fast_vec k)
{
    fast_vec rows = (k + FAST_SPLAT(FAST_CELLS)) & FAST_SPLAT(FAST_GUARDS);
    return rows - (rows >> 9);
}

/* The whole boxes of every box where k has a cell. */
static inline fast_vec fast_boxes_of(fast_vec k)
{
    fast_vec cols = k | k >> FAST_ROW | k >> 2 * FAST_ROW;
    fast_vec stacks = (cols | cols >> 1 | cols >> 2) & FAST_SPLAT(FAST_STACK0);
    fast_vec box_cols = (stacks << 3) - stacks;
    return box_cols | box_cols << FAST_ROW | box_cols << 2 * FAST_ROW;
}

/* Rules 1 to 3 on every bitboard of v. Returns nonzero lanes on a
 * contradiction. */
static inline fast_vec fast_band_round(fast_vec v[FAST_VECS])
{
    fast_vec a[FAST_VECS], single[FAST_VECS], taken[FAST_VECS], ones[FAST_VECS],
        twos[FAST_VECS], bad = FAST_SPLAT(0);
    for (int i = 0; i < FAST_VECS; i++) {
        a[i] = fast_band_rule(v[i]);
        bad |= (fast_vec)(a[i] == 0) & fast_used(i);
        single[i] = fast_row_singles(a[i]);
    }
    fast_band_union(single, taken);
    fast_band_count(a, ones, twos);
    for (int i = 0; i < FAST_VECS; i++) {
        bad |= ~ones[i] & fast_used(i);
        fast_vec placed = (a[i] & ones[i] & ~twos[i]) | single[i];
        fast_vec peers = fast_rows_of(placed) | fast_boxes_of(placed);
        a[i] &= (~taken[i] | single[i]) & (~peers | placed);
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

/* Rule 4 on every bitboard of v. Returns nonzero lanes where it removed
 * something. */
static inline fast_vec fast_column_round(fast_vec v[FAST_VECS])
{
    fast_vec cols[FAST_VECS], next1[FAST_VECS], next2[FAST_VECS], last1[FAST_VECS],
        last2[FAST_VECS];
    for (int i = 0; i < FAST_VECS; i++)
        cols[i] = (v[i] | v[i] >> FAST_ROW | v[i] >> 2 * FAST_ROW) & FAST_SPLAT(FAST_COLS);
    /* The same digit's columns in the next band (1) and the band after
     * (2), rotated within their stacks. With two vectors, moving lanes is
     * the dearer step, so the columns move first; with four, the moves
     * between whole vectors are free, so the rotations come first. */
#if FAST_WIDE
    fast_vec o1[FAST_VECS], o2[FAST_VECS];
    fast_other_bands(cols, o1, o2);
    for (int i = 0; i < FAST_VECS; i++) {
        next1[i] = fast_next_col(o1[i]);
        last1[i] = fast_last_col(o1[i]);
        next2[i] = fast_next_col(o2[i]);
        last2[i] = fast_last_col(o2[i]);
    }
#else
    fast_vec next[FAST_VECS], last[FAST_VECS];
    for (int i = 0; i < FAST_VECS; i++) {
        next[i] = fast_next_col(cols[i]);
        last[i] = fast_last_col(cols[i]);
    }
    fast_other_bands(next, next1, next2);
    fast_other_bands(last, last1, last2);
#endif
    fast_vec changed = FAST_SPLAT(0);
    for (int i = 0; i < FAST_VECS; i++) {
        /* Column c fits when (b+1,c+1) and (b+2,c+2) hold the digit, or
         * (b+1,c+2) and (b+2,c+1). */
        fast_vec misfit = cols[i] & ~((next1[i] & last2[i]) | (last1[i] & next2[i]));
        fast_vec drop = v[i] & (misfit | misfit << FAST_ROW | misfit << 2 * FAST_ROW);
        changed |= drop;
        v[i] &= ~drop;
    }
    return changed;
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
