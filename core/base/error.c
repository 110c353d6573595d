/* The library's error object: a status and one message (sudokit/error.h). */
#include "sudokit/error.h"

#include <stdarg.h>
#include <stdio.h>

int sk_error_set(sk_error *err, int status, const char *fmt, ...)
{
    if (err) {
        err->status = status;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return -1;
}
