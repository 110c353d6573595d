/* Play engine: moves, pencil marks, undo/redo, hints, check and saved state. */
#include "sudokit/play.h"
#include "parse.h"
#include "text_buffer.h"

#include <ctype.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sudokit/grid.h"

/* One cell's change within a move. */
typedef struct play_change {
    uint8_t cell;
    uint8_t old_value;
    uint8_t new_value;
    uint16_t old_marks;
    uint16_t new_marks;
} play_change;

/* One undoable move: its kind letter (see play_kinds) and its changes. */
typedef struct play_move {
    char kind;
    uint16_t count;
    play_change *changes;
} play_move;

/* A stack of moves; the last one is the top. */
typedef struct play_stack {
    play_move *moves;
    size_t count;
    size_t cap;
} play_stack;

struct sk_play {
    sk_grid puzzle;
    sk_grid solution;
    uint8_t value[81];
    uint16_t marks[81];
    int cursor;
    bool mark_mode;
    int highlight;
    bool pending_highlight;
    bool wrong[81];
    bool hint_shown;
    sk_play_hint hint;
    int hint_node; /* the last node of the hint's chains shown */
    play_stack undo;
    play_stack redo;
    int64_t elapsed_ms;
    int hints;
    sk_play_status status;
    sk_play_hint_fn hint_fn;
    void *hint_user;
    char message[192];
};

/* Move kinds: Place, Erase, Mark toggle, Auto-candidates, Hint reveal. */
static const char play_kinds[] = "PEMAH";

static void play_say(sk_play *game, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void play_say(sk_play *game, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(game->message, sizeof game->message, fmt, ap);
    va_end(ap);
}

static bool play_peers(int a, int b)
{
    if (a == b)
        return false;
    int ra = a / 9, ca = a % 9, rb = b / 9, cb = b % 9;
    return ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3);
}

static void play_stack_clear(play_stack *stack)
{
    for (size_t i = 0; i < stack->count; i++)
        free(stack->moves[i].changes);
    free(stack->moves);
    stack->moves = NULL;
    stack->count = stack->cap = 0;
}

static int play_stack_push(play_stack *stack, play_move move)
{
    if (stack->count == stack->cap) {
        size_t cap = stack->cap ? stack->cap * 2 : 32;
        play_move *moves = realloc(stack->moves, cap * sizeof *moves);
        if (!moves)
            return -1;
        stack->moves = moves;
        stack->cap = cap;
    }
    stack->moves[stack->count++] = move;
    return 0;
}

int sk_play_new(const sk_grid *puzzle, const sk_grid *solution, sk_play **out, sk_error *err)
{
    *out = NULL;
    if (!sk_grid_solves(puzzle, solution)) {
        sk_error_set(err, SK_EXIT_FAILURE, "the solution given does not solve the puzzle");
        return -1;
    }
    sk_play *game = calloc(1, sizeof *game);
    if (!game) {
        sk_error_set(err, SK_EXIT_FAILURE, "out of memory starting a game");
        return -1;
    }
    game->puzzle = *puzzle;
    game->solution = *solution;
    memcpy(game->value, puzzle->cells, 81);
    game->cursor = 0;
    while (game->cursor < 80 && game->puzzle.cells[game->cursor])
        game->cursor++;
    game->status = SK_PLAY_PLAYING;
    *out = game;
    return 0;
}

void sk_play_free(sk_play *game)
{
    if (!game)
        return;
    play_stack_clear(&game->undo);
    play_stack_clear(&game->redo);
    free(game);
}

void sk_play_set_hint_fn(sk_play *game, sk_play_hint_fn fn, void *user)
{
    game->hint_fn = fn;
    game->hint_user = user;
}

/* ------------------------------------------------------------ moves -- */

static void play_apply(sk_play *game, const play_move *move, bool forward)
{
    for (size_t k = 0; k < move->count; k++) {
        const play_change *c = &move->changes[forward ? k : move->count - 1 - k];
        game->value[c->cell] = forward ? c->new_value : c->old_value;
        game->marks[c->cell] = forward ? c->new_marks : c->old_marks;
    }
}

static bool play_complete(const sk_play *game)
{
    return memcmp(game->value, game->solution.cells, 81) == 0;
}

static void play_after_change(sk_play *game)
{
    memset(game->wrong, 0, sizeof game->wrong);
    game->hint_shown = false;
    if (play_complete(game)) {
        game->status = SK_PLAY_SOLVED;
        char solved[64];
        sk_play_solved_text(game, solved, sizeof solved);
        play_say(game, "S%s!", solved + 1);
    }
}

/* Apply a new move made of changes, push it on the undo stack and empty
 * the redo stack. Takes ownership of changes. */
