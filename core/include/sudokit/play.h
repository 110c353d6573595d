/* Play engine: one game's board, pencil marks, undo history, hints and keys. */
#ifndef SUDOKIT_PLAY_H
#define SUDOKIT_PLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sudokit/error.h"
#include "sudokit/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * A game holds the givens and the unique solution of a puzzle, the digits
 * the player has placed, nine pencil marks per cell (bit d-1 for digit d),
 * a cursor, unbounded undo and redo stacks, the elapsed time, the hint
 * count and a status. It knows nothing about terminals or databases: a
 * front end feeds it keys (sk_play_key) and reads it back through the
 * accessors; the whole state goes to and from strings (sk_play_export,
 * sk_play_import) for the games table.
 */
typedef struct sk_play sk_play;

/* Keys beyond the characters of the keyboard ('1'..'9', 'u', ...). */
enum {
    SK_PLAY_KEY_UP = 0x100,
    SK_PLAY_KEY_DOWN,
    SK_PLAY_KEY_LEFT,
    SK_PLAY_KEY_RIGHT,
    SK_PLAY_KEY_DELETE,
    SK_PLAY_KEY_BACKSPACE,
    SK_PLAY_KEY_ESCAPE,
    SK_PLAY_KEY_CTRL_R = 0x12 /* redo, as the terminal sends it */
};

/* What a key did, so the front end knows whether to save or stop. */
typedef enum sk_play_result {
    SK_PLAY_IGNORED = 0, /* nothing changed (a message may say why)      */
    SK_PLAY_VIEW = 1,    /* only the view changed: cursor, mode, marks   */
    SK_PLAY_MOVED = 2,   /* the saved state changed: save it now         */
    SK_PLAY_SAVE = 3,    /* the player asked to save                     */
    SK_PLAY_QUIT = 4     /* the player asked to quit                     */
} sk_play_result;

/* Game status, as stored in the games table. */
typedef enum sk_play_status {
    SK_PLAY_PLAYING = 0,
    SK_PLAY_SOLVED = 1,
    SK_PLAY_ABANDONED = 2
} sk_play_status;

/* Mask of all nine pencil marks. */
#define SK_PLAY_ALL_MARKS 0x1FFu

/* A hint: the next logical step, shown on the board, and the digit a
 * second request reveals. */
typedef struct sk_play_hint {
    char text[192];          /* one line a player understands             */
    bool cells[81];          /* cells that make the pattern               */
    uint16_t eliminated[81]; /* candidates the step removes, per cell     */
    int place_cell;          /* cell the reveal fills, -1 for none        */
    int place_digit;         /* its digit                                 */
    /* The step's chains, from raters of plugin ABI 1.2 (see sk_step): in
     * notation ("" for none) and as nodes, chain i being nodes
     * [chain_starts[i], chain_starts[i + 1]). */
    char notation[2048];
    sk_chain_node nodes[1024];
    size_t node_count;
    uint32_t chain_starts[17];
    size_t chain_count;
} sk_play_hint;

/* Finds the next logical step on position (the givens and the player's
 * digits, all correct). Fills out and returns 0, or returns nonzero when
 * it cannot; the engine then falls back to its own hint. */
typedef int (*sk_play_hint_fn)(void *user, const sk_grid *position, sk_play_hint *out);

/* A game's state as strings, the shape of a row of the games table. */
typedef struct sk_play_state {
    char cells[82]; /* 81 chars, '.' blank, then NUL                  */
    char *marks;    /* 243 hex digits (3 per cell), heap, owned       */
    char *history;  /* undo and redo stacks, see docs/play.md, owned  */
    int64_t elapsed_ms;
    int hints;
    sk_play_status status;
} sk_play_state;

/* Start a game on puzzle, whose unique solution is solution. Returns 0 and
 * a game in *out (free with sk_play_free), or -1 with a message in err when
 * solution does not solve puzzle or memory runs out. */
int sk_play_new(const sk_grid *puzzle, const sk_grid *solution, sk_play **out, sk_error *err);

/* Free a game; NULL is ignored. */
void sk_play_free(sk_play *game);

/* Use fn (with user) for hints instead of the engine's own, which reveals
 * the empty cell with the fewest candidates. fn may be NULL. */
void sk_play_set_hint_fn(sk_play *game, sk_play_hint_fn fn, void *user);

/* Apply one key (see the key table in docs/play.md) and return what it
 * did. Keys a game does not know are ignored with a message. */
sk_play_result sk_play_key(sk_play *game, int key);

/* Parse a key token of the scripted mode ("right", "5", "u", "ctrl-r",
 * "del", "space"...). Returns 0 and the key in *key, or -1 for an unknown
 * token. */
int sk_play_key_parse(const char *token, int *key);

/* Add ms milliseconds of play time (ignored once the game is over or when
 * ms is not positive); the time stops at INT64_MAX. */
