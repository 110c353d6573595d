/* Operation hint under rules other than classic: boards of any size read
 * and checked against the one solution, and the steps of a rater of any
 * rules (sk_instance_rate_rules) written in words or JSON. */
#include <stdlib.h>
#include <string.h>

#include "op.h"
#include "sudokit/rules.h"
#include "text_escape.h"

/* One run: where steps go and how many were written. */
typedef struct hint_rules_run {
    sk_op *op;
    const ski_hint_rules_ask *ask;
    unsigned steps;
    int size;
} hint_rules_run;

static const char *hint_rules_cell(int cell, int size, char out[12])
{
    snprintf(out, 12, "r%uc%u", (unsigned)(uint8_t)(cell / size + 1),
             (unsigned)(uint8_t)(cell % size + 1));
    return out;
}

/* A step as text: what and why, the cells and the move, the house or
 * constraint used. */
static void hint_rules_text(FILE *out, const sk_step *step, unsigned number, int size)
{
    char name[12];
    if (number)
        fprintf(out, "%u. ", number);
    ski_text_put_escaped(out, step->technique ? step->technique : "", false);
    fprintf(out, " (%.1f): ", step->rating);
    ski_text_put_escaped(out, step->explanation ? step->explanation : "", false);
    fputs("\ncells:", out);
    for (size_t i = 0; i < step->cell_count; i++)
        fprintf(out, " %s", hint_rules_cell(step->cells[i], size, name));
    if (step->kind == SK_STEP_PLACE && step->placed_count == 1)
        fprintf(out, "; place %s=%d", hint_rules_cell(step->placed[0].cell, size, name),
                step->placed[0].digit);
    if (step->eliminated_count)
        fputs("; remove", out);
    for (size_t i = 0; i < step->eliminated_count; i++)
        fprintf(out, "%s %s<>%d", i ? "," : "",
                hint_rules_cell(step->eliminated[i].cell, size, name), step->eliminated[i].digit);
    fputc('\n', out);
    if (SK_STEP_HAS(step, where) && step->where && step->where[0]) {
        fputs("where: ", out);
        ski_text_put_escaped(out, step->where, false);
        fputc('\n', out);
    }
}

/* The rater's step callback: each step written as it comes; stop after
 * the first unless the whole path is asked for. */
static int hint_rules_step(void *user, const sk_step *step)
{
    hint_rules_run *run = user;
    unsigned number = run->ask->path ? ++run->steps : (run->steps++, 0u);
    FILE *out = ski_op_stream(run->op);
    int stop = 0;
    if (out && run->ask->json)
        ski_step_write_json(out, step, number);
    else if (out)
        hint_rules_text(out, step, number, run->size);
    else
        stop = ski_op_emit_step(run->op, number ? number : 1, step);
    run->op->summary.done++;
    return stop || !run->ask->path;
}

/* Read text as a board of the rules into board; 0, or an exit status. */
static int hint_rules_board(const ski_hint_rules_ask *ask, const char *what, const char *text,
                            sk_board *board, sk_error *err)
{
    size_t column;
    uint32_t n = sk_rules_size(ask->rules);
    if (sk_rules_parse_board(ask->rules, text, strlen(text), board, &column) == 0)
        return 0;
    return SK_FAIL(err, SK_EXIT_USAGE,
                   "hint: %s: column %zu: give %u characters for rules '%.200s' ('.' a blank, "
                   "digits past 9 as letters A-P)",
                   what, column + 1, n * n, sk_rules_spec(ask->rules));
}

/* The one solution of puzzle under the rules; 0, or an exit status. */
static int hint_rules_solution(sk_op *op, const ski_hint_rules_ask *ask, const sk_board *puzzle,
                               sk_board *solution, sk_error *err)
{
    sk_rules_break broken;
    if (!sk_rules_check_givens(ask->rules, puzzle, &broken))
        return SK_FAIL(err, SK_EXIT_FAILURE, "hint: the puzzle breaks the rules: %s", broken.why);
    const char *solver = sk_host_default_rules_solver(sk_ctx_host(ski_op_ctx(op)));
    sk_instance *instance = NULL;
    if (!solver)
        return SK_FAIL(err, SK_EXIT_FAILURE, "hint: no loaded solver solves the rules '%.200s'",
                       sk_rules_spec(ask->rules));
    if (ski_op_instance(op, SK_KIND_SOLVER, solver, NULL, NULL, &instance, err))
        return err->status;
    sk_error what;
    int found =
        sk_instance_solve_rules(instance, ask->rules, puzzle, 2, solution, NULL, &what);
    sk_instance_free(instance);
    return ski_hint_one_solution(found, what.message, err);
}

/* Entries of current against the solution, listed on out; their number. */
static int hint_rules_wrong(FILE *out, const sk_board *puzzle, const sk_board *current,
                            const sk_board *solution, int size)
{
    int wrong = 0;
    char name[12];
    for (int c = 0; c < size * size; c++) {
        int v = current->cells[c];
        if (v == 0 || v == solution->cells[c])
            continue;
        if (out)
            fprintf(out, "%s%s", wrong ? "; " : "wrong: ", hint_rules_cell(c, size, name));
        if (out && puzzle->cells[c])
            fprintf(out, " is a given (%d), not %d", puzzle->cells[c], v);
        else if (out)
            fprintf(out, "=%d contradicts the solution", v);
        wrong++;
    }
    if (out && wrong)
        fprintf(out, "\nfix %s first, then ask again\n", wrong == 1 ? "that cell" : "those cells");
    return wrong;
}

int ski_hint_rules(sk_op *op, const ski_hint_rules_ask *ask, sk_error *err)
{
    sk_board puzzle, current, solution;
    int size = (int)sk_rules_size(ask->rules);
    int status = hint_rules_board(ask, "puzzle", ask->puzzle_text, &puzzle, err);
    if (!status && ask->cells_text)
        status = hint_rules_board(ask, "cells", ask->cells_text, &current, err);
    if (!status)
        status = hint_rules_solution(op, ask, &puzzle, &solution, err);
    if (status)
        return status;
    if (!ask->cells_text)
        current = puzzle;
    FILE *out = ski_op_stream(op);
    int wrong = hint_rules_wrong(out, &puzzle, &current, &solution, size);
    if (wrong)
        return SK_FAIL(err, SK_EXIT_FAILURE, "hint: %d wrong entr%s", wrong,
                       wrong == 1 ? "y" : "ies");
    int empty = 0;
    for (int c = 0; c < size * size; c++) {
        current.cells[c] = puzzle.cells[c] ? puzzle.cells[c] : current.cells[c];
        empty += current.cells[c] == 0;
    }
    if (!empty) {
        if (out)
            fputs("the grid is solved\n", out);
        return SK_EXIT_OK;
    }
    sk_instance *rater = NULL;
    if (ski_op_instance(op, SK_KIND_RATER, ask->rater, ask->rater_options, NULL, &rater, err))
        return err->status;
    hint_rules_run run = {.op = op, .ask = ask, .size = size};
    sk_rating rating;
    sk_error why;
    int rc = sk_instance_rate_rules(rater, ask->rules, &current, &rating, hint_rules_step, &run,
                                    &why);
    sk_instance_free(rater);
    if (run.steps && (rc == SK_OK || (rc == SK_ERR_STOPPED && !ask->path)))
        return ski_op_output_check(op, err) ? err->status : SK_EXIT_OK;
    return SK_FAIL(err, SK_EXIT_FAILURE, "hint: %s",
                   rc == SK_OK ? "the rater reported no step (it does not explain its steps)"
                               : why.message);
}
