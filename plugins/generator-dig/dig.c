/* Generator "dig": remove clues from a random complete grid while the solution stays unique. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid_fill.h"
#include "sudokit/plugin.h"

#define DIG_DEFAULT_ATTEMPTS 1000u
#define DIG_MIN_CLUES 17
#define DIG_MAX_CLUES 80

#define DIG_OPTIONS_HELP \
    "attempts=N clues=17..80 minimal=0|1 symmetry=none|rot180|rot90|mirror|diagonal|random"

static const char *const dig_symmetry_names[SK_SYM_RANDOM + 2] = SK_SYMMETRY_NAMES;

/* Defaults from the option string; a request's nonzero fields override them. */
typedef struct dig_instance {
    const sk_services *services;
    uint32_t attempts;
    int clues;
    sk_symmetry symmetry;
    int minimal;
} dig_instance;

/* The targets of one generate call, after defaults are applied. */
typedef struct dig_target {
    int clues;
    sk_symmetry symmetry;
    int minimal;
    int level;
    int window; /* nonzero when rating_min/rating_max bound the score */
    double rating_min, rating_max;
    uint32_t attempts;
} dig_target;

/* The cells of a grid grouped into symmetry orbits, in random order. */
typedef struct dig_orbits {
    uint8_t cells[81];
    uint8_t start[82]; /* orbit o is cells[start[o] .. start[o+1]) */
    int count;
} dig_orbits;

/* One attempt's digging: the accepted orbits in order of removal. */
typedef struct dig_run {
    sk_grid solution;
    sk_grid puzzle;
    int clues;
    int accepted[81];
    int accepted_count;
} dig_run;

static void *dig_create(const sk_services *services, const sk_option *options, size_t option_count,
                        char *err, size_t errlen)
{
    static const sk_option_spec specs[] = {{"attempts", 1, 1000000000L, NULL},
                                           {"clues", DIG_MIN_CLUES, DIG_MAX_CLUES, NULL},
                                           {"minimal", 0, 1, NULL},
                                           {"symmetry", 0, 0, dig_symmetry_names}};
    long long v[] = {DIG_DEFAULT_ATTEMPTS, 0, 0, SK_SYM_NONE};
    if (sk_options_read(options, option_count, specs, 4, v, DIG_OPTIONS_HELP, err, errlen) != SK_OK)
        return NULL;
    dig_instance *inst = sk_plugin_alloc(sizeof *inst, err, errlen);
    if (!inst)
        return NULL;
    *inst = (dig_instance){services, (uint32_t)v[0], (int)v[1], (sk_symmetry)v[3], (int)v[2]};
    return inst;
}

/* The image of cell under the generator of symmetry sym. */
static int dig_image(sk_symmetry sym, int cell)
{
    int r = cell / 9, c = cell % 9;
    switch (sym) {
    case SK_SYM_ROT180:
        return (8 - r) * 9 + (8 - c);
    case SK_SYM_ROT90:
        return c * 9 + (8 - r);
    case SK_SYM_MIRROR:
        return r * 9 + (8 - c);
    case SK_SYM_DIAGONAL:
        return c * 9 + r;
    default:
        return cell;
    }
}

/* Whether clue count n can be reached with symmetry sym: under rot90 the
 * orbits have 4 cells except the centre, so counts are 4k or 4k+1. */
static int dig_clues_reachable(sk_symmetry sym, int n)
{
    return sym != SK_SYM_ROT90 || n % 4 <= 1;
}

