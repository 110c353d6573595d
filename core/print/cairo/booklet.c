/* A booklet of puzzles: pages of 1, 2, 4 or 6 grids, each with its
 * number, level and score above it, then the solutions six a page. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "draw.h"

/* The space between slots, in points. */
#define BOOKLET_GAP 18.0

/* What the digits a solution adds are drawn in: dark grey. */
#define BOOKLET_FILLED_GREY 0.35

/* Columns and rows of slots on a portrait page of per_page grids. */
static void booklet_shape(int per_page, int *cols, int *rows)
{
    *cols = per_page >= 4 ? 2 : 1;
    *rows = per_page / *cols;
}

void ski_booklet_grid_lines(cairo_t *cr, double x, double y, double side)
{
    double cell = side / 9, thin = fmax(0.5, side / 450), thick = fmax(1.5, side / 110);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
    for (int i = 0; i <= 9; i++) {
        cairo_set_line_width(cr, i % 3 ? thin : thick);
        cairo_move_to(cr, x + i * cell, y);
        cairo_line_to(cr, x + i * cell, y + side);
        cairo_move_to(cr, x, y + i * cell);
        cairo_line_to(cr, x + side, y + i * cell);
        cairo_stroke(cr);
    }
}

/* The digits of a grid: the givens bold black, and in a solution the
 * digits it adds regular grey. */
static void booklet_digits(cairo_t *cr, const ski_booklet_entry *e, bool solution, double x,
                           double y, double side)
{
    double cell = side / 9;
    for (int i = 0; i < 81; i++) {
        bool given = e->puzzle.cells[i] != 0;
        int digit = solution ? e->solution.cells[i] : e->puzzle.cells[i];
        if (digit < 1 || digit > 9)
            continue;
        char text[2] = {(char)('0' + digit), '\0'};
        double grey = given ? 0 : BOOKLET_FILLED_GREY;
        cairo_set_source_rgb(cr, grey, grey, grey);
        ski_canvas_text_centered(cr, x + (i % 9 + 0.5) * cell, y + (i / 9 + 0.5) * cell, cell * 0.6,
                                given, text);
    }
}

/* The rating of e as the caption shows it: "hard · score 4.20", either
 * half alone, or "not rated". */
static void booklet_rating(const ski_booklet_entry *e, char *buf, size_t len)
{
    char score[40] = "";
    if (e->has_score)
        snprintf(score, sizeof score, "score %.2f%s", e->score, e->lower_bound ? "+" : "");
    if (e->level)
        snprintf(buf, len, "%s%s%s", e->level, score[0] ? " \u00b7 " : "", score);
    else
        snprintf(buf, len, "%s", score[0] ? score : "not rated");
}

/* The line above a grid: "No. N" (and the database id) at the left, and
 * above a puzzle its rating at the right. */
static void booklet_caption(cairo_t *cr, const ski_booklet_entry *e, bool solution, double x,
                            double y, double side, double size)
{
    char text[96];
    snprintf(text, sizeof text, "No. %u", e->number);
    cairo_set_source_rgb(cr, 0, 0, 0);
    double used = ski_canvas_text(cr, x, y, SK_ANCHOR_LEFT, size, true, text);
    cairo_set_source_rgb(cr, 0.4, 0.4, 0.4);
    if (e->id) {
        snprintf(text, sizeof text, "  id %lld", (long long)e->id);
        ski_canvas_text(cr, x + used, y, SK_ANCHOR_LEFT, size * 0.8, false, text);
    }
    if (solution)
        return;
    booklet_rating(e, text, sizeof text);
    if (strcmp(text, "not rated") != 0)
        cairo_set_source_rgb(cr, 0, 0, 0);
    ski_canvas_text(cr, x + side, y, SK_ANCHOR_RIGHT, size, false, text);
}

/* The title band and the page number band. */
static void booklet_bands(const ski_booklet *b, size_t page, bool solution, cairo_t *cr,
                          double width, double height)
{
    char text[512];
    const char *title = b->title && *b->title ? b->title : NULL;
    if (solution)
        snprintf(text, sizeof text, "%s%sSolutions", title ? title : "", title ? " \u2014 " : "");
    else
        snprintf(text, sizeof text, "%s", title ? title : "");
    cairo_set_source_rgb(cr, 0, 0, 0);
    if (text[0])
        ski_canvas_text(cr, width / 2, SK_BOOKLET_MARGIN + 16, SK_ANCHOR_CENTER, 16, true, text);
    snprintf(text, sizeof text, "page %zu of %zu", page, ski_booklet_pages(b));
    cairo_set_source_rgb(cr, 0.4, 0.4, 0.4);
    ski_canvas_text(cr, width / 2, height - SK_BOOKLET_MARGIN, SK_ANCHOR_CENTER, 9, false, text);
}

