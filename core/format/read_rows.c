/* The rows of a grid drawn over 9 lines, as the classic, readable, sdk,
 * ss, qqwing and kennett layouts draw it: 9 cells a row, or 18 with the
 * solution's row beside. */
#include "reader_internal.h"

/* The cells of one row as read, before they are placed. */
typedef struct rows_row {
    int count; /* cells read, at most 19 */
    uint8_t value[19];
    size_t col[19];
    reader_row_style style;
} rows_row;

/* Read the cells of the current line, up to one past limit; set the
 * message and return false at a character that is not a cell. Bars and
 * blanks between cells are skipped (and noted in the row's style). */
static bool rows_scan(sk_reader *reader, rows_row *row, int r, int limit)
{
    const char *line = reader->line;
    row->count = 0;
    row->style = (reader_row_style){.bars = false, .apart = false, .leading_bar = false};
    bool gap = false;
    for (size_t i = 0; i < reader->line_len && row->count <= limit; i++) {
        char ch = line[i];
        if (ch == ' ' || ch == '\t' || reader_is_bar(ch)) {
            gap |= row->count > 0 && !reader_is_bar(ch);
            row->style.bars |= reader_is_bar(ch);
            row->style.leading_bar |= row->count == 0 && reader_is_bar(ch);
            continue;
        }
        int value = reader_cell_value(ch);
        if (value < 0) {
            char name[8];
            reader_char_name((unsigned char)ch, name);
            reader_fail(reader, reader->line_no, i + 1,
                        "unexpected character %s in row %d (a cell is 1-9, '.' or '0')", name,
                        r + 1);
            return false;
        }
        row->style.apart |= gap;
        gap = false;
        row->value[row->count] = (uint8_t)value;
        row->col[row->count++] = i + 1;
    }
    return true;
}

/* Check the count of cells of row r against width (9, 18, or 0 for the
 * first row, which may have either), and fix width from the first row. */
static bool rows_check_width(sk_reader *reader, const rows_row *row, int r, int *width)
{
    int count = row->count;
    if (count == *width || (*width == 0 && (count == 9 || count == 18))) {
        *width = count;
        return true;
    }
    int wanted = *width ? *width : 9;
    if (count < wanted) {
        reader_fail(reader, reader->line_no, reader->line_len + 1,
                    wanted == 9 ? "too few cells in row %d: %d of 9"
                                : "too few cells in row %d: %d of 18 (the row and its solution's)",
                    r + 1, count);
    } else if (*width == 9) {
        reader_fail(reader, reader->line_no, row->col[9], "too many cells in row %d: a row has 9",
                    r + 1);
    } else {
        int extra = count > 18 ? 18 : 9;
        reader_fail(reader, reader->line_no, row->col[extra],
                    "too many cells in row %d: a row has 9, or 18 with its solution's beside it",
                    r + 1);
    }
    return false;
}

/* A line that begins like a rule line but is not one: say where. */
static void rows_bad_rule(sk_reader *reader)
{
    const char *line = reader->line;
    size_t len = reader->line_len, bad = reader_first_nonblank(line, len);
    while (bad < len && (line[bad] == '+' || line[bad] == '-' || line[bad] == '*' ||
                         line[bad] == ' ' || line[bad] == '\t' || reader_is_bar(line[bad])))
        bad++;
    char name[8];
    reader_char_name((unsigned char)line[bad], name);
    reader_fail(reader, reader->line_no, bad + 1,
                "unexpected character %s in a border line (such as +-------+-------+-------+ "
                "or |---+---+---|)",
                name);
}

/* Parse the current line as row r; the first row fixes the width. */
static bool rows_parse_row(sk_reader *reader, int r, int *width, reader_row_style *style)
{
    if (reader_looks_like_rule(reader->line, reader->line_len)) {
        rows_bad_rule(reader);
        return false;
    }
    rows_row row;
    if (!rows_scan(reader, &row, r, *width ? *width : 18) ||
        !rows_check_width(reader, &row, r, width))
        return false;
    if (r == 0)
        *style = row.style;
    sk_record *record = &reader->record;
    for (int i = 0; i < row.count; i++) {
        int cell = r * 9 + i % 9;
        if (i < 9) {
            record->puzzle.cells[cell] = row.value[i];
            reader->places.cell_line[cell] = reader->line_no;
            reader->places.cell_col[cell] = row.col[i];
        } else {
            record->solution.cells[cell] = row.value[i];
        }
    }
    return true;
}

/* Skip the rest of a grid after an error: up to a blank line. */
static void rows_skip_grid(sk_reader *reader)
{
    ssize_t len;
    while ((len = reader_read_line(reader)) >= 0)
        if (reader_is_blank(reader->line, (size_t)len))
            return;
}

/* Read the line of the next row: comments and rule lines are skipped; a
 * blank line or the end of input ends the grid too early. */
static sk_read_status rows_next_line(sk_reader *reader, int r)
{
    ssize_t len;
    do {
        len = reader_read_line(reader);
    } while (len >= 0 && (reader_is_comment(reader->line, (size_t)len) ||
                          reader_is_rule(reader->line, (size_t)len)));
    if (len == -2)
        return SK_READ_IO;
    if (len == -1 || reader_is_blank(reader->line, (size_t)len)) {
        reader_fail(reader, reader->line_no + (len == -1), 1,
                    "the grid ends after %d row%s, a puzzle has 9", r, r == 1 ? "" : "s");
        return SK_READ_BAD;
    }
    return SK_READ_OK;
}

sk_read_status reader_parse_rows(sk_reader *reader, reader_row_style *style)
{
    int width = 0;
    for (int r = 0; r < 9; r++) {
        sk_read_status status = r > 0 ? rows_next_line(reader, r) : SK_READ_OK;
        if (status != SK_READ_OK)
            return status;
        if (!rows_parse_row(reader, r, &width, style)) {
            rows_skip_grid(reader);
            return SK_READ_BAD;
        }
    }
    reader->record.has_solution = width == 18;
    return SK_READ_OK;
}
