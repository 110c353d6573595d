/* generator-variant: the internal header of the "variant" generator
 * (puzzles of any rules: symmetric, minimal, clue counts, levels where a
 * rater rates the rules, random jigsaw layouts, killer cages). */
#ifndef VARIANT_H
#define VARIANT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine.h"
#include "sudokit/plugin.h"

/* ------------------------------------------------------------ symmetry -- */

/* The cells of a grid grouped into the orbits of a symmetry, in random
 * order: orbit o is cells[start[o] .. start[o+1]). */
typedef struct orbits {
    uint16_t cells[SK_MAX_CELLS];
    uint16_t start[SK_MAX_CELLS + 1];
    uint32_t count;
} orbits;

/* The image of cell under sym in an N x N grid (rot90 turns a quarter). */
uint32_t symmetry_image(sk_symmetry sym, uint32_t size, uint32_t cell);

/* True when sym maps every house, group, relation and custom of rules
 * onto one of the same kind, mark and table: the symmetries a puzzle of
 * these rules may show. Without memory it answers false. */
bool symmetry_keeps(sk_symmetry sym, const sk_rules *rules);

/* Group the cells of an N x N grid into orbits of sym, in random order. */
void symmetry_orbits(sk_symmetry sym, uint32_t size, sk_rng *rng, orbits *out);

/* True when the clues of puzzle (N x N) have symmetry sym. */
bool symmetry_holds(sk_symmetry sym, uint32_t size, const sk_board *puzzle);

/* The names of the symmetries, in sk_symmetry's order, NULL after the
 * last. */
extern const char *const symmetry_names[SK_SYM_RANDOM + 2];

/* The name of sym ("none", "rot180", ...). */
const char *symmetry_name(sk_symmetry sym);

/* ---------------------------------------------------------- uniqueness -- */

/* Decides whether a puzzle has one solution: by the engine's propagation
 * when it solves the puzzle alone (a proof), else by the engine's count
 * to two, else (the count ran past its node budget) by the host's counter
 * (services->count_solutions_rules) under rules. When rules is NULL,
 * compile makes them first (killer cages compile only when the host's
 * count needs them). */
typedef struct judge {
    const sk_services *services;
    engine *engine;
    const sk_rules *rules;
    int (*compile)(struct judge *judge, char *err, size_t errlen);
    void *user;
    bool keep_undecided; /* a removal the search cannot decide soon keeps its clue */
    uint64_t proofs, searches, counts, kept; /* how each question was answered */
} judge;

/* 1 when puzzle has exactly one solution (which must be solution), 0 when
 * it has more; other (may be NULL) then gets another solution when one
 * was found, or stays all 0. removed (may be NULL) lists cells whose
 * digits of solution make puzzle unique (a dig's last removal), which
 * narrows the search; with keep_undecided such a question that the
 * search does not settle in 20 nodes a cell answers 0 (the removal is
 * not made) instead of going to the host. Negative with err when the
 * counter failed. */
int judge_unique(judge *j, const sk_board *puzzle, const sk_board *solution,
                 const uint16_t *removed, uint32_t removed_count, sk_board *other, char *err,
                 size_t errlen);

/* Find a solution of puzzle into *first: by the engine's search, or
 * through the host when it runs too long (compiling the rules first when
 * needed). 1 found, 0 none, negative with err when that failed. */
int judge_find(judge *j, const sk_board *puzzle, sk_board *first, char *err, size_t errlen);

/* Forget the compiled rules (the cages changed); they compile again on
 * the next count. */
void judge_forget(judge *j);

/* --------------------------------------------------------------- dig ---- */

/* What one generate call asks, defaults folded in. */
typedef struct variant_target {
    int clues;            /* clue count, 0 = none (killer: givens, 0 = none) */
    sk_symmetry symmetry; /* asked (SK_SYM_RANDOM: picked per puzzle)  */
    int minimal;
    int level;
    int window;
    double rating_min, rating_max;
    uint32_t attempts;
    bool rated;        /* level or window asked                    */
    uint32_t cage_max; /* killer: most cells a cage                */
} variant_target;

/* One dig: the full grid, the puzzle, the orbits taken in order. */
typedef struct dig_run {
    sk_board solution;
    sk_board puzzle;
    uint32_t clues;
    uint32_t accepted[SK_MAX_CELLS];
    uint32_t accepted_count;
} dig_run;

/* Dig run->solution (filled in) under j: remove orbits of sym while the
 * puzzle stays unique, stopping at the clue target when there is one and
 * minimality is not asked; then check minimality (symmetric orbits) and
 * the level or rating window through the host's rater. 1 when the
 * puzzle meets every target (run->puzzle holds it), 0 when this attempt
 * missed, negative with err on failure. */
int dig_puzzle(judge *j, const variant_target *t, sk_symmetry sym, sk_rng *rng, dig_run *run,
               char *err, size_t errlen);

/* True when the host's rater service can rate puzzles under rules: rate
 * for the classic 9x9, rate_rules (ABI 1.5) for any other rules (the rater
 * behind it may still refuse them, which fails the dig). */
bool dig_rules_rated(const sk_services *services, const sk_rules *rules);

