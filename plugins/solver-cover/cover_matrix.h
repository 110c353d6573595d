/* Solver "cover": the exact-cover matrix of a rules value and its dancing
 * links (cover_matrix.c), the search with its filters (cover_search.c). */
#ifndef COVER_MATRIX_H
#define COVER_MATRIX_H

#include <stdbool.h>
#include <stdint.h>

#include "sudokit/plugin.h"

/* A killer cage gets one row per way of writing its digits (a cage of
 * sum) only while it has at most this many; a larger one is written cell
 * by cell and its sum checked by the filter. */
#define COVER_CAGE_ROWS_MAX 5040

/* One node of the toroidal lists: a column header (index 1..columns, 0
 * the root) or one 1 of a row. */
typedef struct cover_node {
    uint32_t left, right, up, down;
    uint32_t column; /* its header                          */
    uint32_t row;    /* the row it belongs to (nodes only)  */
} cover_node;

/* A row: the cells it fills and their digits, at assign[first ..
 * first+count), and its first node. */
typedef struct cover_row {
    uint32_t first, count, node;
} cover_row;

/* One (cell, digit) a row writes. */
typedef struct cover_assign {
    uint16_t cell;
    uint8_t digit;
} cover_assign;

/* A relation that says more than "the two digits differ", seen from one
 * of its cells outside cage rows: when cell holds d, other may hold only
 * arc_tables[table + d]. The search keeps these arcs consistent by hiding
 * the rows of digits that leave the other cell nothing. */
typedef struct cover_arc {
    uint16_t cell, other;
    uint32_t table;
} cover_arc;

/* The matrix of one rules value: primary columns (each cell filled, each
 * house holds each digit) in the root's list, secondary columns (each
 * group holds each digit at most once, each pair of digits a relation
 * forbids is written at most once) outside it; rows per (cell, digit), or
 * per way of filling a cage; what the filter checks per cell: the
 * sums not written as cage rows, the customs; and the arcs of relations. */
typedef struct cover_matrix {
    char *spec;
    uint32_t size, cells, house_count, relation_count, custom_count;
    uint32_t columns, node_count, row_count;
    cover_node *nodes;
    uint32_t *column_size;
    cover_row *rows;
    uint32_t *row_out; /* [row_count]: 0 while the row is in the matrix */
    cover_assign *assigns;
    uint32_t *cell_row;                    /* [cells * size]: the row writing (cell, digit),
                                              UINT32_MAX for a cell of a cage row       */
    uint32_t *sum_start, *sum_index;       /* cell -> filtered sums (group index) */
    uint32_t *custom_start, *custom_index; /* cell -> customs            */
    uint32_t *cage_of;                     /* [cells]: the group whose cage rows fill it,
                                              UINT32_MAX when none                      */
    uint32_t arc_count;                    /* the relations kept arc consistent     */
    cover_arc *arcs;
    sk_digits *arc_tables;
} cover_matrix;

/* Build the matrix of rules. NULL when out of memory. */
cover_matrix *cover_matrix_build(const sk_rules *rules);

/* True when matrix was built from rules (the same normalised spec). */
bool cover_matrix_fits(const cover_matrix *matrix, const sk_rules *rules);

/* Free a matrix; NULL is ignored. */
void cover_matrix_free(cover_matrix *matrix);

/* Dancing links: cover and uncover a column; take and give back the
 * other columns of a row node's row. */
void cover_column(cover_matrix *m, uint32_t column);
void cover_uncolumn(cover_matrix *m, uint32_t column);
void cover_take(cover_matrix *m, uint32_t node);
void cover_untake(cover_matrix *m, uint32_t node);

/* Unlink a row from its columns (a row the givens rule out), and link it
 * back (in the reverse order of hiding). */
void cover_hide(cover_matrix *m, uint32_t row);
void cover_unhide(cover_matrix *m, uint32_t row);

#endif /* COVER_MATRIX_H */
