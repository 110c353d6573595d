/* The pieces of a manual that the command line's own help shares with
 * sk_op_usage: wrapped text, two columns, roff and the head of a man page
 * (internal: core/ops/usage.c, used by core/cli). */
#ifndef SUDOKIT_USAGE_H
#define SUDOKIT_USAGE_H

#include <stdbool.h>
#include <stdio.h>

#include "sudokit/ops.h"

/* Whether a command line spells key of info as an option: every key but
 * the positional ones (the input files, and the target such as db merge's
 * OUT). */
bool ski_op_key_is_option(const sk_op_info *info, const sk_key *key);

/* Write text wrapped at width columns (the layout of --help): the first
 * line starts at column first (the caller has written that much), the
 * others after indent blanks; then a newline. */
void ski_usage_wrap(FILE *out, const char *text, int first, int indent, int width);

/* Write "  NAME  help" in the two columns of --help: help wrapped from
 * column 28, on the next line when name is wider than its column. */
void ski_usage_item(FILE *out, const char *name, const char *help);

/* Write text for roff: '-' as "\-", '\' as "\e", and a '.' or '\'' that
 * starts a line guarded, so that no text reads as a request. */
void ski_usage_roff(FILE *out, const char *text);

/* The head of a man page: .TH and the NAME section, for `sudokit COMMAND`
 * (command NULL: for sudokit itself; "db query" is titled sudokit-db-query). */
void ski_usage_man_title(FILE *out, const char *command, const char *summary);

#endif /* SUDOKIT_USAGE_H */
