/* generator-search: the moves of a search ({-n+m} and new digits in a clue
 * pattern), uniqueness and minimality through the host's solution counter. */
#include <stdio.h>
#include <string.h>

#include "grid_fill.h"
#include "search.h"

/* Solutions counted while a pattern's first puzzle is made unique. */
#define MOVES_COUNT_CAP 1000
/* Steps of that descent before a new complete grid is drawn. */
#define MOVES_DESCENT_STEPS 200
/* Solutions below which the descent takes the best single new digit. */
#define MOVES_STEEPEST_BELOW 64

/* The host's count of puzzle's solutions up to limit, or a negative status
 * with err set. */
static int moves_count(search_run *run, const sk_grid *puzzle, int limit, sk_grid *solution)
{
    int n = run->services->count_solutions(run->services->ctx, puzzle, limit, solution);
    if (n < 0)
        snprintf(run->err, run->errlen,
                 "the host's solution counter failed (status %d); check the chosen solver", n);
    return n;
}

int search_unique(search_run *run, const sk_grid *puzzle, sk_grid *solution)
{
    int n = moves_count(run, puzzle, 2, solution);
    return n < 0 ? n : n == 1;
}

/* The digits in the row, column and box of cell, as bits 1..9. */
static unsigned moves_seen(const sk_grid *g, int cell)
{
    int r = cell / 9, c = cell % 9, br = r / 3 * 3, bc = c / 3 * 3;
    unsigned seen = 0;
    for (int i = 0; i < 9; i++) {
        seen |= 1u << g->cells[r * 9 + i];
        seen |= 1u << g->cells[i * 9 + c];
        seen |= 1u << g->cells[(br + i / 3) * 9 + bc + i % 3];
    }
    return seen & ~1u;
}

/* The cells of g that hold a clue (want nonzero) or not, into cells. */
static int moves_cells(const sk_grid *g, bool want, uint8_t cells[81])
{
    int n = 0;
    for (int c = 0; c < 81; c++)
        if ((g->cells[c] != 0) == want)
            cells[n++] = (uint8_t)c;
    return n;
}

/* Shuffle cells[0..n) with the run's randomness. */
static void moves_shuffle(search_run *run, uint8_t *cells, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)sk_rng_below(&run->rng, (uint32_t)i + 1);
        uint8_t t = cells[i];
        cells[i] = cells[j];
        cells[j] = t;
    }
}

int search_minimise(search_run *run, sk_grid *puzzle)
{
    uint8_t cells[81];
    int n = moves_cells(puzzle, true, cells);
    moves_shuffle(run, cells, n);
    for (int i = 0; i < n; i++) {
        uint8_t d = puzzle->cells[cells[i]];
        puzzle->cells[cells[i]] = 0;
        int unique = search_unique(run, puzzle, NULL);
        if (unique < 0)
            return unique;
        if (!unique)
            puzzle->cells[cells[i]] = d;
    }
    return 0;
}

int search_is_minimal(search_run *run, const sk_grid *puzzle)
{
    sk_grid g = *puzzle;
    for (int c = 0; c < 81; c++) {
        uint8_t d = g.cells[c];
        if (!d)
            continue;
        g.cells[c] = 0;
        int unique = search_unique(run, &g, NULL);
        g.cells[c] = d;
        if (unique != 0)
            return unique < 0 ? unique : 0;
    }
    return 1;
}

bool search_fits_pattern(const search_run *run, const sk_grid *puzzle)
{
    for (int c = 0; c < 81; c++)
        if ((puzzle->cells[c] != 0) != (run->request->pattern[c] != 0))
            return false;
    return true;
}

/* A random digit that cell of g may take (its peers allow it), other
 * than avoid; 0 when there is none. */
static int moves_random_digit(search_run *run, const sk_grid *g, int cell, int avoid)
{
    unsigned allowed = ~moves_seen(g, cell) & 0x3FEu & ~(1u << avoid);
    int choices = __builtin_popcount(allowed);
    if (choices == 0)
        return 0;
    for (int k = (int)sk_rng_below(&run->rng, (uint32_t)choices); k > 0; k--)
        allowed &= allowed - 1;
    return __builtin_ctz(allowed);
}

