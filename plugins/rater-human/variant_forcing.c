/* Human rater, other rules: the forcing step after every other technique
 * failed. A candidate is assumed, and singles and the constraints' own
 * deductions are applied to the grid that follows; when that grid breaks
 * the rules (a cell without candidates, a digit without a place in a
 * house), the candidate is false. Rated as SE rates a dynamic forcing
 * chain that ends in a contradiction (its base, without SE's increase for
 * the chain's length), and with intersections and pairs as its dynamic
 * forcing chain (+). */
#include "variant.h"

#include <stdio.h>

/* The techniques a forcing step applies after its assumption: singles and
 * the constraints' own deductions (SE's dynamic forcing chain), then for
 * the "plus" tier intersections and subsets too. */
static const variant_finder forcing_steps[] = {
    variant_find_full_house,   variant_find_hidden_single_region, variant_find_hidden_single_other,
    variant_find_naked_single, variant_find_constraint,           variant_find_pointing,
    variant_find_claiming,     variant_find_naked_pair,           variant_find_hidden_pair,
};
enum { FORCING_BASICS = 5, FORCING_PLUS = sizeof forcing_steps / sizeof forcing_steps[0] };

/* Apply the first `finders` techniques to st until it breaks (true) or
 * they stop (false); *steps counts them. */
static bool forcing_breaks(variant_state *st, size_t finders, variant_step *scratch, int *steps)
{
    for (;;) {
        if (variant_state_broken(st))
            return true;
        bool found = false;
        for (size_t i = 0; !found && i < finders; i++)
            found = forcing_steps[i](st, scratch);
        if (!found || st->empty == 0)
            return false;
        variant_step_apply(st, scratch);
        ++*steps;
    }
}

/* Try d in cell; true with step filled when it leads to a contradiction. */
static bool forcing_try(const variant_state *st, variant_step *step, int cell, int d,
                        size_t finders)
{
    variant_step scratch;
    variant_state trial = *st;
    variant_state_place(&trial, cell, d);
    int steps = 0;
    if (!forcing_breaks(&trial, finders, &scratch, &steps))
        return false;
    char name[12];
    variant_cell_name(st->m, cell, name);
    bool plus = finders > FORCING_BASICS;
    variant_step_begin(step, plus ? HUMAN_T_DYNAMIC_PLUS : HUMAN_T_DYNAMIC);
    variant_step_cell(step, cell);
    variant_step_elim(step, cell, d);
    snprintf(step->where, sizeof step->where, "cell %s", name);
    variant_step_text(step,
                      "if %s were %d, %d step%s of %s would break the rules, so %s is "
                      "not %d",
                      name, d, steps, steps == 1 ? "" : "s",
                      plus ? "singles, constraints, intersections and pairs"
                           : "singles and constraints",
                      name, d);
    return true;
}

/* A forcing step with the first `finders` techniques, trying the cells
 * with fewest candidates first (their assumptions are the likeliest to fail fast). */
static bool forcing_find(const variant_state *st, variant_step *step, size_t finders)
{
    for (int want = 2; want <= st->m->size; want++)
        for (int c = 0; c < st->m->cells; c++) {
            if (st->value[c] || human_count(st->cand[c]) != want)
                continue;
            for (sk_digits x = st->cand[c]; x; x &= x - 1)
                if (forcing_try(st, step, c, human_first_digit(x), finders))
                    return true;
        }
    return false;
}

bool variant_find_forcing(const variant_state *st, variant_step *step)
{
    return forcing_find(st, step, FORCING_BASICS);
}

bool variant_find_forcing_plus(const variant_state *st, variant_step *step)
{
    return forcing_find(st, step, FORCING_PLUS);
}
