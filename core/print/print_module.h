/* The print module's entry table: what the core (print.c) asks of
 * sudokit-print.so, the drawing code that links cairo and fontconfig.
 * Both sides include this header. Requests are plain data (print.h's
 * types); the picture's bytes go to a sink the core gives, so the module
 * calls nothing of the core. Change SK_PRINT_MODULE_ABI with any change of
 * the table or of the types it takes. */
#ifndef SUDOKIT_PRINT_MODULE_H
#define SUDOKIT_PRINT_MODULE_H

#include "module.h"
#include "print.h"

#define SK_PRINT_MODULE_ABI 4

/* Where a picture is written: write(user, data, len) takes len bytes and
 * returns 0, or -1 with errno set; and the date a PDF records as made. */
typedef struct ski_picture_sink {
    int (*write)(void *user, const void *data, size_t len);
    void *user;
    int64_t created; /* seconds since 1970 UTC, or -1 to record none */
} ski_picture_sink;

typedef struct ski_print_module_table {
    ski_module_header header; /* SK_PRINT_MODULE_ABI, sizeof this table, SK_VERSION */

    /* Draw pages first..last (1 <= first <= last <= ski_booklet_pages(b))
     * of b as one picture of format (a PNG at dpi; only a PDF holds more
     * than one page) into sink. Returns 0, or -1 with a message in err when
     * drawing or writing failed. */
    int (*booklet)(const ski_booklet *b, size_t first, size_t last, ski_picture_format format,
                   double dpi, const ski_picture_sink *sink, char *err, size_t errlen);

    /* Draw count bars under title, values in unit (print.h,
     * ski_plot_bars_file), as format at one pixel a point into sink. Returns
     * 0, or -1 with a message in err. */
    int (*bars)(const char *title, const char *unit, const ski_plot_bar *bars, size_t count,
                ski_picture_format format, const ski_picture_sink *sink, char *err,
                size_t errlen);

    /* Draw the histogram h (print.h) as format at one pixel a point into
     * sink. Returns 0, or -1 with a message in err. */
    int (*histogram)(const ski_histogram *h, ski_picture_format format,
                     const ski_picture_sink *sink, char *err, size_t errlen);
} ski_print_module_table;

/* The module's one exported symbol. */
extern const ski_print_module_table ski_print_module;

#endif /* SUDOKIT_PRINT_MODULE_H */
