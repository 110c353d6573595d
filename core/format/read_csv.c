/* The csv layout (RFC 4180): a header naming the columns, then records. */
#include <stdlib.h>
#include <string.h>

#include "reader_internal.h"

/* One cell of a row: its text in the arena and where it began. */
typedef struct csv_cell {
    reader_value value;
    bool last; /* the row ends after it */
} csv_cell;

/* Read the rest of a quoted cell from just after its opening quote at
 * (line, col) into the arena: doubled quotes are one, and a line end
 * inside the quotes is part of the text. *at ends past the closing quote. */
static sk_read_status csv_quoted(sk_reader *reader, size_t *at, csv_cell *cell)
{
    size_t open_line = reader->line_no, open_col = *at;
    size_t i = *at;
    for (;;) {
        if (i == reader->line_len) {
            ssize_t len = reader_read_line(reader);
            if (len == -2)
                return SK_READ_IO;
            if (len == -1) {
                reader_fail(reader, open_line, open_col, "the quote opened here is never closed");
                return SK_READ_BAD;
            }
            cell->value.exact = false;
            if (reader_arena_put(reader, "\n", 1) != 0)
                return SK_READ_IO;
            i = 0;
            continue;
        }
        char ch = reader->line[i];
        if (ch == '"' && reader->line[i + 1] != '"')
            break;
        if (ch == '\0') {
            reader_fail(reader, reader->line_no, i + 1, "unexpected character \\x00 in a field");
            return SK_READ_BAD;
        }
        cell->value.exact &= ch != '"';
        if (reader_arena_put(reader, &ch, 1) != 0)
            return SK_READ_IO;
        i += ch == '"' ? 2 : 1;
    }
    *at = i + 1;
    return SK_READ_OK;
}

/* Read the unquoted cell at *at into the arena, blanks around it dropped;
 * *at ends at the comma or line end after it. */
static sk_read_status csv_plain(sk_reader *reader, size_t *at)
{
    const char *line = reader->line;
    size_t i = *at, end = *at;
    while (end < reader->line_len && line[end] != ',')
        end++;
    *at = end;
    while (end > i && (line[end - 1] == ' ' || line[end - 1] == '\t'))
        end--;
    for (size_t j = i; j < end; j++) {
        if (line[j] == '"') {
            reader_fail(reader, reader->line_no, j + 1,
                        "a quote inside a field that does not begin with one (quote the whole "
                        "field and double its quotes)");
            return SK_READ_BAD;
        }
        if (line[j] == '\0') {
            reader_fail(reader, reader->line_no, j + 1, "unexpected character \\x00 in a field");
            return SK_READ_BAD;
        }
    }
    return reader_arena_put(reader, line + i, end - i) == 0 ? SK_READ_OK : SK_READ_IO;
}

/* Read the quoted cell whose quote is at line[*at]; nothing but blanks
 * may follow the closing quote before a comma or the line end. */
static sk_read_status csv_quoted_cell(sk_reader *reader, size_t *at, csv_cell *cell)
{
    cell->value.col++;
    size_t i = *at + 1;
    sk_read_status status = csv_quoted(reader, &i, cell);
    if (status != SK_READ_OK)
        return status;
    const char *line = reader->line;
    i += reader_first_nonblank(line + i, reader->line_len - i);
    *at = i;
    if (i == reader->line_len || line[i] == ',')
        return SK_READ_OK;
    char name[8];
    reader_char_name((unsigned char)line[i], name);
    reader_fail(reader, reader->line_no, i + 1,
                "unexpected character %s after a quoted field (a comma or the line end comes "
                "next)",
                name);
    return SK_READ_BAD;
}

/* Undo sk_csv_field's escape: a cell that begins with '\'' loses it, and
 * "\\", "\n" and "\r" in it are a backslash and the line ends (another
 * backslash stays as it is). The cell is the arena's last text. */
static void csv_unescape(sk_reader *reader, reader_value *value)
{
    if (value->len == 0)
        return;
    char *text = reader_arena_text(reader, value->offset);
    if (text[0] != '\'')
        return;
    size_t at = 0;
    for (size_t i = 1; i < value->len; i++) {
        char ch = text[i];
        if (ch == '\\' && i + 1 < value->len && strchr("\\nr", text[i + 1])) {
            i++;
            ch = text[i] == 'n' ? '\n' : text[i] == 'r' ? '\r' : '\\';
        }
        text[at++] = ch;
    }
    value->len = at;
    value->exact = false;
    reader->arena_len = value->offset + at;
}

/* Read one cell at *at of the current line (moving to further lines for a
 * quoted line end); *at ends past the comma that follows, or at the end. */
