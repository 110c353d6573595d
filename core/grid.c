/* Grid core: the rules of Sudoku and the two text layouts of one grid. */
#include "sudokit/grid.h"

#include <stdio.h>
#include <string.h>

const char *const sk_unit_kind_names[3] = {"row", "column", "box"};

/* Cell index of the i-th cell (0..8) of unit u (0..8) of a given kind. */
static int grid_unit_cell(int kind, int u, int i)
{
    switch (kind) {
    case 0:
        return u * 9 + i;
    case 1:
        return i * 9 + u;
    default:
        return (u / 3 * 3 + i / 3) * 9 + u % 3 * 3 + i % 3;
    }
}

/* Row, column and box of each cell, for the fast check. */
static const uint8_t grid_box_of[81] = {
    0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 0, 0, 1, 1, 1, 2, 2, 2,
    3, 3, 3, 4, 4, 4, 5, 5, 5, 3, 3, 3, 4, 4, 4, 5, 5, 5, 3, 3, 3, 4, 4, 4, 5, 5, 5,
    6, 6, 6, 7, 7, 7, 8, 8, 8, 6, 6, 6, 7, 7, 7, 8, 8, 8, 6, 6, 6, 7, 7, 7, 8, 8, 8,
};

/* Find the first conflict in row, column, box order (the slow path, taken
 * only once the fast check saw a problem). */
static void grid_find_conflict(const sk_grid *grid, sk_conflict *conflict)
{
    for (int cell = 0; cell < 81; cell++) {
        if (grid->cells[cell] > 9) {
            *conflict = (sk_conflict){grid->cells[cell], -1, -1, cell, cell};
            return;
        }
    }
    for (int kind = 0; kind < 3; kind++) {
        for (int u = 0; u < 9; u++) {
            int seen_at[10];
            for (int d = 0; d < 10; d++)
                seen_at[d] = -1;
            for (int i = 0; i < 9; i++) {
                int cell = grid_unit_cell(kind, u, i);
                int d = grid->cells[cell];
                if (d == 0)
                    continue;
                if (seen_at[d] >= 0) {
                    *conflict = (sk_conflict){d, kind, u, seen_at[d], cell};
                    return;
                }
                seen_at[d] = cell;
            }
        }
    }
}

bool sk_grid_check(const sk_grid *grid, sk_conflict *conflict)
{
    uint16_t rows[9] = {0}, cols[9] = {0}, boxes[9] = {0};
    for (int cell = 0; cell < 81; cell++) {
        unsigned d = grid->cells[cell];
        if (d == 0)
            continue;
        int r = cell / 9, c = cell % 9, b = grid_box_of[cell];
        uint16_t bit = (uint16_t)(1u << (d & 15));
        if (d > 9 || ((rows[r] | cols[c] | boxes[b]) & bit)) {
            if (conflict)
                grid_find_conflict(grid, conflict);
            return false;
        }
        rows[r] |= bit;
        cols[c] |= bit;
        boxes[b] |= bit;
    }
    return true;
}

void sk_conflict_describe(const sk_conflict *conflict, char *buf, size_t len)
{
    if (conflict->unit_kind < 0)
        snprintf(buf, len, "cell r%dc%d holds %d, not a digit 0-9",
                 conflict->first_cell / 9 + 1, conflict->first_cell % 9 + 1,
                 conflict->digit);
    else
        snprintf(buf, len, "digit %d twice in %s %d (r%dc%d and r%dc%d)",
                 conflict->digit, sk_unit_kind_names[conflict->unit_kind],
                 conflict->unit + 1, conflict->first_cell / 9 + 1,
                 conflict->first_cell % 9 + 1, conflict->second_cell / 9 + 1,
                 conflict->second_cell % 9 + 1);
}

int sk_grid_clues(const sk_grid *grid)
{
    int n = 0;
    for (int cell = 0; cell < 81; cell++)
        n += grid->cells[cell] != 0;
    return n;
}

bool sk_grid_solves(const sk_grid *puzzle, const sk_grid *solution)
{
    for (int cell = 0; cell < 81; cell++) {
        int d = solution->cells[cell];
        if (d < 1 || d > 9)
            return false;
        if (puzzle->cells[cell] != 0 && puzzle->cells[cell] != d)
            return false;
    }
    return sk_grid_check(solution, NULL);
}

int sk_grid_parse_line(sk_grid *grid, const char *text, size_t len, size_t *col)
{
    for (size_t i = 0; i < len && i < 81; i++) {
        char ch = text[i];
        if (ch == '.' || ch == '0') {
            grid->cells[i] = 0;
        } else if (ch >= '1' && ch <= '9') {
            grid->cells[i] = (uint8_t)(ch - '0');
        } else {
            *col = i;
            return -1;
        }
    }
    if (len != 81) {
        *col = len < 81 ? len : 81;
        return -1;
    }
    return 0;
}

void sk_grid_format_line(const sk_grid *grid, char *out, bool dots)
{
    char blank = dots ? '.' : '0';
    for (int cell = 0; cell < 81; cell++)
        out[cell] = grid->cells[cell] ? (char)('0' + grid->cells[cell]) : blank;
}

void sk_grid_format_classic(const sk_grid *grid, char *out)
{
    /* Hot in `sudokit -c`: two interleaved byte streams, which the
     * compiler turns into vector unpacks. */
    static const char separator[81] = {
        ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', '\n', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', '\n',
        ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', '\n', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', '\n',
        ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', '\n', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', '\n',
        ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', '\n', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', '\n',
        ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', '\n',
    };
    for (int cell = 0; cell < 81; cell++) {
        out[2 * cell] = (char)('0' + grid->cells[cell]);
        out[2 * cell + 1] = separator[cell];
    }
}

const char *sk_cell_name(int cell, char out[8])
{
    unsigned c = (unsigned)cell % 81;
    out[0] = 'r';
    out[1] = (char)('1' + c / 9);
    out[2] = 'c';
    out[3] = (char)('1' + c % 9);
    out[4] = '\0';
    return out;
}
