/* Rating driver and plugin entry of the human rater: easiest step first, SE's scale. */
#include "hodoku.h"
#include "variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HUMAN_VERSION "0.2.0"
/* Chain steps a rating may take by default (see human_budget). */
#define HUMAN_DEFAULT_EFFORT 2000000000ull

/* One rater instance: tables, options and working memory. */
typedef struct human_rater {
    const sk_services *services;
    uint64_t effort; /* chain steps per puzzle, 0 = unlimited */
    double timeout;  /* wall-clock seconds per puzzle (a safety), 0 = none */
    double stop;     /* stop=SCORE: stop once the score is known to reach it, 0 = never */
    human_tables tables;
    human_step step;
    human_export exported; /* the arrays of the step reported */
    void *chain_scratch;
    const char *floor_name; /* chain tier searched when the budget ran out */
    bool sukaku;            /* techniques=sukaku: Sukaku Explainer's extra techniques too */
    bool hodoku;            /* techniques=hodoku: HoDoKu's technique set, score and levels */
    hodoku_state hodoku_grid;
} human_rater;

/* Techniques below the chains, in SE's order of rating. Those marked sukaku_only are
 * Sukaku Explainer's extra techniques, at its places, used with techniques=sukaku only. */
static const struct {
    human_finder find;
    bool sukaku_only;
} human_rater_finders[] = {
    {human_find_full_house, false},
    {human_find_hidden_single_box, false},
    {human_find_hidden_single_line, false},
    {human_find_direct_pointing, false},
    {human_find_direct_claiming, false},
    {human_find_direct_hidden_pair, false},
    {human_find_naked_single, false},
    {human_find_direct_hidden_triple, false},
    {human_find_pointing, false},
    {human_find_claiming, false},
    {human_find_naked_pair, false},
    {human_find_x_wing, false},
    {human_find_hidden_pair, false},
    {human_find_naked_triple, false},
    {human_find_swordfish, false},
    {human_find_hidden_triple, false},
    {human_find_two_strong_links, true},
    {human_find_xy_wing, false},
    {human_find_xyz_wing, false},
    {human_find_unique_rectangle, false},
    {human_find_naked_quad, false},
    {human_find_jellyfish, false},
    {human_find_hidden_quad, false},
    {human_find_three_strong_links, true},
    {human_find_wxyz_wing, true},
    {human_find_bug, false},
    {human_find_vwxyz_wing, true},
    {human_find_aligned_pair_exclusion, false},
};

/* Level 1..5 from an SE score; see docs/human-rater.md. */
int human_rater_level(double score)
{
    if (score <= 2.0)
        return 1;
    if (score <= 3.0)
        return 2;
    if (score <= 4.4)
        return 3;
    if (score <= 6.4)
        return 4;
    return 5;
}

/* Parse a count of chain steps: digits with an optional k, M or G suffix. */
static bool human_rater_parse_effort(const char *text, uint64_t *out)
{
    char *end = NULL;
    if (*text < '0' || *text > '9')
        return false;
    unsigned long long n = strtoull(text, &end, 10);
    uint64_t scale = 1;
    if (*end == 'k')
        scale = 1000ull;
    else if (*end == 'M')
        scale = 1000000ull;
    else if (*end == 'G')
        scale = 1000000000ull;
    if (scale > 1)
        end++;
    if (*end != '\0' || n > UINT64_MAX / scale / 1000)
        return false;
    *out = (uint64_t)n * scale;
    return true;
}

/* Read one option into r; false with a message in err when it is wrong. */
static bool human_rater_option(human_rater *r, const sk_option *o, char *err, size_t errlen)
{
    if (strcmp(o->key, "techniques") == 0) {
        r->sukaku = strcmp(o->value, "sukaku") == 0;
        r->hodoku = strcmp(o->value, "hodoku") == 0;
        if (!r->sukaku && !r->hodoku && strcmp(o->value, "se") != 0) {
            snprintf(err, errlen, "bad techniques '%s': give se, sukaku or hodoku", o->value);
            return false;
        }
        return true;
    }
    if (strcmp(o->key, "effort") == 0) {
        if (human_rater_parse_effort(o->value, &r->effort))
            return true;
        snprintf(err, errlen,
                 "bad effort '%s': give chain steps per puzzle, e.g. 500M or 2G (0 = no limit)",
                 o->value);
        return false;
    }
    if (strcmp(o->key, "timeout") == 0) {
        if (sk_option_real(o->value, 0.0, 86400.0, &r->timeout) == 0)
            return true;
        snprintf(err, errlen, "bad timeout '%s': give seconds per puzzle from 0 (none) to 86400",
                 o->value);
        return false;
    }
    if (strcmp(o->key, "stop") == 0) {
        if (sk_option_real(o->value, 0.0, 100.0, &r->stop) == 0)
            return true;
        snprintf(err, errlen, "bad stop '%s': give a score from 0 (never stop) to 100",
                 o->value);
        return false;
    }
    if (strcmp(o->key, "budget") == 0) {
        snprintf(err, errlen,
                 "option budget= (seconds) is gone: ratings now count work, effort=STEPS; "
                 "timeout=SECONDS stops a rating as an error");
        return false;
    }
    snprintf(err, errlen,
             "unknown option '%s' (known: effort=STEPS, stop=SCORE, timeout=SECONDS, "
             "techniques=se|sukaku|hodoku)",
             o->key);
    return false;
}

