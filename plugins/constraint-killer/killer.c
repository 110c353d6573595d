/* Constraint plugin "killer": cages, each a group of different digits with
 * a sum or without one. Two spellings are read:
 *   killer:SUM=CELLS;=CELLS;...   one cage an item (the canonical form);
 *   killer:MAP/SUMS               N*N cage symbols row by row ('.' no cage)
 *                                 and the sums in order of the symbols'
 *                                 first appearance, comma-separated (an
 *                                 empty sum: a cage without one).
 * Every cage becomes a group; the sums forbid relabelling digits, which
 * the host works out by itself. */
#include <stdio.h>
#include <string.h>

#include "constraint_common.h"
#include "sudokit/plugin.h"

static long killer_map_sum(const sk_rules_builder *b, const char *sums, uint32_t k, char *err,
                           size_t errlen);

/* The cage of other (a killer item of the spec, compiled before the one
 * being parsed) that holds cell: its cells, sorted, into cells, their
 * number and its sum (0: none); 0 when no cage of other holds cell. */
static uint32_t killer_cage_of(const sk_rules_builder *b, const char *other, uint16_t cell,
                               uint16_t *cells, long *sum)
{
    uint32_t n = 0, count = b->size * b->size;
    char ignored[8];
    if (strchr(other, '=')) {
        const char *p = other;
        *sum = 0;
        if (*p != '=' && constraint_number(&p, sum) != SK_OK)
            return 0;
        const char *end;
        if (b->parse_cells(b->ctx, p + 1, cells, b->size, &n, &end) != SK_OK)
            return 0;
    } else {
        if (strlen(other) <= count || other[cell] == '.')
            return 0;
        uint32_t k = 0; /* the cage's place in the order of first appearance */
        for (uint32_t c = 0; c < count && other[c] != other[cell]; c++)
            k += other[c] != '.' && memchr(other, other[c], c) == NULL;
        for (uint32_t c = 0; c < count; c++)
            if (other[c] == other[cell])
                cells[n++] = (uint16_t)c;
        *sum = killer_map_sum(b, other + count + 1, k, ignored, sizeof ignored);
    }
    constraint_sort_cells(cells, n);
    for (uint32_t i = 0; i < n; i++)
        if (cells[i] == cell)
            return n;
    return 0;
}

/* Refuse a cage (cells sorted) of item that shares a cell with a cage of
 * a killer item before it in the spec: a cell is in one cage at most (the
 * same cage written twice is one cage). SK_OK or SK_ERR with err. */
static int killer_overlap(const sk_rules_builder *b, const char *item, const uint16_t *cells,
                          uint32_t n, long sum, char *err, size_t errlen)
{
    for (uint32_t t = 0; t < b->term_count && b->term_arguments[t] != item; t++) {
        const char *other = b->term_arguments[t];
        if (!other || strcmp(b->term_names[t], "killer") != 0)
            continue;
        for (uint32_t i = 0; i < n; i++) {
            uint16_t theirs[SK_MAX_CELLS];
            long their_sum;
            uint32_t m = killer_cage_of(b, other, cells[i], theirs, &their_sum);
            if (!m)
                continue;
            if (m == n && their_sum == sum && memcmp(theirs, cells, n * sizeof *cells) == 0)
                break; /* the same cage */
            char name[16] = "", shown[80] = "";
            constraint_append_cells(b->size, &cells[i], 1, name, sizeof name);
            constraint_append_cells(b->size, theirs, m, shown, sizeof shown);
            b->error_at(b->ctx, item);
            snprintf(err, errlen,
                     "cell %s is in two cages, this one and %s: a cell "
                     "belongs to one cage at most; merge the two cages or take the cell out "
                     "of one",
                     name, shown);
            return SK_ERR;
        }
    }
    return SK_OK;
}

/* Add one cage of item and append its canonical item to canonical. */
static int killer_cage(const sk_rules_builder *b, const char *item, uint16_t *cells, uint32_t n,
                       long sum, char *canonical, size_t len, char *err, size_t errlen)
{
    char label[16] = "";
    constraint_sort_cells(cells, n);
    if (killer_overlap(b, item, cells, n, sum, err, errlen) != SK_OK)
        return SK_ERR;
    size_t at = strlen(canonical);
    if (sum)
        snprintf(label, sizeof label, "%ld", sum);
    snprintf(canonical + at, len - at, "%s%s=", at ? ";" : "", label);
    constraint_append_cells(b->size, cells, n, canonical, len);
    return b->add_group(b->ctx, cells, n, (int32_t)sum, "cage", sum ? label : NULL);
}

