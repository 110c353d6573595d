/* The SE set's chains as a step's data: the facts behind a conclusion of an implication branch
 * (each following the first fact it was read from, with what makes the link) or the path of a
 * static chain, as nodes. */
#include "human_chaining.h"

/* The via of a node whose fact was derived for cause (HUMAN_CAUSE_*, a unit, or a rule with
 * an inner chain of complexity nest_cx). */
static uint8_t human_data_via(int cause, uint32_t nest_cx)
{
    if (cause == HUMAN_CAUSE_RULE)
        return nest_cx ? HUMAN_VIA_NESTED : HUMAN_VIA_RULE;
    if (cause == HUMAN_CAUSE_CELL)
        return HUMAN_VIA_CELL;
    return cause < 27 ? (uint8_t)cause : HUMAN_VIA_NONE;
}

/* Append to the step's current chain a node for fact f following node parent, its link made
 * by via; its index, -1 when the step is full. */
static int human_data_node(human_step *step, int f, int parent, uint8_t via)
{
    int n = step->chain_start[step->chain_count];
    if (n >= HUMAN_MAX_NODES)
        return -1;
    human_node *node = &step->nodes[n];
    node->kind = HUMAN_NODE_CELL;
    node->digit = (uint8_t)human_fact_digit(f);
    node->on = human_fact_on(f);
    node->ncells = 1;
    node->cells[0] = (uint8_t)human_fact_cell(f);
    node->via = parent < 0 ? HUMAN_VIA_NONE : via;
    node->parent = (int16_t)parent;
    step->chain_start[step->chain_count] = n + 1;
    return n;
}

/* Mark in seen the facts behind target in b (target and, breadth first, their parents); their
 * count. */
static int human_data_behind(const human_branch *b, int target, uint8_t seen[HUMAN_FACTS])
{
    uint16_t queue[HUMAN_FACTS];
    int tail = 0;
    queue[tail++] = (uint16_t)target;
    seen[target] = 1;
    for (int head = 0; head < tail; head++) {
        int i = b->slot[queue[head]];
        for (uint32_t p = 0; p < b->pcount[i]; p++) {
            int q = b->pool[b->pstart[i] + p];
            if (!seen[q]) {
                seen[q] = 1;
                queue[tail++] = (uint16_t)q;
            }
        }
    }
    return tail;
}

/* Mark in seen only the line of first parents from target to the start (the main line). */
static int human_data_main_line(const human_branch *b, int target, uint8_t seen[HUMAN_FACTS])
{
    int n = 0;
    for (int f = target; n < HUMAN_FACTS && !seen[f];) {
        seen[f] = 1;
        n++;
        int i = b->slot[f];
        if (b->pcount[i] == 0)
            break;
        f = b->pool[b->pstart[i]];
    }
    return n;
}

void human_step_add_branch_chain(human_step *step, const human_branch *b, int target)
{
    uint8_t seen[HUMAN_FACTS] = {0};
    int16_t node_of[HUMAN_FACTS];
    if (human_data_behind(b, target, seen) >
        HUMAN_MAX_NODES - step->chain_start[step->chain_count]) {
        for (int f = 0; f < HUMAN_FACTS; f++)
            seen[f] = 0;
        human_data_main_line(b, target, seen);
    }
    if (!human_step_chain_begin(step))
        return;
    step->nested = step->vias = true;
    /* In the order the branch derived them: a fact after the facts it was read from (the fact
     * that met its opposite sits just past the list). */
    int last = b->contradiction ? b->nlist : b->nlist - 1;
    for (int i = 0; i <= last && i < HUMAN_FACTS; i++) {
        int f = b->list[i];
        if (!seen[f] || b->slot[f] != i)
            continue;
        int parent = b->pcount[i] ? node_of[b->pool[b->pstart[i]]] : -1;
        node_of[f] =
            (int16_t)human_data_node(step, f, parent, human_data_via(b->cause[i], b->nest_cx[i]));
        if (node_of[f] < 0)
            return;
    }
}

void human_step_add_static_chain(human_step *step, const human_static_scratch *s, int i)
{
    int path[HUMAN_MAX_NODES], n = 0;
    for (; i >= 0 && n < HUMAN_MAX_NODES; i = s->nodes[i].parent)
        path[n++] = i;
    if (!human_step_chain_begin(step))
        return;
    step->nested = step->vias = true;
    for (int k = n - 1, parent = -1; k >= 0; k--) {
        const human_static_node *node = &s->nodes[path[k]];
        parent = human_data_node(step, node->fact, parent, human_data_via(node->cause, 0));
        if (parent < 0)
            return;
    }
}
