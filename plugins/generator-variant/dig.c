/* generator-variant: dig a full grid of any rules into a puzzle with one
 * solution: symmetric orbits removed while it stays unique, a clue target,
 * minimality, and levels by the host's rater where it rates the rules. */
#include <stdio.h>
#include <string.h>

#include "variant.h"

static bool dig_classic(const sk_rules *rules)
{
    return strcmp(rules->spec, "9x9") == 0;
}

bool dig_rules_rated(const sk_services *services, const sk_rules *rules)
{
    return dig_classic(rules) ? services->rate != NULL : SK_SERVICES_HAS(services, rate_rules);
}

static uint32_t dig_orbit_size(const orbits *o, uint32_t k)
{
    return (uint32_t)o->start[k + 1] - o->start[k];
}

static void dig_set_orbit(const orbits *o, uint32_t k, sk_board *puzzle, const sk_board *solution,
                          bool clear)
{
    for (uint32_t i = o->start[k]; i < o->start[k + 1]; i++)
        puzzle->cells[o->cells[i]] = clear ? 0 : solution->cells[o->cells[i]];
}

/* Remove orbits while the puzzle stays unique; with a clue target and no
 * minimality, skip what would overshoot it and stop there. SK_OK or a
 * negative status. */
static int dig_remove(judge *j, const variant_target *t, const orbits *o, dig_run *run,
                      char *err, size_t errlen)
{
    run->puzzle = run->solution;
    run->clues = j->engine->cells;
    run->accepted_count = 0;
    bool stop_at_target = t->clues && !t->minimal;
    for (uint32_t k = 0; k < o->count; k++) {
        uint32_t size = dig_orbit_size(o, k);
        if (stop_at_target && run->clues < (uint32_t)t->clues + size)
            continue;
        dig_set_orbit(o, k, &run->puzzle, &run->solution, true);
        int unique = judge_unique(j, &run->puzzle, &run->solution, o->cells + o->start[k], size,
                                  NULL, err, errlen);
        if (unique < 0)
            return unique;
        if (!unique) {
            dig_set_orbit(o, k, &run->puzzle, &run->solution, false);
            continue;
        }
        run->clues -= size;
        run->accepted[run->accepted_count++] = k;
        if (stop_at_target && run->clues == (uint32_t)t->clues)
            break;
    }
    return SK_OK;
}

/* 1 when no single clue of the puzzle can go, 0 when one can, negative on
 * failure. */
static int dig_minimal(judge *j, dig_run *run, char *err, size_t errlen)
{
    for (uint32_t c = 0; c < j->engine->cells; c++) {
        uint8_t digit = run->puzzle.cells[c];
        if (!digit)
            continue;
        uint16_t removed = (uint16_t)c;
        run->puzzle.cells[c] = 0;
        int unique = judge_unique(j, &run->puzzle, &run->solution, &removed, 1, NULL, err,
                                  errlen);
        run->puzzle.cells[c] = digit;
        if (unique != 0)
            return unique < 0 ? unique : 0;
    }
    return 1;
}

/* Rate a puzzle with the host's rater: a classic grid through rate, any
 * other rules through rate_rules. */
static int dig_rate(const judge *j, const sk_board *puzzle, sk_rating *rating, char *err,
                    size_t errlen)
{
    memset(rating, 0, sizeof *rating);
    rating->struct_size = sizeof *rating;
    int status;
    if (dig_classic(j->rules)) {
        sk_grid grid;
        memcpy(grid.cells, puzzle->cells, sizeof grid.cells);
        status = j->services->rate(j->services->ctx, &grid, rating);
    } else {
        status = j->services->rate_rules(j->services->ctx, j->rules, puzzle, rating);
    }
    if (status < 0)
        snprintf(err, errlen,
                 "the host's rater failed on the rules '%.200s' (status %d); a level or rating "
                 "target needs a rater of these rules",
                 j->rules->spec, status);
    return status;
}

static bool dig_within_upper(const variant_target *t, const sk_rating *r)
{
    return (!t->level || r->level <= t->level) && (!t->window || r->score <= t->rating_max);
}

static bool dig_fits(const variant_target *t, const sk_rating *r)
{
    return dig_within_upper(t, r) && (!t->level || r->level == t->level) &&
           (!t->window || r->score >= t->rating_min);
}

/* The puzzle after the first k accepted removals. */
static void dig_prefix(const orbits *o, const dig_run *run, uint32_t k, sk_board *puzzle,
                       uint32_t *clues)
{
    *puzzle = run->solution;
    *clues = (uint32_t)o->start[o->count];
    for (uint32_t i = 0; i < k; i++) {
        dig_set_orbit(o, run->accepted[i], puzzle, &run->solution, true);
        *clues -= dig_orbit_size(o, run->accepted[i]);
    }
}

/* The longest prefix of the dig still within the target's upper bound
 * (difficulty grows as clues go: a binary search), kept when it meets
 * the lower bound too. 1 found, 0 not, negative on failure. */
static int dig_rated_prefix(judge *j, const variant_target *t, const orbits *o, dig_run *run,
                            char *err, size_t errlen)
{
    sk_rating r, kept = {0};
    int status = dig_rate(j, &run->puzzle, &r, err, errlen);
    if (status < 0)
        return status;
    if (dig_within_upper(t, &r))
        return dig_fits(t, &r);
    uint32_t lo = 0, hi = run->accepted_count, clues;
    sk_board p;
    while (hi - lo > 1) {
        uint32_t mid = lo + (hi - lo) / 2;
        dig_prefix(o, run, mid, &p, &clues);
        if ((status = dig_rate(j, &p, &r, err, errlen)) < 0)
            return status;
        if (dig_within_upper(t, &r)) {
            lo = mid;
            kept = r;
        } else {
            hi = mid;
        }
    }
    if (lo == 0 || !dig_fits(t, &kept))
        return 0;
    dig_prefix(o, run, lo, &run->puzzle, &run->clues);
    return 1;
}

int dig_puzzle(judge *j, const variant_target *t, sk_symmetry sym, sk_rng *rng, dig_run *run,
               char *err, size_t errlen)
{
    orbits o;
    symmetry_orbits(sym, j->engine->size, rng, &o);
    int status = dig_remove(j, t, &o, run, err, errlen);
    if (status < 0)
        return status;
    if (t->clues && run->clues != (uint32_t)t->clues)
        return 0;
    /* One pass over single cells leaves no removable clue (removing clues
     * only adds solutions); orbits of several cells do not, so check. */
    if (t->minimal && sym != SK_SYM_NONE && (status = dig_minimal(j, run, err, errlen)) != 1)
        return status;
    if (!t->rated)
        return 1;
    if (!t->minimal && !t->clues)
        return dig_rated_prefix(j, t, &o, run, err, errlen);
    sk_rating r;
    if ((status = dig_rate(j, &run->puzzle, &r, err, errlen)) < 0)
        return status;
    return dig_fits(t, &r);
}
