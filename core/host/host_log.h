/* The log lines of strategies and constraints (not public). */
#ifndef SUDOKIT_HOST_LOG_H
#define SUDOKIT_HOST_LOG_H

#include "sudokit/host.h"

/* Hand "KIND 'NAME': message" to host's log function (sk_host_config.log)
 * when level passes (errors and warnings; every level with $SUDOKIT_DEBUG
 * set); dropped when host is NULL or has no log function. Thread-safe as
 * the log function is. Defined in host.c. */
void host_log(const sk_host *host, int level, const char *kind, const char *name,
              const char *message);

#endif /* SUDOKIT_HOST_LOG_H */