/* ------------------------------------------------------------ jigsaw ---- */

/* A random layout of N regions of N cells joined by their sides, into
 * region (N*N entries, 0..N-1), mapped onto itself by sym: regions are
 * swapped cell for cell from boxes (or rows when N has no boxes) by many
 * random moves that keep every region in one piece. SK_OK, or SK_ERR when
 * sym cannot keep a layout of this size. */
int jigsaw_layout(uint32_t size, sk_symmetry sym, sk_rng *rng, uint8_t *region);

/* True when jigsaw_layout can keep sym in an N x N grid (its start, the
 * boxes or rows, has it). */
bool jigsaw_keeps(uint32_t size, sk_symmetry sym);

/* True when region (N*N entries) is N regions of N cells, each in one
 * piece. */
bool jigsaw_valid(uint32_t size, const uint8_t *region);

/* ------------------------------------------------------------- cages ---- */

/* A partition of the grid into cages: cage of each cell, and each cage's
 * cells and sum under the solution (cages_index makes those). */
typedef struct cage_map {
    uint32_t size, cells, count;
    uint16_t of[SK_MAX_CELLS];
    uint16_t list[SK_MAX_CELLS];
    uint16_t start[SK_MAX_CELLS + 1];
    int32_t sum[SK_MAX_CELLS];
} cage_map;

/* Cut the cells of an N x N grid into connected cages of 2 to max cells
 * (a cage of one only where no neighbour can take the cell), no digit of
 * solution twice in a cage. */
void cages_partition(cage_map *c, uint32_t size, uint32_t max, const sk_board *solution,
                     sk_rng *rng);

/* Number the cages 0..count-1, list their cells and sums. */
void cages_index(cage_map *c, const sk_board *solution);

/* Cut cage k in two connected parts (k has two cells or more). */
void cages_split(cage_map *c, uint32_t k, sk_rng *rng);

/* Give the engine the cages and the sums they imply (engine_derive).
 * SK_OK or SK_ERR (out of memory). */
int cages_bind(const cage_map *c, engine *e);

/* Write " killer:SUM=CELLS;..." of the cages into out (len bytes); false
 * when it does not fit. */
bool cages_spec(const cage_map *c, char *out, size_t len);

/* ------------------------------------------------------------ killer ---- */

/* What a judge of killer cages compiles: the rules without cages (base),
 * the cages, and a buffer for the spec. */
typedef struct killer_job {
    const sk_rules *base;
    const cage_map *map;
    char *spec;
    size_t spec_size;
} killer_job;

/* The judge's compile for killer cages (judge.user is a killer_job): the
 * base spec and the cages, compiled through the services. */
int killer_compile(judge *j, char *err, size_t errlen);

/* Make the cages c (a partition on solution) have one solution without
 * givens: split the cage where two solutions differ until they do, then
 * merge neighbour cages (up to max cells, no digit twice) while they
 * still do. j's engine is bound to the rules without cages (the cages are
 * added here) and j's compile is killer_compile. 1 when done (the engine
 * holds the final cages), 0 when this attempt failed, negative with err
 * on failure. */
int killer_cages(judge *j, cage_map *c, uint32_t max, const sk_board *solution, sk_rng *rng,
                 char *err, size_t errlen);

/* -------------------------------------------------------------- spec ---- */

/* The terms of a normalised spec after its geometry (and its jigsaw map):
 * "" when none, else the text from the first term on. */
const char *spec_terms(const char *spec);

/* Write "NxN jigsaw:MAP TERMS" into out (len bytes); false when it does
 * not fit. */
bool spec_jigsaw(uint32_t size, const uint8_t *region, const char *terms, char *out, size_t len);

/* ------------------------------------------------------------ a call ---- */

#define VARIANT_SPEC_SIZE 65536u

/* The option defaults; a request's nonzero fields override them. */
typedef struct variant_defaults {
    uint32_t attempts;
    int clues;
    sk_symmetry symmetry;
    int minimal;
    bool random_regions; /* regions=random: a new jigsaw layout a puzzle */
    bool killer;         /* killer=1: killer cages a puzzle             */
    uint32_t cage_max;   /* 0: the default                             */
} variant_defaults;

/* An instance: its defaults and the buffers of one call at a time. */
typedef struct variant_instance {
    const sk_services *services;
    variant_defaults defaults;
    engine engine;
    cage_map cages;
    dig_run run;
    char spec[VARIANT_SPEC_SIZE];
} variant_instance;

/* One generate call. */
typedef struct variant_call {
    variant_instance *inst;
    const sk_rules *rules; /* asked */
    const sk_gen_request *request;
    variant_target target;
    sk_rng rng;
    sk_symmetry sym; /* of this puzzle's clues */
    uint64_t proofs, searches, counts, kept; /* the judges' answers, for the debug log */
    char *err;
    size_t errlen;
} variant_call;

/* Make one puzzle for call (targets resolved, symmetry picked) into out,
 * trying up to the target's attempts. SK_OK, SK_ERR_LIMIT when no attempt
 * met every target, or another negative status; err says why. */
int generate_puzzle(variant_call *call, sk_gen_rules_result *out);

#endif /* VARIANT_H */
