/* A growing string built piece by piece. */
#include "text_buffer.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sk_text_buffer_add(sk_text_buffer *buf, const char *fmt, ...)
{
    char piece[64];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(piece, sizeof piece, fmt, ap);
    va_end(ap);
    if (buf->failed || n < 0)
        return;
    if ((size_t)n >= sizeof piece)
        n = (int)sizeof piece - 1;
    if (buf->len + (size_t)n + 1 > buf->cap) {
        size_t cap = buf->cap ? buf->cap * 2 : 256;
        while (cap < buf->len + (size_t)n + 1)
            cap *= 2;
        char *data = realloc(buf->data, cap);
        if (!data) {
            buf->failed = true;
            return;
        }
        buf->data = data;
        buf->cap = cap;
    }
    memcpy(buf->data + buf->len, piece, (size_t)n + 1);
    buf->len += (size_t)n;
}
