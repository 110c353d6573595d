/* Internal header of the human rater under rules other than classic 9x9:
 * the techniques run over the rules' houses, groups, relations and
 * constraints, and rate on SE's scale from the classic technique table. */
#ifndef SK_RATER_VARIANT_H
#define SK_RATER_VARIANT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "human.h"
#include "sudokit/plugin.h"

/* The largest rules rated: a step's cells are bytes (sk_candidate). */
#define VARIANT_MAX_SIZE SK_STEP_MAX_SIZE
#define VARIANT_MAX_CELLS (VARIANT_MAX_SIZE * VARIANT_MAX_SIZE)
/* Most candidates a step can remove. */
#define VARIANT_MAX_ELIMS (VARIANT_MAX_CELLS * VARIANT_MAX_SIZE)

/* A set of cells of a board: bit i = cell i (0..255). */
typedef struct variant_cells {
    uint64_t w[VARIANT_MAX_CELLS / 64];
} variant_cells;

static inline bool variant_cells_has(const variant_cells *s, int cell)
{
    return (s->w[cell >> 6] >> (cell & 63)) & 1;
}

static inline void variant_cells_add(variant_cells *s, int cell)
{
    s->w[cell >> 6] |= (uint64_t)1 << (cell & 63);
}

/* Two houses sharing two cells or more (for intersections). */
typedef struct variant_cross {
    uint16_t first, second;
} variant_cross;

/* What the techniques read, derived once from a rules value: each house's
 * cells as a set and its name, each cell's peers as a set, the relations
 * of each cell, the pairs of houses that cross. */
typedef struct variant_model {
    const sk_rules *rules;
    int size, cells;
    sk_digits all;
    int house_count;
    bool has_regions;         /* houses size*2 .. size*3-1 are boxes or regions */
    variant_cells *house_set; /* [house_count]                                */
    char (*house_name)[32];   /* [house_count]: "row 3", "diagonal 1"          */
    variant_cells peer_set[VARIANT_MAX_CELLS];
    uint32_t relation_start[VARIANT_MAX_CELLS + 1]; /* into relation_list     */
    uint32_t *relation_list;                        /* relation indexes       */
    int cross_count;
    variant_cross *crosses;
} variant_model;

/* Build model from rules (size at most VARIANT_MAX_SIZE); false when out
 * of memory. */
bool variant_model_build(variant_model *model, const sk_rules *rules);

/* Free what variant_model_build allocated. */
void variant_model_release(variant_model *model);

/* The pencil-mark grid a person keeps while solving under the rules. */
typedef struct variant_state {
    const variant_model *m;
    sk_digits cand[VARIANT_MAX_CELLS]; /* of an empty cell; 0 for a filled one */
    uint8_t value[VARIANT_MAX_CELLS];  /* 0 or the digit                        */
    int empty;
} variant_state;

/* Start st from board: givens placed, each empty cell's candidates
 * narrowed by the givens' peers and relations. False when a cell is left
 * with no candidate. */
bool variant_state_start(variant_state *st, const variant_model *m, const sk_board *board);

/* Place d in cell: d leaves the peers, and each relation of the cell
 * narrows the cell at its other end. */
void variant_state_place(variant_state *st, int cell, int d);

/* True when st cannot lead to a solution: an empty cell without
 * candidates, or a house where a digit has no place. */
bool variant_state_broken(const variant_state *st);

/* The digits placed in house h. */
sk_digits variant_house_placed(const variant_state *st, int h);

/* The empty cells of house h where d is a candidate, into cells (N
 * entries); their number. */
int variant_house_places(const variant_state *st, int h, int d, int *cells);

/* True when two cells must differ (one is the other's peer). */
static inline bool variant_sees(const variant_model *m, int a, int b)
{
    return variant_cells_has(&m->peer_set[a], b);
}

/* Write "r3c5" (rows and columns from 1) for cell into buf (12 bytes). */
void variant_cell_name(const variant_model *m, int cell, char *buf);

/* One deduction under the rules, before it is applied: a placement, or
 * candidates removed; the house or constraint it used in where. */
