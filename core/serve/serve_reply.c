/* Replies: a body with its status, type and extra header fields; JSON
 * errors; growing texts. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "serve_internal.h"
#include "sudokit/format.h"

int64_t serve_now_ms(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

int serve_text_open(serve_text *t)
{
    t->data = NULL;
    t->len = 0;
    t->out = open_memstream(&t->data, &t->len);
    return t->out ? 0 : -1;
}

void serve_text_close(serve_text *t)
{
    if (t->out)
        fclose(t->out);
    t->out = NULL;
}

void serve_reply_clear(serve_reply *reply)
{
    free(reply->body);
    for (size_t i = 0; i < 2 * reply->header_count; i++)
        free(reply->headers[i]);
    memset(reply, 0, sizeof *reply);
}

int serve_send(serve_request *req, unsigned status, const char *type, char *body, size_t len,
               const char *const *headers)
{
    serve_reply *reply = &req->reply;
    serve_reply_clear(reply);
    reply->body = body;
    reply->len = len;
    for (size_t i = 0; headers && headers[i]; i += 2) {
        if (reply->header_count == SERVE_REPLY_HEADERS)
            abort(); /* a route gives more fields than it may */
        char **pair = &reply->headers[2 * reply->header_count++];
        if (!(pair[0] = strdup(headers[i])) || !(pair[1] = strdup(headers[i + 1]))) {
            serve_reply_clear(reply);
            return -1;
        }
    }
    reply->status = status;
    snprintf(reply->type, sizeof reply->type, "%s", type);
    return 0;
}

int serve_error(serve_request *req, unsigned status, const char *fmt, ...)
{
    char message[1200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    serve_text t;
    if (serve_text_open(&t))
        return -1;
    fputs("{\"error\":", t.out);
    sk_json_string(t.out, message);
    fputs("}\n", t.out);
    serve_text_close(&t);
    return serve_send(req, status, "application/json", t.data, t.len, NULL);
}
