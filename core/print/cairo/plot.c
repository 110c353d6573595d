/* Plots: horizontal bars (bench's puzzles per second by solver and data
 * set) and a histogram (rate's scores), drawn on a canvas. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "draw.h"

/* Bar chart layout, in points. */
#define BARS_TITLE 48.0
#define BARS_ROW 24.0
#define BARS_LABEL_RIGHT 170.0
#define BARS_VALUE_ROOM 130.0
#define BARS_AXIS 56.0
#define BARS_NOTE_WIDTH 56.0

/* Text sizes, in points: titles, labels, and the figures of the axes. */
#define PLOT_TITLE_SIZE 15.0
#define PLOT_LABEL_SIZE 12.0
#define PLOT_TICK_SIZE 11.0

/* Colours told apart by every kind of colour vision (Okabe and Ito's),
 * none of them grey: grey is for what has no value. */
static const double plot_palette[][3] = {
    {0.000, 0.447, 0.698}, {0.902, 0.624, 0.000}, {0.000, 0.620, 0.451}, {0.835, 0.369, 0.000},
    {0.800, 0.475, 0.655}, {0.337, 0.706, 0.914}, {0.941, 0.894, 0.259},
};
#define PALETTE_SIZE (sizeof plot_palette / sizeof plot_palette[0])

/* A round step (1, 2 or 5 times a power of ten) for about ticks ticks up
 * to top. */
static double plot_step(double top, int ticks)
{
    double raw = top > 0 ? top / ticks : 1, power = pow(10, floor(log10(raw)));
    double step = raw / power <= 1 ? 1 : raw / power <= 2 ? 2 : raw / power <= 5 ? 5 : 10;
    return step * power;
}

/* A number with a thin space between each group of three digits of its
 * whole part, and decimals decimals. */
static void plot_number_decimals(double value, int decimals, char *buf, size_t len)
{
    char digits[48];
    snprintf(digits, sizeof digits, "%.*f", decimals, value);
    size_t n = strlen(digits), whole = strcspn(digits, "."), out = 0;
    for (size_t i = 0; i < n && out + 5 < len; i++) {
        if (i > 0 && i < whole && (whole - i) % 3 == 0 && digits[i - 1] != '-') {
            memcpy(buf + out, "\u2009", 3);
            out += 3;
        }
        buf[out++] = digits[i];
    }
    buf[out] = '\0';
}

/* A whole number, its digits grouped by three. */
static void plot_number(double value, char *buf, size_t len)
{
    plot_number_decimals(value, 0, buf, len);
}

size_t ski_plot_bar_groups(const ski_plot_bar *bars, size_t count)
{
    size_t groups = 0;
    for (size_t i = 0; i < count; i++)
        groups += i == 0 || strcmp(bars[i].group, bars[i - 1].group) != 0;
    return groups;
}

void ski_plot_bars_size(size_t count, size_t groups, double *width, double *height)
{
    *width = SK_PLOT_WIDTH;
    *height = BARS_TITLE + (double)(count + groups) * BARS_ROW + BARS_AXIS;
}

/* The colour of label: one per distinct label, in order of appearance. */
static const double *plot_label_colour(const ski_plot_bar *bars, size_t index)
{
    size_t distinct = 0;
    for (size_t i = 0; i < index; i++) {
        bool seen = false;
        for (size_t j = 0; j < i && !seen; j++)
            seen = strcmp(bars[j].label, bars[i].label) == 0;
        if (!seen && strcmp(bars[i].label, bars[index].label) == 0)
            return plot_palette[distinct % PALETTE_SIZE];
        distinct += !seen;
    }
    return plot_palette[distinct % PALETTE_SIZE];
}

/* The axis of the bars' values: linear from 0 to high, or logarithmic
 * from 10^low to 10^high; x0 and span place it on the page. */
typedef struct value_axis {
    bool log;
    double low, high;
    double x0, span;
} value_axis;

/* The axis for the values of count bars: logarithmic, by whole powers of
 * ten, when the largest is more than SK_PLOT_LOG_SPAN times the smallest
 * above zero; else linear up to a round step above the largest. */
static value_axis plot_axis_of(const ski_plot_bar *bars, size_t count, double x0, double span)
{
    double most = 0, least = INFINITY;
    for (size_t i = 0; i < count; i++)
        if (bars[i].has_value) {
            most = fmax(most, bars[i].value);
            least = bars[i].value > 0 ? fmin(least, bars[i].value) : least;
        }
    value_axis a = {false, 0, 1, x0, span};
    if (most > 0 && most > least * SK_PLOT_LOG_SPAN) {
        a.log = true;
        a.low = floor(log10(least));
        a.high = fmax(ceil(log10(most)), a.low + 1);
    } else if (most > 0) {
        double step = plot_step(most, 5);
        a.high = ceil(most / step) * step;
    }
    return a;
}

