/* Solver "dlx": Knuth's Algorithm X with dancing links over the 324-column exact-cover matrix. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudokit/plugin.h"

/*
 * The matrix has one row per (cell, digit) choice, 729 in all, and one
 * column per constraint, 324 in all: each cell holds a digit (81), each row,
 * column and box holds each digit once (3 x 81). A choice covers exactly
 * four columns. Nodes live in one array of the instance, linked by index:
 * node 0 is the root, 1..324 the column headers, then four nodes per
 * choice. A solve covers the givens' choices, searches, then uncovers the
 * givens in reverse order, which leaves the matrix whole for the next
 * puzzle: nothing is allocated or rebuilt per puzzle.
 */

#define DLX_COLUMNS 324
#define DLX_CHOICES 729
#define DLX_NODES (1 + DLX_COLUMNS + 4 * DLX_CHOICES)

/* One node of the toroidal doubly linked lists. */
typedef struct dlx_node {
    uint16_t left, right, up, down;
    uint16_t column; /* header index of the node's column */
    uint16_t choice; /* cell * 9 + digit - 1; unused for headers */
} dlx_node;

/* The instance: the matrix and the bookkeeping of the running solve. */
typedef struct dlx_instance {
    dlx_node node[DLX_NODES];
    uint16_t size[DLX_COLUMNS + 1]; /* nodes left in each column         */
    uint16_t first[DLX_CHOICES];    /* first node of each choice's row   */
    uint16_t picked[81];            /* choices on the current path       */
    int depth;
    int limit;
    int found;
    sk_grid *solution;
    uint64_t guesses;
    uint64_t nodes;
} dlx_instance;

static void dlx_build(dlx_instance *x)
{
    dlx_node *n = x->node;
    for (int c = 0; c <= DLX_COLUMNS; c++) {
        n[c].left = (uint16_t)(c == 0 ? DLX_COLUMNS : c - 1);
        n[c].right = (uint16_t)(c == DLX_COLUMNS ? 0 : c + 1);
        n[c].up = n[c].down = (uint16_t)c;
        n[c].column = (uint16_t)c;
        x->size[c] = 0;
    }
    int next = DLX_COLUMNS + 1;
    for (int choice = 0; choice < DLX_CHOICES; choice++) {
        int cell = choice / 9, d = choice % 9, r = cell / 9, c = cell % 9;
        int box = r / 3 * 3 + c / 3;
        const int cols[4] = {1 + cell, 1 + 81 + r * 9 + d, 1 + 162 + c * 9 + d,
                             1 + 243 + box * 9 + d};
        x->first[choice] = (uint16_t)next;
        for (int k = 0; k < 4; k++) {
            int i = next + k, col = cols[k];
            n[i].left = (uint16_t)(next + (k + 3) % 4);
            n[i].right = (uint16_t)(next + (k + 1) % 4);
            n[i].column = (uint16_t)col;
            n[i].choice = (uint16_t)choice;
            n[i].up = n[col].up;
            n[i].down = (uint16_t)col;
            n[n[col].up].down = (uint16_t)i;
            n[col].up = (uint16_t)i;
            x->size[col]++;
        }
        next += 4;
    }
}

static void dlx_cover(dlx_instance *x, int c)
{
    dlx_node *n = x->node;
    n[n[c].right].left = n[c].left;
    n[n[c].left].right = n[c].right;
    for (int i = n[c].down; i != c; i = n[i].down) {
        for (int j = n[i].right; j != i; j = n[j].right) {
            n[n[j].down].up = n[j].up;
            n[n[j].up].down = n[j].down;
            x->size[n[j].column]--;
        }
    }
}

static void dlx_uncover(dlx_instance *x, int c)
{
    dlx_node *n = x->node;
    for (int i = n[c].up; i != c; i = n[i].up) {
        for (int j = n[i].left; j != i; j = n[j].left) {
            x->size[n[j].column]++;
            n[n[j].down].up = (uint16_t)j;
            n[n[j].up].down = (uint16_t)j;
        }
    }
    n[n[c].right].left = (uint16_t)c;
    n[n[c].left].right = (uint16_t)c;
}

