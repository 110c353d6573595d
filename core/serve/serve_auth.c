/* Who may ask: the Host header (against DNS rebinding) of every request;
 * for the API also the token and the origin (against other pages, those
 * of other ports of this machine included). */
#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "serve_internal.h"

/* Equal in time that does not depend on where they differ. */
static bool auth_same(const char *given, const char *token)
{
    size_t n = strlen(token);
    if (!given || strlen(given) != n)
        return false;
    unsigned char diff = 0;
    for (size_t i = 0; i < n; i++)
        diff |= (unsigned char)(given[i] ^ token[i]);
    return diff == 0;
}

/* True when digits is exactly the decimal port (1 to 5 digits, no sign,
 * no space, nothing after). */
static bool auth_port_is(const char *digits, int port)
{
    size_t n = strlen(digits);
    if (n == 0 || n > 5 || strspn(digits, "0123456789") != n)
        return false;
    return strtol(digits, NULL, 10) == port;
}

/* True when host ("NAME:PORT") names this server: localhost or an IP
 * literal (no name a DNS server could point here), with its port. */
static bool auth_host_ok(const char *host, int port)
{
    if (!host)
        return false;
    const char *colon = strrchr(host, ':');
    if (!colon || !auth_port_is(colon + 1, port))
        return false;
    char name[64];
    size_t n = (size_t)(colon - host);
    if (n == 0 || n >= sizeof name)
        return false;
    memcpy(name, host, n);
    name[n] = '\0';
    unsigned char addr[16];
    if (strcasecmp(name, "localhost") == 0 || inet_pton(AF_INET, name, addr) == 1)
        return true;
    if (name[0] == '[' && name[n - 1] == ']') {
        name[n - 1] = '\0';
        return inet_pton(AF_INET6, name + 1, addr) == 1;
    }
    return false;
}

/* The token the request carries: header or argument. */
static const char *auth_given(const serve_request *req)
{
    const char *t = serve_request_header(req, "X-Sudokit-Token");
    return t ? t : serve_request_arg(req, "token");
}

/* An API request must come from this page: its Origin (when sent) is
 * this server, and the browser does not call it cross-site or same-site
 * (every port of 127.0.0.1 is the same site to a browser). */
static unsigned auth_origin_check(const serve_request *req, const char *host, char *why,
                                  size_t len)
{
    const char *origin = serve_request_header(req, "Origin");
    const char *site = serve_request_header(req, "Sec-Fetch-Site");
    if (origin && (strncmp(origin, "http://", 7) != 0 || strcasecmp(origin + 7, host) != 0)) {
        snprintf(why, len, "cross-origin request refused (Origin %.100s; only this page "
                 "may ask)", origin);
        return SERVE_HTTP_FORBIDDEN;
    }
    if (site && strcmp(site, "same-origin") != 0 && strcmp(site, "none") != 0) {
        snprintf(why, len, "request from another page refused (Sec-Fetch-Site %.40s; only "
                 "this page may ask)", site);
        return SERVE_HTTP_FORBIDDEN;
    }
    return 0;
}

unsigned serve_auth_check(const serve_request *req, bool api, char *why, size_t len)
{
    const char *host = serve_request_header(req, "Host");
    if (!auth_host_ok(host, req->server->port)) {
        snprintf(why, len, "the Host header '%.100s' does not name this server (use "
                 "127.0.0.1:%d or localhost:%d)", host ? host : "", req->server->port,
                 req->server->port);
        return SERVE_HTTP_FORBIDDEN;
    }
    if (!api)
        return 0;
    unsigned refused = auth_origin_check(req, host, why, len);
    if (refused)
        return refused;
    if (!auth_same(auth_given(req), req->server->token)) {
        snprintf(why, len, "a valid token is needed: open the URL sudokit serve printed");
        return SERVE_HTTP_UNAUTHORIZED;
    }
    const char *type = serve_request_header(req, "Content-Type");
    if ((req->body_len > 0 || req->body_too_large) &&
        (!type || strncasecmp(type, "application/json", 16) != 0)) {
        snprintf(why, len, "a body must be JSON (Content-Type: application/json)");
        return SERVE_HTTP_UNSUPPORTED_MEDIA_TYPE;
    }
    return 0;
}