static sk_play_result play_commit(sk_play *game, char kind, play_change *changes, size_t count)
{
    play_move move = {kind, (uint16_t)count, changes};
    if (play_stack_push(&game->undo, move) != 0) {
        free(changes);
        play_say(game, "Out of memory: the move was not made");
        return SK_PLAY_IGNORED;
    }
    play_stack_clear(&game->redo);
    play_apply(game, &move, true);
    play_after_change(game);
    return SK_PLAY_MOVED;
}

static bool play_refuse_over(sk_play *game)
{
    if (game->status == SK_PLAY_PLAYING)
        return false;
    play_say(game, "The game is over (%s); press q to quit", sk_play_status_name(game->status));
    return true;
}

static bool play_bad_cell(sk_play *game, int cell)
{
    if (cell >= 0 && cell < 81)
        return false;
    play_say(game, "No cell %d: cells are 0..80", cell);
    return true;
}

static sk_play_result play_set_digit(sk_play *game, int cell, int digit, char kind)
{
    char name[8];
    sk_cell_name(cell, name);
    if (game->puzzle.cells[cell]) {
        play_say(game, "%s is a given and cannot change", name);
        return SK_PLAY_IGNORED;
    }
    if (game->value[cell] == digit) {
        play_say(game, "%s already holds %d", name, digit);
        return SK_PLAY_IGNORED;
    }
    play_change *changes = malloc(21 * sizeof *changes);
    if (!changes) {
        play_say(game, "Out of memory: the move was not made");
        return SK_PLAY_IGNORED;
    }
    size_t n = 0;
    changes[n++] = (play_change){(uint8_t)cell, game->value[cell], (uint8_t)digit,
                                 game->marks[cell], game->marks[cell]};
    uint16_t bit = (uint16_t)(1u << (digit - 1));
    for (int p = 0; p < 81; p++) {
        if (play_peers(cell, p) && !game->value[p] && (game->marks[p] & bit))
            changes[n++] =
                (play_change){(uint8_t)p, 0, 0, game->marks[p], (uint16_t)(game->marks[p] & ~bit)};
    }
    if (kind == 'H')
        play_say(game, "Revealed %s = %d", name, digit);
    else
        play_say(game, "%s = %d", name, digit);
    return play_commit(game, kind, changes, n);
}

sk_play_result sk_play_place(sk_play *game, int cell, int digit)
{
    if (play_refuse_over(game) || play_bad_cell(game, cell))
        return SK_PLAY_IGNORED;
    if (digit < 1 || digit > 9) {
        play_say(game, "Digits are 1..9");
        return SK_PLAY_IGNORED;
    }
    return play_set_digit(game, cell, digit, 'P');
}

sk_play_result sk_play_erase(sk_play *game, int cell)
{
    if (play_refuse_over(game) || play_bad_cell(game, cell))
        return SK_PLAY_IGNORED;
    char name[8];
    sk_cell_name(cell, name);
    if (game->puzzle.cells[cell]) {
        play_say(game, "%s is a given and cannot change", name);
        return SK_PLAY_IGNORED;
    }
    play_change change = {(uint8_t)cell, game->value[cell], 0, game->marks[cell],
                          game->marks[cell]};
    if (game->value[cell]) {
        play_say(game, "Erased %s", name);
    } else if (game->marks[cell]) {
        change.new_marks = 0;
        play_say(game, "Cleared the pencil marks of %s", name);
    } else {
        play_say(game, "%s is already empty", name);
        return SK_PLAY_IGNORED;
    }
    play_change *changes = malloc(sizeof *changes);
    if (!changes) {
        play_say(game, "Out of memory: the move was not made");
        return SK_PLAY_IGNORED;
    }
    changes[0] = change;
    return play_commit(game, 'E', changes, 1);
}

sk_play_result sk_play_toggle_mark(sk_play *game, int cell, int digit)
{
    if (play_refuse_over(game) || play_bad_cell(game, cell))
        return SK_PLAY_IGNORED;
    char name[8];
    sk_cell_name(cell, name);
    if (digit < 1 || digit > 9) {
        play_say(game, "Digits are 1..9");
        return SK_PLAY_IGNORED;
    }
    if (game->value[cell]) {
        play_say(game, "%s holds a digit; erase it before marking", name);
        return SK_PLAY_IGNORED;
    }
    play_change *changes = malloc(sizeof *changes);
    if (!changes) {
        play_say(game, "Out of memory: the move was not made");
        return SK_PLAY_IGNORED;
    }
    uint16_t marks = (uint16_t)(game->marks[cell] ^ (1u << (digit - 1)));
    changes[0] = (play_change){(uint8_t)cell, 0, 0, game->marks[cell], marks};
    play_say(game, "%s mark %d %s", name, digit, (marks >> (digit - 1)) & 1 ? "on" : "off");
    return play_commit(game, 'M', changes, 1);
}

