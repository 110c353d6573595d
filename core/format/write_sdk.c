/* The sdk layout (SadMan Sudoku, with SudoCue's header lines): #D name,
 * #L difficulty, then 9 rows of 9 characters. */
#include "writer_internal.h"

void writer_put_sdk(sk_writer *writer, const sk_record *record)
{
    static const char *const level_names[] = SK_LEVEL_NAMES;
    FILE *out = writer->out;
    if (writer->written > 0)
        fputc('\n', out);
    if (record->name && *record->name) {
        fputs("#D", out);
        writer_text_line(out, record->name);
        fputc('\n', out);
    }
    const char *difficulty = record->difficulty;
    int level = record->rating.level;
    if ((!difficulty || !*difficulty) && record->rated && level >= 1 && level <= 5)
        difficulty = level_names[level];
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