/* Create an instance; hodoku presets techniques=hodoku. */
static void *human_rater_new(const sk_services *services, const sk_option *options,
                             size_t option_count, bool hodoku, char *err, size_t errlen)
{
    human_rater opts = {.effort = HUMAN_DEFAULT_EFFORT, .hodoku = hodoku};
    for (size_t i = 0; i < option_count; i++)
        if (!human_rater_option(&opts, &options[i], err, errlen))
            return NULL;
    human_rater *r = calloc(1, sizeof *r);
    if (r)
        r->chain_scratch = human_chain_scratch_new();
    if (!r || !r->chain_scratch) {
        free(r);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    r->services = services;
    r->effort = opts.effort;
    r->timeout = opts.timeout;
    r->stop = opts.stop;
    r->sukaku = opts.sukaku;
    r->hodoku = opts.hodoku;
    human_tables_init(&r->tables);
    return r;
}

static void *human_rater_create(const sk_services *services, const sk_option *options,
                                size_t option_count, char *err, size_t errlen)
{
    return human_rater_new(services, options, option_count, false, err, errlen);
}

static void *hodoku_rater_create(const sk_services *services, const sk_option *options,
                                 size_t option_count, char *err, size_t errlen)
{
    for (size_t i = 0; i < option_count; i++) {
        if (strcmp(options[i].key, "techniques") == 0 && strcmp(options[i].value, "hodoku") != 0) {
            snprintf(err, errlen, "rater hodoku rates with HoDoKu's techniques only: for "
                                  "techniques=%s use the rater human", options[i].value);
            return NULL;
        }
    }
    return human_rater_new(services, options, option_count, true, err, errlen);
}

static void human_rater_destroy(void *instance)
{
    human_rater *r = instance;
    if (!r)
        return;
    human_chain_scratch_free(r->chain_scratch);
    hodoku_state_release(&r->hodoku_grid);
    free(r);
}

/* Describe two clashing givens of grid in err. */
static void human_rater_clash(const human_tables *t, const sk_grid *grid, char *err, size_t errlen)
{
    for (int c = 0; c < 81; c++) {
        if (grid->cells[c] > 9) {
            snprintf(err, errlen, "cell %d holds %d, not a digit", c + 1, grid->cells[c]);
            return;
        }
        for (human_set p = t->peers[c]; grid->cells[c] && p; p &= p - 1) {
            int q = human_set_first(p);
            if (q > c && grid->cells[q] == grid->cells[c]) {
                char a[8], b[8];
                human_cell_name(c, a);
                human_cell_name(q, b);
                snprintf(err, errlen, "the puzzle breaks the rules: %d in both %s and %s",
                         grid->cells[c], a, b);
                return;
            }
        }
    }
    snprintf(err, errlen, "the puzzle breaks the rules");
}

/* Check a step against the solution: a rater must never deduce wrong. */
static bool human_rater_sound(const human_step *step, const uint8_t solution[81], char *err,
                              size_t errlen)
{
    char name[8];
    for (int i = 0; i < step->elim_count; i++) {
        if (solution[step->elim[i].cell] != step->elim[i].digit)
            continue;
        human_cell_name(step->elim[i].cell, name);
        snprintf(err, errlen, "internal error: %s removed %d from %s, the solution's digit",
                 step->technique, step->elim[i].digit, name);
        return false;
    }
    if (step->place && solution[step->placed.cell] != step->placed.digit) {
        human_cell_name(step->placed.cell, name);
        snprintf(err, errlen, "internal error: %s placed %d in %s against the solution",
                 step->technique, step->placed.digit, name);
        return false;
    }
    if (!step->place && step->elim_count == 0) {
        snprintf(err, errlen, "internal error: %s made no progress", step->technique);
        return false;
    }
    return true;
}

/* Report a step to the caller's callback; nonzero means stop. */
static int human_rater_report(human_export *exported, const human_step *step, sk_step_fn on_step,
                              void *user)
{
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
    };
    human_step_export(step, exported, &s);
    return on_step(user, &s);
}

