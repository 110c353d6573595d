/* The ss layout (Simple Sudoku): the givens boxed in '|' and '-', then
 * the entries (I) and eliminations (E) of the position, when known. */
#include "writer_internal.h"

/* The I and E lines of a position: cells the marks settle beyond the
 * givens, then the candidates they remove that the digits allow. */
static void ss_position(FILE *out, const sk_grid *givens, const sk_marks *marks)
{
    sk_grid values;
    sk_marks_settled(marks, &values);
    for (int cell = 0; cell < 81; cell++) {
        if (givens->cells[cell])
            values.cells[cell] = givens->cells[cell];
        else if (values.cells[cell])
            fprintf(out, "I%02d%d\n", cell, values.cells[cell]);
    }
    for (int cell = 0; cell < 81; cell++) {
        uint16_t removed = sk_marks_removed(marks, &values, cell);
        for (int d = 1; d <= 9; d++)
            if (removed & SK_MARK(d))
                fprintf(out, "E%02d%03d\n", cell, d);
    }
}

void writer_put_ss(sk_writer *writer, const sk_record *record)
{
    FILE *out = writer->out;
    const sk_grid *grid = field_grid_of(record, writer->layout->grid);
    if (writer->written > 0)
        fputc('\n', out);
    fputs("*-----------*\n", out);
    for (int r = 0; r < 9; r++) {
        if (r == 3 || r == 6)
            fputs("|---+---+---|\n", out);
        fputc('|', out);
        writer_boxed_row(out, grid, r, "", "|");
        fputs("|\n", out);
    }
    fputs("*-----------*\n", out);
    const sk_marks *marks = writer_candidates(writer, record);
    if (marks) {
        fputc('\n', out);
        ss_position(out, grid, marks);
    }
}
