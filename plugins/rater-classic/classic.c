/* Rater "classic": givens, their spread and a fixed solver's search effort, combined into a score.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudokit/plugin.h"

/* Search state of the rater's own fixed solver: digits and the used-digit
 * mask of each unit (bit d-1). Small, so a branch copies it. */
typedef struct classic_state {
    uint8_t cells[81];
    uint16_t row[9], col[9], box[9];
} classic_state;

/* How one placement of the root propagation was found. */
typedef enum classic_how { CLASSIC_NAKED = 1, CLASSIC_HIDDEN = 2 } classic_how;

/* One placement of the root propagation, kept for the step callback. */
typedef struct classic_move {
    uint8_t cell, digit, how, unit_kind, unit;
} classic_move;

/* What the search of one puzzle found. */
typedef struct classic_search {
    int solutions;
    uint64_t guesses; /* branch points visited in the whole search tree */
    sk_grid solution;
} classic_search;

/* The three measures of a puzzle and the numbers derived from them. */
typedef struct classic_measures {
    int givens;
    int emptiest_row, emptiest_col; /* givens in the emptiest row / column */
    int naked, hidden;              /* root placements by naked / hidden singles */
    uint64_t guesses;
} classic_measures;

/* The rater keeps nothing between calls. */
typedef struct classic_instance {
    const sk_services *services;
} classic_instance;

static const uint8_t classic_box_of[81] = {
    0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 0, 0, 1, 1, 1, 2, 2, 2,
    3, 3, 3, 4, 4, 4, 5, 5, 5, 3, 3, 3, 4, 4, 4, 5, 5, 5, 3, 3, 3, 4, 4, 4, 5, 5, 5,
    6, 6, 6, 7, 7, 7, 8, 8, 8, 6, 6, 6, 7, 7, 7, 8, 8, 8, 6, 6, 6, 7, 7, 7, 8, 8, 8};

static const char *const classic_unit_names[3] = {"row", "column", "box"};

static void *classic_create(const sk_services *services, const sk_option *options,
                            size_t option_count, char *err, size_t errlen)
{
    if (sk_options_none(options, option_count, err, errlen) != SK_OK)
        return NULL;
    classic_instance *inst = sk_plugin_alloc(sizeof *inst, err, errlen);
    if (!inst)
        return NULL;
    inst->services = services;
    return inst;
}

static int classic_unit_cell(int kind, int u, int i)
{
    if (kind == 0)
        return u * 9 + i;
    if (kind == 1)
        return i * 9 + u;
    return (u / 3 * 3 + i / 3) * 9 + u % 3 * 3 + i % 3;
}

static uint16_t classic_candidates(const classic_state *st, int cell)
{
    return (uint16_t)(~(st->row[cell / 9] | st->col[cell % 9] | st->box[classic_box_of[cell]]) &
                      0x1FF);
}

static void classic_place(classic_state *st, int cell, int d)
{
    uint16_t bit = (uint16_t)(1u << (d - 1));
    st->cells[cell] = (uint8_t)d;
    st->row[cell / 9] |= bit;
    st->col[cell % 9] |= bit;
    st->box[classic_box_of[cell]] |= bit;
}

/* Load puzzle into st; false when a given repeats or is not a digit. */
static int classic_load(const sk_grid *puzzle, classic_state *st)
{
    memset(st, 0, sizeof *st);
    for (int cell = 0; cell < 81; cell++) {
        int d = puzzle->cells[cell];
        if (d == 0)
            continue;
        if (d > 9 || !(classic_candidates(st, cell) & (1u << (d - 1))))
            return 0;
        classic_place(st, cell, d);
    }
    return 1;
}

/* Apply naked singles until none is left, then one hidden single, and
 * again, until stuck. Placements are appended to moves when it is not NULL.
 * Returns 0 when stuck, -1 on a contradiction, 1 when the grid is full. */
