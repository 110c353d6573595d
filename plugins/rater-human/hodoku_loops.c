/* Nice loops and AICs of the HoDoKu technique set, plain and grouped: read from HoDoKu's tables
 * (the loops that come back to their start cell, the AICs between two strong ends), ranked as
 * HoDoKu sorts them. */
#include "hodoku_tabling.h"

#include <stdio.h>
#include <string.h>

typedef struct hodoku_loops {
    hodoku_tabling *tb;
    const hodoku_state *st;
    human_step *best, *trial;
    hodoku_rank best_rank;
    bool found;
    hodoku_each_fn each; /* every step to each, when set */
    void *user;
    bool stop;
} hodoku_loops;

/* The grouped kind of a plain loop or AIC. */
static human_technique_id hodoku_loops_grouped(human_technique_id id)
{
    switch (id) {
    case HUMAN_T_HODOKU_DISCONTINUOUS_NICE_LOOP:
        return HUMAN_T_HODOKU_GROUPED_DISCONTINUOUS_NICE_LOOP;
    case HUMAN_T_HODOKU_CONTINUOUS_NICE_LOOP:
        return HUMAN_T_HODOKU_GROUPED_CONTINUOUS_NICE_LOOP;
    default:
        return HUMAN_T_HODOKU_GROUPED_AIC;
    }
}

/* The trial step, its eliminations made, with chain 0 of the tables: named grouped when a
 * node is a group, ranked, kept when it comes before the best. */
static void hodoku_loops_offer(hodoku_loops *h)
{
    human_step *step = h->trial;
    const hodoku_chain *c = &h->tb->chains[0];
    for (int i = 0; i < c->len; i++)
        if (hodoku_key_is_group(c->el[i])) {
            step->id = hodoku_loops_grouped(step->id);
            step->technique = human_technique_of(step->id)->name;
            break;
        }
    if (h->each) {
        hodoku_chains_to_step(h->tb, step);
        hodoku_step_sort_elims(step);
        h->stop = h->stop || h->each(h->user, step);
        return;
    }
    hodoku_rank rank;
    hodoku_rank_of(step, NULL, 0, c->len, false, &rank);
    if (h->found && hodoku_rank_compare(&rank, &h->best_rank) >= 0)
        return;
    hodoku_chains_to_step(h->tb, step);
    for (int i = 0; i < c->len; i++)
        for (human_set s = hodoku_key_cells(h->tb, c->el[i]); s; s &= s - 1)
            human_step_cell(step, human_set_first(s));
    human_step *swap = h->best;
    h->best = h->trial;
    h->trial = swap;
    h->best_rank = rank;
    h->found = true;
}

/* The cells that see node key (every cell of a group). */
static human_set hodoku_loops_buddies(const hodoku_tabling *tb, int key)
{
    if (hodoku_key_is_group(key))
        return tb->group[(key - HODOKU_CAND_KEYS) / 2].buddies;
    return tb->st->t->peers[hodoku_key_cell(tb, key)];
}

/* Remove from step every candidate of cell but keep1 and keep2. */
static void hodoku_loops_keep(human_step *step, const hodoku_state *st, int cell, int keep1,
                              int keep2)
{
    for (int d = 1; d <= 9; d++)
        if ((st->cand[cell] & HUMAN_BIT(d)) && d != keep1 && d != keep2)
            human_step_elim(step, cell, d);
}

/* The eliminations of a continuous nice loop c (HoDoKu's checkNiceLoop): a cell entered and
 * left by strong links keeps only their two digits; the digit of a weak link between cells
 * leaves the cells that see both ends (not the loop's own). */