/* Where value v is on axis a (a value at or below a log axis's start is
 * at its start). */
static double plot_axis_x(const value_axis *a, double v)
{
    double t = !a->log ? v / a->high : v > 0 ? (log10(v) - a->low) / (a->high - a->low) : 0;
    return a->x0 + a->span * fmax(0, t);
}

/* A rule across the bars at value v, light or lighter, with its value
 * under the axis when labelled. */
static void plot_rule(cairo_t *cr, const value_axis *a, double v, bool labelled, double y0,
                      double y1)
{
    double x = plot_axis_x(a, v), grey = labelled ? 0.78 : 0.9;
    char text[48];
    cairo_set_line_width(cr, 0.6);
    cairo_set_source_rgb(cr, grey, grey, grey);
    cairo_move_to(cr, x, y0);
    cairo_line_to(cr, x, y1);
    cairo_stroke(cr);
    if (!labelled)
        return;
    plot_number_decimals(v, v > 0 && v < 1 ? (int)ceil(-log10(v) - 1e-9) : 0, text, sizeof text);
    cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
    ski_canvas_text(cr, x, y1 + 16, SK_ANCHOR_CENTER, PLOT_TICK_SIZE, false, text);
}

/* The value axis under the bars: rules at round steps, or on a log axis
 * at each power of ten (and lighter at 2 and 5 times it), labelled. */
static void plot_value_axis(cairo_t *cr, const value_axis *a, double y0, double y1)
{
    if (!a->log) {
        double step = plot_step(a->high, 5);
        for (double v = 0; v <= a->high * 1.0001; v += step)
            plot_rule(cr, a, v, true, y0, y1);
        return;
    }
    for (double p = a->low; p <= a->high; p++) {
        plot_rule(cr, a, pow(10, p), true, y0, y1);
        for (int k = 2; k <= 5 && p < a->high; k += 3)
            plot_rule(cr, a, k * pow(10, p), false, y0, y1);
    }
    cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
    ski_canvas_text(cr, a->x0 + a->span / 2, y1 + 36, SK_ANCHOR_CENTER, PLOT_TICK_SIZE, false,
                   "log scale: each labelled rule is ten times the one before");
}

/* A bar without a value: a grey hatched box, its note after it. */
static void plot_no_value(cairo_t *cr, const ski_plot_bar *bar, double x, double y)
{
    double h = BARS_ROW - 8;
    cairo_save(cr);
    cairo_rectangle(cr, x, y + 4, BARS_NOTE_WIDTH, h);
    cairo_set_source_rgb(cr, 0.93, 0.93, 0.93);
    cairo_fill_preserve(cr);
    cairo_clip_preserve(cr);
    cairo_set_source_rgb(cr, 0.55, 0.55, 0.55);
    cairo_set_line_width(cr, 1);
    cairo_stroke(cr);
    for (double d = -h; d < BARS_NOTE_WIDTH; d += 6) {
        cairo_move_to(cr, x + d, y + 4 + h);
        cairo_line_to(cr, x + d + h, y + 4);
    }
    cairo_stroke(cr);
    cairo_restore(cr);
    cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
    ski_canvas_text(cr, x + BARS_NOTE_WIDTH + 6, y + 16, SK_ANCHOR_LEFT, PLOT_LABEL_SIZE, true,
                   bar->note ? bar->note : "no value");
}

/* One bar's row at y: its label, its bar and value (or its note). */
static void plot_bar_row(cairo_t *cr, const ski_plot_bar *bars, size_t i, const char *unit,
                         const value_axis *a, double y)
{
    char value[64], text[96];
    cairo_set_source_rgb(cr, 0, 0, 0);
    ski_canvas_text(cr, BARS_LABEL_RIGHT - 8, y + 16, SK_ANCHOR_RIGHT, PLOT_LABEL_SIZE, false,
                   bars[i].label);
    if (!bars[i].has_value) {
        plot_no_value(cr, &bars[i], a->x0, y);
        return;
    }
    const double *rgb = plot_label_colour(bars, i);
    double length = plot_axis_x(a, bars[i].value) - a->x0;
    cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
    cairo_rectangle(cr, a->x0, y + 4, fmax(length, 0.5), BARS_ROW - 8);
    cairo_fill(cr);
    plot_number(bars[i].value, value, sizeof value);
    snprintf(text, sizeof text, "%s %s", value, unit);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    ski_canvas_text(cr, a->x0 + length + 6, y + 16, SK_ANCHOR_LEFT, PLOT_LABEL_SIZE, false, text);
}

