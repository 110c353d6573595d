/* The print module's entry table (print_module.h): each request drawn on
 * a canvas of its own. The only symbol sudokit-print.so exports. */
#include "draw.h"

static int entry_booklet(const sk_booklet *b, size_t first, size_t last,
                         sk_picture_format format, double dpi, const sk_picture_sink *sink,
                         char *err, size_t errlen)
{
    double width, height;
    sk_paper_size(b->paper, &width, &height);
    sk_canvas *canvas = sk_canvas_open(format, width, height, dpi, b->title, sink, err, errlen);
    if (!canvas)
        return -1;
    for (size_t page = first; page <= last; page++) {
        if (page > first)
            sk_canvas_next_page(canvas);
        sk_booklet_draw_page(b, page, sk_canvas_cairo(canvas));
    }
    return sk_canvas_close(canvas, true, err, errlen);
}

static int entry_bars(const char *title, const char *unit, const sk_plot_bar *bars,
                      size_t count, sk_picture_format format, const sk_picture_sink *sink,
                      char *err, size_t errlen)
{
    double width, height;
    sk_plot_bars_size(count, sk_plot_bar_groups(bars, count), &width, &height);
    sk_canvas *canvas = sk_canvas_open(format, width, height, 72, title, sink, err, errlen);
    if (!canvas)
        return -1;
    sk_plot_bars(sk_canvas_cairo(canvas), title, unit, bars, count);
    return sk_canvas_close(canvas, true, err, errlen);
}

static int entry_histogram(const sk_histogram *h, sk_picture_format format,
                           const sk_picture_sink *sink, char *err, size_t errlen)
{
    sk_canvas *canvas =
        sk_canvas_open(format, SK_PLOT_WIDTH, SK_PLOT_HEIGHT, 72, h->title, sink, err, errlen);
    if (!canvas)
        return -1;
    sk_plot_histogram(sk_canvas_cairo(canvas), h);
    return sk_canvas_close(canvas, true, err, errlen);
}

__attribute__((visibility("default"))) const sk_print_module_table sk_print_module = {
    .header = {SK_PRINT_MODULE_ABI, sizeof(sk_print_module_table), SK_VERSION},
    .booklet = entry_booklet,
    .bars = entry_bars,
    .histogram = entry_histogram,
};
