/* generator-variant: candidates under any rules, narrowed by every
 * primitive to a fixed point (no search here; the fill is in fill.c). */
#include <stdlib.h>
#include <string.h>

#include "engine.h"

/* Sums of digit sets are listed for N up to this (2^N sets). */
#define ENGINE_COMBO_MAX_SIZE 16u

void engine_init(engine *e)
{
    memset(e, 0, sizeof *e);
}

void engine_free(engine *e)
{
    free(e->house_start);
    free(e->cell_houses);
    free(e->house_dirty);
    free(e->relations);
    free(e->sums);
    free(e->combo_sets);
    free(e->combo_start);
    free(e->frames);
    free(e->done);
    free(e->derived_cells);
    engine_init(e);
}

static uint32_t engine_max_sum(uint32_t size)
{
    return size * (size + 1) / 2;
}

/* The sum of the digits of set. */
static uint32_t engine_set_sum(sk_digits set)
{
    uint32_t sum = 0;
    for (; set; set &= set - 1)
        sum += (uint32_t)__builtin_ctz(set) + 1;
    return sum;
}

/* List every subset of 1..N by (size, sum), once per N. */
static int engine_combos(engine *e, uint32_t size)
{
    if (e->combo_size == size || size > ENGINE_COMBO_MAX_SIZE)
        return SK_OK;
    uint32_t sums = engine_max_sum(size) + 1, slots = (size + 1) * sums, sets = 1u << size;
    uint32_t *start = calloc(slots + 1, sizeof *start), *fill = calloc(slots, sizeof *fill);
    sk_digits *list = malloc(sets * sizeof *list);
    if (!start || !fill || !list) {
        free(start);
        free(fill);
        free(list);
        return SK_ERR;
    }
    for (sk_digits set = 0; set < sets; set++)
        start[(uint32_t)__builtin_popcount(set) * sums + engine_set_sum(set) + 1]++;
    for (uint32_t i = 0; i < slots; i++)
        start[i + 1] += start[i];
    for (sk_digits set = 0; set < sets; set++) {
        uint32_t slot = (uint32_t)__builtin_popcount(set) * sums + engine_set_sum(set);
        list[start[slot] + fill[slot]++] = set;
    }
    free(fill);
    free(e->combo_start);
    free(e->combo_sets);
    e->combo_start = start;
    e->combo_sets = list;
    e->combo_size = size;
    return SK_OK;
}

int engine_add_sum(engine *e, const uint16_t *cells, uint32_t count, int32_t sum, bool distinct)
{
    if (e->sum_count == e->sum_cap) {
        uint32_t cap = e->sum_cap ? 2 * e->sum_cap : 64;
        engine_sum *grown = realloc(e->sums, cap * sizeof *grown);
        if (!grown)
            return SK_ERR;
        e->sums = grown;
        e->sum_cap = cap;
    }
    engine_sum *s = &e->sums[e->sum_count++];
    *s = (engine_sum){cells, count, sum, NULL, 0};
    uint32_t sums = engine_max_sum(e->size) + 1;
    if (distinct && sum > 0 && e->combo_size == e->size && (uint32_t)sum < sums) {
        uint32_t slot = count * sums + (uint32_t)sum;
        s->combos = e->combo_sets + e->combo_start[slot];
        s->combo_count = e->combo_start[slot + 1] - e->combo_start[slot];
    }
    return SK_OK;
}

/* True when a relation's table is exactly "the two digits differ", which
 * the peers already keep. */
static bool engine_differ_only(const sk_rules *rules, const sk_rules_relation *rel, sk_digits all)
{
    for (uint32_t d = 1; d <= rules->size; d++)
        if (rel->allowed[d] != (all & ~(1u << (d - 1))))
            return false;
    return true;
}

/* Make sure the fill's stack holds cells + 1 levels. */
static int engine_stack(engine *e)
{
    if (e->frame_cells == e->cells)
        return SK_OK;
    size_t levels = (size_t)e->cells + 1;
    free(e->frames);
    free(e->done);
    e->frames = malloc(levels * e->cells * sizeof *e->frames);
    e->done = malloc(levels * e->cells);
    e->frame_cells = e->frames && e->done ? e->cells : 0;
    return e->frame_cells ? SK_OK : SK_ERR;
}

