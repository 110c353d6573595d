/* generator-variant: is a puzzle unique? Proved by propagation when it
 * solves the puzzle alone, else counted by the host's solver. */
#include <stdio.h>
#include <string.h>

#include "variant.h"

int judge_count(judge *j, const sk_board *puzzle, int limit, sk_board *first, char *err,
                size_t errlen)
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

int judge_unique(judge *j, const sk_board *puzzle, const sk_board *solution, sk_board *other,
                 char *err, size_t errlen)
{
    if (other)
        memset(other, 0, sizeof *other);
    if (engine_solves(j->engine, puzzle, solution)) {
        j->proofs++;
        return 1;
    }
    sk_board first;
    int found = judge_count(j, puzzle, 2, &first, err, errlen);
    if (found < 0)
        return found;
    if (found >= 1 && other && memcmp(first.cells, solution->cells, sizeof first.cells) != 0)
        *other = first;
    return found == 1;
}

void judge_forget(judge *j)
{
    if (j->rules && j->compile)
        j->services->release_rules(j->services->ctx, j->rules);
    if (j->compile)
        j->rules = NULL;
}
