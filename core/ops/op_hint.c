/* Operation hint: the next easiest logical step of a position, explained,
 * or every step of the solve from there; and the step search the play
 * engine's hints use. */
#include <stdlib.h>
#include <string.h>

#include "keys.h"
#include "op.h"
#include "sudokit/format.h"
#include "sudokit/grid.h"
#include "sudokit/names.h"
#include "sudokit/rules.h"
#include "text_escape.h"

enum {
    HINT_PUZZLE, HINT_CELLS, HINT_MARKS, HINT_PATH, HINT_RATER, HINT_RATER_OPTIONS, HINT_SOLVER,
    HINT_FORMAT, HINT_OUTPUT, HINT_RULES
};

static const char *const hint_formats[] = {"line", "json", NULL};

static const sk_key hint_keys[] = {
    {.name = "puzzle", .kind = SK_KEY_TEXT, .value_name = "PUZZLE",
     .help = "the givens, 81 characters ('.' or '0' blank; N*N under --rules)",
     .id = HINT_PUZZLE},
    {.name = "cells", .short_name = 'c', .kind = SK_KEY_TEXT, .value_name = "CURRENT",
     .help = "the grid as the player has it, givens plus entries (default: the puzzle)",
     .id = HINT_CELLS},
    {.name = "marks", .short_name = 'm', .kind = SK_KEY_TEXT, .value_name = "MARKS",
     .help = "the position's pencil marks, 729 characters: 9 a cell, the digit d at place d "
             "when it is a candidate, else '.' (the step is found from them)",
     .id = HINT_MARKS},
    {.name = "path", .short_name = 'p', .kind = SK_KEY_FLAG,
     .help = "every step of the solve from the position, numbered, not only the next",
     .id = HINT_PATH},
    SK_KEY_RATER(HINT_RATER, "rater that explains its steps"),
    SK_KEY_RATER_OPTIONS(HINT_RATER_OPTIONS),
    SK_KEY_SOLVER(HINT_SOLVER,
                  "solver that checks the puzzle and the entries (default: the fastest)"),
    {.name = "format", .short_name = 'f', .kind = SK_KEY_CHOICE, .value_name = "F",
     .fallback = "line", .choices = hint_formats, .help = "line or json", .id = HINT_FORMAT},
    SK_KEY_OUTPUT(HINT_OUTPUT),
    SK_KEY_RULES(HINT_RULES),
    SK_KEY_END,
};

typedef struct hint_state {
    sk_grid puzzle, current;
    sk_marks marks;
    bool has_puzzle, has_cells, has_marks, json, path;
    char *rater, *rater_options, *solver, *rules_spec;
    char *puzzle_text, *cells_text; /* read as grids once --rules is judged */
    /* the run of path */
    sk_op *op;
    unsigned steps;
    sk_hint *scratch;
} hint_state;

/* --marks: the text form of sudokit/marks.h, or a usage error saying where
 * it is wrong. */
static int hint_parse_marks(sk_marks *marks, const char *text, sk_error *err)
{
    size_t at;
    sk_marks_problem why;
    if (sk_marks_parse(marks, text, strlen(text), &at, &why) == 0)
        return 0;
    static const char *const problems[] = {
        [SK_MARKS_BAD_CHARACTER] = "a character that is not a digit, '.' or '0'",
        [SK_MARKS_MISPLACED] = "a digit out of its place (d stands at place d of a cell)",
        [SK_MARKS_NO_CANDIDATE] = "a cell without a candidate",
        [SK_MARKS_LENGTH] = "not 729 characters (9 for each of the 81 cells)"};
    return SK_FAIL(err, SK_EXIT_USAGE, "hint: --marks: %s, at character %zu: give 729 "
                   "characters, 9 a cell", problems[why], at + 1);
}

