/* generator-search: what its files share (private to the plugin). */
#ifndef SK_SEARCH_H
#define SK_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sudokit/plugin.h"

/* Most members an episode keeps. */
#define SEARCH_POPULATION_MAX 64

/* What the options set. */
typedef struct search_options {
    uint32_t episode;  /* candidates one episode makes (at most the        *
                        * request's max_attempts)                         */
    int population;    /* members an episode keeps (2..64)                */
    int remove;        /* most clues one move takes away or changes (1..4) */
    int tries;         /* moves tried for one unique candidate            */
} search_options;

/* One generate call: the request, its randomness and what it has spent. */
typedef struct search_run {
    const sk_services *services;
    const sk_gen_request *request;
    const search_options *options;
    sk_rng rng;
    bool pattern;  /* the request has a clue pattern: moves keep it */
    bool minimal;  /* every candidate must be minimal              */
    uint32_t judged; /* candidates judged, seeds too                   */
    uint32_t made;   /* candidates the moves made                      */
    double best;   /* best score judged so far                     */
    char *err;
    size_t errlen;
} search_run;

/* A puzzle of an episode, with its one solution and fitness. */
typedef struct search_member {
    sk_grid puzzle, solution;
    double fitness;
} search_member;

/* ------------------------------------------------------ search_moves.c -- */

/* Whether puzzle has exactly one solution: 1 yes (stored in solution when
 * not NULL), 0 no, negative when the host's counter failed (err set). */
int search_unique(search_run *run, const sk_grid *puzzle, sk_grid *solution);

/* Remove clues of a unique puzzle, in random order, while it stays unique:
 * the result is minimal. 0, or negative when the counter failed. */
int search_minimise(search_run *run, sk_grid *puzzle);

/* Whether no clue of a unique puzzle can go: 1 yes, 0 no, negative when
 * the counter failed. */
int search_is_minimal(search_run *run, const sk_grid *puzzle);

/* Whether puzzle's clues are exactly the request's pattern. */
bool search_fits_pattern(const search_run *run, const sk_grid *puzzle);

/* A neighbour of parent into child: without a pattern, a {-n+m} move (n
 * clues removed, m of other cells added, 1 <= n <= remove, m within one of
 * n); with one, n clues given other digits. The child is unique, minimal
 * when the run asks, and has the pattern when it has one. 1 made, 0 none
 * within the tries, negative when the counter failed. */
int search_move(search_run *run, const search_member *parent, search_member *child);

/* A random puzzle with the run's pattern (and its fixed cells): 1 made, 0
 * none within the tries, negative on a failure (err set). */
int search_pattern_start(search_run *run, search_member *out);

/* ---------------------------------------------------- search_episode.c -- */

/* Look for a puzzle the run's targets accept, from seeds (and, with a
 * pattern, random puzzles with it), keeping the fittest candidates as the
 * parents of the next moves. SK_OK with out filled, SK_ERR_LIMIT when the
 * episode's candidates ran out (err says so; out then holds the fittest
 * puzzle it met), or another negative status. */
int search_episode(search_run *run, sk_gen_result *out);

#endif /* SK_SEARCH_H */
