/* Lists of grid maps, and permutations to enumerate them
 * (rules_symmetry.h). */
#include <stdlib.h>
#include <string.h>

#include "rules_symmetry.h"

rules_group *rules_group_new(uint32_t n)
{
    rules_group *group = calloc(1, sizeof *group);
    if (group)
        group->n = n;
    return group;
}

void rules_group_add(rules_group *group, const rules_map *map)
{
    size_t stride = 1 + 2 * (size_t)group->n;
    if (group->size == group->cap) {
        size_t cap = group->cap ? group->cap * 2 : 64;
        uint8_t *grown = realloc(group->maps, cap * stride);
        if (!grown) {
            group->failed = true;
            return;
        }
        group->maps = grown;
        group->cap = cap;
    }
    uint8_t *at = group->maps + group->size++ * stride;
    at[0] = map->transpose;
    memcpy(at + 1, map->rows, group->n);
    memcpy(at + 1 + group->n, map->cols, group->n);
}

void rules_group_get(const rules_group *group, size_t index, rules_map *map)
{
    const uint8_t *at = group->maps + index * (1 + 2 * (size_t)group->n);
    memset(map, 0, sizeof *map);
    map->transpose = at[0];
    memcpy(map->rows, at + 1, group->n);
    memcpy(map->cols, at + 1 + group->n, group->n);
}

void rules_group_free(rules_group *group)
{
    if (!group)
        return;
    free(group->maps);
    free(group);
}

rules_permutations rules_permutations_start(uint8_t *at, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        at[i] = (uint8_t)i;
    return (rules_permutations){at, n};
}

bool rules_permutations_next(rules_permutations *p)
{
    uint8_t *a = p->at;
    int i = (int)p->n - 2;
    while (i >= 0 && a[i] >= a[i + 1])
        i--;
    if (i >= 0) {
        int j = (int)p->n - 1;
        while (a[j] <= a[i])
            j--;
        uint8_t swap = a[i];
        a[i] = a[j];
        a[j] = swap;
    }
    for (uint32_t lo = (uint32_t)(i + 1), hi = p->n - 1; lo < hi && hi < p->n; lo++, hi--) {
        uint8_t swap = a[lo];
        a[lo] = a[hi];
        a[hi] = swap;
    }
    return i >= 0;
}
