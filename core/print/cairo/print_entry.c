/* The print module's entry table (print_module.h): each request drawn on
 * a canvas of its own. The only symbol sudokit-print.so exports. */
#include "draw.h"

static int entry_booklet(const ski_booklet *b, size_t first, size_t last,
                         ski_picture_format format, double dpi, const ski_picture_sink *sink,
                         char *err, size_t errlen)
{
    double width, height;
    ski_paper_size(b->paper, &width, &height);
    ski_canvas *canvas = ski_canvas_open(format, width, height, dpi, b->title, sink, err, errlen);
    if (!canvas)
        return -1;
    for (size_t page = first; page <= last; page++) {
        if (page > first)
            ski_canvas_next_page(canvas);
        ski_booklet_draw_page(b, page, ski_canvas_cairo(canvas));
    }
    return ski_canvas_close(canvas, true, err, errlen);
}

static int entry_bars(const char *title, const char *unit, const ski_plot_bar *bars,
                      size_t count, ski_picture_format format, const ski_picture_sink *sink,
                      char *err, size_t errlen)
{
    double width, height;
    ski_plot_bars_size(count, ski_plot_bar_groups(bars, count), &width, &height);
    ski_canvas *canvas = ski_canvas_open(format, width, height, 72, title, sink, err, errlen);
    if (!canvas)
        return -1;
    ski_plot_bars(ski_canvas_cairo(canvas), title, unit, bars, count);
    return ski_canvas_close(canvas, true, err, errlen);
}

static int entry_histogram(const ski_histogram *h, ski_picture_format format,
                           const ski_picture_sink *sink, char *err, size_t errlen)
{
    ski_canvas *canvas =
        ski_canvas_open(format, SK_PLOT_WIDTH, SK_PLOT_HEIGHT, 72, h->title, sink, err, errlen);
    if (!canvas)
        return -1;
    ski_plot_histogram(ski_canvas_cairo(canvas), h);
    return ski_canvas_close(canvas, true, err, errlen);
}

__attribute__((visibility("default"))) const ski_print_module_table ski_print_module = {
    .header = {SK_PRINT_MODULE_ABI, sizeof(ski_print_module_table), SK_VERSION},
    .booklet = entry_booklet,
    .bars = entry_bars,
    .histogram = entry_histogram,
};
