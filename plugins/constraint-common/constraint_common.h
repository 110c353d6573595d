/* constraint-common: a static library of the built-in constraint plugins:
 * the pieces every rule's parse needs (cell lists in and out, numbers,
 * terms without argument). */
#ifndef SK_CONSTRAINT_COMMON_H
#define SK_CONSTRAINT_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "sudokit/plugin.h"

/* Longest canonical item the plugins write: 625 cells of "r25c25+". */
#define CONSTRAINT_TEXT_MAX 4608

/* Refuse an argument for term name, which takes none: SK_OK when argument
 * is NULL, else SK_ERR with a message saying to write name alone. */
int constraint_no_argument(const sk_rules_builder *builder, const char *name, const char *argument,
                           char *err, size_t errlen);

/* Read text, which must be one cell list and nothing else ("r1c1+r1c2"),
 * into cells (at most max) and *count. SK_OK, or SK_ERR with the builder's
 * message (a bad cell) or one in err (something after the list). */
int constraint_cell_list(const sk_rules_builder *builder, const char *text, uint16_t *cells,
                         uint32_t max, uint32_t *count, char *err, size_t errlen);

/* Sort cells ascending. */
void constraint_sort_cells(uint16_t *cells, uint32_t count);

/* Append cells as "r1c1+r1c2" (rows and columns from 1) to out, which
 * holds len bytes and a NUL-terminated text already. */
void constraint_append_cells(uint32_t size, const uint16_t *cells, uint32_t count, char *out,
                             size_t len);

/* Read a whole number of at most 6 digits at *text (moved past it) into
 * *value; SK_ERR when there is none. */
int constraint_number(const char **text, long *value);

/* The orthogonal neighbours of cell (right and below only, so that each
 * pair is met once): writes up to 2 cells into next and returns how many. */
uint32_t constraint_next_cells(uint32_t size, uint32_t cell, uint16_t next[2]);

#endif /* SK_CONSTRAINT_COMMON_H */
