/* The hodoku layout: HoDoKu's library lines, ":TYPE:DIGITS:PUZZLE:REMOVED:
 * ...:", of which the puzzle (with '+' before a digit that is not a
 * given) and the removed candidates are read. */
#include "reader_internal.h"

/* Where the fields of a library line begin: colon[i] is the offset of its
 * i-th ':' (the line's first non-blank byte is colon 0). */
typedef struct hodoku_fields {
    size_t colon[8];
    int colons;
} hodoku_fields;

static bool hodoku_split(sk_reader *reader, size_t start, hodoku_fields *f)
{
    f->colons = 0;
    for (size_t i = start; i < reader->line_len; i++) {
        if (reader->line[i] != ':')
            continue;
        if (f->colons == 8)
            break;
        f->colon[f->colons++] = i;
    }
    if (f->colons == 6 || f->colons == 7)
        return true;
    reader_fail(reader, reader->line_no, start + 1,
                "a HoDoKu library line has 6 or 7 ':' (:TYPE:DIGITS:PUZZLE:REMOVED:::), this one "
                "%s %d",
                f->colons == 8 ? "more than" : "has", f->colons == 8 ? 7 : f->colons);
    return false;
}

/* The puzzle field, [from, to): givens into the record's puzzle, every
 * digit into values; *placed tells whether a '+' digit was read. */
static bool hodoku_cells(sk_reader *reader, size_t from, size_t to, sk_grid *values, bool *placed)
{
    const char *line = reader->line;
    int cell = 0;
    *placed = false;
    for (size_t i = from; i < to; i++, cell++) {
        bool plus = line[i] == '+';
        int value = reader_cell_value(line[i + plus]);
        if (cell == 81 || i + plus == to || value < 0 || (plus && value == 0)) {
            char name[8];
            reader_char_name((unsigned char)line[i + plus], name);
            if (cell == 81)
                reader_fail(reader, reader->line_no, i + 1, "too many cells: a puzzle has 81");
            else
                reader_fail(reader, reader->line_no, i + plus + 1,
                            "unexpected character %s in the puzzle (a cell is 1-9, '.', '0', "
                            "or '+' and the digit placed)",
                            i + plus == to ? "':'" : name);
            return false;
        }
        i += plus;
        *placed |= plus;
        values->cells[cell] = (uint8_t)value;
        reader->record.puzzle.cells[cell] = plus ? 0 : (uint8_t)value;
        reader->places.cell_line[cell] = reader->line_no;
        reader->places.cell_col[cell] = i + 1;
    }
    if (cell == 81)
        return true;
    reader_fail(reader, reader->line_no, to + 1,
                "too few cells: the puzzle has %d, a puzzle has 81", cell);
    return false;
}

/* The removed candidates, [from, to): "drc" words (digit, row, column),
 * taken from the marks of values' empty cells. */
static bool hodoku_removed(sk_reader *reader, size_t from, size_t to, const sk_grid *values)
{
    const char *line = reader->line;
    sk_marks *marks = &reader->record.candidates;
    size_t i = from;
    while (i < to && line[i] == ' ')
        i++;
    while (i < to) {
        size_t end = i;
        while (end < to && line[end] != ' ')
            end++;
        int d = line[i] - '0', r = line[i + 1] - '0', c = line[i + 2] - '0';
        if (end - i != 3 || d < 1 || d > 9 || r < 1 || r > 9 || c < 1 || c > 9) {
            reader_fail(reader, reader->line_no, i + 1,
                        "a removed candidate is three digits 1-9: its digit, row and column "
                        "(\"513\": 5 from r1c3), separated by spaces");
            return false;
        }
        int cell = (r - 1) * 9 + c - 1;
        if (!values->cells[cell])
            marks->cells[cell] &= (uint16_t)~SK_MARK(d);
        for (i = end; i < to && line[i] == ' ';)
            i++;
    }
    return true;
}

sk_read_status reader_parse_hodoku(sk_reader *reader, size_t start)
{
    hodoku_fields f;
    sk_grid values;
    bool placed;
    if (!hodoku_split(reader, start, &f) ||
        !hodoku_cells(reader, f.colon[2] + 1, f.colon[3], &values, &placed))
        return SK_READ_BAD;
    sk_record *record = &reader->record;
    sk_marks_of_grid(&values, &record->candidates);
    if (!hodoku_removed(reader, f.colon[3] + 1, f.colon[4], &values))
        return SK_READ_BAD;
    record->has_candidates = placed || f.colon[4] > f.colon[3] + 1;
    if (reader->check_rules && placed &&
        sk_reader_rules_message(&values, reader->pos.name, reader->pos.puzzle, &reader->places,
                                reader->error, sizeof reader->error))
        return SK_READ_BAD;
    return SK_READ_OK;
}
