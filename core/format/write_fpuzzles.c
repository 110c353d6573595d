/* The f-puzzles layouts: the puzzle's JSON one a line, or packed as the
 * load string of an f-puzzles or SudokuPad link. The layout's grid is
 * written as the givens and, when the solution is the beside grid, the
 * solution (f-puzzles has no place for other beside grids). */
#include <stdlib.h>

#include "fpuzzles.h"
#include "lz_string.h"
#include "writer_internal.h"

void writer_put_fpuzzles(sk_writer *writer, const sk_record *record)
{
    ski_text_buffer json = {0};
    const sk_layout *layout = writer->layout;
    int solution = layout->beside == SK_FIELD_SOLUTION ? SK_FIELD_SOLUTION : -1;
    if (fp_export(writer->host, record, layout->grid, solution, &json, writer->error,
                  sizeof writer->error) != 0) {
        free(json.data);
        return;
    }
    if (writer->format == SK_FORMAT_FPUZZLES) {
        fwrite(json.data, 1, json.len, writer->out);
        fputc('\n', writer->out);
        free(json.data);
        return;
    }
    char *load = NULL;
    if (lz_compress_base64(json.data, json.len, &load) != 0)
        snprintf(writer->error, sizeof writer->error, "out of memory");
    else
        fprintf(writer->out, "%s%s\n",
                writer->format == SK_FORMAT_FPUZZLES_URL ? "https://www.f-puzzles.com/?load="
                                                         : "https://sudokupad.app/fpuzzles",
                load);
    free(load);
    free(json.data);
}
