/* A set of canonical forms: open addressing on the forms packed two cells
 * a byte, with linear probing; it doubles at 3/4 full. */
#include "canon_set.h"

#include <stdlib.h>
#include <string.h>

/* 81 cells of 4 bits, and a byte that marks an entry used; the value
 * starts at the next 8-byte boundary. */
#define SET_KEY 41
#define SET_VALUE_AT ((SET_KEY + 1 + 7) / 8 * 8)

struct ski_canon_set {
    unsigned char *entries; /* capacity entries of stride bytes */
    size_t stride, capacity, count;
};

static void set_pack(const sk_grid *canon, unsigned char key[SET_KEY])
{
    memset(key, 0, SET_KEY);
    for (int c = 0; c < 81; c++)
        key[c / 2] |= (unsigned char)(canon->cells[c] << (c % 2 ? 4 : 0));
}

/* FNV-1a of the packed key. */
static size_t set_hash(const unsigned char key[SET_KEY])
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (int i = 0; i < SET_KEY; i++)
        h = (h ^ key[i]) * 0x100000001b3ull;
    return (size_t)(h ^ h >> 29);
}

static unsigned char *set_entry(const ski_canon_set *set, size_t i)
{
    return set->entries + i * set->stride;
}

/* The slot of key: its entry, or the free one where it would go. */
static unsigned char *set_slot(const ski_canon_set *set, const unsigned char key[SET_KEY])
{
    size_t mask = set->capacity - 1;
    for (size_t i = set_hash(key) & mask;; i = (i + 1) & mask) {
        unsigned char *e = set_entry(set, i);
        if (!e[SET_KEY] || memcmp(e, key, SET_KEY) == 0)
            return e;
    }
}

static int set_grow(ski_canon_set *set, size_t capacity)
{
    unsigned char *old = set->entries;
    size_t old_capacity = set->capacity;
    set->entries = calloc(capacity, set->stride);
    if (!set->entries) {
        set->entries = old;
        return -1;
    }
    set->capacity = capacity;
    for (size_t i = 0; i < old_capacity; i++) {
        unsigned char *e = old + i * set->stride;
        if (e[SET_KEY])
            memcpy(set_slot(set, e), e, set->stride);
    }
    free(old);
    return 0;
}

ski_canon_set *ski_canon_set_new(size_t value_size)
{
    ski_canon_set *set = calloc(1, sizeof *set);
    if (!set)
        return NULL;
    set->stride = SET_VALUE_AT + (value_size + 7) / 8 * 8;
    if (set_grow(set, 64)) {
        free(set);
        return NULL;
    }
    return set;
}

void ski_canon_set_free(ski_canon_set *set)
{
    if (!set)
        return;
    free(set->entries);
    free(set);
}

void *ski_canon_set_find(const ski_canon_set *set, const sk_grid *canon)
{
    unsigned char key[SET_KEY];
    set_pack(canon, key);
    unsigned char *e = set_slot(set, key);
    return e[SET_KEY] ? e + SET_VALUE_AT : NULL;
}

void *ski_canon_set_put(ski_canon_set *set, const sk_grid *canon, bool *added)
{
    unsigned char key[SET_KEY];
    set_pack(canon, key);
    *added = false;
    if ((set->count + 1) * 4 > set->capacity * 3 && set_grow(set, set->capacity * 2))
        return NULL;
    unsigned char *e = set_slot(set, key);
    if (!e[SET_KEY]) {
        memcpy(e, key, SET_KEY);
        e[SET_KEY] = 1;
        set->count++;
        *added = true;
    }
    return e + SET_VALUE_AT;
}

size_t ski_canon_set_count(const ski_canon_set *set)
{
    return set->count;
}
