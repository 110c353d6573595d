/* The core's side of pictures: a request handed to the print module
 * (loaded at the first picture), written to a stream or, for a plot, to
 * an atomic file that replaces its target only when the picture is whole. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "atomic_file.h"
#include "parse.h"
#include "print_module.h"

/* The print module's table, or NULL with err. */
static const ski_print_module_table *print_module(sk_error *err)
{
    return ski_module_load("print", SK_PRINT_MODULE_ABI, sizeof(ski_print_module_table), err);
}

/* A sink that writes through write to user, with the creation date
 * $SOURCE_DATE_EPOCH gives when it holds a time (so that a PDF made again
 * is the same file). */
static ski_picture_sink print_sink(int (*write)(void *, const void *, size_t), void *user)
{
    const char *epoch = getenv("SOURCE_DATE_EPOCH");
    long seconds;
    ski_picture_sink sink = {write, user, -1};
    if (epoch && ski_parse_long(epoch, 0, 253402300799L, &seconds))
        sink.created = seconds;
    return sink;
}

static int print_write_stream(void *user, const void *data, size_t len)
{
    errno = 0;
    return fwrite(data, 1, len, user) == len ? 0 : -1;
}

static int print_write_file(void *user, const void *data, size_t len)
{
    return ski_atomic_file_write(user, data, len);
}

/* The module's answer rc (0, or -1 with its message in why) as the
 * library's: err set from why when it failed. */
static int print_module_result(int rc, const char *why, sk_error *err)
{
    if (rc != 0)
        sk_error_set(err, SK_EXIT_FAILURE, "%s", why);
    return rc;
}

int ski_print_booklet(const ski_booklet *b, size_t first, size_t last, ski_picture_format format,
                      double dpi, FILE *out, sk_error *err)
{
    const ski_print_module_table *module = print_module(err);
    if (!module)
        return -1;
    ski_picture_sink sink = print_sink(print_write_stream, out);
    char why[sizeof err->message] = "";
    int rc = module->booklet(b, first, last, format, dpi, &sink, why, sizeof why);
    return print_module_result(rc, why, err);
}

/* Open path for a plot in the format its extension names: the module's
 * table and the file, or NULL with err. */
static const ski_print_module_table *print_plot_open(const char *path, ski_picture_format *format,
                                                     ski_atomic_file **file, sk_error *err)
{
    int named = ski_picture_format_of_path(path);
    if (named < 0) {
        sk_error_set(err, SK_EXIT_FAILURE, "%s: name a .svg, .png or .pdf file", path);
        return NULL;
    }
    *format = (ski_picture_format)named;
    const ski_print_module_table *module = print_module(err);
    if (module && !(*file = ski_atomic_file_open(path, err)))
        return NULL;
    return module;
}

/* Commit the plot's file when drawn (rc 0, else why says what failed),
 * else drop it; 0 or -1. */
static int print_plot_close(ski_atomic_file *file, int rc, const char *why, sk_error *err)
{
    if (rc == 0)
        return ski_atomic_file_commit(file, err);
    ski_atomic_file_abort(file);
    print_module_result(rc, why, err);
    return -1;
}

int ski_plot_bars_file(const char *path, const char *title, const char *unit,
                       const ski_plot_bar *bars, size_t count, sk_error *err)
{
    ski_picture_format format;
    ski_atomic_file *file;
    const ski_print_module_table *module = print_plot_open(path, &format, &file, err);
    if (!module)
        return -1;
    ski_picture_sink sink = print_sink(print_write_file, file);
    char why[sizeof err->message] = "";
    int rc = module->bars(title, unit, bars, count, format, &sink, why, sizeof why);
    return print_plot_close(file, rc, why, err);
}

int ski_plot_histogram_file(const char *path, const ski_histogram *h, sk_error *err)
{
    ski_picture_format format;
    ski_atomic_file *file;
    const ski_print_module_table *module = print_plot_open(path, &format, &file, err);
    if (!module)
        return -1;
    ski_picture_sink sink = print_sink(print_write_file, file);
    char why[sizeof err->message] = "";
    int rc = module->histogram(h, format, &sink, why, sizeof why);
    return print_plot_close(file, rc, why, err);
}
