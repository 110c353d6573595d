/* Human rater, other rules: the constraints' own deductions, each named
 * by its constraint: a relation between two cells (Kropki dots, XV,
 * thermometers...) narrowing one cell by what the other can hold, a cage's
 * sum keeping the digits of the combinations that still fit, and a
 * constraint plugin's own propagation (arrows...). Placing a digit
 * already narrows its relations' cells (variant_state_place); these are
 * the deductions between cells still open. */
#include "variant.h"

#include <stdio.h>
#include <string.h>

/* The digits a cell holds or may hold: its value's bit, or its candidates. */
static sk_digits constraint_digits(const variant_state *st, int cell)
{
    return st->value[cell] ? 1u << (st->value[cell] - 1) : st->cand[cell];
}

void variant_constraint_name(const variant_model *m, const char *mark, int sum, int cell, char *out,
                             size_t len)
{
    char name[12], total[16] = "";
    variant_cell_name(m, cell, name);
    if (sum > 0)
        snprintf(total, sizeof total, " %d", sum);
    snprintf(out, len, "%.24s%s at %s", mark ? mark : "constraint", total, name);
}

/* Relation i: each end keeps the digits the other end allows. */
static bool constraint_relation(const variant_state *st, variant_step *step, uint32_t i)
{
    const variant_model *m = st->m;
    const sk_rules_relation *rel = &m->rules->relations[i];
    sk_digits da = constraint_digits(st, rel->a), db = constraint_digits(st, rel->b);
    sk_digits keep_b = 0, keep_a = 0;
    for (sk_digits x = da; x; x &= x - 1) {
        int d = human_first_digit(x);
        keep_b |= rel->allowed[d];
        if (rel->allowed[d] & db)
            keep_a |= 1u << (d - 1);
    }
    sk_digits drop_a = st->value[rel->a] ? 0 : da & ~keep_a;
    sk_digits drop_b = st->value[rel->b] ? 0 : db & ~keep_b;
    if (!drop_a && !drop_b)
        return false;
    char technique[40];
    snprintf(technique, sizeof technique, "Relation (%.24s)", rel->mark ? rel->mark : "pair");
    variant_step_begin_named(step, technique, VARIANT_CONSTRAINT_RATING);
    variant_step_cell(step, rel->a);
    variant_step_cell(step, rel->b);
    for (sk_digits x = drop_a; x; x &= x - 1)
        variant_step_elim(step, rel->a, human_first_digit(x));
    for (sk_digits x = drop_b; x; x &= x - 1)
        variant_step_elim(step, rel->b, human_first_digit(x));
    char a[12], b[12];
    variant_cell_name(m, rel->a, a);
    variant_cell_name(m, rel->b, b);
    snprintf(step->where, sizeof step->where, "%.24s %s-%s", rel->mark ? rel->mark : "relation", a,
             b);
    variant_step_text(step, "%s between %s and %s: each keeps only the digits the other allows",
                      rel->mark ? rel->mark : "relation", a, b);
    return true;
}

/* Every set of count distinct digits of 1..size summing to sum that each
 * cell of the group can take a digit of: ORed into *fit, ANDed into *need. */
static void constraint_combos(const variant_state *st, const sk_rules_group *g, int from, int count,
                              int sum, sk_digits combo, sk_digits *fit, sk_digits *need)
{
    if (count == 0) {
        bool ok = sum == 0;
        for (uint32_t k = 0; ok && k < g->count; k++)
            ok = (constraint_digits(st, g->cells[k]) & combo) != 0;
        if (ok) {
            *fit |= combo;
            *need &= combo;
        }
        return;
    }
    for (int d = from; d <= st->m->size && d <= sum; d++)
        constraint_combos(st, g, d + 1, count - 1, sum - d, combo | 1u << (d - 1), fit, need);
}

void variant_cage_digits(const variant_state *st, int g, sk_digits *fit, sk_digits *need)
{
    const sk_rules_group *group = &st->m->rules->groups[g];
    *fit = 0;
    *need = st->m->all;
    constraint_combos(st, group, 1, (int)group->count, group->sum, 0, fit, need);
    if (!*fit)
        *need = 0;
}

