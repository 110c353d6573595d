/* Unit tests of the play engine: moves, marks, undo/redo, hints, check, state. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudokit/canon.h"
#include "sudokit/grid.h"
#include "sudokit/play.h"

/* A classic puzzle and its unique solution, as fixture data. */
static const char *const puzzle_text =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
static const char *const solution_text =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

static sk_play *new_game(void)
{
    sk_grid puzzle, solution;
    size_t col;
    sk_error err;
    sk_play *game = NULL;
    if (sk_grid_parse_line(&puzzle, puzzle_text, 81, &col) != 0 ||
        sk_grid_parse_line(&solution, solution_text, 81, &col) != 0 ||
        sk_play_new(&puzzle, &solution, &game, &err) != 0) {
        fprintf(stderr, "fixture: %s\n", err.message);
        exit(1);
    }
    return game;
}

static int sol(int cell)
{
    return solution_text[cell] - '0';
}

/* First empty cell at or after from. */
static int empty_from(const sk_play *game, int from)
{
    for (int cell = from; cell < 81; cell++)
        if (!sk_play_value(game, cell))
            return cell;
    return -1;
}

/* A digit that is wrong for cell but clashes with nothing in the givens'
 * view, or any wrong digit when there is none. */
static int wrong_digit(const sk_play *game, int cell)
{
    unsigned cand = sk_play_candidates(game, cell);
    for (int d = 1; d <= 9; d++)
        if ((cand >> (d - 1) & 1) && d != sol(cell))
            return d;
    return sol(cell) % 9 + 1;
}

static void test_new_rejects_bad_solution(void)
{
    sk_grid puzzle, solution;
    size_t col;
    sk_error err = {.message = ""};
    sk_play *game = (sk_play *)1;
    sk_grid_parse_line(&puzzle, puzzle_text, 81, &col);
    sk_grid_parse_line(&solution, solution_text, 81, &col);
    solution.cells[2] = 3; /* breaks the solution */
    solution.cells[1] = 4;
    CHECK_INT(sk_play_new(&puzzle, &solution, &game, &err), -1);
    CHECK(game == NULL);
    CHECK_INT(err.status, SK_EXIT_FAILURE);
    CHECK(strstr(err.message, "does not solve") != NULL);
}

static void test_place_erase_and_givens(void)
{
    sk_play *game = new_game();
    CHECK_INT(sk_play_cursor(game), 2); /* first empty cell */
    CHECK_INT(sk_play_filled(game), 30);
    CHECK_INT(sk_play_place(game, 0, 4), SK_PLAY_IGNORED); /* given */
    CHECK(strstr(sk_play_message(game), "given") != NULL);
    CHECK_INT(sk_play_erase(game, 0), SK_PLAY_IGNORED);
    CHECK_INT(sk_play_value(game, 0), 5);
    CHECK_INT(sk_play_place(game, 2, 4), SK_PLAY_MOVED);
    CHECK_INT(sk_play_value(game, 2), 4);
    CHECK_INT(sk_play_place(game, 2, 4), SK_PLAY_IGNORED); /* same digit */
    CHECK_INT(sk_play_undo_depth(game), 1);
    CHECK_INT(sk_play_place(game, 2, 10), SK_PLAY_IGNORED);
    CHECK_INT(sk_play_place(game, 81, 1), SK_PLAY_IGNORED);
    CHECK_INT(sk_play_erase(game, 2), SK_PLAY_MOVED);
    CHECK_INT(sk_play_value(game, 2), 0);
    CHECK_INT(sk_play_erase(game, 2), SK_PLAY_IGNORED); /* already empty */
    CHECK_INT(sk_play_filled(game), 30);
    sk_play_free(game);
}

static void test_marks_and_peer_cleanup(void)
{
    sk_play *game = new_game();
    CHECK_INT(sk_play_toggle_mark(game, 2, 4), SK_PLAY_MOVED);
    CHECK_INT(sk_play_toggle_mark(game, 2, 1), SK_PLAY_MOVED);
    CHECK_INT(sk_play_marks(game, 2), (1u << 3) | 1u);
    CHECK_INT(sk_play_toggle_mark(game, 2, 1), SK_PLAY_MOVED);
    CHECK_INT(sk_play_marks(game, 2), 1u << 3);
    CHECK_INT(sk_play_toggle_mark(game, 0, 1), SK_PLAY_IGNORED); /* given */
    CHECK_INT(sk_play_toggle_mark(game, 3, 4), SK_PLAY_MOVED);   /* row peer */
    CHECK_INT(sk_play_toggle_mark(game, 18, 4), SK_PLAY_MOVED);  /* box peer */
    CHECK_INT(sk_play_toggle_mark(game, 40, 4), SK_PLAY_MOVED);  /* no peer */
    /* Placing 4 at cell 2 removes mark 4 from its peers, not elsewhere. */
    CHECK_INT(sk_play_place(game, 2, 4), SK_PLAY_MOVED);
    CHECK_INT(sk_play_marks(game, 3), 0);
    CHECK_INT(sk_play_marks(game, 18), 0);
    CHECK_INT(sk_play_marks(game, 40), 1u << 3);
    CHECK_INT(sk_play_toggle_mark(game, 2, 5), SK_PLAY_IGNORED); /* filled */
    /* One undo brings the peers' marks back with the cell. */
    CHECK_INT(sk_play_undo(game), SK_PLAY_MOVED);
    CHECK_INT(sk_play_value(game, 2), 0);
    CHECK_INT(sk_play_marks(game, 3), 1u << 3);
    CHECK_INT(sk_play_marks(game, 18), 1u << 3);
    /* Erase on an empty cell with marks clears them. */
    CHECK_INT(sk_play_erase(game, 2), SK_PLAY_MOVED);
    CHECK_INT(sk_play_marks(game, 2), 0);
    sk_play_free(game);
}

