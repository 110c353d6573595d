/* check_page: are the grids of a rendered booklet page drawn where they
 * must be? Reads a PNG (through cairo) and finds every grid by its lines,
 * without knowing the layout's numbers: the page is split into COLUMNS
 * equal strips; in each, a grid line is a band of rows whose dark pixels
 * run across at least half the strip, and every ten such lines from the
 * top make a grid. Each grid must have ten horizontal and ten vertical
 * lines, evenly spaced, the box lines (1st, 4th, 7th, 10th) thicker than
 * the others and each line running the grid's whole width; each cell must
 * hold ink when its GRID character is a digit and none when it is not.
 * usage: check_page IMAGE.png COLUMNS GRID...   (GRIDs in page order:
 * left to right, then down; 81 characters, '.' or '0' for an empty cell) */
#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DARK 160      /* a pixel darker than this (0-255) is ink */
#define MAX_LINES 400

typedef struct image {
    const unsigned char *data;
    int width, height, stride;
} image;

/* A line: its thickness runs from..to, its length a..b (pixels). */
typedef struct line {
    int from, to, a, b;
} line;

static int failures;

static void fail(const char *fmt, const char *where, int a, int b)
{
    printf("FAIL %s: ", where);
    printf(fmt, a, b);
    printf("\n");
    failures++;
}

static int dark(const image *im, int x, int y)
{
    const unsigned char *p = im->data + (size_t)y * (size_t)im->stride + (size_t)x * 4;
    int lum = (p[2] * 299 + p[1] * 587 + p[0] * 114) / 1000; /* BGRx in memory */
    return lum < DARK;
}

/* Bands of rows of [x0, x1) whose longest dark run is at least half the
 * strip; their run's extent as a..b. Returns the count. */
static int horizontal_lines(const image *im, int x0, int x1, line *out)
{
    int n = 0, open = 0;
    for (int y = 0; y < im->height; y++) {
        int best = 0, best_start = 0, run = 0;
        for (int x = x0; x < x1; x++) {
            run = dark(im, x, y) ? run + 1 : 0;
            if (run > best) {
                best = run;
                best_start = x - run + 1;
            }
        }
        int qualifies = best * 2 >= x1 - x0;
        if (qualifies && !open && n < MAX_LINES)
            out[n++] = (line){y, y, best_start, best_start + best - 1};
        if (qualifies && open) {
            out[n - 1].to = y;
            out[n - 1].a = best_start < out[n - 1].a ? best_start : out[n - 1].a;
            out[n - 1].b = best_start + best - 1 > out[n - 1].b ? best_start + best - 1
                                                                  : out[n - 1].b;
        }
        open = qualifies;
    }
    return n;
}

/* Bands of columns of [a, b] dark on at least 90% of rows top..bottom. */
static int vertical_lines(const image *im, int a, int b, int top, int bottom, line *out)
{
    int n = 0, open = 0;
    for (int x = a < 0 ? 0 : a; x <= b && x < im->width; x++) {
        int count = 0;
        for (int y = top; y <= bottom; y++)
            count += dark(im, x, y);
        int qualifies = count * 10 >= (bottom - top + 1) * 9;
        if (qualifies && !open && n < MAX_LINES)
            out[n++] = (line){x, x, top, bottom};
        if (qualifies && open)
            out[n - 1].to = x;
        open = qualifies;
    }
    return n;
}

/* Ten lines evenly spaced (centres within 2 px of their place), the box
 * lines thicker than every other. */
static void check_spacing(const line *l, const char *where)
{
    double first = (l[0].from + l[0].to) / 2.0, last = (l[9].from + l[9].to) / 2.0;
    int thick_min = 1 << 30, thin_max = 0;
    for (int k = 0; k < 10; k++) {
        double centre = (l[k].from + l[k].to) / 2.0, place = first + (last - first) * k / 9;
        if (centre < place - 2 || centre > place + 2)
            fail("line %d is %d px from its place", where, k + 1, (int)(centre - place));
        int thickness = l[k].to - l[k].from + 1;
        if (k % 3 == 0 && thickness < thick_min)
            thick_min = thickness;
        if (k % 3 != 0 && thickness > thin_max)
            thin_max = thickness;
    }
    if (thick_min <= thin_max)
        fail("box lines (%d px) are not thicker than cell lines (%d px)", where, thick_min,
             thin_max);
}

