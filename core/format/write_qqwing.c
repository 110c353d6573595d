/* The qqwing layouts: --csv (every value followed by a comma) and
 * --readable (rows with " |" between boxes). */
#include "sudokit/grid.h"
#include "writer_internal.h"

/* True when the layout's columns hold the solution. */
static bool qqwing_has_solution(const sk_layout *layout)
{
    for (size_t i = 0; i < layout->column_count; i++)
        if (layout->columns[i] == SK_FIELD_SOLUTION)
            return true;
    return false;
}

void writer_qqwing_header(sk_writer *writer)
{
    fputs(qqwing_has_solution(writer->layout) ? "Puzzle,Solution,\n" : "Puzzle,\n", writer->out);
}

void writer_put_qqwing(sk_writer *writer, const sk_record *record)
{
    char text[SK_LINE_CHARS];
    sk_grid_format_line(&record->puzzle, text, true);
    fwrite(text, 1, sizeof text, writer->out);
    fputc(',', writer->out);
    if (qqwing_has_solution(writer->layout)) {
        if (record->has_solution) {
            sk_grid_format_line(&record->solution, text, true);
            fwrite(text, 1, sizeof text, writer->out);
        }
        fputc(',', writer->out);
    }
    fputc('\n', writer->out);
}

void writer_put_qqwing_readable(sk_writer *writer, const sk_record *record)
{
    FILE *out = writer->out;
    const sk_grid *grid = field_grid_of(record, writer->layout->grid);
    if (writer->written > 0)
        fputc('\n', out);
    for (int r = 0; r < 9; r++) {
        if (r == 3 || r == 6)
            fputs("-------|-------|-------\n", out);
        writer_boxed_row(out, grid, r, " ", " |");
        fputc('\n', out);
    }
}