static void test_undo_redo_unbounded(void)
{
    sk_play *game = new_game();
    int moves = 0;
    /* Fill every empty cell, with marks first: well over 100 moves. */
    for (int cell = empty_from(game, 0); cell >= 0; cell = empty_from(game, cell + 1)) {
        CHECK_INT(sk_play_toggle_mark(game, cell, sol(cell)), SK_PLAY_MOVED);
        CHECK_INT(sk_play_place(game, cell, wrong_digit(game, cell)), SK_PLAY_MOVED);
        moves += 2;
    }
    CHECK_INT(sk_play_undo_depth(game), moves);
    CHECK_INT(sk_play_filled(game), 81);
    sk_play_state full;
    CHECK_INT(sk_play_export(game, &full, NULL), 0);
    for (int i = 0; i < moves; i++)
        CHECK_INT(sk_play_undo(game), SK_PLAY_MOVED);
    CHECK_INT(sk_play_undo(game), SK_PLAY_IGNORED);
    CHECK_INT(sk_play_filled(game), 30);
    for (int cell = 0; cell < 81; cell++)
        CHECK_INT(sk_play_marks(game, cell), 0);
    CHECK_INT(sk_play_redo_depth(game), moves);
    for (int i = 0; i < moves; i++)
        CHECK_INT(sk_play_key(game, i % 2 ? 'r' : SK_PLAY_KEY_CTRL_R), SK_PLAY_MOVED);
    CHECK_INT(sk_play_redo(game), SK_PLAY_IGNORED);
    sk_play_state again;
    CHECK_INT(sk_play_export(game, &again, NULL), 0);
    CHECK_STR(again.cells, full.cells);
    CHECK_STR(again.marks, full.marks);
    /* A new move after undo empties the redo stack. */
    CHECK_INT(sk_play_undo(game), SK_PLAY_MOVED);
    CHECK_INT(sk_play_redo_depth(game), 1);
    CHECK_INT(sk_play_auto_candidates(game), SK_PLAY_MOVED);
    CHECK_INT(sk_play_redo_depth(game), 0);
    sk_play_state_clear(&full);
    sk_play_state_clear(&again);
    sk_play_free(game);
}

static void test_auto_candidates(void)
{
    sk_play *game = new_game();
    CHECK_INT(sk_play_candidates(game, 0), 0); /* filled */
    /* r1c3: row has 5 3 7, column 8, box 5 3 6 9 8: left 1 2 4. */
    CHECK_INT(sk_play_candidates(game, 2), (1u << 0) | (1u << 1) | (1u << 3));
    CHECK_INT(sk_play_auto_candidates(game), SK_PLAY_MOVED);
    for (int cell = 0; cell < 81; cell++) {
        CHECK_INT(sk_play_marks(game, cell), sk_play_candidates(game, cell));
        if (!sk_play_value(game, cell))
            CHECK(sk_play_marks(game, cell) >> (sol(cell) - 1) & 1);
    }
    CHECK_INT(sk_play_auto_candidates(game), SK_PLAY_IGNORED);
    CHECK_INT(sk_play_undo(game), SK_PLAY_MOVED);
    for (int cell = 0; cell < 81; cell++)
        CHECK_INT(sk_play_marks(game, cell), 0);
    sk_play_free(game);
}

static void test_conflicts(void)
{
    sk_play *game = new_game();
    bool clash[81];
    CHECK_INT(sk_play_conflicts(game, clash), 0);
    /* 5 at r1c3 clashes with the given 5 at r1c1 (row and box). */
    CHECK_INT(sk_play_place(game, 2, 5), SK_PLAY_MOVED);
    CHECK_INT(sk_play_conflicts(game, clash), 2);
    CHECK(clash[0] && clash[2]);
    CHECK(!clash[1]);
    /* 6 at r1c3 clashes only with the given 6 at r2c1 (box). */
    CHECK_INT(sk_play_place(game, 2, 6), SK_PLAY_MOVED);
    CHECK_INT(sk_play_conflicts(game, clash), 2);
    CHECK(clash[2] && clash[9]);
    CHECK(!clash[0]);
    CHECK_INT(sk_play_conflicts(game, NULL), 2);
    sk_play_free(game);
}

