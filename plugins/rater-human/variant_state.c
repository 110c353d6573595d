/* Human rater, other rules: the pencil-mark grid (placing a digit clears
 * it from the peers and narrows the cells the placed cell's relations tie
 * it to) and the steps applied to it. */
#include "variant.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Narrow the other end of relation i (from cell, which now holds d). */
static void state_relate(variant_state *st, uint32_t i, int cell, int d)
{
    const sk_rules_relation *rel = &st->m->rules->relations[i];
    int other = rel->a == cell ? rel->b : rel->a;
    if (st->value[other])
        return;
    if (rel->a == cell) {
        st->cand[other] &= rel->allowed[d];
        return;
    }
    sk_digits keep = 0;
    for (int x = 1; x <= st->m->size; x++)
        if (rel->allowed[x] & (1u << (d - 1)))
            keep |= 1u << (x - 1);
    st->cand[other] &= keep;
}

void variant_state_place(variant_state *st, int cell, int d)
{
    const sk_rules *r = st->m->rules;
    sk_digits bit = 1u << (d - 1);
    st->value[cell] = (uint8_t)d;
    st->cand[cell] = 0;
    st->empty--;
    for (uint32_t k = r->peer_start[cell]; k < r->peer_start[cell + 1]; k++)
        st->cand[r->peers[k]] &= ~bit;
    for (uint32_t k = st->m->relation_start[cell]; k < st->m->relation_start[cell + 1]; k++)
        state_relate(st, st->m->relation_list[k], cell, d);
}

bool variant_state_start(variant_state *st, const variant_model *m, const sk_board *board)
{
    st->m = m;
    st->empty = m->cells;
    for (int c = 0; c < m->cells; c++) {
        st->cand[c] = m->all;
        st->value[c] = 0;
    }
    for (int c = 0; c < m->cells; c++) {
        int d = board->cells[c];
        if (d < 1 || d > m->size)
            continue;
        if (!(st->cand[c] & (1u << (d - 1))))
            return false;
        variant_state_place(st, c, d);
    }
    for (int c = 0; c < m->cells; c++)
        if (!st->value[c] && !st->cand[c])
            return false;
    return true;
}

/* True when a cage whose cells are all placed misses its sum, or a custom
 * whose cells are all placed says its rule is broken. */
static bool state_constraint_broken(const variant_state *st)
{
    const sk_rules *r = st->m->rules;
    for (uint32_t g = 0; g < r->group_count; g++) {
        int sum = 0;
        bool full = true;
        for (uint32_t k = 0; k < r->groups[g].count; k++) {
            sum += st->value[r->groups[g].cells[k]];
            full &= st->value[r->groups[g].cells[k]] != 0;
        }
        if (full && r->groups[g].sum > 0 && sum != r->groups[g].sum)
            return true;
    }
    for (uint32_t i = 0; i < r->custom_count; i++) {
        const sk_rules_custom *cu = &r->customs[i];
        bool full = true;
        for (uint32_t k = 0; k < cu->count; k++)
            full &= st->value[cu->cells[k]] != 0;
        if (!full)
            continue;
        sk_board board = {{0}};
        for (int c = 0; c < st->m->cells; c++)
            board.cells[c] = st->value[c];
        char why[8];
        if (cu->constraint->check(cu->state, r, &board, why, sizeof why) == 0)
            return true;
    }
    return false;
}

bool variant_state_broken(const variant_state *st)
{
    const sk_rules *r = st->m->rules;
    for (int c = 0; c < st->m->cells; c++)
        if (!st->value[c] && !st->cand[c])
            return true;
    if (state_constraint_broken(st))
        return true;
    for (uint32_t h = 0; h < r->house_count; h++) {
        sk_digits seen = 0;
        for (uint32_t k = 0; k < r->houses[h].count; k++) {
            int c = r->houses[h].cells[k];
            seen |= st->value[c] ? 1u << (st->value[c] - 1) : st->cand[c];
        }
        if (seen != st->m->all)
            return true;
    }
    return false;
}

sk_digits variant_house_placed(const variant_state *st, int h)
{
    const sk_rules_house *house = &st->m->rules->houses[h];
    sk_digits placed = 0;
    for (uint32_t k = 0; k < house->count; k++)
        if (st->value[house->cells[k]])
            placed |= 1u << (st->value[house->cells[k]] - 1);
    return placed;
}

int variant_house_places(const variant_state *st, int h, int d, int *cells)
{
    const sk_rules_house *house = &st->m->rules->houses[h];
    int n = 0;
    for (uint32_t k = 0; k < house->count; k++)
        if (st->cand[house->cells[k]] & (1u << (d - 1)))
            cells[n++] = house->cells[k];
    return n;
}

/* ---------------------------------------------------------------- steps */

static void step_reset(variant_step *step, const char *technique, double rating)
{
    step->technique = technique;
    step->rating = rating;
    step->place = false;
    step->cell_count = 0;
    step->elim_count = 0;
    step->where[0] = '\0';
    step->text[0] = '\0';
}

void variant_step_begin(variant_step *step, human_technique_id id)
{
    const human_technique *t = human_technique_of(id);
    step_reset(step, t->name, t->rating);
}

void variant_step_begin_named(variant_step *step, const char *name, double rating)
{
    snprintf(step->name, sizeof step->name, "%s", name);
    step_reset(step, step->name, rating);
}

void variant_step_cell(variant_step *step, int cell)
{
    for (int i = 0; i < step->cell_count; i++)
        if (step->cells[i] == cell)
            return;
    if (step->cell_count < VARIANT_MAX_CELLS)
        step->cells[step->cell_count++] = (uint8_t)cell;
}

void variant_step_elim(variant_step *step, int cell, int d)
{
    for (int i = 0; i < step->elim_count; i++)
        if (step->elim[i].cell == cell && step->elim[i].digit == d)
            return;
    if (step->elim_count < VARIANT_MAX_ELIMS)
        step->elim[step->elim_count++] = (sk_candidate){(uint8_t)cell, (uint8_t)d};
}

void variant_step_place(variant_step *step, int cell, int d)
{
    step->place = true;
    step->placed = (sk_candidate){(uint8_t)cell, (uint8_t)d};
    variant_step_cell(step, cell);
}

void variant_step_text(variant_step *step, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    vsnprintf(step->text, sizeof step->text, format, ap);
    va_end(ap);
}

void variant_step_apply(variant_state *st, const variant_step *step)
{
    for (int i = 0; i < step->elim_count; i++)
        st->cand[step->elim[i].cell] &= ~(1u << (step->elim[i].digit - 1));
    if (step->place)
        variant_state_place(st, step->placed.cell, step->placed.digit);
}
