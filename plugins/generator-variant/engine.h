/* generator-variant: the candidates of a grid under any rules as bit sets,
 * narrowed to a fixed point by every primitive, and the randomised fill
 * built on them. */
#ifndef VARIANT_ENGINE_H
#define VARIANT_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include "sudokit/plugin.h"

/* A set of different digits with a sum (0: none) the engine keeps: the
 * rules' groups with sums and the cages the generator invents. combos
 * lists every set of count digits of 1..N that adds up to sum (NULL when
 * N is too large to list them: then only the bounds of the sum narrow). */
typedef struct engine_sum {
    const uint16_t *cells;
    uint32_t count;
    int32_t sum;
    const sk_digits *combos;
    uint32_t combo_count;
} engine_sum;

/* The engine of one rules value (and the invented cages on top of it).
 * It owns its buffers; one engine serves one thread. */
typedef struct engine {
    const sk_rules *rules;
    uint32_t size, cells;
    sk_digits all;
    uint16_t *house_start; /* [cells + 1]: cell -> its houses in cell_houses */
    uint16_t *cell_houses;
    uint8_t *house_dirty; /* [houses]: a cell of it changed since its scan */
    uint32_t *relations;  /* indexes of the relations that are not "differ" */
    uint32_t relation_count;
    engine_sum *sums; /* the rules' sums, the invented cages, then derived ones */
    uint32_t sum_count, base_sums, cage_end, sum_cap;
    uint16_t *derived_cells; /* the cells of the derived sums                */
    uint32_t derived_cap;
    int32_t cage_of[SK_MAX_CELLS]; /* the invented cage (index in sums) or -1 */
    uint32_t combo_size;           /* N of the tables below, 0 = none     */
    sk_digits *combo_sets;         /* every subset of 1..N, by size and sum */
    uint32_t *combo_start;         /* (size, sum) -> first in combo_sets  */
    sk_digits *frames;             /* the fill's stack: candidates a level */
    uint8_t *done;                 /* its cells already propagated        */
    uint32_t frame_cells;
    uint16_t queue[SK_MAX_CELLS];
    sk_digits scratch[SK_MAX_CELLS];
    uint64_t nodes; /* nodes of the last fill or count */
} engine;

/* An empty engine (no rules yet). */
void engine_init(engine *e);

/* Free what the engine holds; it may be bound again after engine_init. */
void engine_free(engine *e);

/* Work on rules from now on (they must outlive their use here), with no
 * invented cage. Returns SK_OK or SK_ERR when out of memory. */
int engine_bind(engine *e, const sk_rules *rules);

/* Drop the invented cages; add one: cells (kept by pointer, valid while
 * the cage is in use) all different and adding up to sum. A cell is in at
 * most one invented cage. engine_add_cage returns SK_OK or SK_ERR when out
 * of memory. */
void engine_clear_cages(engine *e);
int engine_add_cage(engine *e, const uint16_t *cells, uint32_t count, int32_t sum);

/* Append a sum over cells (kept by pointer): all different when distinct
 * (then narrowed by its digit sets), else by its bounds only. SK_OK or
 * SK_ERR when out of memory. */
int engine_add_sum(engine *e, const uint16_t *cells, uint32_t count, int32_t sum, bool distinct);

/* Work out the sums the rules' groups and the cages imply over each house
 * (replacing those worked out before): the cells of a house outside the
 * cages wholly inside it sum to what those cages leave of the house's
 * total (all different: one house); the cells outside the house of the
 * cages that cross into it, when they cover the rest of it, sum to what
 * those cages exceed it by. SK_OK or SK_ERR when out of memory. */
int engine_derive(engine *e);

/* Candidates of board: a digit's cell holds it alone, an empty cell every
 * digit; done (cells bytes) is cleared. */
void engine_start(const engine *e, const sk_board *board, sk_digits *cand, uint8_t *done);

/* Narrow cand to a fixed point: placed digits leave their peers and
 * cages, hidden singles of houses, relations, sums and the customs'
 * propagation. Removes only what no solution can hold. False when some
 * cell or house is left without a digit. done marks the cells whose single
 * digit was already taken from their peers. */
bool engine_propagate(engine *e, sk_digits *cand, uint8_t *done);

/* engine_propagate when cand was a fixed point of it before cell was
 * narrowed: only the houses of cell are scanned for hidden singles at
 * first (the search's step). */
bool engine_propagate_cell(engine *e, sk_digits *cand, uint8_t *done, uint32_t cell);

/* True when propagation alone solves puzzle into exactly solution, which
 * proves that solution is its only solution (no search: a certificate).
 * False says nothing. */
bool engine_solves(engine *e, const sk_board *puzzle, const sk_board *solution);

/* Complete board at random: its digits stay and every empty cell gets one
 * so that the rules hold (customs checked). The search propagates, takes
 * the cell with the fewest candidates (ties from a random start) and tries
 * its digits in random order. SK_OK; SK_ERR_INVALID when the digits have
 * no completion; SK_ERR_LIMIT when node_limit nodes went first; SK_ERR
 * when out of memory. */
int engine_fill(engine *e, sk_board *board, sk_rng *rng, uint64_t node_limit);

/* Count the solutions of puzzle up to limit by the same search (digits in
 * order), those found into found[0..limit) when not NULL: the count (0
 * when none); SK_ERR_LIMIT when node_limit nodes went first; SK_ERR when
 * out of memory. */
int engine_count(engine *e, const sk_board *puzzle, int limit, uint64_t node_limit,
                 sk_board *found);

/* Look for a solution of puzzle other than solution, knowing that puzzle
 * with solution's digits in cells (count of them, empty in puzzle) has
 * one solution: any other differs from solution in one of cells, so one
 * search a cell (that cell banned from its digit, the cells before it
 * given theirs) looks at far less than a count to two. 1 found (into
 * *other when not NULL), 0 when solution is the only one; SK_ERR_LIMIT
 * when a search spent node_limit nodes; SK_ERR when out of memory. */
int engine_other_at(engine *e, const sk_board *puzzle, const sk_board *solution,
                    const uint16_t *cells, uint32_t count, uint64_t node_limit, sk_board *other);

/* A uniform random digit of the set (not empty), as its bit. */
sk_digits engine_pick(sk_digits set, sk_rng *rng);

#endif /* VARIANT_ENGINE_H */
