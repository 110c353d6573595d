/* Rows of named cells (bench runs, plugins, games, stats) as an aligned
 * table, csv or json lines: one writer for every operation that lists. */
#include <stdio.h>
#include <string.h>

#include "op.h"
#include "sudokit/format.h"
#include "text_escape.h"

const char *const ski_rows_format_names[] = {"table", "csv", "json", NULL};

/* One cell's value as text: a number with its decimals, a bool as 1/0
 * (true/false in json), an integer, or the text (empty for null). */
static void rows_value(const sk_row_cell *c, bool json, char *buf, size_t len)
{
    switch (c->kind) {
    case SK_CELL_INT:
        snprintf(buf, len, "%lld", c->integer);
        break;
    case SK_CELL_NUMBER:
        snprintf(buf, len, "%.*f", c->decimals, c->number);
        break;
    case SK_CELL_BOOL:
        snprintf(buf, len, "%s", json ? (c->integer ? "true" : "false") : c->integer ? "1" : "0");
        break;
    case SK_CELL_TEXT:
        snprintf(buf, len, "%s", c->text ? c->text : "");
        break;
    default:
        snprintf(buf, len, "%s", json ? "null" : "");
    }
}

/* A table is for people: control characters in a value (a plugin's
 * version, a stored name) are escaped, so none drives the terminal or
 * starts a row of its own. */
static void rows_table(FILE *out, const sk_row_cell *cells, size_t count, bool header)
{
    char raw[512], value[4 * sizeof raw];
    while (count > 0 && cells[count - 1].width == 0)
        count--;
    for (size_t i = 0; i < count; i++) {
        if (cells[i].width == 0)
            continue;
        const char *text = header ? cells[i].name : value;
        if (!header) {
            rows_value(&cells[i], false, raw, sizeof raw);
            ski_text_escape(value, sizeof value, raw, false);
        }
        if (!header && cells[i].kind == SK_CELL_NULL)
            text = "-";
        bool last = i + 1 == count;
        if (last && cells[i].width < 0)
            fputs(text, out); /* no padding at the end of a line */
        else
            fprintf(out, "%*s", cells[i].width, text);
        fputs(last ? "\n" : "  ", out);
    }
}

static void rows_csv(FILE *out, const sk_row_cell *cells, size_t count, bool header)
{
    char value[512];
    for (size_t i = 0; i < count; i++) {
        if (header) {
            sk_csv_field(out, cells[i].name);
        } else {
            /* Numbers are written as they are (sk_csv_field would escape
             * a negative one as text that looks like a formula). */
            rows_value(&cells[i], false, value, sizeof value);
            if (cells[i].kind == SK_CELL_TEXT)
                sk_csv_field(out, value);
            else
                fputs(value, out);
        }
        fputc(i + 1 == count ? '\n' : ',', out);
    }
}

static void rows_json(FILE *out, const sk_row_cell *cells, size_t count)
{
    char value[512];
    fputc('{', out);
    for (size_t i = 0; i < count; i++) {
        sk_json_string(out, cells[i].name);
        fputc(':', out);
        if (cells[i].kind == SK_CELL_TEXT) {
            sk_json_string(out, cells[i].text);
        } else {
            rows_value(&cells[i], true, value, sizeof value);
            fputs(value, out);
        }
        if (i + 1 < count)
            fputc(',', out);
    }
    fputs("}\n", out);
}

int ski_op_emit_cells(sk_op *op, ski_rows_format format, const sk_row_cell *cells, size_t count,
                     bool first, sk_error *err)
{
    FILE *out = ski_op_stream(op);
    if (!out) {
        if (ski_op_emit_row(op, cells, count))
            return sk_error_set(err, SK_EXIT_FAILURE, "%s: stopped by the caller",
                                op->def->info.name);
        return 0;
    }
    if (format == SK_ROWS_TABLE) {
        if (first)
            rows_table(out, cells, count, true);
        rows_table(out, cells, count, false);
    } else if (format == SK_ROWS_CSV) {
        if (first)
            rows_csv(out, cells, count, true);
        rows_csv(out, cells, count, false);
    } else {
        rows_json(out, cells, count);
    }
    return ski_op_output_check(op, err);
}
