/* A puzzle and its rules turned together by a map of the square (a
 * rotation or a reflection), and the least of those images: how the store
 * keeps a puzzle whose rules have a geometry (cages, jigsaw regions, dots,
 * lines) once, however it is turned (docs/rules.md, "Images of the
 * rules"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules_symmetry.h"
#include "sudokit/rules.h"

/* The maps of the square: bit 0 reverses the rows, bit 1 the columns, bit
 * 2 transposes. Map 0 is the identity. */
#define IMAGE_MAPS 8

/* Map number i of the square of n as a grid map. */
static void image_square_map(uint32_t n, int i, rules_map *map)
{
    memset(map, 0, sizeof *map);
    map->transpose = (i & 4) != 0;
    for (uint32_t k = 0; k < n; k++) {
        map->rows[k] = (uint8_t)((i & 1) ? n - 1 - k : k);
        map->cols[k] = (uint8_t)((i & 2) ? n - 1 - k : k);
    }
}

/* phi[source cell] = image cell under map. */
static void image_phi(const rules_map *map, uint32_t n, uint16_t *phi)
{
    for (uint32_t r = 0; r < n; r++)
        for (uint32_t c = 0; c < n; c++)
            phi[rules_map_source(map, n, r, c)] = (uint16_t)(r * n + c);
}

/* ------------------------------------------------ the spec of an image -- */

/* A growing text. */
typedef struct image_text {
    char *at;
    size_t len, cap;
    bool failed;
} image_text;

static void text_put(image_text *t, const char *s, size_t len)
{
    if (t->failed)
        return;
    if (t->len + len + 1 > t->cap) {
        size_t cap = 2 * (t->len + len + 1);
        char *grown = realloc(t->at, cap);
        if (!grown) {
            t->failed = true;
            return;
        }
        t->at = grown, t->cap = cap;
    }
    memcpy(t->at + t->len, s, len);
    t->len += len;
    t->at[t->len] = '\0';
}

/* Read "rNcM" at s (within a grid of n): the cell, and its length in *len;
 * -1 when s does not start a cell. */
static int image_cell_at(const char *s, uint32_t n, size_t *len)
{
    if (s[0] != 'r' || s[1] < '1' || s[1] > '9')
        return -1;
    char *end;
    unsigned long row = strtoul(s + 1, &end, 10);
    if (*end != 'c' || end[1] < '1' || end[1] > '9')
        return -1;
    unsigned long col = strtoul(end + 1, &end, 10);
    if (row > n || col > n)
        return -1;
    *len = (size_t)(end - s);
    return (int)((row - 1) * n + col - 1);
}

/* An argument with every cell written rNcM moved by phi. */
static void image_argument(image_text *t, const char *arg, size_t len, uint32_t n,
                           const uint16_t *phi)
{
    for (size_t i = 0; i < len;) {
        size_t cell_len = 0;
        int cell = (i == 0 || arg[i - 1] < 'a' || arg[i - 1] > 'z')
                       ? image_cell_at(arg + i, n, &cell_len)
                       : -1;
        if (cell < 0 || i + cell_len > len) {
            text_put(t, arg + i, 1);
            i++;
            continue;
        }
        char moved[24];
        int w = snprintf(moved, sizeof moved, "r%uc%u", phi[cell] / n + 1, phi[cell] % n + 1);
        text_put(t, moved, (size_t)w);
        i += cell_len;
    }
}

/* A jigsaw map (one symbol a cell) moved by map. */
static void image_jigsaw(image_text *t, const char *symbols, uint32_t n, const rules_map *map)
{
    char moved[SK_MAX_CELLS];
    if (strlen(symbols) != (size_t)n * n) {
        text_put(t, symbols, strlen(symbols));
        return;
    }
    for (uint32_t x = 0; x < n * n; x++)
        moved[x] = symbols[rules_map_source(map, n, x / n, x % n)];
    text_put(t, moved, (size_t)n * n);
}

/* The spec of rules moved by map: the geometry as it is, a jigsaw map and
 * every cell of the terms' arguments moved, diagonal+ and diagonal- swapped
 * when the map swaps the diagonals. Only a spelling: the caller compiles
 * it and checks that its primitives are the moved ones. NULL when out of
 * memory; free it. */
