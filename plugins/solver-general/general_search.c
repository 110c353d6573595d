/* Solver "general": the search. Propagate; when cells are left, take the
 * one with the fewest candidates and try its smallest digit, keeping the
 * position on a stack; when that fails (or after a solution, to count
 * more), take the position back without that digit. Iterative, so a
 * 25x25 search needs no deep C stack. */
#include <stdlib.h>
#include <string.h>

#include "general_search.h"

void general_search_free(general_search *s)
{
    free(s->cand);
    free(s->placed);
    free(s->queue);
    free(s->queued);
    free(s->sum_dirty);
    free(s->custom_dirty);
    free(s->house_dirty);
    free(s->dirty_houses);
    free(s->lock_dirty);
    free(s->lock_now);
    free(s->saved_cand);
    free(s->saved_placed);
    free(s->saved_left);
    free(s->saved_cell);
    free(s->saved_digit);
    bool locked = s->locked;
    memset(s, 0, sizeof *s);
    s->locked = locked;
}

/* The buffers of s sized for model's cells and sums and customs. */
static bool search_allocate(general_search *s, const general_model *model)
{
    general_search_free(s);
    uint32_t cells = model->cells, frames = cells + 1;
    s->model = model;
    s->cells = cells;
    s->cand = malloc(cells * sizeof *s->cand);
    s->placed = malloc(cells);
    s->queue = malloc((cells + 1) * sizeof *s->queue); /* a ring: one slot spare */
    s->queued = calloc(cells, 1);
    s->sum_dirty = calloc(model->sum_count + 1, 1);
    s->custom_dirty = calloc(model->custom_count + 1, 1);
    s->house_dirty = calloc(model->house_count + 1, 1);
    s->dirty_houses = malloc((model->house_count + 1) * sizeof *s->dirty_houses);
    s->lock_dirty = calloc(model->house_count + 1, 1);
    s->lock_now = calloc(model->house_count + 1, 1);
    s->saved_cand = malloc((size_t)frames * cells * sizeof *s->saved_cand);
    s->saved_placed = malloc((size_t)frames * cells);
    s->saved_left = malloc(frames * sizeof *s->saved_left);
    s->saved_cell = malloc(frames * sizeof *s->saved_cell);
    s->saved_digit = malloc(frames * sizeof *s->saved_digit);
    if (s->cand && s->placed && s->queue && s->queued && s->sum_dirty && s->custom_dirty &&
        s->house_dirty && s->dirty_houses && s->lock_dirty && s->lock_now && s->saved_cand &&
        s->saved_placed && s->saved_left && s->saved_cell && s->saved_digit)
        return true;
    general_search_free(s);
    return false;
}

bool general_search_fit(general_search *s, const general_model *model, const sk_rules *rules)
{
    if (s->model != model && !search_allocate(s, model))
        return false;
    s->rules = rules;
    return true;
}

/* The position of the puzzle: every cell open, the givens narrowed into
 * the queue, every sum and custom to be looked at. */
static void search_start(general_search *s, const sk_board *puzzle)
{
    const general_model *m = s->model;
    for (uint32_t c = 0; c < s->cells; c++)
        s->cand[c] = m->all;
    memset(s->placed, 0, s->cells);
    s->left = s->cells;
    s->head = s->tail = 0;
    s->depth = 0;
    for (uint32_t c = 0; c < s->cells; c++)
        if (puzzle->cells[c])
            general_narrow(s, c, 1u << (puzzle->cells[c] - 1));
    memset(s->sum_dirty, 1, m->sum_count);
    memset(s->custom_dirty, 1, m->custom_count);
    memset(s->house_dirty, 1, m->house_count);
    memset(s->lock_dirty, 1, m->house_count);
    for (uint32_t h = 0; h < m->house_count; h++)
        s->dirty_houses[h] = h;
    s->dirty_count = m->house_count;
    s->sums_waiting = m->sum_count > 0;
    s->customs_waiting = m->custom_count > 0;
}

/* A full position as a board; true when every custom's own check passes
 * (a custom's propagation alone may not have caught everything). */
static bool search_complete(general_search *s)
{
    memset(&s->board, 0, sizeof s->board);
    for (uint32_t c = 0; c < s->cells; c++)
        s->board.cells[c] = (uint8_t)(__builtin_ctz(s->cand[c]) + 1);
    char why[128];
    for (uint32_t i = 0; i < s->rules->custom_count; i++) {
        const sk_rules_custom *c = &s->rules->customs[i];
        if (c->constraint->check(c->state, s->rules, &s->board, why, sizeof why) != 1)
            return false;
    }
    return true;
}

/* The open cell with the fewest candidates. */
static uint32_t search_choose(const general_search *s)
{
    uint32_t best = 0, fewest = 33;
    for (uint32_t c = 0; c < s->cells; c++) {
        if (s->placed[c])
            continue;
        uint32_t count = (uint32_t)__builtin_popcount(s->cand[c]);
        if (count < fewest) {
            best = c;
            fewest = count;
            if (count == 2)
                break;
        }
    }
    return best;
}

static void search_push(general_search *s, uint32_t cell, sk_digits digit)
{
    size_t at = (size_t)s->depth * s->cells;
    memcpy(s->saved_cand + at, s->cand, s->cells * sizeof *s->cand);
    memcpy(s->saved_placed + at, s->placed, s->cells);
    s->saved_left[s->depth] = s->left;
    s->saved_cell[s->depth] = (uint16_t)cell;
    s->saved_digit[s->depth] = digit;
    s->depth++;
}

/* Back to the last saved position, without the digit tried there. */
static bool search_pop(general_search *s)
{
    s->depth--;
    size_t at = (size_t)s->depth * s->cells;
    memcpy(s->cand, s->saved_cand + at, s->cells * sizeof *s->cand);
    memcpy(s->placed, s->saved_placed + at, s->cells);
    s->left = s->saved_left[s->depth];
    memset(s->lock_dirty, 1, s->model->house_count);
    general_narrow(s, s->saved_cell[s->depth], ~s->saved_digit[s->depth]);
    s->nodes++;
    return general_propagate(s);
}

int general_search_run(general_search *s, const sk_board *puzzle, int limit, sk_board *solution)
{
    search_start(s, puzzle);
    int found = 0;
    s->nodes++;
    bool ok = general_propagate(s);
    for (;;) {
        if (!ok) {
            if (s->depth == 0)
                break;
            ok = search_pop(s);
            continue;
        }
        if (s->left == 0) {
            if (search_complete(s) && found++ == 0 && solution)
                *solution = s->board;
            if (found >= limit)
                break;
            ok = false;
            continue;
        }
        uint32_t cell = search_choose(s);
        sk_digits digit = s->cand[cell] & -s->cand[cell];
        search_push(s, cell, digit);
        s->guesses++;
        s->nodes++;
        general_narrow(s, cell, digit);
        ok = general_propagate(s);
    }
    return found;
}
