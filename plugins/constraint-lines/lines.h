/* Constraint plugin "lines": rules along a line of cells. */
#ifndef SK_LINES_H
#define SK_LINES_H

#include <stddef.h>

#include "sudokit/plugin.h"

/* Read a line "r1c1+r1c2+..." at text (up to max cells, each touching the
 * one before by a side or a corner) into cells and *count; *end gets the
 * first character after it. SK_OK or SK_ERR with err (or the builder's
 * message) saying what is wrong. */
int lines_read(const sk_rules_builder *b, const char *text, uint16_t *cells, uint32_t max,
               uint32_t *count, const char **end, char *err, size_t errlen);

/* The arrow constraint's table (arrow.c). */
extern const sk_constraint lines_arrow_constraint;

#endif /* SK_LINES_H */
