/* The csv layout: a header of column names, then one row a record. */
#include "writer_internal.h"

void writer_csv_header(sk_writer *writer)
{
    const sk_layout *layout = writer->layout;
    for (size_t i = 0; i < layout->column_count; i++) {
        if (i > 0)
            fputc(',', writer->out);
        fputs(sk_field_names[layout->columns[i]], writer->out);
    }
    fputc('\n', writer->out);
}

void writer_put_csv(sk_writer *writer, const sk_record *record)
{
    const sk_layout *layout = writer->layout;
    for (size_t i = 0; i < layout->column_count; i++) {
        field_value value;
        field_value_of(record, layout->columns[i], &value);
        if (i > 0)
            fputc(',', writer->out);
        if (value.kind == FIELD_TEXT)
            sk_csv_field(writer->out, value.text);
        else if (value.kind != FIELD_MISSING)
            fputs(value.text, writer->out);
    }
    fputc('\n', writer->out);
}
