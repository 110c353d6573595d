/* Output files replaced atomically: written to a temporary file beside the
 * target and renamed over it only when complete. A symbolic link is
 * followed (the file it names is replaced; the link stays). A target that
 * is not a regular file (a device such as /dev/null, a FIFO) is written in
 * place, as it comes: it cannot be replaced, and must never be. */
#ifndef SUDOKIT_ATOMIC_FILE_H
#define SUDOKIT_ATOMIC_FILE_H

#include <stddef.h>

#include "sudokit/error.h"

typedef struct ski_atomic_file ski_atomic_file;

/* Start writing a new version of path. Nothing at a regular file's path
 * changes until ski_atomic_file_commit succeeds. Returns NULL with a
 * message in err when path is a folder or the temporary file (or the
 * device) cannot be opened. */
ski_atomic_file *ski_atomic_file_open(const char *path, sk_error *err);

/* Whether ski_atomic_file_open(path) can succeed, checked without making
 * anything (before long work whose result goes to path): path is not a
 * folder, a device or FIFO there can be written, else the folder of the
 * file (of a symbolic link's target) lets a file be made. Returns 0, or -1
 * with the message ski_atomic_file_open would give in err. */
int ski_atomic_file_check(const char *path, sk_error *err);

/* Append len bytes (buffered in large blocks). Returns 0, or -1 with the
 * error in errno and kept for ski_atomic_file_commit to report. */
int ski_atomic_file_write(ski_atomic_file *file, const void *data, size_t len);

/* Write len bytes at offset, unbuffered, from any thread: for producers
 * that know where their bytes go. Not to be mixed with the buffered calls
 * above on one file. Returns 0, or -1 with the error kept for commit. */
int ski_atomic_file_pwrite(ski_atomic_file *file, const void *data, size_t len, size_t offset);

/* Flush, close and rename over the target; frees file. Returns 0, or -1
 * with a message in err, in which case the target is untouched and the
 * temporary file removed. */
int ski_atomic_file_commit(ski_atomic_file *file, sk_error *err);

/* ski_atomic_file_commit, but renamed to path (in the same file system as
 * the target: beside it) instead of over the target, which stays as it
 * was: what a stopped run finished, kept apart. Returns as commit does. */
int ski_atomic_file_commit_as(ski_atomic_file *file, const char *path, sk_error *err);

/* Give up: remove the temporary file and free file. NULL is ignored. */
void ski_atomic_file_abort(ski_atomic_file *file);

#endif /* SUDOKIT_ATOMIC_FILE_H */
