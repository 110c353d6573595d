/* The classic layout: 9 rows of 9 digits, the beside grid after each row. */
#include "writer_internal.h"

/* Write row r of grid: 9 digits separated by spaces, '0' for a blank. */
static void classic_row(FILE *out, const sk_grid *grid, int r)
{
    char row[17];
    for (int c = 0; c < 9; c++) {
        row[2 * c] = (char)('0' + grid->cells[r * 9 + c]);
        if (c < 8)
            row[2 * c + 1] = ' ';
    }
    fwrite(row, 1, sizeof row, out);
}

void writer_put_classic(sk_writer *writer, const sk_record *record)
{
    FILE *out = writer->out;
    const sk_grid *grid = field_grid_of(record, writer->layout->grid);
    const sk_grid *beside = field_grid_of(record, writer->layout->beside);
    if (writer->written > 0)
        fputc('\n', out);
    for (int r = 0; r < 9; r++) {
        classic_row(out, grid, r);
        if (beside) {
            fputs("   ", out);
            classic_row(out, beside, r);
        }
        fputc('\n', out);
    }
}
