/* A canvas: a cairo surface of one picture format, written to the sink
 * the core gives, with the text helpers every picture uses. */
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <errno.h>
#include <fontconfig/fontconfig.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "draw.h"

struct ski_canvas {
    ski_picture_format format;
    cairo_surface_t *surface;
    cairo_t *cr;
    ski_picture_sink sink;  /* where the picture is written */
    bool discard;          /* closing without ok: drop what cairo still writes */
    int write_error;       /* errno of the first failed write, or 0 */
};

/* cairo and fontconfig keep the fonts they loaded for the whole process:
 * free them at exit, when no canvas is left, so that a leak checker sees
 * only what sudokit itself did not free. */
static void canvas_free_fonts(void)
{
    cairo_debug_reset_static_data();
    FcFini();
}

static void canvas_free_fonts_at_exit(void)
{
    atexit(canvas_free_fonts);
}

/* cairo's writer: into the sink; the first error is kept. */
static cairo_status_t canvas_write(void *closure, const unsigned char *data, unsigned length)
{
    ski_canvas *c = closure;
    if (c->discard)
        return CAIRO_STATUS_SUCCESS;
    if (c->write_error)
        return CAIRO_STATUS_WRITE_ERROR;
    errno = 0;
    if (c->sink.write(c->sink.user, data, length) != 0) {
        c->write_error = errno ? errno : EIO;
        return CAIRO_STATUS_WRITE_ERROR;
    }
    return CAIRO_STATUS_SUCCESS;
}

/* The PDF's metadata: title, creator, and the creation date when the
 * sink gives one. */
static void canvas_pdf_metadata(cairo_surface_t *surface, const char *title, int64_t created)
{
    if (title && *title)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "sudokit");
    struct tm tm;
    char date[32];
    if (created < 0)
        return;
    time_t t = (time_t)created;
    if (gmtime_r(&t, &tm) && strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm))
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, date);
}

/* Paint the page white. */
static void canvas_blank(ski_canvas *c)
{
    cairo_save(c->cr);
    cairo_set_source_rgb(c->cr, 1, 1, 1);
    cairo_paint(c->cr);
    cairo_restore(c->cr);
}

/* Make the surface and the context of c; 0, or -1 with err. */
static int canvas_start(ski_canvas *c, double width, double height, double dpi,
                        const char *title, char *err, size_t errlen)
{
    if (c->format == SK_PICTURE_PDF) {
        c->surface = cairo_pdf_surface_create_for_stream(canvas_write, c, width, height);
        canvas_pdf_metadata(c->surface, title, c->sink.created);
    } else if (c->format == SK_PICTURE_SVG) {
        c->surface = cairo_svg_surface_create_for_stream(canvas_write, c, width, height);
    } else {
        c->surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)ceil(width * dpi / 72),
                                                (int)ceil(height * dpi / 72));
    }
    c->cr = cairo_create(c->surface);
    if (c->format == SK_PICTURE_PNG)
        cairo_scale(c->cr, dpi / 72, dpi / 72);
    cairo_status_t status = cairo_status(c->cr);
    if (status != CAIRO_STATUS_SUCCESS) {
        snprintf(err, errlen, "cannot start a %s picture: %s", ski_picture_format_names[c->format],
                 cairo_status_to_string(status));
        return -1;
    }
    canvas_blank(c);
    return 0;
}

ski_canvas *ski_canvas_open(ski_picture_format format, double width, double height, double dpi,
                          const char *title, const ski_picture_sink *sink, char *err,
                          size_t errlen)
{
    static pthread_once_t fonts_freed_at_exit = PTHREAD_ONCE_INIT;
    pthread_once(&fonts_freed_at_exit, canvas_free_fonts_at_exit);
    ski_canvas *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    c->format = format;
    c->sink = *sink;
    if (canvas_start(c, width, height, dpi, title, err, errlen)) {
        char ignored[64];
        ski_canvas_close(c, false, ignored, sizeof ignored);
        return NULL;
    }
    return c;
}

cairo_t *ski_canvas_cairo(ski_canvas *canvas)
{
    return canvas->cr;
}

void ski_canvas_next_page(ski_canvas *canvas)
{
    cairo_show_page(canvas->cr);
    canvas_blank(canvas);
}

/* The first error of drawing, finishing or writing c's surface. */
static cairo_status_t canvas_finish(ski_canvas *c, bool ok)
{
    cairo_status_t status = c->cr ? cairo_status(c->cr) : CAIRO_STATUS_NO_MEMORY;
    if (ok && status == CAIRO_STATUS_SUCCESS && c->format == SK_PICTURE_PNG)
        status = cairo_surface_write_to_png_stream(c->surface, canvas_write, c);
    c->discard = !ok || status != CAIRO_STATUS_SUCCESS;
    cairo_destroy(c->cr);
    if (c->surface) {
        cairo_surface_finish(c->surface);
        if (status == CAIRO_STATUS_SUCCESS)
            status = cairo_surface_status(c->surface);
        cairo_surface_destroy(c->surface);
    }
    return status;
}

int ski_canvas_close(ski_canvas *canvas, bool ok, char *err, size_t errlen)
{
    ski_canvas *c = canvas;
    cairo_status_t status = canvas_finish(c, ok);
    int rc = 0;
    if (ok && c->write_error) {
        snprintf(err, errlen, "cannot write the picture: %s", strerror(c->write_error));
        rc = -1;
    } else if (ok && status != CAIRO_STATUS_SUCCESS) {
        snprintf(err, errlen, "cannot draw the picture: %s", cairo_status_to_string(status));
        rc = -1;
    }
    free(c);
    return rc;
}

/* Select the sans-serif face the pictures use. */
static void canvas_font(cairo_t *cr, double size, bool bold)
{
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                           bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
}

double ski_canvas_text(cairo_t *cr, double x, double y, ski_anchor anchor, double size, bool bold,
                      const char *text)
{
    cairo_text_extents_t ext;
    canvas_font(cr, size, bold);
    cairo_text_extents(cr, text, &ext);
    double shift = anchor == SK_ANCHOR_LEFT     ? 0
                   : anchor == SK_ANCHOR_CENTER ? ext.x_advance / 2
                                                : ext.x_advance;
    cairo_move_to(cr, x - shift, y);
    cairo_show_text(cr, text);
    cairo_new_path(cr);
    return ext.x_advance;
}

double ski_canvas_text_width(cairo_t *cr, double size, bool bold, const char *text)
{
    cairo_text_extents_t ext;
    canvas_font(cr, size, bold);
    cairo_text_extents(cr, text, &ext);
    return ext.x_advance;
}

void ski_canvas_text_centered(cairo_t *cr, double x, double y, double size, bool bold,
                             const char *text)
{
    cairo_text_extents_t ext;
    canvas_font(cr, size, bold);
    cairo_text_extents(cr, text, &ext);
    cairo_move_to(cr, x - ext.x_bearing - ext.width / 2, y - ext.y_bearing - ext.height / 2);
    cairo_show_text(cr, text);
    cairo_new_path(cr);
}
