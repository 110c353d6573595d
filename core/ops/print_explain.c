/* A puzzle's worked solution (print --explain): the rater's steps in
 * order, the position before each one replayed from the puzzle (a
 * placement removes its digit from the cell's peers, an elimination its
 * candidates), and what the print module draws of each step. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "print_explain.h"

/* The steps gathered so far and the position they have reached. */
typedef struct explain_run {
    ski_explain_step *steps;
    size_t count, capacity;
    uint8_t digits[81];
    uint16_t candidates[81]; /* bit d: digit d */
    bool failed;
} explain_run;

/* Do cells a and b share a row, a column or a box? */
static bool explain_peers(int a, int b)
{
    return a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3);
}

/* Place digit in cell: its candidates go, and the digit from its peers. */
static void explain_place(explain_run *run, int cell, int digit)
{
    run->digits[cell] = (uint8_t)digit;
    run->candidates[cell] = 0;
    for (int i = 0; i < 81; i++)
        if (explain_peers(cell, i))
            run->candidates[i] &= (uint16_t) ~(1u << digit);
}

/* A step is beyond singles unless its technique is a single. */
static bool explain_needs_picture(const char *technique)
{
    char lower[64];
    size_t i = 0;
    for (; technique[i] && i + 1 < sizeof lower; i++)
        lower[i] = (char)tolower((unsigned char)technique[i]);
    lower[i] = '\0';
    return strstr(lower, "single") == NULL;
}

/* The nodes of step's own chains: those before its first nested chain (a chain whose start
 * follows a node of an earlier one, drawn on another grid than the step's). */
static size_t explain_own_nodes(const sk_step *step)
{
    for (size_t i = 0; step->chain_starts && i < step->chain_count; i++)
        if (step->chain_starts[i] < step->node_count &&
            step->nodes[step->chain_starts[i]].parent >= 0)
            return step->chain_starts[i];
    return step->node_count;
}

/* The chain nodes and their links into st; false when out of memory. */
static bool explain_chains(ski_explain_step *st, const sk_step *step)
{
    if (!SK_STEP_HAS(step, fin_count) || !step->node_count)
        return true;
    size_t own = explain_own_nodes(step);
    st->links = calloc(step->node_count, sizeof *st->links);
    if (!st->links)
        return false;
    for (size_t k = 0; k < own; k++) {
        const sk_chain_node *n = &step->nodes[k];
        for (int c = 0; c < n->cell_count && c < 9; c++)
            if (n->cells[c] < 81) {
                if (n->on)
                    st->on[n->cells[c]] |= (uint16_t)(1u << n->digit);
                else
                    st->off[n->cells[c]] |= (uint16_t)(1u << n->digit);
            }
        if (n->link == SK_LINK_START || n->parent < 0 || (size_t)n->parent >= step->node_count)
            continue;
        const sk_chain_node *p = &step->nodes[n->parent];
        st->links[st->link_count++] =
            (ski_explain_link){{p->cells[0], p->digit}, {n->cells[0], n->digit}, n->link};
    }
    return true;
}

/* The words and picture of step into st, from the position run holds. */
static bool explain_fill(explain_run *run, ski_explain_step *st, const sk_step *step)
{
    const char *notation =
        SK_STEP_HAS(step, fin_count) && step->notation ? step->notation : "";
    int len = snprintf(NULL, 0, "%zu. %s (%.1f)", run->count, step->technique, step->rating);
    st->title = malloc((size_t)len + 1);
    st->words = strdup(step->explanation ? step->explanation : "");
    st->chain = strdup(notation);
    if (!st->title || !st->words || !st->chain)
        return false;
    snprintf(st->title, (size_t)len + 1, "%zu. %s (%.1f)", run->count, step->technique,
             step->rating);
    st->picture = explain_needs_picture(step->technique);
    memcpy(st->digits, run->digits, sizeof st->digits);
    memcpy(st->candidates, run->candidates, sizeof st->candidates);
    for (size_t k = 0; k < step->cell_count; k++)
        if (step->cells[k] < 81)
            st->pattern[step->cells[k]] = true;
    for (size_t k = 0; k < step->eliminated_count; k++)
        if (step->eliminated[k].cell < 81)
            st->eliminated[step->eliminated[k].cell] |= (uint16_t)(1u << step->eliminated[k].digit);
    for (size_t k = 0; k < step->placed_count; k++)
        if (step->placed[k].cell < 81)
            st->placed[step->placed[k].cell] |= (uint16_t)(1u << step->placed[k].digit);
    return explain_chains(st, step);
}

/* The rater's step callback: keep the step, then play it on the position. */
static int explain_step(void *user, const sk_step *step)
{
    explain_run *run = user;
    if (run->count == run->capacity) {
        size_t capacity = run->capacity ? 2 * run->capacity : 64;
        ski_explain_step *grown = realloc(run->steps, capacity * sizeof *grown);
        if (!grown)
            return run->failed = true;
        run->steps = grown;
        run->capacity = capacity;
    }
    ski_explain_step *st = &run->steps[run->count];
    memset(st, 0, sizeof *st);
    run->count++;
    if (!explain_fill(run, st, step))
        return run->failed = true;
    for (size_t k = 0; k < step->placed_count; k++)
        if (step->placed[k].cell < 81)
            explain_place(run, step->placed[k].cell, step->placed[k].digit);
    for (size_t k = 0; k < step->eliminated_count; k++)
        if (step->eliminated[k].cell < 81)
            run->candidates[step->eliminated[k].cell] &=
                (uint16_t) ~(1u << step->eliminated[k].digit);
    return 0;
}

int ski_print_explain(sk_instance *rater, ski_booklet_entry *e, sk_error *why)
{
    explain_run run = {0};
    sk_rating rating;
    for (int i = 0; i < 81; i++)
        run.candidates[i] = 0x3fe;
    for (int i = 0; i < 81; i++)
        if (e->puzzle.cells[i] >= 1 && e->puzzle.cells[i] <= 9)
            explain_place(&run, i, e->puzzle.cells[i]);
    int rc = sk_instance_rate(rater, &e->puzzle, &rating, explain_step, &run, why);
    e->steps = run.steps;
    e->step_count = run.count;
    if (run.failed) {
        sk_error_set(why, SK_EXIT_FAILURE, "out of memory");
        return -1;
    }
    return rc == SK_OK ? 0 : -1;
}

void ski_print_explain_free(ski_booklet_entry *e)
{
    ski_explain_step *steps = (ski_explain_step *)e->steps;
    for (size_t i = 0; i < e->step_count; i++) {
        free(steps[i].title);
        free(steps[i].words);
        free(steps[i].chain);
        free(steps[i].links);
    }
    free(steps);
    e->steps = NULL;
    e->step_count = 0;
}
