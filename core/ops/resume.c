/* What a stopped run finished, and going on from it: solve and rate with
 * --output FILE keep, on a stop, what they wrote (the input's first
 * puzzles, in order) as FILE.partial; --resume copies it into the new
 * output and skips the input's puzzles it holds. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "op.h"
#include "sudokit/grid.h"

#define PARTIAL_SUFFIX ".partial"

/* FILE.partial of the output FILE, into buf; false when it does not fit. */
static bool resume_partial_path(const sk_op *op, char *buf, size_t len)
{
    return op->output_path &&
           (size_t)snprintf(buf, len, "%s" PARTIAL_SUFFIX, op->output_path) < len;
}

/* Open the partial output at path on s and read its first record. 0, or -1
 * with err when it cannot be read or holds a record that is not one. */
static int resume_open(ski_sources *s, const char *op, const char *path, sk_error *err)
{
    sk_error why;
    s->resume = sk_reader_open(path, &why);
    if (!s->resume)
        return sk_error_set(err, SK_EXIT_FAILURE,
                            "%s: --resume: %s (a run stopped with "
                            "--output FILE leaves FILE" PARTIAL_SUFFIX ")",
                            op, why.message);
    s->resume_path = path;
    sk_read_status status = sk_reader_next(s->resume, &s->resume_grid);
    if (status == SK_READ_OK)
        return 0;
    int rc = status == SK_READ_END ? 0 /* empty: nothing to skip */
             : sk_error_set(err, SK_EXIT_FAILURE, "%s: --resume: %s", op,
                            sk_reader_error(s->resume));
    sk_reader_close(s->resume);
    s->resume = NULL;
    return rc;
}

int ski_op_resume(sk_op *op, ski_sources *sources, sk_error *err)
{
    const char *name = op->def->info.name;
    op->output_in_order = true;
    if (!op->resume)
        return 0;
    char path[4096];
    if (!op->output_path || op->has_sink)
        return sk_error_set(err, SK_EXIT_USAGE, "%s: --resume goes on from the FILE"
                            PARTIAL_SUFFIX " of --output FILE: give --output", name);
    if (sources->sharded)
        return sk_error_set(err, SK_EXIT_USAGE, "%s: --resume and --shard: resume a shard "
                            "without --shard, on its own block", name);
    if (!resume_partial_path(op, path, sizeof path) || ski_op_copy(&op->resume_from, path, err))
        return sk_error_set(err, SK_EXIT_USAGE, "%s: --output: the name is too long", name);
    struct stat st;
    if (stat(path, &st) != 0)
        return sk_error_set(err, SK_EXIT_FAILURE, "%s: --resume: no %s (%s): a run stopped "
                            "with --output %s leaves one", name, path, strerror(errno),
                            op->output_path);
    op->output_continues = st.st_size > 0;
    return resume_open(sources, name, op->resume_from, err);
}

int ski_op_resume_copy(sk_op *op, ski_atomic_file *file, sk_error *err)
{
    FILE *in = fopen(op->resume_from, "rb");
    if (!in)
        return sk_error_set(err, SK_EXIT_FAILURE, "%s: --resume: cannot read %s: %s",
                            op->def->info.name, op->resume_from, strerror(errno));
    char buf[65536];
    size_t n;
    int rc = 0;
    while (rc == 0 && (n = fread(buf, 1, sizeof buf, in)) > 0)
        rc = ski_atomic_file_write(file, buf, n);
    if (rc == 0 && ferror(in))
        rc = -1;
    fclose(in);
    if (rc)
        return sk_error_set(err, SK_EXIT_FAILURE, "%s: --resume: cannot copy %s: %s",
                            op->def->info.name, op->resume_from, strerror(errno ? errno : EIO));
    return 0;
}

int ski_op_keep_partial(sk_op *op, sk_error *err)
{
    char path[4096];
    sk_error why;
    struct stat st;
    if (!op->output_in_order || !op->output_file || !resume_partial_path(op, path, sizeof path) ||
        (stat(op->output_path, &st) == 0 && !S_ISREG(st.st_mode)))
        return 0;
    int rc = 0;
    if (op->writer && sk_writer_finish(op->writer) != 0)
        rc = -1;
    op->writer = NULL;
    if (fflush(op->output_stream) != 0 || ferror(op->output_stream))
        rc = -1;
    fclose(op->output_stream);
    op->output_stream = NULL;
    ski_atomic_file *file = op->output_file;
    op->output_file = NULL;
    if (rc) {
        ski_atomic_file_abort(file);
        return sk_error_set(err, SK_EXIT_FAILURE, "cannot write %s: %s", path,
                            strerror(errno ? errno : EIO));
    }
    if (ski_atomic_file_commit_as(file, path, &why))
        return sk_error_set(err, SK_EXIT_FAILURE, "%s", why.message);
    return 1;
}

void ski_op_resume_done(sk_op *op)
{
    if (op->resume_from)
        unlink(op->resume_from);
}

/* Whether the input's grid is the puzzle of the partial's record, or the
 * partial's grid its solution (solve writes only the solution). */
static bool resume_matches(const ski_sources *s, const sk_grid *grid)
{
    return memcmp(grid->cells, s->resume_grid.cells, sizeof grid->cells) == 0 ||
           sk_grid_solves(grid, &s->resume_grid);
}

int ski_sources_resumed(ski_sources *s, sk_read_status status, const sk_grid *grid)
{
    if (!s->resume)
        return 0;
    if (status == SK_READ_END)
        return -1;
    s->resumed++;
    if (status != SK_READ_OK || !resume_matches(s, grid))
        return 1; /* failed in the run that stopped: not in its output */
    status = sk_reader_next(s->resume, &s->resume_grid);
    if (status != SK_READ_OK) {
        sk_reader_close(s->resume);
        s->resume = NULL;
    }
    return 1;
}
