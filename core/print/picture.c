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

size_t ski_booklet_pages(const ski_booklet *b)
{
    size_t solution_pages = b->solutions ? (b->count + SK_BOOKLET_SOLUTIONS_PER_PAGE - 1) /
                                               SK_BOOKLET_SOLUTIONS_PER_PAGE
                                         : 0;
    return ski_booklet_puzzle_pages(b) + solution_pages;
}