static int classic_propagate(classic_state *st, classic_move *moves, int *move_count)
{
    for (;;) {
        int empty = 0, placed = 0;
        for (int cell = 0; cell < 81; cell++) {
            if (st->cells[cell])
                continue;
            uint16_t m = classic_candidates(st, cell);
            if (m == 0)
                return -1;
            if ((m & (m - 1)) == 0) {
                int d = __builtin_ctz(m) + 1;
                classic_place(st, cell, d);
                if (moves)
                    moves[(*move_count)++] =
                        (classic_move){(uint8_t)cell, (uint8_t)d, CLASSIC_NAKED, 0, 0};
                placed = 1;
            } else {
                empty++;
            }
        }
        if (placed)
            continue;
        if (empty == 0)
            return 1;
        /* No naked single left: look for one hidden single. */
        int found = 0;
        for (int kind = 0; kind < 3 && !found; kind++) {
            for (int u = 0; u < 9 && !found; u++) {
                uint16_t seen_once = 0, seen_twice = 0, used = 0;
                for (int i = 0; i < 9; i++) {
                    int cell = classic_unit_cell(kind, u, i);
                    if (st->cells[cell]) {
                        used |= (uint16_t)(1u << (st->cells[cell] - 1));
                        continue;
                    }
                    uint16_t m = classic_candidates(st, cell);
                    seen_twice |= seen_once & m;
                    seen_once |= m;
                }
                if ((seen_once | used) != 0x1FF)
                    return -1;
                uint16_t single = seen_once & (uint16_t)~seen_twice;
                if (!single)
                    continue;
                int d = __builtin_ctz(single) + 1;
                for (int i = 0; i < 9; i++) {
                    int cell = classic_unit_cell(kind, u, i);
                    if (!st->cells[cell] && (classic_candidates(st, cell) & (1u << (d - 1)))) {
                        classic_place(st, cell, d);
                        if (moves)
                            moves[(*move_count)++] =
                                (classic_move){(uint8_t)cell, (uint8_t)d, CLASSIC_HIDDEN,
                                               (uint8_t)kind, (uint8_t)u};
                        break;
                    }
                }
                found = 1;
            }
        }
        if (!found)
            return 0;
    }
}

/* Count solutions up to two: singles, then branch on the empty cell with
 * the fewest candidates (first in row-major order), digits ascending. The
 * whole tree is walked for a unique puzzle, so the guess count does not
 * depend on luck in the digit order. */
static void classic_solve(classic_state *st, classic_search *s)
{
    int r = classic_propagate(st, NULL, NULL);
    if (r < 0)
        return;
    if (r > 0) {
        if (s->solutions++ == 0)
            memcpy(s->solution.cells, st->cells, 81);
        return;
    }
    int best = -1, best_count = 10;
    for (int cell = 0; cell < 81 && best_count > 2; cell++) {
        if (st->cells[cell])
            continue;
        int n = __builtin_popcount(classic_candidates(st, cell));
        if (n < best_count) {
            best = cell;
            best_count = n;
        }
    }
    s->guesses++;
    uint16_t m = classic_candidates(st, best);
    while (m && s->solutions < 2) {
        int d = __builtin_ctz(m) + 1;
        m &= (uint16_t)(m - 1);
        classic_state next = *st;
        classic_place(&next, best, d);
        classic_solve(&next, s);
    }
}

/* Score of the measures; see docs/generation.md for the formula. */
static double classic_score(const classic_measures *m)
{
    double clue_part = (32.0 - m->givens) / 5.0;
    clue_part = clue_part < 0 ? 0 : clue_part > 3 ? 3 : clue_part;
    int spread = m->emptiest_row + m->emptiest_col;
    double spread_part = spread >= 3 ? 0 : 0.25 * (3 - spread);
    double effort_part = 0;
    if (m->guesses > 0)
        effort_part = 2.5 + log2(1.0 + (double)m->guesses);
    else if (m->hidden > 0)
        effort_part = 1.0;
    double score = clue_part + spread_part + effort_part;
    return round(score * 100.0) / 100.0;
}

static int classic_level(double score)
{
    static const double upper[4] = {1.5, 3.0, 5.0, 7.5};
    int level = 1;
    while (level < 5 && score >= upper[level - 1])
        level++;
    return level;
}

