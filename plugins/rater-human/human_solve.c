/* Small backtracking solver of the human rater: uniqueness check and true solution. */
#include "human.h"

#include <string.h>

/* Search frame: candidates of every cell (a filled cell holds one bit). */
typedef struct human_bt {
    const human_tables *t;
    int limit;
    int found;
    uint8_t *solution;
} human_bt;

/* Fill cell c with its one candidate: its peers lose that digit, and those
 * left with one candidate go on the stack. False on a contradiction (a
 * peer filled with the same digit, or left without a candidate). */
static bool human_bt_fill(const human_tables *t, uint16_t cand[81], uint16_t done[81], int c,
                          uint8_t *stack, int *top)
{
    uint16_t m = cand[c];
    done[c] = m;
    for (int i = 0; i < 20; i++) {
        int q = t->peer_list[c][i];
        if (!(cand[q] & m))
            continue;
        if (done[q])
            return false;
        cand[q] &= (uint16_t)~m;
        if (!cand[q])
            return false;
        if (!(cand[q] & (cand[q] - 1)))
            stack[(*top)++] = (uint8_t)q;
    }
    return true;
}

/* Find the hidden singles of every unit (a digit with one place left),
 * giving each its digit alone and putting it on the stack. False on a
 * contradiction (a unit missing a digit, a cell asked for two). */
static bool human_bt_hidden(const human_tables *t, uint16_t cand[81], const uint16_t done[81],
                            uint8_t *stack, int *top)
{
    for (int u = 0; u < 27; u++) {
        uint16_t once = 0, twice = 0;
        for (int i = 0; i < 9; i++) {
            uint16_t m = cand[t->unit_cells[u][i]];
            twice |= once & m;
            once |= m;
        }
        if (once != HUMAN_ALL)
            return false;
        uint16_t single = once & (uint16_t)~twice;
        for (int i = 0; i < 9 && single; i++) {
            int c = t->unit_cells[u][i];
            uint16_t m = cand[c] & single;
            if (!m || done[c])
                continue;
            if (m & (m - 1))
                return false;
            cand[c] = m;
            single &= (uint16_t)~m;
            stack[(*top)++] = (uint8_t)c;
        }
    }
    return true;
}

/* Assign singles (naked, then hidden) until none is left; false on a
 * contradiction. */
static bool human_bt_propagate(const human_tables *t, uint16_t cand[81], uint16_t done[81])
{
    /* A cell goes on the stack at most once per candidate it loses. */
    uint8_t stack[81 * 9];
    int top = 0;
    for (int c = 0; c < 81; c++) {
        if (done[c])
            continue;
        if (!cand[c])
            return false;
        if (!(cand[c] & (cand[c] - 1)))
            stack[top++] = (uint8_t)c;
    }
    for (;;) {
        while (top > 0) {
            int c = stack[--top];
            if (!done[c] && !human_bt_fill(t, cand, done, c, stack, &top))
                return false;
        }
        if (!human_bt_hidden(t, cand, done, stack, &top))
            return false;
        if (top == 0)
            return true;
    }
}

static void human_bt_search(human_bt *bt, const uint16_t cand_in[81], const uint16_t done_in[81])
{
    uint16_t cand[81], done[81];
    memcpy(cand, cand_in, sizeof cand);
    memcpy(done, done_in, sizeof done);
    if (!human_bt_propagate(bt->t, cand, done))
        return;
    int best = -1, best_n = 10;
    for (int c = 0; c < 81; c++) {
        if (done[c])
            continue;
        int n = human_count(cand[c]);
        if (n < best_n) {
            best_n = n;
            best = c;
        }
    }
    if (best < 0) {
        if (bt->found++ == 0 && bt->solution)
            for (int c = 0; c < 81; c++)
                bt->solution[c] = (uint8_t)human_first_digit(cand[c]);
        return;
    }
    uint16_t m = cand[best];
    while (m && bt->found < bt->limit) {
        uint16_t bit = m & (uint16_t)-m;
        m &= (uint16_t)~bit;
        cand[best] = bit;
        human_bt_search(bt, cand, done);
    }
}

int human_solve_count(const human_state *st, int limit, uint8_t solution[81])
{
    uint16_t cand[81], done[81];
    for (int c = 0; c < 81; c++) {
        cand[c] = st->value[c] ? HUMAN_BIT(st->value[c]) : st->cand[c];
        done[c] = 0;
    }
    /* Givens are propagated like singles so peers lose their digits. */
    human_bt bt = {st->t, limit, 0, solution};
    human_bt_search(&bt, cand, done);
    return bt.found < limit ? bt.found : limit;
}
