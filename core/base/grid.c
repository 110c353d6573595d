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
    /* Branch-free on the common, valid grid: every digit's bit goes into
     * its row, column and box mask, and a bit already in one of the three
     * marks a digit twice in a unit (a blank's bit is 0). */
    unsigned cols[9] = {0}, repeated = 0;
    bool out_of_range = false;
    for (int band = 0; band < 3; band++) {
        unsigned boxes[3] = {0};
        for (int r = 3 * band; r < 3 * band + 3; r++) {
            unsigned row = 0;
            for (int c = 0; c < 9; c++) {
                unsigned d = grid->cells[9 * r + c];
                unsigned bit = (1u << (d & 15)) >> 1;
                out_of_range |= d > 9;
                repeated |= (row | cols[c] | boxes[c / 3]) & bit;
                row |= bit;
                cols[c] |= bit;
                boxes[c / 3] |= bit;
            }
        }
    }
    bool valid = !out_of_range && !repeated;
    if (!valid && conflict)
        grid_find_conflict(grid, conflict);
    return valid;
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
    size_t n = len < 81 ? len : 81;
    /* One pass the compiler vectorizes: '.' and '0' are blank, '1'..'9'
     * digits; anything else is remembered and looked for afterwards. */
    unsigned char bad = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)text[i];
        unsigned char digit = (unsigned char)(ch - '0');
        unsigned char blank = ch == '.';
        bad |= (unsigned char)(!blank & (digit > 9));
        grid->cells[i] = blank ? 0 : digit;
    }
    if (bad) {
        for (size_t i = 0; i < n; i++)
            if (grid->cells[i] > 9) {
                *col = i;
                break;
            }
        for (size_t i = 0; i < n; i++)
            grid->cells[i] = grid->cells[i] > 9 ? 0 : grid->cells[i];
        return -1;
    }
    if (len != 81) {
        *col = n;
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
