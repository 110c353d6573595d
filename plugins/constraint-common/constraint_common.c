/* constraint-common: cell lists in and out, numbers, terms without
 * argument, for the built-in constraint plugins. */
#include "constraint_common.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

int constraint_no_argument(const sk_rules_builder *builder, const char *name, const char *argument,
                           char *err, size_t errlen)
{
    if (!argument)
        return SK_OK;
    builder->error_at(builder->ctx, argument);
    snprintf(err, errlen, "%s takes no argument: write %s alone", name, name);
    return SK_ERR;
}

int constraint_cell_list(const sk_rules_builder *builder, const char *text, uint16_t *cells,
                         uint32_t max, uint32_t *count, char *err, size_t errlen)
{
    const char *end;
    if (builder->parse_cells(builder->ctx, text, cells, max, count, &end) != SK_OK)
        return SK_ERR;
    if (*end) {
        builder->error_at(builder->ctx, end);
        snprintf(err, errlen, "unexpected '%.12s' after the cells: join cells with '+'", end);
        return SK_ERR;
    }
    return SK_OK;
}

void constraint_sort_cells(uint16_t *cells, uint32_t count)
{
    for (uint32_t i = 1; i < count; i++)
        for (uint32_t j = i; j > 0 && cells[j - 1] > cells[j]; j--) {
            uint16_t swap = cells[j];
            cells[j] = cells[j - 1];
            cells[j - 1] = swap;
        }
}

void constraint_append_cells(uint32_t size, const uint16_t *cells, uint32_t count, char *out,
                             size_t len)
{
    size_t at = strlen(out);
    for (uint32_t i = 0; i < count && at < len; i++)
        at += (size_t)snprintf(out + at, len - at, "%sr%uc%u", i ? "+" : "", cells[i] / size + 1,
                               cells[i] % size + 1);
}

int constraint_number(const char **text, long *value)
{
    const char *p = *text;
    long n = 0;
    while (isdigit((unsigned char)*p) && p - *text < 6)
        n = n * 10 + (*p++ - '0');
    if (p == *text || isdigit((unsigned char)*p))
        return SK_ERR;
    *value = n;
    *text = p;
    return SK_OK;
}

uint32_t constraint_next_cells(uint32_t size, uint32_t cell, uint16_t next[2])
{
    uint32_t n = 0;
    if (cell % size + 1 < size)
        next[n++] = (uint16_t)(cell + 1);
    if (cell / size + 1 < size)
        next[n++] = (uint16_t)(cell + size);
    return n;
}