static void test_check_lists_wrong_cells(void)
{
    sk_play *game = new_game();
    CHECK_INT(sk_play_check(game), 0);
    int a = empty_from(game, 0), b = empty_from(game, a + 1), c = empty_from(game, b + 1);
    sk_play_place(game, a, sol(a));
    sk_play_place(game, b, wrong_digit(game, b));
    sk_play_place(game, c, wrong_digit(game, c));
    CHECK_INT(sk_play_key(game, 'c'), SK_PLAY_VIEW);
    CHECK(!sk_play_is_wrong(game, a));
    CHECK(sk_play_is_wrong(game, b) && sk_play_is_wrong(game, c));
    CHECK(!sk_play_is_wrong(game, 0));
    CHECK_INT(sk_play_check(game), 2);
    CHECK(strstr(sk_play_message(game), "2 wrong") != NULL);
    /* Any move clears the marking. */
    sk_play_erase(game, c);
    CHECK(!sk_play_is_wrong(game, b));
    CHECK_INT(sk_play_check(game), 1);
    sk_play_free(game);
}

static void test_completion(void)
{
    sk_play *game = new_game();
    sk_play_add_time(game, 61500);
    for (int cell = empty_from(game, 0); cell >= 0; cell = empty_from(game, cell + 1)) {
        CHECK_INT(sk_play_get_status(game), SK_PLAY_PLAYING);
        CHECK_INT(sk_play_place(game, cell, sol(cell)), SK_PLAY_MOVED);
    }
    CHECK_INT(sk_play_get_status(game), SK_PLAY_SOLVED);
    CHECK(strstr(sk_play_message(game), "Solved in 0:01:01") != NULL);
    sk_play_add_time(game, 1000);
    CHECK_INT(sk_play_elapsed(game), 61500);
    CHECK_INT(sk_play_undo(game), SK_PLAY_IGNORED);
    CHECK_INT(sk_play_erase(game, 2), SK_PLAY_IGNORED);
    CHECK_INT(sk_play_key(game, 'q'), SK_PLAY_QUIT);
    sk_play_free(game);
}

static void test_full_but_wrong_is_not_solved(void)
{
    sk_play *game = new_game();
    int last = -1;
    for (int cell = empty_from(game, 0); cell >= 0; cell = empty_from(game, cell + 1))
        sk_play_place(game, last = cell, sol(cell));
    sk_play_free(game);
    game = new_game();
    for (int cell = empty_from(game, 0); cell >= 0; cell = empty_from(game, cell + 1))
        sk_play_place(game, cell, cell == last ? sol(cell) % 9 + 1 : sol(cell));
    CHECK_INT(sk_play_filled(game), 81);
    CHECK_INT(sk_play_get_status(game), SK_PLAY_PLAYING);
    CHECK_INT(sk_play_place(game, last, sol(last)), SK_PLAY_MOVED);
    CHECK_INT(sk_play_get_status(game), SK_PLAY_SOLVED);
    sk_play_free(game);
}

static void test_fallback_hint(void)
{
    sk_play *game = new_game();
    CHECK(sk_play_current_hint(game) == NULL);
    CHECK_INT(sk_play_key(game, '?'), SK_PLAY_MOVED);
    const sk_play_hint *hint = sk_play_current_hint(game);
    CHECK(hint != NULL);
    CHECK_INT(sk_play_hints(game), 1);
    int cell = hint->place_cell;
    CHECK(cell >= 0 && !sk_play_value(game, cell));
    CHECK_INT(hint->place_digit, sol(cell));
    CHECK(hint->cells[cell]);
    /* It is the cell with the fewest candidates. */
    int fewest = 10;
    for (int c = 0; c < 81; c++)
        if (!sk_play_value(game, c) && __builtin_popcount(sk_play_candidates(game, c)) < fewest)
            fewest = __builtin_popcount(sk_play_candidates(game, c));
    CHECK_INT(__builtin_popcount(sk_play_candidates(game, cell)), fewest);
    CHECK_INT(sk_play_value(game, cell), 0); /* not revealed yet */
    CHECK_INT(sk_play_key(game, 'H'), SK_PLAY_MOVED);
    CHECK_INT(sk_play_value(game, cell), sol(cell));
    CHECK_INT(sk_play_hints(game), 1);
    CHECK(sk_play_current_hint(game) == NULL);
    /* The reveal is an undoable move. */
    CHECK_INT(sk_play_undo(game), SK_PLAY_MOVED);
    CHECK_INT(sk_play_value(game, cell), 0);
    sk_play_free(game);
}

static void test_hint_points_at_wrong_digit(void)
{
    sk_play *game = new_game();
    int cell = empty_from(game, 10);
    sk_play_place(game, cell, wrong_digit(game, cell));
    sk_play_hint_request(game);
    const sk_play_hint *hint = sk_play_current_hint(game);
    CHECK(hint && hint->place_cell == cell && hint->cells[cell]);
    CHECK(hint && strstr(hint->text, "wrong") != NULL);
    sk_play_hint_request(game);
    CHECK_INT(sk_play_value(game, cell), sol(cell));
    sk_play_free(game);
}

