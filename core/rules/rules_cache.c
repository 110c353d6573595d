/* The rules values a host compiled, shared by spec: a hash table from the
 * spec as written and the normalised spec to the value, reference counts,
 * and the last values let go kept a little longer (a file of puzzles that
 * name their rules one by one compiles them once). */
#include "rules_cache.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define CACHE_BUCKETS 256
#define CACHE_IDLE 32 /* values without references kept for reuse */

typedef struct cache_entry {
    char *key;
    rules_value *value;
    struct cache_entry *next;
} cache_entry;

struct rules_cache {
    pthread_mutex_t lock;
    cache_entry *buckets[CACHE_BUCKETS];
    rules_value *idle[CACHE_IDLE]; /* oldest first */
    size_t idle_count;
};

struct rules_cache *rules_cache_new(void)
{
    struct rules_cache *cache = calloc(1, sizeof *cache);
    if (cache && pthread_mutex_init(&cache->lock, NULL) != 0) {
        free(cache);
        return NULL;
    }
    return cache;
}

static size_t cache_hash(const char *key)
{
    size_t h = 5381;
    for (const unsigned char *p = (const unsigned char *)key; *p; p++)
        h = h * 33 + *p;
    return h % CACHE_BUCKETS;
}

static cache_entry *cache_lookup(struct rules_cache *cache, const char *key)
{
    for (cache_entry *e = cache->buckets[cache_hash(key)]; e; e = e->next)
        if (strcmp(e->key, key) == 0)
            return e;
    return NULL;
}

/* Drop every key of value from the table. */
static void cache_forget(struct rules_cache *cache, const rules_value *value)
{
    for (size_t b = 0; b < CACHE_BUCKETS; b++)
        for (cache_entry **at = &cache->buckets[b]; *at;) {
            cache_entry *e = *at;
            if (e->value != value) {
                at = &e->next;
                continue;
            }
            *at = e->next;
            free(e->key);
            free(e);
        }
}

/* A value found again: take it off the idle list if it was there. */
static void cache_wake(struct rules_cache *cache, rules_value *value)
{
    for (size_t i = 0; i < cache->idle_count; i++)
        if (cache->idle[i] == value) {
            memmove(&cache->idle[i], &cache->idle[i + 1],
                    (cache->idle_count - i - 1) * sizeof *cache->idle);
            cache->idle_count--;
            return;
        }
}

rules_value *rules_cache_find(struct rules_cache *cache, const char *spec)
{
    pthread_mutex_lock(&cache->lock);
    cache_entry *e = cache_lookup(cache, spec);
    rules_value *value = e ? e->value : NULL;
    if (value && value->refs++ == 0)
        cache_wake(cache, value);
    pthread_mutex_unlock(&cache->lock);
    return value;
}

/* Add key -> value unless key is there; false when out of memory. */
static bool cache_put(struct rules_cache *cache, const char *key, rules_value *value)
{
    if (cache_lookup(cache, key))
        return true;
    cache_entry *e = malloc(sizeof *e);
    char *copy = strdup(key);
    if (!e || !copy) {
        free(e);
        free(copy);
        return false;
    }
    size_t h = cache_hash(key);
    *e = (cache_entry){copy, value, cache->buckets[h]};
    cache->buckets[h] = e;
    return true;
}

rules_value *rules_cache_add(struct rules_cache *cache, const char *written, rules_value *value)
{
    pthread_mutex_lock(&cache->lock);
    cache_entry *e = cache_lookup(cache, value->spec);
    if (e) {
        rules_value_free(value);
        value = e->value;
        if (value->refs++ == 0)
            cache_wake(cache, value);
    } else {
        value->cache = cache;
        value->refs = 1;
    }
    bool kept = cache_put(cache, value->spec, value) && cache_put(cache, written, value);
    if (!kept && !e) {
        cache_forget(cache, value);
        rules_value_free(value);
        value = NULL;
    }
    pthread_mutex_unlock(&cache->lock);
    return value;
}

void rules_cache_retain(rules_value *value)
{
    struct rules_cache *cache = value->cache;
    if (!cache) {
        __atomic_add_fetch(&value->refs, 1, __ATOMIC_RELAXED);
        return;
    }
    pthread_mutex_lock(&cache->lock);
    value->refs++;
    pthread_mutex_unlock(&cache->lock);
}

void rules_cache_release(rules_value *value)
{
    struct rules_cache *cache = value->cache;
    if (!cache) {
        if (__atomic_sub_fetch(&value->refs, 1, __ATOMIC_ACQ_REL) == 0)
            rules_value_free(value);
        return;
    }
    rules_value *evicted = NULL;
    pthread_mutex_lock(&cache->lock);
    if (--value->refs == 0) {
        if (cache->idle_count == CACHE_IDLE) {
            evicted = cache->idle[0];
            memmove(&cache->idle[0], &cache->idle[1], (CACHE_IDLE - 1) * sizeof *cache->idle);
            cache->idle_count--;
            cache_forget(cache, evicted);
        }
        cache->idle[cache->idle_count++] = value;
    }
    pthread_mutex_unlock(&cache->lock);
    rules_value_free(evicted);
}

void rules_cache_free(struct rules_cache *cache)
{
    if (!cache)
        return;
    for (size_t b = 0; b < CACHE_BUCKETS; b++)
        while (cache->buckets[b]) {
            rules_value *value = cache->buckets[b]->value;
            cache_forget(cache, value);
            rules_value_free(value);
        }
    pthread_mutex_destroy(&cache->lock);
    free(cache);
}
