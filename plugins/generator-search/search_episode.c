/* generator-search: one episode of a search, from its first members to a
 * puzzle the run accepts, the fittest candidates becoming the parents. */
#include <stdio.h>
#include <string.h>

#include "search.h"

/* Random puzzles with the pattern an episode starts from when too few
 * seeds have it. */
#define SEARCH_PATTERN_STARTS 2

/* An episode's members, the fittest kept. */
typedef struct episode_pool {
    search_member members[SEARCH_POPULATION_MAX];
    int count, size;
} episode_pool;

/* Judge by the host's rater against the request's level and window: what
 * a search does when the run lends no judge. */
static int episode_rate(search_run *run, const search_member *m, sk_judgement *j)
{
    const sk_gen_request *r = run->request;
    sk_rating rating = {.struct_size = sizeof rating};
    int rc = run->services->rate ? run->services->rate(run->services->ctx, &m->puzzle, &rating)
                                 : SK_ERR;
    if (rc < 0) {
        snprintf(run->err, run->errlen,
                 "the host's rater failed (status %d); a search needs a working rater", rc);
        return rc;
    }
    bool window = r->rating_min != 0 || r->rating_max != 0;
    j->score = rating.score;
    j->score_is_lower_bound = rating.score_is_lower_bound;
    j->fitness = window && rating.score > r->rating_max ? 2 * r->rating_max - rating.score
                                                         : rating.score;
    j->accepted = !rating.score_is_lower_bound && (!r->level || rating.level == r->level) &&
                  (!window || (rating.score >= r->rating_min && rating.score <= r->rating_max));
    return SK_OK;
}

/* Judge member m (the run's judge, else the host's rater); count it. */
static int episode_judge(search_run *run, const search_member *m, sk_judgement *j)
{
    const sk_gen_request *r = run->request;
    *j = (sk_judgement){.struct_size = sizeof *j};
    int rc = r->judge ? r->judge(r->judge_user, &m->puzzle, &m->solution, j, run->err, run->errlen)
                      : episode_rate(run, m, j);
    run->judged++;
    if (rc == SK_OK && (run->judged == 1 || j->score > run->best))
        run->best = j->score;
    return rc;
}

/* A seed number, the first ones likelier: floor(count * u^2). */
static size_t episode_pick_seed(search_run *run, size_t count)
{
    double u = (double)(sk_rng_next(&run->rng) >> 11) * 0x1.0p-53;
    size_t i = (size_t)((double)count * u * u);
    return i < count ? i : count - 1;
}

/* Make seed s a member: unique, with the pattern when the run has one,
 * minimal when asked. 1 when it is one, 0 when not, negative on failure. */
static int episode_take_seed(search_run *run, const sk_grid *seed, search_member *m)
{
    if (run->pattern && !search_fits_pattern(run, seed))
        return 0;
    m->puzzle = *seed;
    int unique = search_unique(run, &m->puzzle, &m->solution);
    if (unique <= 0 || !run->minimal)
        return unique;
    if (run->pattern)
        return search_is_minimal(run, &m->puzzle);
    return search_minimise(run, &m->puzzle) < 0 ? -1 : 1;
}

/* Add m to the pool, judged. 1 when the run accepts it, 0 when not, or a
 * negative status. */
static int episode_add(search_run *run, episode_pool *pool, search_member *m)
{
    sk_judgement j;
    int rc = episode_judge(run, m, &j);
    if (rc != SK_OK)
        return rc;
    m->fitness = j.fitness;
    pool->members[pool->count++] = *m;
    return j.accepted != 0;
}

/* Keep child in place of the least fit member when it is at least as fit
 * and not a member already. */
static void episode_keep(episode_pool *pool, const search_member *child)
{
    int worst = 0;
    for (int i = 0; i < pool->count; i++) {
        if (memcmp(&pool->members[i].puzzle, &child->puzzle, sizeof child->puzzle) == 0)
            return;
        if (pool->members[i].fitness < pool->members[worst].fitness)
            worst = i;
    }
    if (pool->count < pool->size)
        pool->members[pool->count++] = *child;
    else if (child->fitness >= pool->members[worst].fitness)
        pool->members[worst] = *child;
}

/* Members in order of fitness, the fittest first (then in order drawn). */
static void episode_sort(search_member *m, int n)
{
    for (int i = 1; i < n; i++) {
        search_member t = m[i];
        int j = i;
        for (; j > 0 && m[j - 1].fitness < t.fitness; j--)
            m[j] = m[j - 1];
        m[j] = t;
    }
}

/* Fill the pool: the fittest of draws of seeds (the first ones likelier;
 * seeds are never results, so their verdict is not read), then with a
 * pattern and too few seeds that have it, random puzzles that have it (the
 * moves fill the rest). 0, 1 when a random puzzle is accepted (found is
 * then it), or a negative status (err set). */
