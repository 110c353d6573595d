/* Helpers `sudokit games` shares with `sudokit play`. */
#ifndef SUDOKIT_CLI_GAMES_H
#define SUDOKIT_CLI_GAMES_H

#include <stddef.h>

#include "sudokit/store.h"

/* The rater whose ratings describe puzzles to a player, into name (len
 * bytes): wanted when not NULL, else "human" when it rated any puzzle of
 * store, else the rater with the most ratings, else "" (none). */
void sk_games_pick_rater(sk_store *store, const char *wanted, char *name, size_t len);

#endif /* SUDOKIT_CLI_GAMES_H */
