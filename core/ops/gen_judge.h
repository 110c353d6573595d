/* The judge of the generate operation: the targets every written puzzle
 * meets (level, rating window, techniques, novelty), checked on a full and
 * exact rating and its explained path, and the fitness a search climbs
 * (ratings remembered by canonical form). Internal to core/ops. */
#ifndef SUDOKIT_GEN_JUDGE_H
#define SUDOKIT_GEN_JUDGE_H

#include <pthread.h>
#include <stdatomic.h>

#include "canon_set.h"
#include "op.h"

/* What a run's puzzles must meet; zero members ask nothing. */
typedef struct gen_targets {
    int level;
    double rating_min, rating_max; /* rating_max 0: no window */
    const char *requires;          /* a technique of the path (any case) */
    const char *hardest;           /* the hardest technique (any case)   */
} gen_targets;

/* A run's judge, shared by its workers. */
typedef struct gen_judge {
    gen_targets targets;
    ski_canon_set *excluded; /* puzzles never to make; read-only in a run */
    pthread_mutex_t lock;   /* guards what follows                      */
    ski_canon_set *memo;     /* fitness ratings by canonical form        */
    uint64_t judged, rated, written;
    double best;
    bool any;
    ski_progress *progress;
    atomic_bool halted; /* the run is over: searches stop */
    const sk_op *op;    /* whose stop request also ends them */
} gen_judge;

/* One worker's raters: fitness rates candidates with a bounded effort (and
 * stops at the floor of the window), exact rates in full. */
typedef struct gen_judge_worker {
    sk_instance *fitness, *exact;
} gen_judge_worker;

/* One generate call's view of the judge (the user of sk_judge_fn): the
 * exact rating of the puzzle it accepted, for the output. */
typedef struct gen_judge_call {
    gen_judge *judge;
    gen_judge_worker *worker;
    bool search; /* a search: fitness wanted for every candidate */
    bool has_accepted;
    sk_grid accepted;
    sk_rating accepted_rating;
} gen_judge_call;

/* Start a judge of targets (strings borrowed for the run) for op, whose
 * stop request ends its searches. 0, or -1 with err when out of memory. */
int gen_judge_init(gen_judge *j, const sk_op *op, const gen_targets *targets, sk_error *err);

/* Free what the judge holds. */
void gen_judge_release(gen_judge *j);

/* Never accept puzzle (or any equivalent one). 0, or -1 when out of
 * memory. Before the run. */
int gen_judge_exclude(gen_judge *j, const sk_grid *puzzle, sk_error *err);

/* True when puzzle (or an equivalent one) is excluded. */
bool gen_judge_excluded(const gen_judge *j, const sk_grid *puzzle);

/* The rater options of a worker's fitness rater: the run's, then a bounded
 * effort and, with a rating window, a stop at its floor. Into buf. */
void gen_judge_fitness_options(const gen_judge *j, const char *rater_options, char *buf,
                               size_t len);

/* The fitness of a rating of score and level for targets t: larger is
 * closer; the score, turned down past the window or the level. */
double gen_judge_fitness(const gen_targets *t, double score, int level);

/* Rate puzzle in full with rater, reporting its steps to check the
 * techniques, into out; then 1 when it meets every target, 0 when not, or
 * a negative status with err set (the rating failed). */
int gen_judge_exact(const gen_judge *j, sk_instance *rater, const sk_grid *puzzle, sk_rating *out,
                    sk_error *err);

/* The sk_judge_fn a run lends its generators (user: a gen_judge_call). */
int gen_judge_candidate(void *user, const sk_grid *puzzle, const sk_grid *solution,
                        sk_judgement *out, char *err, size_t errlen);

/* Whether technique name step is wanted, in any case, or one of its types
 * ("Unique rectangle" is "Unique rectangle type 1" and the others). */
bool gen_technique_is(const char *wanted, const char *step);

/* The progress note of a search ("3 tried, 2 rated, best 9.9") into buf. */
void gen_judge_note(gen_judge *j, char *buf, size_t len);

#endif /* SUDOKIT_GEN_JUDGE_H */
