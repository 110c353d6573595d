/* A nested forcing chain unfolded: for each node a forcing chain run inside a branch gave, the
 * branches of that inner chain, found again on the grid the branch had then. */
#include "human_chaining.h"

#include <stdlib.h>
#include <string.h>

/* The engine a nested rule searches with (human_rules_chain's). */
static const human_chaining *unfold_rule_engine(int rule)
{
    static const human_chaining engines[HUMAN_RULES] = {
        [HUMAN_RULE_FORCING] = {false, false, false, 0},
        [HUMAN_RULE_MULTIPLE] = {true, false, false, 0},
        [HUMAN_RULE_DYNAMIC] = {true, true, false, 0},
        [HUMAN_RULE_DYNAMIC_FORCING] = {true, true, false, 2},
    };
    return &engines[rule];
}

/* The fact of node n (a candidate node). */
static int unfold_node_fact(const human_node *n)
{
    return human_fact(n->cells[0], n->digit, n->on);
}

/* Append the chains of inner (all of them, their nodes after step's) to step: a chain's start
 * follows node k of step, a chain nested deeper keeps following its node. */
static void unfold_append(human_step *step, const human_step *inner, int k)
{
    int offset = step->chain_start[step->chain_count];
    for (int i = 0; i < inner->chain_count; i++) {
        int first = inner->chain_start[i], end = inner->chain_start[i + 1];
        if (offset + end > HUMAN_MAX_NODES || !human_step_chain_begin(step))
            return;
        for (int n = first; n < end; n++) {
            human_node node = inner->nodes[n];
            if (node.parent < 0) {
                node.parent = (int16_t)k;
                node.via = HUMAN_VIA_NONE;
            } else {
                node.parent = (int16_t)(node.parent + offset);
            }
            step->nodes[offset + n] = node;
        }
        step->chain_start[step->chain_count] = offset + end;
    }
}

/* Unfold node k of step, fact f derived by a nested rule in branch b (which kept the grids of
 * its nested rules in u): find that rule's hint again and add its chains. */
static void unfold_node(human_step *step, int k, const human_branch *b, const human_unfold *u,
                        human_depth *dp)
{
    int f = unfold_node_fact(&step->nodes[k]);
    if (!human_branch_has(b, f))
        return;
    int i = b->slot[f], batch = -1;
    for (int j = 0; j < u->count && u->batch[j].first <= i; j++)
        batch = j;
    if (batch < 0 || b->cause[i] != HUMAN_CAUSE_RULE || !b->nest_cx[i])
        return;
    human_state *grid = malloc(sizeof *grid);
    human_step *inner = calloc(1, sizeof *inner);
    if (grid && inner) {
        *grid = *b->st;
        memcpy(grid->cand, u->batch[batch].cand, sizeof grid->cand);
        int rule = u->batch[batch].rule;
        human_budget bud = {0};
        human_sink sink = {.collect = true,
                           .only = true,
                           .signature = b->nest_sig[i],
                           .removal = f / 2,
                           .step = inner};
        human_rules_chain(rule, grid, &bud, dp->next, &sink);
        if (sink.found) {
            if (rule != HUMAN_RULE_FORCING)
                human_step_unfold(inner, grid, unfold_rule_engine(rule), dp->next);
            unfold_append(step, inner, k);
        }
    }
    free(grid);
    free(inner);
}

void human_step_unfold(human_step *step, const human_state *st, const human_chaining *engine,
                       human_depth *dp)
{
    human_unfold *u = malloc(sizeof *u);
    if (!u || !dp->br || !dp->next)
        goto done;
    human_budget bud = {0};
    human_state_places(st, dp->places);
    human_branch *b = &dp->br[0];
    int outer = step->chain_count, ran = -1;
    for (int c = 0; c < outer; c++) {
        int first = step->chain_start[c], end = step->chain_start[c + 1];
        bool any = false;
        for (int k = first + 1; k < end && !any; k++)
            any = step->nodes[k].via == HUMAN_VIA_NESTED;
        int start = unfold_node_fact(&step->nodes[first]);
        if (!any || step->nodes[first].kind != HUMAN_NODE_CELL)
            continue;
        if (start != ran) {
            human_branch_prepare(b, st, (const uint16_t(*)[9])dp->places, &bud, dp->next);
            u->count = 0;
            b->unfold = u;
            human_branch_run(b, engine, start);
            b->unfold = NULL;
            ran = start;
        }
        for (int k = first + 1; k < end; k++)
            if (step->nodes[k].via == HUMAN_VIA_NESTED)
                unfold_node(step, k, b, u, dp);
    }
done:
    free(u);
}