/* List the houses of each cell. SK_OK or SK_ERR when out of memory. */
static int engine_houses(engine *e, const sk_rules *rules)
{
    uint32_t total = 0;
    for (uint32_t h = 0; h < rules->house_count; h++)
        total += rules->houses[h].count;
    free(e->house_start);
    free(e->cell_houses);
    free(e->house_dirty);
    e->house_start = calloc(e->cells + 1, sizeof *e->house_start);
    e->cell_houses = malloc((total + 1) * sizeof *e->cell_houses);
    e->house_dirty = malloc(rules->house_count + 1);
    if (!e->house_start || !e->cell_houses || !e->house_dirty)
        return SK_ERR;
    for (uint32_t h = 0; h < rules->house_count; h++)
        for (uint32_t k = 0; k < rules->houses[h].count; k++)
            e->house_start[rules->houses[h].cells[k] + 1]++;
    for (uint32_t c = 0; c < e->cells; c++)
        e->house_start[c + 1] = (uint16_t)(e->house_start[c + 1] + e->house_start[c]);
    uint16_t at[SK_MAX_CELLS];
    memcpy(at, e->house_start, e->cells * sizeof *at);
    for (uint32_t h = 0; h < rules->house_count; h++)
        for (uint32_t k = 0; k < rules->houses[h].count; k++)
            e->cell_houses[at[rules->houses[h].cells[k]]++] = (uint16_t)h;
    return SK_OK;
}

int engine_bind(engine *e, const sk_rules *rules)
{
    e->rules = rules;
    e->size = rules->size;
    e->cells = rules->size * rules->size;
    e->all = (sk_digits)((1ull << rules->size) - 1);
    e->sum_count = 0;
    e->relation_count = 0;
    free(e->relations);
    e->relations = malloc((rules->relation_count + 1) * sizeof *e->relations);
    free(e->derived_cells);
    e->derived_cap = 2 * rules->house_count * rules->size;
    e->derived_cells = malloc((e->derived_cap + 1) * sizeof *e->derived_cells);
    if (!e->relations || !e->derived_cells || engine_combos(e, rules->size) != SK_OK ||
        engine_stack(e) != SK_OK || engine_houses(e, rules) != SK_OK)
        return SK_ERR;
    for (uint32_t i = 0; i < rules->relation_count; i++)
        if (!engine_differ_only(rules, &rules->relations[i], e->all))
            e->relations[e->relation_count++] = i;
    for (uint32_t i = 0; i < rules->group_count; i++) {
        const sk_rules_group *g = &rules->groups[i];
        if (g->sum && engine_add_sum(e, g->cells, g->count, g->sum, true) != SK_OK)
            return SK_ERR;
    }
    e->base_sums = e->cage_end = e->sum_count;
    for (uint32_t c = 0; c < SK_MAX_CELLS; c++)
        e->cage_of[c] = -1;
    return engine_derive(e);
}

void engine_clear_cages(engine *e)
{
    for (uint32_t i = e->base_sums; i < e->cage_end; i++)
        for (uint32_t k = 0; k < e->sums[i].count; k++)
            e->cage_of[e->sums[i].cells[k]] = -1;
    e->sum_count = e->cage_end = e->base_sums;
}

int engine_add_cage(engine *e, const uint16_t *cells, uint32_t count, int32_t sum)
{
    e->sum_count = e->cage_end; /* derived sums go: they come after the cages */
    if (engine_add_sum(e, cells, count, sum, true) != SK_OK)
        return SK_ERR;
    e->cage_end = e->sum_count;
    for (uint32_t k = 0; k < count; k++)
        e->cage_of[cells[k]] = (int32_t)(e->sum_count - 1);
    return SK_OK;
}

void engine_start(const engine *e, const sk_board *board, sk_digits *cand, uint8_t *done)
{
    for (uint32_t c = 0; c < e->cells; c++)
        cand[c] = board->cells[c] ? 1u << (board->cells[c] - 1) : e->all;
    memset(done, 0, e->cells);
}

/* ------------------------------------------------------- propagation -- */

/* One propagation: the position and the singles waiting to leave their
 * peers. */
typedef struct engine_run {
    engine *e;
    sk_digits *cand;
    uint8_t *done;
    uint32_t queued;
    bool changed;
} engine_run;

static bool engine_single(sk_digits set)
{
    return set && !(set & (set - 1));
}

/* Keep only keep in cell; a new single is queued. False when nothing is
 * left. */
