/* check_page: are the grids of a rendered booklet page drawn where they
 * must be? Reads a PNG (through cairo) and finds every grid by its lines,
 * without knowing the layout's numbers: a grid line is a band of rows
 * holding one dark run at least an eighth of the page wide, and ten such
 * lines of the same extent, one under the other, make a grid. Each grid
 * must have ten horizontal and ten vertical lines, evenly spaced, the box
 * lines (1st, 4th, 7th, 10th) thicker than the others and each line
 * running the grid's whole width; each cell must hold ink when its GRID
 * character is a digit and none when it is not. Grids are matched to the
 * GRIDs in page order: by rows (tops within 4 px), left to right.
 * Prints each grid as "grid N: X Y SIDE" (pixels, its outer lines) and
 * the page's tallest run of rows without ink between its first ink and
 * its last as "tallest blank band: H px at Y".
 * usage: check_page IMAGE.png GRID...   (81 characters each, '.' or '0'
 * for an empty cell, '?' for a cell whose ink is not checked: candidates
 * drawn small) */
#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DARK 160 /* a pixel darker than this (0-255) is ink */
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

/* Whether line l, open at the row above, goes on with the run a..b. */
static int continues(const line *l, int y, int a, int b)
{
    return l->to == y - 1 && abs(l->a - a) <= 3 && abs(l->b - b) <= 3;
}

/* Horizontal lines: bands of rows each holding a dark run of at least
 * min_run pixels, one band per run that goes on from row to row. Returns
 * the count, in order of their first row. */
static int horizontal_lines(const image *im, int min_run, line *out)
{
    int n = 0;
    for (int y = 0; y < im->height; y++)
        for (int x = 0; x < im->width; x++) {
            int start = x;
            while (x < im->width && dark(im, x, y))
                x++;
            if (x - start < min_run)
                continue;
            int k = n - 1;
            while (k >= 0 && !continues(&out[k], y, start, x - 1))
                k--;
            if (k >= 0)
                out[k].to = y;
            else if (n < MAX_LINES)
                out[n++] = (line){y, y, start, x - 1};
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
        if (grid[i] == '?')
            continue;
        int area, ink = cell_ink(im, h, v, i / 9, i % 9, &area);
        int digit = grid[i] >= '1' && grid[i] <= '9';
        if (digit && ink * 100 < area)
            fail("cell %d holds a digit but only %d dark pixels", where, i + 1, ink);
        if (!digit && ink * 1000 > area)
            fail("cell %d is empty but has %d dark pixels", where, i + 1, ink);
    }
}

#define MAX_GRIDS 16

/* A grid found: its ten horizontal lines. */
typedef struct grid {
    line h[10];
    int lines;
} grid;

/* Grids in page order: a row's tops within 4 px, left to right. */
static int page_order(const void *pa, const void *pb)
{
    const grid *a = pa, *b = pb;
    if (abs(a->h[0].from - b->h[0].from) > 4)
        return a->h[0].from - b->h[0].from;
    return a->h[0].a - b->h[0].a;
}

/* The page's grids: its lines of the same extent, ten one under the
 * other. Returns the count; lines of no whole grid are a failure. */
static int find_grids(const image *im, grid *grids)
{
    static line h[MAX_LINES];
    int n = horizontal_lines(im, im->width / 8, h), count = 0, open = 0;
    for (int i = 0; i < n; i++) {
        int g = open;
        while (g < count && (grids[g].lines == 10 || abs(grids[g].h[0].a - h[i].a) > 4 ||
                             abs(grids[g].h[0].b - h[i].b) > 4))
            g++;
        if (g == count && count == MAX_GRIDS)
            break;
        if (g == count)
            grids[count++].lines = 0;
        grids[g].h[grids[g].lines++] = h[i];
    }
    for (int g = 0; g < count; g++)
        if (grids[g].lines != 10)
            fail("%d lines of the same extent at y %d, not ten", "page", grids[g].lines,
                 grids[g].h[0].from);
    qsort(grids, (size_t)count, sizeof *grids, page_order);
    return count;
}

/* Whether row y holds ink. */
static int row_inked(const image *im, int y)
{
    for (int x = 0; x < im->width; x++)
        if (dark(im, x, y))
            return 1;
    return 0;
}

/* The tallest run of rows without ink between the page's first ink and
 * its last, printed. */
static void tallest_band(const image *im)
{
    int first = -1, last = -1, run = 0, best = 0, at = 0;
    for (int y = 0; y < im->height; y++)
        if (row_inked(im, y)) {
            if (first < 0)
                first = y;
            last = y;
        }
    for (int y = first; first >= 0 && y <= last; y++) {
        run = row_inked(im, y) ? 0 : run + 1;
        if (run > best) {
            best = run;
            at = y - run + 1;
        }
    }
    printf("tallest blank band: %d px at %d\n", best, at);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: check_page IMAGE.png GRID...\n");
        return 2;
    }
    cairo_surface_t *surface = cairo_image_surface_create_from_png(argv[1]);
    cairo_format_t format = cairo_image_surface_get_format(surface);
    if (cairo_surface_status(surface) ||
        (format != CAIRO_FORMAT_RGB24 && format != CAIRO_FORMAT_ARGB32)) {
        fprintf(stderr, "check_page: cannot read %s as an RGB PNG\n", argv[1]);
        return 2;
    }
    cairo_surface_flush(surface);
    image im = {cairo_image_surface_get_data(surface), cairo_image_surface_get_width(surface),
                cairo_image_surface_get_height(surface), cairo_image_surface_get_stride(surface)};
    int count = argc - 2;
    static grid grids[MAX_GRIDS];
    for (int i = 0; i < count; i++)
        if (strlen(argv[2 + i]) != 81)
            fail("GRID %d has %d characters", "arguments", i + 1, (int)strlen(argv[2 + i]));
    int found = find_grids(&im, grids);
    for (int g = 0; g < found && g < count && !failures; g++) {
        char where[32];
        snprintf(where, sizeof where, "grid %d", g + 1);
        check_grid(&im, grids[g].h, argv[2 + g], where);
        printf("grid %d: %d %d %d\n", g + 1, grids[g].h[0].a, grids[g].h[0].from,
               grids[g].h[9].to - grids[g].h[0].from + 1);
    }
    if (found != count)
        fail("%d grids found, %d given", "page", found, count);
    tallest_band(&im);
    cairo_surface_destroy(surface);
    printf("%s: %d grid%s checked, %d problem%s\n", argv[1], found, found == 1 ? "" : "s", failures,
           failures == 1 ? "" : "s");
    return failures ? 1 : 0;
}
