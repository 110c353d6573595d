/* The text family: every layout but csv, qqwing and json, told apart per
 * record from its first line and the style of its rows. */
#define _GNU_SOURCE /* memmem */
#include <string.h>
#include <strings.h>

#include "reader_internal.h"
#include "sudokit/grid.h"

/* Length of the token (bytes up to a blank or the end) at line[at..len). */
static size_t text_token(const char *line, size_t at, size_t len)
{
    /* memchr per blank: a line record's grid is scanned in a few vector
     * steps instead of byte by byte. */
    const char *space = memchr(line + at, ' ', len - at);
    size_t end = space ? (size_t)(space - line) : len;
    const char *tab = memchr(line + at, '\t', end - at);
    return (tab ? (size_t)(tab - line) : end) - at;
}

/* True when the line, whose first token has token bytes from start, is
 * one row of a drawn grid rather than a line record: that token has 9
 * characters (a compact row, "530070000"), or fewer and more tokens
 * follow ("5 3 0 0 7 0 0 0 0"), or it holds a bar ("|38.|...|5.6|"). */
static bool text_is_row(const sk_reader *reader, size_t start, size_t token)
{
    const char *line = reader->line;
    size_t len = reader->line_len, n = reader_size(reader);
    if (reader_has_bar(line + start, token))
        return true;
    return token == n || (token < n && !reader_is_blank(line + start + token, len - start - token));
}

/* The layout a drawn grid's first row names (format.h). */
static sk_format text_layout_of(const reader_row_style *style, bool kennett)
{
    if (kennett)
        return SK_FORMAT_KENNETT;
    if (!style->apart)
        return style->bars ? SK_FORMAT_SS : SK_FORMAT_SDK;
    if (!style->bars)
        return SK_FORMAT_CLASSIC;
    return style->leading_bar ? SK_FORMAT_READABLE : SK_FORMAT_QQWING_READABLE;
}

static bool text_is_line_layout(sk_format format)
{
    return format == SK_FORMAT_LINE || format == SK_FORMAT_SDM || format == SK_FORMAT_HODOKU ||
           format == SK_FORMAT_MARKS;
}

/* Skip SadMan sections other than [Puzzle]: from the current line up to
 * the next line that begins with '['. Returns the length of the line the
 * record begins on (the current one when it is no such section), -1 at
 * the end, -2 on a read error. */
static ssize_t text_skip_sections(sk_reader *reader)
{
    ssize_t len = (ssize_t)reader->line_len;
    while (len >= 0) {
        size_t start = reader_first_nonblank(reader->line, (size_t)len);
        if (reader->line[start] != '[')
            return len;
        if (strncasecmp(reader->line + start, "[puzzle]", 8) == 0)
            return reader_next_content(reader);
        do {
            len = reader_read_line(reader);
        } while (len >= 0 && reader->line[reader_first_nonblank(reader->line, (size_t)len)] != '[');
    }
    return len;
}

/* A kennett record's '%' line: its name, then the first row's line. */
static sk_read_status text_kennett_title(sk_reader *reader, size_t start)
{
    size_t from = start + 1, to = reader->line_len;
    from += reader_first_nonblank(reader->line + from, to - from);
    while (to > from && (reader->line[to - 1] == ' ' || reader->line[to - 1] == '\t'))
        to--;
    size_t offset = reader->arena_len;
    if (reader_arena_put(reader, reader->line + from, to - from) != 0 ||
        reader_arena_put(reader, "", 1) != 0)
        return SK_READ_IO;
    ssize_t len = reader_next_content(reader);
    if (len == -2)
        return SK_READ_IO;
    reader->record.name = reader_arena_text(reader, offset);
    if (len == -1) {
        reader_fail(reader, reader->line_no + 1, 1, "the grid ends after 0 rows, a puzzle has 9");
        return SK_READ_BAD;
    }
    return SK_READ_OK;
}

/* A drawn grid, its first row (or a kennett '%' line) on the current line. */
static sk_read_status text_parse_grid(sk_reader *reader, bool kennett)
{
    size_t start = reader_first_nonblank(reader->line, reader->line_len);
    sk_read_status status = kennett ? text_kennett_title(reader, start) : SK_READ_OK;
    reader_row_style style;
    if (status == SK_READ_OK)
        status = reader_parse_rows(reader, &style);
    if (status != SK_READ_OK)
        return status;
    sk_format layout = text_layout_of(&style, kennett);
    if (reader->chosen != SK_FORMAT_AUTO)
        layout = reader->chosen;
    reader->layout = layout;
    sk_record *record = &reader->record;
    if (layout == SK_FORMAT_SDK && reader->meta_name)
        record->name = reader_arena_text(reader, reader->meta_name - 1);
    if (layout == SK_FORMAT_SDK && reader->meta_difficulty)
        record->difficulty = reader_arena_text(reader, reader->meta_difficulty - 1);
    return layout == SK_FORMAT_SS ? reader_parse_ss_position(reader) : SK_READ_OK;
}

/* A record of a line layout: chosen, or told from the line itself. */
static sk_read_status text_parse_one_line(sk_reader *reader, size_t start, size_t token)
{
    sk_format chosen = reader->chosen;
    char first = reader->line[start];
    sk_format kind = chosen != SK_FORMAT_AUTO  ? chosen
                     : first == ':'            ? SK_FORMAT_HODOKU
                     : token == SK_MARKS_CHARS ? SK_FORMAT_MARKS
                                               : SK_FORMAT_LINE;
    reader_begin_record(reader, kind);
    if (kind != SK_FORMAT_LINE && kind != SK_FORMAT_SDM && reader_rules(reader)) {
        reader_fail(reader, reader->line_no, start + 1,
                    "the %s layout holds classic 9x9 puzzles only, and this one is under the "
                    "rules '%s'",
                    sk_format_names[kind], sk_rules_spec(reader_rules(reader)));
        return SK_READ_BAD;
    }
    if (kind == SK_FORMAT_HODOKU)
        return reader_parse_hodoku(reader, start);
    if (kind == SK_FORMAT_MARKS)
        return reader_parse_marks(reader, start, token);
    return reader_parse_line(reader, start, token);
}

sk_read_status reader_next_text(sk_reader *reader)
{
    ssize_t len = text_skip_sections(reader);
    if (len < 0)
        return len == -1 ? SK_READ_END : SK_READ_IO;
    const char *line = reader->line;
    size_t start = reader_first_nonblank(line, (size_t)len);
    size_t token = text_token(line, start, (size_t)len);
    sk_format chosen = reader->chosen;
    bool kennett = line[start] == '%' && !text_is_line_layout(chosen);
    if ((chosen == SK_FORMAT_AUTO || chosen == SK_FORMAT_FPUZZLES_URL ||
         chosen == SK_FORMAT_SUDOKUPAD_URL) &&
        reader_is_load_string(line + start, token)) {
        reader_begin_record(reader, memmem(line + start, token, "sudokupad", 9)
                                        ? SK_FORMAT_SUDOKUPAD_URL
                                        : SK_FORMAT_FPUZZLES_URL);
        return reader_load_string(reader, start, token);
    }
    if (text_is_line_layout(chosen) ||
        (chosen == SK_FORMAT_AUTO && !kennett && !text_is_row(reader, start, token)))
        return text_parse_one_line(reader, start, token);
    reader_begin_record(reader, SK_FORMAT_CLASSIC);
    return text_parse_grid(reader, kennett);
}