/* A hint function that proposes a fixed step, or a bad one. */
typedef struct hint_fixture {
    int calls;
    int cell;
    int digit;
    sk_grid seen;
} hint_fixture;

static int fixture_hint(void *user, const sk_grid *position, sk_play_hint *out)
{
    hint_fixture *f = user;
    f->calls++;
    f->seen = *position;
    if (f->cell < 0)
        return -1;
    snprintf(out->text, sizeof out->text, "Hidden single: %d in a box", f->digit);
    out->cells[f->cell] = true;
    out->eliminated[f->cell + 1] = 1u << 2;
    out->place_cell = f->cell;
    out->place_digit = f->digit;
    return 0;
}

/* A hint function whose step is two chains: three nodes, then two. */
static int chain_hint(void *user, const sk_grid *position, sk_play_hint *out)
{
    (void)user;
    (void)position;
    snprintf(out->text, sizeof out->text, "Forcing chain");
    out->cells[2] = true;
    out->eliminated[2] = 1u << 1;
    out->place_cell = -1;
    for (int k = 0; k < 5; k++)
        out->nodes[k] = (sk_chain_node){.cells = {(uint8_t)(2 + k)},
                                        .cell_count = 1,
                                        .digit = 2,
                                        .on = k % 2 == 1,
                                        .parent = (int16_t)(k == 0 || k == 3 ? -1 : k - 1)};
    out->chain_starts[0] = 0;
    out->chain_starts[1] = 3;
    out->chain_starts[2] = 5;
    out->chain_count = 2;
    out->node_count = 5;
    return 0;
}

/* ] and [ unfold a chain hint a node at a time, across its chains, and stop at either end. */
static void test_hint_chain_walk(void)
{
    sk_play *game = new_game();
    CHECK_INT(sk_play_hint_node(game), -1);
    CHECK_INT(sk_play_key(game, ']'), SK_PLAY_IGNORED);
    sk_play_set_hint_fn(game, chain_hint, NULL);
    sk_play_hint_request(game);
    CHECK_INT(sk_play_hint_node(game), 0);
    CHECK_INT(sk_play_key(game, '['), SK_PLAY_IGNORED);
    for (int k = 1; k < 5; k++) {
        CHECK_INT(sk_play_key(game, ']'), SK_PLAY_VIEW);
        CHECK_INT(sk_play_hint_node(game), k);
    }
    CHECK_INT(sk_play_key(game, ']'), SK_PLAY_IGNORED);
    CHECK_STR(sk_play_message(game), "The whole chain is on show");
    CHECK_INT(sk_play_key(game, '['), SK_PLAY_VIEW);
    CHECK_INT(sk_play_hint_node(game), 3);
    sk_play_key(game, SK_PLAY_KEY_ESCAPE);
    CHECK_INT(sk_play_hint_node(game), -1);
    sk_play_hint_request(game); /* a new hint starts at its first node */
    CHECK_INT(sk_play_hint_node(game), 0);
    sk_play_free(game);
}

/* A hint function whose step is chain_hint's with a third chain, of two nodes, nested at
 * node 1: its start's parent is that node. */
static int nested_chain_hint(void *user, const sk_grid *position, sk_play_hint *out)
{
    chain_hint(user, position, out);
    for (int k = 5; k < 7; k++)
        out->nodes[k] = (sk_chain_node){.cells = {(uint8_t)(20 + k)},
                                        .cell_count = 1,
                                        .digit = 3,
                                        .on = k == 5,
                                        .parent = (int16_t)(k == 5 ? 1 : 5)};
    out->chain_starts[3] = 7;
    out->chain_count = 3;
    out->node_count = 7;
    return 0;
}

/* ] and [ go into a nested chain after the node it proves, and out again. */
static void test_hint_nested_walk(void)
{
    static const int order[] = {0, 1, 5, 6, 2, 3, 4};
    sk_play *game = new_game();
    sk_play_set_hint_fn(game, nested_chain_hint, NULL);
    sk_play_hint_request(game);
    CHECK_INT(sk_play_hint_node(game), 0);
    for (int k = 1; k < 7; k++) {
        CHECK_INT(sk_play_key(game, ']'), SK_PLAY_VIEW);
        CHECK_INT(sk_play_hint_node(game), order[k]);
    }
    CHECK_INT(sk_play_key(game, ']'), SK_PLAY_IGNORED);
    for (int k = 5; k >= 0; k--) {
        CHECK_INT(sk_play_key(game, '['), SK_PLAY_VIEW);
        CHECK_INT(sk_play_hint_node(game), order[k]);
    }
    sk_play_free(game);
}

