/* `sudokit play`: the play operation, with the terminal as its player when
 * no key script is given. */
#include <string.h>

#include "cli.h"
#include "play_screen.h"
#include "sudokit/session.h"

/* sk_key_source_fn over the terminal. */
static int play_screen_source(void *user, int timeout_ms, int *key, sk_error *err)
{
    (void)user, (void)err;
    return ski_play_screen_key(timeout_ms, key);
}

/* sk_draw_fn over the terminal. */
static void play_screen_draw(void *user, const sk_session *session)
{
    (void)user;
    ski_play_screen_draw(sk_session_game((sk_session *)session), sk_session_view(session));
}

/* The player: take over the terminal, play, give it back. */
static int play_in_terminal(void *user, sk_session *session)
{
    sk_error err;
    (void)user;
    if (ski_play_screen_open(sk_session_view(session)->color, &err) != 0)
        return ski_cli_fail("play: %s (or give --keys FILE)", err.message);
    int status = sk_session_loop(session, play_screen_source, NULL, play_screen_draw, NULL);
    ski_play_screen_close();
    return status;
}

/* `play --resume` without a game id, alone: the unfinished games. */
static bool play_lists_unfinished(int argc, char **argv)
{
    return argc == 2 && strcmp(argv[1], "--resume") == 0;
}

int ski_cmd_play(ski_cli *cli, int argc, char **argv)
{
    if (play_lists_unfinished(argc, argv)) {
        static const char *const unfinished[] = {"unfinished", "1", NULL};
        char *words[] = {argv[0], NULL};
        return ski_cli_op(cli, "games", "play --resume", 1, words, unfinished);
    }
    return ski_cli_op_playing(cli, "play", "play", argc, argv, play_in_terminal, NULL);
}
