/* The judge of the generate operation: the targets on an exact rating and
 * its path, in one place for every generator, and a search's fitness:
 * the rating of the canonical form (a function of the puzzle alone, so a
 * search is the same on any number of threads), rated once per form. */
#include "gen_judge.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "sudokit/canon.h"

/* Chain steps a candidate's fitness rating may take (the rater's effort
 * option): enough for the hardest known puzzles' first hard steps. */
#define GEN_FITNESS_EFFORT "100M"

/* What the judge remembers of a canonical form: its fitness rating, and
 * the exact verdict on the last grid of that form checked. */
typedef struct judge_entry {
    double score;
    int lower_bound, level;
    bool checked, accepted;
    sk_grid literal;
    sk_rating exact;
} judge_entry;

int gen_judge_init(gen_judge *j, const sk_op *op, const gen_targets *targets, sk_error *err)
{
    memset(j, 0, sizeof *j);
    j->op = op;
    j->targets = *targets;
    j->excluded = ski_canon_set_new(0);
    j->memo = ski_canon_set_new(sizeof(judge_entry));
    atomic_init(&j->halted, false);
    pthread_mutex_init(&j->lock, NULL);
    if (!j->excluded || !j->memo)
        return sk_error_set(err, SK_EXIT_FAILURE, "generate: out of memory");
    return 0;
}

void gen_judge_release(gen_judge *j)
{
    ski_canon_set_free(j->excluded);
    ski_canon_set_free(j->memo);
    pthread_mutex_destroy(&j->lock);
    j->excluded = j->memo = NULL;
}

int gen_judge_exclude(gen_judge *j, const sk_grid *puzzle, sk_error *err)
{
    sk_grid canon;
    bool added;
    sk_canon_form(puzzle, &canon);
    if (!ski_canon_set_put(j->excluded, &canon, &added))
        return sk_error_set(err, SK_EXIT_FAILURE, "generate: out of memory");
    return 0;
}

bool gen_judge_excluded(const gen_judge *j, const sk_grid *puzzle)
{
    sk_grid canon;
    sk_canon_form(puzzle, &canon);
    return ski_canon_set_find(j->excluded, &canon) != NULL;
}

void gen_judge_fitness_options(const gen_judge *j, const char *rater_options, char *buf,
                               size_t len)
{
    bool user = rater_options && *rater_options;
    int n = snprintf(buf, len, "%s%seffort=%s", user ? rater_options : "", user ? "," : "",
                     GEN_FITNESS_EFFORT);
    if (j->targets.rating_max > 0 && j->targets.rating_min > 0 && n > 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, ",stop=%g", j->targets.rating_min);
}

bool gen_technique_is(const char *wanted, const char *step)
{
    size_t n = strlen(wanted);
    return strcasecmp(wanted, step) == 0 ||
           (strncasecmp(wanted, step, n) == 0 && strncasecmp(step + n, " type ", 6) == 0);
}

/* Whether exact rating r, whose path met the wanted technique when
 * requires_seen, meets targets t. */
static bool judge_meets(const gen_targets *t, const sk_rating *r, bool requires_seen)
{
    return !r->score_is_lower_bound && (!t->level || r->level == t->level) &&
           (t->rating_max <= 0 || (r->score >= t->rating_min && r->score <= t->rating_max)) &&
           (!t->requires || requires_seen) && (!t->hardest || gen_technique_is(t->hardest, r->hardest));
}

/* The explained path, watched for the wanted technique. */
typedef struct judge_path {
    const char *requires;
    bool seen;
} judge_path;

static int judge_step(void *user, const sk_step *step)
{
    judge_path *path = user;
    path->seen |= step->technique && gen_technique_is(path->requires, step->technique);
    return 0;
}

int gen_judge_exact(const gen_judge *j, sk_instance *rater, const sk_grid *puzzle, sk_rating *out,
                    sk_error *err)
{
    judge_path path = {j->targets.requires, false};
    int rc = sk_instance_rate(rater, puzzle, out, path.requires ? judge_step : NULL, &path, err);
    if (rc != SK_OK)
        return rc < 0 ? rc : SK_ERR;
    return judge_meets(&j->targets, out, path.seen);
}

/* Whether a fitness rating e leaves the targets in reach (a lower bound
 * says only "at least"): worth an exact rating. */
static bool judge_in_reach(const gen_targets *t, const judge_entry *e)
{
    if (t->rating_max > 0 && (e->score > t->rating_max ||
                              (!e->lower_bound && e->score < t->rating_min)))
        return false;
    return !t->level || e->level == t->level || (e->lower_bound && e->level < t->level);
}

double gen_judge_fitness(const gen_targets *t, double score, int level)
{
    if (t->rating_max > 0 && score > t->rating_max)
        return 2 * t->rating_max - score;
    if (t->level && level > t->level)
        return -score;
    return score;
}