typedef struct variant_step {
    const char *technique; /* static, or name below */
    char name[48];
    double rating;
    bool place;
    sk_candidate placed;
    uint8_t cells[VARIANT_MAX_CELLS];
    int cell_count;
    sk_candidate elim[VARIANT_MAX_ELIMS];
    int elim_count;
    char where[96];
    char text[512];
} variant_step;

/* Reset step to an empty step of technique id, named and rated as the
 * classic table says. */
void variant_step_begin(variant_step *step, human_technique_id id);

/* Reset step to an empty step of a technique the table has not (a
 * constraint's own deduction), with its name and rating. */
void variant_step_begin_named(variant_step *step, const char *name, double rating);

/* Add a pattern cell (a repeat is ignored). */
void variant_step_cell(variant_step *step, int cell);

/* Add the removal of d from cell (a repeat is ignored). */
void variant_step_elim(variant_step *step, int cell, int d);

/* Make step the placement of d in cell. */
void variant_step_place(variant_step *step, int cell, int d);

/* The step's explanation, printf style. */
void variant_step_text(variant_step *step, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* Apply step to st: its removals, then its placement. */
void variant_step_apply(variant_state *st, const variant_step *step);

/* A technique: fill step with a deduction found in st and return true,
 * or return false. It never changes st. */
typedef bool (*variant_finder)(const variant_state *st, variant_step *step);

/* The techniques, each over every house of the rules (variant_*.c). */
bool variant_find_full_house(const variant_state *st, variant_step *step);
bool variant_find_hidden_single_region(const variant_state *st, variant_step *step);
bool variant_find_hidden_single_other(const variant_state *st, variant_step *step);
bool variant_find_naked_single(const variant_state *st, variant_step *step);
bool variant_find_constraint(const variant_state *st, variant_step *step);
bool variant_find_pointing(const variant_state *st, variant_step *step);
bool variant_find_claiming(const variant_state *st, variant_step *step);
bool variant_find_cage_pointing(const variant_state *st, variant_step *step);
bool variant_find_naked_pair(const variant_state *st, variant_step *step);
bool variant_find_naked_triple(const variant_state *st, variant_step *step);
bool variant_find_naked_quad(const variant_state *st, variant_step *step);
bool variant_find_hidden_pair(const variant_state *st, variant_step *step);
bool variant_find_hidden_triple(const variant_state *st, variant_step *step);
bool variant_find_hidden_quad(const variant_state *st, variant_step *step);
bool variant_find_x_wing(const variant_state *st, variant_step *step);
bool variant_find_swordfish(const variant_state *st, variant_step *step);
bool variant_find_jellyfish(const variant_state *st, variant_step *step);
bool variant_find_xy_wing(const variant_state *st, variant_step *step);
bool variant_find_forcing(const variant_state *st, variant_step *step);
bool variant_find_forcing_plus(const variant_state *st, variant_step *step);

/* The digits of cage g (a group with a sum) in the combinations of its sum
 * that its cells can still take: in any of them (fit), in all of them
 * (need; 0 when none fits). */
void variant_cage_digits(const variant_state *st, int g, sk_digits *fit, sk_digits *need);

/* Name a cage or custom constraint into out: its mark ("cage", "arrow"),
 * the sum when it has one (sum > 0), and its first cell: "cage 15 at r1c1". */
void variant_constraint_name(const variant_model *m, const char *mark, int sum, int cell, char *out,
                             size_t len);

/* SE-scale rating of a constraint's own deduction (cage combinations, a
 * relation between two cells, a constraint plugin's propagation): SE has
 * none; docs/rating.md says why this value. */
#define VARIANT_CONSTRAINT_RATING 2.5

/* Level 1..5 of an SE score, as for classic puzzles (human_rater.c). */
int human_rater_level(double score);

/* Count a step of rating into res (human_rater.c): ED from the first step,
 * EP up to the first placement (*placed_yet), ER and the hardest
 * technique from the highest. */
void human_rating_add(sk_rating *res, double rating, bool place, const char *technique,
                      bool *placed_yet);

/* Rate puzzle under rules (not classic 9x9) as sk_rate_rules_fn does;
 * services counts the solutions. */
int variant_rate(const sk_services *services, const sk_rules *rules, const sk_board *puzzle,
                 sk_rating *out, sk_step_fn on_step, void *user, char *err, size_t errlen);

#endif /* SK_RATER_VARIANT_H */
