/* Plots: horizontal bars (bench's puzzles per second by solver and data
 * set) and a histogram (rate's scores), drawn on a canvas. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "draw.h"

/* Bar chart layout, in points. */
#define BARS_TITLE 44.0
#define BARS_ROW 22.0
#define BARS_LABEL_RIGHT 170.0
#define BARS_VALUE_ROOM 130.0
#define BARS_AXIS 36.0

/* Colours told apart by every kind of colour vision (Okabe and Ito's). */
static const double plot_palette[][3] = {
    {0.000, 0.447, 0.698}, {0.902, 0.624, 0.000}, {0.000, 0.620, 0.451},
    {0.835, 0.369, 0.000}, {0.800, 0.475, 0.655}, {0.337, 0.706, 0.914},
    {0.350, 0.350, 0.350},
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

/* A whole number with a thin space between each group of three digits. */
static void plot_number(double value, char *buf, size_t len)
{
    char digits[32];
    snprintf(digits, sizeof digits, "%.0f", value);
    size_t n = strlen(digits), out = 0;
    for (size_t i = 0; i < n && out + 5 < len; i++) {
        if (i > 0 && (n - i) % 3 == 0 && digits[i - 1] != '-') {
            memcpy(buf + out, "\u2009", 3);
            out += 3;
        }
        buf[out++] = digits[i];
    }
    buf[out] = '\0';
}

size_t sk_plot_bar_groups(const sk_plot_bar *bars, size_t count)
{
    size_t groups = 0;
    for (size_t i = 0; i < count; i++)
        groups += i == 0 || strcmp(bars[i].group, bars[i - 1].group) != 0;
    return groups;
}

void sk_plot_bars_size(size_t count, size_t groups, double *width, double *height)
{
    *width = SK_PLOT_WIDTH;
    *height = BARS_TITLE + (double)(count + groups) * BARS_ROW + BARS_AXIS;
}

/* The colour of label: one per distinct label, in order of appearance. */
static const double *plot_label_colour(const sk_plot_bar *bars, size_t index)
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

/* The value axis under the bars: light rules at round steps, labelled. */
static void plot_value_axis(cairo_t *cr, double top_value, double x0, double span, double y0,
                            double y1)
{
    double step = plot_step(top_value, 5);
    char text[48];
    cairo_set_line_width(cr, 0.5);
    for (double v = 0; v <= top_value * 1.0001; v += step) {
        double x = x0 + span * v / top_value;
        cairo_set_source_rgb(cr, 0.82, 0.82, 0.82);
        cairo_move_to(cr, x, y0);
        cairo_line_to(cr, x, y1);
        cairo_stroke(cr);
        plot_number(v, text, sizeof text);
        cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
        sk_canvas_text(cr, x, y1 + 14, SK_ANCHOR_CENTER, 9, false, text);
    }
}

/* One bar's row at y: its label, its bar and value (or its note). */
static void plot_bar_row(cairo_t *cr, const sk_plot_bar *bars, size_t i, const char *unit,
                         double top_value, double span, double y)
{
    char value[64], text[96];
    cairo_set_source_rgb(cr, 0, 0, 0);
    sk_canvas_text(cr, BARS_LABEL_RIGHT - 8, y + 15, SK_ANCHOR_RIGHT, 10, false, bars[i].label);
    if (!bars[i].has_value) {
        cairo_set_source_rgb(cr, 0.835, 0.369, 0);
        sk_canvas_text(cr, BARS_LABEL_RIGHT + 4, y + 15, SK_ANCHOR_LEFT, 10, true,
                       bars[i].note ? bars[i].note : "no value");
        return;
    }
    const double *rgb = plot_label_colour(bars, i);
    double length = top_value > 0 ? span * bars[i].value / top_value : 0;
    cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
    cairo_rectangle(cr, BARS_LABEL_RIGHT, y + 4, fmax(length, 0.5), BARS_ROW - 8);
    cairo_fill(cr);
    plot_number(bars[i].value, value, sizeof value);
    snprintf(text, sizeof text, "%s %s", value, unit);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    sk_canvas_text(cr, BARS_LABEL_RIGHT + length + 6, y + 15, SK_ANCHOR_LEFT, 10, false, text);
}

void sk_plot_bars(cairo_t *cr, const char *title, const char *unit, const sk_plot_bar *bars,
                  size_t count)
{
    double width, height, top_value = 0;
    sk_plot_bars_size(count, sk_plot_bar_groups(bars, count), &width, &height);
    for (size_t i = 0; i < count; i++)
        if (bars[i].has_value && bars[i].value > top_value)
            top_value = bars[i].value;
    double span = width - BARS_LABEL_RIGHT - BARS_VALUE_ROOM;
    double step = plot_step(top_value, 5);
    top_value = top_value > 0 ? ceil(top_value / step) * step : 1;
    cairo_set_source_rgb(cr, 0, 0, 0);
    sk_canvas_text(cr, width / 2, 26, SK_ANCHOR_CENTER, 15, true, title);
    plot_value_axis(cr, top_value, BARS_LABEL_RIGHT, span, BARS_TITLE, height - BARS_AXIS);
    double y = BARS_TITLE;
    for (size_t i = 0; i < count; i++) {
        if (i == 0 || strcmp(bars[i].group, bars[i - 1].group) != 0) {
            cairo_set_source_rgb(cr, 0, 0, 0);
            sk_canvas_text(cr, 12, y + 15, SK_ANCHOR_LEFT, 11, true, bars[i].group);
            y += BARS_ROW;
        }
        plot_bar_row(cr, bars, i, unit, top_value, span, y);
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

/* Histogram layout, in points: the plot area's distance to each side. */
#define HIST_LEFT 64.0
#define HIST_RIGHT 24.0
#define HIST_TOP 60.0
#define HIST_BOTTOM 62.0

/* The count axis: light rules at round whole steps up to top, labelled. */
static void plot_count_axis(cairo_t *cr, double top, double y0, double y1)
{
    double step = fmax(1, plot_step(top, 5));
    char text[32];
    cairo_set_line_width(cr, 0.5);
    for (double c = 0; c <= top * 1.0001; c += step) {
        double y = y1 - (y1 - y0) * c / top;
        cairo_set_source_rgb(cr, 0.82, 0.82, 0.82);
        cairo_move_to(cr, HIST_LEFT, y);
        cairo_line_to(cr, SK_PLOT_WIDTH - HIST_RIGHT, y);
        cairo_stroke(cr);
        plot_number(c, text, sizeof text);
        cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
        sk_canvas_text(cr, HIST_LEFT - 6, y + 3, SK_ANCHOR_RIGHT, 9, false, text);
    }
}

/* The bin edges under the bars, every one or every other. */
static void plot_bin_edges(cairo_t *cr, long first, long bins, double w, double bin_width,
                           double y)
{
    char text[32];
    long every = bins > 12 ? 2 : 1;
    cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
    for (long b = 0; b <= bins; b += every) {
        snprintf(text, sizeof text, "%.*f", w < 1 ? 1 : 0, (double)(first + b) * w);
        sk_canvas_text(cr, HIST_LEFT + (double)b * bin_width, y + 14, SK_ANCHOR_CENTER, 9, false,
                       text);
    }
}

/* The bars of counts (bins of them), each with its count above it. */
static void plot_bins(cairo_t *cr, const size_t *counts, long bins, double top, double y0,
                      double y1)
{
    double bin_width = (SK_PLOT_WIDTH - HIST_LEFT - HIST_RIGHT) / (double)bins;
    char text[32];
    for (long b = 0; b < bins; b++) {
        if (!counts[b])
            continue;
        double h = (y1 - y0) * (double)counts[b] / top, x = HIST_LEFT + (double)b * bin_width;
        cairo_set_source_rgb(cr, plot_palette[0][0], plot_palette[0][1], plot_palette[0][2]);
        cairo_rectangle(cr, x + 1, y1 - h, bin_width - 2, h);
        cairo_fill(cr);
        plot_number((double)counts[b], text, sizeof text);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        sk_canvas_text(cr, x + bin_width / 2, y1 - h - 4, SK_ANCHOR_CENTER, 9, false, text);
    }
}

void sk_plot_histogram(cairo_t *cr, const char *title, const char *x_label,
                       const double *values, size_t count)
{
    double y0 = HIST_TOP, y1 = SK_PLOT_HEIGHT - HIST_BOTTOM, low = INFINITY, high = -INFINITY;
    for (size_t i = 0; i < count; i++) {
        low = fmin(low, values[i]);
        high = fmax(high, values[i]);
    }
    cairo_set_source_rgb(cr, 0, 0, 0);
    sk_canvas_text(cr, SK_PLOT_WIDTH / 2, 28, SK_ANCHOR_CENTER, 15, true, title);
    sk_canvas_text(cr, HIST_LEFT, y0 - 12, SK_ANCHOR_RIGHT, 10, false, "puzzles");
    if (count == 0)
        return;
    double w = plot_bin_width(low, high);
    char label[160];
    snprintf(label, sizeof label, "%s (bins of %g)", x_label, w);
    sk_canvas_text(cr, SK_PLOT_WIDTH / 2, SK_PLOT_HEIGHT - 16, SK_ANCHOR_CENTER, 11, false,
                   label);
    long first = plot_bin(low, w), bins = plot_bin(high, w) - first + 1;
    size_t counts[SK_PLOT_MAX_BINS] = {0}, most = 0;
    bins = bins > SK_PLOT_MAX_BINS ? SK_PLOT_MAX_BINS : bins;
    for (size_t i = 0; i < count; i++) {
        long b = plot_bin(values[i], w) - first;
        b = b >= bins ? bins - 1 : b;
        most = ++counts[b] > most ? counts[b] : most;
    }
    double step = fmax(1, plot_step((double)most, 5)), top = ceil((double)most / step) * step;
    plot_count_axis(cr, top, y0, y1);
    plot_bins(cr, counts, bins, top, y0, y1);
    plot_bin_edges(cr, first, bins, w, (SK_PLOT_WIDTH - HIST_LEFT - HIST_RIGHT) / (double)bins,
                   y1);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 1);
    cairo_move_to(cr, HIST_LEFT, y1);
    cairo_line_to(cr, SK_PLOT_WIDTH - HIST_RIGHT, y1);
    cairo_stroke(cr);
}
