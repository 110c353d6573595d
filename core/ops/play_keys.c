/* The key script of play: whitespace-separated tokens read from a file
 * descriptor, each one key of the engine. */
#include <errno.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

#include "play_session.h"

/* The next whole token into tok: 1, 0 when none is whole yet, -1 at the
 * end, -2 when a token is longer than toklen - 1. */
static int script_token(sk_key_script *k, char *tok, size_t toklen)
{
    while (k->pos < k->len && strchr(" \t\r\n", k->buf[k->pos])) {
        k->line += k->buf[k->pos] == '\n';
        k->pos++;
    }
    size_t end = k->pos;
    while (end < k->len && !strchr(" \t\r\n", k->buf[end]))
        end++;
    if (end < k->len || (k->eof && end > k->pos)) {
        size_t n = end - k->pos;
        if (n >= toklen)
            return -2;
        memcpy(tok, k->buf + k->pos, n);
        tok[n] = '\0';
        k->pos = end;
        return 1;
    }
    return k->eof ? -1 : 0;
}

/* Read more of the script (waiting up to timeout_ms): 1 read, 0 nothing
 * yet, -2 on an error or a full buffer. */
static int script_fill(sk_key_script *k, int timeout_ms)
{
    memmove(k->buf, k->buf + k->pos, k->len - k->pos);
    k->len -= k->pos;
    k->pos = 0;
    if (k->len == sizeof k->buf)
        return -2;
    struct pollfd pfd = {k->fd, POLLIN, 0};
    int ready = poll(&pfd, 1, timeout_ms);
    if (ready <= 0)
        return ready < 0 && errno != EINTR ? -2 : 0;
    ssize_t got = read(k->fd, k->buf + k->len, sizeof k->buf - k->len);
    if (got < 0)
        return errno == EINTR || errno == EAGAIN ? 0 : -2;
    if (got == 0)
        k->eof = true;
    k->len += (size_t)got;
    return 1;
}

int sk_key_script_next(void *user, int timeout_ms, int *key, char *err, size_t errlen)
{
    sk_key_script *k = user;
    char tok[32];
    for (;;) {
        int got = script_token(k, tok, sizeof tok);
        if (got == 0) {
            int filled = script_fill(k, timeout_ms);
            if (filled == 1)
                continue;
            if (filled == 0)
                return 0;
            got = -2;
        }
        if (got == -1)
            return -1;
        if (got < 0) {
            snprintf(err, errlen, "keys: line %ld: cannot read the key script (a token longer "
                     "than 31 characters or a read error)", k->line + 1);
            return -2;
        }
        if (sk_play_key_parse(tok, key) != 0) {
            snprintf(err, errlen, "keys: line %ld: unknown key '%s' (keys: a character, up down "
                     "left right del bs esc space ctrl-r)", k->line + 1, tok);
            return -2;
        }
        return 1;
    }
}
