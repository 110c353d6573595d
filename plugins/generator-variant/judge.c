/* generator-variant: is a puzzle unique? Proved by propagation when it
 * solves the puzzle alone, else counted by the engine's own search, and
 * by the host's solver of any rules when that search runs too long. */
#include <stdio.h>
#include <string.h>

#include "variant.h"

/* Nodes the engine's own count may spend before the host's solver takes
 * the question over (the engine answers nearly every one far sooner). */
#define JUDGE_SEARCH_NODES 200000u
/* Nodes a cell of the grid a removal's search may spend when an
 * undecided removal keeps its clue (judge.keep_undecided). */
#define JUDGE_KEEP_NODES_PER_CELL 20u

/* Count through the host's solver of any rules, compiling the rules first
 * when needed. */
static int judge_host_count(judge *j, const sk_board *puzzle, int limit, sk_board *first,
                            char *err, size_t errlen)
{
    if (!j->rules && j->compile(j, err, errlen) != SK_OK)
        return SK_ERR;
    j->counts++;
    const sk_services *s = j->services;
    int found = s->count_solutions_rules(s->ctx, j->rules, puzzle, limit, first);
    if (found < 0)
        snprintf(err, errlen,
                 "the host's solution counter failed (status %d) on the rules '%.200s'; a "
                 "solver of any rules is needed (`sudokit plugins --kind solver`)",
                 found, j->rules->spec);
    return found;
}

int judge_find(judge *j, const sk_board *puzzle, sk_board *first, char *err, size_t errlen)
{
    int found = engine_count(j->engine, puzzle, 1, JUDGE_SEARCH_NODES, first);
    if (found >= 0) {
        j->searches++;
        return found;
    }
    if (found != SK_ERR_LIMIT) {
        snprintf(err, errlen, "out of memory");
        return found;
    }
    return judge_host_count(j, puzzle, 1, first, err, errlen);
}

/* Another solution of puzzle than solution by the engine's search: 1
 * found (into *other, all 0 when not known), 0 none, negative when the
 * search ran too long or failed. Given removed, only the solutions that
 * differ there; else the first two solutions in the search's order. */
static int judge_search_other(judge *j, const sk_board *puzzle, const sk_board *solution,
                              const uint16_t *removed, uint32_t removed_count, sk_board *other)
{
    if (removed)
        return engine_other_at(j->engine, puzzle, solution, removed, removed_count,
                               j->keep_undecided ? JUDGE_KEEP_NODES_PER_CELL * j->engine->cells
                                                 : JUDGE_SEARCH_NODES,
                               other);
    sk_board found[2] = {{{0}}, {{0}}};
    int n = engine_count(j->engine, puzzle, 2, JUDGE_SEARCH_NODES, found);
    if (n < 0)
        return n;
    bool first_is_ours = memcmp(found[0].cells, solution->cells, sizeof found[0].cells) == 0;
    if (n == 1 && first_is_ours)
        return 0;
    *other = first_is_ours ? found[1] : found[0];
    return 1;
}

/* The same question through the host's counter (the search ran too
 * long): 1 another solution (into *other when the counter's first is not
 * ours, else all 0), 0 none, negative on failure. */
static int judge_host_other(judge *j, const sk_board *puzzle, const sk_board *solution,
                            sk_board *other, char *err, size_t errlen)
{
    sk_board first = {{0}};
    int found = judge_host_count(j, puzzle, 2, &first, err, errlen);
    if (found < 0)
        return found;
    bool first_is_ours = memcmp(first.cells, solution->cells, sizeof first.cells) == 0;
    if (found == 1 && first_is_ours)
        return 0;
    if (!first_is_ours)
        *other = first;
    return 1;
}

int judge_unique(judge *j, const sk_board *puzzle, const sk_board *solution,
                 const uint16_t *removed, uint32_t removed_count, sk_board *other, char *err,
                 size_t errlen)
{
    if (engine_solves(j->engine, puzzle, solution)) {
        j->proofs++;
        if (other)
            memset(other, 0, sizeof *other);
        return 1;
    }
    sk_board another = {{0}};
    int found = judge_search_other(j, puzzle, solution, removed, removed_count, &another);
    if (found >= 0) {
        j->searches++;
    } else if (found == SK_ERR_LIMIT && removed && j->keep_undecided) {
        j->kept++;
        return 0; /* undecided: the clue stays, which keeps the puzzle unique */
    } else if (found == SK_ERR_LIMIT) {
        memset(&another, 0, sizeof another);
        found = judge_host_other(j, puzzle, solution, &another, err, errlen);
    } else {
        snprintf(err, errlen, "out of memory");
    }
    if (other)
        *other = another;
    return found < 0 ? found : !found;
}

void judge_forget(judge *j)
{
    if (j->rules && j->compile)
        j->services->release_rules(j->services->ctx, j->rules);
    if (j->compile)
        j->rules = NULL;
}
