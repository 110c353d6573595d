/* Operation print: a booklet of puzzles (from files, stdin or the
 * database) as PDF, SVG or PNG. This file maps keys to a booklet and
 * collects its puzzles; the print module (core/print) draws it. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "print.h"
#include "print_explain.h"
#include "query_filter.h"
#include "sudokit/grid.h"
#include "sudokit/names.h"

enum {
    P_PER_PAGE, P_PAPER, P_FORMAT, P_NO_SOLUTIONS, P_EXPLAIN, P_SHOW_IDS, P_TITLE, P_PAGE, P_DPI,
    P_RATER_OPTIONS, P_SOLVER, P_FROM_DB, P_INPUT_FORMAT, P_OUTPUT, P_QUIET, P_INPUT
};

static const char *const print_per_page[] = {"1", "2", "4", "6", NULL};

static const sk_key print_keys[] = {
    {.name = "per-page", .short_name = 'n', .kind = SK_KEY_CHOICE, .value_name = "N",
     .fallback = "4", .choices = print_per_page, .help = "puzzles a page: 1, 2, 4 or 6",
     .id = P_PER_PAGE},
    {.name = "paper", .kind = SK_KEY_CHOICE, .value_name = "SIZE", .fallback = "a4",
     .choices = ski_paper_names, .help = "a4 or letter", .id = P_PAPER},
    {.name = "format", .short_name = 'f', .kind = SK_KEY_CHOICE, .value_name = "F",
     .choices = ski_picture_format_names,
     .help = "pdf, svg or png (default: the output's extension, else pdf)", .id = P_FORMAT},
    {.name = "no-solutions", .kind = SK_KEY_FLAG,
     .help = "leave out the solutions (else six a page after the puzzles)",
     .id = P_NO_SOLUTIONS},
    {.name = "explain", .short_name = 'e', .kind = SK_KEY_FLAG,
     .help = "after the puzzles, each one's worked solution: the steps of the rater (--rater, "
             "default " SK_DEFAULT_RATER ") in words, a picture of each step beyond singles",
     .id = P_EXPLAIN},
    {.name = "rater-options", .kind = SK_KEY_TEXT, .value_name = "K=V,...",
     .help = "options for the rater of --explain (e.g. techniques=hodoku)", .id = P_RATER_OPTIONS},
    {.name = "show-ids", .kind = SK_KEY_FLAG,
     .help = "show each stored puzzle's database id beside its number", .id = P_SHOW_IDS},
    {.name = "title", .kind = SK_KEY_TEXT, .value_name = "TEXT", .help = "atop every page",
     .id = P_TITLE},
    {.name = "page", .kind = SK_KEY_INT, .value_name = "N", .fallback = "0", .min = 0,
     .max = 1000000, .help = "only page N of the booklet (0: all; svg and png hold one)",
     .id = P_PAGE},
    {.name = "dpi", .kind = SK_KEY_INT, .value_name = "N", .fallback = "150", .min = 36,
     .max = 300, .help = "pixels per inch of a png", .id = P_DPI},
    SK_KEY_SOLVER(P_SOLVER, "solver of the solutions the input lacks (default: the fastest)"),
    {.name = "from-db", .kind = SK_KEY_FLAG,
     .help = "print stored puzzles, chosen by the filters below, instead of files",
     .id = P_FROM_DB},
    SK_QUERY_FILTER_KEYS,
    SK_KEY_INPUT_FORMAT(P_INPUT_FORMAT),
    SK_KEY_OUTPUT(P_OUTPUT),
    SK_KEY_QUIET(P_QUIET),
    SK_KEY_INPUTS(P_INPUT),
    SK_KEY_END,
};

typedef struct print_state {
    ski_query_filter filter;
    const char *filter_given; /* a filter key a face set, for the message */
    bool rater_given;         /* --rater: with --explain, also the rater of the worked solutions */
    char *rater_options;      /* --rater-options: the explaining rater's */
    bool from_db, solutions, show_ids, explain;
    int per_page, page, dpi, format; /* format -1: from the output */
    ski_paper paper;
    char *title, *solver;
    sk_format input_format;
    char **inputs;
    /* the run */
    sk_op *op;
    ski_picture_format picture;
    sk_instance *solving, *rater;
    ski_booklet_entry *entries;
    size_t count, capacity;
    uint64_t failed;
    sk_error *err;
} print_state;

