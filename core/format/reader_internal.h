/* Reader internals: the reader, its lines, messages and string arena
 * (reader.c), and one reader per layout family (read_*.c). */
#ifndef SUDOKIT_READER_INTERNAL_H
#define SUDOKIT_READER_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#include "sudokit/marks.h"
#include "sudokit/reader.h"
#include "sudokit/rules.h"

/* The type of a value read from csv (always a string) or json. */
typedef enum value_type {
    VALUE_STRING,
    VALUE_NUMBER,
    VALUE_BOOL,
    VALUE_NULL,
    VALUE_NESTED /* an object or an array */
} value_type;

/* A known field's value in the current csv row or json object, before it
 * is parsed into the record. */
typedef struct reader_value {
    bool present;
    value_type type;
    size_t offset, len; /* its text in the arena, NUL-terminated          */
    size_t line, col;   /* where its text begins (1-based)                */
    bool exact;         /* text byte i came from column col + i of line   */
} reader_value;

struct sk_reader {
    FILE *stream;
    bool owns_stream;
    bool check_rules;
    sk_format chosen; /* sk_reader_set_format; AUTO to detect          */
    sk_format family; /* AUTO until known; LINE stands for the text
                       * family (every layout but csv, qqwing, json)   */
    sk_format layout; /* of the last record                            */
    bool finished;    /* nothing more can be read                      */
    char *line;       /* current line, without its line end, NUL after */
    size_t line_cap;  /* its size (reader.c)                           */
    size_t line_used; /* bytes of it that may not be '\n' (reader.c)   */
    size_t line_len;
    size_t line_no; /* 1-based number of the current line            */
    bool held;      /* the current line is read again by the next
                     * reader_read_line (a record read one line ahead) */
    uint64_t done;  /* bytes consumed                                */
    uint64_t total; /* size of the input, 0 when unknown             */
    sk_reader_position pos;
    sk_cell_places places; /* where each cell of the puzzle came from */
    sk_record record;
    reader_value values[SK_FIELD_COUNT];
    char *arena; /* the current record's strings */
    size_t arena_len, arena_cap;
    size_t meta_name;       /* sdk "#D" text before the record: arena
                             * offset + 1, or 0                         */
    size_t meta_difficulty; /* sdk "#L", the same way                   */
    int *csv_fields;        /* the field of each csv column, -1 when unknown */
    size_t csv_columns;     /* 0 until the header is read                    */
    bool csv_qqwing;        /* the header is qqwing's (Puzzle,Solution,...)  */
    size_t json_at;         /* offset of the json parser in the line         */
    int json_depth;         /* nesting of the json parser                    */
    bool json_resync;       /* skip lines up to one that begins with '{'     */
    const char *part;       /* named in messages instead of the puzzle (the csv
                             * header), or NULL                               */
    char error[512];
    /* rules (read_spec.c) */
    bool accept_rules;         /* sk_reader_accept_rules was called             */
    sk_host *host;             /* compiles specs (NULL: geometry only)          */
    const sk_rules *rules;     /* of the last "#rules" line, NULL: classic      */
    size_t rules_line;         /* its line, 0 when none                         */
    char *rules_problem;       /* why it did not compile ("LINE:COL: ..."), or
                                * NULL                                          */
    bool own;                  /* the current record has rules of its own (a
                                * rules field, an f-puzzles puzzle):          */
    bool own_classic;          /* classic ones,                                 */
    bool own_failed;           /* or own_spec, which did not compile            */
    const sk_rules *own_rules; /* the last own rules compiled (kept for the
                                * next record), NULL when classic            */
    char *own_spec;            /* the text own_rules was compiled from          */
    char own_problem[512];     /* why own_spec did not compile, and where       */
    size_t own_at;             /* its column in own_spec (0: none)             */
    size_t own_line, own_col;
    bool fpuzzles_key;       /* the json object has "grid" or "size"          */
    sk_record_boards boards; /* the grids of a record under rules             */
    /* where each cell of a record under rules was, in the layouts that give
     * each cell its own place (places has a classic record's) */
    size_t rules_cell_line[SK_MAX_CELLS], rules_cell_col[SK_MAX_CELLS];
    char *raw;               /* a json object's text (an f-puzzles puzzle)    */
    size_t raw_len, raw_cap;
    bool raw_on;              /* json lines are kept in raw                    */
    size_t raw_line, raw_col; /* where raw begins                              */
};

/* ------------------------------------------------------ lines (reader.c) */

/* Read the next line into reader->line. Returns its length, -1 at the end
 * of input, -2 on a read error. */
ssize_t reader_read_line(sk_reader *reader);

/* Have the next reader_read_line give the current line again. */
void reader_hold_line(sk_reader *reader);