static bool engine_narrow(engine_run *run, uint32_t cell, sk_digits keep)
{
    sk_digits set = run->cand[cell];
    if (!(set & ~keep))
        return true;
    set &= keep;
    run->cand[cell] = set;
    run->changed = true;
    for (uint32_t i = run->e->house_start[cell]; i < run->e->house_start[cell + 1]; i++)
        run->e->house_dirty[run->e->cell_houses[i]] = 1;
    if (engine_single(set) && !run->done[cell]) {
        run->done[cell] = 1;
        run->e->queue[run->queued++] = (uint16_t)cell;
    }
    return set != 0;
}

/* Take every queued single's digit from its peers and its cage. */
static bool engine_drain(engine_run *run)
{
    const engine *e = run->e;
    const sk_rules *r = e->rules;
    while (run->queued) {
        uint32_t cell = e->queue[--run->queued];
        sk_digits bit = run->cand[cell];
        for (uint32_t k = r->peer_start[cell]; k < r->peer_start[cell + 1]; k++)
            if ((run->cand[r->peers[k]] & bit) && !engine_narrow(run, r->peers[k], ~bit))
                return false;
        if (e->cage_of[cell] < 0)
            continue;
        const engine_sum *cage = &e->sums[e->cage_of[cell]];
        for (uint32_t k = 0; k < cage->count; k++)
            if (cage->cells[k] != cell && !engine_narrow(run, cage->cells[k], ~bit))
                return false;
    }
    return true;
}

/* A digit with one place left in a house goes there; a house without a
 * place for a digit, or a cell that must take two, fails. Only the houses
 * with a cell changed since their last scan are scanned. */
static bool engine_hidden(engine_run *run)
{
    const sk_rules *r = run->e->rules;
    uint8_t *dirty = run->e->house_dirty;
    for (uint32_t h = 0; h < r->house_count; h++) {
        if (!dirty[h])
            continue;
        dirty[h] = 0;
        const uint16_t *cells = r->houses[h].cells;
        uint32_t count = r->houses[h].count;
        sk_digits once = 0, twice = 0, placed = 0;
        for (uint32_t k = 0; k < count; k++) {
            sk_digits set = run->cand[cells[k]];
            twice |= once & set;
            once |= set;
            placed |= engine_single(set) ? set : 0;
        }
        if (once != run->e->all)
            return false;
        /* a digit already placed is no news: the cells are looked at only
         * for a digit with one place and no cell yet */
        sk_digits unique = once & ~twice & ~placed;
        for (uint32_t k = 0; unique && k < count; k++) {
            sk_digits set = run->cand[cells[k]], hit = set & unique;
            if (!hit || set == hit)
                continue;
            if (!engine_single(hit) || !engine_narrow(run, cells[k], hit))
                return false;
        }
    }
    return true;
}

/* Each relation narrows both its cells by its table. */
static bool engine_relations(engine_run *run)
{
    const sk_rules *r = run->e->rules;
    for (uint32_t i = 0; i < run->e->relation_count; i++) {
        const sk_rules_relation *rel = &r->relations[run->e->relations[i]];
        sk_digits to_b = 0, to_a = 0, b = run->cand[rel->b];
        for (sk_digits m = run->cand[rel->a]; m; m &= m - 1) {
            sk_digits allowed = rel->allowed[__builtin_ctz(m) + 1];
            to_b |= allowed;
            if (allowed & b)
                to_a |= m & -m;
        }
        if (!engine_narrow(run, rel->b, to_b) || !engine_narrow(run, rel->a, to_a))
            return false;
    }
    return true;
}

/* A sum by its digit sets: keep the sets that hold every placed digit and
 * meet every cell; cells keep their digits; a digit every set needs with
 * one place left goes there. */
static bool engine_sum_sets(engine_run *run, const engine_sum *s)
{
    sk_digits placed = 0, present = 0, any = 0, every = run->e->all;
    for (uint32_t k = 0; k < s->count; k++) {
        sk_digits set = run->cand[s->cells[k]];
        present |= set;
        if (engine_single(set))
            placed |= set;
    }
    for (uint32_t i = 0; i < s->combo_count; i++) {
        sk_digits combo = s->combos[i];
        if ((combo & placed) != placed || (combo & ~present))
            continue;
        uint32_t k = 0;
        while (k < s->count && (run->cand[s->cells[k]] & combo))
            k++;
        if (k < s->count)
            continue;
        any |= combo;
        every &= combo;
    }
    if (!any)
        return false;
    for (uint32_t k = 0; k < s->count; k++)
        if (!engine_narrow(run, s->cells[k], any))
            return false;
    for (sk_digits m = every & ~placed; m; m &= m - 1) {
        uint32_t places = 0, at = 0;
        for (uint32_t k = 0; k < s->count; k++)
            if (run->cand[s->cells[k]] & m & -m) {
                places++;
                at = s->cells[k];
            }
        if (places == 0 || (places == 1 && !engine_narrow(run, at, m & -m)))
            return false;
    }
    return true;
}

