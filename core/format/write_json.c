/* The json layout: one object a line, the layout's columns as keys. */
#include "writer_internal.h"

void writer_put_json(sk_writer *writer, const sk_record *record)
{
    FILE *out = writer->out;
    const sk_layout *layout = writer->layout;
    fputc('{', out);
    bool first = true;
    for (size_t i = 0; i < layout->column_count; i++) {
        field_value value;
        field_value_of(record, layout->columns[i], &value);
        if (layout->columns[i] == SK_FIELD_RULES && value.kind == FIELD_MISSING)
            continue; /* a classic puzzle: no rules key */
        if (!first)
            fputc(',', out);
        first = false;
        fprintf(out, "\"%s\":", sk_field_names[layout->columns[i]]);
        if (value.kind == FIELD_MISSING)
            fputs("null", out);
        else if (value.kind == FIELD_BOOL)
            fputs(value.text[0] == '1' ? "true" : "false", out);
        else if (value.kind == FIELD_TEXT)
            sk_json_string(out, value.text);
        else
            fputs(value.text, out);
    }
    fputs("}\n", out);
}