/* Read lines up to one that is not blank, a comment or (text family) a
 * rule line, keeping sdk header lines ("#D", "#L") as the next record's
 * name and difficulty. Returns its length, -1 at the end, -2 on a read
 * error. */
ssize_t reader_next_content(sk_reader *reader);

/* Offset of the first byte of line[0..len) that is not a space or tab
 * (len when there is none). */
size_t reader_first_nonblank(const char *line, size_t len);
bool reader_is_blank(const char *line, size_t len);
bool reader_is_comment(const char *line, size_t len);

/* A rule line of a drawn grid: '-', '+', '*', '|', '!' and blanks only,
 * with at least one '-' ("+-------+", "|---+---+---|", "-----------"). */
bool reader_is_rule(const char *line, size_t len);

/* A line that begins like a rule line: '+', '*' or '-' first, or a bar
 * then '-' (a row never does). */
bool reader_looks_like_rule(const char *line, size_t len);

/* A bar between a drawn grid's boxes: '|' or '!'. */
static inline bool reader_is_bar(char ch)
{
    return ch == '|' || ch == '!';
}

/* Whether text[0..len) holds a bar: asked of the first token of every line
 * a text record starts with, so it searches with memchr. */
static inline bool reader_has_bar(const char *text, size_t len)
{
    return memchr(text, '|', len) || memchr(text, '!', len);
}

/* A new record begins on the current line, in layout (its csv or json
 * values cleared). */
void reader_begin_record(sk_reader *reader, sk_format layout);

/* ---------------------------------------------------- messages (reader.c) */

/* Set the error message, prefixed with "NAME:LINE:COL: puzzle N: ", or
 * with reader->part instead of the puzzle while it is set. */
