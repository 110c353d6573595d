/* A game being played: the play engine, its row in the games table, and
 * what a face shows besides the board. The play operation starts one and
 * lends it to its player (sk_op_set_player: the terminal, a key script,
 * the web page or a program's own face), which feeds it keys through
 * sk_session_loop or moves through sk_session_act. */
#ifndef SUDOKIT_SESSION_H
#define SUDOKIT_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sudokit/play.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sk_session sk_session;

/* What a face shows besides the game itself. */
typedef struct sk_play_view {
    char title[96];   /* "game 3, puzzle 12, human 2.3 level 1"          */
    char notice[320]; /* the session's last word ("saved", an error)     */
    bool alert;       /* notice is an error: show it before any message */
    bool color;       /* the face may colour what it draws (ski_color_use) */
} sk_play_view;

/* The engine, the view, the game's row id and its puzzle's. */
sk_play *sk_session_game(sk_session *session);
const sk_play_view *sk_session_view(const sk_session *session);
int64_t sk_session_game_id(const sk_session *session);
int64_t sk_session_puzzle_id(const sk_session *session);

/* Save the game now (every move does). Returns 0, or -1 with the reason
 * in the view's notice (alert set); the game goes on. */
int sk_session_save(sk_session *session);

/* Where a face's keys come from: 1 with a key in *key, 0 when none came
 * within timeout_ms, -1 at the end of the keys, -2 on an error (message in
 * err). */
typedef int (*sk_key_source_fn)(void *user, int timeout_ms, int *key, sk_error *err);

/* Draws the game (may be NULL for a face that only prints at the end). */
typedef void (*sk_draw_fn)(void *user, const sk_session *session);

/* Play: keys from source, drawn with draw before each wait, time counted,
 * every move saved, until the player quits, the keys end, or the play
 * operation's context is asked to stop (sk_ctx_stop; SIGINT, SIGTERM or
 * SIGHUP with stop_on_signals), the game saved first. Returns the exit
 * status: 0, 1 when a save or the keys failed or a stop without a signal,
 * 128 + the signal. */
int sk_session_loop(sk_session *session, sk_key_source_fn source, void *source_user,
                    sk_draw_fn draw, void *draw_user);

/* Write the board and the state as text lines (the key script's report). */
void sk_session_print(const sk_session *session, FILE *out);

/* Save the game when result (what a key or move of the engine just did)
 * changed it or asked for a save, as every face does after a move.
 * Returns result, or -1 when the save failed (the reason in the view's
 * notice). */
int sk_session_commit(sk_session *session, sk_play_result result);

/* Apply one move named by a face that does not speak in keys (the web
 * page): "place" and "mark" (digit 1-9 at cell 0-80: place it, or toggle
 * that pencil mark), "erase" (cell), "undo", "redo", "auto" (every empty
 * cell's marks set to its possible digits), "hint" (show the next step;
 * asked again while it is on show, reveal its digit), "check" (mark the
 * wrong digits). The move is committed (sk_session_commit). Returns what
 * it did, or -1 with err naming the bad action, cell or digit and the
 * valid ones (the game is unchanged). */
int sk_session_act(sk_session *session, const char *action, int cell, int digit, sk_error *err);

/* The version of the saved game: a hash of what the last load or save
 * held (cells, marks, history, hints, status; not the time). Two copies
 * of a game with the same version hold the same game, so a face that
 * sends the version it saw with a move can be told when the game moved on
 * without it (another tab, another terminal). */
uint64_t sk_session_version(const sk_session *session);

/* Whether the game's row in the database is no longer what this session
 * last loaded or saved (changed by another process since). Returns 1
 * changed, 0 the same, -1 when it cannot be read or is gone (err). */
int sk_session_changed_elsewhere(sk_session *session, sk_error *err);

/* Take the session away from the play operation that lent it to its
 * player: the operation then leaves it, and its database connection, to
 * the caller, who ends it with sk_session_close. For a face that keeps
 * games open between requests (sudokit serve). Returns session, or NULL
 * when the operation's database was lent by its context (a Lua store),
 * which the session cannot take. */
sk_session *sk_session_detach(sk_session *session);

/* Free a detached session and close its database connection (it saves
 * nothing: call sk_session_save first). NULL is ignored. */
void sk_session_close(sk_session *session);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_SESSION_H */
