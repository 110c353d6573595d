/* The hodoku layout (HoDoKu's library lines): ":0000:x:", the cells with
 * '+' before a digit that is not a given, then the removed candidates. */
#include "writer_internal.h"

void writer_put_hodoku(sk_writer *writer, const sk_record *record)
{
    FILE *out = writer->out;
    const sk_grid *grid = field_grid_of(record, writer->layout->grid);
    const sk_marks *marks = writer_candidates(writer, record);
    sk_grid values = *grid;
    if (marks)
        sk_marks_settled(marks, &values);
    fputs(":0000:x:", out);
    for (int cell = 0; cell < 81; cell++) {
        int given = grid->cells[cell];
        if (!given && values.cells[cell])
            fputc('+', out);
        else
            values.cells[cell] = (uint8_t)given;
        fputc(values.cells[cell] ? '0' + values.cells[cell] : '.', out);
    }
    fputc(':', out);
    bool first = true;
    for (int cell = 0; marks && cell < 81; cell++) {
        uint16_t removed = sk_marks_removed(marks, &values, cell);
        for (int d = 1; d <= 9; d++) {
            if (!(removed & SK_MARK(d)))
                continue;
            fprintf(out, "%s%d%d%d", first ? "" : " ", d, cell / 9 + 1, cell % 9 + 1);
            first = false;
        }
    }
    fputs("::\n", out);
}