static char *image_spec(const sk_rules *rules, const rules_map *map)
{
    uint32_t n = rules->size;
    uint16_t phi[SK_MAX_CELLS];
    image_phi(map, n, phi);
    bool swaps = phi[0] != 0 && phi[0] != n * n - 1; /* r1c1 leaves the main diagonal */
    image_text t = {NULL, 0, 0, false};
    const char *s = sk_rules_spec(rules);
    for (bool first = true; *s; first = false) {
        size_t len = strcspn(s, " ");
        const char *colon = memchr(s, ':', len);
        if (!first)
            text_put(&t, " ", 1);
        if (first || !colon) {
            bool diagonal = len == 9 && strncmp(s, "diagonal", 8) == 0 && !first;
            const char *other = diagonal && s[8] == '+' ? "diagonal-" : "diagonal+";
            text_put(&t, diagonal && swaps ? other : s, len);
        } else {
            text_put(&t, s, (size_t)(colon - s) + 1);
            if (colon - s == 6 && strncmp(s, "jigsaw", 6) == 0) {
                char symbols[SK_MAX_CELLS + 1];
                snprintf(symbols, sizeof symbols, "%.*s", (int)(len - 7), colon + 1);
                image_jigsaw(&t, symbols, n, map);
            } else {
                image_argument(&t, colon + 1, len - (size_t)(colon - s) - 1, n, phi);
            }
        }
        s += len;
        s += *s == ' ';
    }
    if (t.failed || !t.at) {
        free(t.at);
        return NULL;
    }
    return t.at;
}

/* ------------------------------------- comparing primitives of 2 values -- */

/* Every primitive of a value as words, cells through phi, sorted: two
 * values have the same primitives exactly when their lists are equal.
 * A house or group: kind, sum, sorted cells; a relation: its pair and its
 * table, read from the end that gives the smaller words; a custom: its
 * constraint, label and cells in order. */
typedef struct image_code {
    uint32_t *words;
    size_t *starts, count, used, cap;
} image_code;

static int code_reserve(image_code *code, size_t more)
{
    if (code->used + more <= code->cap)
        return 0;
    size_t cap = 2 * (code->used + more);
    uint32_t *grown = realloc(code->words, cap * sizeof *grown);
    if (!grown)
        return -1;
    code->words = grown, code->cap = cap;
    return 0;
}

