/* Formats: the names of the text layouts of records, one writer for all of
 * them, and the csv and json primitives every output uses. */
#ifndef SUDOKIT_FORMAT_H
#define SUDOKIT_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "sudokit/record.h"

/*
 * Layouts, each written and read back by sudokit:
 *  - line: one record a line: the 81-character grid ('.' blanks), then the
 *    layout's tail fields separated by spaces (free text last);
 *  - classic: 9 lines of 9 digits separated by spaces ('0' blank), records
 *    separated by a blank line; a solution is written beside each row after
 *    three spaces;
 *  - csv: a header line naming the columns, then one row a record (RFC 4180
 *    quoting: a field with a comma, quote or line end is quoted);
 *  - json: one object a line (JSON Lines), keys named as the csv columns;
 *  - readable: a boxed grid (+-------+ and | between boxes, '.' blanks) under
 *    a caption line "# ..." of the tail fields; a solution boxed beside it.
 * Reading detects the layout per file from its first line that is neither
 * blank nor a '#' comment: '{' json, '+' or '|' readable, a line with a
 * comma that names a puzzle column csv, else the text layouts line and
 * classic, which may be mixed and are told apart per puzzle.
 */
typedef enum sk_format {
    SK_FORMAT_AUTO = 0, /* reading only: detect per file */
    SK_FORMAT_LINE,
    SK_FORMAT_CLASSIC,
    SK_FORMAT_CSV,
    SK_FORMAT_JSON,
    SK_FORMAT_READABLE,
    SK_FORMAT_COUNT
} sk_format;

/* Format names by sk_format ("auto", "line", ...). */
extern const char *const sk_format_names[SK_FORMAT_COUNT];

/* ------------------------------------------------------------- writing -- */

typedef struct sk_writer sk_writer;

/* Start writing records of layout (which must outlive the writer) in
 * format (not AUTO) to out; writes the csv header at once. Returns NULL
 * when out of memory. */
sk_writer *sk_writer_new(FILE *out, sk_format format, const sk_layout *layout);

/* Write one record. Returns 0, or -1 when out has an error (errno says
 * which, such as EPIPE or ENOSPC): the caller stops. */
int sk_writer_put(sk_writer *writer, const sk_record *record);

/* Finish (nothing follows the last record in any layout), flush out and
 * free the writer. Returns 0, or -1 with errno when out has an error.
 * NULL is ignored (returns 0). */
int sk_writer_finish(sk_writer *writer);

/* ---------------------------------------------------------- primitives -- */

/* Write text as a JSON string with its escapes, or null when text is NULL.
 * Bytes that are not part of valid UTF-8 are written as \u00XX (their
 * byte value), so the output is always valid UTF-8 and valid JSON. */
void sk_json_string(FILE *out, const char *text);

/* Write text as one csv field: as it is, or quoted (with quotes doubled)
 * when it holds a comma, a quote or a line end. NULL writes nothing. */
void sk_csv_field(FILE *out, const char *text);

/* Write a score as every output writes it: two decimals ("4.20"). */
void sk_format_score(FILE *out, double score);

#endif /* SUDOKIT_FORMAT_H */