void ski_plot_bars(cairo_t *cr, const char *title, const char *unit, const ski_plot_bar *bars,
                  size_t count)
{
    double width, height;
    ski_plot_bars_size(count, ski_plot_bar_groups(bars, count), &width, &height);
    value_axis a =
        plot_axis_of(bars, count, BARS_LABEL_RIGHT, width - BARS_LABEL_RIGHT - BARS_VALUE_ROOM);
    cairo_set_source_rgb(cr, 0, 0, 0);
    ski_canvas_text(cr, width / 2, 28, SK_ANCHOR_CENTER, PLOT_TITLE_SIZE, true, title);
    plot_value_axis(cr, &a, BARS_TITLE, height - BARS_AXIS);
    double y = BARS_TITLE;
    for (size_t i = 0; i < count; i++) {
        if (i == 0 || strcmp(bars[i].group, bars[i - 1].group) != 0) {
            cairo_set_source_rgb(cr, 0, 0, 0);
            ski_canvas_text(cr, 12, y + 16, SK_ANCHOR_LEFT, PLOT_LABEL_SIZE, true, bars[i].group);
            y += BARS_ROW;
        }
        plot_bar_row(cr, bars, i, unit, &a, y);
        y += BARS_ROW;
    }
}

/* Index of the bin of width w that holds v. */
static long plot_bin(double v, double w)
{
    return (long)floor(v / w + 1e-9);
}

/* The bin width of the histogram of values from low to high. */
static double plot_bin_width(double low, double high)
{
    for (double power = 0.1;; power *= 10)
        for (int k = 0; k < 3; k++) {
            double w = power * (k == 0 ? 1 : k == 1 ? 2 : 5);
            if (plot_bin(high, w) - plot_bin(low, w) + 1 <= SK_PLOT_MAX_BINS || w > 1e12)
                return w;
        }
}

/* Histogram layout, in points: the plot area's distance to each side,
 * and the room inside it at each end of the bins. */
#define HIST_LEFT 64.0
#define HIST_RIGHT 24.0
#define HIST_TOP 72.0
#define HIST_BOTTOM 64.0
#define HIST_INSET 12.0

/* The colours of the levels, by level: none (grey), then from easy, cool,
 * to evil, warm. */
static const double level_palette[SK_HISTOGRAM_LEVELS + 1][3] = {
    {0.600, 0.600, 0.600}, {0.000, 0.620, 0.451}, {0.000, 0.447, 0.698},
    {0.902, 0.624, 0.000}, {0.835, 0.369, 0.000}, {0.800, 0.475, 0.655},
};

/* The bins of a histogram: their width, the first's index, their count,
 * and how many values of each level each holds. */
typedef struct hist_bins {
    double width;
    long first, count;
    size_t counts[SK_PLOT_MAX_BINS][SK_HISTOGRAM_LEVELS + 1];
    size_t totals[SK_PLOT_MAX_BINS], most;
    bool levels_seen[SK_HISTOGRAM_LEVELS + 1];
} hist_bins;

/* The level of value i of h, 0 when not known. */
static int hist_level(const ski_histogram *h, size_t i)
{
    int l = h->levels ? h->levels[i] : 0;
    return l >= 1 && l <= SK_HISTOGRAM_LEVELS ? l : 0;
}

/* Sort h's values into their bins (h has values). */
static void hist_fill(const ski_histogram *h, hist_bins *b)
{
    double low = INFINITY, high = -INFINITY;
    for (size_t i = 0; i < h->count; i++) {
        low = fmin(low, h->values[i]);
        high = fmax(high, h->values[i]);
    }
    memset(b, 0, sizeof *b);
    b->width = plot_bin_width(low, high);
    b->first = plot_bin(low, b->width);
    b->count = plot_bin(high, b->width) - b->first + 1;
    b->count = b->count > SK_PLOT_MAX_BINS ? SK_PLOT_MAX_BINS : b->count;
    for (size_t i = 0; i < h->count; i++) {
        long k = plot_bin(h->values[i], b->width) - b->first;
        k = k >= b->count ? b->count - 1 : k;
        int l = hist_level(h, i);
        b->counts[k][l]++;
        b->levels_seen[l] = true;
        b->most = ++b->totals[k] > b->most ? b->totals[k] : b->most;
    }
}

/* The count axis: light rules at round whole steps up to top, labelled. */
static void plot_count_axis(cairo_t *cr, double top, double y0, double y1)
{
    double step = fmax(1, plot_step(top, 5));
    char text[32];
    cairo_set_line_width(cr, 0.6);
    for (double c = 0; c <= top * 1.0001; c += step) {
        double y = y1 - (y1 - y0) * c / top;
        cairo_set_source_rgb(cr, 0.85, 0.85, 0.85);
        cairo_move_to(cr, HIST_LEFT, y);
        cairo_line_to(cr, SK_PLOT_WIDTH - HIST_RIGHT, y);
        cairo_stroke(cr);
        plot_number(c, text, sizeof text);
        cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
        ski_canvas_text(cr, HIST_LEFT - 6, y + 4, SK_ANCHOR_RIGHT, PLOT_TICK_SIZE, false, text);
    }
}

