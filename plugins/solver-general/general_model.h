/* Solver "general": compiled rules laid out for the search (general_model.c). */
#ifndef GENERAL_MODEL_H
#define GENERAL_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "sudokit/plugin.h"

/* A relation seen from one of its cells: when this cell holds d, other may
 * hold only tables[table + d]. */
typedef struct general_link {
    uint16_t other;
    uint32_t table;
} general_link;

/* A group with a sum: its cells, and the digit sets (combinations) its
 * cells can hold, or none when there are too many to list (then the sum
 * only bounds each cell by the others' smallest and largest digits). */
typedef struct general_sum {
    uint32_t cells, count; /* sum_cells[cells .. cells+count)          */
    int32_t sum;
    uint32_t combos, combo_count; /* combos[combos ..), 0: bounds only */
} general_sum;

/* Two houses (first, second) that share two cells or more (for locked
 * candidates): the shared cells, then those of the first only, then those
 * of the second only, from cross_cells[cells]. */
typedef struct general_cross {
    uint32_t first, second, cells;
    uint16_t shared, first_only, second_only;
} general_cross;

/* What the search reads, derived from one rules value. Every array is
 * owned by the model; the rules value itself is passed to each solve (its
 * peers and customs are read there). */
typedef struct general_model {
    char *spec; /* the normalised spec it was made from        */
    uint32_t size, cells, house_count, relation_count, custom_count;
    sk_digits all;
    uint16_t *house_cells; /* house i: [i*size .. (i+1)*size)         */
    uint32_t *link_start;  /* [cells+1] into links                    */
    general_link *links;
    sk_digits *tables;
    uint32_t sum_count;
    general_sum *sums;
    uint16_t *sum_cells;
    sk_digits *combos;
    uint32_t *cell_house_start, *cell_houses;   /* cell -> its houses   */
    uint32_t *cell_sum_start, *cell_sums;       /* cell -> its sums     */
    uint32_t *cell_custom_start, *cell_customs; /* cell -> its customs  */
    uint32_t cross_count;
    general_cross *crosses;
    uint16_t *cross_cells;
} general_model;

/* At most this many combinations are listed for a group with a sum. */
#define GENERAL_COMBOS_MAX 4096

/* Build the model of rules. NULL when out of memory. */
general_model *general_model_build(const sk_rules *rules);

/* True when model was built from rules (a rules value depends only on its
 * normalised spec, so the same spec means the same primitives). */
bool general_model_fits(const general_model *model, const sk_rules *rules);

/* Free a model; NULL is ignored. */
void general_model_free(general_model *model);

#endif /* GENERAL_MODEL_H */
