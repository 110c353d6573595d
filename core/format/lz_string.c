/* lz-string's base64 form over UTF-16 units, with the conversions from
 * and to UTF-8. The scheme: an LZW dictionary seeded with three codes
 * (0: an 8-bit literal follows, 1: a 16-bit literal, 2: the end), codes
 * written with a width that starts at 2 bits and grows as the dictionary
 * fills, bits packed 6 to a base64 character, first bit highest. */
#include "lz_string.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char lz_alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";

/* ------------------------------------------------------------ UTF-16 -- */

typedef struct lz_units {
    uint16_t *unit;
    size_t count, cap;
} lz_units;

static int lz_units_put(lz_units *u, uint16_t unit)
{
    if (u->count == u->cap) {
        size_t cap = u->cap ? u->cap * 2 : 256;
        uint16_t *grown = realloc(u->unit, cap * sizeof *grown);
        if (!grown)
            return -1;
        u->unit = grown;
        u->cap = cap;
    }
    u->unit[u->count++] = unit;
    return 0;
}

/* The UTF-16 units of UTF-8 text; -1 when it is not valid UTF-8. */
static int lz_from_utf8(const char *text, size_t len, lz_units *out)
{
    const unsigned char *s = (const unsigned char *)text;
    for (size_t i = 0; i < len;) {
        unsigned c = s[i], code, n = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
        if ((c >= 0x80 && c < 0xC2) || c > 0xF4 || i + n > len)
            return -1;
        code = n == 1 ? c : c & (0x7F >> n);
        for (unsigned k = 1; k < n; k++) {
            if ((s[i + k] & 0xC0) != 0x80)
                return -1;
            code = code << 6 | (s[i + k] & 0x3F);
        }
        static const unsigned least[] = {0, 0, 0x80, 0x800, 0x10000};
        if (code < least[n] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF))
            return -1;
        int rc = code < 0x10000 ? lz_units_put(out, (uint16_t)code)
                                : lz_units_put(out, (uint16_t)(0xD800 + ((code - 0x10000) >> 10))) |
                                      lz_units_put(out, (uint16_t)(0xDC00 + (code & 0x3FF)));
        if (rc)
            return -1;
        i += n;
    }
    return 0;
}

/* UTF-8 text of UTF-16 units into *out (NUL-terminated); -1 with why. */
static int lz_to_utf8(const lz_units *u, char **out, size_t *out_len, const char **why)
{
    char *text = malloc(u->count * 3 + 1);
    size_t n = 0;
    if (!text) {
        *why = "out of memory";
        return -1;
    }
    for (size_t i = 0; i < u->count; i++) {
        unsigned code = u->unit[i];
        if (code >= 0xD800 && code <= 0xDBFF && i + 1 < u->count && u->unit[i + 1] >= 0xDC00 &&
            u->unit[i + 1] <= 0xDFFF)
            code = 0x10000 + ((code - 0xD800) << 10) + (u->unit[++i] - 0xDC00);
        else if (code >= 0xD800 && code <= 0xDFFF) {
            free(text);
            *why = "the decoded text holds an unpaired UTF-16 surrogate";
            return -1;
        }
        if (code < 0x80) {
            text[n++] = (char)code;
            continue;
        }
        size_t k = code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
        static const unsigned char lead[] = {0, 0, 0xC0, 0xE0, 0xF0};
        for (size_t j = k - 1; j > 0; j--, code >>= 6)
            text[n + j] = (char)(0x80 | (code & 0x3F));
        text[n] = (char)(lead[k] | code);
        n += k;
    }
    text[n] = '\0';
    *out = text;
    *out_len = n;
    return 0;
}

/* --------------------------------------------------------- compress -- */

/* A map of (prefix code, unit) to code, open addressing. */
typedef struct lz_map {
    uint64_t *key; /* (prefix + 1) << 16 | unit; 0 empty */
    uint32_t *code;
    size_t cap, used;
} lz_map;

static size_t lz_slot(const lz_map *m, uint64_t key)
{
    size_t i = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 20) & (m->cap - 1);
    while (m->key[i] && m->key[i] != key)
        i = (i + 1) & (m->cap - 1);
    return i;
}

static int lz_map_grow(lz_map *m)
{
    lz_map bigger = {calloc(m->cap * 2, sizeof(uint64_t)), calloc(m->cap * 2, sizeof(uint32_t)),
                     m->cap * 2, m->used};
    if (!bigger.key || !bigger.code) {
        free(bigger.key);
        free(bigger.code);
        return -1;
    }
    for (size_t i = 0; i < m->cap; i++)
        if (m->key[i]) {
            size_t j = lz_slot(&bigger, m->key[i]);
            bigger.key[j] = m->key[i];
            bigger.code[j] = m->code[i];
        }
    free(m->key);
    free(m->code);
    *m = bigger;
    return 0;
}