static int hint_set(sk_op *op, void *state, const sk_key *key, const sk_value *v, sk_error *err)
{
    hint_state *s = state;
    (void)op;
    switch (key->id) {
    case HINT_PUZZLE:
        s->has_puzzle = true;
        return ski_op_copy(&s->puzzle_text, v->text, err);
    case HINT_CELLS:
        s->has_cells = true;
        return ski_op_copy(&s->cells_text, v->text, err);
    case HINT_MARKS:
        s->has_marks = true;
        return hint_parse_marks(&s->marks, v->text, err);
    case HINT_RATER:
        return ski_op_copy(&s->rater, v->text, err);
    case HINT_RATER_OPTIONS:
        return ski_op_copy(&s->rater_options, v->text, err);
    case HINT_SOLVER:
        return ski_op_copy(&s->solver, v->text, err);
    case HINT_RULES:
        return ski_op_copy(&s->rules_spec, v->text, err);
    case HINT_FORMAT:
        s->json = v->integer == 1;
        return 0;
    case HINT_PATH:
        s->path = v->flag;
        return 0;
    default:
        return 0;
    }
}

void ski_step_copy_chains(const sk_step *step, char *notation, size_t len, sk_chain_node *nodes,
                         size_t node_cap, uint32_t *chain_starts, size_t chain_cap,
                         size_t *node_count, size_t *chain_count)
{
    bool has = SK_STEP_HAS(step, fin_count);
    snprintf(notation, len, "%s", has && step->notation ? step->notation : "");
    size_t chains = has && step->nodes && step->chain_starts ? step->chain_count : 0;
    *chain_count = 0;
    for (size_t i = 0; i < chains && i < chain_cap && step->chain_starts[i + 1] <= node_cap; i++)
        *chain_count = i + 1;
    for (size_t i = 0; i <= *chain_count && chains; i++)
        chain_starts[i] = step->chain_starts[i];
    *node_count = *chain_count ? chain_starts[*chain_count] : 0;
    if (*node_count)
        memcpy(nodes, step->nodes, *node_count * sizeof *nodes);
}

/* Copy the reasoning of step (ABI 1.2) into h, as much as h holds. */
static void hint_copy_reasoning(sk_hint *h, const sk_step *step)
{
    h->se_rating = step->se_rating;
    h->hodoku_score = step->hodoku_score;
    ski_step_copy_chains(step, h->notation, sizeof h->notation, h->nodes,
                        sizeof h->nodes / sizeof h->nodes[0], h->chain_starts,
                        sizeof h->chain_starts / sizeof h->chain_starts[0] - 1, &h->node_count,
                        &h->chain_count);
    h->house_count = step->houses && step->house_count <= 27 ? step->house_count : 0;
    if (h->house_count)
        memcpy(h->houses, step->houses, h->house_count * sizeof *h->houses);
    h->fin_count = step->fins && step->fin_count <= 81 ? step->fin_count : 0;
    if (h->fin_count)
        memcpy(h->fins, step->fins, h->fin_count * sizeof *h->fins);
}

/* Copy step into h. */
static void hint_copy_step(sk_hint *h, const sk_step *step)
{
    memset(h, 0, sizeof *h);
    h->kind = step->kind;
    snprintf(h->technique, sizeof h->technique, "%s", step->technique ? step->technique : "");
    snprintf(h->explanation, sizeof h->explanation, "%s",
             step->explanation ? step->explanation : "");
    h->rating = step->rating;
    h->cell_count = step->cell_count < 81 ? step->cell_count : 81;
    if (h->cell_count)
        memcpy(h->cells, step->cells, h->cell_count);
    h->placed_count = step->placed_count < 81 ? step->placed_count : 81;
    if (h->placed_count)
        memcpy(h->placed, step->placed, h->placed_count * sizeof *h->placed);
    h->eliminated_count = step->eliminated_count < 729 ? step->eliminated_count : 729;
    if (h->eliminated_count)
        memcpy(h->eliminated, step->eliminated, h->eliminated_count * sizeof *h->eliminated);
    if (SK_STEP_HAS(step, fin_count))
        hint_copy_reasoning(h, step);
    h->found = true;
}

/* The first step a rater reports: copied out, then the rater is stopped. */
static int hint_take_step(void *user, const sk_step *step)
{
    hint_copy_step(user, step);
    return 1;
}

int sk_hint_next(sk_instance *rater, const sk_grid *position, const uint16_t *marks, sk_hint *out,
                 sk_error *err)
{
    out->found = false;
    sk_rating rating;
    int rc = sk_instance_rate_marks(rater, position, marks, &rating, hint_take_step, out, err);
    if (out->found)
        return 0;
    if (rc == SK_OK)
        sk_error_set(err, SK_EXIT_FAILURE,
                     "the rater reported no step (it does not explain its steps, "
                     "or its budget ran out; see its options)");
    return -1;
}

