/* Building rules: the draft's pools and the builder a constraint's parse
 * is lent (pure: plugin.h and libc only). */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules_internal.h"

#define BUILD_MAX_MARK 24
#define BUILD_MAX_LABEL 32

void rules_draft_init(rules_draft *draft, uint32_t size)
{
    memset(draft, 0, sizeof *draft);
    draft->size = size;
    memset(draft->region, 255, sizeof draft->region);
}

void rules_draft_free(rules_draft *draft)
{
    for (size_t i = 0; i < draft->primitive_count; i++) {
        rules_draft_primitive *p = &draft->primitives[i];
        if (p->kind == RULES_CUSTOM && p->state && p->constraint->free_state)
            p->constraint->free_state(p->state);
    }
    free(draft->primitives);
    free(draft->cells);
    free(draft->tables);
    free(draft->strings);
    free(draft->canonical);
    memset(draft, 0, sizeof *draft);
}

/* Record the problem of a builder call (printf-style); returns SK_ERR. */
static int build_fail(rules_draft *draft, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static int build_fail(rules_draft *draft, const char *fmt, ...)
{
    if (!draft->failed) {
        va_list args;
        va_start(args, fmt);
        vsnprintf(draft->problem.message, sizeof draft->problem.message, fmt, args);
        va_end(args);
        draft->failed = true;
    }
    return SK_ERR;
}

/* Make room for one more item of size bytes in a pool; false when out of
 * memory. */
static bool build_room(void **pool, size_t *cap, size_t count, size_t more, size_t size)
{
    if (count + more <= *cap)
        return true;
    size_t grown_cap = *cap ? *cap * 2 : 64;
    while (grown_cap < count + more)
        grown_cap *= 2;
    void *grown = realloc(*pool, grown_cap * size);
    if (!grown)
        return false;
    *pool = grown;
    *cap = grown_cap;
    return true;
}

/* Copy text into the string pool; its offset, or UINT32_MAX when out of
 * memory. */
static uint32_t build_string(rules_draft *draft, const char *text)
{
    size_t len = strlen(text) + 1;
    if (!build_room((void **)&draft->strings, &draft->string_cap, draft->string_len, len, 1))
        return UINT32_MAX;
    memcpy(draft->strings + draft->string_len, text, len);
    draft->string_len += len;
    return (uint32_t)(draft->string_len - len);
}

static bool build_mark_ok(const char *mark)
{
    size_t len = mark ? strlen(mark) : 0;
    if (len == 0 || len > BUILD_MAX_MARK)
        return false;
    for (const char *p = mark; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-'))
            return false;
    return true;
}

static bool build_label_ok(const char *label)
{
    if (!label)
        return true;
    if (strlen(label) > BUILD_MAX_LABEL)
        return false;
    for (const char *p = label; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            return false;
    return true;
}

static void build_cell_name(const rules_draft *draft, uint32_t cell, char out[16])
{
    snprintf(out, 16, "r%uc%u", cell / draft->size + 1, cell % draft->size + 1);
}

/* Append a primitive over cells (checked: in the grid, and distinct unless
 * repeats is set); sorted says to keep them ascending. SK_OK or SK_ERR. */
static int build_primitive(rules_draft *draft, rules_draft_primitive p, const uint16_t *cells,
                           bool sorted, bool repeats, const char *mark, const char *label)
{
    uint32_t cell_total = draft->size * draft->size;
    if (!build_mark_ok(mark))
        return build_fail(draft, "bad mark '%.30s' from the constraint (1-%d of a-z, 0-9, '-')",
                          mark ? mark : "(null)", BUILD_MAX_MARK);
    if (!build_label_ok(label))
        return build_fail(draft, "bad label from the constraint (at most %d printable characters)",
                          BUILD_MAX_LABEL);
    if (!build_room((void **)&draft->cells, &draft->cell_cap, draft->cell_count, p.count,
                    sizeof *draft->cells) ||
        !build_room((void **)&draft->primitives, &draft->primitive_cap, draft->primitive_count, 1,
                    sizeof *draft->primitives))
        return build_fail(draft, "out of memory");
    uint16_t *out = draft->cells + draft->cell_count;
    for (uint32_t i = 0; i < p.count; i++) {
        if (cells[i] >= cell_total)
            return build_fail(draft, "cell number %u is outside the %ux%u grid", cells[i],
                              draft->size, draft->size);
        uint32_t at = i;
        while (sorted && at > 0 && out[at - 1] > cells[i]) {
            out[at] = out[at - 1];
            at--;
        }
        out[at] = cells[i];
        for (uint32_t j = 0; !repeats && j < i; j++)
            if (cells[j] == cells[i]) {
                char name[16];
                build_cell_name(draft, cells[i], name);
                return build_fail(draft, "cell %s is listed twice", name);
            }
    }
    p.mark = build_string(draft, mark);
    p.label = label ? build_string(draft, label) : RULES_NO_LABEL;
    if (p.mark == UINT32_MAX || (label && p.label == UINT32_MAX))
        return build_fail(draft, "out of memory");
    p.cells = (uint32_t)draft->cell_count;
    draft->cell_count += p.count;
    draft->primitives[draft->primitive_count++] = p;
    return SK_OK;
}

int rules_draft_house(rules_draft *draft, const uint16_t *cells, uint32_t n, const char *mark,
                      const char *label)
{
    if (n != draft->size)
        return build_fail(draft, "a house holds every digit once, so it has %u cells, not %u",
                          draft->size, n);
    return build_primitive(draft, (rules_draft_primitive){.kind = RULES_HOUSE, .count = n}, cells,
                           true, false, mark, label);
}

static int build_house(void *ctx, const uint16_t *cells, uint32_t n, const char *mark,
                       const char *label)
{
    return rules_draft_house(ctx, cells, n, mark, label);
}

static int build_group(void *ctx, const uint16_t *cells, uint32_t n, int32_t sum, const char *mark,
                       const char *label)
{
    rules_draft *draft = ctx;
    uint32_t size = draft->size;
    if (n < 1 || n > size)
        return build_fail(draft, "a group of different digits has 1 to %u cells, not %u", size, n);
    int32_t low = (int32_t)(n * (n + 1) / 2), high = (int32_t)(n * (2 * size - n + 1) / 2);
    if (sum != 0 && (sum < low || sum > high))
        return build_fail(draft, "%u different digits of 1-%u cannot sum to %d (only %d to %d)", n,
                          size, sum, low, high);
    return build_primitive(draft,
                           (rules_draft_primitive){.kind = RULES_GROUP, .count = n, .sum = sum},
                           cells, true, false, mark, label);
}

static int build_relation(void *ctx, uint16_t a, uint16_t b, const sk_digits *allowed,
                          const char *mark, const char *label)
{
    rules_draft *draft = ctx;
    uint32_t size = draft->size;
    sk_digits all = size >= 32 ? ~0u : (1u << size) - 1, any = 0;
    for (uint32_t d = 1; d <= size; d++)
        any |= allowed[d] & all;
    if (!any) {
        char na[16], nb[16];
        build_cell_name(draft, a, na);
        build_cell_name(draft, b, nb);
        return build_fail(draft, "no pair of digits 1-%u can stand in %s and %s under this rule",
                          size, na, nb);
    }
    if (!build_room((void **)&draft->tables, &draft->table_cap, draft->table_count, size + 1,
                    sizeof *draft->tables))
        return build_fail(draft, "out of memory");
    sk_digits *table = draft->tables + draft->table_count;
    table[0] = 0;
    for (uint32_t d = 1; d <= size; d++)
        table[d] = allowed[d] & all;
    uint16_t pair[2] = {a, b};
    int rc = build_primitive(draft,
                             (rules_draft_primitive){.kind = RULES_RELATION,
                                                     .count = 2,
                                                     .table = (uint32_t)draft->table_count},
                             pair, false, false, mark, label);
    if (rc == SK_OK)
        draft->table_count += size + 1;
    return rc;
}

static int build_custom(void *ctx, void *state, const uint16_t *cells, uint32_t n, const char *mark,
                        const char *label)
{
    rules_draft *draft = ctx;
    const sk_constraint *constraint = draft->constraint;
    int rc;
    if (!constraint || !constraint->check || !constraint->propagate)
        rc = build_fail(draft,
                        "the constraint emitted a custom rule but has no check and "
                        "propagate functions (a bug in plugin %s: update or remove it)",
                        draft->origin);
    else if (n < 1 || n > draft->size * draft->size)
        rc = build_fail(draft, "a custom rule needs 1 to %u cells, not %u",
                        draft->size * draft->size, n);
    else
        rc = build_primitive(
            draft,
            (rules_draft_primitive){
                .kind = RULES_CUSTOM, .count = n, .state = state, .constraint = constraint},
            cells, false, true, mark, label);
    if (rc != SK_OK && state && constraint && constraint->free_state)
        constraint->free_state(state);
    return rc;
}

static void build_restrict(void *ctx, uint32_t digit_symmetry)
{
    rules_draft *draft = ctx;
    if (digit_symmetry > SK_DIGITS_FIXED)
        digit_symmetry = SK_DIGITS_FIXED;
    if (digit_symmetry > draft->digit_symmetry)
        draft->digit_symmetry = digit_symmetry;
}

/* Read one cell "r3c4" at *p (moved past it) into *cell. */
static int build_one_cell(rules_draft *draft, const char **p, uint16_t *cell)
{
    const char *start = *p, *q = *p;
    long row = 0, col = 0;
    if (*q != 'r' && *q != 'R')
        goto malformed;
    for (q++; isdigit((unsigned char)*q) && row < 1000; q++)
        row = row * 10 + (*q - '0');
    if (q == start + 1 || (*q != 'c' && *q != 'C'))
        goto malformed;
    const char *digits = ++q;
    for (; isdigit((unsigned char)*q) && col < 1000; q++)
        col = col * 10 + (*q - '0');
    if (q == digits)
        goto malformed;
    *p = q;
    if (row < 1 || col < 1 || row > (long)draft->size || col > (long)draft->size) {
        draft->where = start;
        return build_fail(draft, "cell %.*s is outside the %ux%u grid (rows and columns 1-%u)",
                          (int)(q - start), start, draft->size, draft->size, draft->size);
    }
    *cell = (uint16_t)((row - 1) * draft->size + (col - 1));
    return SK_OK;

malformed:
    draft->where = start;
    size_t len = strcspn(start, "+;=-/ ");
    return build_fail(draft, "'%.*s' is not a cell: write r1c2 (row 1, column 2)",
                      (int)(len ? (len > 20 ? 20 : len) : 1), start);
}

static int build_parse_cells(void *ctx, const char *text, uint16_t *cells, uint32_t max,
                             uint32_t *count, const char **end)
{
    rules_draft *draft = ctx;
    const char *p = text;
    *count = 0;
    for (;;) {
        const char *start = p;
        uint16_t cell = 0;
        if (build_one_cell(draft, &p, &cell) != SK_OK)
            return SK_ERR;
        for (uint32_t i = 0; i < *count; i++)
            if (cells[i] == cell) {
                draft->where = start;
                return build_fail(draft, "cell %.*s is listed twice", (int)(p - start), start);
            }
        if (*count == max) {
            draft->where = start;
            return build_fail(draft, "more than %u cells in one list", max);
        }
        cells[(*count)++] = cell;
        if (*p != '+')
            break;
        p++;
    }
    *end = p;
    return SK_OK;
}

static void build_error_at(void *ctx, const char *where)
{
    rules_draft *draft = ctx;
    draft->where = where;
}

static void build_normalise(void *ctx, const char *canonical)
{
    rules_draft *draft = ctx;
    free(draft->canonical);
    draft->canonical = canonical ? strdup(canonical) : NULL;
    if (canonical && !draft->canonical)
        build_fail(draft, "out of memory");
}

size_t rules_draft_column(const rules_draft *draft)
{
    const char *item = draft->item;
    if (item && draft->where >= item && draft->where <= item + strlen(item))
        return draft->item_column + (size_t)(draft->where - item);
    return draft->item_column;
}

sk_rules_builder rules_draft_builder(rules_draft *draft)
{
    return (sk_rules_builder){
        .struct_size = sizeof(sk_rules_builder),
        .ctx = draft,
        .size = draft->size,
        .box_rows = draft->box_rows,
        .box_cols = draft->box_cols,
        .region = draft->region,
        .add_house = build_house,
        .add_group = build_group,
        .add_relation = build_relation,
        .add_custom = build_custom,
        .restrict_digits = build_restrict,
        .parse_cells = build_parse_cells,
        .error_at = build_error_at,
        .normalise = build_normalise,
    };
}