void sk_play_add_time(sk_play *game, int64_t ms);

/* The moves, one key each, that the front ends and tests use directly. Each
 * returns SK_PLAY_MOVED when the board or marks changed (the move is on the
 * undo stack and the redo stack is emptied), SK_PLAY_IGNORED otherwise
 * with the reason in sk_play_message. */
sk_play_result sk_play_place(sk_play *game, int cell, int digit);
sk_play_result sk_play_erase(sk_play *game, int cell);
sk_play_result sk_play_toggle_mark(sk_play *game, int cell, int digit);
sk_play_result sk_play_auto_candidates(sk_play *game);
sk_play_result sk_play_undo(sk_play *game);
sk_play_result sk_play_redo(sk_play *game);

/* First call: compute a hint and show it (counts one hint; the count
 * stops at INT_MAX). Second call
 * with the same hint shown: reveal its digit as an undoable move. */
sk_play_result sk_play_hint_request(sk_play *game);

/* Mark the player's wrong digits (against the solution) until the next
 * move; returns how many there are. */
int sk_play_check(sk_play *game);

/* Accessors. Cells are 0..80 row-major; values 0 (empty) or 1..9. */
int sk_play_value(const sk_play *game, int cell);
bool sk_play_is_given(const sk_play *game, int cell);
unsigned sk_play_marks(const sk_play *game, int cell);
int sk_play_cursor(const sk_play *game);
void sk_play_set_cursor(sk_play *game, int cell);
bool sk_play_mark_mode(const sk_play *game);
int sk_play_highlight(const sk_play *game); /* 0 for none */
int sk_play_filled(const sk_play *game);
int sk_play_hints(const sk_play *game);
int64_t sk_play_elapsed(const sk_play *game);
sk_play_status sk_play_get_status(const sk_play *game);
size_t sk_play_undo_depth(const sk_play *game);
size_t sk_play_redo_depth(const sk_play *game);

/* "solved in 0:04:12 with 2 hints" into buf (len bytes): the time played
 * and the hints of a game, what a solved game says. */
void sk_play_solved_text(const sk_play *game, char *buf, size_t len);

/* Candidates of cell from the digits on the board (bit d-1 for d); 0 for
 * a filled cell. */
unsigned sk_play_candidates(const sk_play *game, int cell);

/* Cells whose digit clashes with another in a row, column or box; fills
 * out[81] (may be NULL) and returns how many. */
int sk_play_conflicts(const sk_play *game, bool out[81]);

/* True for a cell marked wrong by the last check (cleared by any move). */
bool sk_play_is_wrong(const sk_play *game, int cell);

/* The hint on show, or NULL. */
const sk_play_hint *sk_play_current_hint(const sk_play *game);

/* How far the hint's chains are unfolded: the index in its nodes of the
 * last node on show (0 when the hint is asked for; the keys ] and [ show
 * one node more or less, across its chains in order, and after a node a
 * nested chain proves, that chain's nodes: see sk_chain_node), or -1 when
 * no hint with a chain is on show. */
int sk_play_hint_node(const sk_play *game);

/* The last message for the player ("" when none); valid until the next
 * call on the game. */
const char *sk_play_message(const sk_play *game);

/* Name of a status: "playing", "solved", "abandoned"; and back (-1 when
 * name is none of those). */
const char *sk_play_status_name(sk_play_status status);
int sk_play_status_parse(const char *name, sk_play_status *out);

/* Write the whole state (cells, marks, undo and redo history, elapsed
 * time, hints, status) into out; out->marks and out->history are heap
 * strings the caller frees with sk_play_state_clear. Returns 0, or -1 when
 * memory runs out (message in err). */
int sk_play_export(const sk_play *game, sk_play_state *out, sk_error *err);

/* The state in, of a game on puzzle P, rewritten for the same game on the
 * image of P under t (sk_canon_transform): every cell moved to its image,
 * digits and pencil marks relabelled, in cells, marks and history. Returns
 * 0 with out's marks and history on the heap (sk_play_state_clear), or -1
 * with err when in is not in the saved-game format. */
struct sk_transform;
int sk_play_state_transform(const sk_play_state *in, const struct sk_transform *t,
                            sk_play_state *out, sk_error *err);

/* Restore a state written by sk_play_export into game (started on the same
 * puzzle). Every field is checked: cells must keep the givens and hold
 * digits, marks must be 243 hex digits, the history must replay against
 * the board. marks and history may be NULL or "" (none). Returns 0, or -1
 * with what is wrong in err, leaving game unchanged. */
int sk_play_import(sk_play *game, const char *cells, const char *marks, const char *history,
                   int64_t elapsed_ms, int hints, sk_play_status status, sk_error *err);

/* Free the strings of a state; safe to call twice. */
void sk_play_state_clear(sk_play_state *state);


#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_PLAY_H */
