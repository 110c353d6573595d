/* Constraint plugin "relations": reading the marks between two cells (Kropki
 * dots, X and V), their tables, and finding them in the whole spec for the
 * negative rules. */
#include <stdio.h>
#include <string.h>

#include "constraint_common.h"
#include "relations.h"

/* Read "r1c1+r1c2" (two cells side by side) at text into mark. */
static int relations_pair(const sk_rules_builder *b, const char *text, const char **end,
                          relations_mark *mark, char *err, size_t errlen)
{
    uint16_t cells[2];
    uint32_t n;
    if (b->parse_cells(b->ctx, text, cells, 2, &n, end) != SK_OK)
        return SK_ERR;
    uint32_t size = b->size, low = cells[0] < cells[1] ? cells[0] : cells[1];
    uint32_t high = cells[0] ^ cells[1] ^ low;
    if (n != 2 || !((high == low + 1 && high % size != 0) || high == low + size)) {
        b->error_at(b->ctx, text);
        snprintf(err, errlen, "a mark joins two cells side by side, as r1c1+r1c2 or r1c1+r2c1");
        return SK_ERR;
    }
    mark->a = (uint16_t)low;
    mark->b = (uint16_t)high;
    return SK_OK;
}

/* The value after '=' of a dot ("=3"), or its default when there is none. */
static int relations_dot_value(const sk_rules_builder *b, relations_kind kind, const char *p,
                               relations_mark *mark, char *err, size_t errlen)
{
    long value = kind == RELATIONS_WHITE ? 1 : 2;
    long low = kind == RELATIONS_WHITE ? 1 : 2,
         high = kind == RELATIONS_WHITE ? b->size - 1 : b->size;
    const char *at = p;
    if (*p == '=' && (p++, constraint_number(&p, &value) != SK_OK))
        value = -1;
    if (*p || value < low || value > high) {
        b->error_at(b->ctx, at);
        snprintf(err, errlen,
                 "a %s dot's value is a whole number %ld-%ld after '=' (%s when left "
                 "out)",
                 kind == RELATIONS_WHITE ? "white" : "black", low, high,
                 kind == RELATIONS_WHITE ? "1" : "2");
        return SK_ERR;
    }
    mark->value = (uint32_t)value;
    return SK_OK;
}

int relations_read_mark(const sk_rules_builder *b, relations_kind kind, const char *item,
                        relations_mark *mark, char *err, size_t errlen)
{
    mark->kind = kind;
    const char *end;
    if (kind != RELATIONS_SUM)
        return relations_pair(b, item, &end, mark, err, errlen) != SK_OK
                   ? SK_ERR
                   : relations_dot_value(b, kind, end, mark, err, errlen);
    char letter = item[0];
    if ((letter != 'x' && letter != 'X' && letter != 'v' && letter != 'V') || item[1] != '=') {
        b->error_at(b->ctx, item);
        snprintf(err, errlen,
                 "'%.12s' is not a mark: write X=r1c1+r1c2 (sum 10) or V=r1c1+r1c2 "
                 "(sum 5)",
                 item);
        return SK_ERR;
    }
    mark->value = letter == 'x' || letter == 'X' ? 10 : 5;
    if (relations_pair(b, item + 2, &end, mark, err, errlen) != SK_OK)
        return SK_ERR;
    if (*end) {
        b->error_at(b->ctx, end);
        snprintf(err, errlen, "unexpected '%.12s' after the two cells", end);
        return SK_ERR;
    }
    return SK_OK;
}

void relations_mark_table(uint32_t size, const relations_mark *mark, sk_digits *allowed)
{
    allowed[0] = 0;
    for (uint32_t d = 1; d <= size; d++) {
        allowed[d] = 0;
        for (uint32_t e = 1; e <= size; e++) {
            bool ok = mark->kind == RELATIONS_WHITE   ? d == e + mark->value || e == d + mark->value
                      : mark->kind == RELATIONS_BLACK ? d == e * mark->value || e == d * mark->value
                                                      : d + e == mark->value;
            if (ok)
                allowed[d] |= 1u << (e - 1);
        }
    }
}

static const char *const relations_term_names[3] = {"kropki-white", "kropki-black", "xv"};

/* Read a mark of another term quietly (its own parse reports a bad one):
 * true with *mark when text is one. */
static bool relations_scan(uint32_t size, relations_kind kind, const char *text,
                           relations_mark *mark)
{
    unsigned r1, c1, r2, c2, value = kind == RELATIONS_WHITE ? 1 : 2;
    int used = 0;
    char letter = kind == RELATIONS_SUM ? (char)(text[0] | 0x20) : 0;
    if (kind == RELATIONS_SUM)
        text += 2;
    if (sscanf(text, "%*1[rR]%u%*1[cC]%u+%*1[rR]%u%*1[cC]%u%n", &r1, &c1, &r2, &c2, &used) != 4 ||
        r1 < 1 || r2 < 1 || c1 < 1 || c2 < 1 || r1 > size || r2 > size || c1 > size || c2 > size)
        return false;
    if (kind != RELATIONS_SUM && text[used] == '=' && sscanf(text + used + 1, "%u", &value) != 1)
        return false;
    uint32_t a = (r1 - 1) * size + c1 - 1, b = (r2 - 1) * size + c2 - 1;
    mark->a = (uint16_t)(a < b ? a : b);
    mark->b = (uint16_t)(a < b ? b : a);
    mark->value = kind == RELATIONS_SUM ? (letter == 'x' ? 10u : 5u) : value;
    return (mark->b == mark->a + 1 && mark->b % size != 0) || mark->b == mark->a + size;
}

void relations_marks_of(const sk_rules_builder *b, relations_kind kind, bool *marked,
                        uint64_t *values)
{
    for (uint32_t t = 0; t < b->term_count; t++) {
        relations_mark mark;
        if (strcmp(b->term_names[t], relations_term_names[kind]) != 0 || !b->term_arguments[t] ||
            !relations_scan(b->size, kind, b->term_arguments[t], &mark) || mark.value > 63)
            continue;
        marked[mark.a * 2 + (mark.b == mark.a + 1 ? 0 : 1)] = true;
        *values |= 1ull << mark.value;
    }
}
