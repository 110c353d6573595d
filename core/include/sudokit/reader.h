/* Streaming puzzle reader: every layout of sudokit/format.h, detected per
 * file, with file:line:column errors. */
#ifndef SUDOKIT_READER_H
#define SUDOKIT_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sudokit/format.h"
#include "sudokit/host.h"
#include "sudokit/plugin.h"
#include "sudokit/record.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Accepted input: every layout sudokit writes, detected per file unless one
 * is chosen with sk_reader_set_format (sudokit/format.h gives the rules of
 * each and of detection). In the text layouts, mixed freely in one file:
 *  - line format: one puzzle per line, 81 characters '1'..'9', '.' or '0',
 *    then optionally blanks and more fields (a second token of 81
 *    characters is the solution; the rest is not read);
 *  - classic format: 9 lines of 9 digits separated by spaces or tabs, the
 *    grids separated by one or more blank lines; 18 digits a line when the
 *    solution is beside the puzzle;
 * then readable (boxed grids), csv (a header, then rows; a quoted field
 * may span lines) and json (one object a line, or an object over several
 * lines). In every layout blank lines and lines whose first non-blank
 * character is '#' are skipped between records; CRLF line ends, a UTF-8
 * byte order mark and a missing final newline are fine.
 * The reader never holds more than one record of input in memory, and
 * memory stays bounded whatever the input: a line longer than
 * SK_READER_LINE_MAX bytes, or a record whose text (a csv row whose quoted
 * field spans lines, a json object over several lines, the sdk header
 * lines before a grid) holds more than SK_READER_RECORD_MAX, is a read
 * error (SK_READ_IO) at its line, and nothing after it is read.
 */

/* The longest line any layout allows: 1 MiB (a json record with every
 * field is under 2 000 bytes). */
#define SK_READER_LINE_MAX (1 << 20)

/* The most text one record may hold. */
#define SK_READER_RECORD_MAX (4 * SK_READER_LINE_MAX)

typedef struct sk_reader sk_reader;

/* Where the current puzzle came from. */
typedef struct sk_reader_position {
    const char *name; /* file name as given, "-" or "<stdin>" for stdin */
    size_t puzzle;    /* 1-based number of the puzzle in the input     */
    size_t line;      /* 1-based line of the puzzle's first row        */
} sk_reader_position;

/* Where each cell of a record's puzzle came from. A line record's cells
 * follow each other on one line; the other layouts give each cell its own
 * place. */
typedef struct sk_cell_places {
    size_t line;                        /* a line record's line                              */
    size_t first_col;                   /* a line record's column of cell 0; 0: other layouts */
    size_t cell_line[81], cell_col[81]; /* other layouts, classic records  */
} sk_cell_places;

/* Results of sk_reader_next. */
typedef enum sk_read_status {
    SK_READ_OK = 1,   /* a puzzle was read into the grid                */
    SK_READ_END = 0,  /* no more input                                  */
    SK_READ_BAD = -1, /* this puzzle is bad; message set; call again for
                       * the next one                                   */
    SK_READ_IO = -2   /* the input could not be read (a read error, or a
                       * csv header that cannot be used); message set;
                       * nothing more is read                           */
} sk_read_status;

/* Open path for reading ("-" reads stdin). Returns NULL with a message in
 * err ("cannot open FILE: reason") when the file cannot be opened. The
 * reader owns the stream; free it with sk_reader_close. */
sk_reader *sk_reader_open(const char *path, sk_error *err);

/* Wrap an open stream; name is used in messages and must outlive the
 * reader. The stream is not closed by sk_reader_close. */
sk_reader *sk_reader_from_stream(FILE *stream, const char *name);

/* Read from a string in memory (for Lua, hints and tests); text must
 * outlive the reader. */
sk_reader *sk_reader_from_string(const char *text, const char *name);

/* When check_rules is true (the default), a puzzle whose givens repeat a
 * digit in a unit is reported as SK_READ_BAD with the place of the repeat.
 */