/* Find the easiest step of st. Returns 1 with a step, 0 when the budget
 * ran out (floor is then the least rating the next step can have), -1
 * when no technique applies. */
static int human_rater_next(human_rater *r, const human_state *st, human_budget *bud, double *floor)
{
    for (size_t i = 0; i < sizeof human_rater_finders / sizeof human_rater_finders[0]; i++)
        if ((r->sukaku || !human_rater_finders[i].sukaku_only) &&
            human_rater_finders[i].find(st, &r->step))
            return 1;
    for (int tier = 0; tier < HUMAN_TIER_COUNT; tier++) {
        /* SE tries aligned triple exclusion (7.5) between the static
         * chains and nishio. */
        if (tier == HUMAN_TIER_NISHIO && human_find_aligned_triple_exclusion(st, &r->step))
            return 1;
        *floor = human_tier_base((human_tier)tier);
        r->floor_name = human_tier_name((human_tier)tier);
        /* stop=SCORE: every step from here on rates at least *floor. */
        if (r->stop > 0 && *floor >= r->stop)
            return 0;
        if (human_find_chain(st, (human_tier)tier, bud, r->chain_scratch, &r->step))
            return 1;
        if (human_budget_over(bud))
            return 0;
    }
    return -1;
}

/* Place the solution's digit in the empty cell with fewest candidates:
 * the last resort when no technique of this rater applies. */
static void human_rater_guess(human_rater *r, const human_state *st, const uint8_t solution[81],
                              double rating)
{
    int best = -1;
    for (int c = 0; c < 81; c++)
        if (!st->value[c] && (best < 0 || human_count(st->cand[c]) < human_count(st->cand[best])))
            best = c;
    char name[8];
    human_cell_name(best, name);
    human_step_begin(&r->step, HUMAN_T_TRIAL_AND_ERROR, rating);
    human_step_cell(&r->step, best);
    r->step.place = true;
    r->step.placed = (sk_candidate){(uint8_t)best, solution[best]};
    human_step_explain(&r->step, 0, name, solution[best]);
}

/* Count into res the step the budget stopped: at least floor (the base of
 * the tier named name) for the score, and for ED and EP while they are
 * still open. */
static void human_rater_add_floor(sk_rating *res, double floor, const char *name, bool placed_yet)
{
    res->score_is_lower_bound = 1;
    if (floor > res->score) {
        res->score = floor;
        snprintf(res->hardest, sizeof res->hardest, "%s (unfinished)", name);
    }
    if (res->steps == 0)
        res->first_step = floor;
    if (!placed_yet && floor > res->first_placement)
        res->first_placement = floor;
}

void human_rating_add(sk_rating *res, double rating, bool place, const char *technique,
                      bool *placed_yet)
{
    if (res->steps == 0)
        res->first_step = rating;
    if (!*placed_yet && rating > res->first_placement)
        res->first_placement = rating;
    *placed_yet |= place;
    if (rating > res->score || res->steps == 0) {
        res->score = rating;
        snprintf(res->hardest, sizeof res->hardest, "%s", technique);
    }
    res->steps++;
}

/* Copy res into out, as much of it as out's struct_size holds. */
static void human_rater_deliver(sk_rating *out, const sk_rating *res)
{
    size_t n = out->struct_size < sizeof *res ? out->struct_size : sizeof *res;
    uint32_t keep = out->struct_size;
    memcpy(out, res, n);
    out->struct_size = keep;
}

/* The state the rating starts from: puzzle's digits, and when marks is not
 * NULL only those of their candidates in marks; its one solution into
 * solution. SK_OK or SK_ERR_INVALID with a message in err. */