static void hodoku_loops_continuous(hodoku_loops *h, const hodoku_chain *c, bool both_strong,
                                    int start_digit, int end_digit)
{
    const hodoku_tabling *tb = h->tb;
    const int32_t *el = c->el;
    int end = c->len - 1, start = hodoku_key_cell(tb, el[0]);
    for (int i = 0; i <= end; i++) {
        int cell = hodoku_key_cell(tb, el[i]);
        if (i == 0 && both_strong) {
            hodoku_loops_keep(h->trial, h->st, cell, start_digit, end_digit);
        } else if (i > 0 && hodoku_key_on(el[i]) && i <= end - 2 &&
                   hodoku_key_cell(tb, el[i - 1]) != cell && !hodoku_key_on(el[i + 1]) &&
                   cell == hodoku_key_cell(tb, el[i + 1]) && hodoku_key_on(el[i + 2]) &&
                   hodoku_key_cell(tb, el[i + 1]) != hodoku_key_cell(tb, el[i + 2])) {
            hodoku_loops_keep(h->trial, h->st, cell, hodoku_key_digit(tb, el[i]),
                              hodoku_key_digit(tb, el[i + 2]));
        }
        if (i > 0 && !hodoku_key_on(el[i]) && hodoku_key_cell(tb, el[i - 1]) != cell) {
            int d = hodoku_key_digit(tb, el[i]);
            human_set s = hodoku_loops_buddies(tb, el[i - 1]) & hodoku_loops_buddies(tb, el[i]) &
                          ~tb->chain_cells & ~human_set_one(start) & h->st->holds[d];
            hodoku_step_elim_set(h->trial, s, d);
        }
    }
}

/* HoDoKu's checkNiceLoop: the loop of table t that comes back to its start cell at entry j. */
static void hodoku_loops_check_loop(hodoku_loops *h, hodoku_table *t, int j)
{
    hodoku_tabling *tb = h->tb;
    if (hodoku_ret_distance(t->ret[j]) <= 2)
        return;
    tb->nchains = 0;
    if (!hodoku_chain_add(tb, t, t->key[j], true, false))
        return;
    const hodoku_chain *c = &tb->chains[0];
    if (hodoku_key_cell(tb, c->el[0]) == hodoku_key_cell(tb, c->el[1]))
        return;
    bool first_strong = hodoku_key_on(t->key[1]), last_strong = hodoku_key_on(t->key[j]);
    int sd = hodoku_key_digit(tb, t->key[0]), ed = hodoku_key_digit(tb, t->key[j]);
    int start = hodoku_key_cell(tb, t->key[0]);
    human_step *step = h->trial;
    human_step_begin(step, HUMAN_T_HODOKU_DISCONTINUOUS_NICE_LOOP, 0);
    if (!first_strong && !last_strong && sd == ed) {
        human_step_elim(step, start, sd);
    } else if (first_strong && last_strong && sd == ed) {
        hodoku_loops_keep(step, h->st, start, sd, sd);
    } else if (first_strong != last_strong && sd != ed) {
        human_step_elim(step, start, first_strong ? ed : sd);
    } else if ((!first_strong && !last_strong && human_two_bits(h->st->cand[start])) ||
               (first_strong && last_strong) || (first_strong != last_strong)) {
        human_step_begin(step, HUMAN_T_HODOKU_CONTINUOUS_NICE_LOOP, 0);
        hodoku_loops_continuous(h, c, first_strong && last_strong, sd, ed);
    }
    if (step->elim_count > 0)
        hodoku_loops_offer(h);
}

/* HoDoKu's checkAic: the AIC of table t (a premise "off") to the strong entry j. */
static void hodoku_loops_check_aic(hodoku_loops *h, hodoku_table *t, int j)
{
    hodoku_tabling *tb = h->tb;
    const hodoku_state *st = h->st;
    if (hodoku_ret_distance(t->ret[j]) <= 2)
        return;
    human_step *step = h->trial;
    human_step_begin(step, HUMAN_T_HODOKU_AIC, 0);
    int sd = hodoku_key_digit(tb, t->key[0]), ed = hodoku_key_digit(tb, t->key[j]);
    int start = hodoku_key_cell(tb, t->key[0]), end = hodoku_key_cell(tb, t->key[j]);
    if (sd == ed) {
        human_set s = st->t->peers[start] & st->t->peers[end] & st->holds[sd];
        if (human_set_count(s) > 1)
            hodoku_step_elim_set(step, s, sd);
    } else {
        if (st->cand[start] & HUMAN_BIT(ed))
            human_step_elim(step, start, ed);
        if (st->cand[end] & HUMAN_BIT(sd))
            human_step_elim(step, end, sd);
    }
    if (step->elim_count == 0)
        return;
    tb->nchains = 0;
    if (hodoku_chain_add(tb, t, t->key[j], false, true))
        hodoku_loops_offer(h);
}

