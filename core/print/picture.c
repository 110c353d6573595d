/* What a picture request is made of, without drawing it: the picture
 * formats, the papers and a booklet's pages. Part of the core (the print
 * operation's keys and page checks) and of the print module. */
#include <string.h>
#include <strings.h>

#include "print.h"

const char *const ski_picture_format_names[] = {"pdf", "svg", "png", NULL};
const char *const ski_paper_names[] = {"a4", "letter", NULL};

int ski_picture_format_of_path(const char *path)
{
    const char *dot = path ? strrchr(path, '.') : NULL;
    if (!dot || strchr(dot, '/'))
        return -1;
    for (int i = 0; ski_picture_format_names[i]; i++)
        if (strcasecmp(dot + 1, ski_picture_format_names[i]) == 0)
            return i;
    return -1;
}

void ski_paper_size(ski_paper paper, double *width, double *height)
{
    if (paper == SK_PAPER_LETTER) {
        *width = 612; /* 8.5 x 11 in */
        *height = 792;
    } else {
        *width = 595.2756; /* 210 x 297 mm */
        *height = 841.8898;
    }
}

size_t ski_booklet_puzzle_pages(const ski_booklet *b)
{
    return (b->count + (size_t)b->per_page - 1) / (size_t)b->per_page;
}

/* The height a worked solution's page gives its steps: the page but its
 * margins, bands and the heading line. */
static double explain_room(const ski_booklet *b)
{
    double width, height;
    ski_paper_size(b->paper, &width, &height);
    return height - 2 * SK_BOOKLET_MARGIN - SK_BOOKLET_HEADER - SK_BOOKLET_FOOTER -
           2 * SK_EXPLAIN_LINE;
}

/* Lay e's steps out on pages: page k (from 0) starts at step starts[k]
 * when starts is not NULL and k < cap. Returns the pages (at least one). */
static size_t explain_layout(const ski_booklet *b, const ski_booklet_entry *e, size_t *starts,
                             size_t cap)
{
    double room = explain_room(b), used = 0;
    size_t pages = 1;
    if (starts && cap)
        starts[0] = 0;
    for (size_t i = 0; i < e->step_count; i++) {
        double h = e->steps[i].picture ? SK_EXPLAIN_BLOCK : SK_EXPLAIN_LINE;
        if (used > 0 && used + h > room) {
            if (starts && pages < cap)
                starts[pages] = i;
            pages++;
            used = 0;
        }
        used += h;
    }
    return pages;
}

size_t ski_booklet_explain_pages(const ski_booklet *b)
{
    size_t pages = 0;
    for (size_t i = 0; b->explain && i < b->count; i++)
        pages += explain_layout(b, &b->entries[i], NULL, 0);
    return pages;
}

void ski_booklet_explain_page(const ski_booklet *b, size_t page, size_t *entry, size_t *part,
                             size_t *first, size_t *end)
{
    size_t before = 0;
    for (size_t i = 0; i < b->count; i++) {
        const ski_booklet_entry *e = &b->entries[i];
        size_t pages = explain_layout(b, e, NULL, 0);
        if (page > before + pages) {
            before += pages;
            continue;
        }
        size_t starts[pages + 1];
        explain_layout(b, e, starts, pages);
        starts[pages] = e->step_count;
        *entry = i;
        *part = page - before - 1;
        *first = starts[*part];
        *end = starts[*part + 1];
        return;
    }
    *entry = *part = *first = *end = 0;
}

size_t ski_booklet_pages(const ski_booklet *b)
{
    size_t solution_pages = b->solutions ? (b->count + SK_BOOKLET_SOLUTIONS_PER_PAGE - 1) /
                                               SK_BOOKLET_SOLUTIONS_PER_PAGE
                                         : 0;
    return ski_booklet_puzzle_pages(b) + ski_booklet_explain_pages(b) + solution_pages;
}
