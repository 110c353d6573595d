/* Simple chains of the HoDoKu technique set: turbot fish, X-chain, XY-chain and remote pair,
 * found by HoDoKu's depth-first search over its links and ranked as HoDoKu sorts them. */
#include "hodoku.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { HODOKU_X, HODOKU_XY, HODOKU_RP, HODOKU_TURBOT };
#define HODOKU_CHAIN_MAX 162

/* A link of HoDoKu's chains: to cell, digit, strong or weak. */
typedef struct hodoku_link {
    uint8_t cell, digit;
    bool strong;
} hodoku_link;

typedef struct hodoku_chains {
    const hodoku_state *st;
    int type, max_len;
    int level;
    int start_cell, start_digit, other_digit;
    uint16_t rp_mask;
    human_set start_seen, start_seen2; /* cells seeing the start holding its digit(s) */
    human_step *best, *trial;
    hodoku_rank best_rank;
    bool found;
    hodoku_link chain[HODOKU_CHAIN_MAX];
    int start[810], end[810]; /* links of cell * 10 + digit */
    hodoku_link links[20000];
} hodoku_chains;

/* The links of every candidate, in HoDoKu's order: within a bivalue cell
 * (not for one-digit chains), then in the row, column and box (the box
 * without the cells of the row and column). */
static void hodoku_chains_links(hodoku_chains *h)
{
    const hodoku_state *st = h->st;
    const human_tables *t = st->t;
    bool one_digit = h->type == HODOKU_X || h->type == HODOKU_TURBOT;
    int n = 0;
    memset(h->start, 0, sizeof h->start);
    memset(h->end, 0, sizeof h->end);
    for (int c = 0; c < 81; c++) {
        uint16_t m = st->cand[c];
        if (!m || (!one_digit && !human_two_bits(m)))
            continue;
        for (int d = 1; d <= 9; d++) {
            int key = c * 10 + d;
            h->start[key] = h->end[key] = n;
            if (!(m & HUMAN_BIT(d)))
                continue;
            if (human_two_bits(m) && !one_digit)
                h->links[n++] =
                    (hodoku_link){(uint8_t)c, (uint8_t)human_first_digit(m & ~HUMAN_BIT(d)), true};
            for (int k = 0; k < 3; k++) {
                int u = t->cell_units[c][k];
                bool strong = one_digit && st->free[u][d] == 2;
                for (int i = 0; i < 9; i++) {
                    int o = t->unit_cells[u][i];
                    if (o == c || !(st->cand[o] & HUMAN_BIT(d)))
                        continue;
                    if ((h->type == HODOKU_RP && st->cand[o] != m) ||
                        (h->type == HODOKU_XY && !human_two_bits(st->cand[o])))
                        continue;
                    if (k == 2 && (o / 9 == c / 9 || o % 9 == c % 9))
                        continue;
                    if (n < 20000)
                        h->links[n++] = (hodoku_link){(uint8_t)o, (uint8_t)d, strong};
                }
            }
            h->end[key] = n;
        }
    }
}

/* Turn the chain found into a step of technique id with eliminations of
 * digit d in cells (and of d2 in cells2, for a remote pair), and rank it. */
static void hodoku_chains_offer(hodoku_chains *h, human_technique_id id, human_set cells, int d,
                                human_set cells2, int d2)
{
    human_step *step = h->trial;
    human_step_begin(step, id, 0);
    for (human_set s = cells; s; s &= s - 1)
        human_step_elim(step, human_set_first(s), d);
    for (human_set s = cells2; s; s &= s - 1)
        human_step_elim(step, human_set_first(s), d2);
    human_step_chain_begin(step);
    for (int i = 0; i <= h->level; i++) {
        human_step_chain_node(step, h->chain[i].cell, h->chain[i].digit, h->chain[i].strong);
        human_step_cell(step, h->chain[i].cell);
    }
    hodoku_rank rank;
    uint8_t values[2] = {(uint8_t)d, (uint8_t)d2};
    hodoku_rank_of(step, values, d2 ? 2 : 1, h->level + 1, false, &rank);
    if (h->found && hodoku_rank_compare(&rank, &h->best_rank) >= 0)
        return;
    human_step *swap = h->best;
    h->best = h->trial;
    h->trial = swap;
    h->best_rank = rank;
    h->found = true;
}

/* A remote pair ending at cell end: cells seeing two of its cells of
 * opposite colour (4, 8, ... links apart) lose both digits. */
static void hodoku_chains_rp(hodoku_chains *h, int end)
{
    const human_tables *t = h->st->t;
    human_set del1 = 0, del2 = 0;
    if (h->level > 7) {
        for (int i = 0; i <= h->level; i += 2)
            for (int j = i + 6; j <= h->level; j += 4) {
                human_set seen = t->peers[h->chain[i].cell] & t->peers[h->chain[j].cell];
                del1 |= seen & h->st->holds[h->start_digit];
                del2 |= seen & h->st->holds[h->other_digit];
            }
    } else {
        del1 = h->start_seen & t->peers[end];
        del2 = h->start_seen2 & t->peers[end];
    }
    hodoku_chains_offer(h, HUMAN_T_HODOKU_REMOTE_PAIR, del1, h->start_digit, del2,
                        h->other_digit);
}

