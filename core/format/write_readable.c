/* The readable layout: a caption of the tail fields over a boxed grid. */
#include "writer_internal.h"

static const char readable_border[] = "+-------+-------+-------+";

/* Write row r of grid boxed: "| 5 3 . | . 7 . | . . . |". */
static void readable_row(FILE *out, const sk_grid *grid, int r)
{
    char row[sizeof readable_border];
    int at = 0;
    for (int c = 0; c < 9; c++) {
        if (c % 3 == 0) {
            row[at++] = '|';
            row[at++] = ' ';
        }
        int digit = grid->cells[r * 9 + c];
        row[at++] = digit ? (char)('0' + digit) : '.';
        row[at++] = ' ';
    }
    row[at++] = '|';
    fwrite(row, 1, (size_t)at, out);
}

/* Write line i (0..12) of the box of grid, and of beside after three
 * spaces when beside is not NULL. */
static void readable_line(FILE *out, const sk_grid *grid, const sk_grid *beside, int i)
{
    int r = i - i / 4 - 1; /* lines 0, 4, 8 and 12 are borders */
    for (int side = 0; side < (beside ? 2 : 1); side++) {
        if (side)
            fputs("   ", out);
        if (i % 4 == 0)
            fputs(readable_border, out);
        else
            readable_row(out, side ? beside : grid, r);
    }
    fputc('\n', out);
}

void writer_put_readable(sk_writer *writer, const sk_record *record)
{
    FILE *out = writer->out;
    const sk_layout *layout = writer->layout;
    if (writer->written > 0)
        fputc('\n', out);
    if (layout->tail_count > 0) {
        fputc('#', out);
        writer_tail(out, record, layout);
        fputc('\n', out);
    }
    const sk_grid *grid = field_grid_of(record, layout->grid);
    const sk_grid *beside = field_grid_of(record, layout->beside);
    for (int i = 0; i < 13; i++)
        readable_line(out, grid, beside, i);
}
