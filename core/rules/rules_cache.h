/* The rules values a host compiled, shared by spec (not public). */
#ifndef SUDOKIT_RULES_CACHE_H
#define SUDOKIT_RULES_CACHE_H

#include "rules_internal.h"
#include "sudokit/host.h"

struct rules_cache;

/* A new, empty cache; NULL when out of memory. */
struct rules_cache *rules_cache_new(void);

/* Free the cache and every value in it (the host's last act before it
 * unloads the plugins whose customs the values may hold). NULL is ignored. */
void rules_cache_free(struct rules_cache *cache);

/* The value compiled from (or normalised to) spec, with one more
 * reference; NULL when there is none. */
rules_value *rules_cache_find(struct rules_cache *cache, const char *spec);

/* Keep value (one reference, the caller's) under its normalised spec and
 * written, and return it; when another thread kept an equal value first,
 * free value and return that one with one more reference. Returns NULL
 * (and frees value) when out of memory. */
rules_value *rules_cache_add(struct rules_cache *cache, const char *written, rules_value *value);

/* Take or release a reference of a value (with or without a cache). */
void rules_cache_retain(rules_value *value);
void rules_cache_release(rules_value *value);

/* The cache of host (defined by the host). */
struct rules_cache *host_rules_cache(const sk_host *host);

#endif /* SUDOKIT_RULES_CACHE_H */
