/* Human rater, other rules: the rating driver. Easiest step first over
 * the rules' houses and constraints, a forcing step and at last a trial
 * when nothing else applies, each step checked against the solution;
 * SE's scale and the classic levels. */
#include "variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The techniques in order of their SE rating (the constraints' own
 * deductions at VARIANT_CONSTRAINT_RATING); the forcing step after them. */
static const variant_finder variant_finders[] = {
    variant_find_full_house,           /* 1.0 */
    variant_find_hidden_single_region, /* 1.2 */
    variant_find_hidden_single_other,  /* 1.5 */
    variant_find_naked_single,         /* 2.3 */
    variant_find_constraint,           /* 2.5 */
    variant_find_pointing,             /* 2.6 */
    variant_find_claiming,             /* 2.8 */
    variant_find_cage_pointing,        /* 2.8 */
    variant_find_naked_pair,           /* 3.0 */
    variant_find_x_wing,               /* 3.2 */
    variant_find_hidden_pair,          /* 3.4 */
    variant_find_naked_triple,         /* 3.6 */
    variant_find_swordfish,            /* 3.8 */
    variant_find_hidden_triple,        /* 4.0 */
    variant_find_xy_wing,              /* 4.2 */
    variant_find_naked_quad,           /* 5.0 */
    variant_find_jellyfish,            /* 5.2 */
    variant_find_hidden_quad,          /* 5.4 */
    variant_find_forcing,              /* 8.5 */
    variant_find_forcing_plus,         /* 9.0 */
};

/* What one rating works with, on the heap (a model and a step are large). */
typedef struct variant_run {
    variant_model model;
    variant_state st;
    variant_step step;
    sk_board solution;
} variant_run;

/* Place the solution's digit in the empty cell with fewest candidates. */
static void variant_guess(variant_run *run)
{
    const variant_state *st = &run->st;
    int best = -1;
    for (int c = 0; c < run->model.cells; c++)
        if (!st->value[c] && (best < 0 || human_count(st->cand[c]) < human_count(st->cand[best])))
            best = c;
    char name[12];
    variant_cell_name(&run->model, best, name);
    variant_step_begin(&run->step, HUMAN_T_TRIAL_AND_ERROR);
    variant_step_place(&run->step, best, run->solution.cells[best]);
    snprintf(run->step.where, sizeof run->step.where, "cell %s", name);
    variant_step_text(&run->step,
                      "no technique of this rater applies; trying the candidates "
                      "shows %s is %d",
                      name, run->solution.cells[best]);
}

/* False with err when step removes or places against the solution. */
static bool variant_sound(const variant_run *run, char *err, size_t errlen)
{
    const variant_step *step = &run->step;
    char name[12];
    for (int i = 0; i < step->elim_count; i++)
        if (run->solution.cells[step->elim[i].cell] == step->elim[i].digit) {
            variant_cell_name(&run->model, step->elim[i].cell, name);
            snprintf(err, errlen, "internal error: %s removed %d from %s, the solution's digit",
                     step->technique, step->elim[i].digit, name);
            return false;
        }
    if (step->place && run->solution.cells[step->placed.cell] != step->placed.digit) {
        variant_cell_name(&run->model, step->placed.cell, name);
        snprintf(err, errlen, "internal error: %s placed %d in %s against the solution",
                 step->technique, step->placed.digit, name);
        return false;
    }
    return true;
}

/* Report step to the caller; nonzero means stop. */
static int variant_report(const variant_run *run, sk_step_fn on_step, void *user)
{
    const variant_step *step = &run->step;
    sk_step s = {
        .struct_size = sizeof s,
        .kind = step->place ? SK_STEP_PLACE : SK_STEP_ELIMINATE,
        .technique = step->technique,
        .rating = step->rating,
        .cells = step->cells,
        .cell_count = (size_t)step->cell_count,
        .placed = step->place ? &step->placed : NULL,
        .placed_count = step->place ? 1 : 0,
        .eliminated = step->elim,
        .eliminated_count = (size_t)step->elim_count,
        .explanation = step->text,
        .se_rating = step->rating,
        .notation = "",
        .where = step->where,
        .size = (uint32_t)run->model.size,
    };
    return on_step(user, &s);
}

/* Start run from puzzle: the model, the grid and the one solution. */
static int variant_start(variant_run *run, const sk_services *services, const sk_rules *rules,
                         const sk_board *puzzle, char *err, size_t errlen)
{
    if (rules->size > VARIANT_MAX_SIZE) {
        snprintf(err, errlen, "rates rules up to %dx%d, not %ux%u", VARIANT_MAX_SIZE,
                 VARIANT_MAX_SIZE, rules->size, rules->size);
        return SK_ERR;
    }
    if (!variant_model_build(&run->model, rules)) {
        snprintf(err, errlen, "out of memory");
        return SK_ERR;
    }
    if (!variant_state_start(&run->st, &run->model, puzzle)) {
        snprintf(err, errlen, "the puzzle breaks the rules");
        return SK_ERR_INVALID;
    }
    if (services->struct_size <
        offsetof(sk_services, count_solutions_rules) + sizeof services->count_solutions_rules) {
        snprintf(err, errlen, "the host cannot count solutions under rules");
        return SK_ERR;
    }
    int count = services->count_solutions_rules(services->ctx, rules, puzzle, 2, &run->solution);
    if (count < 0) {
        snprintf(err, errlen, "no solver counts the solutions of these rules");
        return SK_ERR;
    }
    if (count != 1) {
        snprintf(err, errlen,
                 count == 0 ? "the puzzle has no solution"
                            : "the puzzle has more than one solution; a rating "
                              "needs exactly one");
        return SK_ERR_INVALID;
    }
    return SK_OK;
}

/* Solve run's grid step by step into res. */
static int variant_solve(variant_run *run, sk_rating *res, sk_step_fn on_step, void *user,
                         char *err, size_t errlen)
{
    bool placed_yet = false;
    while (run->st.empty > 0) {
        bool found = false;
        for (size_t i = 0; !found && i < sizeof variant_finders / sizeof variant_finders[0]; i++)
            found = variant_finders[i](&run->st, &run->step);
        if (!found) {
            res->score_is_lower_bound = 1;
            variant_guess(run);
        }
        if (!variant_sound(run, err, errlen))
            return SK_ERR;
        human_rating_add(res, run->step.rating, run->step.place, run->step.technique, &placed_yet);
        if (on_step && variant_report(run, on_step, user) != 0) {
            snprintf(err, errlen, "stopped by the caller after %u steps", (unsigned)res->steps);
            return SK_ERR_STOPPED;
        }
        variant_step_apply(&run->st, &run->step);
    }
    return SK_OK;
}

int variant_rate(const sk_services *services, const sk_rules *rules, const sk_board *puzzle,
                 sk_rating *out, sk_step_fn on_step, void *user, char *err, size_t errlen)
{
    variant_run *run = calloc(1, sizeof *run);
    if (!run) {
        snprintf(err, errlen, "out of memory");
        return SK_ERR;
    }
    sk_rating res = {.struct_size = sizeof res};
    int rc = variant_start(run, services, rules, puzzle, err, errlen);
    if (rc == SK_OK)
        rc = variant_solve(run, &res, on_step, user, err, errlen);
    if (rc == SK_OK || rc == SK_ERR_STOPPED) {
        res.level = human_rater_level(res.score);
        size_t n = out->struct_size < sizeof res ? out->struct_size : sizeof res;
        uint32_t keep = out->struct_size;
        memcpy(out, &res, n);
        out->struct_size = keep;
    }
    variant_model_release(&run->model);
    free(run);
    return rc;
}