/* Entries of current that contradict the solution or change a given, in
 * one line ("wrong: r1c3=9 contradicts the solution; ..."), counted. */
static int hint_wrong_entries(const hint_state *s, const sk_grid *solution, char *out,
                              size_t len)
{
    int wrong = 0;
    size_t used = 0;
    out[0] = '\0';
    for (int c = 0; c < 81 && used < len; c++) {
        int v = s->current.cells[c];
        if (v == 0 || v == solution->cells[c])
            continue;
        char name[8];
        sk_cell_name(c, name);
        int n = s->puzzle.cells[c]
                    ? snprintf(out + used, len - used, "%s%s is a given (%d), not %d",
                               wrong ? "; " : "wrong: ", name, s->puzzle.cells[c], v)
                    : snprintf(out + used, len - used, "%s%s=%d contradicts the solution",
                               wrong ? "; " : "wrong: ", name, v);
        used += n > 0 ? (size_t)n : 0;
        wrong++;
    }
    return wrong;
}

/* True, with the first such cell in out, when the marks lack a digit of
 * the solution (a given's, an entry's or a blank cell's). */
static bool hint_marks_wrong(const hint_state *s, const sk_grid *solution, char *out, size_t len)
{
    for (int c = 0; c < 81; c++) {
        int d = solution->cells[c];
        if (s->marks.cells[c] & SK_MARK(d))
            continue;
        char name[8];
        snprintf(out, len, "the pencil marks of %s lack %s digit", sk_cell_name(c, name),
                 s->current.cells[c] ? "its" : "the solution's");
        return true;
    }
    return false;
}

/* The hint as two text lines: what and why (after its number in a path,
 * when not 0), then the cells and the move. */
static void hint_write_text(FILE *out, const sk_hint *h, unsigned number)
{
    char name[8];
    if (number)
        fprintf(out, "%u. ", number);
    /* The words are the rater plugin's: escaped for the terminal. */
    ski_text_put_escaped(out, h->technique, false);
    fprintf(out, " (%.1f): ", h->rating);
    ski_text_put_escaped(out, h->explanation, false);
    fputs("\ncells:", out);
    for (size_t i = 0; i < h->cell_count; i++)
        fprintf(out, " %s", sk_cell_name(h->cells[i], name));
    if (h->kind == SK_STEP_PLACE && h->placed_count == 1)
        fprintf(out, "; place %s=%d", sk_cell_name(h->placed[0].cell, name), h->placed[0].digit);
    if (h->eliminated_count)
        fputs("; remove", out);
    for (size_t i = 0; i < h->eliminated_count; i++)
        fprintf(out, "%s %s<>%d", i ? "," : "", sk_cell_name(h->eliminated[i].cell, name),
                h->eliminated[i].digit);
    fputc('\n', out);
    if (h->notation[0])
        fprintf(out, "chain: %s\n", h->notation);
}

/* Report a hint (number: its place in a path, or 0): to the sink as a
 * step, else as text or json. */
static int hint_emit(sk_op *op, hint_state *s, const sk_hint *h, unsigned number, sk_error *err)
{
    sk_step step = {.struct_size = sizeof step, .kind = h->kind, .technique = h->technique,
                    .rating = h->rating, .cells = h->cells, .cell_count = h->cell_count,
                    .placed = h->placed, .placed_count = h->placed_count,
                    .eliminated = h->eliminated, .eliminated_count = h->eliminated_count,
                    .explanation = h->explanation, .se_rating = h->se_rating,
                    .hodoku_score = h->hodoku_score, .notation = h->notation,
                    .nodes = h->nodes, .node_count = h->node_count,
                    .chain_starts = h->chain_starts, .chain_count = h->chain_count,
                    .houses = h->houses, .house_count = h->house_count, .fins = h->fins,
                    .fin_count = h->fin_count};
    FILE *out = ski_op_stream(op);
    int stop = 0;
    if (out && s->json)
        ski_step_write_json(out, &step, number);
    else if (out)
        hint_write_text(out, h, number);
    else
        stop = ski_op_emit_step(op, number ? number : 1, &step);
    op->summary.done++;
    if (stop)
        return SK_FAIL(err, SK_EXIT_FAILURE, "hint: stopped by the caller");
    return ski_op_output_check(op, err) ? err->status : SK_EXIT_OK;
}

