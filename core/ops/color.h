/* Whether output is coloured: the --color modes and the one rule that
 * decides (internal: the play operation uses it). */
#ifndef SUDOKIT_COLOR_H
#define SUDOKIT_COLOR_H

#include <stdbool.h>
#include <stdio.h>

/* When output may be coloured: as --color says, auto by default. */
typedef enum ski_color_mode { SK_COLOR_AUTO, SK_COLOR_ALWAYS, SK_COLOR_NEVER } ski_color_mode;

/* Choice names of ski_color_mode: "auto", "always", "never", then NULL. */
extern const char *const ski_color_mode_names[];

/* The one rule for colour: always and never say so; auto colours a
 * stream that is a terminal unless NO_COLOR is set to a non-empty value
 * (no-color.org: an explicit --color=always still wins). */
bool ski_color_use(ski_color_mode mode, FILE *stream);

#endif /* SUDOKIT_COLOR_H */
