/* Internal header of the HoDoKu technique set (techniques=hodoku): its grid with singles
 * queues, its finders in HoDoKu's default order, its scores and levels. */
#ifndef SK_RATER_HODOKU_H
#define SK_RATER_HODOKU_H

#include "human.h"

/* A queue of singles waiting to be taken, as HoDoKu keeps them: a single
 * is queued the moment a cell is left with one candidate (naked) or a
 * unit with one place for a digit (hidden), so the order in which singles
 * are found is the order in which they appeared. */
typedef struct hodoku_queue {
    uint8_t cell[243];
    uint8_t digit[243];
    int get, put;
} hodoku_queue;

typedef struct hodoku_tabling hodoku_tabling;

/* The grid of the HoDoKu technique set: candidates, digits, the number of
 * places of each digit in each unit and the singles queues, all kept up to
 * date by hodoku_place and hodoku_remove. */
typedef struct hodoku_state {
    const human_tables *t;
    uint16_t cand[81];     /* candidates of an empty cell; 0 for a filled one */
    uint8_t value[81];     /* 0 or the digit */
    bool given[81];        /* a digit of the puzzle (not placed by a step) */
    uint8_t free[27][10];  /* places of digit d in unit u (empty cells only) */
    human_set holds[10];   /* cells holding digit d as a candidate */
    int unsolved;
    bool broken;           /* a move left a cell without candidates */
    hodoku_queue naked, hidden;
    hodoku_tabling *tabling; /* the chains' working memory, kept from one search to the next */
} hodoku_state;

/* Start st empty (every candidate everywhere), then place the digits of
 * grid in cell order as givens. The working memory st holds is kept. */
void hodoku_state_start(hodoku_state *st, const human_tables *t, const sk_grid *grid);

/* Release the working memory st holds (st stays usable). */
void hodoku_state_release(hodoku_state *st);

/* Place d in cell: its peers lose d and the singles that appear are queued. */
void hodoku_place(hodoku_state *st, int cell, int d);

/* Remove candidate d from cell (nothing when it is not one); the singles
 * that appear are queued. */
void hodoku_remove(hodoku_state *st, int cell, int d);

/* Apply step: its eliminations in order, then its placement. */
void hodoku_apply(hodoku_state *st, const human_step *step);

/* Cells where digit d is still allowed by the digits placed (HoDoKu's
 * "candidates allowed": the candidates a grid would have without any
 * elimination). */
human_set hodoku_allowed(const hodoku_state *st, int d);

/* Cells that see every cell of cells (the cells themselves excluded). */
human_set hodoku_buddies(const human_tables *t, human_set cells);

/* Sort the eliminations of step by digit, then cell: the order HoDoKu applies them in for a
 * step whose list it sorted (chains, loops). */
void hodoku_step_sort_elims(human_step *step);

/* Add to step the removal of d from every cell of targets (which hold d); true when any. */
bool hodoku_step_elim_set(human_step *step, human_set targets, int d);

/* A view of st as the plain candidate grid the rest of the rater uses. */
void hodoku_view(const hodoku_state *st, human_state *view);

/* ------------------------------------------------------------- ranking */

/* What HoDoKu compares when it sorts the steps of one kind to take the
 * first: most eliminations, then (when the eliminations differ) the lower
 * weighted sum of the eliminations, then the shorter chain, then the
 * digits, then the cells. */
typedef struct hodoku_rank {
    int type;
    int elims;
    int elim_sum;
    uint64_t elim_set[12];
    int chain_len;
    uint16_t values;
    int value_sum;
    int cells, cell_sum;
} hodoku_rank;

/* The rank of step: values (count of them) are its digits as HoDoKu lists
 * them, chain_len its chain length (0: none); its pattern cells count when
 * with_cells. */
void hodoku_rank_of(const human_step *step, const uint8_t *values, int count, int chain_len,
                    bool with_cells, hodoku_rank *out);

/* Negative when a comes before b in HoDoKu's order, 0 when equal. */
int hodoku_rank_compare(const hodoku_rank *a, const hodoku_rank *b);

/* ------------------------------------------------------------- finders */

/* One finder of the set: fills step with the step HoDoKu would take with
 * this technique (its first, or its best after sorting), true when found.
 * The state is never changed. */
typedef bool (*hodoku_finder)(hodoku_state *st, human_step *step);

bool hodoku_full_house(hodoku_state *st, human_step *step);
bool hodoku_naked_single(hodoku_state *st, human_step *step);
bool hodoku_hidden_single(hodoku_state *st, human_step *step);
bool hodoku_locked_pair(hodoku_state *st, human_step *step);
bool hodoku_locked_triple(hodoku_state *st, human_step *step);
bool hodoku_pointing(hodoku_state *st, human_step *step);
bool hodoku_claiming(hodoku_state *st, human_step *step);
bool hodoku_naked_pair(hodoku_state *st, human_step *step);
bool hodoku_naked_triple(hodoku_state *st, human_step *step);
bool hodoku_naked_quad(hodoku_state *st, human_step *step);
bool hodoku_hidden_pair(hodoku_state *st, human_step *step);
bool hodoku_hidden_triple(hodoku_state *st, human_step *step);
bool hodoku_hidden_quad(hodoku_state *st, human_step *step);