static void print_init(void *state)
{
    print_state *s = state;
    ski_query_filter_init(&s->filter);
    s->format = -1;
    s->solutions = true;
}

static int print_set(sk_op *op, void *state, const sk_key *key, const sk_value *v,
                     sk_error *err)
{
    print_state *s = state;
    (void)op;
    if (ski_query_filter_key(key)) {
        if (!v->fallback && key->id == SK_QF_RATER)
            s->rater_given = true;
        else if (!v->fallback && !s->filter_given)
            s->filter_given = key->name;
        return ski_query_filter_set(&s->filter, key, v, err);
    }
    switch (key->id) {
    case P_PER_PAGE: s->per_page = atoi(v->text); return 0;
    case P_PAPER: s->paper = (ski_paper)v->integer; return 0;
    case P_FORMAT: s->format = (int)v->integer; return 0;
    case P_NO_SOLUTIONS: s->solutions = !v->flag; return 0;
    case P_SHOW_IDS: s->show_ids = v->flag; return 0;
    case P_EXPLAIN: s->explain = v->flag; return 0;
    case P_TITLE: return ski_op_copy(&s->title, v->text, err);
    case P_PAGE: s->page = (int)v->integer; return 0;
    case P_DPI: s->dpi = (int)v->integer; return 0;
    case P_RATER_OPTIONS: return ski_op_copy(&s->rater_options, v->text, err);
    case P_SOLVER: return ski_op_copy(&s->solver, v->text, err);
    case P_FROM_DB: s->from_db = v->flag; return 0;
    case P_INPUT_FORMAT: s->input_format = (sk_format)v->integer; return 0;
    case P_INPUT: return ski_op_append(&s->inputs, v->text, err);
    default: return 0;
    }
}

static int print_check(sk_op *op, void *state, sk_error *err)
{
    print_state *s = state;
    if (s->from_db && s->inputs)
        return sk_error_set(err, SK_EXIT_USAGE,
                            "print: from-db prints stored puzzles: give no FILE with it");
    if (!s->from_db && s->filter_given)
        return sk_error_set(err, SK_EXIT_USAGE,
                            "print: %s chooses stored puzzles: add --from-db", s->filter_given);
    if (!s->from_db && !s->explain && s->rater_given)
        return sk_error_set(err, SK_EXIT_USAGE,
                            "print: rater names the ratings of stored puzzles or the rater of "
                            "--explain: add --from-db or --explain");
    if (!s->explain && s->rater_options)
        return sk_error_set(err, SK_EXIT_USAGE,
                            "print: rater-options are for the rater of --explain: add --explain");
    int from_path = ski_picture_format_of_path(ski_op_output_path(op));
    s->picture = s->format >= 0 ? (ski_picture_format)s->format
                 : from_path >= 0 ? (ski_picture_format)from_path
                                  : SK_PICTURE_PDF;
    if (op->has_sink)
        return sk_error_set(err, SK_EXIT_USAGE,
                            "print: a booklet is a file: give output FILE (- for stdout)");
    if (!ski_op_output_path(op) && isatty(fileno(sk_ctx_out(ski_op_ctx(op)))))
        return sk_error_set(err, SK_EXIT_USAGE,
                            "print: a %s booklet is not for the terminal: give --output FILE "
                            "or redirect stdout", ski_picture_format_names[s->picture]);
    return 0;
}

/* Room for one more entry; NULL when out of memory. */
static ski_booklet_entry *print_new_entry(print_state *s)
{
    if (s->count == s->capacity) {
        size_t capacity = s->capacity ? 2 * s->capacity : 64;
        ski_booklet_entry *grown = realloc(s->entries, capacity * sizeof *grown);
        if (!grown)
            return NULL;
        s->entries = grown;
        s->capacity = capacity;
    }
    ski_booklet_entry *e = &s->entries[s->count];
    memset(e, 0, sizeof *e);
    e->number = (unsigned)++s->count;
    return e;
}