/* The bin edges under the bars, every one or every other, and the last
 * always (its neighbour then left out, to keep them apart). */
static void plot_bin_edges(cairo_t *cr, const hist_bins *b, double pitch, double y)
{
    char text[32];
    long every = b->count > 12 ? 2 : 1;
    cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
    for (long k = 0; k <= b->count; k++) {
        if (k != b->count && (k % every || b->count - k < every))
            continue;
        snprintf(text, sizeof text, "%.*f", b->width < 1 ? 1 : 0,
                 (double)(b->first + k) * b->width);
        ski_canvas_text(cr, HIST_LEFT + HIST_INSET + (double)k * pitch, y + 17, SK_ANCHOR_CENTER,
                       PLOT_TICK_SIZE, false, text);
    }
}

/* The bars of the bins, stacked by level, each with its count above it. */
static void plot_bins(cairo_t *cr, const hist_bins *b, double pitch, double top, double y0,
                      double y1)
{
    char text[32];
    for (long k = 0; k < b->count; k++) {
        if (!b->totals[k])
            continue;
        double x = HIST_LEFT + HIST_INSET + (double)k * pitch, y = y1;
        for (int l = 0; l <= SK_HISTOGRAM_LEVELS; l++) {
            double h = (y1 - y0) * (double)b->counts[k][l] / top;
            if (!b->counts[k][l])
                continue;
            cairo_set_source_rgb(cr, level_palette[l][0], level_palette[l][1], level_palette[l][2]);
            cairo_rectangle(cr, x + 1, y - h, pitch - 2, h);
            cairo_fill(cr);
            y -= h;
        }
        plot_number((double)b->totals[k], text, sizeof text);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        ski_canvas_text(cr, x + pitch / 2, y - 5, SK_ANCHOR_CENTER, PLOT_TICK_SIZE, false, text);
    }
}

/* The legend of the levels the bins hold, at the top right: a swatch
 * and the level's name each, easiest first. */
static void plot_legend(cairo_t *cr, const ski_histogram *h, const hist_bins *b, double y)
{
    double x = SK_PLOT_WIDTH - HIST_RIGHT;
    for (int l = SK_HISTOGRAM_LEVELS; l >= 0; l--) {
        const char *name = l ? h->level_names[l - 1] : "no level";
        if (!b->levels_seen[l] || !name)
            continue;
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        x -= ski_canvas_text(cr, x, y, SK_ANCHOR_RIGHT, PLOT_LABEL_SIZE, false, name) + 14;
        cairo_set_source_rgb(cr, level_palette[l][0], level_palette[l][1], level_palette[l][2]);
        cairo_rectangle(cr, x, y - 9, 10, 10);
        cairo_fill(cr);
        x -= 14;
    }
}

void ski_plot_histogram(cairo_t *cr, const ski_histogram *h)
{
    double y0 = HIST_TOP, y1 = SK_PLOT_HEIGHT - HIST_BOTTOM;
    cairo_set_source_rgb(cr, 0, 0, 0);
    ski_canvas_text(cr, SK_PLOT_WIDTH / 2, 28, SK_ANCHOR_CENTER, PLOT_TITLE_SIZE, true, h->title);
    if (h->count == 0) {
        ski_canvas_text(cr, SK_PLOT_WIDTH / 2, SK_PLOT_HEIGHT / 2, SK_ANCHOR_CENTER, PLOT_LABEL_SIZE,
                       false, "no values to show");
        return;
    }
    hist_bins b;
    hist_fill(h, &b);
    double pitch = (SK_PLOT_WIDTH - HIST_LEFT - HIST_RIGHT - 2 * HIST_INSET) / (double)b.count;
    double step = fmax(1, plot_step((double)b.most * 1.08, 5));
    double top = ceil((double)b.most * 1.08 / step) * step;
    char label[160];
    snprintf(label, sizeof label, "%s (bins of %g)", h->x_label, b.width);
    ski_canvas_text(cr, SK_PLOT_WIDTH / 2, SK_PLOT_HEIGHT - 14, SK_ANCHOR_CENTER, PLOT_LABEL_SIZE,
                   false, label);
    ski_canvas_text(cr, HIST_LEFT, y0 - 14, SK_ANCHOR_RIGHT, PLOT_LABEL_SIZE, false, "puzzles");
    plot_legend(cr, h, &b, y0 - 14);
    plot_count_axis(cr, top, y0, y1);
    plot_bins(cr, &b, pitch, top, y0, y1);
    plot_bin_edges(cr, &b, pitch, y1);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 1);
    cairo_move_to(cr, HIST_LEFT, y1);
    cairo_line_to(cr, SK_PLOT_WIDTH - HIST_RIGHT, y1);
    cairo_stroke(cr);
}
