/* The classic layout: N rows of N digits apart ('0' blank, digits past 9
 * as letters), the beside grid after each row. */
#include "writer_internal.h"

/* Write row r of the grid of size n whose cells are text. */
static void classic_row(FILE *out, const char *text, uint32_t n, uint32_t r)
{
    char row[2 * SK_MAX_SIZE];
    for (uint32_t c = 0; c < n; c++) {
        row[2 * c] = text[r * n + c];
        row[2 * c + 1] = ' ';
    }
    fwrite(row, 1, 2 * n - 1, out);
}

void writer_put_classic(sk_writer *writer, const sk_record *record)
{
    FILE *out = writer->out;
    char grid[SK_MAX_CELLS + 1], beside[SK_MAX_CELLS + 1];
    field_grid_text(record, writer->layout->grid, grid, false);
    bool has_beside = field_grid_text(record, writer->layout->beside, beside, false);
    uint32_t n = record->rules ? record->rules->size : 9;
    if (writer->written > 0)
        fputc('\n', out);
    if (writer_rules_header(writer, record) != 0)
        snprintf(writer->error, sizeof writer->error, "out of memory");
    for (uint32_t r = 0; r < n; r++) {
        classic_row(out, grid, n, r);
        if (has_beside) {
            fputs("   ", out);
            classic_row(out, beside, n, r);
        }
        fputc('\n', out);
    }
}
