/* Private to core/serve: the connections the server holds open, capped
 * per client address and in all, each with a deadline for its request
 * (serve_connections.c). */
#ifndef SUDOKIT_SERVE_CONNECTIONS_H
#define SUDOKIT_SERVE_CONNECTIONS_H

#include <microhttpd.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

/* Connections open at once, in all and from one client address; past
 * either, the oldest connection still waiting for its request is closed
 * to make room. */
#define SERVE_CONNECTIONS_MAX 64
#define SERVE_CONNECTIONS_PER_CLIENT 32
/* libmicrohttpd's own limit: room for the connections being closed. */
#define SERVE_CONNECTIONS_HARD (2 * SERVE_CONNECTIONS_MAX)
/* A connection has this long to send a whole request (headers and body),
 * from when it opened or its last answer was made. */
#define SERVE_REQUEST_DEADLINE_MS 10000

/* One open connection. */
typedef struct serve_connection {
    bool used;
    bool closing;   /* shut down, waiting for libmicrohttpd to close it   */
    bool answering; /* its request is whole: answered or being answered */
    int fd;
    int family;
    unsigned char addr[16]; /* the client's address                     */
    int64_t since;          /* on the connections' clock                */
} serve_connection;

typedef struct serve_connections {
    pthread_mutex_t lock;
    serve_connection slots[SERVE_CONNECTIONS_HARD];
    int64_t busy_ms;    /* time spent answering so far, not counted    */
    int64_t busy_since; /* when the answer being made began, or 0      */
} serve_connections;

/* Start with no connection. */
void serve_connections_init(serve_connections *cs);

/* Release the lock (every connection closed). */
void serve_connections_destroy(serve_connections *cs);

/* libmicrohttpd's MHD_OPTION_NOTIFY_CONNECTION callback (cls: the
 * serve_connections): keeps a slot per open connection, and on a new one
 * closes the oldest waiting connection when a cap is passed. */
void serve_connections_notify(void *cls, struct MHD_Connection *c, void **socket_context,
                              enum MHD_ConnectionNotificationCode code);

/* The request on c is whole and being answered (answering: no deadline
 * until it is done), or is done (the deadline of the next request on c
 * starts now). */
void serve_connections_answering(serve_connections *cs, struct MHD_Connection *c,
                                 bool answering);

/* The server begins or ends making an answer: while it does, no request
 * can be read, so the deadlines' clock stops. */
void serve_connections_busy(serve_connections *cs, bool busy);

/* Close every connection past its deadline (from another thread than
 * libmicrohttpd's; every 100 ms). */
void serve_connections_sweep(serve_connections *cs);

#endif /* SUDOKIT_SERVE_CONNECTIONS_H */
