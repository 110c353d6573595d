/* rules-givens: a static library of the solvers of any rules: whether the
 * givens of a puzzle break its rules outright. */
#ifndef SK_RULES_GIVENS_H
#define SK_RULES_GIVENS_H

#include <stdbool.h>

#include "sudokit/plugin.h"

/* True when every cell of puzzle under rules is blank or a digit 1..N and
 * no two peers (rules->peers: cells of one house or group, cells a
 * not-equal relation ties) hold the same digit. False is what a solver
 * answers with SK_ERR_INVALID; other relations between givens are left to
 * the search (they leave no solution, they break nothing by themselves). */
bool rules_givens_ok(const sk_rules *rules, const sk_board *puzzle);

#endif /* SK_RULES_GIVENS_H */
