/* Solver "fast": the engine entry points, one per instruction set it is built for. */
#ifndef FAST_ENGINE_H
#define FAST_ENGINE_H

#include "sudokit/plugin.h"

/*
 * fast_engine.c is compiled once per instruction set, each time with its
 * own compiler flags and FAST_VARIANT set to the set's name; each copy
 * defines fast_engine_solve_<name>. The CMakeLists.txt says which copies a
 * build has (FAST_HAVE_<NAME>), fast.c picks one at run time.
 *
 * Every copy has the contract of sk_solve_fn without the instance: count
 * the solutions of puzzle up to limit (>= 1) and return how many (0 to
 * limit), or SK_ERR_INVALID when the givens break a rule or a cell holds
 * more than 9. The first solution found goes to solution (may be NULL);
 * guesses and nodes are added to stats (may be NULL). Nothing is
 * allocated; the search state lives on the stack.
 */
typedef int (*fast_engine_fn)(const sk_grid *puzzle, int limit, sk_grid *solution,
                              sk_solve_stats *stats);

int fast_engine_solve_avx512(const sk_grid *puzzle, int limit, sk_grid *solution,
                             sk_solve_stats *stats);
int fast_engine_solve_avx2(const sk_grid *puzzle, int limit, sk_grid *solution,
                           sk_solve_stats *stats);
int fast_engine_solve_sse2(const sk_grid *puzzle, int limit, sk_grid *solution,
                           sk_solve_stats *stats);
int fast_engine_solve_generic(const sk_grid *puzzle, int limit, sk_grid *solution,
                              sk_solve_stats *stats);
int fast_engine_solve_off(const sk_grid *puzzle, int limit, sk_grid *solution,
                          sk_solve_stats *stats);

#endif /* FAST_ENGINE_H */
