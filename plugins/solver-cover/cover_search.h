/* Solver "cover": Algorithm X with its filter (cover_search.c). */
#ifndef COVER_SEARCH_H
#define COVER_SEARCH_H

#include "cover_matrix.h"

/* One search: the matrix, the rules it was built from, the digits written
 * so far (givens included) and the count. */
typedef struct cover_search {
    cover_matrix *m;
    const sk_rules *rules;
    sk_board board, solution;
    const sk_board *givens;
    sk_digits *scratch; /* [cells], every digit: the customs' lookahead */
    uint32_t *hidden;   /* [row_count]: rows the arcs hid, in order    */
    uint32_t hidden_count;
    int limit, found;
    uint64_t guesses, nodes;
} cover_search;

/* Write digit into cell of s->board and check what the filter holds
 * there: the partial sums of the sums not written as cage rows, the
 * customs whose cells are all written.
 * False (and the cell blank again) when one is broken. */
bool cover_write(cover_search *s, uint32_t cell, uint8_t digit);

/* Algorithm X from the matrix as it stands: first hide the rows the arcs
 * of relations rule out (given back on return), then choose the primary
 * column with the fewest rows and try each row that passes the filter.
 * Counts into s->found up to s->limit, the first solution in
 * s->solution. */
void cover_run(cover_search *s);

#endif /* COVER_SEARCH_H */
