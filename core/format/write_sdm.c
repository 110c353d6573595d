/* The sdm layout (SudoCue's collections): one grid a line, '0' blank. */
#include "sudokit/grid.h"
#include "writer_internal.h"

void writer_put_sdm(sk_writer *writer, const sk_record *record)
{
    char text[SK_LINE_CHARS];
    sk_grid_format_line(field_grid_of(record, writer->layout->grid), text, false);
    fwrite(text, 1, sizeof text, writer->out);
    fputc('\n', writer->out);
}
