/* check_plot: the bars of a rendered plot, found by their pixels. Reads a
 * PNG (through cairo) and prints every rectangle of one uniform colour
 * among the COLOURs asked for (a bar: a histogram's bin or a bench run),
 * one a line as "x y width height RRGGBB", top to bottom then left to
 * right. Glyphs are grey, so only bars are found when the colours are
 * the palette's. A rectangle's edges that antialiasing blends are not
 * counted in its size.
 * usage: check_plot IMAGE.png RRGGBB... */
#include <cairo.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COLOURS 8

typedef struct image {
    const unsigned char *data;
    int width, height, stride;
    unsigned char *seen;
} image;

/* The colour at (x, y) as 0xRRGGBB. */
static uint32_t pixel(const image *im, int x, int y)
{
    const uint32_t *row = (const uint32_t *)(const void *)(im->data + (size_t)y * im->stride);
    return row[x] & 0xffffff;
}

static int wanted(uint32_t colour, const uint32_t *colours, int count)
{
    for (int i = 0; i < count; i++)
        if (colours[i] == colour)
            return 1;
    return 0;
}

/* Whether the w pixels from (x, y) rightwards are all colour. */
static int row_is(const image *im, int x, int y, int w, uint32_t colour)
{
    for (int i = 0; i < w; i++)
        if (pixel(im, x + i, y) != colour)
            return 0;
    return 1;
}

/* The rectangle of colour whose top-left pixel is (x, y): as wide as the
 * run on its first row, as tall as the rows below that are that colour
 * all along it. Marks its pixels seen and prints it. */
static void rectangle_at(image *im, int x, int y, uint32_t colour)
{
    int w = 0, h = 0;
    while (x + w < im->width && pixel(im, x + w, y) == colour)
        w++;
    while (y + h < im->height && row_is(im, x, y + h, w, colour))
        h++;
    for (int r = 0; r < h; r++)
        memset(im->seen + (size_t)(y + r) * im->width + x, 1, (size_t)w);
    printf("%d %d %d %d %06x\n", x, y, w, h, (unsigned)colour);
}

int main(int argc, char **argv)
{
    uint32_t colours[MAX_COLOURS];
    int count = argc - 2;
    if (argc < 3 || count > MAX_COLOURS) {
        fprintf(stderr, "usage: check_plot IMAGE.png RRGGBB... (at most %d colours)\n",
                MAX_COLOURS);
        return 2;
    }
    for (int i = 0; i < count; i++)
        colours[i] = (uint32_t)strtoul(argv[2 + i], NULL, 16);
    cairo_surface_t *surface = cairo_image_surface_create_from_png(argv[1]);
    if (cairo_surface_status(surface) ||
        (cairo_image_surface_get_format(surface) != CAIRO_FORMAT_RGB24 &&
         cairo_image_surface_get_format(surface) != CAIRO_FORMAT_ARGB32)) {
        fprintf(stderr, "check_plot: cannot read %s as an RGB PNG\n", argv[1]);
        return 2;
    }
    cairo_surface_flush(surface);
    image im = {cairo_image_surface_get_data(surface), cairo_image_surface_get_width(surface),
                cairo_image_surface_get_height(surface), cairo_image_surface_get_stride(surface),
                NULL};
    im.seen = calloc((size_t)im.width * (size_t)im.height, 1);
    if (!im.seen)
        return 2;
    for (int y = 0; y < im.height; y++)
        for (int x = 0; x < im.width; x++)
            if (!im.seen[(size_t)y * im.width + x] && wanted(pixel(&im, x, y), colours, count))
                rectangle_at(&im, x, y, pixel(&im, x, y));
    free(im.seen);
    cairo_surface_destroy(surface);
    return 0;
}
