/* library_example: generate, solve, rate and query puzzles with libsudokit,
 * through the operations layer, as docs/library.md explains.
 *
 *   cc library_example.c $(pkg-config --cflags --libs sudokit) -o library_example
 *   ./library_example DIR
 *
 * It generates three puzzles (seed 42) and keeps them in DIR/puzzles.txt,
 * solves that file and checks every solution, rates it with the human rater
 * (written in the rate operation's own line layout) while storing puzzles and
 * ratings in DIR/example.db, rates it again with a rater compiled into this
 * program, and lists the stored puzzles hardest first. */
#include <stdio.h>
#include <stdlib.h>

#include <sudokit/grid.h>
#include <sudokit/ops.h>

/* ------------------------------------------- a strategy built in here -- */

/* The "givens" rater: score = empty cells / 10. A strategy compiled into
 * the program is added to the host by prepare_host, beside the plugins. */
static void *givens_create(const sk_services *services, const sk_option *options,
                           size_t option_count, char *err, size_t errlen)
{
    (void)options;
    if (option_count > 0) {
        snprintf(err, errlen, "takes no options");
        return NULL;
    }
    return (void *)services; /* no state of its own */
}

static void givens_destroy(void *instance)
{
    (void)instance;
}

static int givens_rate(void *instance, const sk_grid *puzzle, sk_rating *out, sk_step_fn on_step,
                       void *user, char *err, size_t errlen)
{
    (void)on_step;
    (void)user;
    const sk_services *services = instance;
    if (services->count_solutions(services->ctx, puzzle, 2, NULL) != 1) {
        snprintf(err, errlen, "not a puzzle with one solution");
        return SK_ERR_INVALID;
    }
    int empty = 81 - sk_grid_clues(puzzle);
    out->score = empty / 10.0;
    out->level = empty < 50 ? 1 : empty < 55 ? 2 : empty < 60 ? 3 : 4;
    out->steps = (uint32_t)empty;
    snprintf(out->hardest, sizeof out->hardest, "counting");
    return SK_OK;
}

static const sk_strategy givens_rater = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_RATER,
    .name = "givens",
    .summary = "empty cells / 10 (compiled into library_example)",
    .create = givens_create,
    .destroy = givens_destroy,
    .rate = givens_rate,
};
static const sk_strategy *const example_strategies[] = {&givens_rater, NULL};
static const sk_plugin example_plugin = {
    .abi_major = SK_ABI_MAJOR,
    .abi_minor = SK_ABI_MINOR,
    .struct_size = sizeof(sk_plugin),
    .name = "library-example",
    .version = "1.0",
    .strategies = example_strategies,
};

/* The context's prepare_host: add the strategies built into this program. */
static int example_prepare_host(sk_host *host, sk_error *err)
{
    return sk_host_add(host, &example_plugin, "library_example", err);
}

/* --------------------------------------------------------- operations -- */

/* Start operation name and set each "key", "value" pair of keys (ending
 * with NULL; a NULL value sets a flag). NULL, with the error printed,
 * when the request is refused. */
static sk_op *example_request(sk_ctx *ctx, const char *name, const char *const *keys)
{
    sk_op *op;
    sk_error err;
    if (sk_op_new(ctx, name, &op, &err)) {
        fprintf(stderr, "library_example: %s\n", err.message);
        return NULL;
    }
    for (size_t i = 0; keys[i]; i += 2) {
        if (sk_op_set(op, keys[i], keys[i + 1], &err)) {
            fprintf(stderr, "library_example: %s: %s\n", name, err.message);
            sk_op_free(op);
            return NULL;
        }
    }
    return op;
}

/* Run operation name with keys (see example_request), its records going
 * to sink (or, when sink is NULL, to the context's out stream in the
 * operation's own layout). Returns the exit status. */
static int example_run(sk_ctx *ctx, const char *name, const char *const *keys,
                       const sk_sink *sink)
{
    sk_op *op = example_request(ctx, name, keys);
    if (!op)
        return SK_EXIT_USAGE;
    if (sink)
        sk_op_set_sink(op, sink);
    sk_error err;
    int status = sk_op_run(op, &err);
    if (status != SK_EXIT_OK)
        fprintf(stderr, "library_example: %s: %s\n", name, err.message);
    sk_op_free(op);
    return status;
}

