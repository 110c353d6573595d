/* The inside of a game session, for the play operation (internal). */
#ifndef SUDOKIT_PLAY_SESSION_H
#define SUDOKIT_PLAY_SESSION_H

#include <time.h>

#include "op.h"
#include "sudokit/session.h"

struct sk_session {
    sk_store *store;    /* borrowed from the play operation */
    sk_game_record rec; /* the games row; rec.id set once inserted */
    sk_play *game;
    sk_instance *hint_rater; /* owned; NULL: the engine's own hints */
    sk_play_view view;
    struct timespec last;  /* when time was last counted */
    uint64_t version;      /* of the row last loaded or saved */
    int checkpoint_ms;     /* 0: every move is saved at once; else moves are
                            * saved when the keys pause, at least this often
                            * while they keep coming, and at the end      */
    bool unsaved;          /* moves since the last save (checkpoint_ms)   */
    struct timespec saved; /* when the game was last saved              */
    bool store_lent;       /* store is the context's: never taken away */
    bool detached;         /* the player took the session and its store */
    const sk_ctx *ctx;     /* the play operation's: its stop request ends
                            * the loop; NULL once detached             */
};

/* The version (sk_session_version) of a saved game's fields. */
uint64_t ski_session_version_of(const sk_game_record *rec);

/* Give the session's game hints from rater (taken over by the session). */
void ski_session_use_rater(sk_session *session, sk_instance *rater);

/* Free a session (not its store). NULL is ignored. */
void ski_session_free(sk_session *session);

/* Read key tokens ("5", "right", "ctrl-r"...) from a file descriptor: the
 * scripted face of play. */
typedef struct ski_key_script {
    int fd;
    const char *name; /* in messages: the path, or "<stdin>" */
    char buf[4096];
    size_t len, pos;
    long line;  /* 0-based line of buf[pos], for messages */
    size_t col; /* 0-based column of buf[pos]            */
    bool eof;
} ski_key_script;

/* Open the key script at path ("-": stdin; path must outlive the
 * script). Returns 0, or -1 with "play: keys: cannot open PATH: reason"
 * in err. */
int ski_key_script_open(ski_key_script *script, const char *path, sk_error *err);

/* Close the script's file (not stdin). */
void ski_key_script_close(ski_key_script *script);

/* An sk_key_source_fn over a ski_key_script (user). */
int ski_key_script_next(void *user, int timeout_ms, int *key, sk_error *err);

#endif /* SUDOKIT_PLAY_SESSION_H */
