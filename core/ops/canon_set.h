/* A set of canonical forms, each with a value of a fixed size: the
 * memory of a search (ratings by canonical form) and the puzzles a run
 * must not make again. Internal to core/ops. */
#ifndef SUDOKIT_CANON_SET_H
#define SUDOKIT_CANON_SET_H

#include <stdbool.h>
#include <stddef.h>

#include "sudokit/plugin.h"

typedef struct ski_canon_set ski_canon_set;

/* An empty set whose entries carry value_size bytes each (0 for a plain
 * set). NULL when out of memory. Not thread-safe: callers lock. */
ski_canon_set *ski_canon_set_new(size_t value_size);

/* Free the set; NULL is ignored. */
void ski_canon_set_free(ski_canon_set *set);

/* The value of canon (a canonical form, sk_canon_form), or NULL when the
 * set does not hold it. Valid until the next ski_canon_set_put. */
void *ski_canon_set_find(const ski_canon_set *set, const sk_grid *canon);

/* The value of canon, added (zeroed; *added set true) when the set did not
 * hold it. NULL when out of memory. Valid until the next put. */
void *ski_canon_set_put(ski_canon_set *set, const sk_grid *canon, bool *added);

/* How many forms the set holds. */
size_t ski_canon_set_count(const ski_canon_set *set);

#endif /* SUDOKIT_CANON_SET_H */
