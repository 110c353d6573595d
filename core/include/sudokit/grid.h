/* Grid core: rules, clue counting, verification and text output of sk_grid. */
#ifndef SUDOKIT_GRID_H
#define SUDOKIT_GRID_H

#include <stdbool.h>
#include <stddef.h>

#include "sudokit/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bytes of one grid in the line format, without the newline. */
#define SK_LINE_CHARS 81
/* Bytes of one grid in the classic format: 9 lines of 9 digits separated
 * by spaces, each line ending in '\n' (no blank line). */
#define SK_CLASSIC_CHARS 162

/* Where a grid breaks the rules: the unit and the two cells holding the
 * same digit (second is the later one in row-major order). */
typedef struct sk_conflict {
    int digit;       /* 1..9 */
    int unit_kind;   /* 0 row, 1 column, 2 box */
    int unit;        /* 0..8 */
    int first_cell;  /* 0..80 */
    int second_cell; /* 0..80 */
} sk_conflict;

/* Names of unit kinds for messages: "row", "column", "box". */
extern const char *const sk_unit_kind_names[3];

/* Check that no digit repeats in a row, column or box and every cell holds
 * 0..9. Returns true when the grid is valid; otherwise false, and if conflict
 * is not NULL it describes the first conflict found (row, then column, then
 * box order). A cell outside 0..9 is reported with digit set to its value
 * and unit_kind -1. */
bool sk_grid_check(const sk_grid *grid, sk_conflict *conflict);

/* Write a one-line description of conflict ("digit 5 twice in row 2",
 * units and rows numbered from 1) into buf. */
void sk_conflict_describe(const sk_conflict *conflict, char *buf, size_t len);

/* Number of filled cells. */
int sk_grid_clues(const sk_grid *grid);

/* True when solution is complete, follows the rules and agrees with every
 * given of puzzle: the host's check of any solver's answer. */
bool sk_grid_solves(const sk_grid *puzzle, const sk_grid *solution);

/* Parse an 81-character line ('.' or '0' blank, '1'..'9' digits) from text
 * of length len. Returns 0, or -1 with the 0-based offending column in *col
 * (col == len when the text is too short, 81 when too long). */
int sk_grid_parse_line(sk_grid *grid, const char *text, size_t len, size_t *col);

/* Write the line format (81 chars, '.' for blanks when dots is true, else
 * '0') into out, which must hold SK_LINE_CHARS bytes; no NUL is written. */
void sk_grid_format_line(const sk_grid *grid, char *out, bool dots);

/* Name a cell "r3c4" (rows and columns from 1; cell 0..80, taken modulo
 * 81) into out, NUL-terminated; returns out. */
const char *sk_cell_name(int cell, char out[8]);

/* Write the classic format into out, which must hold SK_CLASSIC_CHARS
 * bytes; no NUL is written. */
void sk_grid_format_classic(const sk_grid *grid, char *out);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_GRID_H */
