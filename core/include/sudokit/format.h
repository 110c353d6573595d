/* Formats: the names of the text layouts of records, one writer for all of
 * them, and the csv and json primitives every output uses. */
#ifndef SUDOKIT_FORMAT_H
#define SUDOKIT_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "sudokit/record.h"

/*
 * Layouts, each written by sk_writer and read back by sk_reader.
 *
 * Values. Every layout writes a field's value the same way:
 *  - grids (puzzle, solution, canonical): 81 characters, '1'..'9' and '.'
 *    for a blank (classic and readable draw grids their own way, below);
 *  - whole numbers in decimal (index, id, clues, seed, line, level, steps,
 *    games, last_game_id);
 *  - scores (score, first_step, first_placement) with two decimals,
 *    "4.20" (sk_format_score); a score that is not finite is missing;
 *  - minimal and lower_bound: 1 or 0 (json: true or false);
 *  - symmetry: none, rot180, rot90, mirror or diagonal; level_name: easy,
 *    medium, hard, expert or evil (missing for a level outside 1..5);
 *  - text (strategy, options, source, created, rater, rater_version,
 *    hardest, last_game_status) as it is, within each layout's rules.
 *
 *  - line: one record a line: the layout's grid, then (beside set) one
 *    space and the beside grid, or "-" when the record lacks it, then each
 *    tail field after one space. A missing field, or an empty text, is
 *    "-". A score is followed by '+' when the rating is a lower bound
 *    ("4.20+"). In a text field, blanks and control bytes (below 0x20,
 *    and 0x7F) are written as '_', except that the last tail field (free
 *    text, such as hardest) keeps its spaces: the fields stay apart.
 *  - classic: 9 lines of 9 digits separated by single spaces ('0' blank),
 *    records separated by one blank line; with beside, each row is
 *    followed by three spaces and the beside grid's row (when the record
 *    has it). No tail.
 *  - readable: a caption line "#" followed by " " and each tail field as
 *    in the line layout (no caption when the tail is empty), then the
 *    boxed grid: "+-------+-------+-------+" borders above, between boxes
 *    and below, rows such as "| 5 3 . | . 7 . | . . . |"; with beside,
 *    the beside grid boxed the same way after three spaces on each line.
 *    Records are separated by one blank line.
 *  - csv: a header line of the layout's column names, then one row a
 *    record (RFC 4180): fields separated by commas, a missing field empty;
 *    a field is quoted, its quotes doubled, when it holds a comma, a quote
 *    or a line end, begins with a blank or '#', or ends with a blank. An
 *    empty text is therefore the same as a missing one.
 *  - json: one object a line (JSON Lines), the layout's columns as keys in
 *    order; a missing field is null, numbers and scores are plain JSON
 *    numbers, minimal and lower_bound true or false, the rest strings
 *    (sk_json_string).
 * Every record ends with a line end; nothing follows the last record.
 *
 * Reading (sudokit/reader.h) detects the layout per file from its first
 * line that is neither blank nor a '#' comment: '{' json, '+' or '|'
 * readable, a line whose comma-separated fields include one named
 * "puzzle" (the header) csv, else the text layouts line and classic,
 * which may be mixed and are told apart per puzzle. What each layout gives
 * back:
 *  - line: the first blank-separated token is the puzzle; when a second
 *    token of 81 characters follows, it is the solution; the rest of the
 *    line is not read (a tail is for people: its fields are not parsed);
 *  - classic: the grid; a row of 18 cells is the puzzle's row followed by
 *    the solution's (every row of a grid then has 18);
 *  - readable: as classic, with '|' between cells and border lines
 *    skipped; the caption is a comment;
 *  - csv and json: every known field (sk_field_names) present, parsed as
 *    written above; csv also takes true and false for 1 and 0. Unknown
 *    columns and keys are ignored (json values of any depth up to 64);
 *    an empty csv field or a json null is missing; a known field that is
 *    malformed, or of the wrong json type, is an error, and so is a record
 *    without a puzzle. clues is checked (0..81) but derived from the
 *    puzzle; level_name sets the level when there is no level field. Any
 *    rating field present makes the record rated. In csv every row has
 *    the header's number of fields, blanks around a field (outside its
 *    quotes) are dropped, and
 *    a line end inside a quoted field reads as "\n" (a CR before it is
 *    dropped). In json a record is one object, on one line or several;
 *    nothing but blanks may follow it on its last line. Text read from
 *    json keeps the characters written: a byte that was not UTF-8, written
 *    as \u00XX, comes back as the character U+00XX (\u0000 is refused).
 * Blank lines and '#' comment lines are skipped in every layout (between
 * records; inside a classic or readable grid too).
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

/* Format names by sk_format ("auto", "line", ...), then NULL (a name
 * table for sudokit/names.h). */
extern const char *const sk_format_names[SK_FORMAT_COUNT + 1];

/* ------------------------------------------------------------- writing -- */

typedef struct sk_writer sk_writer;

/* Start writing records of layout (which must outlive the writer) in
 * format (not AUTO) to out, which the writer borrows; writes the csv
 * header at once. Returns NULL with errno EINVAL when format or layout
 * is not valid (record.h's sk_layout says what is), or ENOMEM. */
sk_writer *sk_writer_new(FILE *out, sk_format format, const sk_layout *layout);

/* Like sk_writer_new, for records that continue another writer's output
 * (a later block of a sharded run): no csv header, and the first record is
 * separated from what came before as a following record is. A writer's
 * output followed by its continuations' is one writer's output of all
 * their records. */
sk_writer *sk_writer_continue(FILE *out, sk_format format, const sk_layout *layout);

/* Write one record (only read during the call). Returns 0, or -1 when
 * out has an error (errno says which, such as EPIPE or ENOSPC): the
 * caller stops; -1 with errno EINVAL, writing nothing, when the record
 * lacks the layout's grid in the line, classic and readable formats. */
int sk_writer_put(sk_writer *writer, const sk_record *record);

/* Finish (nothing follows the last record in any layout), flush out
 * (not closed) and free the writer. Returns 0, or -1 with errno when out
 * has an error. NULL is ignored (returns 0). */
int sk_writer_finish(sk_writer *writer);

/* ---------------------------------------------------------- primitives -- */

/* Write text as a JSON string with its escapes, or null when text is NULL.
 * '"' and '\\' are escaped, control characters written as \b \f \n \r
 * \t or \u00XX; bytes that are not part of valid UTF-8 (RFC 3629: no
 * overlong forms, surrogates or values past U+10FFFF) are written as
 * \u00XX (their byte value), so the output is always valid UTF-8 and
 * valid JSON. */
void sk_json_string(FILE *out, const char *text);

/* Write text as one csv field: as it is, or quoted (with quotes doubled)
 * when it holds a comma, a quote or a line end, begins with a blank
 * (space or tab) or '#', or ends with a blank (readers trim blanks and
 * skip '#' lines). NULL and "" write nothing. */
void sk_csv_field(FILE *out, const char *text);

/* Write a score as every output writes it: two decimals ("4.20"). The
 * score must be finite (the writer writes a non-finite one as missing). */
void sk_format_score(FILE *out, double score);

#endif /* SUDOKIT_FORMAT_H */
