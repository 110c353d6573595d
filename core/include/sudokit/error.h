/* The one error convention of the library, above the plugin ABI (whose
 * callbacks keep their stable SK_ERR_* codes, plugin.h): a function that
 * can fail returns 0 (or a count, a handle), or -1 with the failure in the
 * caller's sk_error, when the caller gave one (NULL: the caller only wants
 * the -1). */
#ifndef SUDOKIT_ERROR_H
#define SUDOKIT_ERROR_H

#include "sudokit/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Exit statuses, the same for every face and operation. */
enum {
    SK_EXIT_OK = 0,      /* all done                                   */
    SK_EXIT_FAILURE = 1, /* some input failed (named on the messages)  */
    SK_EXIT_USAGE = 2    /* a bad request: unknown key, bad value      */
};

/* What went wrong: the exit status it calls for and one message that says
 * what, where and what to do. */
typedef struct sk_error {
    int status;
    char message[1024];
} sk_error;

/* Set err (which may be NULL) and return -1. */
int sk_error_set(sk_error *err, int status, const char *fmt, ...)
    SK_PRINTF_LIKE(3, 4);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_ERROR_H */