/* Take the choice of row node r: cover the other columns of its row (its
 * own column is covered by the caller). */
static void dlx_take(dlx_instance *x, int r)
{
    for (int j = x->node[r].right; j != r; j = x->node[j].right)
        dlx_cover(x, x->node[j].column);
}

static void dlx_untake(dlx_instance *x, int r)
{
    for (int j = x->node[r].left; j != r; j = x->node[j].left)
        dlx_uncover(x, x->node[j].column);
}

static void dlx_record(dlx_instance *x)
{
    if (x->found == 0 && x->solution)
        for (int k = 0; k < x->depth; k++)
            x->solution->cells[x->picked[k] / 9] = (uint8_t)(x->picked[k] % 9 + 1);
    x->found++;
}

/* Algorithm X: branch on the column with the fewest nodes. */
static void dlx_search(dlx_instance *x)
{
    dlx_node *n = x->node;
    x->nodes++;
    if (n[0].right == 0) {
        dlx_record(x);
        return;
    }
    int best = n[0].right;
    for (int c = n[best].right; c != 0 && x->size[best] > 1; c = n[c].right)
        if (x->size[c] < x->size[best])
            best = c;
    if (x->size[best] == 0)
        return;
    if (x->size[best] > 1)
        x->guesses++;
    dlx_cover(x, best);
    for (int r = n[best].down; r != best && x->found < x->limit; r = n[r].down) {
        x->picked[x->depth++] = n[r].choice;
        dlx_take(x, r);
        dlx_search(x);
        dlx_untake(x, r);
        x->depth--;
    }
    dlx_uncover(x, best);
}

static int dlx_solve(void *instance, const sk_grid *puzzle, int limit, sk_grid *solution,
                     sk_solve_stats *stats)
{
    dlx_instance *x = instance;
    uint16_t row[9] = {0}, col[9] = {0}, box[9] = {0};
    for (int i = 0; i < 81; i++) {
        int v = puzzle->cells[i];
        if (v == 0)
            continue;
        int r = i / 9, c = i % 9, k = r / 3 * 3 + c / 3;
        if (v > 9)
            return SK_ERR_INVALID;
        uint16_t bit = (uint16_t)(1u << (v - 1));
        if ((row[r] | col[c] | box[k]) & bit)
            return SK_ERR_INVALID;
        row[r] |= bit;
        col[c] |= bit;
        box[k] |= bit;
    }
    x->depth = 0;
    for (int i = 0; i < 81; i++) {
        if (puzzle->cells[i] == 0)
            continue;
        int r = x->first[i * 9 + puzzle->cells[i] - 1];
        dlx_cover(x, x->node[r].column);
        dlx_take(x, r);
        x->picked[x->depth++] = (uint16_t)(i * 9 + puzzle->cells[i] - 1);
    }
    int givens = x->depth;
    x->limit = limit < 1 ? 1 : limit;
    x->found = 0;
    x->solution = solution;
    x->guesses = 0;
    x->nodes = 0;
    dlx_search(x);
    for (int k = givens - 1; k >= 0; k--) {
        int r = x->first[x->picked[k]];
        dlx_untake(x, r);
        dlx_uncover(x, x->node[r].column);
    }
    if (stats) {
        stats->guesses += x->guesses;
        stats->nodes += x->nodes;
    }
    return x->found;
}

static void *dlx_create(const sk_services *services, const sk_option *options, size_t option_count,
                        char *err, size_t errlen)
{
    (void)services;
    if (sk_options_none(options, option_count, err, errlen) != SK_OK)
        return NULL;
    dlx_instance *x = sk_plugin_alloc(sizeof *x, err, errlen);
    if (!x)
        return NULL;
    dlx_build(x);
    return x;
}

static const sk_strategy dlx_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_SOLVER,
    .name = "dlx",
    .summary = "Knuth's Algorithm X with dancing links (exact cover, 324 columns)",
    .options_help = NULL,
    .create = dlx_create,
    .destroy = sk_plugin_free,
    .solve = dlx_solve,
};

/* The plugin: its descriptor and entry symbol. */
SK_PLUGIN_DEFINE("solver-dlx", "1.0.0", &dlx_strategy)
