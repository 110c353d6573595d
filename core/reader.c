/* Streaming puzzle reader: line and classic layouts, detected per puzzle. */
#include "sudokit/reader.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "sudokit/grid.h"

struct sk_reader {
    FILE *stream;
    bool owns_stream;
    bool check_rules;
    char *line;          /* current line, without its line end        */
    size_t line_cap;
    size_t line_no;      /* 1-based number of the current line        */
    sk_reader_position pos;
    size_t cell_line[81]; /* where each cell came from, for messages */
    size_t cell_col[81];
    char error[512];
};

static sk_reader *reader_new(FILE *stream, bool owns, const char *name)
{
    sk_reader *reader = calloc(1, sizeof *reader);
    if (!reader)
        return NULL;
    reader->stream = stream;
    reader->owns_stream = owns;
    reader->check_rules = true;
    reader->pos.name = name;
    return reader;
}

sk_reader *sk_reader_open(const char *path, char *err, size_t errlen)
{
    if (strcmp(path, "-") == 0)
        return sk_reader_from_stream(stdin, "<stdin>");
    FILE *stream = fopen(path, "r");
    if (!stream) {
        snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    sk_reader *reader = reader_new(stream, true, path);
    if (!reader) {
        fclose(stream);
        snprintf(err, errlen, "out of memory");
    }
    return reader;
}

sk_reader *sk_reader_from_stream(FILE *stream, const char *name)
{
    return reader_new(stream, false, name);
}

sk_reader *sk_reader_from_string(const char *text, const char *name)
{
    size_t len = strlen(text);
    /* fmemopen refuses an empty buffer; a reader without a stream is at
     * its end at once. */
    FILE *stream = len ? fmemopen((void *)text, len, "r") : NULL;
    if (len && !stream)
        return NULL;
    sk_reader *reader = reader_new(stream, stream != NULL, name);
    if (!reader && stream)
        fclose(stream);
    return reader;
}

void sk_reader_set_check_rules(sk_reader *reader, bool check_rules)
{
    reader->check_rules = check_rules;
}

const sk_reader_position *sk_reader_position_of(const sk_reader *reader)
{
    return &reader->pos;
}

const char *sk_reader_error(const sk_reader *reader)
{
    return reader->error;
}

void sk_reader_close(sk_reader *reader)
{
    if (!reader)
        return;
    if (reader->owns_stream)
        fclose(reader->stream);
    free(reader->line);
    free(reader);
}

/* Read the next line into reader->line without "\n" or "\r\n". Returns its
 * length, -1 at the end of input, -2 on a read error. */
static ssize_t reader_read_line(sk_reader *reader)
{
    if (!reader->stream)
        return -1;
    errno = 0;
    ssize_t len = getline(&reader->line, &reader->line_cap, reader->stream);
    if (len < 0)
        return ferror(reader->stream) ? -2 : -1;
    reader->line_no++;
    while (len > 0 && (reader->line[len - 1] == '\n' || reader->line[len - 1] == '\r'))
        reader->line[--len] = '\0';
    return len;
}

/* Offset of the first character of the current line that is not a blank
 * (the line's length when it has none). The line may hold NUL bytes, so
 * its length, not a terminator, bounds every scan. */
static size_t reader_first_nonblank(const sk_reader *reader, size_t len)
{
    size_t i = 0;
    while (i < len && (reader->line[i] == ' ' || reader->line[i] == '\t'))
        i++;
    return i;
}

/* A line with nothing but blanks. */
static bool reader_is_blank(const sk_reader *reader, size_t len)
{
    return reader_first_nonblank(reader, len) == len;
}

static bool reader_is_comment(const sk_reader *reader, size_t len)
{
    size_t i = reader_first_nonblank(reader, len);
    return i < len && reader->line[i] == '#';
}

/* Set the error message, prefixed with "NAME:LINE:COL: puzzle N: ". */
static void reader_fail(sk_reader *reader, size_t line, size_t col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void reader_fail(sk_reader *reader, size_t line, size_t col, const char *fmt, ...)
{
    int n = snprintf(reader->error, sizeof reader->error, "%s:%zu:%zu: puzzle %zu: ",
                     reader->pos.name, line, col, reader->pos.puzzle);
    if (n < 0 || (size_t)n >= sizeof reader->error)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(reader->error + n, sizeof reader->error - (size_t)n, fmt, ap);
    va_end(ap);
}

/* Describe a character for a message: 'x' or \xNN. */
static void reader_char_name(unsigned char ch, char out[8])
{
    if (isprint(ch))
        snprintf(out, 8, "'%c'", ch);
    else
        snprintf(out, 8, "\\x%02X", ch);
}

/* Parse one cell character; -1 when it is not a cell. */
static int reader_cell_value(char ch)
{
    if (ch == '.' || ch == '0')
        return 0;
    if (ch >= '1' && ch <= '9')
        return ch - '0';
    return -1;
}

static sk_read_status reader_parse_line_format(sk_reader *reader, sk_grid *grid, size_t len)
{
    /* Trailing blanks are tolerated; anything else must be a cell. */
    while (len > 0 && (reader->line[len - 1] == ' ' || reader->line[len - 1] == '\t'))
        len--;
    size_t col;
    if (sk_grid_parse_line(grid, reader->line, len, &col) == 0) {
        for (int cell = 0; cell < 81; cell++) {
            reader->cell_line[cell] = reader->line_no;
            reader->cell_col[cell] = (size_t)cell + 1;
        }
        return SK_READ_OK;
    }
    if (col < len && col < 81) {
        char name[8];
        reader_char_name((unsigned char)reader->line[col], name);
        reader_fail(reader, reader->line_no, col + 1,
                    "unexpected character %s (a cell is 1-9, '.' or '0')", name);
    } else if (len < 81) {
        reader_fail(reader, reader->line_no, len + 1,
                    "too few cells: the line has %zu, a puzzle has 81", len);
    } else {
        reader_fail(reader, reader->line_no, 82,
                    "too many cells: the line has %zu characters, a puzzle has 81", len);
    }
    return SK_READ_BAD;
}

/* Parse one row of the classic layout from the current line into row r:
 * nine cells separated by blanks, or nine cells written together. */
static bool reader_parse_classic_row(sk_reader *reader, sk_grid *grid, int r, size_t len)
{
    const char *line = reader->line;
    int count = 0;
    for (size_t i = 0; i < len; i++) {
        char ch = line[i];
        if (ch == ' ' || ch == '\t')
            continue;
        int value = reader_cell_value(ch);
        if (value < 0) {
            char name[8];
            reader_char_name((unsigned char)ch, name);
            reader_fail(reader, reader->line_no, i + 1,
                        "unexpected character %s in row %d (a cell is 1-9, '.' or '0')",
                        name, r + 1);
            return false;
        }
        if (count == 9) {
            reader_fail(reader, reader->line_no, i + 1,
                        "too many cells in row %d: a row has 9", r + 1);
            return false;
        }
        int cell = r * 9 + count++;
        grid->cells[cell] = (uint8_t)value;
        reader->cell_line[cell] = reader->line_no;
        reader->cell_col[cell] = i + 1;
    }
    if (count < 9) {
        reader_fail(reader, reader->line_no, len + 1,
                    "too few cells in row %d: %d of 9", r + 1, count);
        return false;
    }
    return true;
}

/* Skip the rest of a classic grid after an error: up to a blank line. */
static void reader_skip_grid(sk_reader *reader)
{
    ssize_t len;
    while ((len = reader_read_line(reader)) >= 0)
        if (reader_is_blank(reader, (size_t)len))
            return;
}

static sk_read_status reader_parse_classic(sk_reader *reader, sk_grid *grid, size_t first_len)
{
    ssize_t len = (ssize_t)first_len;
    for (int r = 0; r < 9; r++) {
        if (r > 0) {
            do {
                len = reader_read_line(reader);
            } while (len >= 0 && reader_is_comment(reader, (size_t)len));
            if (len == -2)
                return SK_READ_IO;
            if (len == -1 || reader_is_blank(reader, (size_t)len)) {
                reader_fail(reader, reader->line_no + (len == -1), 1,
                            "the grid ends after %d row%s, a puzzle has 9", r, r == 1 ? "" : "s");
                return SK_READ_BAD;
            }
        }
        if (!reader_parse_classic_row(reader, grid, r, (size_t)len)) {
            reader_skip_grid(reader);
            return SK_READ_BAD;
        }
    }
    return SK_READ_OK;
}

/* True when the line is one row of the classic layout rather than a whole
 * puzzle: it has blanks between cells, or exactly nine characters. */
static bool reader_is_classic_row(const char *line, size_t len)
{
    while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\t'))
        len--;
    size_t start = 0;
    while (start < len && (line[start] == ' ' || line[start] == '\t'))
        start++;
    if (len - start == 9)
        return true;
    for (size_t i = start; i < len; i++)
        if (line[i] == ' ' || line[i] == '\t')
            return true;
    return false;
}

sk_read_status sk_reader_next(sk_reader *reader, sk_grid *grid)
{
    reader->error[0] = '\0';
    ssize_t len;
    do {
        len = reader_read_line(reader);
    } while (len >= 0 && (reader_is_blank(reader, (size_t)len) ||
                          reader_is_comment(reader, (size_t)len)));
    if (len == -1)
        return SK_READ_END;
    if (len == -2) {
        snprintf(reader->error, sizeof reader->error, "%s:%zu: read error: %s",
                 reader->pos.name, reader->line_no + 1, strerror(errno));
        return SK_READ_IO;
    }
    reader->pos.puzzle++;
    reader->pos.line = reader->line_no;
    sk_read_status status = reader_is_classic_row(reader->line, (size_t)len)
                                ? reader_parse_classic(reader, grid, (size_t)len)
                                : reader_parse_line_format(reader, grid, (size_t)len);
    if (status == SK_READ_IO)
        snprintf(reader->error, sizeof reader->error, "%s:%zu: read error: %s",
                 reader->pos.name, reader->line_no + 1, strerror(errno));
    if (status != SK_READ_OK || !reader->check_rules)
        return status;
    sk_conflict conflict;
    if (!sk_grid_check(grid, &conflict)) {
        char what[128];
        sk_conflict_describe(&conflict, what, sizeof what);
        reader_fail(reader, reader->cell_line[conflict.second_cell],
                    reader->cell_col[conflict.second_cell], "%s", what);
        return SK_READ_BAD;
    }
    return SK_READ_OK;
}