static sk_read_status csv_cell_at(sk_reader *reader, size_t *at, csv_cell *cell)
{
    size_t i = *at + reader_first_nonblank(reader->line + *at, reader->line_len - *at);
    cell->value = (reader_value){.type = VALUE_STRING,
                                 .offset = reader->arena_len,
                                 .line = reader->line_no,
                                 .col = i + 1,
                                 .exact = true};
    sk_read_status status = i < reader->line_len && reader->line[i] == '"'
                                ? csv_quoted_cell(reader, &i, cell)
                                : csv_plain(reader, &i);
    if (status != SK_READ_OK)
        return status;
    cell->value.len = reader->arena_len - cell->value.offset;
    csv_unescape(reader, &cell->value);
    cell->last = i >= reader->line_len;
    *at = i + 1;
    return reader_arena_put(reader, "", 1) == 0 ? SK_READ_OK : SK_READ_IO;
}

/* The field a qqwing --csv column names, or -1 (its other columns, such
 * as "Solve History" or "Singles", are not read). */
static int csv_qqwing_field(const char *name)
{
    static const struct {
        const char *column;
        int field;
    } columns[] = {{"Puzzle", SK_FIELD_PUZZLE},
                   {"Solution", SK_FIELD_SOLUTION},
                   {"Difficulty", SK_FIELD_DIFFICULTY},
                   {"Givens", SK_FIELD_CLUES}};
    for (size_t i = 0; i < sizeof columns / sizeof columns[0]; i++)
        if (strcmp(name, columns[i].column) == 0)
            return columns[i].field;
    return -1;
}

/* Read the header on the current line: the field of each column; BAD,
 * with the message set, when it cannot be used. */
static sk_read_status csv_header(sk_reader *reader)
{
    size_t count = 0, cap = 0, at = 0, line = reader->line_no;
    bool seen[SK_FIELD_COUNT] = {false};
    csv_cell cell = {.last = false};
    while (!cell.last) {
        sk_read_status status = csv_cell_at(reader, &at, &cell);
        if (status != SK_READ_OK)
            return status;
        const char *name = reader_arena_text(reader, cell.value.offset);
        int field = sk_field_parse(name, cell.value.len);
        if (field < 0 && (field = csv_qqwing_field(name)) >= 0)
            reader->csv_qqwing = true;
        if (field >= 0 && seen[field]) {
            reader_fail(reader, cell.value.line, cell.value.col, "column \"%s\" appears twice",
                        sk_field_names[field]);
            return SK_READ_BAD;
        }
        if (count == cap) {
            cap = cap ? cap * 2 : 16;
            int *fields = realloc(reader->csv_fields, cap * sizeof *fields);
            if (!fields)
                return SK_READ_IO;
            reader->csv_fields = fields;
        }
        reader->csv_fields[count++] = field;
        if (field >= 0)
            seen[field] = true;
    }
    if (!seen[SK_FIELD_PUZZLE]) {
        reader_fail(reader, line, 1,
                    "no \"puzzle\" column (the first line of a csv input names its columns, "
                    "puzzle among them)");
        return SK_READ_BAD;
    }
    reader->csv_columns = count;
    return SK_READ_OK;
}

/* Read the row that begins on the current line. */
static sk_read_status csv_row(sk_reader *reader)
{
    size_t at = 0, column = 0;
    csv_cell cell = {.last = false};
    while (!cell.last) {
        sk_read_status status = csv_cell_at(reader, &at, &cell);
        if (status != SK_READ_OK)
            return status;
        /* qqwing ends every value with a comma: one more, empty, field. */
        bool qqwing_end = reader->csv_qqwing && cell.last && cell.value.len == 0;
        if (column == reader->csv_columns && qqwing_end)
            break;
        if (column == reader->csv_columns) {
            reader_fail(reader, cell.value.line, cell.value.col,
                        "too many fields: the header names %zu columns", reader->csv_columns);
            return SK_READ_BAD;
        }
        if (!reader_collect(reader, reader->csv_fields[column++], &cell.value, "column"))
            return SK_READ_BAD;
    }
    if (column < reader->csv_columns) {
        reader_fail(reader, reader->line_no, reader->line_len + 1,
                    "too few fields: %zu of the header's %zu", column, reader->csv_columns);
        return SK_READ_BAD;
    }
    const reader_value *puzzle = &reader->values[SK_FIELD_PUZZLE];
    if (puzzle->len == 0) {
        reader_fail(reader, puzzle->line, puzzle->col, "the puzzle field is empty");
        return SK_READ_BAD;
    }
    return reader_apply_values(reader);
}

sk_read_status reader_next_csv(sk_reader *reader)
{
    if (reader->csv_columns == 0) {
        reader->part = "csv header";
        sk_read_status status = csv_header(reader);
        reader->part = NULL;
        if (status == SK_READ_BAD) {
            /* Nothing after a header that cannot be used can be read. */
            reader->finished = true;
            return SK_READ_IO;
        }
        if (status != SK_READ_OK)
            return status;
        ssize_t len = reader_next_content(reader);
        if (len < 0)
            return len == -1 ? SK_READ_END : SK_READ_IO;
    }
    reader_begin_record(reader, reader->csv_qqwing ? SK_FORMAT_QQWING : SK_FORMAT_CSV);
    return csv_row(reader);
}
