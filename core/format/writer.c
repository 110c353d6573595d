/* The one writer of records: checks the layout, then hands each record to
 * its format's put function. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sudokit/rules.h"

#include "writer_internal.h"

const char *const sk_format_names[SK_FORMAT_COUNT + 1] = {
    [SK_FORMAT_AUTO] = "auto",
    [SK_FORMAT_LINE] = "line",
    [SK_FORMAT_CLASSIC] = "classic",
    [SK_FORMAT_CSV] = "csv",
    [SK_FORMAT_JSON] = "json",
    [SK_FORMAT_READABLE] = "readable",
    [SK_FORMAT_SDK] = "sdk",
    [SK_FORMAT_SS] = "ss",
    [SK_FORMAT_SDM] = "sdm",
    [SK_FORMAT_HODOKU] = "hodoku",
    [SK_FORMAT_QQWING] = "qqwing",
    [SK_FORMAT_QQWING_READABLE] = "qqwing-readable",
    [SK_FORMAT_KENNETT] = "kennett",
    [SK_FORMAT_MARKS] = "marks",
    [SK_FORMAT_FPUZZLES] = "fpuzzles",
    [SK_FORMAT_FPUZZLES_URL] = "fpuzzles-url",
    [SK_FORMAT_SUDOKUPAD_URL] = "sudokupad-url",
    [SK_FORMAT_COUNT] = NULL,
};

const char *const sk_format_summaries[SK_FORMAT_COUNT] = {
    [SK_FORMAT_AUTO] = "detected per file (reading only)",
    [SK_FORMAT_LINE] = "one puzzle a line, 81 characters, then its fields",
    [SK_FORMAT_CLASSIC] = "9 rows of 9 digits apart, '0' blank",
    [SK_FORMAT_CSV] = "a header of field names, then one row a record",
    [SK_FORMAT_JSON] = "one JSON object a record (JSON Lines)",
    [SK_FORMAT_READABLE] = "boxed grids under a caption of the fields",
    [SK_FORMAT_SDK] = "SadMan Sudoku's .sdk: #D name and #L level lines, 9 rows of 9",
    [SK_FORMAT_SS] = "Simple Sudoku's .ss: rows such as |.3.|4..|...|, entries and "
                     "eliminations after",
    [SK_FORMAT_SDM] = "SudoCue's .sdm collections: one puzzle a line, '0' blank",
    [SK_FORMAT_HODOKU] = "HoDoKu's library lines, :0000:x:PUZZLE:REMOVED::",
    [SK_FORMAT_QQWING] = "qqwing's --csv output: Puzzle,Solution, each value ending in a comma",
    [SK_FORMAT_QQWING_READABLE] = "qqwing's --readable grids, -------|-------|------- between "
                                  "boxes",
    [SK_FORMAT_KENNETT] = "Michael Kennett's sudoku: a % NAME line, then the grid",
    [SK_FORMAT_MARKS] = "pencil marks: 729 characters a line, 9 for each cell",
    [SK_FORMAT_FPUZZLES] = "f-puzzles and SudokuPad JSON, one puzzle a line (any rules)",
    [SK_FORMAT_FPUZZLES_URL] = "f-puzzles links, https://www.f-puzzles.com/?load=... a line",
    [SK_FORMAT_SUDOKUPAD_URL] = "SudokuPad links, https://sudokupad.app/fpuzzles... a line",
};

bool sk_format_holds_rules(sk_format format)
{
    switch (format) {
    case SK_FORMAT_LINE:
    case SK_FORMAT_CLASSIC:
    case SK_FORMAT_READABLE:
    case SK_FORMAT_CSV:
    case SK_FORMAT_JSON:
    case SK_FORMAT_FPUZZLES:
    case SK_FORMAT_FPUZZLES_URL:
    case SK_FORMAT_SUDOKUPAD_URL:
        return true;
    default:
        return false;
    }
}

typedef void (*writer_put_fn)(sk_writer *writer, const sk_record *record);

static const writer_put_fn writer_puts[SK_FORMAT_COUNT] = {
    [SK_FORMAT_LINE] = writer_put_line,
    [SK_FORMAT_CLASSIC] = writer_put_classic,
    [SK_FORMAT_CSV] = writer_put_csv,
    [SK_FORMAT_JSON] = writer_put_json,
    [SK_FORMAT_READABLE] = writer_put_readable,
    [SK_FORMAT_SDK] = writer_put_sdk,
    [SK_FORMAT_SS] = writer_put_ss,
    [SK_FORMAT_SDM] = writer_put_sdm,
    [SK_FORMAT_HODOKU] = writer_put_hodoku,
    [SK_FORMAT_QQWING] = writer_put_qqwing,
    [SK_FORMAT_QQWING_READABLE] = writer_put_qqwing_readable,
    [SK_FORMAT_KENNETT] = writer_put_kennett,
    [SK_FORMAT_MARKS] = writer_put_marks,
    [SK_FORMAT_FPUZZLES] = writer_put_fpuzzles,
    [SK_FORMAT_FPUZZLES_URL] = writer_put_fpuzzles,
    [SK_FORMAT_SUDOKUPAD_URL] = writer_put_fpuzzles,
};

/* The layouts that draw the layout's grid (and so need it). */
static bool writer_draws_grid(sk_format format)
{
    return format != SK_FORMAT_CSV && format != SK_FORMAT_JSON && format != SK_FORMAT_QQWING;
}

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
static sk_writer *writer_make(FILE *out, sk_format format, const sk_layout *layout, bool continues)
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
    if (format == SK_FORMAT_QQWING)
        writer_qqwing_header(writer);
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