/* A solution of puzzle other than the one it is known to have, made by
 * giving cell a digit other than avoid (and, half the time, another empty
 * cell a random digit, so that the solver's first solution varies): 1
 * found, 0 when those digits lead nowhere, negative on a counter failure. */
static int moves_other_solution(search_run *run, const sk_grid *puzzle, int cell, int avoid,
                                sk_grid *out)
{
    sk_grid g = *puzzle;
    g.cells[cell] = (uint8_t)moves_random_digit(run, &g, cell, avoid);
    if (!g.cells[cell])
        return 0;
    uint8_t empty[81];
    int n = moves_cells(&g, false, empty);
    if (n && sk_rng_below(&run->rng, 2)) {
        int other = empty[sk_rng_below(&run->rng, (uint32_t)n)];
        g.cells[other] = (uint8_t)moves_random_digit(run, &g, other, 0);
    }
    return moves_count(run, &g, 1, out);
}

/* Take n random clues out of puzzle, noting them in taken. */
static void moves_take(search_run *run, sk_grid *puzzle, int n, uint8_t taken[81])
{
    uint8_t cells[81];
    int count = moves_cells(puzzle, true, cells);
    moves_shuffle(run, cells, count);
    for (int i = 0; i < n && i < count; i++) {
        puzzle->cells[cells[i]] = 0;
        taken[cells[i]] = 1;
    }
}

/* One {-n+m} try: clues out, then m clues of other cells from the parent's
 * solution or from another solution of what is left, so the child has at
 * least one solution. 1 when a child was made, 0 when not, negative on a
 * counter failure. */
static int moves_vicinity(search_run *run, const search_member *parent, sk_grid *child)
{
    int n = 1 + (int)sk_rng_below(&run->rng, (uint32_t)run->options->remove);
    int m = n - 1 + (int)sk_rng_below(&run->rng, 3);
    uint8_t taken[81] = {0}, cells[81];
    *child = parent->puzzle;
    moves_take(run, child, n, taken);
    sk_grid target = parent->solution;
    int empty = moves_cells(child, false, cells);
    if (sk_rng_below(&run->rng, 2)) {
        int cell = cells[sk_rng_below(&run->rng, (uint32_t)empty)];
        int found = moves_other_solution(run, child, cell, parent->solution.cells[cell], &target);
        if (found <= 0)
            return found;
    }
    moves_shuffle(run, cells, empty);
    for (int i = 0, added = 0; i < empty && added < (m > 0 ? m : 1); i++) {
        if (taken[cells[i]])
            continue;
        child->cells[cells[i]] = target.cells[cells[i]];
        added++;
    }
    return 1;
}

/* One try in a pattern: n clues take the digits of another solution of
 * what is left (so the child has one). 1 when a child was made, 0 when
 * not, negative on a counter failure. */
static int moves_redigit(search_run *run, const search_member *parent, sk_grid *child)
{
    int n = 1 + (int)sk_rng_below(&run->rng, (uint32_t)run->options->remove);
    uint8_t taken[81] = {0}, cells[81];
    *child = parent->puzzle;
    moves_take(run, child, n, taken);
    int count = 0;
    for (int c = 0; c < 81; c++)
        if (taken[c])
            cells[count++] = (uint8_t)c;
    int cell = cells[sk_rng_below(&run->rng, (uint32_t)count)];
    sk_grid target;
    int found = moves_other_solution(run, child, cell, parent->puzzle.cells[cell], &target);
    if (found <= 0)
        return found;
    for (int i = 0; i < count; i++)
        child->cells[cells[i]] = target.cells[cells[i]];
    return 1;
}

/* The best single new digit in a clue of puzzle (which has count > 1
 * solutions): the one leaving the fewest solutions, at least one. Returns
 * that count (puzzle and solution changed) or count when none is fewer;
 * negative on a counter failure. */
static int moves_steepest(search_run *run, sk_grid *puzzle, sk_grid *solution, int count)
{
    sk_grid best = *puzzle, g = *puzzle;
    int best_count = count;
    for (int c = 0; c < 81; c++) {
        uint8_t own = g.cells[c];
        if (!own)
            continue;
        g.cells[c] = 0;
        unsigned allowed = ~moves_seen(&g, c) & 0x3FEu & ~(1u << own);
        for (; allowed; allowed &= allowed - 1) {
            g.cells[c] = (uint8_t)__builtin_ctz(allowed);
            sk_grid first;
            int n = moves_count(run, &g, best_count, &first);
            if (n < 0)
                return n;
            if (n >= 1 && n < best_count) {
                best = g;
                best_count = n;
                *solution = first;
            }
        }
        g.cells[c] = own;
    }
    *puzzle = best;
    return best_count;
}

