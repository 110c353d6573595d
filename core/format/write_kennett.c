/* The kennett layout (Michael Kennett's sudoku, its standard text): a
 * "% NAME" line, then rows with " |" between boxes. */
#include "writer_internal.h"

void writer_put_kennett(sk_writer *writer, const sk_record *record)
{
    FILE *out = writer->out;
    const sk_grid *grid = field_grid_of(record, writer->layout->grid);
    fputc('%', out);
    if (record->name && *record->name) {
        fputc(' ', out);
        writer_text_line(out, record->name);
    }
    fputc('\n', out);
    for (int r = 0; r < 9; r++) {
        if (r == 3 || r == 6)
            fputs("-------+-------+-------\n", out);
        writer_boxed_row(out, grid, r, " ", " |");
        fputc('\n', out);
    }
}
