/* The marks layout: 729 characters a line, each cell's candidates at
 * their places. */
#include "writer_internal.h"

void writer_put_marks(sk_writer *writer, const sk_record *record)
{
    const sk_marks *marks = writer_candidates(writer, record);
    sk_marks basic;
    if (!marks) {
        sk_marks_of_grid(field_grid_of(record, writer->layout->grid), &basic);
        marks = &basic;
    }
    char text[SK_MARKS_CHARS];
    sk_marks_format(marks, text);
    fwrite(text, 1, sizeof text, writer->out);
    fputc('\n', writer->out);
}