/* Take puzzle (with count solutions, counted up to MOVES_STEEPEST_BELOW)
 * down to one by the best single new digits while each helps. 1 when it
 * got there, 0 when not, negative on a counter failure. */
static int moves_repair(search_run *run, sk_grid *puzzle, sk_grid *solution, int count)
{
    while (count > 1 && count < MOVES_STEEPEST_BELOW) {
        int n = moves_steepest(run, puzzle, solution, count);
        if (n < 0)
            return n;
        if (n == count)
            break;
        count = n;
    }
    return count == 1;
}

/* Whether child, just made, has one solution: in a pattern, a child with
 * a few solutions is repaired with new digits in its other clues. */
static int moves_settle(search_run *run, search_member *child)
{
    if (!run->pattern)
        return search_unique(run, &child->puzzle, &child->solution);
    int n = moves_count(run, &child->puzzle, MOVES_STEEPEST_BELOW, &child->solution);
    return n < 0 ? n : moves_repair(run, &child->puzzle, &child->solution, n);
}

int search_move(search_run *run, const search_member *parent, search_member *child)
{
    for (int t = 0; t < run->options->tries; t++) {
        int made = run->pattern ? moves_redigit(run, parent, &child->puzzle)
                                : moves_vicinity(run, parent, &child->puzzle);
        int unique = made > 0 ? moves_settle(run, child) : made;
        if (unique < 0)
            return unique;
        if (!unique || memcmp(&child->puzzle, &parent->puzzle, sizeof child->puzzle) == 0)
            continue;
        if (!run->minimal)
            return 1;
        int rc = run->pattern ? search_is_minimal(run, &child->puzzle)
                              : search_minimise(run, &child->puzzle);
        if (rc < 0)
            return rc;
        bool moved = memcmp(&child->puzzle, &parent->puzzle, sizeof child->puzzle) != 0;
        if (run->pattern ? rc == 1 : moved)
            return 1;
    }
    return 0;
}

/* Bring puzzle (with at least one solution, the pattern's clues) down to
 * one solution by new digits in its clues: random ones while it has many
 * solutions (each kept when it leaves no more, counted up to a cap), then
 * the best single one while that helps. 1 when it got there. */
static int moves_descend(search_run *run, sk_grid *puzzle, sk_grid *solution)
{
    int count = moves_count(run, puzzle, MOVES_COUNT_CAP, solution);
    if (count < 1)
        return count;
    search_member here = {.puzzle = *puzzle};
    for (int step = 0; step < MOVES_DESCENT_STEPS && count >= MOVES_STEEPEST_BELOW; step++) {
        sk_grid next, first;
        int made = moves_redigit(run, &here, &next);
        int n = made > 0 ? moves_count(run, &next, MOVES_COUNT_CAP, &first) : made;
        if (n < 0)
            return n;
        if (n >= 1 && n <= count) {
            here.puzzle = next;
            *solution = first;
            count = n;
        }
    }
    *puzzle = here.puzzle;
    return moves_repair(run, puzzle, solution, count);
}

int search_pattern_start(search_run *run, search_member *out)
{
    for (int t = 0; t < run->options->tries; t++) {
        sk_grid grid = run->request->fixed;
        int rc = fill_random_grid(&grid, &run->rng, FILL_DEFAULT_NODE_LIMIT, run->err,
                                  run->errlen);
        if (rc != SK_OK)
            return rc;
        for (int c = 0; c < 81; c++)
            out->puzzle.cells[c] = run->request->pattern[c] ? grid.cells[c] : 0;
        out->solution = grid;
        int unique = moves_descend(run, &out->puzzle, &out->solution);
        if (unique < 0)
            return unique;
        if (!unique)
            continue;
        int minimal = run->minimal ? search_is_minimal(run, &out->puzzle) : 1;
        if (minimal != 0)
            return minimal;
    }
    return 0;
}
