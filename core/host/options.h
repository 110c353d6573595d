/* Parsing of a strategy's "key=value,key=value" option string. */
#ifndef SUDOKIT_OPTIONS_H
#define SUDOKIT_OPTIONS_H

#include <stddef.h>

#include "sudokit/error.h"
#include "sudokit/plugin.h"

/* Options split out of one string; keys and values point into storage. */
typedef struct ski_options {
    char *storage;
    sk_option *items;
    size_t count;
} ski_options;

/* Split text ("key=value,key=value"; NULL or "" gives no options) into
 * out. Returns 0, or -1 with a message in err naming the bad item. Free
 * with ski_options_free (also after a failure). */
int ski_options_parse(const char *text, ski_options *out, sk_error *err);

/* Release what ski_options_parse allocated; out is left empty. */
void ski_options_free(ski_options *options);

#endif /* SUDOKIT_OPTIONS_H */
