/* f-puzzles (and SudokuPad) puzzles: the fields the loaded constraint
 * plugins declare (sk_constraint.fpuzzles), a puzzle's JSON read into
 * rules and cells, and a record written as that JSON (docs/formats.md). */
#ifndef SUDOKIT_FPUZZLES_H
#define SUDOKIT_FPUZZLES_H

#include <stdbool.h>
#include <stddef.h>

#include "json_tree.h"
#include "sudokit/host.h"
#include "sudokit/record.h"
#include "text_buffer.h"

/* --------------------------------------- declarations (fpuzzles_fields.c) */

/* One part of a constraint's declaration (plugin.h, sk_constraint.fpuzzles):
 *   FIELD            the boolean FIELD is true;
 *   negative[WORD]   WORD is in the "negative" list;
 *   FIELD:HOUSES     the term (which has no argument) makes extra houses,
 *                    each an element {cells} of the list FIELD;
 *   FIELD:TEMPLATE   each element of the list FIELD is an item of the
 *                    term, written by TEMPLATE: CELLS (the element's
 *                    cells joined by '+'), VALUE (its value), LINE (each
 *                    of its lines: one item a line), CIRCLE (its cells, the
 *                    one its line starts from last; the line then goes on
 *                    without it), other characters as they are, and a part
 *                    in [ ] written only when the element has a value. */
typedef enum fp_part_kind { FP_FLAG, FP_NEGATIVE, FP_HOUSES, FP_ITEMS } fp_part_kind;

typedef struct fp_part {
    fp_part_kind kind;
    char field[32];   /* the f-puzzles key ("negative" for FP_NEGATIVE) */
    char word[32];    /* FP_NEGATIVE: the word in the list             */
    char pattern[64]; /* FP_ITEMS: the template                        */
} fp_part;

/* A loaded constraint and its declaration. */
typedef struct fp_decl {
    const char *term; /* the constraint's name: its spec term          */
    fp_part parts[4];
    int part_count;
} fp_decl;

/* The declarations of host's constraints, in load order. */
typedef struct fp_decls {
    fp_decl *decl;
    size_t count;
} fp_decls;

/* Read the declarations of every constraint loaded in host (NULL: none);
 * a declaration that does not parse is left out. 0, or -1 out of memory. */
int fp_decls_load(sk_host *host, fp_decls *out);
void fp_decls_free(fp_decls *decls);

/* The declaration of term, or NULL. */
const fp_decl *fp_decls_find(const fp_decls *decls, const char *term);

/* The parts of an element, as a template reads or writes them. */
typedef struct fp_element {
    char cells[SK_MAX_CELLS * 8]; /* "r1c1+r1c2" (CELLS or CIRCLE)     */
    char line[SK_MAX_CELLS * 8];  /* LINE, without a circle's cell      */
    char value[64];               /* VALUE, "" when none                */
    bool has_cells, has_line, has_value;
} fp_element;

/* Write element by pattern into out (len bytes): 0, or -1 when it lacks
 * a part the pattern needs (why names it). */
int fp_template_write(const char *pattern, const fp_element *element, char *out, size_t len,
                      const char **why);

/* Read item by pattern into element: 0, or -1 when it does not fit. */
int fp_template_read(const char *pattern, const char *item, fp_element *element);

/* ------------------------------------------- reading (fpuzzles_read.c) */

/* A puzzle read from f-puzzles JSON. */
typedef struct fp_puzzle {
    const sk_rules *rules; /* a reference; NULL: classic               */
    sk_board givens;
    bool has_solution;
    sk_board solution;
    char *title; /* NULL when none (malloc'd)                */
} fp_puzzle;

/* What is wrong with an f-puzzles puzzle, at an offset of its text. */
typedef struct fp_problem {
    size_t at;
    char message[768];
} fp_problem;

/* Read the puzzle of root (the parsed JSON) under the constraints of
 * host (NULL: classic rules only). 0 with *out filled (free it with
 * fp_puzzle_free), or -1 with problem set: a field no loaded constraint
 * declares, a malformed field, rules that do not compile. */
int fp_import(sk_host *host, const json_node *root, fp_puzzle *out, fp_problem *problem);
void fp_puzzle_free(fp_puzzle *puzzle);

/* ------------------------------------------ writing (fpuzzles_write.c) */

/* Append record's grid field grid_field as one f-puzzles JSON object to
 * out (no line end): its givens, its grid solution_field (-1: none) as
 * the "solution" when the record has it, its rules written through the
 * declarations of host's constraints. 0, or -1 with why (whylen bytes)
 * when a rule has no f-puzzles field or memory runs out. */
int fp_export(sk_host *host, const sk_record *record, int grid_field, int solution_field,
              ski_text_buffer *out, char *why, size_t whylen);

#endif /* SUDOKIT_FPUZZLES_H */