unsigned sk_play_candidates(const sk_play *game, int cell)
{
    if (cell < 0 || cell >= 81 || game->value[cell])
        return 0;
    unsigned seen = 0;
    for (int p = 0; p < 81; p++)
        if (game->value[p] && play_peers(cell, p))
            seen |= 1u << (game->value[p] - 1);
    return SK_PLAY_ALL_MARKS & ~seen;
}

sk_play_result sk_play_auto_candidates(sk_play *game)
{
    if (play_refuse_over(game))
        return SK_PLAY_IGNORED;
    play_change *changes = malloc(81 * sizeof *changes);
    if (!changes) {
        play_say(game, "Out of memory: the move was not made");
        return SK_PLAY_IGNORED;
    }
    size_t n = 0;
    for (int cell = 0; cell < 81; cell++) {
        if (game->value[cell])
            continue;
        uint16_t cand = (uint16_t)sk_play_candidates(game, cell);
        if (cand != game->marks[cell])
            changes[n++] = (play_change){(uint8_t)cell, 0, 0, game->marks[cell], cand};
    }
    if (n == 0) {
        free(changes);
        play_say(game, "The pencil marks already are the candidates");
        return SK_PLAY_IGNORED;
    }
    play_say(game, "Filled in the candidates of %zu cell%s", n, n == 1 ? "" : "s");
    return play_commit(game, 'A', changes, n);
}

sk_play_result sk_play_undo(sk_play *game)
{
    if (play_refuse_over(game))
        return SK_PLAY_IGNORED;
    if (game->undo.count == 0) {
        play_say(game, "Nothing to undo");
        return SK_PLAY_IGNORED;
    }
    play_move move = game->undo.moves[game->undo.count - 1];
    if (play_stack_push(&game->redo, move) != 0) {
        play_say(game, "Out of memory: nothing was undone");
        return SK_PLAY_IGNORED;
    }
    game->undo.count--;
    play_apply(game, &move, false);
    play_after_change(game);
    play_say(game, "Undone (%zu more to undo)", game->undo.count);
    return SK_PLAY_MOVED;
}

sk_play_result sk_play_redo(sk_play *game)
{
    if (play_refuse_over(game))
        return SK_PLAY_IGNORED;
    if (game->redo.count == 0) {
        play_say(game, "Nothing to redo");
        return SK_PLAY_IGNORED;
    }
    play_move move = game->redo.moves[game->redo.count - 1];
    if (play_stack_push(&game->undo, move) != 0) {
        play_say(game, "Out of memory: nothing was redone");
        return SK_PLAY_IGNORED;
    }
    game->redo.count--;
    play_apply(game, &move, true);
    play_say(game, "Redone (%zu more to redo)", game->redo.count);
    play_after_change(game);
    return SK_PLAY_MOVED;
}

/* ------------------------------------------------------ check, hints -- */

int sk_play_check(sk_play *game)
{
    int wrong = 0;
    for (int cell = 0; cell < 81; cell++) {
        game->wrong[cell] = game->value[cell] && !game->puzzle.cells[cell] &&
                            game->value[cell] != game->solution.cells[cell];
        wrong += game->wrong[cell];
    }
    if (wrong)
        play_say(game, "%d wrong digit%s marked with !", wrong, wrong == 1 ? "" : "s");
    else
        play_say(game, "No wrong digits so far (%d of 81 filled)", sk_play_filled(game));
    return wrong;
}

static void play_hint_clear(sk_play_hint *hint)
{
    memset(hint, 0, sizeof *hint);
    hint->place_cell = -1;
}

static void play_digits_text(unsigned mask, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int d = 1; d <= 9 && n + 3 < len; d++)
        if (mask & (1u << (d - 1)))
            n += (size_t)snprintf(buf + n, len - n, n ? " %d" : "%d", d);
}

/* The engine's own hint: the empty cell with the fewest candidates. */
static void play_fallback_hint(const sk_play *game, sk_play_hint *hint)
{
    int best = -1, best_count = 10;
    for (int cell = 0; cell < 81; cell++) {
        if (game->value[cell])
            continue;
        int count = __builtin_popcount(sk_play_candidates(game, cell));
        if (count < best_count) {
            best = cell;
            best_count = count;
        }
    }
    char name[8], digits[24];
    sk_cell_name(best, name);
    play_digits_text(sk_play_candidates(game, best), digits, sizeof digits);
    hint->cells[best] = true;
    hint->place_cell = best;
    hint->place_digit = game->solution.cells[best];
    if (best_count == 1)
        snprintf(hint->text, sizeof hint->text,
                 "Naked single: %s can only be %s (press ? again to place it)", name, digits);
    else
        snprintf(hint->text, sizeof hint->text,
                 "%s has the fewest candidates (%s); press ? again to reveal it", name, digits);
}

