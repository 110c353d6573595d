/* Streaming puzzle reader: every layout of sudokit/format.h, detected per
 * file, with file:line:column errors. */
#ifndef SUDOKIT_READER_H
#define SUDOKIT_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sudokit/format.h"
#include "sudokit/plugin.h"
#include "sudokit/record.h"

/*
 * Accepted input: every layout sudokit writes (sudokit/format.h), detected
 * per file unless one is chosen with sk_reader_set_format. In the text
 * layouts, mixed freely in one file:
 *  - line format: one puzzle per line, 81 characters '1'..'9', '.' or '0',
 *    then optionally blanks and more fields (a solution, a rating...);
 *  - classic format: 9 lines of 9 digits separated by spaces or tabs, the
 *    grids separated by one or more blank lines;
 *  - blank lines and lines whose first non-blank character is '#' are
 *    skipped; CRLF line ends and a missing final newline are fine.
 * The reader never holds more than one puzzle of input in memory.
 */

typedef struct sk_reader sk_reader;

/* Where the current puzzle came from. */
typedef struct sk_reader_position {
    const char *name; /* file name as given, "-" or "<stdin>" for stdin */
    size_t puzzle;    /* 1-based number of the puzzle in the input     */
    size_t line;      /* 1-based line of the puzzle's first row        */
} sk_reader_position;

/* Results of sk_reader_next. */
typedef enum sk_read_status {
    SK_READ_OK = 1,      /* a puzzle was read into the grid                */
    SK_READ_END = 0,     /* no more input                                  */
    SK_READ_BAD = -1,    /* this puzzle is bad; message set; call again for
                          * the next one                                   */
    SK_READ_IO = -2      /* the input could not be read; message set       */
} sk_read_status;

/* Open path for reading ("-" reads stdin). Returns NULL with a message in
 * err ("cannot open FILE: reason") when the file cannot be opened. The
 * reader owns the stream; free it with sk_reader_close. */
sk_reader *sk_reader_open(const char *path, char *err, size_t errlen);

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

/* Read only format (default SK_FORMAT_AUTO: detected from the first line
 * that is neither blank nor a comment). Call before the first read. */
void sk_reader_set_format(sk_reader *reader, sk_format format);

/* The layout being read: the one set, else the one detected (AUTO before
 * the first read). */
sk_format sk_reader_format(const sk_reader *reader);

/* The whole record last returned by sk_reader_next: the puzzle and every
 * other field its layout held (solution, id, rating...), with source and
 * line set. Valid until the next call on the reader. */
const sk_record *sk_reader_record(const sk_reader *reader);

/* Bytes consumed so far and the size of the input (0 when unknown, as for
 * a pipe), for a progress display. */
void sk_reader_progress(const sk_reader *reader, uint64_t *done, uint64_t *total);

/* Read the next puzzle into grid. On SK_READ_BAD and SK_READ_IO,
 * sk_reader_error gives a message "NAME:LINE:COL: puzzle N: what is wrong"
 * and the rest of that puzzle's input has been skipped. */
sk_read_status sk_reader_next(sk_reader *reader, sk_grid *grid);

/* Position of the puzzle last returned (or rejected). */
const sk_reader_position *sk_reader_position_of(const sk_reader *reader);

/* The message for the last SK_READ_BAD or SK_READ_IO; owned by the reader. */
const char *sk_reader_error(const sk_reader *reader);

/* Close the reader (and its stream when it opened it). NULL is ignored. */
void sk_reader_close(sk_reader *reader);

#endif /* SUDOKIT_READER_H */
