/* Eureka notation read back: "(5)r1c2=(5)r1c7-(5)r4c7=(5)r4c3", "(1=6)r6c3-(6=2)r5c3", groups
 * as "(5)r1c23" or "(5)r12c3", sets of cells as "(5)r1c2,r2c3", into a chain of a step (the
 * inverse of human_step_chain_text). */
#include "human.h"

#include <stdio.h>

/* Read digits "[1-9]+" at *p into a list; their count (0: none). */
static int human_notation_digits(const char **p, int out[9])
{
    int n = 0;
    while (**p >= '1' && **p <= '9' && n < 9)
        out[n++] = *(*p)++ - '0';
    return n;
}

/* Read the cells of a node, "r1c2", "r1c23", "r12c3" or such parts joined by commas (a set of
 * cells not in one line, "r1c2,r2c3"), into node. */
static bool human_notation_cells(const char **p, human_node *node)
{
    node->ncells = 0;
    bool line = true;
    do {
        int rows[9], cols[9];
        if (node->ncells && **p == ',') {
            (*p)++;
            line = false;
        }
        if (**p != 'r')
            return false;
        (*p)++;
        int nr = human_notation_digits(p, rows);
        if (!nr || **p != 'c')
            return false;
        (*p)++;
        int nc = human_notation_digits(p, cols);
        if (!nc || (nr > 1 && nc > 1) || node->ncells + nr * nc > 9)
            return false;
        for (int i = 0; i < nr; i++)
            for (int j = 0; j < nc; j++)
                node->cells[node->ncells++] = (uint8_t)((rows[i] - 1) * 9 + cols[j] - 1);
    } while (**p == ',' && (*p)[1] == 'r');
    node->kind = node->ncells == 1 ? HUMAN_NODE_CELL : line ? HUMAN_NODE_GROUP : HUMAN_NODE_ALS;
    return true;
}

/* Append node to the step's current chain with truth on. */
static bool human_notation_add(human_step *step, const human_node *node, int digit, bool on)
{
    int n = step->chain_start[step->chain_count];
    if (n >= HUMAN_MAX_NODES)
        return false;
    step->nodes[n] = *node;
    step->nodes[n].digit = (uint8_t)digit;
    step->nodes[n].on = on;
    step->nodes[n].parent = (int16_t)(n > step->chain_start[step->chain_count - 1] ? n - 1 : -1);
    step->chain_start[step->chain_count] = n + 1;
    return true;
}

bool human_step_chain_parse(human_step *step, const char *text, char *err, size_t errlen)
{
    const char *p = text;
    bool on = false; /* set again from the second node at the end */
    if (!human_step_chain_begin(step)) {
        snprintf(err, errlen, "the step holds no more chains");
        return false;
    }
    while (*p) {
        const char *at = p;
        int digits[2] = {0, 0}, nd = 0;
        bool inner_strong = false;
        if (*p++ != '(' || (digits[nd++] = *p++ - '0') < 1 || digits[0] > 9)
            goto bad;
        if (*p == '=' || *p == '-') {
            inner_strong = *p++ == '=';
            if ((digits[nd++] = *p++ - '0') < 1 || digits[1] > 9)
                goto bad;
        }
        if (*p++ != ')')
            goto bad;
        human_node node = {0};
        if (!human_notation_cells(&p, &node))
            goto bad;
        if (!human_notation_add(step, &node, digits[0], on) ||
            (nd == 2 && !human_notation_add(step, &node, digits[1], inner_strong)))
            goto full;
        if (*p == '\0') {
            /* The first node is the opposite of the second: a chain alternates. */
            int first = step->chain_start[step->chain_count - 1];
            if (step->chain_start[step->chain_count] - first > 1)
                step->nodes[first].on = !step->nodes[first + 1].on;
            return true;
        }
        if (*p != '=' && *p != '-')
            goto bad;
        on = *p++ == '=';
        continue;
    bad:
        snprintf(err, errlen, "not Eureka notation at character %d of '%s': give nodes like "
                 "(5)r1c2 or (1=6)r6c3 joined by = (strong) and - (weak)",
                 (int)(at - text) + 1, text);
        return false;
    full:
        snprintf(err, errlen, "the chain '%s' has more than %d nodes", text, HUMAN_MAX_NODES);
        return false;
    }
    snprintf(err, errlen, "an empty chain");
    return false;
}
