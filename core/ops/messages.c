/* Where a context's messages go: the program's stream ("sudokit: " lines,
 * escaped for a terminal), its callback, or nowhere. */
#include <stdarg.h>
#include <stdlib.h>

#include "op.h"
#include "text_escape.h"

void ski_messages_init(ski_messages *m, const sk_ctx_config *config)
{
    *m = (ski_messages){.stream = config->messages,
                       .fn = config->messages ? NULL : config->on_message,
                       .user = config->message_user};
    pthread_mutex_init(&m->lock, NULL);
}

void ski_messages_destroy(ski_messages *m)
{
    pthread_mutex_destroy(&m->lock);
}

void ski_messages_put(ski_messages *m, bool prefixed, const char *text)
{
    if (m->stream) {
        /* One line at a time, whatever thread logs. */
        flockfile(m->stream);
        if (prefixed)
            fputs("sudokit: ", m->stream);
        ski_text_put_escaped(m->stream, text, false);
        fputc('\n', m->stream);
        funlockfile(m->stream);
    } else if (m->fn) {
        pthread_mutex_lock(&m->lock);
        m->fn(m->user, text);
        pthread_mutex_unlock(&m->lock);
    }
}

void ski_messages_vprintf(ski_messages *m, bool prefixed, const char *fmt, va_list ap)
{
    if (!m->stream && !m->fn)
        return;
    char *text = ski_text_vformat(fmt, ap);
    if (text)
        ski_messages_put(m, prefixed, text);
    free(text);
}
