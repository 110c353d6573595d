/* Formats: the names of the text layouts of records, one writer for all of
 * them, and the csv and json primitives every output uses. */
#ifndef SUDOKIT_FORMAT_H
#define SUDOKIT_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "sudokit/host.h"
#include "sudokit/record.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Layouts, each written by sk_writer and read back by sk_reader; the
 * layouts of other programs (sdk .. marks) are written the way those
 * programs write them, and read as they write them (docs/formats.md has an
 * example of each and its source).
 *
 * Values. Every layout writes a field's value the same way:
 *  - grids (puzzle, solution, canonical): 81 characters, '1'..'9' and '.'
 *    for a blank (the drawn layouts draw grids their own way, below);
 *  - candidates: the 729-character pencil-mark form (sudokit/marks.h);
 *  - whole numbers in decimal (index, id, clues, seed, line, level, steps,
 *    games, last_game_id);
 *  - scores (score, first_step, first_placement) with two decimals,
 *    "4.20" (sk_format_score); a score that is not finite is missing;
 *  - minimal and lower_bound: 1 or 0 (json: true or false);
 *  - symmetry: none, rot180, rot90, mirror or diagonal; level_name: easy,
 *    medium, hard, expert or evil (missing for a level outside 1..5);
 *  - text (strategy, options, source, created, rater, rater_version,
 *    hardest, last_game_status, name, difficulty) as it is, within each
 *    layout's rules.
 *
 * What sudokit writes:
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
 *    a text field is written by sk_csv_field (below): quoted, its quotes
 *    doubled, when it holds a comma or a quote, begins with a blank or
 *    '#', or ends with a blank; escaped, behind a '\'', when it begins
 *    with = + - @ ' a tab or a carriage return, or holds a line end, so
 *    that every line begins with the header or a record's first column.
 *    An empty text is the same as a missing one.
 *  - json: one object a line (JSON Lines), the layout's columns as keys in
 *    order; a missing field is null, numbers and scores are plain JSON
 *    numbers, minimal and lower_bound true or false, the rest strings
 *    (sk_json_string).
 *  - sdk (SadMan Sudoku, with SudoCue's header lines): "#D" and the name,
 *    "#L" and the difficulty (else the rating's level name), each when the
 *    record has it, then 9 rows of 9 characters ('.' blank); records
 *    separated by one blank line.
 *  - ss (Simple Sudoku): "*-----------*", rows such as "|.3.|4..|...|",
 *    "|---+---+---|" between boxes, "*-----------*"; when the layout's
 *    grid is the puzzle and the record has candidates, a blank line, then
 *    "Innd" for each cell nn (00..80) the marks settle beyond the givens
 *    (digit d) and "Enn00d" for each candidate d they remove that the
 *    digits allow. Records separated by one blank line.
 *  - sdm: one grid a line, 81 characters, '0' blank; no tail.
 *  - hodoku (HoDoKu's library): ":0000:x:", the cells ('.' blank, a
 *    settled cell that is not a given as '+' and its digit, when the
 *    layout's grid is the puzzle and the record has candidates), ":", the
 *    removed candidates as "drc" (digit, row, column) separated by
 *    spaces, "::".
 *  - qqwing (qqwing --csv): the header "Puzzle," (and "Solution," when the
 *    solution is a column), then each record's values, each followed by a
 *    comma, as qqwing writes them.
 *  - qqwing-readable (qqwing --readable): rows such as " 5 3 . | . 7 . |
 *    . . ." and "-------|-------|-------" between boxes; records separated
 *    by one blank line.
 *  - kennett (Michael Kennett's sudoku, its standard text): "%", then " "
 *    and the name when the record has one, then rows such as
 *    " 5 3 . | . 7 . | . . ." and "-------+-------+-------" between boxes.
 *  - marks: one record a line, the 729-character pencil-mark form of the
 *    record's candidates (when the layout's grid is the puzzle and it has
 *    them), else of the marks the grid's digits leave.
 * Every record ends with a line end; nothing follows the last record.
 *
 * Reading (sudokit/reader.h). DETECTION, per file, from its first line
 * that is neither blank nor a '#' comment: '{' is json; a line of
 * comma-separated fields one of which is "puzzle" (the header; "Puzzle"
 * for qqwing's) is csv, or qqwing when a field is "Puzzle"; anything else
 * is the text family, in which each record's own first line and rows say
 * its layout:
 *  - '%' begins a kennett record, the rest of the line (trimmed) its name;
 *  - ':' begins a hodoku library line;
 *  - a first token of 729 characters is a marks record;
 *  - "[Puzzle]" is the header of SadMan's puzzle section, whose grid
 *    follows; a line "[...]" of any other section is skipped with the
 *    lines up to the next section;
 *  - a grid's row (a first token of 9 characters, or shorter with more
 *    tokens after it, or one holding '|' or '!'), whose style names the
 *    layout: cells side by side without bars, sdk; side by side between
 *    bars ('|' or '!'), ss; apart without bars, classic; apart with bars,
 *    readable when the row begins with a bar, else qqwing-readable (kennett
 *    when a '%' line began the record);
 *  - anything else is a line record.
 * What each layout gives back:
 *  - line (and sdm): the first blank-separated token is the puzzle; when a
 *    second token of 81 characters follows, it is the solution; the rest
 *    of the line is not read (a tail is for people: its fields are not
 *    parsed);
 *  - the drawn layouts (classic, readable, sdk, ss, qqwing-readable,
 *    kennett): the grid. Bars and blanks between cells are skipped, and
 *    rule lines (made of '-', '+', '*', '|', '!' and blanks, with a '-')
 *    skipped anywhere; a row of 18 cells is the puzzle's row followed by
 *    the solution's (every row of a grid then has 18). An sdk record keeps
 *    the "#D" line before it as its name and "#L" as its difficulty
 *    (SudoCue's other header lines, A B C S U, are comments); a kennett
 *    record its name; an ss record's I and E lines (Simple Sudoku's
 *    entries and eliminations, as HoDoKu writes them) give candidates.
 *  - hodoku: the givens (digits without '+'); '+' digits and the removed
 *    candidates give candidates; the other fields (a step) are not read.
 *  - marks: the candidates; the puzzle is the cells they settle.
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
 *  - qqwing: csv whose columns Puzzle, Solution and Difficulty are read
 *    (Givens as clues); a row may end with one more, empty, field than the
 *    header names (qqwing ends every value with a comma).
 * A chosen layout (sk_reader_set_format) reads every record that way: a
 * line layout (line, sdm, hodoku, marks) each line, a drawn one each grid.
 * Blank lines and '#' comment lines are skipped in every layout (between
 * records; inside a drawn grid too).
 */
typedef enum sk_format {
    SK_FORMAT_AUTO = 0, /* reading only: detect per file */
    SK_FORMAT_LINE,
    SK_FORMAT_CLASSIC,
    SK_FORMAT_CSV,
    SK_FORMAT_JSON,
    SK_FORMAT_READABLE,
    SK_FORMAT_SDK,
    SK_FORMAT_SS,
    SK_FORMAT_SDM,
    SK_FORMAT_HODOKU,
    SK_FORMAT_QQWING,
    SK_FORMAT_QQWING_READABLE,
    SK_FORMAT_KENNETT,
    SK_FORMAT_MARKS,
    SK_FORMAT_FPUZZLES,
    SK_FORMAT_FPUZZLES_URL,
    SK_FORMAT_SUDOKUPAD_URL,
    SK_FORMAT_COUNT
} sk_format;

/* True when format holds puzzles under any rules (line, classic, readable,
 * csv, json and the f-puzzles layouts); the others are classic 9x9
 * layouts of other programs. */
bool sk_format_holds_rules(sk_format format);

/* Format names by sk_format ("auto", "line", ...), then NULL (a name
 * table for sudokit/names.h). */
extern const char *const sk_format_names[SK_FORMAT_COUNT + 1];

/* One line saying what each layout is ("Simple Sudoku's .ss files"), by
 * sk_format, for the manual. */
extern const char *const sk_format_summaries[SK_FORMAT_COUNT];

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
 * lacks the layout's grid in the line, classic and readable formats; -1
 * with errno ENOTSUP, writing nothing, when the layout cannot hold the
 * record (a puzzle under rules in a classic layout or in csv or json
 * columns without SK_FIELD_RULES, a rule without an f-puzzles field):
 * sk_writer_error says why. */
int sk_writer_put(sk_writer *writer, const sk_record *record);

/* Why the last sk_writer_put failed with ENOTSUP ("" otherwise). */
const char *sk_writer_error(const sk_writer *writer);

/* Lend the writer host, whose constraint plugins declare how rules are
 * written in the f-puzzles layouts (without one, only classic puzzles
 * are written there). */
void sk_writer_set_host(sk_writer *writer, sk_host *host);

/* For a writer that continues another's output (sk_writer_continue):
 * that output's last record was under rules (NULL: classic), so that a
 * "#rules" line is written only where the rules change. */
int sk_writer_continue_rules(sk_writer *writer, const sk_rules *rules);

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
 * when it holds a comma or a quote, begins with a blank (space or tab) or
 * '#', or ends with a blank (readers trim blanks and skip '#' lines).
 * Text that begins with '=', '+', '-', '@' (a formula to a spreadsheet),
 * a tab or a carriage return, or with '\'', or that holds a line end, is
 * escaped first: a '\'' before it, and '\\' for a backslash, '\n' and '\r'
 * for the line ends, so that no line of the file begins with a field's
 * text and no spreadsheet computes one; the csv reader undoes it (a field
 * that begins with '\''). NULL and "" write nothing. Numbers are no text:
 * a score of -1 is written as it is. */
void sk_csv_field(FILE *out, const char *text);

/* Write a score as every output writes it: two decimals ("4.20"). The
 * score must be finite (the writer writes a non-finite one as missing). */
void sk_format_score(FILE *out, double score);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_FORMAT_H */
