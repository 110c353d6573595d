/* The rows of a grid drawn over N lines (9 for classic puzzles), as the
 * classic, readable, sdk, ss, qqwing and kennett layouts draw it: N cells
 * a row, or 2N with the solution's row beside. */
#include "reader_internal.h"
#include "rules_internal.h"

/* The cells of one row as read, before they are placed. */
typedef struct rows_row {
    int count; /* cells read, at most 2N+1 */
    uint8_t value[2 * SK_MAX_SIZE + 1];
    size_t col[2 * SK_MAX_SIZE + 1];
    reader_row_style style;
} rows_row;

/* Where the rows of the grid being read go, found once a grid: its
 * rules (NULL: classic), size, cells and the cells' places. */
typedef struct rows_grid {
    const sk_rules *rules;
    int n;
    uint8_t *puzzle, *solution;
    size_t *line_of, *col_of;
} rows_grid;

/* The value of a cell character under rules (NULL: classic), or -1. */
static int rows_cell_value(const sk_rules *rules, char ch)
{
    return rules ? rules_char_digit(ch, rules->size) : reader_cell_value(ch);
}

/* Read the cells of the current line, up to one past limit; set the
 * message and return false at a character that is not a cell. Bars and
 * blanks between cells are skipped (and noted in the row's style). */
static bool rows_scan(sk_reader *reader, const rows_grid *grid, rows_row *row, int r, int limit)
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
        int value = rows_cell_value(grid->rules, ch);
        if (value < 0) {
            char name[8];
            reader_char_name((unsigned char)ch, name);
            reader_fail(reader, reader->line_no, i + 1,
                        "unexpected character %s in row %d (a cell is %s, '.' or '0')", name, r + 1,
                        reader_digits_text((uint32_t)grid->n));
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
static bool rows_check_width(sk_reader *reader, const rows_row *row, int n, int r, int *width)
{
    int count = row->count;
    if (count == *width || (*width == 0 && (count == n || count == 2 * n))) {
        *width = count;
        return true;
    }
    int wanted = *width ? *width : n;
    if (count < wanted) {
        if (wanted == n)
            reader_fail(reader, reader->line_no, reader->line_len + 1,
                        "too few cells in row %d: %d of %d", r + 1, count, n);
        else
            reader_fail(reader, reader->line_no, reader->line_len + 1,
                        "too few cells in row %d: %d of %d (the row and its solution's)", r + 1,
                        count, 2 * n);
    } else if (*width == n) {
        reader_fail(reader, reader->line_no, row->col[n], "too many cells in row %d: a row has %d",
                    r + 1, n);
    } else {
        int extra = count > 2 * n ? 2 * n : n;
        reader_fail(reader, reader->line_no, row->col[extra],
                    "too many cells in row %d: a row has %d, or %d with its solution's beside it",
                    r + 1, n, 2 * n);
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
static bool rows_parse_row(sk_reader *reader, const rows_grid *grid, int r, int *width,
                           reader_row_style *style)
{
    if (reader_looks_like_rule(reader->line, reader->line_len)) {
        rows_bad_rule(reader);
        return false;
    }
    rows_row row;
    int n = grid->n;
    if (!rows_scan(reader, grid, &row, r, *width ? *width : 2 * n) ||
        !rows_check_width(reader, &row, n, r, width))
        return false;
    if (r == 0)
        *style = row.style;
    for (int i = 0; i < row.count; i++) {
        int cell = r * n + i % n;
        if (i < n) {
            grid->puzzle[cell] = row.value[i];
            grid->line_of[cell] = reader->line_no;
            grid->col_of[cell] = row.col[i];
        } else {
            grid->solution[cell] = row.value[i];
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
                    "the grid ends after %d row%s, a puzzle has %u", r, r == 1 ? "" : "s",
                    (unsigned)reader_size(reader));
        return SK_READ_BAD;
    }
    return SK_READ_OK;
}

sk_read_status reader_parse_rows(sk_reader *reader, reader_row_style *style)
{
    const sk_rules *rules = reader_rules(reader);
    rows_grid grid = {.rules = rules,
                      .n = rules ? (int)rules->size : 9,
                      .puzzle = reader_cells(reader, SK_FIELD_PUZZLE),
                      .solution = reader_cells(reader, SK_FIELD_SOLUTION),
                      .line_of = rules ? reader->rules_cell_line : reader->places.cell_line,
                      .col_of = rules ? reader->rules_cell_col : reader->places.cell_col};
    int width = 0, n = grid.n;
    if (rules) { /* the cells past N*N of a board stay blank */
        memset(&reader->boards.puzzle, 0, sizeof reader->boards.puzzle);
        memset(&reader->boards.solution, 0, sizeof reader->boards.solution);
    }
    for (int r = 0; r < n; r++) {
        sk_read_status status = r > 0 ? rows_next_line(reader, r) : SK_READ_OK;
        if (status != SK_READ_OK)
            return status;
        if (!rows_parse_row(reader, &grid, r, &width, style)) {
            rows_skip_grid(reader);
            return SK_READ_BAD;
        }
    }
    reader->record.has_solution = width == 2 * n;
    return SK_READ_OK;
}
