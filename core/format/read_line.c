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

/* The record's grid is the token of len bytes at start: note its place,
 * and return the length of the token after it (the solution when it has
 * as many cells), whose column (0-based) goes into *next. */
static size_t line_places(sk_reader *reader, size_t start, size_t token, size_t *next)
{
    const char *line = reader->line;
    size_t len = reader->line_len;
    reader->places.line = reader->line_no;
    reader->places.first_col = start + 1;
    size_t at = start + token;
    at += reader_first_nonblank(line + at, len - at);
    size_t end = at;
    while (end < len && line[end] != ' ' && line[end] != '\t')
        end++;
    *next = at;
    return end - at;
}

/* A line record under rules other than classic: N*N cells, maybe the
 * solution's after them. */
static sk_read_status line_parse_under_rules(sk_reader *reader, size_t start, size_t token)
{
    const char *line = reader->line;
    size_t cells = reader_cell_count(reader), next;
    sk_read_status status = reader_grid_text(reader, SK_FIELD_PUZZLE, line + start, token,
                                             reader->line_no, start + 1, true, "");
    if (status != SK_READ_OK)
        return status;
    if (line_places(reader, start, token, &next) != cells)
        return SK_READ_OK;
    reader->record.has_solution = true;
    return reader_grid_text(reader, SK_FIELD_SOLUTION, line + next, cells, reader->line_no,
                            next + 1, true, " in the solution");
}

sk_read_status reader_parse_line(sk_reader *reader, size_t start, size_t token)
{
    sk_record *record = &reader->record;
    if (reader_rules(reader))
        return line_parse_under_rules(reader, start, token);
    if (!line_grid(reader, &record->puzzle, start, token, ""))
        return SK_READ_BAD;
    size_t next;
    if (line_places(reader, start, token, &next) == 81) {
        if (!line_grid(reader, &record->solution, next, 81, " in the solution"))
            return SK_READ_BAD;
        record->has_solution = true;
    }
    return SK_READ_OK;
}
