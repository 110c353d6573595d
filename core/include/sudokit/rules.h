/* Rules of any Sudoku: compiling a rules spec ("9x9", "6x6:3x2 x",
 * "9x9 killer:15=r1c1+r1c2;..."), checking, reading and writing boards
 * under it (docs/rules.md). A rules value is an sk_rules (plugin.h), read
 * only, shared and reference-counted by the host that compiled it. */
#ifndef SUDOKIT_RULES_H
#define SUDOKIT_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sudokit/host.h"
#include "sudokit/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Why a spec did not compile: the 1-based column of the spec where the
 * problem is (0 when it is not at one place) and what is wrong and what to
 * do, without the column. */
typedef struct sk_rules_error {
    size_t column;
    char message[512];
} sk_rules_error;

/* Compile spec into *out: the geometry ("9x9", "6x6:3x2", "7x7:none",
 * "jigsaw:MAP"; 9x9 when the spec starts with a term), then every term
 * through the constraint plugin of its name loaded in host, then the
 * normalised spec. host may be NULL (then only geometry compiles). A spec
 * compiled before on host and still referenced (or released lately) is
 * shared, whether written the same way or normalising the same. Returns 0
 * with a reference in *out (release it with sk_rules_free), or -1 with
 * *out NULL and the problem in *error. Thread-safe. */
int sk_rules_compile(sk_host *host, const char *spec, const sk_rules **out, sk_rules_error *error);

/* Write "column N: message" (or the message alone when column is 0) into
 * out (len bytes, NUL-terminated). */
void sk_rules_error_text(const sk_rules_error *error, char *out, size_t len);

/* Take one more reference to rules (from sk_rules_compile); returns rules.
 * Thread-safe. */
const sk_rules *sk_rules_ref(const sk_rules *rules);

/* Release a reference; the value goes with its last one (NULL is ignored).
 * Every reference is released before the host that compiled it is freed.
 * Thread-safe. */
void sk_rules_free(const sk_rules *rules);

/* The normalised spec: geometry first, then the terms sorted by name, each
 * name once with its items sorted and joined by ';'. Two specs that differ
 * only in spelling, order, case or repeated terms have the same one. Owned
 * by rules. */
const char *sk_rules_spec(const sk_rules *rules);

/* True for the classic rules: the normalised spec is exactly "9x9". */
bool sk_rules_is_classic(const sk_rules *rules);

/* N: the grid is N x N, digits 1..N. */
uint32_t sk_rules_size(const sk_rules *rules);

/* What a board breaks. */
enum {
    SK_RULES_CELL = 0,     /* a cell is empty (in a full check) or out of range */
    SK_RULES_HOUSE = 1,    /* a digit twice in houses[index]                    */
    SK_RULES_GROUP = 2,    /* a digit twice in groups[index], or a wrong sum    */
    SK_RULES_RELATION = 3, /* relations[index]'s two digits                     */
    SK_RULES_CUSTOM = 4    /* customs[index]'s own check                        */
};
typedef struct sk_rules_break {
    int part;            /* SK_RULES_*                                         */
    uint32_t index;      /* the cell, or the index in the array of that part   */
    uint32_t cells[2];   /* the cells at fault: two equal digits, a relation's
                            pair, or the first cell of a group or custom       */
    uint32_t cell_count; /* 1 or 2                                             */
    char why[192];       /* "digit 5 twice in a row: r1c2 and r1c7"            */
} sk_rules_break;

/* Check a full grid: every cell 1..N and every primitive kept. True when
 * it is; else false and, when broken is not NULL, the first problem found
 * (cells, then houses, groups, relations, customs). */
bool sk_rules_check(const sk_rules *rules, const sk_board *board, sk_rules_break *broken);

/* Check a partial grid (givens, a position): empty cells are allowed, and
 * each primitive is checked as far as its filled cells go (a group's sum
 * once its cells are all filled, or when the filled ones already reach
 * it; a custom once all its cells are filled). */
bool sk_rules_check_givens(const sk_rules *rules, const sk_board *board, sk_rules_break *broken);

/* True when solution is a full grid that keeps rules and every given of
 * puzzle: how the host checks any solver's answer. */
bool sk_rules_solves(const sk_rules *rules, const sk_board *puzzle, const sk_board *solution);

/* Read N*N characters of text (len bytes) into out: '.' or '0' a blank,
 * '1'-'9' and 'A'-'P' (or 'a'-'p') the digits 1-25, up to N. Returns 0,
 * or -1 with the 0-based column of the first bad character in *column
 * (len when the text is too short, N*N when too long). The cells of out
 * past N*N are set to 0. */
int sk_rules_parse_board(const sk_rules *rules, const char *text, size_t len, sk_board *out,
                         size_t *column);