static int human_rater_start(const human_rater *r, const sk_grid *puzzle, const uint16_t *marks,
                             human_state *st, uint8_t solution[81], char *err, size_t errlen)
{
    if (!human_state_from_grid(st, &r->tables, puzzle)) {
        human_rater_clash(&r->tables, puzzle, err, errlen);
        return SK_ERR_INVALID;
    }
    const char *what = marks ? "position" : "puzzle";
    for (int c = 0; marks && c < 81; c++) {
        if (st->value[c])
            continue;
        st->cand[c] &= marks[c];
        if (!st->cand[c]) {
            char name[8];
            human_cell_name(c, name);
            snprintf(err, errlen, "the pencil marks leave no candidate in %s", name);
            return SK_ERR_INVALID;
        }
    }
    int count = human_solve_count(st, 2, solution);
    if (count != 1) {
        snprintf(err, errlen,
                 count == 0 ? "the %s has no solution" : "the %s has more than one solution; "
                                                         "a rating needs exactly one",
                 what);
        return SK_ERR_INVALID;
    }
    return SK_OK;
}

/* Rate from puzzle (and marks) with HoDoKu's technique set. */
static int hodoku_rater_run(human_rater *r, const sk_grid *puzzle, const uint16_t *marks,
                            sk_rating *out, sk_step_fn on_step, void *user, char *err,
                            size_t errlen)
{
    human_state start;
    uint8_t solution[81];
    int rc = human_rater_start(r, puzzle, marks, &start, solution, err, errlen);
    if (rc != SK_OK)
        return rc;
    hodoku_state *st = &r->hodoku_grid;
    hodoku_state_start(st, &r->tables, puzzle);
    for (int c = 0; marks && c < 81; c++)
        for (int d = 1; d <= 9; d++)
            if (!st->value[c] && !(marks[c] & HUMAN_BIT(d)))
                hodoku_remove(st, c, d);
    sk_rating res = {.struct_size = sizeof res};
    int score = 0, level = 1, hardest = -1;
    bool placed_yet = false;
    while (st->unsolved > 0) {
        int step_level = 1;
        if (!hodoku_next_step(st, solution, &r->step, &step_level) ||
            !human_rater_sound(&r->step, solution, err, errlen))
            return SK_ERR;
        score += r->step.score;
        level = step_level > level ? step_level : level;
        if (res.steps == 0)
            res.first_step = r->step.score;
        if (!placed_yet && r->step.score > res.first_placement)
            res.first_placement = r->step.score;
        placed_yet |= r->step.place;
        if (r->step.score > hardest) {
            hardest = r->step.score;
            snprintf(res.hardest, sizeof res.hardest, "%s", r->step.technique);
        }
        res.steps++;
        if (on_step && human_rater_report(&r->exported, &r->step, on_step, user) != 0) {
            snprintf(err, errlen, "stopped by the caller after %u steps", (unsigned)res.steps);
            rc = SK_ERR_STOPPED;
            break;
        }
        hodoku_apply(st, &r->step);
    }
    res.score = score;
    res.level = hodoku_level(level, score);
    human_rater_deliver(out, &res);
    return rc;
}

/* Rate from puzzle, and from marks when not NULL (sk_rate_marks_fn). */
static int human_rater_run(human_rater *r, const sk_grid *puzzle, const uint16_t *marks,
                           sk_rating *out, sk_step_fn on_step, void *user, char *err,
                           size_t errlen)
{
    if (r->hodoku)
        return hodoku_rater_run(r, puzzle, marks, out, on_step, user, err, errlen);
    human_state st;
    uint8_t solution[81];
    sk_rating res = {.struct_size = sizeof res};
    bool placed_yet = false;
    human_budget bud = {.limit = r->effort,
                        .deadline = r->timeout > 0 ? human_now() + r->timeout : 0};
    int rc = human_rater_start(r, puzzle, marks, &st, solution, err, errlen);
    while (rc == SK_OK && st.empty > 0) {
        double floor = 0.0;
        int found = human_rater_next(r, &st, &bud, &floor);
        if (bud.timed_out) {
            snprintf(err, errlen, "timed out after %g s (timeout=%g): not rated", r->timeout,
                     r->timeout);
            return SK_ERR_LIMIT;
        }
        if (found == 0) {
            human_rater_add_floor(&res, floor, r->floor_name, placed_yet);
            break;
        }
        if (found < 0) {
            res.score_is_lower_bound = 1;
            human_rater_guess(r, &st, solution, floor > res.score ? floor : res.score);
        }
        if (!human_rater_sound(&r->step, solution, err, errlen))
            return SK_ERR;
        human_rating_add(&res, r->step.rating, r->step.place, r->step.technique, &placed_yet);
        /* stop=SCORE reached: the score is known to be at least that. */
        bool stopped = r->stop > 0 && res.score >= r->stop;
        res.score_is_lower_bound |= stopped;
        /* Explained: the chains nested in a step's branches too. */
        if (on_step && found > 0)
            human_unfold_chains(&st, r->chain_scratch, &r->step);
        if (on_step && human_rater_report(&r->exported, &r->step, on_step, user) != 0) {
            snprintf(err, errlen, "stopped by the caller after %u steps", (unsigned)res.steps);
            rc = SK_ERR_STOPPED;
            break;
        }
        if (stopped)
            break;
        human_state_apply(&st, &r->step);
    }
    if (rc == SK_OK || rc == SK_ERR_STOPPED) {
        res.level = human_rater_level(res.score);
        human_rater_deliver(out, &res);
    }
    return rc;
}