void reader_fail(sk_reader *reader, size_t line, size_t col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Describe a byte for a message: 'x' or \xNN. */
void reader_char_name(unsigned char ch, char out[8]);

/* Quote text for a message: "..." with bytes that are not printable ASCII
 * as \xNN, cut after 32 bytes. */
void reader_quote(const char *text, size_t len, char out[160]);

/* The value of a cell character: 0 for '.' or '0', 1..9, or -1. */
int reader_cell_value(char ch);

/* ------------------------------------------------------- arena (reader.c) */

/* Append n bytes to the current record's arena. Returns 0, or -1 when out
 * of memory (the message is set). Offsets stay valid; pointers into the
 * arena only until the next append. */
int reader_arena_put(sk_reader *reader, const void *bytes, size_t n);

/* Room for n more bytes at the arena's end (not yet counted in arena_len:
 * the caller adds what it wrote). NULL, with the message given, when the
 * record would pass SK_READER_RECORD_MAX or memory runs out. The pointer
 * is valid until the next append. */
char *reader_arena_room(sk_reader *reader, size_t n);

/* The arena's text at offset. */
char *reader_arena_text(sk_reader *reader, size_t offset);

/* ------------------------------------------------- rules (read_spec.c) */

/* The comment line (the current one) is a "#rules SPEC" line: compile its
 * spec as the rules of the records that follow. Returns 0, or -1 when out
 * of memory (message set). */
bool reader_is_rules_line(const char *line, size_t len);
int reader_rules_line(sk_reader *reader);

/* Give the current record rules of its own: rules (a reference the
 * reader takes over; NULL for classic). */
void reader_take_own_rules(sk_reader *reader, const sk_rules *rules);

/* The rules the current record is read under: its own, else the last
 * "#rules" line's; NULL for classic. */
const sk_rules *reader_rules(const sk_reader *reader);

/* Give the current record rules of its own: compile spec (len bytes,
 * from a field whose text begins at line, col; exact: byte i at col + i).
 * An empty spec is classic. SK_READ_OK, or SK_READ_BAD with the message. */
sk_read_status reader_own_rules(sk_reader *reader, const char *spec, size_t len, size_t line,
                                size_t col, bool exact);

/* Parse len bytes of text (a grid's cells, from column col of line;
 * exact: byte i at col + i) under the current record's rules into the
 * cells of field (a grid field); what names the grid in messages ("" or
 * " in the solution"). For the puzzle, each cell's place is kept. */
sk_read_status reader_grid_text(sk_reader *reader, int field, const char *text, size_t len,
                                size_t line, size_t col, bool exact, const char *what);

/* The digits of a grid of size N as a message names them: "1-6",
 * "1-9, A-G". */
const char *reader_digits_text(uint32_t size);

/* The size N of the current record's grids (9 for classic), and its
 * number of cells. */
uint32_t reader_size(const sk_reader *reader);
size_t reader_cell_count(const sk_reader *reader);

/* The cells of grid field of the record being read, classic or not. */
uint8_t *reader_cells(sk_reader *reader, int field);

/* The record is read: give it its rules, and refuse it when its rules did
 * not compile or the reader takes classic puzzles only, or when its
 * givens break the rules (with check_rules). */
sk_read_status reader_rules_finish(sk_reader *reader, sk_read_status status);

/* Forget the record's own rules; free what the rules part holds. */
void reader_rules_clear(sk_reader *reader);
void reader_rules_free(sk_reader *reader);

/* ------------------------------------------ f-puzzles (read_fpuzzles.c) */

/* Keep the json lines from the current one on (raw), from its column at. */
void reader_raw_start(sk_reader *reader, size_t at);
/* Append the current line to raw (json_peek calls it on each new line). */
int reader_raw_line(sk_reader *reader);

/* Read an f-puzzles puzzle whose JSON text is json (len bytes; line and
 * col say where its first byte is, lines counted in it when multiline,
 * else every byte at col: a load string's place) into the record. */
sk_read_status reader_fpuzzles(sk_reader *reader, const char *json, size_t len, size_t line,
                               size_t col, bool multiline);

/* A line of the text family that holds an f-puzzles load string (a URL
 * of f-puzzles or SudokuPad, or the bare string), first token at start
 * of token bytes: decode and read it. */
bool reader_is_load_string(const char *token, size_t len);
sk_read_status reader_load_string(sk_reader *reader, size_t start, size_t token);

/* ---------------------------------------------------- the layout readers */

/* Each reads one record whose first line (not blank, not a comment) is
 * the current line into reader->record: SK_READ_OK, BAD
 * (message set, the record's input skipped), IO, or END when the input
 * held no record after all. */
sk_read_status reader_next_text(sk_reader *reader);
sk_read_status reader_next_csv(sk_reader *reader);
sk_read_status reader_next_json(sk_reader *reader);

/* How a drawn grid's first row is drawn, which names its layout. */
typedef struct reader_row_style {
    bool bars;        /* '|' or '!' between cells                    */
    bool apart;       /* blanks between cells                        */
    bool leading_bar; /* the row begins with a bar                   */
} reader_row_style;

/* Parse the 9 rows of a drawn grid, the first on the current line, into
 * the record's puzzle (and solution, for rows of 18 cells): bars and
 * blanks between cells skipped, rule lines and comments between rows
 * skipped; *style gets the first row's. */
sk_read_status reader_parse_rows(sk_reader *reader, reader_row_style *style);

/* The text family's record kinds, each on the current line (its first):
 * a line record (line or sdm, whose first token of token bytes at start
 * is the puzzle), a hodoku library line, a marks line. */
sk_read_status reader_parse_line(sk_reader *reader, size_t start, size_t token);
sk_read_status reader_parse_hodoku(sk_reader *reader, size_t start);
sk_read_status reader_parse_marks(sk_reader *reader, size_t start, size_t token);

/* After an ss grid: read its I and E lines (and the blank and rule lines
 * around them) into the record's candidates, holding the first other
 * line for the next record. */
sk_read_status reader_parse_ss_position(sk_reader *reader);

/* A message for a problem of a pencil-mark text (sk_marks_parse) whose
 * offending offset is at. */
void reader_marks_problem(const char *text, size_t len, size_t at, sk_marks_problem why, char *out,
                          size_t outlen);

/* Parse the known fields collected in reader->values into the record
 * (sudokit/format.h says how); the puzzle must be among them. */
sk_read_status reader_apply_values(sk_reader *reader);

/* Collect a value for field (or ignore it when field is -1). Returns
 * false, with the message set, when the record already holds the field. */
bool reader_collect(sk_reader *reader, int field, const reader_value *value, const char *what);

/* The JSON grammar over the reader's lines (json_parse.c). Values return
 * SK_READ_OK, BAD (message set; the parser stays at the problem) or IO. */

/* The next byte that is not white space, reading further lines: -1 at
 * the end of input, -2 on a read error. */
int json_peek(sk_reader *reader);

/* Parse one value at the parser's place into out: strings decoded into
 * the arena, numbers as their text, true and false as their text; objects
 * and arrays are checked and skipped (type VALUE_NESTED). */
sk_read_status json_value(sk_reader *reader, reader_value *out);

/* Parse the object at the parser's place ('{'), calling member for each
 * key (decoded in the arena), which must parse the value that follows. */
typedef sk_read_status (*json_member_fn)(sk_reader *reader, const reader_value *key);
sk_read_status json_object(sk_reader *reader, json_member_fn member);

/* After an error: skip the rest of the current object on its line, and
 * when it goes on to further lines, have the next record skip lines up to
 * one that begins with '{'. */
void json_recover(sk_reader *reader);

#endif /* SUDOKIT_READER_INTERNAL_H */
