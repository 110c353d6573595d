/* Pencil marks: the candidates of every cell of a position, their
 * 729-character text form, and how they relate to a grid of digits. */
#ifndef SUDOKIT_MARKS_H
#define SUDOKIT_MARKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sudokit/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Characters of the text form: 9 for each of the 81 cells. */
#define SK_MARKS_CHARS 729

/* The bit of digit d (1..9) in a cell's candidates, and all nine. */
#define SK_MARK(d) ((uint16_t)(1u << ((d)-1)))
#define SK_MARKS_ALL ((uint16_t)0x1FF)

/* The candidates of each cell, row-major: bit d-1 set when digit d is a
 * candidate. A cell whose digit is known has that digit alone. */
typedef struct sk_marks {
    uint16_t cells[81];
} sk_marks;

/* What is wrong with a text form (sk_marks_parse). */
typedef enum sk_marks_problem {
    SK_MARKS_OK,
    SK_MARKS_BAD_CHARACTER, /* not a digit, '.' or '0'                 */
    SK_MARKS_MISPLACED,     /* digit d not at place d of its cell       */
    SK_MARKS_NO_CANDIDATE,  /* a cell's 9 characters hold no digit      */
    SK_MARKS_LENGTH         /* not 729 characters                       */
} sk_marks_problem;

/* The marks a solver starts from with grid's digits: a filled cell its
 * digit alone, an empty cell every digit that no filled peer (a cell of
 * its row, column or box) holds. */
void sk_marks_of_grid(const sk_grid *grid, sk_marks *out);

/* The cells the marks settle, into out (others 0): a cell whose only
 * candidate no peer has as a candidate, as Sukaku Explainer reads a
 * pencil-mark grid. A cell with one candidate that a peer shares is an
 * unsolved naked single and stays empty. */
void sk_marks_settled(const sk_marks *marks, sk_grid *out);

/* The digits of a position: grid's, and where grid is empty those the
 * marks settle (sk_marks_settled). */
void sk_marks_position(const sk_marks *marks, const sk_grid *grid, sk_grid *out);

/* The candidates of cell that values' peers allow but marks lack: the
 * eliminations a position made beyond its digits (0 for a filled cell of
 * values). */
uint16_t sk_marks_removed(const sk_marks *marks, const sk_grid *values, int cell);

/* True when marks remove a candidate that the marks of grid's digits
 * keep, or keep one that they remove: the position is more than grid. */
bool sk_marks_differ(const sk_marks *marks, const sk_grid *grid);

/* Write the text form into out (SK_MARKS_CHARS bytes, no NUL): for each
 * cell, 9 characters, the one at place d (1..9) being the digit d when it
 * is a candidate and '.' when it is not. */
void sk_marks_format(const sk_marks *marks, char *out);

/* Parse the text form from text[0..len): digits at their places, '.' or
 * '0' for a digit that is not a candidate. Returns 0, or -1 with *why and
 * the 0-based offset of the problem in *at (len for SK_MARKS_LENGTH when
 * short, 729 when long; a cell's first character for
 * SK_MARKS_NO_CANDIDATE). */
int sk_marks_parse(sk_marks *out, const char *text, size_t len, size_t *at, sk_marks_problem *why);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_MARKS_H */