/* The solution of e's puzzle, by the solver when the record has none (or
 * a wrong one): NULL, or what is wrong with the puzzle (why holds the
 * solver's message). */
static const char *print_solution(print_state *s, const sk_record *r, ski_booklet_entry *e,
                                  sk_error *why)
{
    if (!s->solutions)
        return NULL;
    if (r->has_solution && sk_grid_solves(&r->puzzle, &r->solution)) {
        e->solution = r->solution;
        return NULL;
    }
    int found = sk_instance_solve(s->solving, &r->puzzle, 2, &e->solution, NULL, why);
    return found == 1   ? NULL
           : found == 0 ? "it has no solution"
           : found > 1  ? "it has more than one solution (a booklet needs one)"
                        : why->message;
}

/* Add the puzzle of r as the next entry; 0, 1 when the puzzle is not
 * printable (reported, after where), -1 when out of memory. */
static int print_add(print_state *s, const sk_record *r, const char *where)
{
    sk_error why;
    ski_booklet_entry *e = print_new_entry(s);
    if (!e)
        return sk_error_set(s->err, SK_EXIT_FAILURE, "out of memory");
    e->id = s->show_ids ? r->id : 0;
    e->puzzle = r->puzzle;
    if (r->rated) {
        e->level = r->rating.level >= 1 && r->rating.level <= 5 ? sk_level_name(r->rating.level)
                                                                 : NULL;
        e->has_score = r->rating.score == r->rating.score; /* not NaN */
        e->score = r->rating.score;
        e->lower_bound = r->rating.score_is_lower_bound;
    }
    const char *problem = print_solution(s, r, e, &why);
    if (!problem && s->explain && ski_print_explain(s->rater, e, &why) != 0)
        problem = why.message;
    if (!problem)
        return 0;
    ski_print_explain_free(e);
    sk_ctx_report(ski_op_ctx(s->op), "%s%s", where, problem);
    s->count--;
    s->failed++;
    return 1;
}

/* The puzzles of the files; 0, or -1 with err. */
static int print_read_files(print_state *s)
{
    ski_sources sources;
    sk_grid grid;
    const sk_record *record;
    const sk_reader_position *pos;
    sk_error message;
    char where[400];
    int rc = 0;
    ski_sources_init(&sources, ski_op_ctx(s->op), s->inputs, s->input_format, true);
    ski_sources_refuse_rules(&sources, sk_ctx_host(ski_op_ctx(s->op)),
                            "the booklet draws classic 9x9 grids only, not regions, cages or "
                            "marks; write the puzzle with --format readable (sudokit solve, "
                            "generate) or as f-puzzles to draw it elsewhere");
    ski_progress progress;
    ski_progress_start_sources(&progress, s->op, "print", &sources);
    for (sk_read_status st;
         rc >= 0 && !ski_op_stopped(s->op) &&
         (st = ski_sources_next(&sources, &grid, &record, &pos, &message)) != SK_READ_END;) {
        ski_progress_update(&progress, s->count + s->failed + 1);
        if (st != SK_READ_OK) {
            sk_ctx_report(ski_op_ctx(s->op), "%s", message.message);
            s->failed++;
            continue;
        }
        snprintf(where, sizeof where, "%s:%zu: puzzle %zu: ", pos->name, pos->line,
                 pos->puzzle);
        sk_record copy = *record;
        copy.puzzle = grid;
        rc = print_add(s, &copy, where);
    }
    ski_progress_finish(&progress);
    ski_sources_close(&sources);
    return rc < 0 ? -1 : 0;
}

