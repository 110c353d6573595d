/* grid-fill: a static library of the random and dig generators: the
 * randomised backtracking fill of a grid. */
#ifndef SK_GRID_FILL_H
#define SK_GRID_FILL_H

#include <stddef.h>
#include <stdint.h>

#include "sudokit/plugin.h"

/* Default bound on search nodes for one fill. An empty grid needs about 81
 * nodes; only fixed cells that admit no completion come near the bound. */
#define FILL_DEFAULT_NODE_LIMIT 200000u

/* Complete grid at random: its filled cells stay, every empty cell gets a
 * digit so that the result follows the rules. The search takes the empty
 * cell with the fewest candidates (ties broken at random) and tries its
 * candidates in random order, all drawn from rng, so the same rng state
 * gives the same grid. Returns SK_OK; SK_ERR_INVALID when the filled cells
 * already break the rules or have no completion; SK_ERR_LIMIT when
 * node_limit search nodes were spent first. err (errlen bytes) says which. */
int fill_random_grid(sk_grid *grid, sk_rng *rng, uint64_t node_limit, char *err, size_t errlen);

#endif /* SK_GRID_FILL_H */
