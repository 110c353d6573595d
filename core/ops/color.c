/* The one rule that decides whether output is coloured: --color, then
 * NO_COLOR, then whether the stream is a terminal. */
#include <stdlib.h>
#include <unistd.h>

#include "color.h"

const char *const ski_color_mode_names[] = {"auto", "always", "never", NULL};

bool ski_color_use(ski_color_mode mode, FILE *stream)
{
    if (mode != SK_COLOR_AUTO)
        return mode == SK_COLOR_ALWAYS;
    const char *no_color = getenv("NO_COLOR");
    if (no_color && *no_color)
        return false;
    return stream && isatty(fileno(stream));
}
