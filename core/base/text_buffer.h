/* A growing string built piece by piece (saved game states, their images). */
#ifndef SUDOKIT_TEXT_BUFFER_H
#define SUDOKIT_TEXT_BUFFER_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ski_text_buffer {
    char *data; /* NUL-terminated once something was added; the caller frees it */
    size_t len, cap;
    bool failed; /* memory ran out: every later piece is dropped */
} ski_text_buffer;

/* Append the printf-style piece (at most 63 bytes) to buf; on running out
 * of memory set buf->failed and keep what was there. */
void ski_text_buffer_add(ski_text_buffer *buf, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Append n bytes of text (any length) to buf, as ski_text_buffer_add does. */
void ski_text_buffer_put(ski_text_buffer *buf, const char *text, size_t n);

#endif