static int code_cell_order(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* Append one primitive: head words, then count cells through phi (sorted
 * when sorted). */
static int code_add(image_code *code, const uint32_t *head, size_t head_len, const uint16_t *cells,
                    uint32_t count, const uint16_t *phi, bool sorted)
{
    if (code_reserve(code, head_len + count + 2))
        return -1;
    code->starts[code->count++] = code->used;
    uint32_t *w = code->words + code->used;
    memcpy(w, head, head_len * sizeof *w);
    w[head_len] = count;
    for (uint32_t k = 0; k < count; k++)
        w[head_len + 1 + k] = phi[cells[k]];
    if (sorted)
        qsort(w + head_len + 1, count, sizeof *w, code_cell_order);
    code->used += head_len + 1 + count;
    code->words[code->used++] = UINT32_MAX;
    return 0;
}

/* The words of a relation (a, b) with table t, or of (b, a) with t read
 * backwards, whichever is smaller, into w (4 + N + 1 words). */
static void code_relation(const sk_rules_relation *rel, uint32_t n, const uint16_t *phi,
                          uint32_t *w)
{
    uint32_t there[SK_MAX_SIZE + 3], back[SK_MAX_SIZE + 3];
    there[0] = phi[rel->a], there[1] = phi[rel->b];
    back[0] = phi[rel->b], back[1] = phi[rel->a];
    for (uint32_t e = 0; e <= n; e++) {
        there[2 + e] = rel->allowed[e];
        back[2 + e] = 0;
        for (uint32_t d = 1; e && d <= n; d++)
            if (rel->allowed[d] >> (e - 1) & 1u)
                back[2 + e] |= 1u << (d - 1);
    }
    const uint32_t *pick = memcmp(back, there, (n + 3) * sizeof *there) < 0 ? back : there;
    w[0] = 2;
    memcpy(w + 1, pick, (n + 3) * sizeof *w);
}

static _Thread_local const uint32_t *code_sorting;

static int code_primitive_order(const void *a, const void *b)
{
    const uint32_t *x = code_sorting + *(const size_t *)a, *y = code_sorting + *(const size_t *)b;
    for (size_t k = 0;; k++)
        if (x[k] != y[k])
            return x[k] < y[k] ? -1 : 1;
        else if (x[k] == UINT32_MAX)
            return 0;
}

/* The customs' head: kind, constraint, then the label's characters. */
static size_t code_custom_head(const sk_rules_custom *c, uint32_t *head, size_t cap)
{
    uintptr_t id = (uintptr_t)c->constraint;
    size_t len = 0;
    head[len++] = 3;
    head[len++] = (uint32_t)(id & 0xffffffffu);
    head[len++] = (uint32_t)((uint64_t)id >> 32);
    for (const char *s = c->label ? c->label : ""; *s && len + 1 < cap; s++)
        head[len++] = (unsigned char)*s;
    head[len++] = 0;
    return len;
}

/* Fill code with the primitives of rules through phi. 0, or -1 when out
 * of memory. */
static int code_build(image_code *code, const sk_rules *r, const uint16_t *phi)
{
    size_t total = (size_t)r->house_count + r->group_count + r->relation_count + r->custom_count;
    memset(code, 0, sizeof *code);
    code->starts = malloc((total + 1) * sizeof *code->starts);
    if (!code->starts)
        return -1;
    uint32_t n = r->size, head[SK_MAX_SIZE + 8];
    int rc = 0;
    for (uint32_t i = 0; rc == 0 && i < r->house_count; i++)
        rc = code_add(code, (uint32_t[]){0}, 1, r->houses[i].cells, r->houses[i].count, phi, true);
    for (uint32_t i = 0; rc == 0 && i < r->group_count; i++)
        rc = code_add(code, (uint32_t[]){1, (uint32_t)r->groups[i].sum}, 2, r->groups[i].cells,
                      r->groups[i].count, phi, true);
    for (uint32_t i = 0; rc == 0 && i < r->relation_count; i++) {
        code_relation(&r->relations[i], n, phi, head);
        rc = code_add(code, head, n + 4, NULL, 0, phi, false);
    }
    for (uint32_t i = 0; rc == 0 && i < r->custom_count; i++) {
        size_t len = code_custom_head(&r->customs[i], head, sizeof head / sizeof *head);
        rc = code_add(code, head, len, r->customs[i].cells, r->customs[i].count, phi, false);
    }
    if (rc == 0) {
        code_sorting = code->words;
        qsort(code->starts, code->count, sizeof *code->starts, code_primitive_order);
    }
    return rc;
}

static void code_free(image_code *code)
{
    free(code->words);
    free(code->starts);
}

/* True when map sends every primitive of from onto one of to and the two
 * have as many of each; -1 when out of memory. */
static int image_matches(const sk_rules *from, const rules_map *map, const sk_rules *to)
{
    uint32_t n = from->size;
    if (to->size != n)
        return 0;
    uint16_t phi[SK_MAX_CELLS], identity[SK_MAX_CELLS];
    image_phi(map, n, phi);
    for (uint32_t c = 0; c < n * n; c++)
        identity[c] = (uint16_t)c;
    image_code a, b;
    int built = code_build(&a, from, phi);
    built |= code_build(&b, to, identity);
    int same = built == 0 && a.count == b.count;
    for (size_t k = 0; built == 0 && same && k < a.count; k++) {
        const uint32_t *x = a.words + a.starts[k], *y = b.words + b.starts[k];
        size_t len = 0;
        while (x[len] == y[len] && x[len] != UINT32_MAX)
            len++;
        same = x[len] == y[len];
    }
    code_free(&a);
    code_free(&b);
    return built ? -1 : same;
}

/* ------------------------------------------------------ the least image -- */

/* The image of board under map into out (cells past N*N zero). */
static void image_board(const rules_map *map, uint32_t n, const sk_board *in, sk_board *out)
{
    memset(out, 0, sizeof *out);
    for (uint32_t x = 0; x < n * n; x++)
        out->cells[x] = in->cells[rules_map_source(map, n, x / n, x % n)];
}

/* The rules of the image of rules under map, compiled on host with one
 * reference into *out: rules itself when map keeps them, else the moved
 * spec when it compiles to exactly the moved primitives. 1 with *out set,
 * 0 when the image is no rules value of the same kind, -1 when out of
 * memory or without host (why set). */
static int image_rules(sk_host *host, const sk_rules *rules, const rules_map *map,
                       const sk_rules **out, char *why, size_t len)
{
    rules_code code;
    if (rules_code_init(&code, rules))
        return snprintf(why, len, "out of memory"), -1;
    bool keeps = rules_map_keeps_regions(rules, map) && rules_map_keeps(&code, map);
    rules_code_free(&code);
    if (keeps) {
        *out = sk_rules_ref(rules);
        return 1;
    }
    if (!host)
        return snprintf(why, len,
                        "no constraint plugins to compile the turned images of the "
                        "rules '%s' with",
                        sk_rules_spec(rules)),
               -1;
    char *spec = image_spec(rules, map);
    if (!spec)
        return snprintf(why, len, "out of memory"), -1;
    sk_rules_error error;
    int compiled = sk_rules_compile(host, spec, out, &error);
    free(spec);
    if (compiled != 0)
        return 0;
    int same = image_matches(rules, map, *out);
    if (same != 1) {
        sk_rules_free(*out);
        *out = NULL;
    }
    if (same < 0)
        return snprintf(why, len, "out of memory"), -1;
    return same;
}

/* True when (spec, canonical) of a is smaller than of b. */
static bool image_smaller(const sk_rules_image *a, const sk_rules_image *b)
{
    int by_spec = strcmp(sk_rules_spec(a->rules), sk_rules_spec(b->rules));
    if (by_spec)
        return by_spec < 0;
    uint32_t n = a->rules->size;
    return memcmp(a->canonical.cells, b->canonical.cells, (size_t)n * n) < 0;
}

/* The image of the puzzle under map number i into *out (its rules a
 * reference). 1 made, 0 not of the kind, -1 failed (why set). */
static int image_make(sk_host *host, const sk_rules *rules, int i, const sk_board *givens,
                      const sk_board *solution, sk_rules_image *out, char *why, size_t len)
{
    uint32_t n = rules->size;
    rules_map map;
    image_square_map(n, i, &map);
    memset(out, 0, sizeof *out);
    int made = image_rules(host, rules, &map, &out->rules, why, len);
    if (made != 1)
        return made;
    if (i && out->rules == rules) { /* a map of the rules' own group: the same key */
        sk_rules_free(out->rules);
        out->rules = NULL;
        return 0;
    }
    image_board(&map, n, givens, &out->givens);
    if (solution)
        image_board(&map, n, solution, &out->solution);
    int rc = sk_rules_canon_form(out->rules, &out->givens, &out->canonical);
    if (rc != SK_OK) {
        sk_rules_free(out->rules);
        out->rules = NULL;
        return snprintf(why, len, "%s",
                        rc == SK_ERR_INVALID ? "a digit is past N" : "out of memory"),
               -1;
    }
    out->map = i;
    return 1;
}

int sk_rules_least_image(sk_host *host, const sk_rules *rules, const sk_board *givens,
                         const sk_board *solution, sk_rules_image *out, char *why, size_t len)
{
    memset(out, 0, sizeof *out);
    bool square_boxes = rules->box_rows == rules->box_cols;
    for (int i = 0; i < IMAGE_MAPS; i++) {
        if (((i & 4) && !square_boxes) || (i && sk_rules_is_classic(rules)))
            continue;
        sk_rules_image image;
        int made = image_make(host, rules, i, givens, solution, &image, why, len);
        if (made < 0) {
            sk_rules_image_free(out);
            return -1;
        }
        if (made == 0)
            continue;
        if (!out->rules || image_smaller(&image, out)) {
            sk_rules_image_free(out);
            *out = image;
        } else {
            sk_rules_image_free(&image);
        }
    }
    return 0;
}

void sk_rules_image_free(sk_rules_image *image)
{
    sk_rules_free(image->rules);
    image->rules = NULL;
}
