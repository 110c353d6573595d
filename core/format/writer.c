/* The one writer of records: checks the layout, then hands each record to
 * its format's put function. */
#include <errno.h>
#include <stdlib.h>

#include "writer_internal.h"

const char *const sk_format_names[SK_FORMAT_COUNT + 1] = {
    [SK_FORMAT_AUTO] = "auto", [SK_FORMAT_LINE] = "line", [SK_FORMAT_CLASSIC] = "classic",
    [SK_FORMAT_CSV] = "csv",   [SK_FORMAT_JSON] = "json", [SK_FORMAT_READABLE] = "readable",
    [SK_FORMAT_COUNT] = NULL,
};

typedef void (*writer_put_fn)(sk_writer *writer, const sk_record *record);

static const writer_put_fn writer_puts[SK_FORMAT_COUNT] = {
    [SK_FORMAT_LINE] = writer_put_line,         [SK_FORMAT_CLASSIC] = writer_put_classic,
    [SK_FORMAT_CSV] = writer_put_csv,           [SK_FORMAT_JSON] = writer_put_json,
    [SK_FORMAT_READABLE] = writer_put_readable,
};

static bool writer_is_grid_field(int field)
{
    return field == SK_FIELD_PUZZLE || field == SK_FIELD_SOLUTION || field == SK_FIELD_CANONICAL;
}

/* True when every entry of fields is a field, each at most once when
 * distinct is set; *has_puzzle tells whether SK_FIELD_PUZZLE is among them. */
static bool writer_fields_valid(const int *fields, size_t count, bool distinct, bool *has_puzzle)
{
    bool seen[SK_FIELD_COUNT] = {false};
    *has_puzzle = false;
    if (count > 0 && !fields)
        return false;
    for (size_t i = 0; i < count; i++) {
        if (fields[i] < 0 || fields[i] >= SK_FIELD_COUNT || (distinct && seen[fields[i]]))
            return false;
        seen[fields[i]] = true;
        *has_puzzle |= fields[i] == SK_FIELD_PUZZLE;
    }
    return true;
}

/* The rules of sk_layout in sudokit/record.h. */
static bool writer_layout_valid(sk_format format, const sk_layout *layout)
{
    if (!layout || format <= SK_FORMAT_AUTO || format >= SK_FORMAT_COUNT)
        return false;
    bool has_puzzle;
    if (!writer_fields_valid(layout->tail, layout->tail_count, false, &has_puzzle) ||
        !writer_fields_valid(layout->columns, layout->column_count, true, &has_puzzle))
        return false;
    if ((format == SK_FORMAT_CSV || format == SK_FORMAT_JSON) && !has_puzzle)
        return false;
    return writer_is_grid_field(layout->grid) &&
           (layout->beside == -1 || writer_is_grid_field(layout->beside));
}

/* A writer, fresh or continuing another's output. */
static sk_writer *writer_make(FILE *out, sk_format format, const sk_layout *layout,
                              bool continues)
{
    if (!out || !writer_layout_valid(format, layout)) {
        errno = EINVAL;
        return NULL;
    }
    sk_writer *writer = calloc(1, sizeof *writer);
    if (!writer) {
        errno = ENOMEM;
        return NULL;
    }
    writer->out = out;
    writer->format = format;
    writer->layout = layout;
    writer->written = continues ? 1 : 0;
    if (format == SK_FORMAT_CSV && !continues)
        writer_csv_header(writer);
    return writer;
}

sk_writer *sk_writer_new(FILE *out, sk_format format, const sk_layout *layout)
{
    return writer_make(out, format, layout, false);
}

sk_writer *sk_writer_continue(FILE *out, sk_format format, const sk_layout *layout)
{
    return writer_make(out, format, layout, true);
}

int sk_writer_put(sk_writer *writer, const sk_record *record)
{
    bool drawn = writer->format == SK_FORMAT_LINE || writer->format == SK_FORMAT_CLASSIC ||
                 writer->format == SK_FORMAT_READABLE;
    if (drawn && !field_grid_of(record, writer->layout->grid)) {
        errno = EINVAL;
        return -1;
    }
    writer_puts[writer->format](writer, record);
    writer->written++;
    return ferror(writer->out) ? -1 : 0;
}

int sk_writer_finish(sk_writer *writer)
{
    if (!writer)
        return 0;
    int rc = fflush(writer->out) != 0 || ferror(writer->out) ? -1 : 0;
    int saved = errno;
    free(writer);
    errno = saved;
    return rc;
}
