/* Human rater, other rules: naked and hidden pairs, triples and quads in
 * every house of the rules. */
#include "variant.h"

#include <stdio.h>

static const char *const subset_names[5] = {"", "", "pair", "triple", "quad"};

/* One search for a subset of k items (cells or digits of a house) whose
 * masks have exactly k bits in their union, and a check that turns a
 * subset found into a step that removes something. */
typedef struct subset_search {
    const variant_state *st;
    variant_step *step;
    int h, k, n;
    sk_digits items[VARIANT_MAX_SIZE];
    int item_of[VARIANT_MAX_SIZE]; /* the cell or digit of each item */
    int chosen[4];
    human_technique_id id;
    bool (*found)(struct subset_search *s);
} subset_search;

/* Every subset from item `from` on, depth items chosen with union acc;
 * true as soon as one gives a step. */
static bool subset_walk(subset_search *s, int from, sk_digits acc, int depth)
{
    if (human_count(acc) > s->k)
        return false;
    if (depth == s->k)
        return human_count(acc) == s->k && s->found(s);
    for (int i = from; i < s->n; i++) {
        s->chosen[depth] = i;
        if (subset_walk(s, i + 1, acc | s->items[i], depth + 1))
            return true;
    }
    return false;
}

/* The step's pattern cells ("r1c1,r2c3") into cells (64 bytes) and the
 * digits of mask ("1,2") into digits (16 bytes). */
static void subset_lists(const variant_step *step, const variant_model *m, sk_digits mask,
                         char *cells, char *digits)
{
    size_t used = 0;
    cells[0] = digits[0] = '\0';
    for (int i = 0; i < step->cell_count && used + 8 < 64; i++) {
        char name[12];
        variant_cell_name(m, step->cells[i], name);
        used += (size_t)snprintf(cells + used, 64 - used, "%s%s", i ? "," : "", name);
    }
    used = 0;
    for (sk_digits x = mask; x && used + 4 < 16; x &= x - 1)
        used += (size_t)snprintf(digits + used, 16 - used, "%s%d", used ? "," : "",
                                 human_first_digit(x));
}

/* A naked subset: its digits leave the house's other cells. */
static bool subset_naked_found(subset_search *s)
{
    const variant_model *m = s->st->m;
    const sk_rules_house *house = &m->rules->houses[s->h];
    sk_digits digits = 0;
    for (int i = 0; i < s->k; i++)
        digits |= s->items[s->chosen[i]];
    variant_step_begin(s->step, s->id);
    for (int i = 0; i < s->k; i++)
        variant_step_cell(s->step, s->item_of[s->chosen[i]]);
    for (uint32_t i = 0; i < house->count; i++) {
        int c = house->cells[i];
        bool in = false;
        for (int j = 0; j < s->k; j++)
            in |= s->item_of[s->chosen[j]] == c;
        for (sk_digits x = s->st->cand[c] & digits; !in && x; x &= x - 1)
            variant_step_elim(s->step, c, human_first_digit(x));
    }
    if (s->step->elim_count == 0)
        return false;
    snprintf(s->step->where, sizeof s->step->where, "%s", m->house_name[s->h]);
    char cells[64], list[16];
    subset_lists(s->step, m, digits, cells, list);
    variant_step_text(s->step,
                      "naked %s in %s: %s hold only %s, which leave the house's other "
                      "cells",
                      subset_names[s->k], m->house_name[s->h], cells, list);
    return true;
}

/* A hidden subset: its cells keep only its digits. */
static bool subset_hidden_found(subset_search *s)
{
    const variant_model *m = s->st->m;
    const sk_rules_house *house = &m->rules->houses[s->h];
    sk_digits digits = 0, places = 0;
    for (int i = 0; i < s->k; i++)
        digits |= 1u << (s->item_of[s->chosen[i]] - 1), places |= s->items[s->chosen[i]];
    variant_step_begin(s->step, s->id);
    for (sk_digits p = places; p; p &= p - 1) {
        int c = house->cells[__builtin_ctz(p)];
        variant_step_cell(s->step, c);
        for (sk_digits x = s->st->cand[c] & ~digits; x; x &= x - 1)
            variant_step_elim(s->step, c, human_first_digit(x));
    }
    if (s->step->elim_count == 0)
        return false;
    snprintf(s->step->where, sizeof s->step->where, "%s", m->house_name[s->h]);
    char cells[64], list[16];
    subset_lists(s->step, m, digits, cells, list);
    variant_step_text(s->step,
                      "hidden %s in %s: %s have only the places %s, which keep no other "
                      "candidate",
                      subset_names[s->k], m->house_name[s->h], list, cells);
    return true;
}

/* The items of house s->h: its empty cells with at most k candidates
 * (naked), or its digits not placed with 2..k places (hidden). */
static void subset_items(subset_search *s, bool naked)
{
    const sk_rules_house *house = &s->st->m->rules->houses[s->h];
    s->n = 0;
    if (naked) {
        for (uint32_t i = 0; i < house->count; i++) {
            int c = house->cells[i];
            if (!s->st->value[c] && human_count(s->st->cand[c]) <= s->k)
                s->item_of[s->n] = c, s->items[s->n++] = s->st->cand[c];
        }
        return;
    }
    sk_digits placed = variant_house_placed(s->st, s->h);
    for (int d = 1; d <= s->st->m->size; d++) {
        sk_digits where = 0;
        for (uint32_t i = 0; i < house->count; i++)
            if (s->st->cand[house->cells[i]] & (1u << (d - 1)))
                where |= 1u << i;
        if (!(placed & (1u << (d - 1))) && human_count(where) >= 2 && human_count(where) <= s->k)
            s->item_of[s->n] = d, s->items[s->n++] = where;
    }
}

/* The first naked (or hidden) subset of k in any house that removes something. */
static bool subset_find(const variant_state *st, variant_step *step, int k, bool naked,
                        human_technique_id id)
{
    subset_search s = {.st = st,
                       .step = step,
                       .k = k,
                       .id = id,
                       .found = naked ? subset_naked_found : subset_hidden_found};
    for (s.h = 0; s.h < st->m->house_count; s.h++) {
        subset_items(&s, naked);
        if (subset_walk(&s, 0, 0, 0))
            return true;
    }
    return false;
}

bool variant_find_naked_pair(const variant_state *st, variant_step *step)
{
    return subset_find(st, step, 2, true, HUMAN_T_NAKED_PAIR);
}

bool variant_find_naked_triple(const variant_state *st, variant_step *step)
{
    return subset_find(st, step, 3, true, HUMAN_T_NAKED_TRIPLE);
}

bool variant_find_naked_quad(const variant_state *st, variant_step *step)
{
    return subset_find(st, step, 4, true, HUMAN_T_NAKED_QUAD);
}

bool variant_find_hidden_pair(const variant_state *st, variant_step *step)
{
    return subset_find(st, step, 2, false, HUMAN_T_HIDDEN_PAIR);
}

bool variant_find_hidden_triple(const variant_state *st, variant_step *step)
{
    return subset_find(st, step, 3, false, HUMAN_T_HIDDEN_TRIPLE);
}

bool variant_find_hidden_quad(const variant_state *st, variant_step *step)
{
    return subset_find(st, step, 4, false, HUMAN_T_HIDDEN_QUAD);
}
