/* Pencil marks: the candidates a grid's digits leave, the cells marks
 * settle, and the 729-character text form. */
#include "sudokit/marks.h"

#include <string.h>

/* True when cells a and b (0..80, different) share a row, column or box. */
static bool marks_peers(int a, int b)
{
    int ra = a / 9, ca = a % 9, rb = b / 9, cb = b % 9;
    return a != b && (ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3));
}

/* The digits of values held by the peers of cell, as candidate bits. */
static uint16_t marks_peer_digits(const sk_grid *values, int cell)
{
    uint16_t seen = 0;
    for (int other = 0; other < 81; other++)
        if (values->cells[other] && marks_peers(cell, other))
            seen |= SK_MARK(values->cells[other]);
    return seen;
}

void sk_marks_of_grid(const sk_grid *grid, sk_marks *out)
{
    for (int cell = 0; cell < 81; cell++) {
        int digit = grid->cells[cell];
        out->cells[cell] =
            digit ? SK_MARK(digit) : (uint16_t)(SK_MARKS_ALL & ~marks_peer_digits(grid, cell));
    }
}

void sk_marks_settled(const sk_marks *marks, sk_grid *out)
{
    for (int cell = 0; cell < 81; cell++) {
        uint16_t mask = marks->cells[cell];
        int digit = 0;
        if (mask && (mask & (mask - 1)) == 0) {
            digit = 1;
            while (mask >> digit)
                digit++;
            for (int other = 0; other < 81 && digit; other++)
                if (marks_peers(cell, other) && (marks->cells[other] & mask))
                    digit = 0;
        }
        out->cells[cell] = (uint8_t)digit;
    }
}

void sk_marks_position(const sk_marks *marks, const sk_grid *grid, sk_grid *out)
{
    sk_grid settled;
    sk_marks_settled(marks, &settled);
    for (int cell = 0; cell < 81; cell++)
        out->cells[cell] = grid->cells[cell] ? grid->cells[cell] : settled.cells[cell];
}

uint16_t sk_marks_removed(const sk_marks *marks, const sk_grid *values, int cell)
{
    if (values->cells[cell])
        return 0;
    uint16_t allowed = (uint16_t)(SK_MARKS_ALL & ~marks_peer_digits(values, cell));
    return (uint16_t)(allowed & ~marks->cells[cell]);
}

bool sk_marks_differ(const sk_marks *marks, const sk_grid *grid)
{
    sk_marks basic;
    sk_marks_of_grid(grid, &basic);
    return memcmp(basic.cells, marks->cells, sizeof basic.cells) != 0;
}

void sk_marks_format(const sk_marks *marks, char *out)
{
    for (int cell = 0; cell < 81; cell++)
        for (int d = 1; d <= 9; d++)
            out[cell * 9 + d - 1] = marks->cells[cell] & SK_MARK(d) ? (char)('0' + d) : '.';
}

int sk_marks_parse(sk_marks *out, const char *text, size_t len, size_t *at, sk_marks_problem *why)
{
    for (size_t i = 0; i < len && i < SK_MARKS_CHARS; i++) {
        char ch = text[i];
        int place = (int)(i % 9) + 1;
        if (i % 9 == 0)
            out->cells[i / 9] = 0;
        if (ch == '.' || ch == '0')
            continue;
        *at = i;
        *why = ch >= '1' && ch <= '9' ? SK_MARKS_MISPLACED : SK_MARKS_BAD_CHARACTER;
        if (ch - '0' != place)
            return -1;
        out->cells[i / 9] |= SK_MARK(place);
    }
    *why = SK_MARKS_LENGTH;
    *at = len < SK_MARKS_CHARS ? len : SK_MARKS_CHARS;
    if (len != SK_MARKS_CHARS)
        return -1;
    for (int cell = 0; cell < 81; cell++) {
        if (!out->cells[cell]) {
            *at = (size_t)cell * 9;
            *why = SK_MARKS_NO_CANDIDATE;
            return -1;
        }
    }
    *why = SK_MARKS_OK;
    return 0;
}
