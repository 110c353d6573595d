/* The line layout (and sdm): the puzzle, maybe its solution, then fields
 * that are not read. */
#include "reader_internal.h"
#include "sudokit/grid.h"

/* Parse the grid of what, a token of len bytes at column at (0-based) of
 * the current line, into grid; set the message when it is not one. */
static bool line_grid(sk_reader *reader, sk_grid *grid, size_t at, size_t len, const char *what)
{
    size_t col;
    if (sk_grid_parse_line(grid, reader->line + at, len, &col) == 0)
        return true;
    if (col < len && col < 81) {
        char name[8];
        reader_char_name((unsigned char)reader->line[at + col], name);
        reader_fail(reader, reader->line_no, at + col + 1,
                    "unexpected character %s%s (a cell is 1-9, '.' or '0')", name, what);
    } else if (len < 81) {
        reader_fail(reader, reader->line_no, at + len + 1,
                    "too few cells: the line has %zu, a puzzle has 81", len);
    } else {
        reader_fail(reader, reader->line_no, at + 82,
                    "too many cells: the line has %zu characters, a puzzle has 81", len);
    }
    return false;
}

sk_read_status reader_parse_line(sk_reader *reader, size_t start, size_t token)
{
    const char *line = reader->line;
    size_t len = reader->line_len;
    sk_record *record = &reader->record;
    if (!line_grid(reader, &record->puzzle, start, token, ""))
        return SK_READ_BAD;
    reader->places.line = reader->line_no;
    reader->places.first_col = start + 1;
    size_t next = start + token;
    next += reader_first_nonblank(line + next, len - next);
    size_t second = next;
    while (second < len && line[second] != ' ' && line[second] != '\t')
        second++;
    if (second - next == 81) {
        if (!line_grid(reader, &record->solution, next, 81, " in the solution"))
            return SK_READ_BAD;
        record->has_solution = true;
    }
    return SK_READ_OK;
}
