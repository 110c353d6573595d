/* Pictures: booklets of puzzles (the print operation) and plots (bench's
 * and rate's --plot) as PDF, SVG or PNG. Internal to the library. This
 * header holds what a request is made of and how the core asks for one;
 * the drawing itself, with cairo and fontconfig, is the print module
 * (sudokit-print.so, print_module.h), loaded the first time a picture is
 * drawn. Lengths are in points (1/72 inch); a PNG has dpi/72 pixels a
 * point. */
#ifndef SUDOKIT_PRINT_H
#define SUDOKIT_PRINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sudokit/error.h"
#include "sudokit/plugin.h"

/* ------------------------------------------------------------ formats -- */

typedef enum ski_picture_format { SK_PICTURE_PDF, SK_PICTURE_SVG, SK_PICTURE_PNG } ski_picture_format;

/* "pdf", "svg", "png" by ski_picture_format, then NULL. */
extern const char *const ski_picture_format_names[];

/* The format a path's extension names (.pdf, .svg, .png in any case), or
 * -1 when it names none of them. */
int ski_picture_format_of_path(const char *path);

/* ------------------------------------------------------------ booklet -- */

typedef enum ski_paper { SK_PAPER_A4, SK_PAPER_LETTER } ski_paper;

/* "a4", "letter" by ski_paper, then NULL. */
extern const char *const ski_paper_names[];

/* A link of a chain drawn on an explained step: from one candidate to
 * the next, of kind SK_LINK_STRONG, _WEAK, _RULE or _NESTED (plugin.h). */
typedef struct ski_explain_link {
    sk_candidate from, to;
    uint8_t kind;
} ski_explain_link;

/* One step of a worked solution (print --explain): its words, and for a
 * step beyond singles the picture of the position it is taken on. Digit
 * d is bit d of a mask. */
typedef struct ski_explain_step {
    char *title;            /* "12. Naked Pair (3.0)" */
    char *words;            /* the step in words, one sentence */
    char *chain;            /* the chains in notation, "" when none */
    bool picture;           /* drawn with the position below */
    uint8_t digits[81];     /* the position before the step, 0 empty */
    uint16_t candidates[81];
    uint16_t eliminated[81]; /* candidates the step removes */
    uint16_t placed[81];     /* the digit it places */
    uint16_t on[81], off[81]; /* chain nodes made true, made false */
    bool pattern[81];        /* the cells that make the pattern */
    ski_explain_link *links;
    size_t link_count;
} ski_explain_step;

/* One puzzle of a booklet. */
typedef struct ski_booklet_entry {
    unsigned number;   /* shown above the grid and its solution */
    int64_t id;        /* the database's row, shown when nonzero (print --show-ids) */
    sk_grid puzzle;
    sk_grid solution;  /* needed when the booklet has solutions */
    const char *level; /* its name ("hard"), or NULL when not known */
    bool has_score;
    double score;
    bool lower_bound;  /* the score is "at least" */
    const ski_explain_step *steps; /* its worked solution (explain) */
    size_t step_count;
} ski_booklet_entry;

/* A booklet: per_page puzzles a page (1, 2, 4 or 6), then with explain
 * each puzzle's worked solution from a new page, then, with solutions,
 * their solutions six a page on the last pages. */
typedef struct ski_booklet {
    ski_paper paper;
    int per_page;
    bool solutions;
    bool explain;
    const char *title; /* atop every page and the PDF's title; NULL or "" for none */
    const ski_booklet_entry *entries;
    size_t count;
} ski_booklet;

/* Page layout, in points: the margin all round, the title band at the
 * top, the page number's band at the bottom. */
#define SK_BOOKLET_MARGIN 36.0
#define SK_BOOKLET_HEADER 30.0
#define SK_BOOKLET_FOOTER 20.0

/* Puzzles a solution page holds. */
#define SK_BOOKLET_SOLUTIONS_PER_PAGE 6

/* The width and height of a paper in points. */
void ski_paper_size(ski_paper paper, double *width, double *height);

/* Pages of the booklet: its puzzle pages, its worked solutions' pages,
 * and all of them with its solution pages. */
size_t ski_booklet_puzzle_pages(const ski_booklet *b);
size_t ski_booklet_explain_pages(const ski_booklet *b);
size_t ski_booklet_pages(const ski_booklet *b);

/* A worked solution's layout, in points: a line of words, and a step
 * drawn with its picture (its line, the grid and its gap). */
#define SK_EXPLAIN_LINE 12.0
#define SK_EXPLAIN_GRID 168.0
#define SK_EXPLAIN_BLOCK (SK_EXPLAIN_GRID + 2 * SK_EXPLAIN_LINE + 12.0)

/* Which worked-solution page page (1-based among ski_booklet_explain_pages)
 * is: the entry it explains (*entry), its page within that entry's
 * (*part, 0-based), and its steps [*first, *end). */
void ski_booklet_explain_page(const ski_booklet *b, size_t page, size_t *entry, size_t *part,
                             size_t *first, size_t *end);

/* Draw pages first..last (1-based, first <= last <= ski_booklet_pages) of
 * b as one picture of format (a PNG at dpi; SVG and PNG hold one page)
 * onto out. Loads the print module on first use. Returns 0, or -1 with a
 * message in err (the module missing or broken, drawing or writing
 * failed). */
int ski_print_booklet(const ski_booklet *b, size_t first, size_t last, ski_picture_format format,
                      double dpi, FILE *out, sk_error *err);

/* --------------------------------------------------------------- plots -- */

/* A bar of a bar chart: group (a data set) and label (a solver) name it;
 * a bar without value shows its note instead ("FAILED"). */
typedef struct ski_plot_bar {
    const char *group;
    const char *label;
    bool has_value;
    double value;
    const char *note;
} ski_plot_bar;

/* Levels a histogram's values may have (1 to this; 0 for none). */
#define SK_HISTOGRAM_LEVELS 5

/* A histogram of count values under title, x_label under its axis. Each
 * value has a level (levels[i], 1..SK_HISTOGRAM_LEVELS, 0 when not known;
 * levels NULL when none is): each bar is split by level, a colour per
 * level, level_names[l - 1] naming level l in the legend. */
typedef struct ski_histogram {
    const char *title;
    const char *x_label;
    const double *values;
    const int *levels;
    const char *level_names[SK_HISTOGRAM_LEVELS];
    size_t count;
} ski_histogram;

/* Draw count bars (horizontal, grouped by consecutive equal groups, a
 * colour per label, each bar's value written after it in unit, under
 * title; on a log axis when the values span more than
 * SK_PLOT_LOG_SPAN times), or a histogram (ski_histogram), into path, in
 * the format its extension names (ski_picture_format_of_path; a PNG at one
 * pixel a point), replacing it only when the whole picture was written.
 * Loads the print module on first use. Returns 0, or -1 with a message in
 * err. */
#define SK_PLOT_LOG_SPAN 30.0
int ski_plot_bars_file(const char *path, const char *title, const char *unit,
                       const ski_plot_bar *bars, size_t count, sk_error *err);
int ski_plot_histogram_file(const char *path, const ski_histogram *h, sk_error *err);

#endif /* SUDOKIT_PRINT_H */