/* The fitness rating of canon's form, from memory or rated now. */
static int judge_fitness_rating(gen_judge_call *c, const sk_grid *canon, judge_entry *e,
                                sk_error *err)
{
    gen_judge *j = c->judge;
    pthread_mutex_lock(&j->lock);
    const judge_entry *known = ski_canon_set_find(j->memo, canon);
    if (known)
        *e = *known;
    pthread_mutex_unlock(&j->lock);
    if (known)
        return SK_OK;
    sk_rating r;
    int rc = sk_instance_rate(c->worker->fitness, canon, &r, NULL, NULL, err);
    if (rc != SK_OK)
        return rc < 0 ? rc : SK_ERR;
    *e = (judge_entry){.score = r.score, .lower_bound = r.score_is_lower_bound, .level = r.level};
    bool added;
    pthread_mutex_lock(&j->lock);
    judge_entry *slot = ski_canon_set_put(j->memo, canon, &added);
    if (slot && added)
        *slot = *e;
    j->rated++;
    pthread_mutex_unlock(&j->lock);
    return slot ? SK_OK : SK_ERR;
}

/* The exact verdict on puzzle (of form canon), remembered per form for the
 * last grid checked. 1 accepted, 0 not, or a negative status. */
static int judge_verdict(gen_judge_call *c, const sk_grid *puzzle, const sk_grid *canon,
                         sk_rating *rating, sk_error *err)
{
    gen_judge *j = c->judge;
    pthread_mutex_lock(&j->lock);
    const judge_entry *known = ski_canon_set_find(j->memo, canon);
    bool reuse = known && known->checked && memcmp(&known->literal, puzzle, sizeof *puzzle) == 0;
    int accepted = reuse ? known->accepted : 0;
    if (reuse)
        *rating = known->exact;
    pthread_mutex_unlock(&j->lock);
    if (reuse)
        return accepted;
    accepted = gen_judge_exact(j, c->worker->exact, puzzle, rating, err);
    if (accepted < 0)
        return accepted;
    bool added;
    pthread_mutex_lock(&j->lock);
    judge_entry *slot = ski_canon_set_put(j->memo, canon, &added);
    if (slot) {
        slot->checked = true;
        slot->accepted = accepted;
        slot->literal = *puzzle;
        slot->exact = *rating;
    }
    pthread_mutex_unlock(&j->lock);
    return slot ? accepted : SK_ERR;
}

void gen_judge_note(gen_judge *j, char *buf, size_t len)
{
    snprintf(buf, len, "%llu judged, %llu rated, best %.1f", (unsigned long long)j->judged,
             (unsigned long long)j->rated, j->any ? j->best : 0.0);
}

/* Count a candidate of score and show the progress. */
static void judge_count(gen_judge *j, double score)
{
    pthread_mutex_lock(&j->lock);
    j->judged++;
    if (!j->any || score > j->best)
        j->best = score;
    j->any = true;
    if (j->progress) {
        char note[128];
        gen_judge_note(j, note, sizeof note);
        ski_progress_note(j->progress, j->written, note);
    }
    pthread_mutex_unlock(&j->lock);
}

/* Hand why to a generator in its plugin-ABI buffer; returns status. */
static int judge_give_error(const sk_error *why, int status, char *err, size_t errlen)
{
    snprintf(err, errlen, "%s", why->message);
    return status;
}

int gen_judge_candidate(void *user, const sk_grid *puzzle, const sk_grid *solution,
                        sk_judgement *out, char *err, size_t errlen)
{
    gen_judge_call *c = user;
    gen_judge *j = c->judge;
    (void)solution;
    if (atomic_load(&j->halted) || ski_op_stopped(j->op)) {
        snprintf(err, errlen, "stopped: the run is over");
        return SK_ERR_STOPPED;
    }
    sk_grid canon;
    sk_canon_form(puzzle, &canon);
    judge_entry e = {0};
    sk_error why;
    if (c->search && judge_fitness_rating(c, &canon, &e, &why) != SK_OK)
        return judge_give_error(&why, SK_ERR, err, errlen);
    bool check = !c->search || judge_in_reach(&j->targets, &e);
    int accepted = 0;
    sk_rating exact;
    if (check && !ski_canon_set_find(j->excluded, &canon)) {
        accepted = judge_verdict(c, puzzle, &canon, &exact, &why);
        if (accepted < 0)
            return judge_give_error(&why, accepted, err, errlen);
        if (!c->search)
            e = (judge_entry){.score = exact.score, .lower_bound = exact.score_is_lower_bound,
                              .level = exact.level};
    }
    if (accepted) {
        c->has_accepted = true;
        c->accepted = *puzzle;
        c->accepted_rating = exact;
    }
    judge_count(j, accepted ? exact.score : e.score);
    out->fitness = gen_judge_fitness(&j->targets, e.score, e.level);
    out->score = e.score;
    out->score_is_lower_bound = e.lower_bound;
    out->accepted = accepted;
    return SK_OK;
}