/* Group the 81 cells into orbits of sym, visiting cells in random order. */
static void dig_make_orbits(sk_symmetry sym, sk_rng *rng, dig_orbits *orbits)
{
    uint8_t order[81], seen[81] = {0};
    for (int i = 0; i < 81; i++)
        order[i] = (uint8_t)i;
    for (int i = 80; i > 0; i--) {
        int j = (int)sk_rng_below(rng, (uint32_t)i + 1);
        uint8_t t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    int n = 0;
    orbits->count = 0;
    for (int i = 0; i < 81; i++) {
        int cell = order[i];
        if (seen[cell])
            continue;
        orbits->start[orbits->count++] = (uint8_t)n;
        for (int c = cell; !seen[c]; c = dig_image(sym, c)) {
            seen[c] = 1;
            orbits->cells[n++] = (uint8_t)c;
        }
    }
    orbits->start[orbits->count] = (uint8_t)n;
}

static void dig_set_orbit(const dig_orbits *orbits, int o, sk_grid *puzzle, const sk_grid *solution,
                          int clear)
{
    for (int i = orbits->start[o]; i < orbits->start[o + 1]; i++) {
        int cell = orbits->cells[i];
        puzzle->cells[cell] = clear ? 0 : solution->cells[cell];
    }
}

/* Ask the host's solution counter about puzzle: 1 when unique, 0 or 2 when
 * not, negative (with a message) when the counter failed. */
static int dig_count(const dig_instance *inst, const sk_grid *puzzle, char *err, size_t errlen)
{
    int n = inst->services->count_solutions(inst->services->ctx, puzzle, 2, NULL);
    if (n < 0)
        snprintf(err, errlen,
                 "the host's solution counter failed (status %d); check the "
                 "chosen solver",
                 n);
    return n;
}

/* Remove orbits from the complete grid while the puzzle stays unique. With
 * a clue target and no minimality asked, stop at the target and skip orbits
 * that would overshoot it. Returns SK_OK or a negative counter status. */
static int dig_remove(const dig_instance *inst, const dig_target *t, const dig_orbits *orbits,
                      dig_run *run, char *err, size_t errlen)
{
    run->puzzle = run->solution;
    run->clues = 81;
    run->accepted_count = 0;
    int stop_at_target = t->clues && !t->minimal;
    for (int o = 0; o < orbits->count; o++) {
        int size = orbits->start[o + 1] - orbits->start[o];
        if (stop_at_target && run->clues - size < t->clues)
            continue;
        dig_set_orbit(orbits, o, &run->puzzle, &run->solution, 1);
        int n = dig_count(inst, &run->puzzle, err, errlen);
        if (n < 0)
            return n;
        if (n == 1) {
            run->clues -= size;
            run->accepted[run->accepted_count++] = o;
            if (stop_at_target && run->clues == t->clues)
                break;
        } else {
            dig_set_orbit(orbits, o, &run->puzzle, &run->solution, 0);
        }
    }
    return SK_OK;
}

/* Whether every clue of the puzzle is needed for uniqueness: 1 yes, 0 no,
 * negative when the counter failed. */
static int dig_is_minimal(const dig_instance *inst, sk_grid *puzzle, char *err, size_t errlen)
{
    for (int cell = 0; cell < 81; cell++) {
        uint8_t d = puzzle->cells[cell];
        if (!d)
            continue;
        puzzle->cells[cell] = 0;
        int n = dig_count(inst, puzzle, err, errlen);
        puzzle->cells[cell] = d;
        if (n < 0)
            return n;
        if (n == 1)
            return 0;
    }
    return 1;
}

/* Rate puzzle through the host's rater. */
static int dig_rate(const dig_instance *inst, const sk_grid *puzzle, sk_rating *rating, char *err,
                    size_t errlen)
{
    memset(rating, 0, sizeof *rating);
    rating->struct_size = sizeof *rating;
    int rc = inst->services->rate(inst->services->ctx, puzzle, rating);
    if (rc < 0)
        snprintf(err, errlen,
                 "the host's rater failed (status %d); a level or rating "
                 "target needs a working rater",
                 rc);
    return rc;
}

/* Rating at most the target (a harder puzzle would overshoot it). */
static int dig_fits_upper(const dig_target *t, const sk_rating *r)
{
    return (t->level == 0 || r->level <= t->level) && (!t->window || r->score <= t->rating_max);
}

static int dig_fits(const dig_target *t, const sk_rating *r)
{
    return dig_fits_upper(t, r) && (t->level == 0 || r->level == t->level) &&
           (!t->window || r->score >= t->rating_min);
}

/* The puzzle after the first k accepted removals of run. */
static void dig_prefix(const dig_orbits *orbits, const dig_run *run, int k, sk_grid *puzzle)
{
    *puzzle = run->solution;
    for (int i = 0; i < k; i++)
        dig_set_orbit(orbits, run->accepted[i], puzzle, &run->solution, 1);
}

/* Find the puzzle of a level or rating target among the prefixes of the
 * dig: difficulty grows as clues go, so a binary search finds the longest
 * prefix still within the upper bound, which must then also meet the lower
 * one. Stores it in run->puzzle. Returns 1 when found, 0 when not, or a
 * negative status. */
static int dig_search_prefix(const dig_instance *inst, const dig_target *t,
                             const dig_orbits *orbits, dig_run *run, char *err, size_t errlen)
{
    sk_rating r;
    int rc = dig_rate(inst, &run->puzzle, &r, err, errlen);
    if (rc < 0)
        return rc;
    if (dig_fits_upper(t, &r))
        return dig_fits(t, &r);
    int lo = 0, hi = run->accepted_count;
    sk_rating lo_rating = {0};
    sk_grid p;
    while (hi - lo > 1) {
        int mid = lo + (hi - lo) / 2;
        dig_prefix(orbits, run, mid, &p);
        rc = dig_rate(inst, &p, &r, err, errlen);
        if (rc < 0)
            return rc;
        if (dig_fits_upper(t, &r)) {
            lo = mid;
            lo_rating = r;
        } else {
            hi = mid;
        }
    }
    if (lo == 0 || !dig_fits(t, &lo_rating))
        return 0;
    dig_prefix(orbits, run, lo, &run->puzzle);
    run->clues = 81;
    for (int i = 0; i < lo; i++)
        run->clues -= orbits->start[run->accepted[i] + 1] - orbits->start[run->accepted[i]];
    return 1;
}

/* The run's judge on a puzzle that met dig's own targets (ABI 1.2: the
 * targets dig cannot see, such as a technique the path must use): 1
 * accepted (or no judge), 0 not, negative when the judge failed. */
static int dig_judged(const sk_gen_request *request, const dig_run *run, char *err,
                      size_t errlen)
{
    if (request->struct_size < offsetof(sk_gen_request, judge_user) + sizeof(void *) ||
        !request->judge)
        return 1;
    sk_judgement verdict = {.struct_size = sizeof verdict};
    int rc = request->judge(request->judge_user, &run->puzzle, &run->solution, &verdict, err,
                            errlen);
    return rc < 0 ? rc : verdict.accepted != 0;
}

/* Pick the symmetry of one puzzle: the asked one, or for random one of the
 * four proper symmetries or none that can reach the clue target. */
static sk_symmetry dig_pick_symmetry(const dig_target *t, sk_rng *rng)
{
    if (t->symmetry != SK_SYM_RANDOM)
        return t->symmetry;
    for (;;) {
        sk_symmetry s = (sk_symmetry)sk_rng_below(rng, SK_SYM_RANDOM);
        if (!t->clues || dig_clues_reachable(s, t->clues))
            return s;
    }
}

/* Check the targets of one call and fold in the instance defaults. */
static int dig_resolve(const dig_instance *inst, const sk_gen_request *req, dig_target *t,
                       char *err, size_t errlen)
{
    t->clues = req->clues ? req->clues : inst->clues;
    t->symmetry = req->symmetry != SK_SYM_NONE ? req->symmetry : inst->symmetry;
    t->minimal = req->minimal || inst->minimal;
    t->level = req->level;
    t->window = req->rating_min != 0 || req->rating_max != 0;
    t->rating_min = req->rating_min;
    t->rating_max = req->rating_max;
    t->attempts = req->max_attempts ? req->max_attempts : inst->attempts;
    if (t->clues != 0 && (t->clues < DIG_MIN_CLUES || t->clues > DIG_MAX_CLUES)) {
        snprintf(err, errlen,
                 "%d clues asked; a puzzle with one solution has %d to %d "
                 "clues",
                 t->clues, DIG_MIN_CLUES, DIG_MAX_CLUES);
        return SK_ERR;
    }
    if ((unsigned)t->symmetry > SK_SYM_RANDOM) {
        snprintf(err, errlen, "unknown symmetry %d", (int)t->symmetry);
        return SK_ERR;
    }
    if (t->clues && !dig_clues_reachable(t->symmetry, t->clues)) {
        snprintf(err, errlen,
                 "%d clues cannot have rot90 symmetry (its clue counts are "
                 "4k or 4k+1); pick %d or %d",
                 t->clues, t->clues / 4 * 4 + 1, t->clues / 4 * 4 + 4);
        return SK_ERR;
    }
    if (t->level < 0 || t->level > 5) {
        snprintf(err, errlen, "level %d asked; levels are 1 to 5", t->level);
        return SK_ERR;
    }
    if (t->window && t->rating_min > t->rating_max) {
        snprintf(err, errlen, "rating window %g-%g is empty", t->rating_min, t->rating_max);
        return SK_ERR;
    }
    if ((t->level || t->window) && !inst->services->rate) {
        snprintf(err, errlen, "a level or rating target needs a rater service");
        return SK_ERR;
    }
    return SK_OK;
}

/* Describe the targets for the give-up message. */
static void dig_describe(const dig_target *t, char *buf, size_t len)
{
    int n = snprintf(buf, len, "symmetry %s", dig_symmetry_names[t->symmetry]);
    if (t->clues && n >= 0 && (size_t)n < len)
        n += snprintf(buf + n, len - (size_t)n, ", %d clues", t->clues);
    if (t->minimal && n >= 0 && (size_t)n < len)
        n += snprintf(buf + n, len - (size_t)n, ", minimal");
    if (t->level && n >= 0 && (size_t)n < len)
        n += snprintf(buf + n, len - (size_t)n, ", level %d", t->level);
    if (t->window && n >= 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, ", rating %g-%g", t->rating_min, t->rating_max);
}

static int dig_generate(void *instance, const sk_gen_request *request, sk_gen_result *out,
                        char *err, size_t errlen)
{
    const dig_instance *inst = instance;
    dig_target t;
    int rc = dig_resolve(inst, request, &t, err, errlen);
    if (rc != SK_OK)
        return rc;
    sk_rng rng;
    sk_rng_seed(&rng, request->seed, request->index);
    dig_orbits orbits;
    dig_run run;
    /* Chosen once per puzzle: choosing per attempt would favour the
     * symmetries whose attempts succeed most often. */
    sk_symmetry sym = dig_pick_symmetry(&t, &rng);
    for (uint32_t attempt = 0; attempt < t.attempts; attempt++) {
        run.solution = request->fixed;
        rc = fill_random_grid(&run.solution, &rng, FILL_DEFAULT_NODE_LIMIT, err, errlen);
        if (rc != SK_OK)
            return rc;
        dig_make_orbits(sym, &rng, &orbits);
        rc = dig_remove(inst, &t, &orbits, &run, err, errlen);
        if (rc < 0)
            return rc;
        if (t.clues && run.clues != t.clues)
            continue;
        int found = 1;
        /* One pass over single cells leaves no removable clue; orbits of
         * several cells do not prove that, so check each clue. */
        if (t.minimal && sym != SK_SYM_NONE) {
            found = dig_is_minimal(inst, &run.puzzle, err, errlen);
            if (found < 0)
                return found;
        }
        if (found && (t.level || t.window)) {
            if (t.minimal || t.clues) {
                sk_rating r;
                rc = dig_rate(inst, &run.puzzle, &r, err, errlen);
                if (rc < 0)
                    return rc;
                found = dig_fits(&t, &r);
            } else {
                found = dig_search_prefix(inst, &t, &orbits, &run, err, errlen);
                if (found < 0)
                    return found;
            }
        }
        if (found && (found = dig_judged(request, &run, err, errlen)) < 0)
            return found;
        if (!found)
            continue;
        out->puzzle = run.puzzle;
        out->solution = run.solution;
        out->symmetry = sym;
        out->minimal = t.minimal;
        out->attempts = attempt + 1;
        return SK_OK;
    }
    char what[200];
    dig_describe(&t, what, sizeof what);
    if (request->struct_size >= offsetof(sk_gen_request, judge_user) + sizeof(void *) &&
        request->judge)
        snprintf(what + strlen(what), sizeof what - strlen(what), ", passing the run's filters");
    snprintf(err, errlen,
             "no puzzle with %s found in %u attempts; relax the target or "
             "allow more attempts (--attempts / attempts=N)",
             what, t.attempts);
    return SK_ERR_LIMIT;
}

static const sk_strategy dig_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_GENERATOR,
    .name = "dig",
    .summary = "puzzles dug from a random grid, uniqueness checked by the host's solver",
    .options_help = DIG_OPTIONS_HELP,
    .create = dig_create,
    .destroy = sk_plugin_free,
    .generate = dig_generate,
};

/* The plugin: its descriptor and entry symbol. */
SK_PLUGIN_DEFINE("generator-dig", "1.0.0", &dig_strategy)
