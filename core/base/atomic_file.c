/* Output files replaced atomically (temporary file + rename), written by a
 * background thread so that producing the next block overlaps the kernel's
 * copy of the last one. A target that is not a regular file (a device, a
 * FIFO) is written in place: it cannot be replaced, and must not be. */
#include "atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cleanup.h"

#define ATOMIC_BUFFER (4u << 20)

struct ski_atomic_file {
    int fd;
    int error; /* first errno met, 0 if none; guarded by lock */
    char *path;
    char *temp_path;    /* NULL when writing the target in place  */
    int cleanup_slot;   /* removes temp_path if a signal ends us  */
    char *buffer;       /* the block being filled                 */
    size_t used;
    char *spare;        /* the block being written, or free       */
    size_t pending;     /* bytes of spare still to write, or 0    */
    bool synced, writer_started, stopping;
    pthread_t writer;
    pthread_mutex_t lock;
    pthread_cond_t changed;
};

/* The writer thread: write each block handed over in spare. */
static void *atomic_writer(void *arg)
{
    ski_atomic_file *file = arg;
    pthread_mutex_lock(&file->lock);
    for (;;) {
        while (!file->pending && !file->stopping)
            pthread_cond_wait(&file->changed, &file->lock);
        if (!file->pending)
            break;
        size_t len = file->pending;
        int error = file->error;
        pthread_mutex_unlock(&file->lock);
        size_t done = 0;
        while (done < len && !error) {
            ssize_t n = write(file->fd, file->spare + done, len - done);
            if (n < 0 && errno != EINTR)
                error = errno;
            else if (n > 0)
                done += (size_t)n;
        }
        pthread_mutex_lock(&file->lock);
        file->error = error;
        file->pending = 0;
        pthread_cond_broadcast(&file->changed);
    }
    pthread_mutex_unlock(&file->lock);
    return NULL;
}

static void atomic_fail_beside(const char *path, sk_error *err)
{
    sk_error_set(err, SK_EXIT_FAILURE, "cannot create a file beside %s: %s", path, strerror(errno));
}

/* Make the temporary file beside file->path, noted for removal. */
static int atomic_open_temp(ski_atomic_file *file, sk_error *err)
{
    /* The temporary file sits in the target's folder so rename is atomic. */
    const char *path = file->path;
    size_t len = strlen(path);
    file->temp_path = malloc(len + 16);
    if (!file->temp_path) {
        sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
        return -1;
    }
    const char *slash = strrchr(path, '/');
    size_t dir_len = slash ? (size_t)(slash - path) + 1 : 0;
    snprintf(file->temp_path, len + 16, "%.*s.%s.XXXXXX", (int)dir_len, path, path + dir_len);
    /* No signal may end the process between making the file and noting it
     * for removal. */
    sigset_t all, before;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &before);
    file->fd = mkstemp(file->temp_path);
    if (file->fd >= 0)
        file->cleanup_slot = ski_cleanup_remember(file->temp_path);
    pthread_sigmask(SIG_SETMASK, &before, NULL);
    if (file->fd < 0) {
        atomic_fail_beside(path, err);
        free(file->temp_path);
        file->temp_path = NULL;
        return -1;
    }
    /* mkstemp makes the file 0600; give it the usual mode. */
    mode_t mask = umask(0);
    umask(mask);
    fchmod(file->fd, 0666 & ~mask);
    return 0;
}

/* How a target is written. */
typedef enum atomic_way {
    ATOMIC_REFUSED = -1, /* a folder (message set)                      */
    ATOMIC_BESIDE = 0,   /* a temporary file beside it, renamed over it */
    ATOMIC_IN_PLACE = 1  /* a device or FIFO, opened as it is            */
} atomic_way;

static atomic_way atomic_way_of(const char *path, sk_error *err)
{
    struct stat st;
    if (stat(path, &st) != 0 || S_ISREG(st.st_mode))
        return ATOMIC_BESIDE;
    if (!S_ISDIR(st.st_mode))
        return ATOMIC_IN_PLACE;
    sk_error_set(err, SK_EXIT_FAILURE, "%s is a folder, not a file", path);
    return ATOMIC_REFUSED;
}

/* The file a path names: the target of a symbolic link (so the link
 * stays), else path itself; the caller frees it. NULL out of memory. */
static char *atomic_real_path(const char *path)
{
    struct stat link;
    char *target = lstat(path, &link) == 0 && S_ISLNK(link.st_mode) ? realpath(path, NULL) : NULL;
    return target ? target : strdup(path);
}

static void atomic_fail_open(const char *path, sk_error *err)
{
    sk_error_set(err, SK_EXIT_FAILURE, "cannot open %s: %s", path, strerror(errno));
}

/* Open what file->path names: a device or FIFO in place; a symbolic link
 * to a file through its target; else a temporary file beside the path. */
static int atomic_open_target(ski_atomic_file *file, sk_error *err)
{
    atomic_way way = atomic_way_of(file->path, err);
    if (way == ATOMIC_REFUSED)
        return -1;
    if (way == ATOMIC_IN_PLACE) {
        file->fd = open(file->path, O_WRONLY | O_CLOEXEC);
        if (file->fd < 0)
            atomic_fail_open(file->path, err);
        return file->fd < 0 ? -1 : 0;
    }
    char *real = atomic_real_path(file->path);
    if (!real) {
        sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
        return -1;
    }
    free(file->path);
    file->path = real;
    return atomic_open_temp(file, err);
}