/* A hint pointing at the first wrong digit, or false when there is none. */
static bool play_wrong_hint(const sk_play *game, sk_play_hint *hint)
{
    for (int cell = 0; cell < 81; cell++) {
        if (!game->value[cell] || game->value[cell] == game->solution.cells[cell])
            continue;
        char name[8];
        sk_cell_name(cell, name);
        hint->cells[cell] = true;
        hint->place_cell = cell;
        hint->place_digit = game->solution.cells[cell];
        snprintf(hint->text, sizeof hint->text,
                 "%s holds a wrong %d; press ? again to see the right digit", name,
                 game->value[cell]);
        return true;
    }
    return false;
}

static bool play_hint_usable(const sk_play *game, const sk_play_hint *hint)
{
    if (hint->text[0] == '\0')
        return false;
    if (hint->place_cell == -1)
        return true;
    return hint->place_cell >= 0 && hint->place_cell < 81 && !game->value[hint->place_cell] &&
           hint->place_digit == game->solution.cells[hint->place_cell];
}

sk_play_result sk_play_hint_request(sk_play *game)
{
    if (play_refuse_over(game))
        return SK_PLAY_IGNORED;
    if (game->hint_shown) {
        if (game->hint.place_cell < 0) {
            play_say(game, "This step places no digit: apply it to your marks");
            return SK_PLAY_IGNORED;
        }
        return play_set_digit(game, game->hint.place_cell, game->hint.place_digit, 'H');
    }
    sk_play_hint hint;
    play_hint_clear(&hint);
    if (!play_wrong_hint(game, &hint)) {
        bool found = false;
        if (game->hint_fn) {
            sk_grid position;
            memcpy(position.cells, game->value, 81);
            found = game->hint_fn(game->hint_user, &position, &hint) == 0 &&
                    play_hint_usable(game, &hint);
            if (!found)
                play_hint_clear(&hint);
        }
        if (!found)
            play_fallback_hint(game, &hint);
    }
    game->hint = hint;
    game->hint_shown = true;
    game->hint_node = 0;
    if (game->hints < INT_MAX) /* a restored count may be that high */
        game->hints++;
    play_say(game, "%s", hint.text);
    return SK_PLAY_MOVED;
}

/* Append to order (*n so far) the nodes of chain c of h, each followed by the nodes of the
 * chains nested at it (a chain whose start's parent is that node), deeper the same way. */
static void play_hint_unfold(const sk_play_hint *h, size_t c, uint16_t *order, size_t *n)
{
    for (uint32_t k = h->chain_starts[c]; k < h->chain_starts[c + 1]; k++) {
        order[(*n)++] = (uint16_t)k;
        for (size_t j = c + 1; j < h->chain_count; j++)
            if (h->chain_starts[j] < h->chain_starts[j + 1] &&
                h->nodes[h->chain_starts[j]].parent == (int16_t)k)
                play_hint_unfold(h, j, order, n);
    }
}

/* The order h's nodes are shown in (node_count of them): each of the step's own chains a
 * node at a time, and after a node a nested chain proves, that chain's nodes. */
#define PLAY_HINT_NODES (sizeof ((sk_play_hint *)0)->nodes / sizeof(sk_chain_node))
static size_t play_hint_order(const sk_play_hint *h, uint16_t order[PLAY_HINT_NODES])
{
    size_t n = 0;
    for (size_t c = 0; c < h->chain_count; c++)
        if (h->chain_starts[c] < h->chain_starts[c + 1] && h->nodes[h->chain_starts[c]].parent < 0)
            play_hint_unfold(h, c, order, &n);
    return n;
}

/* Show one node more (delta 1) or less (-1) of the hint's chains, which
 * unfold a node at a time, one chain after another, a nested chain at the
 * node it proves. */
static sk_play_result play_hint_walk(sk_play *game, int delta)
{
    const sk_play_hint *h = &game->hint;
    if (!game->hint_shown || !h->node_count) {
        play_say(game, "%s",
                 game->hint_shown ? "This hint has no chain to step through"
                                  : "Ask for a hint (?) first");
        return SK_PLAY_IGNORED;
    }
    uint16_t order[PLAY_HINT_NODES];
    int next = game->hint_node + delta;
    if (next < 0 || next >= (int)play_hint_order(h, order)) {
        play_say(game, "%s", delta > 0 ? "The whole chain is on show" : "At the chain's start");
        return SK_PLAY_IGNORED;
    }
    game->hint_node = next;
    return SK_PLAY_VIEW;
}