/* The chain just extended by a strong link to the start digit in cell. */
static void hodoku_chains_check(hodoku_chains *h, int cell)
{
    human_set seen = h->start_seen & h->st->t->peers[cell];
    if (!seen)
        return;
    switch (h->type) {
    case HODOKU_X:
        hodoku_chains_offer(h, HUMAN_T_HODOKU_X_CHAIN, seen, h->start_digit, 0, 0);
        break;
    case HODOKU_TURBOT:
        if (h->level == 3)
            hodoku_chains_offer(h, HUMAN_T_HODOKU_TURBOT, seen, h->start_digit, 0, 0);
        break;
    case HODOKU_XY:
        hodoku_chains_offer(h, HUMAN_T_HODOKU_XY_CHAIN, seen, h->start_digit, 0, 0);
        break;
    default:
        if (h->level >= 7)
            hodoku_chains_rp(h, cell);
    }
}

/* Extend the chain from its last link (at h->level) while it may grow.
 * in_chain holds the cells of the chain but its last. */
static void hodoku_chains_extend(hodoku_chains *h, human_set *in_chain, bool strong_only)
{
    hodoku_link at = h->chain[h->level];
    for (int i = h->start[at.cell * 10 + at.digit]; i < h->end[at.cell * 10 + at.digit]; i++) {
        hodoku_link next = h->links[i];
        if (strong_only && !next.strong)
            continue;
        if (next.cell == at.cell && next.digit == at.digit)
            continue;
        if (h->type == HODOKU_RP && h->st->cand[next.cell] != h->rp_mask)
            continue;
        if ((h->type == HODOKU_X || h->type == HODOKU_TURBOT) && next.digit != h->start_digit)
            continue;
        if ((h->type == HODOKU_XY || h->type == HODOKU_RP) &&
            (!human_two_bits(h->st->cand[next.cell]) || (strong_only && next.cell != at.cell)))
            continue;
        bool loop = false;
        if (human_set_has(*in_chain, next.cell)) {
            if (next.cell != h->start_cell)
                continue;
            loop = true;
        }
        *in_chain |= human_set_one(at.cell);
        if (!strong_only && next.strong)
            next.strong = false;
        h->chain[++h->level] = next;
        if (h->level > 1 && next.strong && next.digit == h->start_digit)
            hodoku_chains_check(h, next.cell);
        if (h->level < h->max_len && !loop)
            hodoku_chains_extend(h, in_chain, !strong_only);
        h->level--;
    }
    *in_chain &= ~human_set_one(at.cell);
}

/* Every chain of the type, the best kept in h->best. */
static void hodoku_chains_search(hodoku_chains *h)
{
    const hodoku_state *st = h->st;
    const human_tables *t = st->t;
    hodoku_chains_links(h);
    for (int c = 0; c < 81; c++) {
        for (uint16_t m = st->cand[c]; m; m &= (uint16_t)(m - 1)) {
            int d = __builtin_ctz(m) + 1;
            for (int i = h->start[c * 10 + d]; i < h->end[c * 10 + d]; i++) {
                hodoku_link first = h->links[i];
                if (!first.strong)
                    continue;
                if ((h->type == HODOKU_X || h->type == HODOKU_TURBOT) && first.digit != d)
                    continue;
                if ((h->type == HODOKU_XY || h->type == HODOKU_RP) &&
                    (!human_two_bits(st->cand[first.cell]) || first.cell != c))
                    continue;
                h->start_cell = c;
                h->start_digit = d;
                h->rp_mask = st->cand[c];
                h->other_digit = human_first_digit(st->cand[c] & ~HUMAN_BIT(d));
                h->start_seen = t->peers[c] & st->holds[d];
                h->start_seen2 = t->peers[c] & st->holds[h->other_digit];
                h->chain[0] = (hodoku_link){(uint8_t)c, (uint8_t)d, false};
                h->chain[1] = first;
                h->level = 1;
                human_set in_chain = human_set_one(c);
                hodoku_chains_extend(h, &in_chain, !first.strong);
            }
        }
    }
}

/* Describe the best chain into its step. */
static void hodoku_chains_explain(hodoku_chains *h)
{
    human_step *step = h->best;
    char chain[400], elims[256];
    human_step_chain_text(step, 0, chain, sizeof chain);
    human_step_elim_list(step, elims, sizeof elims);
    int d = step->nodes[0].digit;
    if (step->id == HUMAN_T_HODOKU_REMOTE_PAIR) {
        int d2 = step->nodes[1].digit;
        human_step_explain(step, 0, "the cells", d < d2 ? d : d2, d < d2 ? d2 : d, chain, elims);
        return;
    }
    human_step_explain(step, 0, d, chain, d, elims);
}

static bool hodoku_chains_find(const hodoku_state *st, human_step *step, int type, int max_len)
{
    hodoku_chains *h = malloc(sizeof *h);
    human_step *spare = malloc(sizeof *spare);
    bool found = false;
    if (h && spare) {
        memset(h, 0, offsetof(hodoku_chains, chain));
        h->st = st;
        h->type = type;
        h->max_len = max_len;
        h->best = step;
        h->trial = spare;
        hodoku_chains_search(h);
        found = h->found;
        if (found) {
            hodoku_chains_explain(h);
            if (h->best != step)
                memcpy(step, h->best, sizeof *step);
        }
    }
    free(h);
    free(spare);
    return found;
}

bool hodoku_turbot(hodoku_state *st, human_step *step)
{
    return hodoku_chains_find(st, step, HODOKU_TURBOT, 3);
}

bool hodoku_x_chain(hodoku_state *st, human_step *step)
{
    return hodoku_chains_find(st, step, HODOKU_X, 20);
}

bool hodoku_xy_chain(hodoku_state *st, human_step *step)
{
    return hodoku_chains_find(st, step, HODOKU_XY, 20);
}

bool hodoku_remote_pair(hodoku_state *st, human_step *step)
{
    return hodoku_chains_find(st, step, HODOKU_RP, 20);
}
