/* The key script of play: blank-separated tokens read from a file
 * descriptor, each one key of the engine. A byte that cannot be part of a
 * key stops the script with its place. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

#include "play_session.h"

/* The longest key name, with room for its NUL ("backspace" is 9). */
#define SCRIPT_TOKEN_SIZE 32

int ski_key_script_open(ski_key_script *k, const char *path, sk_error *err)
{
    memset(k, 0, sizeof *k);
    k->fd = STDIN_FILENO;
    k->name = "<stdin>";
    if (strcmp(path, "-") == 0)
        return 0;
    k->name = path;
    if ((k->fd = open(path, O_RDONLY)) >= 0)
        return 0;
    sk_error_set(err, SK_EXIT_FAILURE, "play: keys: cannot open %s: %s", path, strerror(errno));
    return -1;
}

void ski_key_script_close(ski_key_script *k)
{
    if (k->fd != STDIN_FILENO && k->fd >= 0)
        close(k->fd);
    k->fd = -1;
}

static bool script_is_blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n';
}

/* A byte a key token may hold: printable ASCII but the blank. */
static bool script_is_key_byte(char ch)
{
    return ch > ' ' && ch < 0x7F;
}

/* Step over the byte at k->pos, counting lines and columns. */
static void script_step(ski_key_script *k)
{
    if (k->buf[k->pos++] == '\n') {
        k->line++;
        k->col = 0;
    } else {
        k->col++;
    }
}

/* The next whole token into tok (SCRIPT_TOKEN_SIZE bytes): 1, 0 when none
 * is whole yet, -1 at the end, -2 on a byte that is not a key's or a token
 * too long (message in err). */
static int script_token(ski_key_script *k, char *tok, sk_error *err)
{
    while (k->pos < k->len && script_is_blank(k->buf[k->pos]))
        script_step(k);
    size_t end = k->pos;
    while (end < k->len && script_is_key_byte(k->buf[end]) && end - k->pos < SCRIPT_TOKEN_SIZE)
        end++;
    if (end - k->pos == SCRIPT_TOKEN_SIZE) {
        sk_error_set(err, SK_EXIT_FAILURE, "%s:%ld:%zu: a key is one character or a name of at most %d", k->name,
                 k->line + 1, k->col + 1, SCRIPT_TOKEN_SIZE - 1);
        return -2;
    }
    if (end < k->len && !script_is_blank(k->buf[end])) {
        size_t col = k->col + 1 + (end - k->pos);
        sk_error_set(err, SK_EXIT_FAILURE,
                 "%s:%ld:%zu: byte \\x%02X is not part of a key (a key script holds "
                 "printable keys separated by blanks: 5 u right ctrl-r q)",
                 k->name, k->line + 1, col, (unsigned char)k->buf[end]);
        return -2;
    }
    if (end == k->len && !k->eof)
        return 0;
    if (end == k->pos)
        return -1;
    memcpy(tok, k->buf + k->pos, end - k->pos);
    tok[end - k->pos] = '\0';
    return 1;
}

/* Read more of the script (waiting up to timeout_ms): 1 read, 0 nothing
 * yet, -2 on an error (message in err). */
static int script_fill(ski_key_script *k, int timeout_ms, sk_error *err)
{
    memmove(k->buf, k->buf + k->pos, k->len - k->pos);
    k->len -= k->pos;
    k->pos = 0;
    struct pollfd pfd = {k->fd, POLLIN, 0};
    int ready = poll(&pfd, 1, timeout_ms);
    if (ready == 0 || (ready < 0 && errno == EINTR))
        return 0;
    ssize_t got = ready < 0 ? -1 : read(k->fd, k->buf + k->len, sizeof k->buf - k->len);
    if (got < 0 && (errno == EINTR || errno == EAGAIN))
        return 0;
    if (got < 0) {
        sk_error_set(err, SK_EXIT_FAILURE, "%s:%ld: cannot read the keys: %s", k->name, k->line + 1,
                 strerror(errno));
        return -2;
    }
    k->eof = got == 0;
    k->len += (size_t)got;
    return 1;
}

int ski_key_script_next(void *user, int timeout_ms, int *key, sk_error *err)
{
    ski_key_script *k = user;
    char tok[SCRIPT_TOKEN_SIZE];
    int got;
    while ((got = script_token(k, tok, err)) == 0) {
        int filled = script_fill(k, timeout_ms, err);
        if (filled != 1)
            return filled;
    }
    if (got < 0)
        return got;
    size_t col = k->col + 1;
    while (k->pos < k->len && script_is_key_byte(k->buf[k->pos]))
        script_step(k);
    if (sk_play_key_parse(tok, key) != 0) {
        sk_error_set(err, SK_EXIT_FAILURE,
                 "%s:%ld:%zu: unknown key '%s' (keys: a character, up down left right del bs "
                 "esc space ctrl-r)",
                 k->name, k->line + 1, col, tok);
        return -2;
    }
    return 1;
}
