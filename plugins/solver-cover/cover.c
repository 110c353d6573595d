/* Solver "cover": any rules as an exact cover (docs/solvers.md), the
 * strategy to compare "general" with. Houses are primary columns, groups
 * and the digit pairs relations forbid secondary ones, killer cages rows
 * of whole cage fillings; relations that say more than "the digits
 * differ" are also kept arc consistent; what exact cover cannot say
 * (customs, sums too rich to write out) is filtered during the search, so
 * it refuses no rules. The matrix is built once per rules value and left
 * whole after every solve. Classic grids come through the host under the
 * rules 9x9. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cover_matrix.h"
#include "cover_search.h"
#include "rules_givens.h"

typedef struct cover_instance {
    cover_matrix *matrix; /* of the last rules solved            */
    uint32_t *undo;       /* rows hidden, then given rows taken   */
    uint32_t *hidden;     /* rows the search's arcs hide           */
    uint32_t undo_cap;    /* the size of both                      */
    cover_search search;
    sk_digits scratch[SK_MAX_CELLS];
} cover_instance;

/* The relations between givens hold (the rows of givens are taken
 * without a search, so none may exclude another). */
static bool cover_givens_related(const sk_rules *rules, const sk_board *puzzle)
{
    for (uint32_t i = 0; i < rules->relation_count; i++) {
        const sk_rules_relation *r = &rules->relations[i];
        uint8_t a = puzzle->cells[r->a], b = puzzle->cells[r->b];
        if (a && b && !(r->allowed[a] >> (b - 1) & 1u))
            return false;
    }
    return true;
}

/* The matrix of rules, built when the last one was of other rules. */
static bool cover_fit(cover_instance *x, const sk_rules *rules)
{
    if (cover_matrix_fits(x->matrix, rules))
        return true;
    cover_matrix_free(x->matrix);
    x->matrix = cover_matrix_build(rules);
    if (!x->matrix)
        return false;
    uint32_t need = x->matrix->row_count + x->matrix->cells + 1;
    if (need > x->undo_cap) {
        uint32_t *undo = realloc(x->undo, need * sizeof *undo);
        if (undo)
            x->undo = undo;
        uint32_t *hidden = realloc(x->hidden, need * sizeof *hidden);
        if (hidden)
            x->hidden = hidden;
        if (!undo || !hidden) {
            /* no matrix without room to undo what a solve hides */
            cover_matrix_free(x->matrix);
            x->matrix = NULL;
            return false;
        }
        x->undo_cap = need;
    }
    return true;
}

/* Hide the cage rows that contradict a given. Returns how many. */
static uint32_t cover_hide_cages(cover_instance *x, const sk_board *puzzle)
{
    cover_matrix *m = x->matrix;
    bool any = false;
    for (uint32_t c = 0; c < m->cells && !any; c++)
        any = puzzle->cells[c] && m->cage_of[c] != UINT32_MAX;
    uint32_t hidden = 0;
    for (uint32_t r = 0; any && r < m->row_count; r++) {
        const cover_row *row = &m->rows[r];
        bool clash = false;
        for (uint32_t k = 0; k < row->count; k++) {
            const cover_assign *a = &m->assigns[row->first + k];
            clash |= m->cage_of[a->cell] != UINT32_MAX && puzzle->cells[a->cell] &&
                     puzzle->cells[a->cell] != a->digit;
        }
        if (clash) {
            cover_hide(m, r);
            x->undo[hidden++] = r;
        }
    }
    return hidden;
}

/* Write the givens through the filter and take the rows of those outside
 * cages. Returns false when the givens already break a filtered rule;
 * *taken says how many rows were taken (after the hidden ones in undo). */
static bool cover_take_givens(cover_instance *x, const sk_board *puzzle, uint32_t hidden,
                              uint32_t *taken)
{
    cover_matrix *m = x->matrix;
    *taken = 0;
    for (uint32_t c = 0; c < m->cells; c++) {
        uint8_t d = puzzle->cells[c];
        if (!d)
            continue;
        if (!cover_write(&x->search, c, d))
            return false;
        if (m->cage_of[c] != UINT32_MAX)
            continue;
        uint32_t node = m->rows[m->cell_row[c * m->size + d - 1]].node;
        cover_column(m, m->nodes[node].column);
        cover_take(m, node);
        x->undo[hidden + (*taken)++] = node;
    }
    return true;
}

static int cover_solve_rules(void *instance, const sk_rules *rules, const sk_board *puzzle,
                             int limit, sk_board *solution, sk_solve_stats *stats)
{
    cover_instance *x = instance;
    if (!rules_givens_ok(rules, puzzle))
        return SK_ERR_INVALID;
    if (!cover_fit(x, rules))
        return SK_ERR;
    cover_matrix *m = x->matrix;
    cover_search *s = &x->search;
    *s = (cover_search){.m = m,
                        .rules = rules,
                        .givens = puzzle,
                        .scratch = x->scratch,
                        .hidden = x->hidden,
                        .limit = limit < 1 ? 1 : limit};
    for (uint32_t c = 0; c < m->cells; c++)
        x->scratch[c] = (sk_digits)((1ull << m->size) - 1);
    if (!cover_givens_related(rules, puzzle))
        return 0;
    uint32_t hidden = cover_hide_cages(x, puzzle), taken = 0;
    if (cover_take_givens(x, puzzle, hidden, &taken))
        cover_run(s);
    for (uint32_t i = hidden + taken; i-- > hidden;) {
        cover_untake(m, x->undo[i]);
        cover_uncolumn(m, m->nodes[x->undo[i]].column);
    }
    for (uint32_t i = hidden; i-- > 0;)
        cover_unhide(m, x->undo[i]);
    if (s->found && solution)
        *solution = s->solution;
    if (stats) {
        stats->guesses += s->guesses;
        stats->nodes += s->nodes;
    }
    return s->found;
}

static void *cover_create(const sk_services *services, const sk_option *options,
                          size_t option_count, char *err, size_t errlen)
{
    (void)services;
    if (sk_options_none(options, option_count, err, errlen) != SK_OK)
        return NULL;
    cover_instance *x = sk_plugin_alloc(sizeof *x, err, errlen);
    return x;
}

static void cover_destroy(void *instance)
{
    cover_instance *x = instance;
    if (!x)
        return;
    cover_matrix_free(x->matrix);
    free(x->undo);
    free(x->hidden);
    free(x);
}

static const sk_strategy cover_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_SOLVER,
    .name = "cover",
    .summary = "any rules as exact cover (dancing links): houses, groups, relations and killer "
               "cages as columns and rows, customs and large sums filtered during the search",
    .create = cover_create,
    .destroy = cover_destroy,
    .solve_rules = cover_solve_rules,
};

/* The plugin: its descriptor and entry symbol. */
SK_PLUGIN_DEFINE("solver-cover", "1.0.0", &cover_strategy)