/* The rater's step callback of path: each step reported as it comes. */
static int hint_path_step(void *user, const sk_step *step)
{
    hint_state *s = user;
    sk_error err;
    hint_copy_step(s->scratch, step);
    return hint_emit(s->op, s, s->scratch, ++s->steps, &err) != SK_EXIT_OK;
}

/* Every step of the solve from position; an exit status. */
static int hint_path(sk_op *op, hint_state *s, sk_instance *rater, sk_error *err)
{
    sk_rating rating;
    sk_error why;
    s->op = op;
    int rc = sk_instance_rate_marks(rater, &s->current, s->has_marks ? s->marks.cells : NULL,
                                    &rating, hint_path_step, s, &why);
    if (rc == SK_OK && s->steps)
        return SK_EXIT_OK;
    if (rc == SK_ERR_STOPPED)
        return ski_op_output_check(op, err) ? err->status
                                            : SK_FAIL(err, SK_EXIT_FAILURE, "hint: stopped");
    return SK_FAIL(err, SK_EXIT_FAILURE, "hint: %s",
                   rc == SK_OK ? "the rater reported no step (it does not explain its steps)"
                               : why.message);
}

int ski_hint_one_solution(int found, const char *what, sk_error *err)
{
    if (found == 1)
        return 0;
    return SK_FAIL(err, SK_EXIT_FAILURE, "hint: the puzzle %s",
                   found == 0   ? "has no solution"
                   : found == 2 ? "has more than one solution"
                                : what);
}

/* Solve the puzzle to check it and the entries; 0, or an exit status. */
static int hint_check(sk_op *op, hint_state *s, sk_grid *solution, sk_error *err)
{
    sk_conflict conflict;
    char what[1024];
    if (!sk_grid_check(&s->puzzle, &conflict)) {
        sk_conflict_describe(&conflict, what, sizeof what);
        return SK_FAIL(err, SK_EXIT_FAILURE, "hint: the puzzle breaks the rules: %s", what);
    }
    const char *solver = ski_op_strategy(op, SK_KIND_SOLVER, s->solver, err);
    sk_instance *instance = NULL;
    if (!solver || ski_op_instance(op, SK_KIND_SOLVER, solver, NULL, NULL, &instance, err))
        return err->status;
    sk_error why;
    int found = sk_instance_solve(instance, &s->puzzle, 2, solution, NULL, &why);
    sk_instance_free(instance);
    if (ski_hint_one_solution(found, why.message, err))
        return err->status;
    if (s->has_marks && hint_marks_wrong(s, solution, what, sizeof what))
        return SK_FAIL(err, SK_EXIT_FAILURE, "hint: %s; fix the marks, then ask again", what);
    int wrong = hint_wrong_entries(s, solution, what, sizeof what);
    if (wrong) {
        FILE *out = ski_op_stream(op);
        if (out)
            fprintf(out, "%s\nfix %s first, then ask again\n", what,
                    wrong == 1 ? "that cell" : "those cells");
        return SK_FAIL(err, SK_EXIT_FAILURE, "hint: %d wrong entr%s", wrong,
                       wrong == 1 ? "y" : "ies");
    }
    return 0;
}

/* The grid of the key name of hint_keys, given as text: parsed as a grid
 * key is (81 characters), after the rules key is judged, so that a puzzle
 * of other rules is refused for its rules rather than for its length. */
static int hint_grid(const char *name, const char *text, sk_grid *grid, sk_error *err)
{
    sk_key key = *sk_op_key(&ski_op_hint.info, name);
    key.kind = SK_KEY_GRID;
    sk_value v;
    char scratch[16];
    if (ski_key_parse("hint", &key, text, NULL, &v, scratch, sizeof scratch, err))
        return -1;
    *grid = v.grid;
    return 0;
}

/* hint under --rules, judged before the puzzle is read (81 characters
 * under classic rules only): 1 with *status set when the rules are not
 * classic (hinted, or refused for a rater of classic puzzles only) or
 * wrong, else 0. */