/* HoDoKu's checkNiceLoops: every table entry in its premise's cell. */
static void hodoku_loops_tables(hodoku_loops *h, hodoku_table *tables)
{
    for (int i = 0; i < 810; i++) {
        hodoku_table *t = &tables[i];
        if (t->count == 0)
            continue;
        int start = hodoku_key_cell(h->tb, t->key[0]);
        for (int j = 1; j < t->count && !h->stop; j++)
            if (!hodoku_key_is_group(t->key[j]) && hodoku_key_cell(h->tb, t->key[j]) == start)
                hodoku_loops_check_loop(h, t, j);
    }
}

/* HoDoKu's checkAics: every strong entry of an "off" table out of its premise's cell that
 * can eliminate something. */
static void hodoku_loops_aics(hodoku_loops *h)
{
    const hodoku_state *st = h->st;
    for (int i = 0; i < 810; i++) {
        hodoku_table *t = &h->tb->off[i];
        if (t->count == 0)
            continue;
        int start = hodoku_key_cell(h->tb, t->key[0]), sd = hodoku_key_digit(h->tb, t->key[0]);
        for (int j = 1; j < t->count && !h->stop; j++) {
            int key = t->key[j];
            if (hodoku_key_is_group(key) || !hodoku_key_on(key))
                continue;
            int end = hodoku_key_cell(h->tb, key), ed = hodoku_key_digit(h->tb, key);
            if (end == start)
                continue;
            if (sd == ed) {
                human_set s = st->t->peers[start] & st->t->peers[end] & st->holds[sd];
                if (human_set_count(s) >= 2)
                    hodoku_loops_check_aic(h, t, j);
            } else if (human_set_has(st->t->peers[start], end) && (st->cand[end] & HUMAN_BIT(sd)) &&
                       (st->cand[start] & HUMAN_BIT(ed))) {
                hodoku_loops_check_aic(h, t, j);
            }
        }
    }
}

/* Write the explanation of the best loop. */
static void hodoku_loops_explain(hodoku_loops *h)
{
    human_step *step = h->best;
    char chain[1024], elims[400];
    human_step_chain_text(step, 0, chain, sizeof chain);
    human_step_elim_list(step, elims, sizeof elims);
    human_step_explain(step, 0, chain, elims);
}

/* Every loop and AIC of the tables of st, with group nodes when groups. */
static void hodoku_loops_search(hodoku_loops *h, hodoku_state *st, bool groups)
{
    hodoku_tables_build(h->tb, st, false, groups);
    hodoku_loops_tables(h, h->tb->on);
    hodoku_loops_tables(h, h->tb->off);
    hodoku_loops_aics(h);
}

void hodoku_nice_loops_each(hodoku_state *st, bool groups, hodoku_each_fn fn, void *user)
{
    hodoku_tabling *tb = hodoku_tabling_of(st);
    if (!tb)
        return;
    hodoku_loops h = {.tb = tb, .st = st, .trial = &tb->trial, .each = fn, .user = user};
    hodoku_loops_search(&h, st, groups);
}

/* HoDoKu's getNiceLoops, with group nodes when groups: the first step in its order. */
static bool hodoku_loops_find(hodoku_state *st, human_step *step, bool groups)
{
    hodoku_tabling *tb = hodoku_tabling_of(st);
    if (!tb)
        return false;
    hodoku_loops h = {.tb = tb, .st = st, .best = step, .trial = &tb->trial};
    hodoku_loops_search(&h, st, groups);
    if (!h.found)
        return false;
    hodoku_step_sort_elims(h.best);
    hodoku_loops_explain(&h);
    if (h.best != step)
        memcpy(step, h.best, sizeof *step);
    return true;
}

bool hodoku_nice_loop(hodoku_state *st, human_step *step)
{
    return hodoku_loops_find(st, step, false);
}

bool hodoku_grouped_nice_loop(hodoku_state *st, human_step *step)
{
    return hodoku_loops_find(st, step, true);
}
