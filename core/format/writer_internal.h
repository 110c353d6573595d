/* Writer internals: the writer, a field's value as text, and one put
 * function per format (write_*.c). */
#ifndef SUDOKIT_WRITER_INTERNAL_H
#define SUDOKIT_WRITER_INTERNAL_H

#include <stdio.h>

#include "sudokit/format.h"
#include "sudokit/marks.h"
#include "sudokit/record.h"

struct sk_writer {
    FILE *out;
    sk_format format;
    const sk_layout *layout;
    size_t written; /* records written so far, counting those of the
                     * output this one continues as one */
    char *rules;    /* the spec of the last "#rules" line, NULL: classic */
    sk_host *host;  /* for the f-puzzles layouts                        */
    char error[512];
};

/* How every layout writes a score (sk_format_score too). */
#define FIELD_SCORE_FORMAT "%.2f"

/* What a field's value is, which decides how csv and json write it. */
typedef enum field_kind {
    FIELD_MISSING, /* the record lacks it                       */
    FIELD_NUMBER,  /* decimal text: a JSON number               */
    FIELD_BOOL,    /* "1" or "0": JSON true or false            */
    FIELD_TEXT     /* any text (a grid, a name): a JSON string  */
} field_kind;

/* One field's value: text points into buf or into the record, so it is
 * valid while both are. */
typedef struct field_value {
    field_kind kind;
    const char *text;
    char buf[SK_MARKS_CHARS + 1]; /* the longest: candidates */
} field_value;

/* The value of field (an sk_field) of record, written the same way by
 * every layout (sudokit/format.h). */
void field_value_of(const sk_record *record, int field, field_value *value);

/* The grid field (SK_FIELD_PUZZLE, _SOLUTION or _CANONICAL) of record, or
 * NULL when the record lacks it or field is not a grid field. */
const sk_grid *field_grid_of(const sk_record *record, int field);

/* The text of grid field of record into out (SK_MAX_CELLS + 1 bytes):
 * its N*N cells, '.' (dots) or '0' for a blank, digits past 9 as letters;
 * false when the record lacks it. */
bool field_grid_text(const sk_record *record, int field, char *out, bool dots);

/* Before a record of a text layout (line, classic, readable): a line
 * "#rules SPEC" when its rules are not those of the record before. 0, or
 * -1 when out of memory. */
int writer_rules_header(sk_writer *writer, const sk_record *record);

/* Write the layout's tail fields of record, each after one space, as the
 * line layout and the readable caption write them. */
void writer_tail(FILE *out, const sk_record *record, const sk_layout *layout);

/* The csv header; the put functions of each format, called with a record
 * that holds the layout's grid. */
void writer_csv_header(sk_writer *writer);
void writer_put_line(sk_writer *writer, const sk_record *record);
void writer_put_classic(sk_writer *writer, const sk_record *record);
void writer_put_readable(sk_writer *writer, const sk_record *record);
void writer_put_csv(sk_writer *writer, const sk_record *record);
void writer_put_json(sk_writer *writer, const sk_record *record);
void writer_put_sdk(sk_writer *writer, const sk_record *record);
void writer_put_ss(sk_writer *writer, const sk_record *record);
void writer_put_sdm(sk_writer *writer, const sk_record *record);
void writer_put_hodoku(sk_writer *writer, const sk_record *record);
void writer_qqwing_header(sk_writer *writer);
void writer_put_qqwing(sk_writer *writer, const sk_record *record);
void writer_put_qqwing_readable(sk_writer *writer, const sk_record *record);
void writer_put_kennett(sk_writer *writer, const sk_record *record);
void writer_put_marks(sk_writer *writer, const sk_record *record);
void writer_put_fpuzzles(sk_writer *writer, const sk_record *record);

/* Write text on one line: control bytes (below 0x20, and 0x7F) as '_'. */
void writer_text_line(FILE *out, const char *text);

/* The record's candidates when the layout draws its puzzle and the record
 * has them, else NULL: what sdk-like layouts write of a position. */
const sk_marks *writer_candidates(const sk_writer *writer, const sk_record *record);

/* Write row r of grid as a drawn row: before each cell "lead", '.' for a
 * blank, and between boxes "bar" (" |" or "|"); no line end. */
void writer_boxed_row(FILE *out, const sk_grid *grid, int r, const char *lead, const char *bar);

#endif /* SUDOKIT_WRITER_INTERNAL_H */
