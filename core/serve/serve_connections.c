/* The connections the server holds. A slow client that sends a header
 * line every few seconds resets libmicrohttpd's idle timeout, and
 * libmicrohttpd refuses new connections once its limit is reached, so a
 * few dozen such clients would keep every real request out. Here each
 * connection gets a deadline for its whole request, counted on a clock
 * that stops while the server answers (nothing is read meanwhile); and a
 * new connection that passes a cap (per client address, or in all) makes
 * the oldest connection still waiting for its request give way, rather
 * than being refused itself: a real request, sent at once, gets in while
 * the slow ones last. A connection is closed with shutdown(2), which
 * libmicrohttpd sees as the client leaving; the lock keeps the socket
 * from being closed by libmicrohttpd in the meantime (it says a
 * connection is closed before it closes its socket). */
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

#include "serve_connections.h"
#include "serve_internal.h"

void serve_connections_init(serve_connections *cs)
{
    memset(cs, 0, sizeof *cs);
    pthread_mutex_init(&cs->lock, NULL);
}

void serve_connections_destroy(serve_connections *cs)
{
    pthread_mutex_destroy(&cs->lock);
}

/* The deadlines' clock (ms): monotonic time less the time spent answering. */
static int64_t conns_clock(const serve_connections *cs)
{
    int64_t now = serve_now_ms();
    return now - cs->busy_ms - (cs->busy_since ? now - cs->busy_since : 0);
}

/* Whether a and b come from the same client address. */
static bool conns_same_client(const serve_connection *a, const serve_connection *b)
{
    return a->family == b->family && memcmp(a->addr, b->addr, sizeof a->addr) == 0;
}

static void conns_close(serve_connection *slot)
{
    shutdown(slot->fd, SHUT_RDWR);
    slot->closing = true;
}

/* Close the oldest connection waiting for its request (of newest's client
 * when same_client), or newest when every other is being answered. */
static void conns_give_way(serve_connections *cs, serve_connection *newest, bool same_client)
{
    serve_connection *oldest = NULL;
    for (size_t i = 0; i < SERVE_CONNECTIONS_HARD; i++) {
        serve_connection *s = &cs->slots[i];
        if (!s->used || s->closing || s->answering || s == newest ||
            (same_client && !conns_same_client(s, newest)))
            continue;
        if (!oldest || s->since < oldest->since)
            oldest = s;
    }
    conns_close(oldest ? oldest : newest);
}

/* After newest opened: make room when a cap is passed. */
static void conns_make_room(serve_connections *cs, serve_connection *newest)
{
    size_t all = 0, same = 0;
    for (size_t i = 0; i < SERVE_CONNECTIONS_HARD; i++) {
        const serve_connection *s = &cs->slots[i];
        if (!s->used || s->closing)
            continue;
        all++;
        same += conns_same_client(s, newest);
    }
    if (same > SERVE_CONNECTIONS_PER_CLIENT)
        conns_give_way(cs, newest, true);
    else if (all > SERVE_CONNECTIONS_MAX)
        conns_give_way(cs, newest, false);
}

/* Fill a new slot for c; false when none is free. */
static bool conns_open(serve_connections *cs, struct MHD_Connection *c, serve_connection **out)
{
    const union MHD_ConnectionInfo *fd = MHD_get_connection_info(c,
                                                                 MHD_CONNECTION_INFO_CONNECTION_FD);
    const union MHD_ConnectionInfo *peer =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    serve_connection *slot = NULL;
    for (size_t i = 0; !slot && i < SERVE_CONNECTIONS_HARD; i++)
        if (!cs->slots[i].used)
            slot = &cs->slots[i];
    if (!slot || !fd)
        return false;
    *slot = (serve_connection){.used = true, .fd = fd->connect_fd, .since = conns_clock(cs)};
    const struct sockaddr *sa = peer ? peer->client_addr : NULL;
    if (sa && sa->sa_family == AF_INET) {
        slot->family = AF_INET;
        memcpy(slot->addr, &((const struct sockaddr_in *)sa)->sin_addr, 4);
    } else if (sa && sa->sa_family == AF_INET6) {
        slot->family = AF_INET6;
        memcpy(slot->addr, &((const struct sockaddr_in6 *)sa)->sin6_addr, 16);
    }
    *out = slot;
    return true;
}

void serve_connections_notify(void *cls, struct MHD_Connection *c, void **socket_context,
                              enum MHD_ConnectionNotificationCode code)
{
    serve_connections *cs = cls;
    pthread_mutex_lock(&cs->lock);
    serve_connection *slot = *socket_context;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        if (conns_open(cs, c, &slot)) {
            *socket_context = slot;
            conns_make_room(cs, slot);
        } else {
            const union MHD_ConnectionInfo *fd =
                MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
            if (fd)
                shutdown(fd->connect_fd, SHUT_RDWR);
        }
    } else if (slot) {
        memset(slot, 0, sizeof *slot);
        *socket_context = NULL;
    }
    pthread_mutex_unlock(&cs->lock);
}

void serve_connections_answering(serve_connections *cs, struct MHD_Connection *c,
                                 bool answering)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    pthread_mutex_lock(&cs->lock);
    serve_connection *slot = info ? info->socket_context : NULL;
    if (slot && slot->used) {
        slot->answering = answering;
        slot->since = conns_clock(cs);
    }
    pthread_mutex_unlock(&cs->lock);
}

void serve_connections_busy(serve_connections *cs, bool busy)
{
    pthread_mutex_lock(&cs->lock);
    int64_t now = serve_now_ms();
    if (busy && !cs->busy_since)
        cs->busy_since = now;
    else if (!busy && cs->busy_since) {
        cs->busy_ms += now - cs->busy_since;
        cs->busy_since = 0;
    }
    pthread_mutex_unlock(&cs->lock);
}

void serve_connections_sweep(serve_connections *cs)
{
    pthread_mutex_lock(&cs->lock);
    int64_t now = conns_clock(cs);
    for (size_t i = 0; i < SERVE_CONNECTIONS_HARD; i++) {
        serve_connection *s = &cs->slots[i];
        if (s->used && !s->closing && !s->answering && now - s->since > SERVE_REQUEST_DEADLINE_MS)
            conns_close(s);
    }
    pthread_mutex_unlock(&cs->lock);
}
