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

/* Assign singles until none is left; false on a contradiction. */
static bool human_bt_propagate(const human_tables *t, uint16_t cand[81], uint16_t done[81])
{
    bool changed = true;
    while (changed) {
        changed = false;
        for (int c = 0; c < 81; c++) {
            if (done[c])
                continue;
            uint16_t m = cand[c];
            if (m == 0)
                return false;
            if (m & (m - 1))
                continue;
            done[c] = m;
            human_set p = t->peers[c];
            while (p) {
                int q = human_set_first(p);
                p &= p - 1;
                if (cand[q] & m) {
                    if (done[q])
                        return false;
                    cand[q] &= (uint16_t)~m;
                }
            }
            changed = true;
        }
        for (int u = 0; u < 27 && !changed; u++) {
            uint16_t once = 0, twice = 0, all = 0;
            for (int i = 0; i < 9; i++) {
                uint16_t m = cand[t->unit_cells[u][i]];
                twice |= once & m;
                once |= m;
            }
            all = once;
            if (all != HUMAN_ALL)
                return false;
            uint16_t single = once & (uint16_t)~twice;
            for (int i = 0; i < 9 && single; i++) {
                int c = t->unit_cells[u][i];
                uint16_t m = cand[c] & single;
                if (m && !done[c]) {
                    if (m & (m - 1))
                        return false;
                    cand[c] = m;
                    single &= (uint16_t)~m;
                    changed = true;
                }
            }
        }
    }
    return true;
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