/* Report the root placements, then the cells search had to fill. */
static int classic_report(const sk_grid *puzzle, const classic_move *moves, int move_count,
                          const sk_grid *solution, sk_step_fn on_step, void *user)
{
    sk_grid filled = *puzzle;
    char text[96];
    for (int i = 0; i < move_count; i++) {
        const classic_move *mv = &moves[i];
        sk_candidate placed = {mv->cell, mv->digit};
        int r = mv->cell / 9 + 1, c = mv->cell % 9 + 1;
        if (mv->how == CLASSIC_NAKED)
            snprintf(text, sizeof text, "r%dc%d can only hold %d", r, c, mv->digit);
        else
            snprintf(text, sizeof text, "%d fits only in r%dc%d within its %s", mv->digit, r, c,
                     classic_unit_names[mv->unit_kind]);
        sk_step step = {
            .struct_size = sizeof step,
            .kind = SK_STEP_PLACE,
            .technique = mv->how == CLASSIC_NAKED ? "Naked single" : "Hidden single",
            .rating = mv->how == CLASSIC_NAKED ? 0.0 : 1.0,
            .cells = &mv->cell,
            .cell_count = 1,
            .placed = &placed,
            .placed_count = 1,
            .explanation = text,
        };
        if (on_step(user, &step))
            return SK_ERR_STOPPED;
        filled.cells[mv->cell] = mv->digit;
    }
    for (uint8_t cell = 0; cell < 81; cell++) {
        if (filled.cells[cell])
            continue;
        sk_candidate placed = {cell, solution->cells[cell]};
        snprintf(text, sizeof text, "r%dc%d is %d (found by search, no single applies)",
                 cell / 9 + 1, cell % 9 + 1, solution->cells[cell]);
        sk_step step = {
            .struct_size = sizeof step,
            .kind = SK_STEP_PLACE,
            .technique = "Search",
            .rating = 2.0,
            .cells = &cell,
            .cell_count = 1,
            .placed = &placed,
            .placed_count = 1,
            .explanation = text,
        };
        if (on_step(user, &step))
            return SK_ERR_STOPPED;
    }
    return SK_OK;
}

static int classic_rate(void *instance, const sk_grid *puzzle, sk_rating *out, sk_step_fn on_step,
                        void *user, char *err, size_t errlen)
{
    (void)instance;
    classic_state st;
    if (!classic_load(puzzle, &st)) {
        snprintf(err, errlen, "the puzzle breaks the rules (a given repeats)");
        return SK_ERR_INVALID;
    }
    classic_measures m = {0};
    int row_min = 9, col_min = 9;
    for (int u = 0; u < 9; u++) {
        int rn = __builtin_popcount(st.row[u]), cn = __builtin_popcount(st.col[u]);
        row_min = rn < row_min ? rn : row_min;
        col_min = cn < col_min ? cn : col_min;
        m.givens += rn;
    }
    m.emptiest_row = row_min;
    m.emptiest_col = col_min;

    classic_move moves[81];
    int move_count = 0;
    classic_state root = st;
    classic_propagate(&root, moves, &move_count);
    for (int i = 0; i < move_count; i++) {
        if (moves[i].how == CLASSIC_NAKED)
            m.naked++;
        else
            m.hidden++;
    }
    classic_search s = {0};
    classic_solve(&root, &s);
    if (s.solutions != 1) {
        snprintf(err, errlen, "the puzzle has %s solution",
                 s.solutions == 0 ? "no" : "more than one");
        return SK_ERR_INVALID;
    }
    m.guesses = s.guesses;

    out->score = classic_score(&m);
    out->first_step = m.naked ? 0.0 : m.hidden ? 1.0 : 2.0;
    out->first_placement = out->first_step;
    out->level = classic_level(out->score);
    out->score_is_lower_bound = 0;
    out->steps =
        (uint32_t)(move_count + (m.guesses > UINT32_MAX - 81 ? UINT32_MAX - 81 : m.guesses));
    const char *hardest = m.guesses ? "Search" : m.hidden ? "Hidden single" : "Naked single";
    snprintf(out->hardest, sizeof out->hardest, "%s", hardest);
    if (on_step)
        return classic_report(puzzle, moves, move_count, &s.solution, on_step, user);
    return SK_OK;
}

static const sk_strategy classic_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_RATER,
    .name = "classic",
    .summary = "givens, emptiest row and column, and singles+search effort in one score",
    .options_help = NULL,
    .create = classic_create,
    .destroy = sk_plugin_free,
    .rate = classic_rate,
};

/* The plugin: its descriptor and entry symbol. */
SK_PLUGIN_DEFINE("rater-classic", "1.0.0", &classic_strategy)
