/* The sdk layout (SadMan Sudoku, with SudoCue's header lines): #D name,
 * #L difficulty, then 9 rows of 9 characters. */
#include "sudokit/names.h"
#include "writer_internal.h"

void writer_put_sdk(sk_writer *writer, const sk_record *record)
{
    FILE *out = writer->out;
    if (writer->written > 0)
        fputc('\n', out);
    if (record->name && *record->name) {
        fputs("#D", out);
        writer_text_line(out, record->name);
        fputc('\n', out);
    }
    const char *difficulty = record->difficulty;
    if ((!difficulty || !*difficulty) && record->rated)
        difficulty = sk_level_name(record->rating.level);
    if (difficulty && *difficulty) {
        fputs("#L", out);
        writer_text_line(out, difficulty);
        fputc('\n', out);
    }
    const sk_grid *grid = field_grid_of(record, writer->layout->grid);
    for (int r = 0; r < 9; r++) {
        writer_boxed_row(out, grid, r, "", "");
        fputc('\n', out);
    }
}
