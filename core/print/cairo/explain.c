/* A worked solution's pages: each step of a puzzle's solution path as a
 * line of words, and below a step beyond singles the position it is
 * taken on, its cells shaded, its eliminations struck in red, its chain's
 * nodes ringed (green made true, orange made false) and its links drawn
 * as the browser draws them (strong solid, weak dashed, a rule dotted). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw.h"

/* Colours (r, g, b in 0..1), the browser's (core/serve/page/chain.js). */
static const double PATTERN_FILL[3] = {1.0, 0.953, 0.69};
static const double ON_FILL[3] = {0.765, 0.922, 0.796}, ON_STROKE[3] = {0.118, 0.557, 0.243};
static const double OFF_FILL[3] = {1.0, 0.878, 0.761}, OFF_STROKE[3] = {0.851, 0.282, 0.059};
static const double LINK_STROKE[3] = {0.122, 0.247, 0.561};
static const double RULE_STROKE[3] = {0.42, 0.447, 0.502};
static const double ELIMINATED[3] = {0.85, 0.1, 0.1};

static void set_colour(cairo_t *cr, const double c[3])
{
    cairo_set_source_rgb(cr, c[0], c[1], c[2]);
}

/* The centre of candidate digit of cell in the grid at (x, y). */
static void candidate_at(int cell, int digit, double x, double y, double side, double *cx,
                         double *cy)
{
    double size = side / 9, third = size / 3;
    *cx = x + (cell % 9) * size + ((digit - 1) % 3 + 0.5) * third;
    *cy = y + (cell / 9) * size + ((digit - 1) / 3 + 0.5) * third;
}

/* The shaded cells: the pattern's, and a placement's in green. */
static void explain_cells(cairo_t *cr, const ski_explain_step *st, double x, double y, double side)
{
    double size = side / 9;
    for (int i = 0; i < 81; i++) {
        if (!st->pattern[i] && !st->placed[i])
            continue;
        set_colour(cr, st->placed[i] ? ON_FILL : PATTERN_FILL);
        cairo_rectangle(cr, x + (i % 9) * size, y + (i / 9) * size, size, size);
        cairo_fill(cr);
    }
}

/* One candidate: ringed when a chain node, struck when eliminated. */
static void explain_candidate(cairo_t *cr, const ski_explain_step *st, int i, int d, double x,
                              double y, double side)
{
    double cx, cy, r = side / 9 / 6.5;
    uint16_t bit = (uint16_t)(1u << d);
    candidate_at(i, d, x, y, side, &cx, &cy);
    if ((st->on[i] | st->off[i]) & bit) {
        bool on = st->on[i] & bit;
        cairo_arc(cr, cx, cy, r * 1.05, 0, 2 * M_PI);
        set_colour(cr, on ? ON_FILL : OFF_FILL);
        cairo_fill_preserve(cr);
        set_colour(cr, on ? ON_STROKE : OFF_STROKE);
        cairo_set_line_width(cr, 0.6);
        cairo_stroke(cr);
    }
    char text[2] = {(char)('0' + d), '\0'};
    bool struck = st->eliminated[i] & bit, placed = st->placed[i] & bit;
    if (struck)
        set_colour(cr, ELIMINATED);
    else
        cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
    ski_canvas_text_centered(cr, cx, cy, side / 9 * 0.26, struck || placed, text);
    if (struck) {
        cairo_set_line_width(cr, 0.7);
        cairo_move_to(cr, cx - r, cy + r);
        cairo_line_to(cr, cx + r, cy - r);
        cairo_stroke(cr);
    }
}

/* The digits and candidates of the position. */
static void explain_digits(cairo_t *cr, const ski_explain_step *st, double x, double y, double side)
{
    double size = side / 9;
    for (int i = 0; i < 81; i++) {
        if (st->digits[i]) {
            char text[2] = {(char)('0' + st->digits[i]), '\0'};
            cairo_set_source_rgb(cr, 0, 0, 0);
            ski_canvas_text_centered(cr, x + (i % 9 + 0.5) * size, y + (i / 9 + 0.5) * size,
                                     size * 0.6, false, text);
            continue;
        }
        for (int d = 1; d <= 9; d++)
            if (st->candidates[i] & (1u << d))
                explain_candidate(cr, st, i, d, x, y, side);
    }
}

/* The chain's links: a curve from candidate to candidate, stopped short
 * of both, with a small arrowhead. */