/* The grids of a page: every grid of a booklet's puzzle pages (or of its
 * solution pages) has the same side, the largest that per_page of them
 * leave; a page of fewer takes the rows and columns of its count, each
 * row centred and the rows spread over the page. */
typedef struct booklet_layout {
    double left, top, width, height; /* the area the grids and captions share */
    double side;                     /* a grid's side */
    double size;                     /* the captions' text size */
    double caption;                  /* the caption's band above each grid */
    int cols, rows;                  /* of this page's grids */
} booklet_layout;

/* The room between count things of length each in free room: at least
 * the gap, more when there is room, so that they spread over it; the
 * offset of the first from the start of the room in *start. */
static double booklet_spread(double room, double each, int count, double *start)
{
    double free = room - count * each;
    double between =
        count > 1 ? fmin(fmax(BOOKLET_GAP, free / (count + 1)), free / (count - 1)) : 0;
    *start = (free - (count - 1) * between) / 2;
    return between;
}

/* The layout of a page of b with count grids of a full page of per_page. */
static booklet_layout booklet_layout_of(const ski_booklet *b, bool titled, int per_page, int count)
{
    booklet_layout l;
    double paper_width, paper_height;
    int cols, rows;
    ski_paper_size(b->paper, &paper_width, &paper_height);
    booklet_shape(per_page, &cols, &rows);
    l.left = SK_BOOKLET_MARGIN;
    l.top = SK_BOOKLET_MARGIN + (titled ? SK_BOOKLET_HEADER : 0);
    l.width = paper_width - 2 * SK_BOOKLET_MARGIN;
    l.height = paper_height - l.top - SK_BOOKLET_MARGIN - SK_BOOKLET_FOOTER;
    l.size = fmin(16, fmax(9, fmin(l.width / cols, l.height / rows) * 0.045));
    l.caption = l.size * 1.8;
    l.side = fmin((l.width - (cols - 1) * BOOKLET_GAP) / cols,
                  (l.height - rows * l.caption - (rows - 1) * BOOKLET_GAP) / rows);
    l.rows = count < rows ? count : rows;
    l.cols = (count + l.rows - 1) / l.rows;
    l.rows = (count + l.cols - 1) / l.cols;
    return l;
}

/* Grid k of a page laid out as l, of count: its caption and grid. */
static void booklet_place(cairo_t *cr, const booklet_layout *l, const ski_booklet_entry *e,
                          bool solution, int k, int count)
{
    int row = k / l->cols, in_row = row == l->rows - 1 ? count - row * l->cols : l->cols;
    double y0, x0;
    double dy = booklet_spread(l->height, l->caption + l->side, l->rows, &y0);
    double dx = booklet_spread(l->width, l->side, in_row, &x0);
    double gx = l->left + x0 + (k % l->cols) * (l->side + dx);
    double gy = l->top + y0 + row * (l->caption + l->side + dy) + l->caption;
    booklet_caption(cr, e, solution, gx, gy - l->size * 0.7, l->side, l->size);
    booklet_digits(cr, e, solution, gx, gy, l->side);
    ski_booklet_grid_lines(cr, gx, gy, l->side);
}

/* Whether page (of a booklet with solution pages after its puzzles) shows
 * a title: the booklet's own, or "Solutions". */
static bool booklet_titled(const ski_booklet *b, bool solution)
{
    return solution || (b->title && *b->title);
}

void ski_booklet_draw_page(const ski_booklet *b, size_t page, cairo_t *cr)
{
    double width, height;
    size_t puzzle_pages = ski_booklet_puzzle_pages(b);
    size_t before_solutions = puzzle_pages + ski_booklet_explain_pages(b);
    bool solution = page > before_solutions;
    ski_paper_size(b->paper, &width, &height);
    booklet_bands(b, page, solution, cr, width, height);
    if (page > puzzle_pages && !solution) {
        ski_booklet_explain_draw(b, page - puzzle_pages, cr);
        return;
    }
    int per_page = solution ? SK_BOOKLET_SOLUTIONS_PER_PAGE : b->per_page;
    size_t first = (solution ? page - before_solutions - 1 : page - 1) * (size_t)per_page;
    int count = b->count - first < (size_t)per_page ? (int)(b->count - first) : per_page;
    booklet_layout l = booklet_layout_of(b, booklet_titled(b, solution), per_page, count);
    for (int k = 0; k < count; k++)
        booklet_place(cr, &l, &b->entries[first + (size_t)k], solution, k, count);
}
