/* The seeds of a search run: the puzzles it starts from (files, the
 * store, the starter collection) and, as the run goes, the puzzles it
 * found, fed back as seeds of the puzzles made a fixed number of places
 * later, so what each puzzle starts from depends on the run alone, not on
 * how many jobs make it. Internal to core/ops. */
#ifndef SUDOKIT_GEN_SEEDS_H
#define SUDOKIT_GEN_SEEDS_H

#include <pthread.h>

#include "gen_judge.h"
#include "op.h"

/* Puzzles of a run found this many places earlier are seeds. */
#define GEN_SEEDS_LAG 8

typedef struct gen_seeds {
    sk_grid *list; /* the seeds given, before the run */
    size_t count, cap;
    /* the run: room slots for finds (filled from the end), then the list */
    sk_grid *pool;
    size_t room, finds;
    uint64_t *find_places; /* the place of each find, in order      */
    uint64_t written;      /* places written so far                 */
    bool halted;
    const sk_op *op; /* whose stop request ends the waits */
    pthread_mutex_t lock;
    pthread_cond_t more;
} gen_seeds;

/* No seeds yet. */
void gen_seeds_init(gen_seeds *s);

/* Add the puzzles of path (any layout) to the seeds; a bad puzzle is an
 * error naming its place, and key (the key that named path). 0, or -1
 * with err. */
int gen_seeds_read_file(gen_seeds *s, const char *path, const char *key, sk_error *err);

/* Add the stored puzzles that filters picks: "key=value,..." of the
 * filters of `db query` (empty: every stored puzzle), in its order. 0, or
 * -1 with err. */
int gen_seeds_read_store(gen_seeds *s, sk_ctx *ctx, const char *filters, sk_error *err);

/* Add the built-in seeds: the hard seeds (public puzzles of SE 10 and
 * more) and the evil puzzles of the starter collection, the fittest for
 * targets first (without a window or a level, the hardest first). 0, or
 * -1 with err. */
int gen_seeds_read_builtin(gen_seeds *s, const gen_targets *targets, sk_error *err);

/* Start the run of op with room for that many finds fed back; op's stop
 * request ends the waits. 0, or -1 with err when out of memory. */
int gen_seeds_start(gen_seeds *s, const sk_op *op, size_t room, sk_error *err);

/* The seeds of the puzzle at place (0 the run's first): the finds of the
 * places up to GEN_SEEDS_LAG before it, newest first, then the list.
 * Waits until those places are written; NULL once the run halted. */
const sk_grid *gen_seeds_for(gen_seeds *s, uint64_t place, size_t *count);

/* Place `written` (the next one) is written, with its find (NULL: none). */
void gen_seeds_written(gen_seeds *s, const sk_grid *find);

/* The run is over: wake every waiter. */
void gen_seeds_halt(gen_seeds *s);

/* Free what the seeds hold. */
void gen_seeds_release(gen_seeds *s);

#endif /* SUDOKIT_GEN_SEEDS_H */