static int print_row(void *user, const sk_puzzle_row *row)
{
    print_state *s = user;
    sk_record record;
    char where[64], why[512];
    snprintf(where, sizeof where, "print: stored puzzle %lld: ", (long long)row->id);
    if (ski_op_stopped(s->op))
        return 2;
    if (ski_query_filter_record(&s->filter, row, &record, why, sizeof why) != 0) {
        sk_ctx_report(ski_op_ctx(s->op), "%s%s (the database is damaged: `sudokit db check` "
                      "lists what)", where, why);
        s->failed++;
        return 0;
    }
    return print_add(s, &record, where) < 0 ? 3 : 0;
}

/* The stored puzzles the filters choose; 0, or -1 with err. */
static int print_read_db(print_state *s)
{
    sk_error why;
    sk_store *store;
    sk_ctx *ctx = ski_op_ctx(s->op);
    if (sk_ctx_open_store_read(ctx, &store, &why))
        return sk_error_set(s->err, SK_EXIT_FAILURE, "print: %s", why.message);
    int rc = ski_query_filter_resolve(&s->filter, store, s->op, "print", s->err);
    if (rc == 0 && s->filter.q.rules && s->filter.q.rules[0])
        rc = sk_error_set(s->err, SK_EXIT_USAGE, "print: the booklet draws classic 9x9 puzzles "
                          "only, not rules '%.300s'", s->filter.q.rules);
    s->filter.q.rules = ""; /* the classic puzzles only */
    if (rc == 0) {
        rc = sk_store_query(store, &s->filter.q, print_row, s, &why);
        if (rc == -1)
            sk_error_set(s->err, SK_EXIT_USAGE, "print: %s", why.message);
        rc = rc == 2 ? 0 : rc;
    }
    sk_ctx_close_store(ctx, store);
    return rc ? -1 : 0;
}

/* The page range the request asks for, checked against the booklet's
 * pages; 0, or -1 with a usage error. */
static int print_pages(print_state *s, const ski_booklet *b, size_t *first, size_t *last)
{
    size_t pages = ski_booklet_pages(b);
    if ((size_t)s->page > pages)
        return sk_error_set(s->err, SK_EXIT_USAGE, "print: page %d: the booklet has %zu page%s",
                            s->page, pages, pages == 1 ? "" : "s");
    if (s->picture != SK_PICTURE_PDF && s->page == 0 && pages > 1)
        return sk_error_set(s->err, SK_EXIT_USAGE,
                            "print: a %s holds one page and this booklet has %zu: choose one "
                            "with --page N (1-%zu), or write pdf",
                            ski_picture_format_names[s->picture], pages, pages);
    *first = s->page ? (size_t)s->page : 1;
    *last = s->page ? (size_t)s->page : pages;
    return 0;
}

/* Draw pages first..last of b to the output; 0, or -1 with err. */
static int print_draw(print_state *s, const ski_booklet *b, size_t first, size_t last)
{
    sk_error why;
    if (ski_print_booklet(b, first, last, s->picture, s->dpi, ski_op_stream(s->op), &why))
        return sk_error_set(s->err, SK_EXIT_FAILURE, "print: %s", why.message);
    return ski_op_output_check(s->op, s->err);
}

/* What was printed, on the messages stream. */
static void print_report(print_state *s, const ski_booklet *b, size_t first, size_t last)
{
    size_t pages = ski_booklet_pages(b), explain_pages = ski_booklet_explain_pages(b);
    size_t solution_pages = pages - ski_booklet_puzzle_pages(b) - explain_pages;
    char solutions[96] = "", wrote[64] = "";
    if (explain_pages && solution_pages)
        snprintf(solutions, sizeof solutions, " (%zu of worked solutions, %zu of solutions)",
                 explain_pages, solution_pages);
    else if (explain_pages || solution_pages)
        snprintf(solutions, sizeof solutions, " (%zu of %ssolutions)",
                 explain_pages + solution_pages, explain_pages ? "worked " : "");
    if (first != 1 || last != pages)
        snprintf(wrote, sizeof wrote, "; page %zu", first);
    const char *path = ski_op_output_path(s->op);
    sk_ctx_report(ski_op_ctx(s->op), "print: %zu puzzle%s on %zu page%s%s%s written to %s",
                  s->count, s->count == 1 ? "" : "s", pages, pages == 1 ? "" : "s", solutions,
                  wrote, path ? path : "stdout");
}

