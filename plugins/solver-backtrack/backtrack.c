/* Solver "backtrack": the classic baseline, first empty cell in row-major order, digits 1..9. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudokit/plugin.h"

/* Search state of one solve call: the grid being filled and, per unit, the
 * digits already used (bit d-1 for digit d). */
typedef struct backtrack_search {
    uint8_t cells[81];
    uint16_t row[9], col[9], box[9];
    int limit;
    int found;
    sk_grid *solution;
    uint64_t guesses;
    uint64_t nodes;
} backtrack_search;

/* The instance holds nothing: the solver has no options and no state. */
typedef struct backtrack_instance {
    const sk_services *services;
} backtrack_instance;

static const uint8_t backtrack_box_of[81] = {
    0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 0, 0, 1, 1, 1, 2, 2, 2,
    3, 3, 3, 4, 4, 4, 5, 5, 5, 3, 3, 3, 4, 4, 4, 5, 5, 5, 3, 3, 3, 4, 4, 4, 5, 5, 5,
    6, 6, 6, 7, 7, 7, 8, 8, 8, 6, 6, 6, 7, 7, 7, 8, 8, 8, 6, 6, 6, 7, 7, 7, 8, 8, 8};

static void *backtrack_create(const sk_services *services, const sk_option *options,
                              size_t option_count, char *err, size_t errlen)
{
    if (sk_options_none(options, option_count, err, errlen) != SK_OK)
        return NULL;
    backtrack_instance *inst = sk_plugin_alloc(sizeof *inst, err, errlen);
    if (!inst)
        return NULL;
    inst->services = services;
    return inst;
}

/* Fill cells from position pos on; stops once limit solutions are found. */
static void backtrack_fill(backtrack_search *s, int pos)
{
    s->nodes++;
    while (pos < 81 && s->cells[pos] != 0)
        pos++;
    if (pos == 81) {
        if (s->found == 0 && s->solution)
            memcpy(s->solution->cells, s->cells, 81);
        s->found++;
        return;
    }
    int r = pos / 9, c = pos % 9, b = backtrack_box_of[pos];
    unsigned used = s->row[r] | s->col[c] | s->box[b];
    unsigned free_digits = ~used & 0x1FFu;
    if (free_digits & (free_digits - 1))
        s->guesses++;
    for (int d = 1; d <= 9 && s->found < s->limit; d++) {
        unsigned bit = 1u << (d - 1);
        if (used & bit)
            continue;
        s->cells[pos] = (uint8_t)d;
        s->row[r] |= (uint16_t)bit;
        s->col[c] |= (uint16_t)bit;
        s->box[b] |= (uint16_t)bit;
        backtrack_fill(s, pos + 1);
        s->row[r] &= (uint16_t)~bit;
        s->col[c] &= (uint16_t)~bit;
        s->box[b] &= (uint16_t)~bit;
    }
    s->cells[pos] = 0;
}

static int backtrack_solve(void *instance, const sk_grid *puzzle, int limit, sk_grid *solution,
                           sk_solve_stats *stats)
{
    (void)instance;
    backtrack_search s;
    memset(&s, 0, sizeof s);
    s.limit = limit < 1 ? 1 : limit;
    s.solution = solution;
    for (int i = 0; i < 81; i++) {
        int d = puzzle->cells[i];
        s.cells[i] = (uint8_t)d;
        if (d == 0)
            continue;
        if (d > 9)
            return SK_ERR_INVALID;
        unsigned bit = 1u << (d - 1);
        int r = i / 9, c = i % 9, b = backtrack_box_of[i];
        if ((s.row[r] | s.col[c] | s.box[b]) & bit)
            return SK_ERR_INVALID;
        s.row[r] |= (uint16_t)bit;
        s.col[c] |= (uint16_t)bit;
        s.box[b] |= (uint16_t)bit;
    }
    backtrack_fill(&s, 0);
    if (stats) {
        stats->guesses += s.guesses;
        stats->nodes += s.nodes;
    }
    return s.found;
}

static const sk_strategy backtrack_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_SOLVER,
    .name = "backtrack",
    .summary = "plain backtracking: first empty cell in row-major order, digits 1-9",
    .options_help = NULL,
    .create = backtrack_create,
    .destroy = sk_plugin_free,
    .solve = backtrack_solve,
};

/* The plugin: its descriptor and entry symbol. */
SK_PLUGIN_DEFINE("solver-backtrack", "1.0.0", &backtrack_strategy)