/* The bits written so far. */
typedef struct lz_bits {
    char *out;
    size_t len, cap;
    unsigned value, position;
    unsigned width, enlarge;
    bool failed;
} lz_bits;

static void lz_put_char(lz_bits *b)
{
    if (b->len + 4 >= b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 256;
        char *grown = realloc(b->out, cap);
        if (!grown) {
            b->failed = true;
            return;
        }
        b->out = grown;
        b->cap = cap;
    }
    b->out[b->len++] = lz_alphabet[b->value];
    b->value = 0;
}

/* Write the low count bits of value, lowest first. */
static void lz_write(lz_bits *b, unsigned value, unsigned count)
{
    for (unsigned i = 0; i < count; i++, value >>= 1) {
        b->value = b->value << 1 | (value & 1);
        if (b->position == 5) {
            b->position = 0;
            lz_put_char(b);
        } else {
            b->position++;
        }
    }
}

/* One code written: the width grows when the dictionary has filled it. */
static void lz_count_code(lz_bits *b)
{
    if (--b->enlarge == 0) {
        b->enlarge = 1u << b->width;
        b->width++;
    }
}

/* Write phrase w: a literal the first time a single unit appears. */
static void lz_emit(lz_bits *b, uint32_t code, bool single, uint16_t unit, uint8_t *fresh)
{
    if (single && (fresh[unit >> 3] >> (unit & 7) & 1)) {
        lz_write(b, unit < 256 ? 0 : 1, b->width);
        lz_write(b, unit, unit < 256 ? 8 : 16);
        lz_count_code(b);
        fresh[unit >> 3] &= (uint8_t) ~(1u << (unit & 7));
    } else {
        lz_write(b, code, b->width);
    }
    lz_count_code(b);
}

/* Compress the units into b's characters. */
static int lz_compress_units(const lz_units *u, lz_bits *b)
{
    lz_map map = {calloc(1024, sizeof(uint64_t)), calloc(1024, sizeof(uint32_t)), 1024, 0};
    uint8_t *fresh = calloc(65536 / 8, 1);
    uint32_t size = 3, w = 0;
    bool have_w = false, single = false;
    uint16_t w_unit = 0;
    int rc = map.key && map.code && fresh ? 0 : -1;
    for (size_t i = 0; rc == 0 && i < u->count; i++) {
        uint16_t c = u->unit[i];
        uint64_t single_key = (uint64_t)1 << 62 | c; /* apart from every pair's */
        size_t slot = lz_slot(&map, single_key);
        if (!map.key[slot]) {
            map.key[slot] = single_key;
            map.code[slot] = size++;
            map.used++;
            fresh[c >> 3] |= (uint8_t)(1u << (c & 7));
        }
        uint32_t c_code = map.code[slot];
        if (have_w) {
            uint64_t key = ((uint64_t)w + 1) << 16 | c;
            size_t at = lz_slot(&map, key);
            if (map.key[at]) {
                w = map.code[at];
                single = false;
                continue;
            }
            lz_emit(b, w, single, w_unit, fresh);
            map.key[at] = key;
            map.code[at] = size++;
            map.used++;
        }
        w = c_code, single = true, w_unit = c, have_w = true;
        if (map.used * 2 > map.cap && lz_map_grow(&map) != 0)
            rc = -1;
    }
    if (rc == 0 && have_w)
        lz_emit(b, w, single, w_unit, fresh);
    lz_write(b, 2, b->width);
    for (;;) { /* flush: the last character padded with zero bits */
        b->value <<= 1;
        if (b->position == 5) {
            lz_put_char(b);
            break;
        }
        b->position++;
    }
    free(map.key);
    free(map.code);
    free(fresh);
    return rc || b->failed ? -1 : 0;
}

int lz_compress_base64(const char *text, size_t len, char **out)
{
    lz_units units = {0};
    lz_bits bits = {.width = 2, .enlarge = 2};
    *out = NULL;
    if (lz_from_utf8(text, len, &units) != 0 || lz_compress_units(&units, &bits) != 0) {
        free(units.unit);
        free(bits.out);
        return -1;
    }
    free(units.unit);
    while (bits.len % 4)
        bits.out[bits.len++] = '=';
    bits.out[bits.len] = '\0';
    *out = bits.out;
    return 0;
}

