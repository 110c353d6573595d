/* Values a user types: whole numbers, decimal numbers and MIN-MAX windows,
 * each with one set of rules and one wording of its errors. */
#ifndef SUDOKIT_PARSE_H
#define SUDOKIT_PARSE_H

#include <stdbool.h>
#include <stddef.h>

#include "sudokit/error.h"

/* Parse a whole decimal integer in [min, max]; false on anything else
 * (empty, sign where min >= 0, trailing characters, overflow). */
bool ski_parse_long(const char *text, long min, long max, long *out);

/* Parse a finite decimal number in [min, max] (no inf, nan or hex floats,
 * nothing after the number). */
bool ski_parse_double(const char *text, double min, double max, double *out);

/* Parse "MIN-MAX", two finite numbers with 0 <= MIN <= MAX. Returns 0, or
 * -1 with a message in err saying what is wrong with text. */
int ski_parse_window(const char *text, double *min, double *max, sk_error *err);

/* Parse the unsigned number in base (10 or 16) that starts at *p, up to
 * max, and advance *p past it; false (and *p unchanged) when no digit
 * starts there or the number is above max. Text may go on after it. */
bool ski_parse_leading(const char **p, int base, unsigned long max, unsigned *out);

#endif /* SUDOKIT_PARSE_H */
