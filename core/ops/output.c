/* Where an operation's results go: a sink, the context's out stream, or a
 * file replaced only when the run succeeds. */
#define _GNU_SOURCE /* fopencookie */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "op.h"

int ski_op_output_to(sk_op *op, const char *path, sk_error *err)
{
    return ski_op_copy(&op->output_path, path && strcmp(path, "-") == 0 ? NULL : path, err);
}

int ski_op_check_output(sk_op *op, const char *path, sk_error *err)
{
    sk_error why;
    if (sk_ctx_check_file(op->ctx, path, SK_ACCESS_WRITE, err))
        return -1;
    if (ski_atomic_file_check(path, &why) == 0)
        return 0;
    return sk_error_set(err, SK_EXIT_FAILURE, "%s: %s", op->def->info.name, why.message);
}

/* fopencookie's write: into the atomic file (which keeps its first error,
 * and gives it in errno). */
static ssize_t output_cookie_write(void *cookie, const char *data, size_t len)
{
    return ski_atomic_file_write(cookie, data, len) != 0 ? -1 : (ssize_t)len;
}

static int output_open_stream(sk_op *op, sk_error *err)
{
    if (!op->output_path) {
        op->output_stream = sk_ctx_out(op->ctx);
        return 0;
    }
    if (sk_ctx_check_file(op->ctx, op->output_path, SK_ACCESS_WRITE, err))
        return -1;
    sk_error why;
    op->output_file = ski_atomic_file_open(op->output_path, &why);
    if (!op->output_file)
        return sk_error_set(err, SK_EXIT_FAILURE, "%s: %s", op->def->info.name, why.message);
    if (op->resume_from && ski_op_resume_copy(op, op->output_file, err)) {
        ski_atomic_file_abort(op->output_file);
        op->output_file = NULL;
        return -1;
    }
    cookie_io_functions_t io = {.write = output_cookie_write};
    op->output_stream = fopencookie(op->output_file, "w", io);
    if (!op->output_stream) {
        ski_atomic_file_abort(op->output_file);
        op->output_file = NULL;
        return sk_error_set(err, SK_EXIT_FAILURE, "%s: out of memory", op->def->info.name);
    }
    return 0;
}

int ski_op_output_open(sk_op *op, sk_format format, const sk_layout *layout, sk_error *err)
{
    if (op->has_sink)
        return 0;
    if (!op->output_stream && output_open_stream(op, err))
        return -1;
    if (layout && !op->writer) {
        op->writer = op->output_continues
                         ? sk_writer_continue(op->output_stream, format, layout)
                         : sk_writer_new(op->output_stream, format, layout);
        if (!op->writer)
            return sk_error_set(err, SK_EXIT_FAILURE, "%s: out of memory", op->def->info.name);
        /* f-puzzles fields come from the constraint plugins loaded */
        if (format == SK_FORMAT_FPUZZLES)
            sk_writer_set_host(op->writer, sk_ctx_host(op->ctx));
    }
    return 0;
}

void ski_op_output_continues(sk_op *op, bool continues)
{
    op->output_continues = continues;
}

FILE *ski_op_stream(sk_op *op)
{
    if (op->has_sink)
        return NULL;
    if (!op->output_stream && !op->output_failed && output_open_stream(op, &op->output_error))
        op->output_failed = true; /* ski_op_output_check and sk_op_run say why */
    return op->output_stream;
}

/* The output's name for messages. */
static const char *output_name(const sk_op *op)
{
    return op->output_path ? op->output_path : "the output";
}

int ski_op_output_check(sk_op *op, sk_error *err)
{
    if (op->output_failed) {
        if (op->output_error.status && err)
            *err = op->output_error;
        return -1;
    }
    if (!op->output_stream || !ferror(op->output_stream))
        return 0;
    op->output_failed = true;
    return sk_error_set(err, SK_EXIT_FAILURE, "%s: cannot write %s: %s", op->def->info.name,
                        output_name(op), strerror(errno ? errno : EIO));
}

int ski_op_emit(sk_op *op, const sk_record *record, sk_error *err)
{
    if (op->has_sink) {
        if (op->sink.record && op->sink.record(op->sink.user, record))
            return sk_error_set(err, SK_EXIT_FAILURE, "%s: stopped by the caller",
                                op->def->info.name);
        return 0;
    }
    if (op->output_failed)
        return -1;
    errno = 0;
    if (sk_writer_put(op->writer, record) != 0) {
        int error = errno ? errno : EIO;
        const char *why = sk_writer_error(op->writer);
        op->output_failed = true;
        return sk_error_set(err, SK_EXIT_FAILURE, "%s: cannot write %s: %.600s",
                            op->def->info.name, output_name(op), why[0] ? why : strerror(error));
    }
    return 0;
}

int ski_op_emit_step(sk_op *op, unsigned number, const sk_step *step)
{
    return op->has_sink && op->sink.step ? op->sink.step(op->sink.user, number, step) : 0;
}

int ski_op_emit_row(sk_op *op, const sk_row_cell *cells, size_t count)
{
    return op->has_sink && op->sink.row ? op->sink.row(op->sink.user, cells, count) : 0;
}

int ski_op_output_close(sk_op *op, bool ok, sk_error *err)
{
    int rc = 0;
    errno = 0;
    if (op->writer && sk_writer_finish(op->writer) != 0)
        rc = -1;
    op->writer = NULL;
    if (op->output_stream && (fflush(op->output_stream) != 0 || ferror(op->output_stream)))
        rc = -1;
    int error = errno ? errno : EIO;
    if (op->output_file) {
        fclose(op->output_stream);
        sk_error why;
        if (ok && rc == 0 && ski_atomic_file_commit(op->output_file, &why) != 0) {
            op->output_file = NULL;
            op->output_stream = NULL;
            return sk_error_set(err, SK_EXIT_FAILURE, "%s: %s", op->def->info.name, why.message);
        }
        if (!ok || rc != 0)
            ski_atomic_file_abort(op->output_file);
        op->output_file = NULL;
    }
    op->output_stream = NULL;
    if (rc != 0 && !op->output_failed) {
        op->output_failed = true;
        return sk_error_set(err, SK_EXIT_FAILURE, "%s: cannot write %s: %s", op->def->info.name,
                            output_name(op), strerror(error));
    }
    return rc;
}
