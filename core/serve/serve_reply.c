/* Responses: a body with its status, type and the headers every answer
 * carries; JSON errors; growing texts. */
#include <stdarg.h>
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

enum MHD_Result serve_send(serve_request *req, unsigned status, const char *type, char *body,
                           size_t len, const char *const *headers)
{
    struct MHD_Response *r =
        MHD_create_response_from_buffer(len, body ? body : "", body ? MHD_RESPMEM_MUST_FREE
                                                                    : MHD_RESPMEM_PERSISTENT);
    if (!r) {
        free(body);
        return MHD_NO;
    }
    MHD_add_response_header(r, "Content-Type", type);
    MHD_add_response_header(r, "Cache-Control", "no-store");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "X-Frame-Options", "DENY");
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
    for (size_t i = 0; headers && headers[i]; i += 2)
        MHD_add_response_header(r, headers[i], headers[i + 1]);
    enum MHD_Result ok = MHD_queue_response(req->connection, status, r);
    MHD_destroy_response(r);
    return ok;
}

enum MHD_Result serve_error(serve_request *req, unsigned status, const char *fmt, ...)
{
    char message[1200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    serve_text t;
    if (serve_text_open(&t))
        return MHD_NO;
    fputs("{\"error\":", t.out);
    sk_json_string(t.out, message);
    fputs("}\n", t.out);
    serve_text_close(&t);
    return serve_send(req, status, "application/json", t.data, t.len, NULL);
}