static int human_rater_rate(void *instance, const sk_grid *puzzle, sk_rating *out,
                            sk_step_fn on_step, void *user, char *err, size_t errlen)
{
    return human_rater_run(instance, puzzle, NULL, out, on_step, user, err, errlen);
}

static int human_rater_rate_marks(void *instance, const sk_grid *puzzle, const uint16_t marks[81],
                                  sk_rating *out, sk_step_fn on_step, void *user, char *err,
                                  size_t errlen)
{
    return human_rater_run(instance, puzzle, marks, out, on_step, user, err, errlen);
}

/* Rate a puzzle under rules other than classic (sk_rate_rules_fn). */
static int human_rater_rate_rules(void *instance, const sk_rules *rules, const sk_board *puzzle,
                                  sk_rating *out, sk_step_fn on_step, void *user, char *err,
                                  size_t errlen)
{
    const human_rater *r = instance;
    if (r->hodoku) {
        snprintf(err, errlen,
                 "techniques=hodoku rates classic 9x9 puzzles only, not '%.80s': rate them with "
                 "techniques=se",
                 rules->spec);
        return SK_ERR;
    }
    return variant_rate(r->services, rules, puzzle, out, on_step, user, err, errlen);
}

/* Fill out with technique id of the table. */
static void human_rater_describe(int id, sk_technique *out)
{
    const human_technique *t = human_technique_of((human_technique_id)id);
    *out = (sk_technique){.name = t->name,
                          .family = t->family,
                          .se_rating = t->rating,
                          .hodoku_score = t->hodoku_score,
                          .description = human_technique_about((human_technique_id)id),
                          .example = human_technique_example(t->name)};
}

/* The SE set's techniques (and Sukaku Explainer's), in the table's order. */
static int human_rater_technique(size_t index, sk_technique *out)
{
    if (index > HUMAN_T_TRIAL_AND_ERROR)
        return -1;
    human_rater_describe((int)index, out);
    return 0;
}

/* HoDoKu's techniques in HoDoKu's order. */
static int hodoku_rater_technique(size_t index, sk_technique *out)
{
    int id = hodoku_technique_at(index);
    if (id < 0)
        return -1;
    human_rater_describe(id, out);
    return 0;
}

static const sk_strategy human_rater_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_RATER,
    .name = "human",
    .summary = "solves as a person, easiest technique first; Sudoku Explainer scale",
    .options_help = "effort=STEPS (chain steps per puzzle, suffix k, M or G; default 2G; "
                    "0 = no limit; when spent the score is a lower bound), "
                    "stop=SCORE (stop as soon as the score is known to reach SCORE: the "
                    "score is then a lower bound; default 0, never), "
                    "timeout=SECONDS (wall-clock safety per puzzle, default none; a puzzle it "
                    "stops is not rated), "
                    "techniques=se|sukaku|hodoku (default se; sukaku adds Sukaku Explainer's "
                    "extra techniques; hodoku solves with HoDoKu's techniques and rates on its "
                    "scale, as the rater hodoku does)",
    .create = human_rater_create,
    .destroy = human_rater_destroy,
    .rate = human_rater_rate,
    .rate_marks = human_rater_rate_marks,
    .technique = human_rater_technique,
    .rate_rules = human_rater_rate_rules,
};

static const sk_strategy hodoku_rater_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_RATER,
    .name = "hodoku",
    .summary = "solves with HoDoKu's techniques in its order; HoDoKu's score and levels",
    .options_help = "effort=STEPS, timeout=SECONDS (as for the rater human)",
    .create = hodoku_rater_create,
    .destroy = human_rater_destroy,
    .rate = human_rater_rate,
    .rate_marks = human_rater_rate_marks,
    .technique = hodoku_rater_technique,
};

/* The plugin: its descriptor and entry symbol. */
SK_PLUGIN_DEFINE("rater-human", HUMAN_VERSION, &human_rater_strategy, &hodoku_rater_strategy)
