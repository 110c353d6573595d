/* `sudokit hint`: the next easiest logical step of a position, in plain words. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "sudokit/grid.h"

static void hint_usage(FILE *out)
{
    fputs("usage: sudokit hint [--cells CURRENT] [--rater NAME] [--budget SECONDS] PUZZLE\n"
          "Print the next easiest step for a position: the technique, its rating and one\n"
          "line of explanation, then the cells involved and what to place or remove.\n"
          "PUZZLE is the 81-character line of givens ('.' or '0' for blanks); CURRENT is\n"
          "the current grid in the same form, givens plus the player's entries. Entries\n"
          "that contradict the solution are listed instead of a hint (exit status 1).\n"
          "  --cells CURRENT   the current grid (default: the puzzle itself)\n"
          "  --rater NAME      rater that explains its steps (default human)\n"
          "  --budget SECONDS  time allowed for finding the step (default 10)\n",
          out);
}

/* Parse an 81-character argument; false with a message naming what. */
static bool hint_parse(sk_grid *grid, const char *text, const char *what)
{
    size_t col;
    if (sk_grid_parse_line(grid, text, strlen(text), &col) == 0)
        return true;
    if (col >= 81 || col >= strlen(text))
        sk_cli_fail("hint: %s must have 81 characters, not %zu", what, strlen(text));
    else
        sk_cli_fail("hint: %s, column %zu: '%c' is not a digit, '.' or '0'", what, col + 1,
                    text[col]);
    return false;
}

/* The step callback: print the first step and stop. */
static int hint_on_step(void *user, const sk_step *s)
{
    int *printed = user;
    char name[8];
    printf("%s (%.1f): %s\ncells:", s->technique, s->rating, s->explanation);
    for (size_t i = 0; i < s->cell_count; i++) {
        sk_cell_name(s->cells[i], name);
        printf(" %s", name);
    }
    if (s->kind == SK_STEP_PLACE && s->placed_count == 1) {
        sk_cell_name(s->placed[0].cell, name);
        printf("; place %s=%d", name, s->placed[0].digit);
    }
    if (s->eliminated_count) {
        printf("; remove");
        for (size_t i = 0; i < s->eliminated_count; i++) {
            sk_cell_name(s->eliminated[i].cell, name);
            printf("%s %s<>%d", i ? "," : "", name, s->eliminated[i].digit);
        }
    }
    putchar('\n');
    *printed = 1;
    return 1;
}

/* Check current against puzzle and its solution; print the wrong cells.
 * Returns the number of wrong or changed cells. */
static int hint_check_entries(const sk_grid *puzzle, const sk_grid *current,
                              const sk_grid *solution)
{
    int wrong = 0;
    char name[8];
    for (int c = 0; c < 81; c++) {
        if (current->cells[c] == 0 || current->cells[c] == solution->cells[c])
            continue;
        sk_cell_name(c, name);
        if (puzzle->cells[c])
            printf("%s%s is a given (%d), not %d", wrong ? "; " : "wrong: ", name, puzzle->cells[c],
                   current->cells[c]);
        else
            printf("%s%s=%d contradicts the solution", wrong ? "; " : "wrong: ", name,
                   current->cells[c]);
        wrong++;
    }
    if (wrong)
        printf("\nfix %s first, then ask again\n", wrong == 1 ? "that cell" : "those cells");
    return wrong;
}

int sk_cmd_hint(sk_cli *cli, int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"cells", required_argument, NULL, 'c'},
        {"rater", required_argument, NULL, 'r'},
        {"budget", required_argument, NULL, 'b'},
        {NULL, 0, NULL, 0},
    };
    const char *cells = NULL, *rater_name = "human", *budget = "10";
    int opt;
    optind = 1;
    opterr = 0;
    while ((opt = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (opt) {
        case 'h':
            hint_usage(stdout);
            return SK_EXIT_OK;
        case 'c':
            cells = optarg;
            break;
        case 'r':
            rater_name = optarg;
            break;
        case 'b':
            budget = optarg;
            break;
        case ':':
            sk_cli_fail("hint: %s needs a value (see sudokit hint --help)", argv[optind - 1]);
            return SK_EXIT_USAGE;
        default:
            sk_cli_fail("hint: unknown option '%s' (see sudokit hint --help)", argv[optind - 1]);
            return SK_EXIT_USAGE;
        }
    }
    if (argc - optind != 1) {
        sk_cli_fail("hint: give one PUZZLE (81 characters), not %d arguments", argc - optind);
        return SK_EXIT_USAGE;
    }
    sk_grid puzzle, current, solution;
    if (!hint_parse(&puzzle, argv[optind], "PUZZLE") ||
        (cells && !hint_parse(&current, cells, "CURRENT")))
        return SK_EXIT_USAGE;
    if (!cells)
        current = puzzle;
    sk_conflict conflict;
    char err[1024], what[128];
    if (!sk_grid_check(&puzzle, &conflict)) {
        sk_conflict_describe(&conflict, what, sizeof what);
        return sk_cli_fail("hint: the puzzle breaks the rules: %s", what);
    }
    sk_host *host = sk_cli_host(cli);
    const char *solver_name = sk_host_default_name(host, SK_KIND_SOLVER);
    if (!solver_name)
        return sk_cli_fail("hint: no solver plugin found (see sudokit plugins)");
    sk_instance *solver = NULL, *rater = NULL;
    int status = SK_EXIT_FAILURE;
    if (sk_instance_new(host, SK_KIND_SOLVER, solver_name, NULL, NULL, &solver, err, sizeof err)) {
        sk_cli_fail("hint: %s", err);
        goto done;
    }
    int found = sk_instance_solve(solver, &puzzle, 2, &solution, NULL, err, sizeof err);
    if (found != 1) {
        sk_cli_fail("hint: the puzzle %s", found == 0   ? "has no solution"
                                           : found == 2 ? "has more than one solution"
                                                        : err);
        goto done;
    }
    if (hint_check_entries(&puzzle, &current, &solution))
        goto done;
    /* A given left blank in CURRENT is still a given. */
    for (int c = 0; c < 81; c++)
        if (puzzle.cells[c])
            current.cells[c] = puzzle.cells[c];
    if (sk_grid_clues(&current) == 81) {
        printf("the grid is solved\n");
        status = SK_EXIT_OK;
        goto done;
    }
    char options[64];
    snprintf(options, sizeof options, "timeout=%s", budget);
    if (sk_instance_new(host, SK_KIND_RATER, rater_name, options, NULL, &rater, err, sizeof err)) {
        sk_cli_fail("hint: %s", err);
        goto done;
    }
    int printed = 0;
    sk_rating rating;
    int rc = sk_instance_rate(rater, &current, &rating, hint_on_step, &printed, err, sizeof err);
    if (printed)
        status = SK_EXIT_OK;
    else if (rc == SK_OK)
        sk_cli_fail("hint: rater '%s' reported no step; use a rater that explains its steps",
                    rater_name);
    else
        sk_cli_fail("hint: %s", err);
done:
    sk_instance_free(rater);
    sk_instance_free(solver);
    if (fflush(stdout) != 0)
        return sk_cli_fail("hint: cannot write the output");
    return status;
}