/* --------------------------------------------------------------- keys -- */

static sk_play_result play_move_cursor(sk_play *game, int delta)
{
    game->cursor = (game->cursor + delta + 81) % 81;
    return SK_PLAY_VIEW;
}

static sk_play_result play_move_vertical(sk_play *game, int rows)
{
    game->cursor = ((game->cursor / 9 + rows + 9) % 9) * 9 + game->cursor % 9;
    return SK_PLAY_VIEW;
}

static sk_play_result play_digit_key(sk_play *game, int digit)
{
    if (game->pending_highlight) {
        game->pending_highlight = false;
        game->highlight = digit;
        if (digit)
            play_say(game, "Highlighting %d", digit);
        else
            play_say(game, "Highlight off");
        return SK_PLAY_VIEW;
    }
    if (digit == 0)
        return sk_play_erase(game, game->cursor);
    if (game->mark_mode)
        return sk_play_toggle_mark(game, game->cursor, digit);
    return sk_play_place(game, game->cursor, digit);
}

sk_play_result sk_play_key(sk_play *game, int key)
{
    game->message[0] = '\0';
    if (key >= '0' && key <= '9')
        return play_digit_key(game, key - '0');
    bool pending = game->pending_highlight;
    game->pending_highlight = false;
    switch (key) {
    case SK_PLAY_KEY_LEFT:
    case 'h':
        return play_move_cursor(game, -1);
    case SK_PLAY_KEY_RIGHT:
    case 'l':
        return play_move_cursor(game, 1);
    case SK_PLAY_KEY_UP:
    case 'k':
        return play_move_vertical(game, -1);
    case SK_PLAY_KEY_DOWN:
    case 'j':
        return play_move_vertical(game, 1);
    case SK_PLAY_KEY_DELETE:
    case SK_PLAY_KEY_BACKSPACE:
    case 127:
    case 8:
        return sk_play_erase(game, game->cursor);
    case 'm':
    case 'p':
        game->mark_mode = !game->mark_mode;
        play_say(game, "%s",
                 game->mark_mode ? "Pencil mark mode: digits toggle marks"
                                 : "Digit mode: digits fill cells");
        return SK_PLAY_VIEW;
    case 'u':
        return sk_play_undo(game);
    case 'r':
    case SK_PLAY_KEY_CTRL_R:
        return sk_play_redo(game);
    case 'a':
        return sk_play_auto_candidates(game);
    case 'c':
        sk_play_check(game);
        return SK_PLAY_VIEW;
    case '?':
    case 'H':
        return sk_play_hint_request(game);
    case 'd':
        if (pending) {
            game->highlight = 0;
            play_say(game, "Highlight off");
        } else {
            game->pending_highlight = true;
            play_say(game, "Highlight which digit? 1-9, or 0 for none");
        }
        return SK_PLAY_VIEW;
    case SK_PLAY_KEY_ESCAPE:
        game->hint_shown = false;
        return SK_PLAY_VIEW;
    case ']':
    case '[':
        return play_hint_walk(game, key == ']' ? 1 : -1);
    case 's':
        return SK_PLAY_SAVE;
    case 'q':
        return SK_PLAY_QUIT;
    default:
        play_say(game, "Unknown key; see the help line");
        return SK_PLAY_IGNORED;
    }
}

int sk_play_key_parse(const char *token, int *key)
{
    static const struct {
        const char *name;
        int key;
    } names[] = {
        {"up", SK_PLAY_KEY_UP},
        {"down", SK_PLAY_KEY_DOWN},
        {"left", SK_PLAY_KEY_LEFT},
        {"right", SK_PLAY_KEY_RIGHT},
        {"del", SK_PLAY_KEY_DELETE},
        {"delete", SK_PLAY_KEY_DELETE},
        {"bs", SK_PLAY_KEY_BACKSPACE},
        {"backspace", SK_PLAY_KEY_BACKSPACE},
        {"esc", SK_PLAY_KEY_ESCAPE},
        {"escape", SK_PLAY_KEY_ESCAPE},
        {"ctrl-r", SK_PLAY_KEY_CTRL_R},
        {"^r", SK_PLAY_KEY_CTRL_R},
        {"space", ' '},
    };
    if (token[0] && !token[1] && isgraph((unsigned char)token[0])) {
        *key = (unsigned char)token[0];
        return 0;
    }
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strcasecmp(token, names[i].name) == 0) {
            *key = names[i].key;
            return 0;
        }
    }
    return -1;
}