static int episode_start(search_run *run, episode_pool *pool, search_member *found)
{
    const sk_gen_request *r = run->request;
    size_t seeds = r->seeds ? r->seed_count : 0;
    episode_pool drawn = {.size = SEARCH_POPULATION_MAX};
    for (int draw = 0; draw < 4 * pool->size && seeds && drawn.count < drawn.size; draw++) {
        search_member m;
        int taken = episode_take_seed(run, &r->seeds[episode_pick_seed(run, seeds)], &m);
        if (taken < 0)
            return taken;
        int added = taken ? episode_add(run, &drawn, &m) : 0;
        if (added < 0)
            return added;
    }
    episode_sort(drawn.members, drawn.count);
    for (int i = 0; i < drawn.count && pool->count < pool->size; i++)
        episode_keep(pool, &drawn.members[i]);
    while (run->pattern && pool->count < SEARCH_PATTERN_STARTS) {
        int made = search_pattern_start(run, found);
        if (made <= 0)
            return made < 0 ? made : (pool->count ? 0 : -1);
        int accepted = episode_add(run, pool, found);
        if (accepted != 0)
            return accepted;
    }
    return 0;
}

/* The fitter of two members drawn at random. */
static const search_member *episode_parent(search_run *run, const episode_pool *pool)
{
    const search_member *a = &pool->members[sk_rng_below(&run->rng, (uint32_t)pool->count)];
    const search_member *b = &pool->members[sk_rng_below(&run->rng, (uint32_t)pool->count)];
    return b->fitness > a->fitness ? b : a;
}

/* The strongest symmetry the clues of puzzle have. */
static sk_symmetry episode_symmetry(const sk_grid *puzzle)
{
    static const sk_symmetry order[] = {SK_SYM_ROT90, SK_SYM_ROT180, SK_SYM_MIRROR,
                                        SK_SYM_DIAGONAL};
    for (size_t k = 0; k < sizeof order / sizeof order[0]; k++) {
        bool kept = true;
        for (int c = 0; c < 81 && kept; c++) {
            int r = c / 9, col = c % 9;
            int image = order[k] == SK_SYM_ROT90    ? col * 9 + (8 - r)
                        : order[k] == SK_SYM_ROT180 ? (8 - r) * 9 + (8 - col)
                        : order[k] == SK_SYM_MIRROR ? r * 9 + (8 - col)
                                                    : col * 9 + r;
            kept = (puzzle->cells[c] != 0) == (puzzle->cells[image] != 0);
        }
        if (kept)
            return order[k];
    }
    return SK_SYM_NONE;
}

/* Hand out m: the puzzle found, or the fittest of an episode that ran
 * out of attempts. */
static int episode_found(search_run *run, const search_member *m, sk_gen_result *out)
{
    out->puzzle = m->puzzle;
    out->solution = m->solution;
    out->symmetry = episode_symmetry(&m->puzzle);
    out->minimal = run->minimal;
    out->attempts = run->made;
    return SK_OK;
}

int search_episode(search_run *run, sk_gen_result *out)
{
    episode_pool pool = {.size = run->options->population};
    search_member started;
    int rc = episode_start(run, &pool, &started);
    if (rc == 1)
        return episode_found(run, &started, out);
    if (rc < 0 || pool.count == 0) {
        if (rc == 0 || !run->err[0])
            snprintf(run->err, run->errlen, "%s",
                     run->pattern ? "no puzzle with the pattern was found to start from: "
                                    "give a pattern with more clues, or seeds that have it"
                                  : "no seed to start from: give seeds (a file, the store) "
                                    "with exactly one solution");
        return rc < 0 ? rc : SK_ERR;
    }
    uint32_t attempts = run->options->episode;
    if (run->request->max_attempts && run->request->max_attempts < attempts)
        attempts = run->request->max_attempts;
    for (uint32_t moves = 0; moves < attempts && run->made < attempts; moves++) {
        search_member child;
        rc = search_move(run, episode_parent(run, &pool), &child);
        if (rc < 0)
            return rc;
        if (rc == 0)
            continue;
        run->made++;
        sk_judgement j;
        if ((rc = episode_judge(run, &child, &j)) != SK_OK)
            return rc;
        if (j.accepted)
            return episode_found(run, &child, out);
        child.fitness = j.fitness;
        episode_keep(&pool, &child);
    }
    const search_member *best = &pool.members[0];
    for (int i = 1; i < pool.count; i++)
        if (pool.members[i].fitness > best->fitness)
            best = &pool.members[i];
    episode_found(run, best, out);
    snprintf(run->err, run->errlen,
             "no puzzle meeting the targets found in an episode of %u candidates (best score "
             "%.1f)",
             attempts, run->best);
    return SK_ERR_LIMIT;
}