/* Group i with a sum: its cells keep the digits of the combinations that fit. */
static bool constraint_cage(const variant_state *st, variant_step *step, uint32_t i)
{
    const variant_model *m = st->m;
    const sk_rules_group *g = &m->rules->groups[i];
    if (g->sum <= 0)
        return false;
    sk_digits fit, need;
    variant_cage_digits(st, (int)i, &fit, &need);
    variant_step_begin_named(step, "Cage combinations", VARIANT_CONSTRAINT_RATING);
    for (uint32_t k = 0; k < g->count; k++) {
        int c = g->cells[k];
        variant_step_cell(step, c);
        for (sk_digits x = st->value[c] ? 0 : st->cand[c] & ~fit; x; x &= x - 1)
            variant_step_elim(step, c, human_first_digit(x));
    }
    if (step->elim_count == 0)
        return false;
    variant_constraint_name(m, g->mark, g->sum, g->cells[0], step->where, sizeof step->where);
    char kept[3 * VARIANT_MAX_SIZE] = "";
    size_t used = 0;
    for (sk_digits x = fit; x; x &= x - 1)
        used += (size_t)snprintf(kept + used, sizeof kept - used, "%s%d", used ? "," : "",
                                 human_first_digit(x));
    variant_step_text(step,
                      "%s (%u cell%s, sum %d): only %s can make the sum with different "
                      "digits, so its cells keep only those",
                      step->where, g->count, g->count == 1 ? "" : "s", g->sum, kept);
    return true;
}

/* What a custom constraint's propagation says about the cell it names. */
typedef struct constraint_note {
    char why[160];
    bool noted;
} constraint_note;

static void constraint_noted(void *user, uint32_t cell, sk_digits removed, const char *why)
{
    constraint_note *n = user;
    (void)cell;
    (void)removed;
    if (!n->noted && why)
        snprintf(n->why, sizeof n->why, "%s", why);
    n->noted = true;
}

/* Custom i: its plugin's propagation over the candidates. */
static bool constraint_custom(const variant_state *st, variant_step *step, uint32_t i)
{
    const variant_model *m = st->m;
    const sk_rules_custom *cu = &m->rules->customs[i];
    sk_digits cand[VARIANT_MAX_CELLS];
    for (int c = 0; c < m->cells; c++)
        cand[c] = constraint_digits(st, c);
    constraint_note note = {.why = "", .noted = false};
    if (cu->constraint->propagate(cu->state, m->rules, cand, constraint_noted, &note) != SK_OK)
        return false;
    char technique[40];
    snprintf(technique, sizeof technique, "Constraint (%.24s)", cu->mark ? cu->mark : "custom");
    variant_step_begin_named(step, technique, VARIANT_CONSTRAINT_RATING);
    for (uint32_t k = 0; k < cu->count; k++)
        variant_step_cell(step, cu->cells[k]);
    for (int c = 0; c < m->cells; c++)
        for (sk_digits x = st->value[c] ? 0 : st->cand[c] & ~cand[c]; x; x &= x - 1)
            variant_step_elim(step, c, human_first_digit(x));
    if (step->elim_count == 0)
        return false;
    variant_constraint_name(m, cu->mark, 0, cu->cells[0], step->where, sizeof step->where);
    variant_step_text(step, "%s: %s", step->where,
                      note.why[0] ? note.why : "the constraint rules these candidates out");
    return true;
}

bool variant_find_constraint(const variant_state *st, variant_step *step)
{
    const sk_rules *r = st->m->rules;
    for (uint32_t i = 0; i < r->group_count; i++)
        if (constraint_cage(st, step, i))
            return true;
    for (uint32_t i = 0; i < r->relation_count; i++)
        if (constraint_relation(st, step, i))
            return true;
    for (uint32_t i = 0; i < r->custom_count; i++)
        if (constraint_custom(st, step, i))
            return true;
    return false;
}