void sk_play_add_time(sk_play *game, int64_t ms)
{
    if (game->status != SK_PLAY_PLAYING || ms <= 0)
        return;
    /* A restored time may be near the limit: stop there, as a negative
     * time could not be saved. */
    game->elapsed_ms = ms > INT64_MAX - game->elapsed_ms ? INT64_MAX : game->elapsed_ms + ms;
}

/* ---------------------------------------------------------- accessors -- */

int sk_play_value(const sk_play *game, int cell)
{
    return game->value[cell];
}
bool sk_play_is_given(const sk_play *game, int cell)
{
    return game->puzzle.cells[cell] != 0;
}
unsigned sk_play_marks(const sk_play *game, int cell)
{
    return game->marks[cell];
}
int sk_play_cursor(const sk_play *game)
{
    return game->cursor;
}
bool sk_play_mark_mode(const sk_play *game)
{
    return game->mark_mode;
}
int sk_play_highlight(const sk_play *game)
{
    return game->highlight;
}
int sk_play_hints(const sk_play *game)
{
    return game->hints;
}
void sk_play_solved_text(const sk_play *game, char *buf, size_t len)
{
    int64_t s = game->elapsed_ms / 1000;
    snprintf(buf, len, "solved in %" PRId64 ":%02d:%02d with %d hint%s", s / 3600,
             (int)(s / 60 % 60), (int)(s % 60), game->hints, game->hints == 1 ? "" : "s");
}

int64_t sk_play_elapsed(const sk_play *game)
{
    return game->elapsed_ms;
}
sk_play_status sk_play_get_status(const sk_play *game)
{
    return game->status;
}
size_t sk_play_undo_depth(const sk_play *game)
{
    return game->undo.count;
}
size_t sk_play_redo_depth(const sk_play *game)
{
    return game->redo.count;
}
bool sk_play_is_wrong(const sk_play *game, int cell)
{
    return game->wrong[cell];
}
const char *sk_play_message(const sk_play *game)
{
    return game->message;
}

void sk_play_set_cursor(sk_play *game, int cell)
{
    if (cell >= 0 && cell < 81)
        game->cursor = cell;
}

const sk_play_hint *sk_play_current_hint(const sk_play *game)
{
    return game->hint_shown ? &game->hint : NULL;
}

int sk_play_hint_node(const sk_play *game)
{
    uint16_t order[PLAY_HINT_NODES];
    if (!game->hint_shown || !game->hint.node_count ||
        game->hint_node >= (int)play_hint_order(&game->hint, order))
        return -1;
    return order[game->hint_node];
}

int sk_play_filled(const sk_play *game)
{
    int n = 0;
    for (int cell = 0; cell < 81; cell++)
        n += game->value[cell] != 0;
    return n;
}

int sk_play_conflicts(const sk_play *game, bool out[81])
{
    int n = 0;
    for (int a = 0; a < 81; a++) {
        bool clash = false;
        for (int b = 0; b < 81 && game->value[a] && !clash; b++)
            clash = game->value[b] == game->value[a] && play_peers(a, b);
        if (out)
            out[a] = clash;
        n += clash;
    }
    return n;
}

static const char *const play_status_names[] = {"playing", "solved", "abandoned"};

const char *sk_play_status_name(sk_play_status status)
{
    return (unsigned)status < 3 ? play_status_names[status] : "unknown";
}

int sk_play_status_parse(const char *name, sk_play_status *out)
{
    for (int i = 0; i < 3; i++) {
        if (name && strcmp(name, play_status_names[i]) == 0) {
            *out = (sk_play_status)i;
            return 0;
        }
    }
    return -1;
}

/* ------------------------------------------------------ saved state -- */

static void play_write_stack(ski_text_buffer *buf, const play_stack *stack)
{
    for (size_t i = 0; i < stack->count; i++) {
        const play_move *move = &stack->moves[i];
        ski_text_buffer_add(buf, i ? " %c" : "%c", move->kind);
        for (size_t k = 0; k < move->count; k++) {
            const play_change *c = &move->changes[k];
            ski_text_buffer_add(buf, "%s%u.%u.%u.%x.%x", k ? "," : "", c->cell, c->old_value, c->new_value,
                         c->old_marks, c->new_marks);
        }
    }
}

void sk_play_state_clear(sk_play_state *state)
{
    free(state->marks);
    free(state->history);
    state->marks = NULL;
    state->history = NULL;
}

