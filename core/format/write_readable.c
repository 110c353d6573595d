/* The readable layout: a caption of the tail fields over a boxed grid
 * (boxes of the rules' size; jigsaw regions and none are drawn in one
 * box). */
#include "writer_internal.h"

/* The shape of a drawn grid. */
typedef struct readable_shape {
    uint32_t n, box_rows, box_cols;
} readable_shape;

static readable_shape readable_shape_of(const sk_record *record)
{
    const sk_rules *rules = record->rules;
    if (!rules)
        return (readable_shape){9, 3, 3};
    uint32_t n = rules->size;
    return rules->box_rows ? (readable_shape){n, rules->box_rows, rules->box_cols}
                           : (readable_shape){n, n, n};
}

/* Write the border: "+-------+-------+-------+". */
static void readable_border(FILE *out, const readable_shape *s)
{
    fputc('+', out);
    for (uint32_t box = 0; box < s->n / s->box_cols; box++) {
        for (uint32_t i = 0; i < 2 * s->box_cols + 1; i++)
            fputc('-', out);
        fputc('+', out);
    }
}

/* Write row r of the grid text boxed: "| 5 3 . | . 7 . | . . . |". */
static void readable_row(FILE *out, const readable_shape *s, const char *text, uint32_t r)
{
    char row[4 * SK_MAX_SIZE + 2];
    size_t at = 0;
    for (uint32_t c = 0; c < s->n; c++) {
        if (c % s->box_cols == 0) {
            row[at++] = '|';
            row[at++] = ' ';
        }
        row[at++] = text[r * s->n + c];
        row[at++] = ' ';
    }
    row[at++] = '|';
    fwrite(row, 1, at, out);
}

/* Write line i of the drawing of grid, and of beside after three spaces
 * when beside is not NULL: a border every box_rows rows. */
static void readable_line(FILE *out, const readable_shape *s, const char *grid, const char *beside,
                          uint32_t i)
{
    uint32_t step = s->box_rows + 1, r = i - i / step - 1;
    for (int side = 0; side < (beside ? 2 : 1); side++) {
        if (side)
            fputs("   ", out);
        if (i % step == 0)
            readable_border(out, s);
        else
            readable_row(out, s, side ? beside : grid, r);
    }
    fputc('\n', out);
}

void writer_put_readable(sk_writer *writer, const sk_record *record)
{
    FILE *out = writer->out;
    const sk_layout *layout = writer->layout;
    if (writer->written > 0)
        fputc('\n', out);
    if (writer_rules_header(writer, record) != 0)
        snprintf(writer->error, sizeof writer->error, "out of memory");
    if (layout->tail_count > 0) {
        fputc('#', out);
        writer_tail(out, record, layout);
        fputc('\n', out);
    }
    char grid[SK_MAX_CELLS + 1], beside[SK_MAX_CELLS + 1];
    field_grid_text(record, layout->grid, grid, true);
    bool has_beside = field_grid_text(record, layout->beside, beside, true);
    readable_shape s = readable_shape_of(record);
    uint32_t lines = s.n + s.n / s.box_rows + 1;
    for (uint32_t i = 0; i < lines; i++)
        readable_line(out, &s, grid, has_beside ? beside : NULL, i);
}
