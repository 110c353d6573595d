/* The position after a Simple Sudoku grid: "Innd" lines (cell nn, 00..80,
 * holds digit d) and "Ennccc" lines (candidate ccc, 001..009, removed
 * from cell nn), as HoDoKu writes and reads Simple Sudoku's files. */
#include "reader_internal.h"

/* The numbers of an I or E line: 'I' + 2 + 1 digits or 'E' + 2 + 3, the
 * cell below 81 and the digit 1..9. False when it is not such a line. */
static bool ss_entry(const char *line, size_t len, int *cell, int *digit)
{
    while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\t'))
        len--;
    size_t want = line[0] == 'I' ? 4 : line[0] == 'E' ? 6 : 0;
    if (len != want)
        return false;
    for (size_t i = 1; i < len; i++)
        if (line[i] < '0' || line[i] > '9')
            return false;
    *cell = (line[1] - '0') * 10 + line[2] - '0';
    *digit = line[0] == 'I' ? line[3] - '0'
                            : (line[3] - '0') * 100 + (line[4] - '0') * 10 + line[5] - '0';
    return *cell < 81 && *digit >= 1 && *digit <= 9;
}

/* True when the line begins an I or E line (so a bad one is reported
 * rather than read as a record). */
static bool ss_is_entry_line(const char *line, size_t len)
{
    return len >= 2 && (line[0] == 'I' || line[0] == 'E') && line[1] >= '0' && line[1] <= '9';
}

/* Apply the entries and eliminations read (removed[cell]: candidate
 * bits) to the record's candidates. */
static void ss_apply(sk_record *record, const sk_grid *values, const uint16_t *removed)
{
    sk_marks_of_grid(values, &record->candidates);
    for (int cell = 0; cell < 81; cell++)
        if (!values->cells[cell])
            record->candidates.cells[cell] &= (uint16_t)~removed[cell];
    record->has_candidates = true;
}

sk_read_status reader_parse_ss_position(sk_reader *reader)
{
    sk_record *record = &reader->record;
    sk_grid values = record->puzzle;
    uint16_t removed[81] = {0};
    bool any = false, bad = false;
    ssize_t len;
    while ((len = reader_read_line(reader)) >= 0) {
        const char *line = reader->line + reader_first_nonblank(reader->line, (size_t)len);
        size_t rest = (size_t)len - (size_t)(line - reader->line);
        if (rest == 0 || reader_is_rule(line, rest))
            continue;
        if (!ss_is_entry_line(line, rest)) {
            reader_hold_line(reader);
            break;
        }
        int cell, digit;
        if (!bad && (!ss_entry(line, rest, &cell, &digit) ||
                     (line[0] == 'I' && record->puzzle.cells[cell]))) {
            reader_fail(reader, reader->line_no, (size_t)(line - reader->line) + 1,
                        "not an entry of a cell that is not a given (Innd: cell nn 00-80, digit "
                        "d) or an elimination (Enn00d)");
            bad = true;
        } else if (!bad) {
            any = true;
            if (line[0] == 'I')
                values.cells[cell] = (uint8_t)digit;
            else
                removed[cell] |= SK_MARK(digit);
        }
    }
    if (len == -2)
        return SK_READ_IO;
    if (!bad && any)
        ss_apply(record, &values, removed);
    return bad ? SK_READ_BAD : SK_READ_OK;
}