static void explain_links(cairo_t *cr, const ski_explain_step *st, double x, double y, double side)
{
    double r = side / 9 / 6, weak[] = {2.4, 1.8}, dotted[] = {0.6, 1.6};
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    for (size_t k = 0; k < st->link_count; k++) {
        const ski_explain_link *l = &st->links[k];
        double ax, ay, bx, by;
        candidate_at(l->from.cell, l->from.digit, x, y, side, &ax, &ay);
        candidate_at(l->to.cell, l->to.digit, x, y, side, &bx, &by);
        double len = hypot(bx - ax, by - ay);
        if (len < 2 * r)
            continue;
        double ux = (bx - ax) / len, uy = (by - ay) / len;
        ax += ux * r, ay += uy * r, bx -= ux * r, by -= uy * r;
        bool rule = l->kind == SK_LINK_RULE || l->kind == SK_LINK_NESTED;
        set_colour(cr, rule ? RULE_STROKE : LINK_STROKE);
        cairo_set_line_width(cr, 0.9);
        cairo_set_dash(cr, rule ? dotted : weak, l->kind == SK_LINK_STRONG ? 0 : 2, 0);
        /* bowed to its left, as links are drawn across a grid: a long
         * link along a line of cells stays clear of the grid's lines */
        double bow = fmin(len * 0.12, side / 9 * 0.45), nx = -uy * bow, ny = ux * bow;
        double c2x = ax + (bx - ax) * 2 / 3 + nx, c2y = ay + (by - ay) * 2 / 3 + ny;
        cairo_move_to(cr, ax, ay);
        cairo_curve_to(cr, ax + (bx - ax) / 3 + nx, ay + (by - ay) / 3 + ny, c2x, c2y, bx, by);
        cairo_stroke(cr);
        cairo_set_dash(cr, NULL, 0, 0);
        double tl = hypot(bx - c2x, by - c2y);
        ux = (bx - c2x) / tl, uy = (by - c2y) / tl;
        cairo_move_to(cr, bx, by);
        cairo_line_to(cr, bx - ux * 3 - uy * 1.5, by - uy * 3 + ux * 1.5);
        cairo_line_to(cr, bx - ux * 3 + uy * 1.5, by - uy * 3 - ux * 1.5);
        cairo_close_path(cr);
        cairo_fill(cr);
    }
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
}

/* text wrapped at spaces into the column of width at (x, y), at most
 * lines lines of size points, the last ending in an ellipsis when cut.
 * Returns the lines written. */
static int explain_wrapped(cairo_t *cr, const char *text, double x, double y, double width,
                           int lines, double size)
{
    size_t len = strlen(text), start = 0;
    char *line = malloc(len + 4);
    int n = 0;
    if (!line)
        return 0;
    for (; n < lines && start < len; n++) {
        size_t end = start, fit = start;
        while (end < len) {
            size_t next = end + 1;
            while (next < len && text[next] != ' ')
                next++;
            memcpy(line, text + start, next - start);
            line[next - start] = '\0';
            if (fit > start && ski_canvas_text_width(cr, size, false, line) > width)
                break;
            fit = end = next;
        }
        bool cut = n == lines - 1 && fit < len;
        memcpy(line, text + start, fit - start);
        strcpy(line + (fit - start), cut ? "\u2026" : "");
        ski_canvas_text(cr, x, y + n * size * 1.25, SK_ANCHOR_LEFT, size, false, line);
        start = fit;
        while (start < len && text[start] == ' ')
            start++;
    }
    free(line);
    return n;
}

/* A step drawn with its position at y: its line, the grid at the left
 * and its chains in notation at the right. */
static void explain_block(cairo_t *cr, const ski_explain_step *st, double y, double width)
{
    double x = SK_BOOKLET_MARGIN, side = SK_EXPLAIN_GRID, gy = y + SK_EXPLAIN_LINE + 4;
    cairo_set_source_rgb(cr, 0, 0, 0);
    ski_canvas_text(cr, x, y + 9, SK_ANCHOR_LEFT, 9.5, true, st->title);
    explain_cells(cr, st, x, gy, side);
    explain_digits(cr, st, x, gy, side);
    ski_booklet_grid_lines(cr, x, gy, side);
    explain_links(cr, st, x, gy, side);
    double cx = x + side + 16, column = width - SK_BOOKLET_MARGIN - cx;
    cairo_set_source_rgb(cr, 0, 0, 0);
    int lines = explain_wrapped(cr, st->words, cx, gy + 9, column, 4, 9);
    if (st->chain && st->chain[0]) {
        cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
        explain_wrapped(cr, st->chain, cx, gy + 9 + lines * 9 * 1.25 + 6, column,
                        (int)((side - lines * 9 * 1.25 - 6) / 10), 8);
    }
}

void ski_booklet_explain_draw(const ski_booklet *b, size_t page, cairo_t *cr)
{
    double width, height;
    size_t entry, part, first, end;
    char text[96];
    ski_paper_size(b->paper, &width, &height);
    ski_booklet_explain_page(b, page, &entry, &part, &first, &end);
    const ski_booklet_entry *e = &b->entries[entry];
    double y = SK_BOOKLET_MARGIN + SK_BOOKLET_HEADER;
    snprintf(text, sizeof text, "No. %u \u2014 worked solution%s", e->number,
             part ? " (continued)" : "");
    cairo_set_source_rgb(cr, 0, 0, 0);
    ski_canvas_text(cr, SK_BOOKLET_MARGIN, y + 10, SK_ANCHOR_LEFT, 12, true, text);
    y += 2 * SK_EXPLAIN_LINE;
    cairo_save(cr);
    cairo_rectangle(cr, 0, 0, width - SK_BOOKLET_MARGIN / 2, height);
    cairo_clip(cr);
    for (size_t i = first; i < end; i++) {
        const ski_explain_step *st = &e->steps[i];
        cairo_set_source_rgb(cr, 0, 0, 0);
        if (st->picture) {
            explain_block(cr, st, y, width);
            y += SK_EXPLAIN_BLOCK;
            continue;
        }
        double used =
            ski_canvas_text(cr, SK_BOOKLET_MARGIN, y + 9, SK_ANCHOR_LEFT, 8.5, true, st->title);
        ski_canvas_text(cr, SK_BOOKLET_MARGIN + used, y + 9, SK_ANCHOR_LEFT, 8.5, false, ": ");
        ski_canvas_text(cr, SK_BOOKLET_MARGIN + used + 6, y + 9, SK_ANCHOR_LEFT, 8.5, false,
                        st->words);
        y += SK_EXPLAIN_LINE;
    }
    cairo_restore(cr);
}