int sk_play_export(const sk_play *game, sk_play_state *out, sk_error *err)
{
    memset(out, 0, sizeof *out);
    for (int cell = 0; cell < 81; cell++)
        out->cells[cell] = game->value[cell] ? (char)('0' + game->value[cell]) : '.';
    out->cells[81] = '\0';
    out->elapsed_ms = game->elapsed_ms;
    out->hints = game->hints;
    out->status = game->status;
    ski_text_buffer marks = {0}, history = {0};
    for (int cell = 0; cell < 81; cell++)
        ski_text_buffer_add(&marks, "%03x", game->marks[cell]);
    play_write_stack(&history, &game->undo);
    ski_text_buffer_add(&history, "|");
    play_write_stack(&history, &game->redo);
    if (marks.failed || history.failed) {
        free(marks.data);
        free(history.data);
        sk_error_set(err, SK_EXIT_FAILURE, "out of memory saving the game");
        return -1;
    }
    out->marks = marks.data;
    out->history = history.data;
    return 0;
}

/* Parse the moves of one stack from *p up to '|' or the end. */
static int play_parse_stack(const char **p, const sk_grid *puzzle, play_stack *stack, sk_error *err)
{
    const char *start = *p;
    play_change changes[81];
    while (**p && **p != '|') {
        size_t at = (size_t)(*p - start);
        if (!strchr(play_kinds, **p) || !**p) {
            sk_error_set(err, SK_EXIT_FAILURE, "history: unknown move kind '%c' at offset %zu", **p,
                         at);
            return -1;
        }
        char kind = *(*p)++;
        size_t n = 0;
        for (;;) {
            unsigned v[5];
            bool ok = n < 81;
            for (int f = 0; f < 5 && ok; f++) {
                ok = ski_parse_leading(p, f < 3 ? 10 : 16,
                                       f == 0  ? 80
                                       : f < 3 ? 9
                                               : SK_PLAY_ALL_MARKS,
                                       &v[f]);
                if (ok && f < 4)
                    ok = *(*p)++ == '.';
            }
            if (!ok || puzzle->cells[v[0]]) {
                sk_error_set(err, SK_EXIT_FAILURE,
                             "history: bad change in move %c at offset %zu (want "
                             "cell.old.new.oldmarks.newmarks on a non-given cell)",
                             kind, at);
                return -1;
            }
            changes[n++] = (play_change){(uint8_t)v[0], (uint8_t)v[1], (uint8_t)v[2],
                                         (uint16_t)v[3], (uint16_t)v[4]};
            if (**p != ',')
                break;
            (*p)++;
        }
        play_move move = {kind, (uint16_t)n, malloc(n * sizeof(play_change))};
        if (!move.changes || play_stack_push(stack, move) != 0) {
            free(move.changes);
            sk_error_set(err, SK_EXIT_FAILURE, "out of memory reading the history");
            return -1;
        }
        memcpy(move.changes, changes, n * sizeof(play_change));
        if (**p == ' ')
            (*p)++;
        else if (**p && **p != '|') {
            sk_error_set(err, SK_EXIT_FAILURE, "history: unexpected '%c' at offset %zu", **p,
                         (size_t)(*p - start));
            return -1;
        }
    }
    return 0;
}

/* Check a stack against the board sim: undoing (forward false) from the
 * top each change must find its new state; redoing, its old state. */
static bool play_replay(uint8_t *value, uint16_t *marks, const play_stack *stack, bool forward)
{
    for (size_t i = stack->count; i-- > 0;) {
        const play_move *move = &stack->moves[i];
        for (size_t k = 0; k < move->count; k++) {
            const play_change *c = &move->changes[forward ? k : move->count - 1 - k];
            uint8_t want_v = forward ? c->old_value : c->new_value;
            uint16_t want_m = forward ? c->old_marks : c->new_marks;
            if (value[c->cell] != want_v || marks[c->cell] != want_m)
                return false;
            value[c->cell] = forward ? c->new_value : c->old_value;
            marks[c->cell] = forward ? c->new_marks : c->old_marks;
        }
    }
    return true;
}

/* Saved cells ("." or digits, givens unchanged) into value. */
static int play_import_cells(const sk_play *game, const char *cells, uint8_t value[81],
                             sk_error *err)
{
    if (!cells || strlen(cells) != 81) {
        sk_error_set(err, SK_EXIT_FAILURE, "saved cells: want 81 characters, got %zu",
                     cells ? strlen(cells) : 0);
        return -1;
    }
    for (int cell = 0; cell < 81; cell++) {
        char ch = cells[cell];
        value[cell] = ch == '.' ? 0 : (uint8_t)(ch - '0');
        if (ch != '.' && (ch < '0' || ch > '9')) {
            sk_error_set(err, SK_EXIT_FAILURE, "saved cells: bad character '%c' at column %d", ch,
                         cell + 1);
            return -1;
        }
        if (game->puzzle.cells[cell] && value[cell] != game->puzzle.cells[cell]) {
            sk_error_set(err, SK_EXIT_FAILURE,
                         "saved cells: column %d changes a given of the puzzle", cell + 1);
            return -1;
        }
    }
    return 0;
}

