/* Constraint plugin "relations": the marks between two cells (Kropki dots,
 * X and V) that the negative rules read from the whole spec. */
#ifndef SK_RELATIONS_H
#define SK_RELATIONS_H

#include <stdbool.h>
#include <stdint.h>

#include "sudokit/plugin.h"

/* A mark between two cells side by side: a white dot (difference), a black
 * dot (ratio), or X and V (sums). */
typedef enum relations_kind {
    RELATIONS_WHITE = 0,
    RELATIONS_BLACK = 1,
    RELATIONS_SUM = 2
} relations_kind;

typedef struct relations_mark {
    relations_kind kind;
    uint16_t a, b;  /* a < b, side by side */
    uint32_t value; /* the difference, ratio or sum */
} relations_mark;

/* Read one item of a marking term ("r1c1+r1c2[=D]" for a white or black
 * dot, "X=r1c1+r1c2" or "V=..." for xv) into *mark. SK_OK, or SK_ERR with
 * err (and the builder's error_at) saying what is wrong. */
int relations_read_mark(const sk_rules_builder *b, relations_kind kind, const char *item,
                        relations_mark *mark, char *err, size_t errlen);

/* The table of a mark: allowed[d] = digits the other cell may hold. */
void relations_mark_table(uint32_t size, const relations_mark *mark, sk_digits *allowed);

/* Find the marks of kind of every term of the spec (kropki-white,
 * kropki-black or xv), for the negative rules: their pairs go into
 * marked (N*N*2 flags: cell*2 + 0 right, + 1 below) and their values into
 * *values (bit v). A mark that does not read is left out: its own term
 * reports it. */
void relations_marks_of(const sk_rules_builder *b, relations_kind kind, bool *marked,
                        uint64_t *values);

#endif /* SK_RELATIONS_H */