/* Write board's N*N cells as characters ('.' for blanks when dots, else
 * '0'; digits past 9 as 'A'-'P') and a NUL into out (N*N+1 bytes). */
void sk_rules_format_board(const sk_rules *rules, const sk_board *board, char *out, bool dots);

/* ------------------------------------------------------------ symmetry -- */

/* A map of a grid and its digits: image cell (r, c) holds
 * digits[source cell], where the source cell is (rows[r], cols[c]), or
 * (cols[c], rows[r]) when transpose is set; digits[0] is 0. */
typedef struct sk_rules_map {
    bool transpose;
    uint8_t rows[SK_MAX_SIZE];
    uint8_t cols[SK_MAX_SIZE];
    uint8_t digits[SK_MAX_SIZE + 1];
} sk_rules_map;

/* The symmetry of a rules value. */
typedef struct sk_rules_symmetry_info {
    size_t maps;           /* grid maps listed (0 for classic rules, whose
                              group sudokit/canon.h handles)               */
    bool whole;            /* the list is every grid map that keeps the
                              rules; false: the documented subgroup        */
    double whole_size;     /* the size of the whole group of grid maps when
                              known, else 0                               */
    uint32_t digit_symmetry; /* SK_DIGITS_*: the relabellings that keep it  */
} sk_rules_symmetry_info;

/* Work out (at the first call for a value, then kept with it) the grid
 * maps that keep every primitive of rules: a transposition or not and a
 * permutation of rows and of columns that send every house, group,
 * relation and custom onto one of the same kind and data. When there are
 * too many to list, the list is a subgroup (docs/rules.md says which).
 * SK_OK, or SK_ERR when out of memory. Thread-safe. */
int sk_rules_symmetry(const sk_rules *rules, sk_rules_symmetry_info *out);

/* The index-th listed grid map of rules, with digits the identity; false
 * past the end and for classic rules. */
bool sk_rules_symmetry_map(const sk_rules *rules, size_t index, sk_rules_map *out);

/* True when map keeps rules: its grid part sends every primitive onto one
 * of the same kind and data, and its digit part is a permutation the
 * rules' digit symmetry allows. */
bool sk_rules_map_keeps(const sk_rules *rules, const sk_rules_map *map);

/* The image of board in under map (out may be in). */
void sk_rules_map_apply(const sk_rules *rules, const sk_rules_map *map, const sk_board *in,
                        sk_board *out);

/* The canonical form of a puzzle under rules (out may be in): the smallest
 * image of in, read cell by cell with 1 < 2 < ... < N < blank, under the
 * listed grid maps and the allowed relabellings (every one: digits read in
 * order of first appearance; reverse; or none). A puzzle and its image
 * under any map that keeps the rules have the same form, so (normalised
 * spec, canonical form) identifies a puzzle up to its rules' symmetry.
 * Classic rules use sk_canon_form. SK_OK; SK_ERR_INVALID when a cell is
 * past N; SK_ERR when out of memory. */
int sk_rules_canon_form(const sk_rules *rules, const sk_board *in, sk_board *out);

/* A puzzle turned with its rules by a map of the square. */
typedef struct sk_rules_image {
    const sk_rules *rules; /* the turned rules (a reference)                */
    sk_board givens, solution, canonical; /* turned; canonical under rules */
    int map; /* bit 0 reverses the rows, bit 1 the columns, bit 2
                transposes (applied as sk_rules_map's rows, cols, transpose) */
} sk_rules_image;

/* The least image of a puzzle (givens, and solution unless NULL) under the
 * maps of the square (rotations and reflections; those that transpose
 * only with square boxes or none) that turn its rules into rules of the
 * same kind: rules, givens and solution turned together, the rules'
 * spec turned (cells moved, jigsaw maps turned, diagonal+ and diagonal-
 * swapped) and compiled on host, kept only when its primitives are
 * exactly the turned ones. The least is the one with the smallest
 * (normalised spec, sk_rules_canon_form), the identity winning ties, so
 * every image of a puzzle has the same one (docs/rules.md, "Images of the
 * rules"). host may be NULL when every map keeps the rules (X, plain
 * boxes...). 0 with *out set (free with sk_rules_image_free), or -1 with
 * why (len bytes): out of memory, or no host for rules that need one. */
int sk_rules_least_image(sk_host *host, const sk_rules *rules, const sk_board *givens,
                         const sk_board *solution, sk_rules_image *out, char *why, size_t len);

/* Release the rules of an image (safe twice). */
void sk_rules_image_free(sk_rules_image *image);

/* A classic grid as a board (81 cells, the rest 0), and back (the first 81
 * cells). */
void sk_board_from_grid(sk_board *out, const sk_grid *grid);
void sk_board_to_grid(sk_grid *out, const sk_board *board);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_RULES_H */
