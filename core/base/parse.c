/* Values a user types: whole numbers, decimal numbers and MIN-MAX windows. */
#include "parse.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool ski_parse_long(const char *text, long min, long max, long *out)
{
    if (!text || !*text)
        return false;
    long value = 0;
    const char *p = text;
    bool negative = *p == '-';
    if (negative || *p == '+')
        p++;
    if (!*p)
        return false;
    for (; *p; p++) {
        if (*p < '0' || *p > '9')
            return false;
        int digit = *p - '0';
        if (value > (LONG_MAX - digit) / 10)
            return false;
        value = value * 10 + digit;
    }
    if (negative)
        value = -value;
    if (value < min || value > max)
        return false;
    *out = value;
    return true;
}

bool ski_parse_double(const char *text, double min, double max, double *out)
{
    if (!text || !*text)
        return false;
    /* Digits, one point and a sign only: strtod alone would take "inf",
     * "nan" and hexadecimal floats. */
    for (const char *p = text; *p; p++)
        if (!((*p >= '0' && *p <= '9') || *p == '.' || ((*p == '-' || *p == '+') && p == text)))
            return false;
    char *end = NULL;
    errno = 0;
    double value = strtod(text, &end);
    if (end == text || *end || errno || !isfinite(value) || value < min || value > max)
        return false;
    *out = value;
    return true;
}

int ski_parse_window(const char *text, double *min, double *max, sk_error *err)
{
    const char *dash = text ? strchr(text, '-') : NULL;
    char low[64];
    size_t len = dash ? (size_t)(dash - text) : 0;
    if (!dash || len == 0 || len >= sizeof low) {
        sk_error_set(err, SK_EXIT_USAGE, "'%s' is not a window MIN-MAX (for example 2.5-4)",
                     text ? text : "");
        return -1;
    }
    memcpy(low, text, len);
    low[len] = '\0';
    if (!ski_parse_double(low, 0, HUGE_VAL, min) || !ski_parse_double(dash + 1, 0, HUGE_VAL, max)) {
        sk_error_set(err, SK_EXIT_USAGE,
                     "'%s': MIN and MAX must be finite numbers from 0 up (for example "
                     "2.5-4)",
                     text);
        return -1;
    }
    if (*min > *max) {
        sk_error_set(err, SK_EXIT_USAGE, "'%s': MIN is greater than MAX", text);
        return -1;
    }
    return 0;
}

bool ski_parse_leading(const char **p, int base, unsigned long max, unsigned *out)
{
    char *end;
    if (!isxdigit((unsigned char)**p))
        return false;
    unsigned long v = strtoul(*p, &end, base);
    if (end == *p || v > max)
        return false;
    *p = end;
    *out = (unsigned)v;
    return true;
}
