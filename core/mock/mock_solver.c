/* The plugin mock's solver: counts solutions by backtracking on the cell
 * with the fewest candidates. Small and plainly right rather than fast. */
#include <string.h>

#include "sudokit/plugin_mock.h"

/* The search: digits used per row, column and box (bit d for digit d). */
typedef struct mock_search {
    uint16_t rows[9], cols[9], boxes[9];
    sk_grid grid;
    int limit, found;
    sk_grid *first; /* where the first solution goes, may be NULL */
} mock_search;

static int mock_box(int cell)
{
    return cell / 27 * 3 + cell % 9 / 3;
}

static uint16_t mock_candidates(const mock_search *s, int cell)
{
    uint16_t used = s->rows[cell / 9] | s->cols[cell % 9] | s->boxes[mock_box(cell)];
    return (uint16_t)(~used & 0x3FE);
}

static void mock_set(mock_search *s, int cell, int digit, bool on)
{
    uint16_t bit = (uint16_t)(1u << digit);
    s->rows[cell / 9] ^= bit;
    s->cols[cell % 9] ^= bit;
    s->boxes[mock_box(cell)] ^= bit;
    s->grid.cells[cell] = on ? (uint8_t)digit : 0;
}

/* Record the givens; false when one repeats in a unit or is not 0..9. */
static bool mock_givens(mock_search *s, const sk_grid *puzzle)
{
    for (int cell = 0; cell < 81; cell++) {
        int digit = puzzle->cells[cell];
        if (digit > 9)
            return false;
        if (digit == 0)
            continue;
        if (!(mock_candidates(s, cell) & (1u << digit)))
            return false;
        mock_set(s, cell, digit, true);
    }
    return true;
}

/* The empty cell with the fewest candidates, or -1 when the grid is full. */
static int mock_pick(const mock_search *s, uint16_t *candidates)
{
    int best = -1, best_count = 10;
    for (int cell = 0; cell < 81 && best_count > 1; cell++) {
        if (s->grid.cells[cell])
            continue;
        uint16_t c = mock_candidates(s, cell);
        int count = __builtin_popcount(c);
        if (count < best_count) {
            best = cell;
            best_count = count;
            *candidates = c;
        }
    }
    return best;
}

static void mock_search_from(mock_search *s)
{
    uint16_t candidates = 0;
    int cell = mock_pick(s, &candidates);
    if (cell < 0) {
        if (s->found++ == 0 && s->first)
            *s->first = s->grid;
        return;
    }
    for (int digit = 1; digit <= 9 && s->found < s->limit; digit++) {
        if (!(candidates & (1u << digit)))
            continue;
        mock_set(s, cell, digit, true);
        mock_search_from(s);
        mock_set(s, cell, digit, false);
    }
}

int sk_mock_count_solutions(const sk_grid *puzzle, int limit, sk_grid *solution)
{
    mock_search s;
    memset(&s, 0, sizeof s);
    if (!mock_givens(&s, puzzle))
        return SK_ERR_INVALID;
    s.limit = limit < 1 ? 1 : limit;
    s.first = solution;
    mock_search_from(&s);
    return s.found;
}

bool sk_mock_solves(const sk_grid *puzzle, const sk_grid *solution)
{
    mock_search s;
    memset(&s, 0, sizeof s);
    if (!mock_givens(&s, solution))
        return false;
    for (int cell = 0; cell < 81; cell++) {
        if (solution->cells[cell] == 0)
            return false;
        if (puzzle->cells[cell] && puzzle->cells[cell] != solution->cells[cell])
            return false;
    }
    return true;
}
