/* Operation check: the database's integrity, foreign keys and every
 * puzzle's canonical form, clue count, symmetry and solution, and that it
 * has exactly one solution. */
#include <stdio.h>
#include <string.h>

#include "op.h"
#include "sudokit/grid.h"
#include "sudokit/rules.h"

static const sk_key check_keys[] = {SK_KEY_OUTPUT(0), SK_KEY_END};

/* One problem: a line of the output. */
static void check_problem(void *user, const char *line)
{
    sk_op *op = user;
    FILE *out = ski_op_stream(op);
    sk_row_cell cell = {.name = "problem", .kind = SK_CELL_TEXT, .text = line};
    if (out)
        fprintf(out, "%s\n", line);
    else
        ski_op_emit_row(op, &cell, 1);
}

/* The uniqueness pass: the solvers and the problems it found. */
typedef struct check_unique {
    sk_op *op;
    sk_instance *solver;       /* of classic puzzles */
    sk_instance *rules_solver; /* of the others, made at the first */
    const sk_rules *rules;     /* the last row's rules, a reference */
    int64_t problems;
} check_unique;

/* The solutions, up to two, of a stored puzzle under rules other than
 * classic, by the host's default solver of any rules: 0, 1, 2, -1 with
 * why, or 3 when its givens do not read (the store's check named it). */
static int check_count_rules(check_unique *u, const sk_puzzle_row *row, sk_error *why)
{
    sk_host *host = sk_ctx_host(ski_op_ctx(u->op));
    sk_rules_error error;
    sk_board board;
    size_t col;
    if (!u->rules || strcmp(sk_rules_spec(u->rules), row->rules) != 0) {
        sk_rules_free(u->rules);
        u->rules = NULL;
        if (!host || sk_rules_compile(host, row->rules, &u->rules, &error) != 0)
            return 3;
    }
    if (!row->givens ||
        sk_rules_parse_board(u->rules, row->givens, strlen(row->givens), &board, &col) != 0 ||
        !sk_rules_check_givens(u->rules, &board, NULL))
        return 3;
    const char *name = sk_host_default_rules_solver(host);
    sk_error err = {0};
    if (!u->rules_solver &&
        (!name || ski_op_instance(u->op, SK_KIND_SOLVER, name, NULL, NULL, &u->rules_solver, &err))) {
        sk_error_set(why, SK_EXIT_FAILURE, "%.480s",
                     name ? err.message : "no solver of any rules is loaded");
        return -1;
    }
    return sk_instance_solve_rules(u->rules_solver, u->rules, &board, 2, NULL, NULL, why);
}

/* The solutions, up to two, of a classic stored puzzle: as
 * check_count_rules. */
static int check_count(check_unique *u, const sk_puzzle_row *row, sk_error *why)
{
    sk_grid grid;
    size_t col;
    if (row->rules && row->rules[0])
        return check_count_rules(u, row, why);
    if (!row->givens || sk_grid_parse_line(&grid, row->givens, strlen(row->givens), &col) != 0 ||
        !sk_grid_check(&grid, NULL))
        return 3;
    return sk_instance_solve(u->solver, &grid, 2, NULL, NULL, why);
}

/* A stored puzzle without exactly one solution is a problem (givens that
 * are not a grid were named by the store's check). */
static int check_unique_row(void *user, const sk_puzzle_row *row)
{
    check_unique *u = user;
    char line[640];
    sk_error why;
    if (ski_op_stopped(u->op))
        return 2;
    int found = check_count(u, row, &why);
    if (found == 1 || found == 3)
        return 0;
    snprintf(line, sizeof line, "puzzle %lld: %.511s", (long long)row->id,
             found == 0   ? "has no solution"
             : found == 2 ? "has several solutions (remove it, or import a unique version)"
                          : why.message);
    check_problem(u->op, line);
    u->problems++;
    return 0;
}

/* Count every stored puzzle's solutions up to two. Returns 0, or -1 with
 * err. */
static int check_solutions(sk_op *op, sk_store *store, int64_t *problems, sk_error *err)
{
    check_unique u = {op, NULL, NULL, NULL, 0};
    if (ski_op_instance(op, SK_KIND_SOLVER, NULL, NULL, NULL, &u.solver, err))
        return -1;
    sk_error why;
    sk_query q;
    sk_query_init(&q);
    int rc = sk_store_query(store, &q, check_unique_row, &u, &why);
    sk_instance_free(u.solver);
    sk_instance_free(u.rules_solver);
    sk_rules_free(u.rules);
    *problems += u.problems;
    if (rc == -1)
        return sk_error_set(err, SK_EXIT_FAILURE, "check: %s", why.message);
    return 0;
}

static int check_set(sk_op *op, void *state, const sk_key *key, const sk_value *v, sk_error *err)
{
    (void)op, (void)state, (void)key, (void)v, (void)err;
    return 0;
}

static int check_run(sk_op *op, void *state, sk_error *err)
{
    (void)state;
    sk_error why;
    sk_store *store;
    if (sk_ctx_open_store_read(ski_op_ctx(op), &store, &why))
        return SK_FAIL(err, SK_EXIT_FAILURE, "check: %s", why.message);
    int64_t problems = 0;
    sk_store_set_rules_host(store, sk_ctx_host(ski_op_ctx(op)));
    int rc = sk_store_check(store, check_problem, op, &problems, &why);
    sk_store_set_rules_host(store, NULL);
    if (rc == 0 && check_solutions(op, store, &problems, err)) {
        sk_ctx_close_store(ski_op_ctx(op), store);
        return err->status;
    }
    sk_ctx_close_store(ski_op_ctx(op), store);
    if (rc != 0)
        return SK_FAIL(err, SK_EXIT_FAILURE, "check: %s", why.message);
    op->summary.failed = (uint64_t)problems;
    if (problems)
        return SK_FAIL(err, SK_EXIT_FAILURE, "check: %lld problem%s found", (long long)problems,
                       problems == 1 ? "" : "s");
    FILE *out = ski_op_stream(op);
    if (out)
        fputs("ok\n", out);
    return SK_EXIT_OK;
}

const ski_op_def ski_op_check = {
    .info = {.name = "check",
             .summary = "check the database's integrity and every canonical form",
             .synopsis = "",
             .description = "Run SQLite's integrity_check and foreign_key_check, then "
                            "recompute every puzzle's canonical form, clue count and symmetry, "
                            "check its solution and that it has exactly one (counted by the "
                            "fastest solver; under other rules than classic, by the solver of "
                            "any rules). Prints each problem; exit status 1 when "
                            "there is any.",
             .keys = check_keys,
             .inputs = SK_INPUT_NONE},
    .set = check_set,
    .run = check_run,
};