static void test_hint_function(void)
{
    sk_play *game = new_game();
    int cell = empty_from(game, 30);
    hint_fixture f = {0, cell, sol(cell), {{0}}};
    sk_play_set_hint_fn(game, fixture_hint, &f);
    sk_play_place(game, 2, sol(2));
    CHECK_INT(sk_play_hint_request(game), SK_PLAY_MOVED);
    CHECK_INT(f.calls, 1);
    CHECK_INT(f.seen.cells[2], sol(2)); /* the position includes player digits */
    CHECK_INT(f.seen.cells[0], 5);
    const sk_play_hint *hint = sk_play_current_hint(game);
    CHECK(hint && strstr(hint->text, "Hidden single") && hint->eliminated[cell + 1] == 4);
    CHECK_STR(sk_play_message(game), hint->text);
    sk_play_hint_request(game);
    CHECK_INT(f.calls, 1);
    CHECK_INT(sk_play_value(game, cell), sol(cell));
    /* A step whose digit is not the solution's is not trusted. */
    f.cell = empty_from(game, 0);
    f.digit = sol(f.cell) % 9 + 1;
    sk_play_hint_request(game);
    hint = sk_play_current_hint(game);
    CHECK(hint && strstr(hint->text, "Hidden single") == NULL);
    CHECK(hint && hint->place_digit == sol(hint->place_cell));
    /* Nor a failing hint function. */
    sk_play_key(game, SK_PLAY_KEY_ESCAPE);
    f.cell = -1;
    sk_play_hint_request(game);
    CHECK(sk_play_current_hint(game) != NULL);
    CHECK_INT(sk_play_hints(game), 3);
    sk_play_free(game);
}

static void test_keys(void)
{
    sk_play *game = new_game();
    CHECK_INT(sk_play_cursor(game), 2);
    CHECK_INT(sk_play_key(game, SK_PLAY_KEY_LEFT), SK_PLAY_VIEW);
    CHECK_INT(sk_play_key(game, 'h'), SK_PLAY_VIEW);
    CHECK_INT(sk_play_cursor(game), 0);
    sk_play_key(game, 'h'); /* wraps to the last cell */
    CHECK_INT(sk_play_cursor(game), 80);
    sk_play_key(game, 'l');
    CHECK_INT(sk_play_cursor(game), 0);
    sk_play_key(game, 'k'); /* up wraps within the column */
    CHECK_INT(sk_play_cursor(game), 72);
    sk_play_key(game, SK_PLAY_KEY_DOWN);
    sk_play_key(game, 'j');
    CHECK_INT(sk_play_cursor(game), 9);
    sk_play_key(game, SK_PLAY_KEY_UP);
    for (int i = 0; i < 8; i++)
        sk_play_key(game, SK_PLAY_KEY_RIGHT);
    CHECK_INT(sk_play_cursor(game), 8);
    sk_play_key(game, 'l'); /* right wraps to the next row */
    CHECK_INT(sk_play_cursor(game), 9);
    sk_play_set_cursor(game, 2);
    CHECK_INT(sk_play_key(game, '4'), SK_PLAY_MOVED);
    CHECK_INT(sk_play_value(game, 2), 4);
    CHECK_INT(sk_play_key(game, '0'), SK_PLAY_MOVED);
    CHECK_INT(sk_play_key(game, 'm'), SK_PLAY_VIEW);
    CHECK(sk_play_mark_mode(game));
    CHECK_INT(sk_play_key(game, '4'), SK_PLAY_MOVED);
    CHECK_INT(sk_play_key(game, '2'), SK_PLAY_MOVED);
    CHECK_INT(sk_play_value(game, 2), 0);
    CHECK_INT(sk_play_marks(game, 2), (1u << 3) | (1u << 1));
    CHECK_INT(sk_play_key(game, 'p'), SK_PLAY_VIEW);
    CHECK(!sk_play_mark_mode(game));
    CHECK_INT(sk_play_key(game, SK_PLAY_KEY_BACKSPACE), SK_PLAY_MOVED);
    CHECK_INT(sk_play_marks(game, 2), 0);
    CHECK_INT(sk_play_key(game, 'u'), SK_PLAY_MOVED);
    CHECK_INT(sk_play_marks(game, 2), (1u << 3) | (1u << 1));
    /* d then a digit highlights it; d d clears. */
    CHECK_INT(sk_play_key(game, 'd'), SK_PLAY_VIEW);
    CHECK_INT(sk_play_key(game, '7'), SK_PLAY_VIEW);
    CHECK_INT(sk_play_highlight(game), 7);
    CHECK_INT(sk_play_marks(game, 2), (1u << 3) | (1u << 1)); /* no mark toggled */
    sk_play_key(game, 'd');
    sk_play_key(game, 'd');
    CHECK_INT(sk_play_highlight(game), 0);
    CHECK_INT(sk_play_key(game, 's'), SK_PLAY_SAVE);
    CHECK_INT(sk_play_key(game, 'q'), SK_PLAY_QUIT);
    CHECK_INT(sk_play_key(game, 'Z'), SK_PLAY_IGNORED);
    CHECK(sk_play_message(game)[0] != '\0');
    sk_play_free(game);
}

