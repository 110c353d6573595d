/* The server's token: 32 random hex digits, new at every start or kept in
 * a file (serve --token-file) so that the printed URL and its bookmarks
 * stay valid. A token file is the user's own secret: made whole with mode
 * 0600 when missing, and refused when another user may read it. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "serve_internal.h"

/* The most bytes read of a token file: a token and its line end. */
#define TOKEN_FILE_MAX 256

int serve_token_make(char token[33], sk_error *err)
{
    unsigned char bytes[16];
    size_t got = 0;
    while (got < sizeof bytes) {
        ssize_t n = getrandom(bytes + got, sizeof bytes - got, 0);
        if (n < 0 && errno != EINTR) {
            sk_error_set(err, SK_EXIT_FAILURE, "cannot make a token: getrandom: %s", strerror(errno));
            return -1;
        }
        got += n > 0 ? (size_t)n : 0;
    }
    for (size_t i = 0; i < sizeof bytes; i++)
        snprintf(token + 2 * i, 3, "%02x", bytes[i]);
    return 0;
}

/* Write a new token to path, whole or not at all: into a temporary file
 * beside it (mode 0600), linked to path only if path does not exist yet.
 * 0 made; 1 path appeared meanwhile (nothing written); -1 with err. */
static int token_create(char token[33], const char *path, sk_error *err)
{
    char temp[4096];
    if (snprintf(temp, sizeof temp, "%s.XXXXXX", path) >= (int)sizeof temp) {
        sk_error_set(err, SK_EXIT_FAILURE, "token file %.200s: the name is too long", path);
        return -1;
    }
    if (serve_token_make(token, err))
        return -1;
    int fd = mkstemp(temp); /* mode 0600 */
    if (fd < 0) {
        sk_error_set(err, SK_EXIT_FAILURE, "cannot make the token file %.200s: %s (give a FILE in a folder "
                 "you can write)", path, strerror(errno));
        return -1;
    }
    char line[34];
    snprintf(line, sizeof line, "%s\n", token);
    int why = 0;
    errno = EIO; /* what a short write says */
    if (write(fd, line, 33) != 33 || fsync(fd) != 0)
        why = errno;
    if (close(fd) != 0 && !why)
        why = errno;
    if (!why && link(temp, path) != 0)
        why = errno;
    unlink(temp);
    if (why == EEXIST)
        return 1;
    if (why)
        sk_error_set(err, SK_EXIT_FAILURE, "cannot make the token file %.200s: %s", path, strerror(why));
    return why ? -1 : 0;
}

/* Check a token file's text (len bytes): 32 hex digits on its first line,
 * nothing after but the line's end. 0 with the token, or -1 with err
 * naming FILE:LINE:COLUMN. */
static int token_parse(const char *text, size_t len, const char *path, char token[33], sk_error *err)
{
    size_t n = 0;
    while (n < len && n < 32 && isxdigit((unsigned char)text[n]))
        n++;
    size_t end = n;
    end += end < len && text[end] == '\r';
    end += end < len && text[end] == '\n';
    if (n == 32 && end == len) {
        memcpy(token, text, 32);
        token[32] = '\0';
        return 0;
    }
    bool next_line = n == 32 && end > n && text[end - 1] == '\n';
    sk_error_set(err, SK_EXIT_FAILURE, "%.200s:%d:%zu: a token file holds one line of 32 hexadecimal "
             "digits (0-9, a-f); remove it to have a new token made", path, next_line ? 2 : 1,
             next_line ? (size_t)1 : n + 1);
    return -1;
}

/* Read the token of the open file fd (path): a regular file of this user
 * that no other user may read. 0, or -1 with err. */
static int token_read(int fd, const char *path, char token[33], sk_error *err)
{
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        sk_error_set(err, SK_EXIT_FAILURE, "token file %.200s is not a regular file", path);
        return -1;
    }
    if (st.st_uid != geteuid()) {
        sk_error_set(err, SK_EXIT_FAILURE, "token file %.200s belongs to another user: use a file of your "
                 "own", path);
        return -1;
    }
    if (st.st_mode & 077) {
        sk_error_set(err, SK_EXIT_FAILURE, "token file %.200s may be read by other users (mode %04o): run "
                 "`chmod 600 %.200s`, or remove it to have a new token made", path,
                 (unsigned)(st.st_mode & 07777), path);
        return -1;
    }
    char text[TOKEN_FILE_MAX];
    size_t len = 0;
    ssize_t got;
    while (len < sizeof text && (got = read(fd, text + len, sizeof text - len)) != 0) {
        if (got < 0 && errno != EINTR) {
            sk_error_set(err, SK_EXIT_FAILURE, "cannot read the token file %.200s: %s", path, strerror(errno));
            return -1;
        }
        len += got > 0 ? (size_t)got : 0;
    }
    return token_parse(text, len, path, token, err);
}

int serve_token_keep(char token[33], const char *path, bool *made, sk_error *err)
{
    *made = false;
    for (int attempt = 0; attempt < 2; attempt++) {
        int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
        if (fd >= 0) {
            int status = token_read(fd, path, token, err);
            close(fd);
            return status;
        }
        if (errno != ENOENT) {
            sk_error_set(err, SK_EXIT_FAILURE, "cannot open the token file %.200s: %s", path, strerror(errno));
            return -1;
        }
        int created = token_create(token, path, err);
        if (created <= 0) {
            *made = created == 0;
            return created;
        }
    }
    sk_error_set(err, SK_EXIT_FAILURE, "token file %.200s can be neither opened nor made (a link to a "
             "missing file?): give another FILE", path);
    return -1;
}