/* A sum by its bounds: each cell lies between the sum less the others'
 * largest and the sum less their smallest. */
static bool engine_sum_bounds(engine_run *run, const engine_sum *s)
{
    int low = 0, high = 0;
    for (uint32_t k = 0; k < s->count; k++) {
        sk_digits set = run->cand[s->cells[k]];
        low += __builtin_ctz(set) + 1;
        high += 32 - __builtin_clz(set);
    }
    for (uint32_t k = 0; k < s->count; k++) {
        sk_digits set = run->cand[s->cells[k]], keep = 0;
        int rest_low = low - (__builtin_ctz(set) + 1), rest_high = high - (32 - __builtin_clz(set));
        for (int d = 1; d <= (int)run->e->size; d++)
            if (s->sum - d >= rest_low && s->sum - d <= rest_high)
                keep |= 1u << (d - 1);
        if (!engine_narrow(run, s->cells[k], keep))
            return false;
    }
    return true;
}

static bool engine_sums(engine_run *run)
{
    for (uint32_t i = 0; i < run->e->sum_count; i++) {
        const engine_sum *s = &run->e->sums[i];
        if (s->sum <= 0)
            continue;
        if (!(s->combos ? engine_sum_sets(run, s) : engine_sum_bounds(run, s)))
            return false;
    }
    return true;
}

/* The customs' own propagation; what they narrowed is taken up. */
static bool engine_customs(engine_run *run)
{
    engine *e = run->e;
    for (uint32_t i = 0; i < e->rules->custom_count; i++) {
        const sk_rules_custom *custom = &e->rules->customs[i];
        memcpy(e->scratch, run->cand, e->cells * sizeof *run->cand);
        if (custom->constraint->propagate(custom->state, e->rules, run->cand, NULL, NULL) != SK_OK)
            return false;
        for (uint32_t c = 0; c < e->cells; c++) {
            sk_digits now = run->cand[c];
            if (now == e->scratch[c])
                continue;
            run->cand[c] = e->scratch[c];
            if (!engine_narrow(run, c, now))
                return false;
        }
    }
    return true;
}

/* Narrow cand to a fixed point, the houses marked dirty scanned first.
 * run has the singles waiting to leave their peers queued. */
static bool engine_settle(engine_run run)
{
    for (;;) {
        if (!engine_drain(&run) || !engine_hidden(&run))
            return false;
        if (run.queued)
            continue;
        run.changed = false;
        if (!engine_relations(&run) || !engine_sums(&run) || !engine_customs(&run))
            return false;
        if (!run.queued && !run.changed)
            return true;
    }
}

bool engine_propagate(engine *e, sk_digits *cand, uint8_t *done)
{
    memset(e->house_dirty, 1, e->rules->house_count);
    engine_run run = {e, cand, done, 0, false};
    for (uint32_t c = 0; c < e->cells; c++) {
        if (!cand[c])
            return false;
        if (engine_single(cand[c]) && !done[c]) {
            done[c] = 1;
            e->queue[run.queued++] = (uint16_t)c;
        }
    }
    return engine_settle(run);
}

bool engine_propagate_cell(engine *e, sk_digits *cand, uint8_t *done, uint32_t cell)
{
    memset(e->house_dirty, 0, e->rules->house_count);
    for (uint32_t i = e->house_start[cell]; i < e->house_start[cell + 1]; i++)
        e->house_dirty[e->cell_houses[i]] = 1;
    /* Only cell changed since the last fixed point: a 25x25 search node
     * need not look at the other 624 cells for new singles. */
    engine_run run = {e, cand, done, 0, false};
    if (!cand[cell])
        return false;
    if (engine_single(cand[cell]) && !done[cell]) {
        done[cell] = 1;
        e->queue[run.queued++] = (uint16_t)cell;
    }
    return engine_settle(run);
}

bool engine_solves(engine *e, const sk_board *puzzle, const sk_board *solution)
{
    sk_digits *cand = e->frames;
    uint8_t *done = e->done;
    engine_start(e, puzzle, cand, done);
    if (!engine_propagate(e, cand, done))
        return false;
    for (uint32_t c = 0; c < e->cells; c++)
        if (cand[c] != 1u << (solution->cells[c] - 1))
            return false;
    return true;
}
