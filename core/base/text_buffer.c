/* A growing string built piece by piece. */
#include "text_buffer.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ski_text_buffer_put(ski_text_buffer *buf, const char *text, size_t n)
{
    if (buf->failed)
        return;
    if (buf->len + n + 1 > buf->cap) {
        size_t cap = buf->cap ? buf->cap * 2 : 256;
        while (cap < buf->len + n + 1)
            cap *= 2;
        char *data = realloc(buf->data, cap);
        if (!data) {
            buf->failed = true;
            return;
        }
        buf->data = data;
        buf->cap = cap;
    }
    memcpy(buf->data + buf->len, text, n);
    buf->len += n;
    buf->data[buf->len] = '\0';
}

void ski_text_buffer_add(ski_text_buffer *buf, const char *fmt, ...)
{
    char piece[64];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(piece, sizeof piece, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n >= sizeof piece)
        n = (int)sizeof piece - 1;
    ski_text_buffer_put(buf, piece, (size_t)n);
}
