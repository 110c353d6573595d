/* The text layouts, line and classic, told apart per puzzle. */
#include "reader_internal.h"
#include "sudokit/grid.h"

/* Length of the token (bytes up to a blank or the end) at line[at..len). */
static size_t text_token(const char *line, size_t at, size_t len)
{
    size_t end = at;
    while (end < len && line[end] != ' ' && line[end] != '\t')
        end++;
    return end - at;
}

/* True when the line, whose first token has token bytes from start, is
 * one row of the classic layout rather than a line record: that token has
 * 9 characters (a compact row, "530070000"), or fewer and more tokens
 * follow ("5 3 0 0 7 0 0 0 0"). */
static bool text_is_classic_row(const char *line, size_t len, size_t start, size_t token)
{
    return token == 9 || (token < 9 && !reader_is_blank(line + start + token, len - start - token));
}

/* Parse the grid of what, a token of len bytes at column at (0-based) of
 * the current line, into grid; set the message when it is not one. */
static bool text_parse_grid(sk_reader *reader, sk_grid *grid, size_t at, size_t len,
                            const char *what)
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

/* A line record: the puzzle, the token of token bytes at start, then
 * maybe its solution, then fields that are not read. */
static sk_read_status text_parse_line(sk_reader *reader, size_t start, size_t token)
{
    const char *line = reader->line;
    size_t len = reader->line_len;
    sk_record *record = &reader->record;
    if (!text_parse_grid(reader, &record->puzzle, start, token, ""))
        return SK_READ_BAD;
    reader->places.line = reader->line_no;
    reader->places.first_col = start + 1;
    size_t next = start + token;
    next += reader_first_nonblank(line + next, len - next);
    if (text_token(line, next, len) == 81) {
        if (!text_parse_grid(reader, &record->solution, next, 81, " in the solution"))
            return SK_READ_BAD;
        record->has_solution = true;
    }
    return SK_READ_OK;
}

sk_read_status reader_next_text(sk_reader *reader)
{
    const char *line = reader->line;
    size_t len = reader->line_len;
    size_t start = reader_first_nonblank(line, len);
    size_t token = text_token(line, start, len);
    bool classic =
        reader->chosen == SK_FORMAT_CLASSIC ||
        (reader->chosen != SK_FORMAT_LINE && text_is_classic_row(line, len, start, token));
    reader_begin_record(reader, classic ? SK_FORMAT_CLASSIC : SK_FORMAT_LINE);
    return classic ? reader_parse_rows(reader, false) : text_parse_line(reader, start, token);
}