/* Dark pixels inside cell (r, c), away from its lines by 15%. */
static int cell_ink(const image *im, const line *h, const line *v, int r, int c, int *area)
{
    int y0 = h[r].to + 1, y1 = h[r + 1].from - 1, x0 = v[c].to + 1, x1 = v[c + 1].from - 1;
    int my = (y1 - y0) * 15 / 100, mx = (x1 - x0) * 15 / 100, count = 0;
    *area = 0;
    for (int y = y0 + my; y <= y1 - my; y++)
        for (int x = x0 + mx; x <= x1 - mx; x++) {
            count += dark(im, x, y);
            ++*area;
        }
    return count;
}

/* One grid: its lines (h found, v searched here) and its cells. */
static void check_grid(const image *im, const line *h, const char *grid, const char *where)
{
    line v[MAX_LINES];
    int top = h[0].from, bottom = h[9].to, a = h[0].a, b = h[0].b;
    int n = vertical_lines(im, a - 4, b + 4, top, bottom, v);
    if (n != 10) {
        fail("%d vertical lines across the grid, not %d", where, n, 10);
        return;
    }
    check_spacing(h, where);
    check_spacing(v, where);
    int grid_width = v[9].to - v[0].from;
    for (int k = 0; k < 10; k++)
        if ((h[k].b - h[k].a) * 100 < grid_width * 97)
            fail("horizontal line %d runs %d%% of the grid's width", where, k + 1,
                 (h[k].b - h[k].a) * 100 / (grid_width ? grid_width : 1));
    for (int i = 0; i < 81; i++) {
        int area, ink = cell_ink(im, h, v, i / 9, i % 9, &area);
        int digit = grid[i] >= '1' && grid[i] <= '9';
        if (digit && ink * 100 < area)
            fail("cell %d holds a digit but only %d dark pixels", where, i + 1, ink);
        if (!digit && ink * 1000 > area)
            fail("cell %d is empty but has %d dark pixels", where, i + 1, ink);
    }
}

/* Every grid of strip s (of cols), matched to its GRID argument. */
static int check_strip(const image *im, int s, int cols, char **grids, int count)
{
    line h[MAX_LINES];
    int x0 = im->width * s / cols, x1 = im->width * (s + 1) / cols;
    int n = horizontal_lines(im, x0, x1, h), found = n / 10;
    char where[64];
    if (n % 10) {
        snprintf(where, sizeof where, "strip %d", s + 1);
        fail("%d horizontal lines: not ten a grid (grids found: %d)", where, n, found);
    }
    for (int j = 0; j < found; j++) {
        int index = j * cols + s;
        snprintf(where, sizeof where, "grid %d", index + 1);
        if (index >= count)
            fail("%d grids on the page, more than the %d given", where, index + 1, count);
        else
            check_grid(im, &h[j * 10], grids[index], where);
    }
    return found;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: check_page IMAGE.png COLUMNS GRID...\n");
        return 2;
    }
    cairo_surface_t *surface = cairo_image_surface_create_from_png(argv[1]);
    cairo_format_t format = cairo_image_surface_get_format(surface);
    if (cairo_surface_status(surface) || (format != CAIRO_FORMAT_RGB24 &&
                                          format != CAIRO_FORMAT_ARGB32)) {
        fprintf(stderr, "check_page: cannot read %s as an RGB PNG\n", argv[1]);
        return 2;
    }
    cairo_surface_flush(surface);
    image im = {cairo_image_surface_get_data(surface), cairo_image_surface_get_width(surface),
                cairo_image_surface_get_height(surface), cairo_image_surface_get_stride(surface)};
    int cols = atoi(argv[2]), count = argc - 3, found = 0;
    for (int i = 0; i < count; i++)
        if (strlen(argv[3 + i]) != 81)
            fail("GRID %d has %d characters", "arguments", i + 1, (int)strlen(argv[3 + i]));
    for (int s = 0; s < cols && !failures; s++)
        found += check_strip(&im, s, cols, argv + 3, count);
    if (found != count)
        fail("%d grids found, %d given", "page", found, count);
    cairo_surface_destroy(surface);
    printf("%s: %d grid%s checked, %d problem%s\n", argv[1], found, found == 1 ? "" : "s",
           failures, failures == 1 ? "" : "s");
    return failures ? 1 : 0;
}