int ski_atomic_file_check(const char *path, sk_error *err)
{
    atomic_way way = atomic_way_of(path, err);
    if (way == ATOMIC_REFUSED)
        return -1;
    if (way == ATOMIC_IN_PLACE) {
        if (access(path, W_OK) == 0)
            return 0;
        atomic_fail_open(path, err);
        return -1;
    }
    char *real = atomic_real_path(path);
    if (!real) {
        sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
        return -1;
    }
    /* The temporary file is made, and renamed, in the file's folder. */
    char *slash = strrchr(real, '/');
    bool cut = slash && slash != real;
    if (cut)
        *slash = '\0';
    int rc = access(!slash ? "." : cut ? real : "/", W_OK | X_OK);
    if (cut)
        *slash = '/';
    if (rc != 0)
        atomic_fail_beside(real, err);
    free(real);
    return rc == 0 ? 0 : -1;
}

ski_atomic_file *ski_atomic_file_open(const char *path, sk_error *err)
{
    ski_atomic_file *file = calloc(1, sizeof *file);
    if (!file)
        goto out_of_memory;
    file->fd = -1;
    file->cleanup_slot = -1;
    file->path = strdup(path);
    file->buffer = malloc(ATOMIC_BUFFER);
    file->spare = malloc(ATOMIC_BUFFER);
    if (!file->path || !file->buffer || !file->spare)
        goto out_of_memory;
    pthread_mutex_init(&file->lock, NULL);
    pthread_cond_init(&file->changed, NULL);
    file->synced = true;
    if (pthread_create(&file->writer, NULL, atomic_writer, file) != 0) {
        sk_error_set(err, SK_EXIT_FAILURE, "cannot start a writer thread");
        ski_atomic_file_abort(file);
        return NULL;
    }
    file->writer_started = true;
    if (atomic_open_target(file, err) != 0) {
        ski_atomic_file_abort(file);
        return NULL;
    }
    return file;

out_of_memory:
    sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
    ski_atomic_file_abort(file);
    return NULL;
}

/* Hand the filled block to the writer (waiting for it to finish the one
 * before) and start filling the other. */
static void atomic_flush(ski_atomic_file *file)
{
    pthread_mutex_lock(&file->lock);
    while (file->pending)
        pthread_cond_wait(&file->changed, &file->lock);
    char *filled = file->buffer;
    file->buffer = file->spare;
    file->spare = filled;
    file->pending = file->used;
    file->used = 0;
    pthread_cond_broadcast(&file->changed);
    pthread_mutex_unlock(&file->lock);
}

/* Stop the writer once it has written everything handed to it. */
static void atomic_stop_writer(ski_atomic_file *file)
{
    if (!file->writer_started)
        return;
    pthread_mutex_lock(&file->lock);
    file->stopping = true;
    pthread_cond_broadcast(&file->changed);
    pthread_mutex_unlock(&file->lock);
    pthread_join(file->writer, NULL);
    file->writer_started = false;
}

/* The first write error so far, 0 if none. */
static int atomic_error(ski_atomic_file *file)
{
    pthread_mutex_lock(&file->lock);
    int error = file->error;
    pthread_mutex_unlock(&file->lock);
    return error;
}

int ski_atomic_file_write(ski_atomic_file *file, const void *data, size_t len)
{
    const char *bytes = data;
    while (len > 0) {
        if (file->used == ATOMIC_BUFFER)
            atomic_flush(file);
        size_t room = ATOMIC_BUFFER - file->used;
        size_t chunk = len < room ? len : room;
        memcpy(file->buffer + file->used, bytes, chunk);
        file->used += chunk;
        bytes += chunk;
        len -= chunk;
    }
    int error = atomic_error(file);
    if (error)
        errno = error;
    return error ? -1 : 0;
}

int ski_atomic_file_pwrite(ski_atomic_file *file, const void *data, size_t len, size_t offset)
{
    const char *bytes = data;
    while (len > 0) {
        ssize_t n = pwrite(file->fd, bytes, len, (off_t)offset);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            pthread_mutex_lock(&file->lock);
            if (!file->error)
                file->error = n < 0 ? errno : EIO;
            pthread_mutex_unlock(&file->lock);
            return -1;
        }
        bytes += n;
        len -= (size_t)n;
        offset += (size_t)n;
    }
    return 0;
}

int ski_atomic_file_commit(ski_atomic_file *file, sk_error *err)
{
    atomic_flush(file);
    atomic_stop_writer(file);
    if (!file->error && close(file->fd) != 0)
        file->error = errno;
    file->fd = -1;
    if (!file->error && file->temp_path && rename(file->temp_path, file->path) != 0)
        file->error = errno;
    ski_cleanup_forget(file->cleanup_slot);
    file->cleanup_slot = -1;
    if (file->error) {
        sk_error_set(err, SK_EXIT_FAILURE, "cannot write %s: %s", file->path,
                     strerror(file->error));
        ski_atomic_file_abort(file);
        return -1;
    }
    free(file->temp_path);
    file->temp_path = NULL;
    ski_atomic_file_abort(file);
    return 0;
}

int ski_atomic_file_commit_as(ski_atomic_file *file, const char *path, sk_error *err)
{
    char *copy = strdup(path);
    if (!copy) {
        sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
        ski_atomic_file_abort(file);
        return -1;
    }
    free(file->path);
    file->path = copy;
    return ski_atomic_file_commit(file, err);
}

void ski_atomic_file_abort(ski_atomic_file *file)
{
    if (!file)
        return;
    atomic_stop_writer(file);
    if (file->synced) {
        pthread_mutex_destroy(&file->lock);
        pthread_cond_destroy(&file->changed);
    }
    if (file->fd >= 0)
        close(file->fd);
    ski_cleanup_forget(file->cleanup_slot);
    if (file->temp_path)
        unlink(file->temp_path);
    free(file->temp_path);
    free(file->path);
    free(file->buffer);
    free(file->spare);
    free(file);
}
