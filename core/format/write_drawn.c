/* What the layouts of other programs share: a grid's row drawn with bars
 * between boxes, one-line text, and the candidates they write. */
#include "writer_internal.h"

void writer_boxed_row(FILE *out, const sk_grid *grid, int r, const char *lead, const char *bar)
{
    for (int c = 0; c < 9; c++) {
        if (c > 0 && c % 3 == 0)
            fputs(bar, out);
        int digit = grid->cells[r * 9 + c];
        fputs(lead, out);
        fputc(digit ? '0' + digit : '.', out);
    }
}

void writer_text_line(FILE *out, const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        fputc(*p < ' ' || *p == 0x7F ? '_' : *p, out);
}

const sk_marks *writer_candidates(const sk_writer *writer, const sk_record *record)
{
    return writer->layout->grid == SK_FIELD_PUZZLE && record->has_candidates ? &record->candidates
                                                                             : NULL;
}
