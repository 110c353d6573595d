/* Inside the print module: a canvas (a cairo surface of one picture
 * format, written to a sink) with the text helpers every picture uses,
 * and the pages and plots drawn on it (booklet.c, plot.c). */
#ifndef SUDOKIT_PRINT_DRAW_H
#define SUDOKIT_PRINT_DRAW_H

#include <cairo.h>

#include "print_module.h"

/* ------------------------------------------------------------- canvas -- */

typedef struct ski_canvas ski_canvas;

/* Start a picture of format with pages of width x height points, written
 * to sink (a PNG at dpi, the others ignore it). A PDF may have many pages,
 * SVG and PNG one. The PDF's creation date is $SOURCE_DATE_EPOCH when set
 * (reproducible output), else now. Returns NULL with a message in err. */
ski_canvas *ski_canvas_open(ski_picture_format format, double width, double height, double dpi,
                          const char *title, const ski_picture_sink *sink, char *err,
                          size_t errlen);

/* The cairo context to draw the current page with (in points). */
cairo_t *ski_canvas_cairo(ski_canvas *canvas);

/* End the current page of a PDF and start a blank one. */
void ski_canvas_next_page(ski_canvas *canvas);

/* Finish the picture: write it out (ok) or drop what is left of it, and
 * free canvas. Returns 0, or -1 with a message in err when drawing or
 * writing failed. */
int ski_canvas_close(ski_canvas *canvas, bool ok, char *err, size_t errlen);

/* Where text is placed relative to its point. */
typedef enum ski_anchor { SK_ANCHOR_LEFT, SK_ANCHOR_CENTER, SK_ANCHOR_RIGHT } ski_anchor;

/* Draw text (UTF-8) of size points in the current colour, its baseline at
 * y, anchored at x. Returns its width. */
double ski_canvas_text(cairo_t *cr, double x, double y, ski_anchor anchor, double size, bool bold,
                      const char *text);

/* Draw text centred on (x, y) both ways by its ink (digits in cells). */
void ski_canvas_text_centered(cairo_t *cr, double x, double y, double size, bool bold,
                             const char *text);

/* The width text of size points would take. */
double ski_canvas_text_width(cairo_t *cr, double size, bool bold, const char *text);

/* ------------------------------------------------------------ booklet -- */

/* The nine lines each way of a grid of side points at (x, y), the box
 * lines thick, in black. */
void ski_booklet_grid_lines(cairo_t *cr, double x, double y, double side);

/* Draw page (1-based, at most ski_booklet_pages) on cr: white paper, the
 * title, each slot's number, rating and grid, the page's number. */
void ski_booklet_draw_page(const ski_booklet *b, size_t page, cairo_t *cr);

/* Draw worked-solution page page (1-based among
 * ski_booklet_explain_pages) of b on cr, below the bands: the puzzle's
 * heading, each step's line, and under a step beyond singles its position
 * with the step's cells, eliminations and chain links. */
void ski_booklet_explain_draw(const ski_booklet *b, size_t page, cairo_t *cr);

/* --------------------------------------------------------------- plots -- */

#define SK_PLOT_WIDTH 800.0
#define SK_PLOT_HEIGHT 450.0

/* The size of the bar chart of count bars in groups groups. */
void ski_plot_bars_size(size_t count, size_t groups, double *width, double *height);

/* The number of distinct consecutive groups of bars (for the size). */
size_t ski_plot_bar_groups(const ski_plot_bar *bars, size_t count);

/* Horizontal bars in count rows, grouped by consecutive equal groups, a
 * colour per label, each bar's value written after it in unit, under
 * title, the axis of values under them (logarithmic when the values span
 * more than SK_PLOT_LOG_SPAN times); a bar without value is a grey
 * hatched box with its note: the picture's size is ski_plot_bars_size's. */
void ski_plot_bars(cairo_t *cr, const char *title, const char *unit, const ski_plot_bar *bars,
                  size_t count);

/* The histogram h, its x_label (and the bin width) under its axis, its
 * title above, SK_PLOT_WIDTH x SK_PLOT_HEIGHT: bins of a round width
 * (0.1, 0.2, 0.5, 1, 2, 5, 10...), the smallest that needs at most
 * SK_PLOT_MAX_BINS bins from the lowest value's bin to the highest's; a
 * bar per bin that holds values, stacked by level (the lowest at the
 * bottom) in the levels' colours, its count above it; a legend of the
 * levels shown. Without values it says so. */
#define SK_PLOT_MAX_BINS 24
void ski_plot_histogram(cairo_t *cr, const ski_histogram *h);

#endif /* SUDOKIT_PRINT_DRAW_H */
