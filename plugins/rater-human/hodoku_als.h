/* Internal header of the almost locked sets of the HoDoKu technique set: the sets of a grid and
 * their restricted commons, in HoDoKu's order, for ALS-XZ, ALS-XY-Wing, ALS chains and Death
 * Blossom. */
#ifndef SK_RATER_HODOKU_ALS_H
#define SK_RATER_HODOKU_ALS_H

#include "hodoku.h"

/* An almost locked set: n cells of one unit holding n + 1 digits. */
typedef struct hodoku_als {
    human_set cells;
    uint16_t cands;
    human_set per[10]; /* its cells holding digit d */
    human_set see[10]; /* the other cells holding d that see all of per[d] */
    human_set see_all; /* see[] of every digit */
} hodoku_als;

/* A restricted common of two sets (als1 < als2): a digit (or two) whose places in both see
 * each other. actual, during a chain search: 1 cand1, 2 cand2, 3 both is the link used. */
typedef struct hodoku_rc {
    int als1, als2;
    uint8_t cand1, cand2, actual;
} hodoku_rc;

/* The sets of a grid and their restricted commons: those of set i are rc[start[i], end[i]). */
typedef struct hodoku_alses {
    int count, cap;
    hodoku_als *als;
    int nrc, rc_cap;
    hodoku_rc *rc;
    int *start, *end;
} hodoku_alses;

/* Collect the sets of st (HoDoKu's order: rows, columns, boxes, each set where first found) and
 * their restricted commons with the sets after them. False when out of memory. */
bool hodoku_alses_collect(hodoku_alses *a, const hodoku_state *st);

/* Release a's memory. */
void hodoku_alses_free(hodoku_alses *a);

/* HoDoKu's checkCandidatesToDelete: the digits of both a and b but the restricted ones
 * (0: none) leave the cells that see all their places in a and b; true when any did. */
bool hodoku_als_common_elims(const hodoku_als *a, const hodoku_als *b, const int restricted[4],
                             human_step *step);

/* Append a node of set a on digit d (true or false) to the step's current chain, following
 * the node before it. */
void hodoku_als_node(human_step *step, const hodoku_als *a, int d, bool on);

/* Add to step a chain of the count sets, set i linked to set i + 1 by digit links[i]:
 * "(z)A=(x)A-(x)B=(z)B" for the first digit z removed; and their cells as pattern cells. */
void hodoku_als_chain_nodes(human_step *step, const hodoku_als *const *sets, const int *links,
                            int count);

/* A search over the sets of st: builds each step found in step and gives it to fn (NULL: the
 * search's own choice, the step HoDoKu takes); true when a step was taken (fn returned true,
 * or without fn a step was found). */
typedef bool (*hodoku_als_finder)(const hodoku_state *st, const hodoku_alses *a, human_step *step,
                                  hodoku_each_fn fn, void *user);

/* Collect the sets of st and run find on them. */
bool hodoku_als_run(hodoku_state *st, human_step *step, hodoku_als_finder find, hodoku_each_fn fn,
                    void *user);

/* The finders of ALS-XZ, ALS-XY-Wing, ALS chains and Death Blossom. */
bool hodoku_als_xz_in(const hodoku_state *st, const hodoku_alses *a, human_step *step,
                      hodoku_each_fn fn, void *user);
bool hodoku_als_wing_in(const hodoku_state *st, const hodoku_alses *a, human_step *step,
                        hodoku_each_fn fn, void *user);
bool hodoku_als_chain_in(const hodoku_state *st, const hodoku_alses *a, human_step *step,
                         hodoku_each_fn fn, void *user);
bool hodoku_blossom_in(const hodoku_state *st, const hodoku_alses *a, human_step *step,
                       hodoku_each_fn fn, void *user);

/* Write "r1c23 {125}" for set a into buf. */
void hodoku_als_text(const hodoku_als *a, char *buf, size_t len);

/* Add the cells of set a to the step's pattern cells. */
void hodoku_als_cells(const hodoku_als *a, human_step *step);

#endif /* SK_RATER_HODOKU_ALS_H */
