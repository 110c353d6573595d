/* A game being played: the play engine, its row in the games table, and
 * what a face shows besides the board. The play operation starts one and
 * lends it to a face (the terminal, a key script, the web page), which
 * feeds it keys through sk_session_loop. */
#ifndef SUDOKIT_SESSION_H
#define SUDOKIT_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sudokit/play.h"

typedef struct sk_session sk_session;

/* What a face shows besides the game itself. */
typedef struct sk_play_view {
    char title[96];   /* "game 3, puzzle 12, human 2.3 level 1"          */
    char notice[320]; /* the session's last word ("saved", an error)     */
    bool alert;       /* notice is an error: show it before any message */
    bool color;       /* the face may colour what it draws (sk_color_use) */
} sk_play_view;

/* The engine, the view, and the game's row id. */
sk_play *sk_session_game(sk_session *session);
const sk_play_view *sk_session_view(const sk_session *session);
int64_t sk_session_game_id(const sk_session *session);

/* Save the game now (every move does). Returns 0, or -1 with the reason
 * in the view's notice (alert set); the game goes on. */
int sk_session_save(sk_session *session);

/* Where a face's keys come from: 1 with a key in *key, 0 when none came
 * within timeout_ms, -1 at the end of the keys, -2 on an error (message in
 * err). */
typedef int (*sk_key_source_fn)(void *user, int timeout_ms, int *key, char *err, size_t errlen);

/* Draws the game (may be NULL for a face that only prints at the end). */
typedef void (*sk_draw_fn)(void *user, const sk_session *session);

/* Play: keys from source, drawn with draw before each wait, time counted,
 * every move saved, until the player quits, the keys end, or SIGINT,
 * SIGTERM or SIGHUP ask to stop (the game is saved first). Returns the exit
 * status: 0, 1 when a save or the keys failed, 128 + the signal. */
int sk_session_loop(sk_session *session, sk_key_source_fn source, void *source_user,
                    sk_draw_fn draw, void *draw_user);

/* Write the board and the state as text lines (the key script's report). */
void sk_session_print(const sk_session *session, FILE *out);

#endif /* SUDOKIT_SESSION_H */