bool hodoku_x_wing(hodoku_state *st, human_step *step);
bool hodoku_swordfish(hodoku_state *st, human_step *step);
bool hodoku_jellyfish(hodoku_state *st, human_step *step);
bool hodoku_finned_x_wing(hodoku_state *st, human_step *step);
bool hodoku_finned_swordfish(hodoku_state *st, human_step *step);
bool hodoku_finned_jellyfish(hodoku_state *st, human_step *step);
bool hodoku_sashimi_x_wing(hodoku_state *st, human_step *step);
bool hodoku_sashimi_swordfish(hodoku_state *st, human_step *step);
bool hodoku_sashimi_jellyfish(hodoku_state *st, human_step *step);
bool hodoku_franken_x_wing(hodoku_state *st, human_step *step);
bool hodoku_franken_swordfish(hodoku_state *st, human_step *step);
bool hodoku_finned_franken_x_wing(hodoku_state *st, human_step *step);
bool hodoku_finned_franken_swordfish(hodoku_state *st, human_step *step);

bool hodoku_remote_pair(hodoku_state *st, human_step *step);
bool hodoku_bug_plus_1(hodoku_state *st, human_step *step);
bool hodoku_skyscraper(hodoku_state *st, human_step *step);
bool hodoku_kite(hodoku_state *st, human_step *step);
bool hodoku_turbot(hodoku_state *st, human_step *step);
bool hodoku_empty_rectangle(hodoku_state *st, human_step *step);
bool hodoku_w_wing(hodoku_state *st, human_step *step);
bool hodoku_xy_wing(hodoku_state *st, human_step *step);
bool hodoku_xyz_wing(hodoku_state *st, human_step *step);
bool hodoku_uniqueness_1(hodoku_state *st, human_step *step);
bool hodoku_uniqueness_2(hodoku_state *st, human_step *step);
bool hodoku_uniqueness_3(hodoku_state *st, human_step *step);
bool hodoku_uniqueness_4(hodoku_state *st, human_step *step);
bool hodoku_uniqueness_5(hodoku_state *st, human_step *step);
bool hodoku_uniqueness_6(hodoku_state *st, human_step *step);
bool hodoku_hidden_rectangle(hodoku_state *st, human_step *step);
bool hodoku_avoidable_1(hodoku_state *st, human_step *step);
bool hodoku_avoidable_2(hodoku_state *st, human_step *step);
bool hodoku_simple_colors(hodoku_state *st, human_step *step);
bool hodoku_multi_colors(hodoku_state *st, human_step *step);
bool hodoku_sue_de_coq(hodoku_state *st, human_step *step);
bool hodoku_x_chain(hodoku_state *st, human_step *step);
bool hodoku_xy_chain(hodoku_state *st, human_step *step);
bool hodoku_nice_loop(hodoku_state *st, human_step *step);
bool hodoku_grouped_nice_loop(hodoku_state *st, human_step *step);
bool hodoku_als_xz(hodoku_state *st, human_step *step);
bool hodoku_als_xy_wing(hodoku_state *st, human_step *step);
bool hodoku_als_chain(hodoku_state *st, human_step *step);
bool hodoku_death_blossom(hodoku_state *st, human_step *step);
bool hodoku_forcing_chain(hodoku_state *st, human_step *step);
bool hodoku_forcing_net(hodoku_state *st, human_step *step);

/* Every step a search finds, not only the one HoDoKu takes (as HoDoKu's "find all steps"):
 * each is given to fn, which returns true to stop the search. */
typedef bool (*hodoku_each_fn)(void *user, const human_step *step);

/* Every nice loop and AIC (grouped ones too when groups). */
void hodoku_nice_loops_each(hodoku_state *st, bool groups, hodoku_each_fn fn, void *user);

/* Every ALS-XZ, ALS-XY-Wing, ALS chain or Death Blossom (technique one of those). */
void hodoku_als_each(hodoku_state *st, human_technique_id technique, hodoku_each_fn fn, void *user);

/* ------------------------------------------------------------- driver */

/* HoDoKu's five levels (Easy .. Extreme as 1..5) from the highest level of
 * a technique used and the score: a score above a level's ceiling (800,
 * 1000, 1600, 1800) raises the level. */
int hodoku_level(int technique_level, int score);

/* The technique index of the set reports, in HoDoKu's order of search
 * (the kinds a finder may report after the one it searches), or -1 past
 * the last. */
int hodoku_technique_at(size_t index);

/* True when the set reports steps of the technique called name (HoDoKu's
 * name, as the table has it). */
bool hodoku_reports(const char *name);

/* Find the step HoDoKu takes at st: true with the step (its score set),
 * false when none applies (brute force always does unless the solution is
 * unknown). level receives the level of its technique (1..5). solution is
 * the puzzle's solution, for brute force. */
bool hodoku_next_step(hodoku_state *st, const uint8_t solution[81], human_step *step, int *level);

#endif /* SK_RATER_HODOKU_H */
