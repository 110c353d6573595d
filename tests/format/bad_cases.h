/* Bad input cases of the format tests: a text, the one error its reader
 * must give (FILE:LINE:COL, what, what to do) and the good records read
 * around it. */
#ifndef SUDOKIT_TESTS_FORMAT_BAD_CASES_H
#define SUDOKIT_TESTS_FORMAT_BAD_CASES_H

#include <stdio.h>
#include <string.h>

#include "check.h"
#include "sudokit/reader.h"

typedef struct bad_case {
    const char *name;
    sk_format format; /* AUTO: detected */
    const char *text;
    const char *message;
    int good; /* records read besides the bad one */
} bad_case;

/* Read all of each case's text (named "t"): one bad record with the
 * message, and the good ones around it. */
static inline void run_bad_cases(const bad_case *cases, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        sk_reader *reader = sk_reader_from_string(cases[i].text, "t");
        sk_reader_set_format(reader, cases[i].format);
        int good = 0, bad = 0;
        char first[512] = "";
        sk_read_status status;
        sk_grid grid;
        while ((status = sk_reader_next(reader, &grid)) != SK_READ_END && bad + good < 100) {
            if (status == SK_READ_OK)
                good++;
            else if (bad++ == 0)
                snprintf(first, sizeof first, "%s", sk_reader_error(reader));
        }
        if (strcmp(first, cases[i].message) != 0 || bad != 1 || good != cases[i].good)
            fprintf(stderr, "case '%s': %d good, %d bad\n  got:  %s\n  want: %s\n", cases[i].name,
                    good, bad, first, cases[i].message);
        CHECK_STR(first, cases[i].message);
        CHECK_INT(bad, 1);
        CHECK_INT(good, cases[i].good);
        sk_reader_close(reader);
    }
}

#define RUN(cases) run_bad_cases(cases, sizeof cases / sizeof cases[0])

#endif /* SUDOKIT_TESTS_FORMAT_BAD_CASES_H */