/* Why the writer's layout cannot hold record, a puzzle under rules, into
 * the writer's error; false when it can. */
static bool writer_refuses_rules(sk_writer *writer, const sk_record *record)
{
    const sk_layout *layout = writer->layout;
    bool tabular = writer->format == SK_FORMAT_CSV || writer->format == SK_FORMAT_JSON;
    bool has_rules = false;
    for (size_t i = 0; i < layout->column_count; i++)
        has_rules |= layout->columns[i] == SK_FIELD_RULES;
    if (!sk_format_holds_rules(writer->format))
        snprintf(writer->error, sizeof writer->error,
                 "the %s layout holds classic 9x9 puzzles only, and this puzzle is under the "
                 "rules '%.300s': write it as line, classic, readable, csv, json or fpuzzles",
                 sk_format_names[writer->format], sk_rules_spec(record->rules));
    else if (tabular && !has_rules)
        snprintf(writer->error, sizeof writer->error,
                 "this puzzle is under the rules '%.300s', and the %s columns have no rules "
                 "field to keep them: add the column rules",
                 sk_rules_spec(record->rules), sk_format_names[writer->format]);
    else
        return false;
    return true;
}

int sk_writer_put(sk_writer *writer, const sk_record *record)
{
    writer->error[0] = '\0';
    if (record->rules && writer_refuses_rules(writer, record)) {
        errno = ENOTSUP;
        return -1;
    }
    if (writer_draws_grid(writer->format) && !sk_record_cells(record, writer->layout->grid)) {
        errno = EINVAL;
        return -1;
    }
    writer_puts[writer->format](writer, record);
    if (writer->error[0]) {
        errno = ENOTSUP;
        return -1;
    }
    writer->written++;
    return ferror(writer->out) ? -1 : 0;
}

const char *sk_writer_error(const sk_writer *writer)
{
    return writer->error;
}

void sk_writer_set_host(sk_writer *writer, sk_host *host)
{
    writer->host = host;
}

/* Remember spec (NULL: classic) as the rules of the last "#rules" line. */
static int writer_remember_rules(sk_writer *writer, const char *spec)
{
    char *copy = spec ? strdup(spec) : NULL;
    if (spec && !copy)
        return -1;
    free(writer->rules);
    writer->rules = copy;
    return 0;
}

int sk_writer_continue_rules(sk_writer *writer, const sk_rules *rules)
{
    return writer_remember_rules(writer, rules ? sk_rules_spec(rules) : NULL);
}

int writer_rules_header(sk_writer *writer, const sk_record *record)
{
    const char *spec = record->rules ? sk_rules_spec(record->rules) : NULL;
    if (spec == writer->rules || (spec && writer->rules && strcmp(spec, writer->rules) == 0))
        return 0;
    fprintf(writer->out, "#rules %s\n", spec ? spec : "9x9");
    return writer_remember_rules(writer, spec);
}

int sk_writer_finish(sk_writer *writer)
{
    if (!writer)
        return 0;
    int rc = fflush(writer->out) != 0 || ferror(writer->out) ? -1 : 0;
    int saved = errno;
    free(writer->rules);
    free(writer);
    errno = saved;
    return rc;
}