static int hint_under_rules(sk_op *op, hint_state *s, int *status, sk_error *err)
{
    const char *rater = ski_op_strategy(op, SK_KIND_RATER, s->rater, err);
    const sk_rules *rules = NULL;
    if (!rater || ski_op_rules_rated(op, s->rules_spec, rater,
                                     "choose one of those, or solve it: sudokit solve --rules "
                                     "SPEC PUZZLE",
                                     err) ||
        (s->rules_spec && ski_op_rules(op, s->rules_spec, &rules, err))) {
        *status = err->status;
        return 1;
    }
    if (!rules || sk_rules_is_classic(rules)) {
        sk_rules_free(rules);
        return 0;
    }
    ski_hint_rules_ask ask = {.rules = rules, .puzzle_text = s->puzzle_text,
                              .cells_text = s->has_cells ? s->cells_text : NULL,
                              .rater = rater, .rater_options = s->rater_options,
                              .json = s->json, .path = s->path};
    *status = !s->has_puzzle ? SK_FAIL(err, SK_EXIT_USAGE, "hint: give the PUZZLE")
              : s->has_marks ? SK_FAIL(err, SK_EXIT_USAGE,
                                       "hint: --marks is for classic 9x9 puzzles; under --rules "
                                       "give the position with --cells")
                             : ski_hint_rules(op, &ask, err);
    sk_rules_free(rules);
    return 1;
}

static int hint_run(sk_op *op, void *state, sk_error *err)
{
    hint_state *s = state;
    int status;
    if (hint_under_rules(op, s, &status, err))
        return status;
    if (!s->has_puzzle)
        return SK_FAIL(err, SK_EXIT_USAGE, "hint: give the PUZZLE (81 characters)");
    if (hint_grid("puzzle", s->puzzle_text, &s->puzzle, err) ||
        (s->has_cells && hint_grid("cells", s->cells_text, &s->current, err)))
        return err->status;
    if (!s->has_cells)
        s->current = s->puzzle;
    sk_grid solution;
    status = hint_check(op, s, &solution, err);
    if (status)
        return status;
    for (int c = 0; c < 81; c++) /* a given left blank is still a given */
        if (s->puzzle.cells[c])
            s->current.cells[c] = s->puzzle.cells[c];
    FILE *out = ski_op_stream(op);
    if (sk_grid_clues(&s->current) == 81) {
        if (out)
            fputs("the grid is solved\n", out);
        return SK_EXIT_OK;
    }
    sk_instance *rater = NULL;
    if (!ski_op_strategy(op, SK_KIND_RATER, s->rater, err) ||
        ski_op_instance(op, SK_KIND_RATER, s->rater, s->rater_options, NULL, &rater, err))
        return err->status;
    sk_hint *hint = malloc(sizeof *hint);
    sk_error why;
    s->scratch = hint;
    if (!hint)
        status = SK_FAIL(err, SK_EXIT_FAILURE, "out of memory");
    else if (s->path)
        status = hint_path(op, s, rater, err);
    else if (sk_hint_next(rater, &s->current, s->has_marks ? s->marks.cells : NULL, hint, &why))
        status = SK_FAIL(err, SK_EXIT_FAILURE, "hint: %s", why.message);
    else
        status = hint_emit(op, s, hint, 0, err);
    free(hint);
    sk_instance_free(rater);
    return status;
}

static void hint_release(void *state)
{
    hint_state *s = state;
    free(s->rater);
    free(s->rater_options);
    free(s->solver);
    free(s->rules_spec);
    free(s->puzzle_text);
    free(s->cells_text);
}

const ski_op_def ski_op_hint = {
    .info = {.name = "hint",
             .summary = "the next easiest logical step of a position, explained",
             .synopsis = "PUZZLE",
             .description =
                 "Print the next easiest step for a position: the technique, its rating and "
                 "one line of explanation, then the cells of the pattern and the digit to "
                 "place or the candidates to remove; with path, every step of the solve from "
                 "the position, numbered. Entries that contradict the solution, or change a "
                 "given, are listed instead (exit status 1).",
             .keys = hint_keys,
             .inputs = SK_INPUT_ONE,
             .input_key = "puzzle"},
    .state_size = sizeof(hint_state),
    .set = hint_set,
    .run = hint_run,
    .release = hint_release,
};