/* ------------------------------------------------------- decompress -- */

typedef struct lz_reader {
    const char *text;
    size_t len, index;
    unsigned value, position;
    bool bad;
} lz_reader;

static unsigned lz_char_value(lz_reader *r, size_t index)
{
    if (index >= r->len)
        return 0; /* past the end: zero bits, as the JavaScript reads them */
    const char *at = memchr(lz_alphabet, r->text[index], 65);
    if (!at || !r->text[index]) {
        r->bad = true;
        return 0;
    }
    return (unsigned)(at - lz_alphabet);
}

static unsigned lz_read(lz_reader *r, unsigned count)
{
    unsigned bits = 0;
    for (unsigned power = 1, i = 0; i < count; i++, power <<= 1) {
        unsigned bit = r->value & r->position;
        r->position >>= 1;
        if (r->position == 0) {
            r->position = 32;
            r->value = lz_char_value(r, r->index++);
        }
        bits |= (bit ? 1u : 0u) * power;
    }
    return bits;
}

/* A phrase of the output: units [at, at + len). */
typedef struct lz_phrase {
    size_t at, len;
} lz_phrase;

typedef struct lz_dict {
    lz_phrase *phrase;
    size_t count, cap;
} lz_dict;

static int lz_dict_put(lz_dict *d, size_t at, size_t len)
{
    if (d->count == d->cap) {
        size_t cap = d->cap ? d->cap * 2 : 1024;
        lz_phrase *grown = realloc(d->phrase, cap * sizeof *grown);
        if (!grown)
            return -1;
        d->phrase = grown;
        d->cap = cap;
    }
    d->phrase[d->count++] = (lz_phrase){at, len};
    return 0;
}

/* Append units [at, at + len) of the output to itself. */
static int lz_repeat(lz_units *u, size_t at, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (lz_units_put(u, u->unit[at + i]) != 0)
            return -1;
    return 0;
}

/* The decoding loop after the first phrase: 0 at the end code, -1 when
 * the data does not decode. */
static int lz_decode_rest(lz_reader *r, lz_units *u, lz_dict *d, lz_phrase w)
{
    unsigned width = 3, enlarge = 4;
    for (;;) {
        if (r->index > r->len || r->bad)
            return -1;
        unsigned c = lz_read(r, width);
        if (c == 2)
            return 0;
        if (c < 2) {
            if (lz_dict_put(d, u->count, 1) != 0 ||
                lz_units_put(u, (uint16_t)lz_read(r, c ? 16 : 8)))
                return -1;
            u->count--; /* written again below as the phrase */
            c = (unsigned)d->count - 1;
            enlarge--;
        }
        if (enlarge == 0)
            enlarge = 1u << width++;
        size_t start = u->count;
        if (c < d->count && d->phrase[c].len) {
            if (c == d->count - 1 && d->phrase[c].at == u->count)
                u->count++; /* the literal just read */
            else if (lz_repeat(u, d->phrase[c].at, d->phrase[c].len) != 0)
                return -1;
        } else if (c == d->count) {
            if (lz_repeat(u, w.at, w.len) != 0 || lz_repeat(u, w.at, 1) != 0)
                return -1;
        } else {
            return -1;
        }
        size_t len = u->count - start;
        if (lz_dict_put(d, w.at, w.len + 1) != 0)
            return -1;
        w = (lz_phrase){start, len};
        if (--enlarge == 0)
            enlarge = 1u << width++;
    }
}

int lz_decompress_base64(const char *base64, size_t len, char **out, size_t *out_len,
                         const char **why)
{
    lz_reader r = {base64, len, 1, 0, 32, false};
    lz_units units = {0};
    lz_dict dict = {0};
    *out = NULL;
    *why = "the text is not lz-string data (an f-puzzles load string)";
    if (len == 0)
        return -1;
    r.value = lz_char_value(&r, 0);
    unsigned first = lz_read(&r, 2);
    int rc = first < 2 && !r.bad ? 0 : -1;
    for (int i = 0; rc == 0 && i < 3; i++)
        rc = lz_dict_put(&dict, 0, 0); /* the three codes */
    if (rc == 0)
        rc =
            lz_units_put(&units, (uint16_t)lz_read(&r, first ? 16 : 8)) || lz_dict_put(&dict, 0, 1);
    if (rc == 0)
        rc = lz_decode_rest(&r, &units, &dict, (lz_phrase){0, 1});
    if (rc == 0)
        rc = lz_to_utf8(&units, out, out_len, why);
    free(units.unit);
    free(dict.phrase);
    return rc;
}
