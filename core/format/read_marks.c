/* The marks layout: 729 characters, each cell's candidates at their
 * places; the puzzle is the cells they settle. */
#include "reader_internal.h"
#include "sudokit/grid.h"

void reader_marks_problem(const char *text, size_t len, size_t at, sk_marks_problem why, char *out,
                          size_t outlen)
{
    char name[8], cell[8];
    sk_cell_name((int)(at / 9), cell);
    switch (why) {
    case SK_MARKS_BAD_CHARACTER:
        reader_char_name((unsigned char)text[at], name);
        snprintf(out, outlen,
                 "unexpected character %s in the pencil marks (the digit d at place d of a "
                 "cell's 9 characters when it is a candidate, else '.' or '0')",
                 name);
        break;
    case SK_MARKS_MISPLACED:
        snprintf(out, outlen,
                 "digit %c at place %zu of cell %s (a candidate d stands at place d of the "
                 "cell's 9 characters)",
                 text[at], at % 9 + 1, cell);
        break;
    case SK_MARKS_NO_CANDIDATE:
        snprintf(out, outlen,
                 "cell %s has no candidate (its 9 characters are all '.' or '0'; every cell "
                 "keeps at least one)",
                 cell);
        break;
    default:
        snprintf(out, outlen,
                 "pencil marks of %zu characters, not 729 (9 for each of the 81 cells)", len);
        break;
    }
}

sk_read_status reader_parse_marks(sk_reader *reader, size_t start, size_t token)
{
    sk_record *record = &reader->record;
    size_t at;
    sk_marks_problem why;
    if (sk_marks_parse(&record->candidates, reader->line + start, token, &at, &why) != 0) {
        char what[256];
        reader_marks_problem(reader->line + start, token, at, why, what, sizeof what);
        reader_fail(reader, reader->line_no, start + at + 1, "%s", what);
        return SK_READ_BAD;
    }
    record->has_candidates = true;
    sk_marks_settled(&record->candidates, &record->puzzle);
    for (int cell = 0; cell < 81; cell++) {
        reader->places.cell_line[cell] = reader->line_no;
        reader->places.cell_col[cell] = start + 1 + (size_t)cell * 9;
    }
    return SK_READ_OK;
}