void sk_reader_set_check_rules(sk_reader *reader, bool check_rules);

/* Let the reader give puzzles under any rules (sudokit/rules.h): a
 * "#rules SPEC" line sets the rules of the records after it (up to the
 * next one; "#rules 9x9" is classic again), a csv or json record's rules
 * field sets its own, and an f-puzzles puzzle brings its own; specs are
 * compiled on host (NULL: grid sizes and regions only). Without this
 * call a record under rules other than classic is SK_READ_BAD, saying
 * that only classic 9x9 puzzles are taken. Call before the first read. */
void sk_reader_accept_rules(sk_reader *reader, sk_host *host);

/* Read the records before the input's first "#rules" line under rules (a
 * compiled value; the reader takes its own reference), as if the input
 * began with "#rules SPEC": plain lines of N*N characters are then puzzles
 * under them. Classic rules change nothing. After sk_reader_accept_rules,
 * before the first read. */
void sk_reader_set_rules(sk_reader *reader, const sk_rules *rules);

/* Read only format (default SK_FORMAT_AUTO: detected from the first line
 * that is neither blank nor a comment). SK_FORMAT_LINE and
 * SK_FORMAT_CLASSIC take only that text layout. Call before the first
 * read; later calls change nothing. */
void sk_reader_set_format(sk_reader *reader, sk_format format);

/* The layout being read: the one of the last record read (LINE or
 * CLASSIC in a text file, as told apart per puzzle), else the one set
 * (AUTO when none was set and no record was read). */
sk_format sk_reader_format(const sk_reader *reader);

/* The whole record last returned by sk_reader_next: the puzzle and every
 * other field its layout held (solution, id, rating...). source and line
 * are the record's own fields when its csv or json input held them,
 * else the input's name and the record's first line. The record and its
 * strings are owned by the reader and valid until the next call of
 * sk_reader_next or sk_reader_close (copy what must live longer); after
 * SK_READ_BAD it holds what was read before the problem. */
const sk_record *sk_reader_record(const sk_reader *reader);

/* Bytes consumed so far and the size of the input (0 when unknown, as for
 * a pipe), for a progress display. done counts whole lines, so it reaches
 * total at the end of a file. */
void sk_reader_progress(const sk_reader *reader, uint64_t *done, uint64_t *total);

/* Read the next record; its puzzle goes into grid (which may be NULL:
 * sk_reader_record has it; a record under other rules than classic leaves
 * grid blank: its boards have the cells). On SK_READ_BAD and SK_READ_IO,
 * sk_reader_error gives a message "NAME:LINE:COL: puzzle N: what is wrong"
 * and the rest of that puzzle's input has been skipped. A csv header that
 * cannot be used is SK_READ_IO ("NAME:LINE:COL: csv header: ..."). */
sk_read_status sk_reader_next(sk_reader *reader, sk_grid *grid);

/* Position of the puzzle last returned (or rejected). */
const sk_reader_position *sk_reader_position_of(const sk_reader *reader);

/* Copy where the cells of the last record's puzzle came from into out
 * (for a line record, only its two numbers). */
void sk_reader_cell_places(const sk_reader *reader, sk_cell_places *out);

/* When puzzle repeats a digit in a unit, write the reader's message for it,
 * "NAME:LINE:COL: puzzle N: digit D twice in row R (rRcC and rRcC)", into
 * buf and return true; the column is the second cell's, from places. A
 * face that leaves the check to its solver (check_rules off) reports a
 * puzzle the solver refuses with the same words. */
bool sk_reader_rules_message(const sk_grid *puzzle, const char *name, size_t number,
                             const sk_cell_places *places, char *buf, size_t len);

/* The message for the last SK_READ_BAD or SK_READ_IO; owned by the reader. */
const char *sk_reader_error(const sk_reader *reader);

/* Close the reader (and its stream when it opened it). NULL is ignored. */
void sk_reader_close(sk_reader *reader);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_READER_H */