/* Saved marks (three hex digits per cell, or empty for none) into mark. */
static int play_import_marks(const char *marks, uint16_t mark[81], sk_error *err)
{
    memset(mark, 0, 81 * sizeof *mark);
    if (!marks || !*marks)
        return 0;
    if (strlen(marks) != 243) {
        sk_error_set(err, SK_EXIT_FAILURE, "saved marks: want 243 hex digits, got %zu",
                     strlen(marks));
        return -1;
    }
    for (int cell = 0; cell < 81; cell++) {
        char digits[4] = {marks[3 * cell], marks[3 * cell + 1], marks[3 * cell + 2], 0};
        const char *p = digits;
        unsigned v;
        if (!ski_parse_leading(&p, 16, SK_PLAY_ALL_MARKS, &v) || *p) {
            sk_error_set(err, SK_EXIT_FAILURE, "saved marks: bad value \"%s\" for cell %d", digits,
                         cell + 1);
            return -1;
        }
        mark[cell] = (uint16_t)v;
    }
    return 0;
}

/* Saved history "UNDO|REDO" into the two stacks (empty history: both empty). */
static int play_import_history(const sk_play *game, const char *history, play_stack *undo,
                               play_stack *redo, sk_error *err)
{
    if (!history || !*history)
        return 0;
    const char *p = history;
    if (play_parse_stack(&p, &game->puzzle, undo, err) != 0)
        return -1;
    if (*p != '|') {
        sk_error_set(err, SK_EXIT_FAILURE, "history: missing '|' between undo and redo moves");
        return -1;
    }
    p++;
    if (play_parse_stack(&p, &game->puzzle, redo, err) != 0)
        return -1;
    if (*p) {
        sk_error_set(err, SK_EXIT_FAILURE, "history: a second '|' at offset %zu",
                     (size_t)(p - history));
        return -1;
    }
    return 0;
}

/* The undo moves lead from the board back to the bare puzzle; the redo moves apply to it. */
static int play_import_replay(const sk_play *game, const uint8_t value[81], const uint16_t mark[81],
                              const play_stack *undo, const play_stack *redo, sk_error *err)
{
    static const uint16_t no_marks[81];
    uint8_t sim_v[81];
    uint16_t sim_m[81];
    memcpy(sim_v, value, 81);
    memcpy(sim_m, mark, sizeof sim_m);
    if (!play_replay(sim_v, sim_m, undo, false) || memcmp(sim_v, game->puzzle.cells, 81) != 0 ||
        memcmp(sim_m, no_marks, sizeof no_marks) != 0) {
        sk_error_set(err, SK_EXIT_FAILURE,
                     "history: the undo moves do not lead from the puzzle "
                     "to the saved board");
        return -1;
    }
    memcpy(sim_v, value, 81);
    memcpy(sim_m, mark, sizeof sim_m);
    if (!play_replay(sim_v, sim_m, redo, true)) {
        sk_error_set(err, SK_EXIT_FAILURE, "history: the redo moves do not follow the saved board");
        return -1;
    }
    return 0;
}

int sk_play_import(sk_play *game, const char *cells, const char *marks, const char *history,
                   int64_t elapsed_ms, int hints, sk_play_status status, sk_error *err)
{
    int rc = -1;
    play_stack undo = {0}, redo = {0};
    uint8_t value[81];
    uint16_t mark[81];
    if (play_import_cells(game, cells, value, err) || play_import_marks(marks, mark, err) ||
        play_import_history(game, history, &undo, &redo, err) ||
        play_import_replay(game, value, mark, &undo, &redo, err))
        goto done;
    if (elapsed_ms < 0 || hints < 0 || (unsigned)status > SK_PLAY_ABANDONED) {
        sk_error_set(err, SK_EXIT_FAILURE, "saved game: negative time or hints, or bad status");
        goto done;
    }
    if (status == SK_PLAY_SOLVED && memcmp(value, game->solution.cells, 81) != 0) {
        sk_error_set(err, SK_EXIT_FAILURE, "saved game: marked solved but the board is not solved");
        goto done;
    }
    play_stack_clear(&game->undo);
    play_stack_clear(&game->redo);
    game->undo = undo;
    game->redo = redo;
    undo = (play_stack){0};
    redo = (play_stack){0};
    memcpy(game->value, value, 81);
    memcpy(game->marks, mark, sizeof mark);
    game->elapsed_ms = elapsed_ms;
    game->hints = hints;
    game->status = status;
    game->hint_shown = false;
    game->pending_highlight = false;
    memset(game->wrong, 0, sizeof game->wrong);
    rc = 0;
done:
    play_stack_clear(&undo);
    play_stack_clear(&redo);
    return rc;
}
