/* Pictures drawn with cairo: a canvas (a PDF, SVG or PNG being written),
 * booklets of puzzles (booklet.c) and plots (plot.c). Internal to the
 * library: operations fill a drawing request and hand it a stream or a
 * path. Lengths are in points (1/72 inch); a PNG has dpi/72 pixels a
 * point. */
#ifndef SUDOKIT_PRINT_H
#define SUDOKIT_PRINT_H

#include <cairo.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sudokit/plugin.h"

/* ------------------------------------------------------------- canvas -- */

typedef enum sk_picture_format { SK_PICTURE_PDF, SK_PICTURE_SVG, SK_PICTURE_PNG } sk_picture_format;

/* "pdf", "svg", "png" by sk_picture_format, then NULL. */
extern const char *const sk_picture_format_names[];

/* The format a path's extension names (.pdf, .svg, .png in any case), or
 * -1 when it names none of them. */
int sk_picture_format_of_path(const char *path);

typedef struct sk_canvas sk_canvas;

/* Start a picture of format with pages of width x height points, written
 * to out (a PNG at dpi, the others ignore it). A PDF may have many pages,
 * SVG and PNG one. The PDF's creation date is $SOURCE_DATE_EPOCH when set
 * (reproducible output), else now. Returns NULL with a message in err. */
sk_canvas *sk_canvas_open(sk_picture_format format, double width, double height, double dpi,
                          const char *title, FILE *out, char *err, size_t errlen);

/* The same, written to path through an atomic file: the target changes
 * only when sk_canvas_close succeeds with ok. */
sk_canvas *sk_canvas_open_path(const char *path, sk_picture_format format, double width,
                               double height, double dpi, const char *title, char *err,
                               size_t errlen);

/* The cairo context to draw the current page with (in points). */
cairo_t *sk_canvas_cairo(sk_canvas *canvas);

/* End the current page of a PDF and start a blank one. */
void sk_canvas_next_page(sk_canvas *canvas);

/* Finish the picture: write it out (ok) or drop it, and free canvas.
 * Returns 0, or -1 with a message in err when drawing or writing failed
 * (a path's target is then left as it was). */
int sk_canvas_close(sk_canvas *canvas, bool ok, char *err, size_t errlen);

/* Where text is placed relative to its point. */
typedef enum sk_anchor { SK_ANCHOR_LEFT, SK_ANCHOR_CENTER, SK_ANCHOR_RIGHT } sk_anchor;

/* Draw text (UTF-8) of size points in the current colour, its baseline at
 * y, anchored at x. Returns its width. */
double sk_canvas_text(cairo_t *cr, double x, double y, sk_anchor anchor, double size, bool bold,
                      const char *text);

/* Draw text centred on (x, y) both ways by its ink (digits in cells). */
void sk_canvas_text_centered(cairo_t *cr, double x, double y, double size, bool bold,
                             const char *text);

/* ------------------------------------------------------------ booklet -- */

typedef enum sk_paper { SK_PAPER_A4, SK_PAPER_LETTER } sk_paper;

/* "a4", "letter" by sk_paper, then NULL. */
extern const char *const sk_paper_names[];

/* One puzzle of a booklet. */
typedef struct sk_booklet_entry {
    unsigned number;   /* shown above the grid and its solution */
    int64_t id;        /* the database's row, shown when nonzero */
    sk_grid puzzle;
    sk_grid solution;  /* needed when the booklet has solutions */
    int level;         /* 1..5, or 0 when not known */
    bool has_score;
    double score;
    bool lower_bound;  /* the score is "at least" */
} sk_booklet_entry;

/* A booklet: per_page puzzles a page (1, 2, 4 or 6), then, with
 * solutions, their solutions six a page on the last pages. */
typedef struct sk_booklet {
    sk_paper paper;
    int per_page;
    bool solutions;
    const char *title; /* atop every page; NULL or "" for none */
    const sk_booklet_entry *entries;
    size_t count;
} sk_booklet;

/* Puzzles a solution page holds. */
#define SK_BOOKLET_SOLUTIONS_PER_PAGE 6

/* The width and height of a paper in points. */
void sk_paper_size(sk_paper paper, double *width, double *height);

/* Pages of the booklet: its puzzle pages, and its solution pages. */
size_t sk_booklet_puzzle_pages(const sk_booklet *b);
size_t sk_booklet_pages(const sk_booklet *b);

/* Draw page (1-based, at most sk_booklet_pages) on cr: white paper, the
 * title, each slot's number, rating and grid, the page's number. */
void sk_booklet_draw_page(const sk_booklet *b, size_t page, cairo_t *cr);

/* --------------------------------------------------------------- plots -- */

/* A bar of a bar chart: group (a data set) and label (a solver) name it;
 * a bar without value shows its note instead ("FAILED"). */
typedef struct sk_plot_bar {
    const char *group;
    const char *label;
    bool has_value;
    double value;
    const char *note;
} sk_plot_bar;

/* Horizontal bars in count rows, grouped by consecutive equal groups, a
 * colour per label, each bar's value written after it in unit, under
 * title: the picture's size is sk_plot_bars_size's. */
void sk_plot_bars_size(size_t count, size_t groups, double *width, double *height);
void sk_plot_bars(cairo_t *cr, const char *title, const char *unit, const sk_plot_bar *bars,
                  size_t count);

/* The number of distinct consecutive groups of bars (for the size). */
size_t sk_plot_bar_groups(const sk_plot_bar *bars, size_t count);

/* A histogram of count values, x_label (and the bin width) under its
 * axis, title above:
 * bins of a round width (0.1, 0.2, 0.5, 1, 2, 5, 10...), the smallest
 * that needs at most SK_PLOT_MAX_BINS bins from the lowest value's bin to
 * the highest's; a bar per bin that holds values, its count above it. */
#define SK_PLOT_MAX_BINS 24
#define SK_PLOT_WIDTH 800.0
#define SK_PLOT_HEIGHT 450.0
void sk_plot_histogram(cairo_t *cr, const char *title, const char *x_label,
                       const double *values, size_t count);

/* The bin width sk_plot_histogram uses for values from low to high. */
double sk_plot_bin_width(double low, double high);

/* Draw the bars or the histogram into path, in the format its extension
 * names (sk_picture_format_of_path; a PNG at one pixel a point), replacing
 * it only when the whole picture was written. Returns 0, or -1 with a
 * message in err. */
int sk_plot_bars_file(const char *path, const char *title, const char *unit,
                      const sk_plot_bar *bars, size_t count, char *err, size_t errlen);
int sk_plot_histogram_file(const char *path, const char *title, const char *x_label,
                           const double *values, size_t count, char *err, size_t errlen);

#endif /* SUDOKIT_PRINT_H */