static void test_key_parse(void)
{
    static const struct {
        const char *token;
        int key;
    } table[] = {
        {"right", SK_PLAY_KEY_RIGHT},
        {"LEFT", SK_PLAY_KEY_LEFT},
        {"up", SK_PLAY_KEY_UP},
        {"down", SK_PLAY_KEY_DOWN},
        {"5", '5'},
        {"u", 'u'},
        {"?", '?'},
        {"ctrl-r", SK_PLAY_KEY_CTRL_R},
        {"del", SK_PLAY_KEY_DELETE},
        {"backspace", SK_PLAY_KEY_BACKSPACE},
        {"esc", SK_PLAY_KEY_ESCAPE},
        {"space", ' '},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        int key = -1;
        CHECK_INT(sk_play_key_parse(table[i].token, &key), 0);
        CHECK_INT(key, table[i].key);
    }
    int key;
    CHECK_INT(sk_play_key_parse("12", &key), -1);
    CHECK_INT(sk_play_key_parse("rightt", &key), -1);
    CHECK_INT(sk_play_key_parse("", &key), -1);
}

/* Play a seeded mix of every kind of move, with undos in between. */
static void play_random(sk_play *game, uint64_t seed, int count)
{
    sk_rng rng;
    sk_rng_seed(&rng, seed, 0);
    for (int i = 0; i < count; i++) {
        int cell = (int)sk_rng_below(&rng, 81), digit = 1 + (int)sk_rng_below(&rng, 9);
        switch (sk_rng_below(&rng, 8)) {
        case 0:
        case 1:
            sk_play_place(game, cell, digit);
            break;
        case 2:
            sk_play_erase(game, cell);
            break;
        case 3:
        case 4:
            sk_play_toggle_mark(game, cell, digit);
            break;
        case 5:
            if (sk_rng_below(&rng, 6) == 0)
                sk_play_auto_candidates(game);
            break;
        case 6:
            sk_play_undo(game);
            break;
        default:
            sk_play_hint_request(game);
            break;
        }
    }
    sk_play_add_time(game, 12345);
}

static void check_same_board(const sk_play *a, const sk_play *b)
{
    for (int cell = 0; cell < 81; cell++) {
        CHECK_INT(sk_play_value(a, cell), sk_play_value(b, cell));
        CHECK_INT(sk_play_marks(a, cell), sk_play_marks(b, cell));
    }
}

static void test_state_round_trip(void)
{
    for (uint64_t seed = 1; seed <= 20; seed++) {
        sk_play *game = new_game(), *copy = new_game();
        play_random(game, seed, 300);
        for (int i = 0; i < 5; i++)
            sk_play_undo(game); /* leave some redo history */
        sk_play_state state, again;
        sk_error err = {.message = ""};
        CHECK_INT(sk_play_export(game, &state, &err), 0);
        CHECK_INT(strlen(state.marks), 243);
        CHECK(strchr(state.history, '|') != NULL);
        CHECK_INT(sk_play_import(copy, state.cells, state.marks, state.history, state.elapsed_ms,
                                 state.hints, state.status, &err),
                  0);
        CHECK_STR(err.message, "");
        CHECK_INT(sk_play_export(copy, &again, NULL), 0);
        CHECK_STR(again.cells, state.cells);
        CHECK_STR(again.marks, state.marks);
        CHECK_STR(again.history, state.history);
        CHECK_INT(again.elapsed_ms, 12345);
        CHECK_INT(again.hints, sk_play_hints(game));
        CHECK_INT(again.status, sk_play_get_status(game));
        CHECK_INT(sk_play_undo_depth(copy), sk_play_undo_depth(game));
        CHECK_INT(sk_play_redo_depth(copy), sk_play_redo_depth(game));
        /* Undo and redo walk both games through the same states. */
        while (sk_play_undo(game) == SK_PLAY_MOVED) {
            CHECK_INT(sk_play_undo(copy), SK_PLAY_MOVED);
            check_same_board(game, copy);
        }
        CHECK_INT(sk_play_undo(copy), SK_PLAY_IGNORED);
        while (sk_play_redo(game) == SK_PLAY_MOVED) {
            CHECK_INT(sk_play_redo(copy), SK_PLAY_MOVED);
            check_same_board(game, copy);
        }
        CHECK_INT(sk_play_redo(copy), SK_PLAY_IGNORED);
        sk_play_state_clear(&state);
        sk_play_state_clear(&again);
        sk_play_state_clear(&again);
        sk_play_free(game);
        sk_play_free(copy);
    }
}

/* A state carried onto a transformed image of the puzzle restores on a
 * game of that image, with every cell and mark where the transformation
 * puts it, and replays its whole history. */
