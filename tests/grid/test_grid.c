/* Grid core: rules, clue counts, verification and both output layouts. */
#include "check.h"
#include "sudokit/grid.h"

static const char *const grid_solution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

static sk_grid grid_from(const char *text)
{
    sk_grid grid;
    size_t col;
    CHECK_INT(sk_grid_parse_line(&grid, text, strlen(text), &col), 0);
    return grid;
}

static void valid_solution_passes(void)
{
    sk_grid grid = grid_from(grid_solution);
    CHECK(sk_grid_check(&grid, NULL));
    CHECK_INT(sk_grid_clues(&grid), 81);
    sk_grid empty = {{0}};
    CHECK(sk_grid_check(&empty, NULL));
    CHECK(sk_grid_solves(&empty, &grid));
}

static void conflicts_are_described(void)
{
    static const struct {
        int cell_a, cell_b, digit;
        const char *message;
    } cases[] = {
        {9, 15, 5, "digit 5 twice in row 2 (r2c1 and r2c7)"},
        {4, 76, 3, "digit 3 twice in column 5 (r1c5 and r9c5)"},
        {30, 40, 9, "digit 9 twice in box 5 (r4c4 and r5c5)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sk_grid grid = {{0}};
        grid.cells[cases[i].cell_a] = (uint8_t)cases[i].digit;
        grid.cells[cases[i].cell_b] = (uint8_t)cases[i].digit;
        sk_conflict conflict;
        CHECK(!sk_grid_check(&grid, &conflict));
        char text[128];
        sk_conflict_describe(&conflict, text, sizeof text);
        CHECK_STR(text, cases[i].message);
        CHECK_INT(conflict.second_cell, cases[i].cell_b);
    }
}

static void out_of_range_cell_is_refused(void)
{
    sk_grid grid = {{0}};
    grid.cells[10] = 12;
    sk_conflict conflict;
    CHECK(!sk_grid_check(&grid, &conflict));
    char text[128];
    sk_conflict_describe(&conflict, text, sizeof text);
    CHECK_STR(text, "cell r2c2 holds 12, not a digit 0-9");
    grid.cells[10] = 200; /* far outside any shift width */
    CHECK(!sk_grid_check(&grid, &conflict));
    CHECK_INT(conflict.digit, 200);
}

static void solves_rejects_wrong_answers(void)
{
    sk_grid solution = grid_from(grid_solution);
    sk_grid puzzle = {{0}};
    puzzle.cells[0] = 5;
    CHECK(sk_grid_solves(&puzzle, &solution));
    puzzle.cells[0] = 4; /* disagrees with a given */
    CHECK(!sk_grid_solves(&puzzle, &solution));
    sk_grid incomplete = solution;
    incomplete.cells[80] = 0;
    CHECK(!sk_grid_solves(&(sk_grid){{0}}, &incomplete));
    sk_grid swapped = solution; /* complete but breaks the rules */
    swapped.cells[0] = solution.cells[1];
    swapped.cells[1] = solution.cells[0];
    swapped.cells[9] = 1;
    CHECK(!sk_grid_solves(&(sk_grid){{0}}, &swapped));
}

static void parse_line_reports_columns(void)
{
    sk_grid grid;
    size_t col = 0;
    char text[90];
    memcpy(text, grid_solution, 81);
    text[7] = 'x';
    CHECK_INT(sk_grid_parse_line(&grid, text, 81, &col), -1);
    CHECK_INT(col, 7);
    CHECK_INT(sk_grid_parse_line(&grid, grid_solution, 80, &col), -1);
    CHECK_INT(col, 80);
    memcpy(text, grid_solution, 81);
    text[81] = '1';
    CHECK_INT(sk_grid_parse_line(&grid, text, 82, &col), -1);
    CHECK_INT(col, 81);
}

static void formats_round_trip(void)
{
    sk_grid grid = grid_from(grid_solution);
    grid.cells[0] = 0;
    char line[SK_LINE_CHARS + 1] = {0};
    sk_grid_format_line(&grid, line, true);
    CHECK_INT(line[0], '.');
    CHECK(memcmp(line + 1, grid_solution + 1, 80) == 0);
    sk_grid_format_line(&grid, line, false);
    CHECK_INT(line[0], '0');
    char classic[SK_CLASSIC_CHARS + 1] = {0};
    sk_grid_format_classic(&grid, classic);
    CHECK(memcmp(classic, "0 3 4 6 7 8 9 1 2\n6 7 2 1 9 5 3 4 8\n", 36) == 0);
    CHECK(memcmp(classic + 144, "3 4 5 2 8 6 1 7 9\n", 18) == 0);
}

static const ski_test_case cases[] = {
    {"valid_solution_passes", valid_solution_passes},
    {"conflicts_are_described", conflicts_are_described},
    {"out_of_range_cell_is_refused", out_of_range_cell_is_refused},
    {"solves_rejects_wrong_answers", solves_rejects_wrong_answers},
    {"parse_line_reports_columns", parse_line_reports_columns},
    {"formats_round_trip", formats_round_trip},
};

SK_TEST_MAIN(cases)
