/* Ranking of the HoDoKu technique set: the order in which HoDoKu sorts the steps of one kind
 * before it takes the first. */
#include "hodoku.h"

#include <string.h>

void hodoku_rank_of(const human_step *step, const uint8_t *values, int count, int chain_len,
                    bool with_cells, hodoku_rank *out)
{
    memset(out, 0, sizeof *out);
    out->type = step->id;
    out->elims = step->elim_count;
    out->chain_len = chain_len;
    /* HoDoKu weighs each elimination by its place in the list, sorted by
     * digit, then cell. */
    int weight = 1;
    for (int d = 1; d <= 9; d++) {
        for (int i = 0; i < step->elim_count; i++) {
            if (step->elim[i].digit != d)
                continue;
            int cand = step->elim[i].cell * 9 + d - 1;
            out->elim_set[cand / 64] |= 1ull << (cand % 64);
            out->elim_sum += step->elim[i].cell * weight + d;
            weight += 80;
        }
    }
    for (int i = 0; i < count; i++) {
        out->values |= HUMAN_BIT(values[i]);
        out->value_sum += values[i];
    }
    if (with_cells) {
        out->cells = step->cell_count;
        for (int i = 0; i < step->cell_count; i++)
            out->cell_sum += step->cells[i];
    }
}

int hodoku_rank_compare(const hodoku_rank *a, const hodoku_rank *b)
{
    if (a->elims != b->elims)
        return b->elims - a->elims;
    bool equivalent = a->type == b->type && memcmp(a->elim_set, b->elim_set, sizeof a->elim_set) == 0;
    if (!equivalent)
        return a->elim_sum - b->elim_sum;
    if (a->chain_len != b->chain_len)
        return a->chain_len - b->chain_len;
    if (a->values != b->values)
        return a->value_sum - b->value_sum;
    if (a->cells != b->cells)
        return a->cells - b->cells;
    return b->cell_sum - a->cell_sum;
}