static void test_state_transform(void)
{
    sk_grid puzzle, solution, image_puzzle, image_solution;
    size_t col;
    sk_grid_parse_line(&puzzle, puzzle_text, 81, &col);
    sk_grid_parse_line(&solution, solution_text, 81, &col);
    sk_rng rng;
    sk_rng_seed(&rng, 5, 1);
    for (uint64_t seed = 1; seed <= 10; seed++) {
        sk_transform t;
        sk_transform_random(&rng, &t);
        sk_canon_transform(&puzzle, &t, &image_puzzle);
        sk_canon_transform(&solution, &t, &image_solution);
        sk_play *game = new_game(), *image = NULL;
        sk_error err = {.message = ""};
        CHECK_INT(sk_play_new(&image_puzzle, &image_solution, &image, &err), 0);
        play_random(game, seed, 200);
        sk_play_undo(game);
        sk_play_state state, moved;
        CHECK_INT(sk_play_export(game, &state, &err), 0);
        CHECK_INT(sk_play_state_transform(&state, &t, &moved, &err), 0);
        CHECK_INT(sk_play_import(image, moved.cells, moved.marks, moved.history, moved.elapsed_ms,
                                 moved.hints, moved.status, &err),
                  0);
        CHECK_STR(err.message, "");
        sk_grid values, image_values;
        for (int cell = 0; cell < 81; cell++)
            values.cells[cell] = (uint8_t)sk_play_value(game, cell);
        sk_canon_transform(&values, &t, &image_values);
        for (int cell = 0; cell < 81; cell++)
            CHECK_INT(sk_play_value(image, cell), image_values.cells[cell]);
        CHECK_INT(sk_play_undo_depth(image), sk_play_undo_depth(game));
        CHECK_INT(sk_play_redo_depth(image), sk_play_redo_depth(game));
        while (sk_play_undo(image) == SK_PLAY_MOVED)
            ;
        for (int cell = 0; cell < 81; cell++)
            CHECK_INT(sk_play_value(image, cell), image_puzzle.cells[cell]);
        sk_play_state_clear(&state);
        sk_play_state_clear(&moved);
        sk_play_free(game);
        sk_play_free(image);
    }
    sk_play_state bad = {.marks = "", .history = "Q1.0.1.0.0|"}, out;
    memcpy(bad.cells, puzzle_text, 82);
    sk_transform t;
    sk_transform_identity(&t);
    sk_error err;
    CHECK_INT(sk_play_state_transform(&bad, &t, &out, &err), -1);
}

static void test_solved_state_round_trip(void)
{
    sk_play *game = new_game(), *copy = new_game();
    for (int cell = empty_from(game, 0); cell >= 0; cell = empty_from(game, cell + 1))
        sk_play_place(game, cell, sol(cell));
    sk_play_state state;
    CHECK_INT(sk_play_export(game, &state, NULL), 0);
    CHECK_STR(state.cells, solution_text);
    CHECK_INT(
        sk_play_import(copy, state.cells, state.marks, state.history, 5, 0, state.status, NULL),
        0);
    CHECK_INT(sk_play_get_status(copy), SK_PLAY_SOLVED);
    CHECK_STR(sk_play_status_name(sk_play_get_status(copy)), "solved");
    sk_play_status status;
    CHECK_INT(sk_play_status_parse("abandoned", &status), 0);
    CHECK_INT(status, SK_PLAY_ABANDONED);
    CHECK_INT(sk_play_status_parse("won", &status), -1);
    sk_play_state_clear(&state);
    sk_play_free(game);
    sk_play_free(copy);
}

/* A restored game whose time or hint count is at the top of its type plays
 * on: the time stops at INT64_MAX and the count at INT_MAX, and every state
 * still saves with values a save can store. */
static void test_time_and_hints_saturate(void)
{
    static const int64_t times[] = {INT64_MAX, INT64_MAX - 1, INT64_MAX - 999};
    for (size_t i = 0; i < sizeof times / sizeof times[0]; i++) {
        sk_play *game = new_game(), *copy = new_game();
        sk_play_state state;
        sk_error err = {.message = ""};
        CHECK_INT(sk_play_export(game, &state, NULL), 0);
        CHECK_INT(sk_play_import(game, state.cells, state.marks, state.history, times[i], INT_MAX,
                                 SK_PLAY_PLAYING, &err),
                  0);
        sk_play_state_clear(&state);
        sk_play_add_time(game, 1000);
        CHECK_INT(sk_play_elapsed(game), INT64_MAX);
        sk_play_add_time(game, INT64_MAX);
        CHECK_INT(sk_play_elapsed(game), INT64_MAX);
        CHECK_INT(sk_play_hint_request(game), SK_PLAY_MOVED);
        CHECK_INT(sk_play_hints(game), INT_MAX);
        CHECK_INT(sk_play_place(game, 2, 4), SK_PLAY_MOVED);
        CHECK_INT(sk_play_export(game, &state, &err), 0);
        CHECK_INT(state.elapsed_ms, INT64_MAX);
        CHECK_INT(state.hints, INT_MAX);
        CHECK_INT(sk_play_import(copy, state.cells, state.marks, state.history, state.elapsed_ms,
                                 state.hints, state.status, &err),
                  0);
        CHECK_INT(sk_play_value(copy, 2), 4);
        sk_play_state_clear(&state);
        sk_play_free(game);
        sk_play_free(copy);
    }
}