/* ------------------------------------------------------------ records -- */

/* Each generated puzzle: printed, and written to the puzzle file. */
static int example_generated(void *user, const sk_record *record)
{
    char line[SK_LINE_CHARS + 1] = {0};
    sk_grid_format_line(&record->puzzle, line, true);
    printf("generated %s\n", line);
    return fprintf(user, "%s\n", line) < 0;
}

/* Each solution, checked against its puzzle. */
static int example_solved(void *user, const sk_record *record)
{
    int *wrong = user;
    char line[SK_LINE_CHARS + 1] = {0};
    sk_grid_format_line(&record->solution, line, true);
    bool right = record->has_solution && sk_grid_solves(&record->puzzle, &record->solution);
    printf("solved %s %s\n", line, right ? "checked" : "WRONG");
    *wrong += !right;
    return 0;
}

/* Each rating by the rater built into this program. */
static int example_givens(void *user, const sk_record *record)
{
    (void)user;
    printf("givens %d clues: score %.1f level %d\n", sk_grid_clues(&record->puzzle),
           record->rating.score, record->rating.level);
    return 0;
}

/* Each stored puzzle the query lists. */
static int example_listed(void *user, const sk_record *record)
{
    (void)user;
    char line[SK_LINE_CHARS + 1] = {0};
    sk_grid_format_line(&record->puzzle, line, true);
    printf("stored #%lld %s score %.1f %s\n", (long long)record->id, line, record->rating.score,
           record->rating.hardest);
    return 0;
}

/* Generate into DIR/puzzles.txt, then solve, rate and query it. */
static int example_steps(sk_ctx *ctx, const char *puzzles)
{
    FILE *file = fopen(puzzles, "w");
    if (!file) {
        perror(puzzles);
        return SK_EXIT_FAILURE;
    }
    const char *const generate[] = {"count", "3", "seed", "42", NULL};
    int status = example_run(ctx, "generate", generate,
                             &(sk_sink){.record = example_generated, .user = file});
    if (fclose(file) != 0 && status == SK_EXIT_OK)
        status = SK_EXIT_FAILURE;
    if (status != SK_EXIT_OK)
        return status;
    int wrong = 0;
    const char *const solve[] = {"input", puzzles, NULL};
    status = example_run(ctx, "solve", solve, &(sk_sink){.record = example_solved, .user = &wrong});
    if (status != SK_EXIT_OK || wrong)
        return status ? status : SK_EXIT_FAILURE;
    const char *const rate[] = {"input", puzzles, "rater", "human", "store", NULL, NULL};
    if ((status = example_run(ctx, "rate", rate, NULL)) != SK_EXIT_OK)
        return status;
    const char *const givens[] = {"input", puzzles, "rater", "givens", NULL};
    if ((status = example_run(ctx, "rate", givens, &(sk_sink){.record = example_givens})))
        return status;
    const char *const query[] = {"rater", "human", "sort", "score", "desc", NULL, NULL};
    return example_run(ctx, "query", query, &(sk_sink){.record = example_listed});
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: library_example DIR\n");
        return SK_EXIT_USAGE;
    }
    char db[4096], puzzles[4096];
    snprintf(db, sizeof db, "%s/example.db", argv[1]);
    snprintf(puzzles, sizeof puzzles, "%s/puzzles.txt", argv[1]);
    /* The plugins come from $SUDOKIT_PLUGIN_PATH and the folder installed
     * beside libsudokit; prepare_host adds this program's own rater. */
    sk_ctx *ctx = sk_ctx_new(&(sk_ctx_config){
        .db_path = db, .quiet = true, .prepare_host = example_prepare_host});
    if (!ctx) {
        fprintf(stderr, "library_example: out of memory\n");
        return SK_EXIT_FAILURE;
    }
    sk_host *host = sk_ctx_host(ctx);
    printf("strategies %zu, default solver %s\n", host ? sk_host_strategy_count(host) : 0,
           host && sk_host_default_name(host, SK_KIND_SOLVER)
               ? sk_host_default_name(host, SK_KIND_SOLVER)
               : "none");
    int status = example_steps(ctx, puzzles);
    sk_ctx_free(ctx);
    return status;
}
