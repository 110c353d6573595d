/* A puzzle's worked solution for print --explain: the steps of a rater's
 * solution path, each in words, with the position it is taken on for a
 * step beyond singles. */
#ifndef SUDOKIT_PRINT_EXPLAIN_H
#define SUDOKIT_PRINT_EXPLAIN_H

#include "print.h"
#include "sudokit/host.h"

/* Rate e's puzzle with rater and keep its steps in e->steps (owned: free
 * them with ski_print_explain_free). Returns 0, or -1 with the rater's
 * message (or "out of memory") in why. */
int ski_print_explain(sk_instance *rater, ski_booklet_entry *e, sk_error *why);

/* Free the steps of e's worked solution; e keeps none. */
void ski_print_explain_free(ski_booklet_entry *e);

#endif /* SUDOKIT_PRINT_EXPLAIN_H */
