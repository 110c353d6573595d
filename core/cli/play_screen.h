/* The ncurses face of `sudokit play`: draws a game and reads keys. */
#ifndef SUDOKIT_PLAY_SCREEN_H
#define SUDOKIT_PLAY_SCREEN_H

#include <stdbool.h>

#include "sudokit/play.h"
#include "sudokit/session.h"

/* Take over the terminal (cbreak, no echo, keypad, and colours when color
 * is set and the terminal has them). Returns 0, or -1 with a message in
 * err when stdin or stdout is not a terminal that ncurses can drive. */
int ski_play_screen_open(bool color, sk_error *err);

/* Give the terminal back; safe to call when not open. */
void ski_play_screen_close(void);

/* Draw the whole screen: board, side panel, message and help lines. */
void ski_play_screen_draw(const sk_play *game, const sk_play_view *view);

/* Wait up to timeout_ms for a key. Returns 1 with an engine key in *key
 * (see sk_play_key), 0 when none came (timeout, a signal, or a resize,
 * after which the caller redraws). */
int ski_play_screen_key(int timeout_ms, int *key);

#endif /* SUDOKIT_PLAY_SCREEN_H */