/* SUM=CELLS or =CELLS. */
static int killer_listed(const sk_rules_builder *b, const char *item, char *canonical, size_t len,
                         char *err, size_t errlen)
{
    const char *p = item;
    long sum = 0;
    if (*p != '=' && (constraint_number(&p, &sum) != SK_OK || *p != '=' || sum < 1)) {
        b->error_at(b->ctx, item);
        snprintf(err, errlen,
                 "'%.20s' is not a cage: write SUM=CELLS (15=r1c1+r1c2) or =CELLS "
                 "for a cage without a sum",
                 item);
        return SK_ERR;
    }
    uint16_t cells[SK_MAX_SIZE];
    uint32_t n;
    const char *list = p + 1;
    if (constraint_cell_list(b, list, cells, b->size, &n, err, errlen))
        return SK_ERR;
    b->error_at(b->ctx, item);
    return killer_cage(b, item, cells, n, sum, canonical, len, err, errlen);
}

/* The sum of cage k in sums ("15,,7"): 0 when empty; -1 when missing or
 * not a number (err says which). */
static long killer_map_sum(const sk_rules_builder *b, const char *sums, uint32_t k, char *err,
                           size_t errlen)
{
    const char *p = sums;
    for (uint32_t i = 0; i < k && p; i++)
        p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL;
    long sum = 0;
    if (p && (*p == ',' || *p == '\0'))
        return 0;
    if (!p || constraint_number(&p, &sum) != SK_OK || (*p && *p != ',') || sum < 1) {
        b->error_at(b->ctx, p ? p : sums);
        snprintf(err, errlen, "the sum of cage %u is missing or not a whole number above 0", k + 1);
        return -1;
    }
    return sum;
}

/* MAP/SUMS. */
static int killer_mapped(const sk_rules_builder *b, const char *item, char *canonical, size_t len,
                         char *err, size_t errlen)
{
    uint32_t cells = b->size * b->size;
    const char *slash = strchr(item, '/');
    if (strlen(item) < cells || item[cells] != '/' || slash != item + cells) {
        b->error_at(b->ctx, slash ? slash : item + strlen(item));
        snprintf(err, errlen,
                 "a cage map has %u symbols (one per cell, '.' for none) then "
                 "'/' and the sums",
                 cells);
        return SK_ERR;
    }
    const char *order = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    int cage_of[128];
    memset(cage_of, -1, sizeof cage_of);
    uint32_t cage_count = 0;
    for (uint32_t c = 0; c < cells; c++) {
        char s = item[c];
        if (s == '.')
            continue;
        if (!strchr(order, s) || s == '\0') {
            b->error_at(b->ctx, item + c);
            snprintf(err, errlen, "'%c' is not a cage symbol: use 0-9, A-Z, a-z, or '.'", s);
            return SK_ERR;
        }
        if (cage_of[(int)s] < 0)
            cage_of[(int)s] = (int)cage_count++;
    }
    for (uint32_t k = 0; k < cage_count; k++) {
        uint16_t members[SK_MAX_CELLS];
        uint32_t n = 0;
        for (uint32_t c = 0; c < cells; c++)
            if (item[c] != '.' && cage_of[(int)item[c]] == (int)k)
                members[n++] = (uint16_t)c;
        long sum = killer_map_sum(b, slash + 1, k, err, errlen);
        if (sum < 0 ||
            killer_cage(b, item, members, n, sum, canonical, len, err, errlen) != SK_OK)
            return SK_ERR;
    }
    return SK_OK;
}

static int killer_parse(const sk_services *services, const sk_rules_builder *b,
                        const char *argument, char *err, size_t errlen)
{
    (void)services;
    if (!argument) {
        snprintf(err, errlen,
                 "killer needs its cages: killer:SUM=CELLS;SUM=CELLS;... (or "
                 "killer:MAP/SUMS)");
        return SK_ERR;
    }
    char canonical[CONSTRAINT_TEXT_MAX * 2] = "";
    int status = strchr(argument, '=')
                     ? killer_listed(b, argument, canonical, sizeof canonical, err, errlen)
                     : killer_mapped(b, argument, canonical, sizeof canonical, err, errlen);
    if (status == SK_OK)
        b->normalise(b->ctx, canonical);
    return status;
}

static const sk_constraint killer_constraint = {
    .struct_size = sizeof(sk_constraint),
    .syntax = "killer:SUM=CELLS;=CELLS;... or killer:MAP/SUMS (cage symbols, '.' none; sums "
              "in order of first appearance, comma-separated)",
    .example = "9x9 killer:15=r1c1+r1c2;=r1c3+r2c3",
    .fpuzzles = "killercage:[VALUE]=CELLS",
    .parse = killer_parse,
};

static const sk_strategy killer_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_CONSTRAINT,
    .name = "killer",
    .summary = "cages of different digits, with the sum written (or none)",
    .constraint = &killer_constraint,
};

/* The plugin: its descriptor and entry symbol. */
SK_PLUGIN_DEFINE("constraint-killer", "1.0.0", &killer_strategy)
