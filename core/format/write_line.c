/* The line layout: one record a line, the grid then the tail fields. */
#include <stdio.h>

#include "sudokit/grid.h"
#include "writer_internal.h"

/* Write text so that it stays one field of a line: blanks and control
 * bytes become '_', but spaces stay in the last field (free text). */
static void line_text(FILE *out, const char *text, bool last)
{
    if (!*text) {
        fputc('-', out);
        return;
    }
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        bool kept = *p > ' ' && *p != 0x7F;
        fputc(kept || (last && *p == ' ') ? *p : '_', out);
    }
}

void writer_tail(FILE *out, const sk_record *record, const sk_layout *layout)
{
    for (size_t i = 0; i < layout->tail_count; i++) {
        int field = layout->tail[i];
        field_value value;
        field_value_of(record, field, &value);
        fputc(' ', out);
        if (value.kind == FIELD_MISSING)
            fputc('-', out);
        else if (value.kind == FIELD_TEXT)
            line_text(out, value.text, i + 1 == layout->tail_count);
        else
            fputs(value.text, out);
        if (field == SK_FIELD_SCORE && value.kind != FIELD_MISSING &&
            record->rating.score_is_lower_bound)
            fputc('+', out);
    }
}

/* A record under rules: its "#rules" line when they change, then the
 * grid (N*N characters), the beside grid and the tail. */
static void line_put_under_rules(sk_writer *writer, const sk_record *record)
{
    const sk_layout *layout = writer->layout;
    char text[SK_MAX_CELLS + 1];
    if (writer_rules_header(writer, record) != 0) {
        snprintf(writer->error, sizeof writer->error, "out of memory");
        return;
    }
    field_grid_text(record, layout->grid, text, true);
    fputs(text, writer->out);
    if (layout->beside >= 0) {
        fputc(' ', writer->out);
        fputs(field_grid_text(record, layout->beside, text, true) ? text : "-", writer->out);
    }
    writer_tail(writer->out, record, layout);
    fputc('\n', writer->out);
}

void writer_put_line(sk_writer *writer, const sk_record *record)
{
    const sk_layout *layout = writer->layout;
    char text[SK_LINE_CHARS + 1];
    if (record->rules || writer->rules) {
        line_put_under_rules(writer, record);
        return;
    }
    sk_grid_format_line(field_grid_of(record, layout->grid), text, true);
    if (layout->beside < 0 && layout->tail_count == 0) {
        /* A grid alone (solve's and generate's lines): one write. */
        text[SK_LINE_CHARS] = '\n';
        fwrite(text, 1, sizeof text, writer->out);
        return;
    }
    fwrite(text, 1, SK_LINE_CHARS, writer->out);
    if (layout->beside >= 0) {
        const sk_grid *beside = field_grid_of(record, layout->beside);
        fputc(' ', writer->out);
        if (beside) {
            sk_grid_format_line(beside, text, true);
            fwrite(text, 1, SK_LINE_CHARS, writer->out);
        } else {
            fputc('-', writer->out);
        }
    }
    writer_tail(writer->out, record, layout);
    fputc('\n', writer->out);
}
