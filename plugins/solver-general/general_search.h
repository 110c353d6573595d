/* Solver "general": propagation and search over a model (general_search.c,
 * general_propagate.c). */
#ifndef GENERAL_SEARCH_H
#define GENERAL_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "general_model.h"

/* The search of one instance: the position being worked on, the work
 * queue of its propagation, and a stack of saved positions, one per
 * guess. Sized for the model's cells (general_search_fit). */
typedef struct general_search {
    const general_model *model;
    const sk_rules *rules;
    bool locked;    /* look for locked candidates where singles stall */
    uint32_t cells; /* what the buffers below are sized for           */
    /* the position */
    sk_digits *cand;
    uint8_t *placed; /* the cell's one digit has left its peers       */
    uint32_t left;   /* cells not placed yet                          */
    /* the propagation's work */
    uint16_t *queue;
    uint8_t *queued;
    uint32_t head, tail;
    uint8_t *sum_dirty, *custom_dirty; /* [sum_count], [custom_count] */
    uint8_t *house_dirty;              /* [house_count]: changed since its hidden singles */
    uint32_t *dirty_houses;            /* those houses, dirty_count of them          */
    uint32_t dirty_count;
    uint8_t *lock_dirty, *lock_now; /* changed since the last locked pass  */
    bool sums_waiting, customs_waiting;
    sk_digits before[SK_MAX_CELLS]; /* a custom's cells before its call */
    /* the guesses */
    sk_digits *saved_cand; /* frame f: [f*cells .. (f+1)*cells)        */
    uint8_t *saved_placed;
    uint32_t *saved_left;
    uint16_t *saved_cell;
    sk_digits *saved_digit; /* the digit tried first in saved_cell     */
    uint32_t depth;
    sk_board board; /* a full position, for the customs' checks      */
    uint64_t guesses, nodes;
} general_search;

/* Make s ready for model and rules (the buffers sized for them). False
 * when out of memory. */
bool general_search_fit(general_search *s, const general_model *model, const sk_rules *rules);

/* Free the buffers of s (s itself is the caller's). */
void general_search_free(general_search *s);

/* Count the solutions of puzzle (checked by the caller: digits 1..N, no
 * two equal peers) up to limit; the first goes to solution when not NULL. */
int general_search_run(general_search *s, const sk_board *puzzle, int limit, sk_board *solution);

/* Propagation (general_propagate.c): narrow cell to keep, queueing it when
 * it changed; false when nothing is left. */
bool general_narrow(general_search *s, uint32_t cell, sk_digits keep);

/* Propagate to a fixed point: placed digits leave their peers, relations,
 * sums and customs narrow their cells, hidden singles of every house are
 * placed (and locked candidates removed when s->locked). False on a
 * contradiction (the queue is then empty again). */
bool general_propagate(general_search *s);

#endif /* GENERAL_SEARCH_H */