static void test_import_rejects_bad_state(void)
{
    sk_play *game = new_game();
    sk_play_place(game, 2, 4);
    sk_play_toggle_mark(game, 3, 6);
    sk_play_state good;
    CHECK_INT(sk_play_export(game, &good, NULL), 0);
    char cells[82], marks[244];
    sk_error err;
    static const struct {
        const char *what;
        int field;  /* 0 cells, 1 marks, 2 history, 3 status */
        int offset; /* where to write text, -1 to replace whole */
        const char *text;
        const char *message;
    } cases[] = {
        {"short cells", 0, -1, "53", "81 characters"},
        {"given changed", 0, 0, "6", "changes a given"},
        {"letter in cells", 0, 5, "x", "bad character 'x' at column 6"},
        {"short marks", 1, -1, "000", "243 hex"},
        {"mark too big", 1, 6, "200", "bad value \"200\" for cell 3"},
        {"bad move kind", 2, -1, "Z2.0.4.0.0|", "unknown move kind"},
        {"move on a given", 2, -1, "P0.0.4.0.0|", "bad change"},
        {"history not matching", 2, -1, "P2.0.5.0.0 M3.0.0.0.20|", "do not lead"},
        {"no separator", 2, -1, "P2.0.4.0.0 M3.0.0.0.20", "missing '|'"},
        {"redo not matching", 2, -1, "P2.0.4.0.0 M3.0.0.0.20|P5.1.2.0.0",
         "redo moves do not follow"},
        {"solved but not solved", 3, -1, "", "not solved"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        strcpy(cells, good.cells);
        strcpy(marks, good.marks);
        const char *history = good.history;
        sk_play_status status = SK_PLAY_PLAYING;
        char *field = cases[i].field == 0 ? cells : marks;
        if (cases[i].field == 2)
            history = cases[i].text;
        else if (cases[i].field == 3)
            status = SK_PLAY_SOLVED;
        else if (cases[i].offset < 0)
            strcpy(field, cases[i].text);
        else
            memcpy(field + cases[i].offset, cases[i].text, strlen(cases[i].text));
        err = (sk_error){.status = 0, .message = ""};
        int rc = sk_play_import(game, cells, marks, history, 0, 0, status, &err);
        if (rc != -1 || !strstr(err.message, cases[i].message))
            fprintf(stderr, "case %s: rc %d, err \"%s\"\n", cases[i].what, rc, err.message);
        CHECK_INT(rc, -1);
        CHECK_INT(err.status, SK_EXIT_FAILURE);
        CHECK(strstr(err.message, cases[i].message) != NULL);
    }
    /* The game is untouched by every failed import. */
    CHECK_INT(sk_play_value(game, 2), 4);
    CHECK_INT(sk_play_marks(game, 3), 1u << 5);
    CHECK_INT(sk_play_undo_depth(game), 2);
    /* An empty history is accepted only for a board without moves. */
    CHECK_INT(
        sk_play_import(game, good.cells, good.marks, "", 0, 0, SK_PLAY_PLAYING, &err),
        -1);
    CHECK_INT(sk_play_import(game, puzzle_text, NULL, NULL, 0, 0, SK_PLAY_PLAYING, &err),
              0);
    CHECK_INT(sk_play_undo_depth(game), 0);
    CHECK_INT(sk_play_value(game, 2), 0);
    sk_play_state_clear(&good);
    sk_play_free(game);
}

static const ski_test_case cases[] = {
    {"state_transform", test_state_transform},
    {"new_rejects_bad_solution", test_new_rejects_bad_solution},
    {"place_erase_and_givens", test_place_erase_and_givens},
    {"marks_and_peer_cleanup", test_marks_and_peer_cleanup},
    {"undo_redo_unbounded", test_undo_redo_unbounded},
    {"auto_candidates", test_auto_candidates},
    {"conflicts", test_conflicts},
    {"check_lists_wrong_cells", test_check_lists_wrong_cells},
    {"completion", test_completion},
    {"full_but_wrong_is_not_solved", test_full_but_wrong_is_not_solved},
    {"fallback_hint", test_fallback_hint},
    {"hint_points_at_wrong_digit", test_hint_points_at_wrong_digit},
    {"hint_function", test_hint_function},
    {"hint_chain_walk", test_hint_chain_walk},
    {"hint_nested_walk", test_hint_nested_walk},
    {"keys", test_keys},
    {"key_parse", test_key_parse},
    {"state_round_trip", test_state_round_trip},
    {"solved_state_round_trip", test_solved_state_round_trip},
    {"import_rejects_bad_state", test_import_rejects_bad_state},
    {"time_and_hints_saturate", test_time_and_hints_saturate},
};

SK_TEST_MAIN(cases)