static int print_run(sk_op *op, void *state, sk_error *err)
{
    print_state *s = state;
    s->op = op;
    s->err = err;
    if (s->solutions &&
        ski_op_instance(op, SK_KIND_SOLVER, s->solver, NULL, NULL, &s->solving, err))
        return err->status;
    if (s->explain &&
        ski_op_instance(op, SK_KIND_RATER, s->filter.rater ? s->filter.rater : SK_DEFAULT_RATER,
                        s->rater_options, NULL, &s->rater, err))
        return err->status;
    if (ski_op_output_open(op, SK_FORMAT_LINE, NULL, err) ||
        (s->from_db ? print_read_db(s) : print_read_files(s)))
        return err->status;
    op->summary.done = s->count;
    op->summary.failed = s->failed;
    if (s->failed)
        return SK_FAIL(err, SK_EXIT_FAILURE, "print: %llu of %llu puzzles cannot be printed: "
                       "no booklet written", (unsigned long long)s->failed,
                       (unsigned long long)(s->count + s->failed));
    if (s->count == 0)
        return SK_FAIL(err, SK_EXIT_FAILURE, "print: %s", s->from_db
                       ? "no stored puzzle matches the filters" : "the input holds no puzzle");
    ski_booklet b = {s->paper, s->per_page, s->solutions, s->explain, s->title, s->entries,
                    s->count};
    size_t first = 1, last = 1;
    /* The output is closed (its file renamed into place) before it is said
     * to be written. */
    if (print_pages(s, &b, &first, &last) || print_draw(s, &b, first, last) ||
        ski_op_output_close(op, true, err))
        return err->status;
    if (!ski_op_quiet(op))
        print_report(s, &b, first, last);
    return SK_EXIT_OK;
}

static void print_release(void *state)
{
    print_state *s = state;
    ski_query_filter_release(&s->filter);
    sk_instance_free(s->solving);
    sk_instance_free(s->rater);
    for (size_t i = 0; i < s->count; i++)
        ski_print_explain_free(&s->entries[i]);
    free(s->entries);
    free(s->title);
    free(s->solver);
    free(s->rater_options);
    ski_op_list_free(s->inputs);
}

const ski_op_def ski_op_print = {
    .info = {.name = "print",
             .summary = "a booklet of puzzles and their solutions as PDF, SVG or PNG",
             .synopsis = "[FILE...]",
             .description =
                 "Draw the puzzles of each FILE (default stdin), or with --from-db the stored "
                 "puzzles the filters choose (the filters of db query), per-page a page, each "
                 "numbered in order, with its level and score when the input has them (a csv "
                 "or json record with a rating, as rate --format csv writes; from the "
                 "database, the rating by --rater), else \"not rated\". With --explain, each "
                 "puzzle's worked solution follows the puzzle pages, from a new page: the "
                 "steps of the rater's solution path (--rater and --rater-options, as rate "
                 "--explain takes them; default " SK_DEFAULT_RATER ") in words "
                 "(technique, cells, eliminations or placement, chains in notation), and for "
                 "each step beyond singles a small picture of its position: its cells shaded, "
                 "eliminations struck in red, chain nodes ringed green (true) or orange "
                 "(false), strong links solid, weak dashed. The solutions follow on the last "
                 "pages, six a page; a puzzle without one is solved, and one "
                 "without exactly one solution, like an unreadable one, is reported: then "
                 "nothing is written and the exit status is 1. A pdf holds every page; an svg "
                 "or png holds one, so a booklet of several pages needs --page N.",
             .keys = print_keys,
             .inputs = SK_INPUT_FILES,
             .input_key = "input"},
    .state_size = sizeof(print_state),
    .init = print_init,
    .set = print_set,
    .check = print_check,
    .run = print_run,
    .release = print_release,
};
