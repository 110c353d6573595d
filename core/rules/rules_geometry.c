/* Rules geometry: the grid's size, its boxes or jigsaw regions, and the
 * houses of rows, columns and regions (pure: plugin.h and libc only). */
#include <stdio.h>
#include <string.h>

#include "rules_internal.h"

void rules_default_boxes(uint32_t size, uint32_t *rows, uint32_t *cols)
{
    uint32_t best = 1;
    for (uint32_t h = 1; h * h <= size; h++)
        if (size % h == 0)
            best = h;
    *rows = best;
    *cols = size / best;
}

static int geometry_symbol_ok(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/* Number the regions of map (N*N symbols) in order of first appearance
 * into region; check the symbols, the count and size of the regions.
 * first[r] gets the first cell of region r. */
static int geometry_number(const char *map, uint32_t size, size_t column, uint8_t *region,
                           uint32_t *first, rules_problem *problem)
{
    uint32_t cells = size * size, count = 0, seen[SK_MAX_SIZE] = {0};
    int symbol_region[256];
    memset(symbol_region, -1, sizeof symbol_region);
    for (uint32_t cell = 0; cell < cells; cell++) {
        unsigned char c = (unsigned char)map[cell];
        if (!geometry_symbol_ok((char)c))
            return rules_fail(problem, column + cell,
                              "jigsaw: '%c' (r%uc%u) is not a region symbol: use 0-9, A-Z, a-z", c,
                              cell / size + 1, cell % size + 1);
        if (symbol_region[c] < 0) {
            if (count == size)
                return rules_fail(problem, column + cell,
                                  "jigsaw: more than %u regions (a new one, '%c', starts at "
                                  "r%uc%u); a %ux%u grid has %u",
                                  size, c, cell / size + 1, cell % size + 1, size, size, size);
            first[count] = cell;
            symbol_region[c] = (int)count++;
        }
        region[cell] = (uint8_t)symbol_region[c];
        seen[region[cell]]++;
    }
    if (count < size)
        return rules_fail(problem, column, "jigsaw: the map has %u regions; a %ux%u grid needs %u",
                          count, size, size, size);
    for (uint32_t r = 0; r < size; r++)
        if (seen[r] != size)
            return rules_fail(problem, column + first[r],
                              "jigsaw: region '%c' has %u cells; every region of a %ux%u grid "
                              "has %u",
                              map[first[r]], seen[r], size, size, size);
    return 0;
}

/* Check that every region is in one piece (cells join by their sides). */
static int geometry_connected(const char *map, uint32_t size, size_t column, const uint8_t *region,
                              const uint32_t *first, rules_problem *problem)
{
    for (uint32_t r = 0; r < size; r++) {
        uint16_t stack[SK_MAX_CELLS];
        bool reached[SK_MAX_CELLS] = {false};
        uint32_t top = 0, found = 1;
        stack[top++] = (uint16_t)first[r];
        reached[first[r]] = true;
        while (top) {
            uint32_t cell = stack[--top], row = cell / size, col = cell % size;
            uint32_t next[4] = {row ? cell - size : cell, row + 1 < size ? cell + size : cell,
                                col ? cell - 1 : cell, col + 1 < size ? cell + 1 : cell};
            for (int k = 0; k < 4; k++)
                if (!reached[next[k]] && region[next[k]] == r) {
                    reached[next[k]] = true;
                    stack[top++] = (uint16_t)next[k];
                    found++;
                }
        }
        if (found == size)
            continue;
        uint32_t cut = first[r];
        while (reached[cut] || region[cut] != r)
            cut++;
        return rules_fail(problem, column + cut,
                          "jigsaw: region '%c' is not in one piece: r%uc%u does not touch the part "
                          "with r%uc%u (cells of a region join by their sides)",
                          map[first[r]], cut / size + 1, cut % size + 1, first[r] / size + 1,
                          first[r] % size + 1);
    }
    return 0;
}

/* Regions of boxes of box_rows x box_cols, numbered row-major. */
static void geometry_boxes(uint32_t size, uint32_t box_rows, uint32_t box_cols, uint8_t *region)
{
    for (uint32_t cell = 0; cell < size * size; cell++)
        region[cell] =
            (uint8_t)((cell / size / box_rows) * (size / box_cols) + cell % size / box_cols);
}

/* The box shape whose regions are exactly region, if any (0, 0 if none). */
static void geometry_box_shape(uint32_t size, const uint8_t *region, uint32_t *rows, uint32_t *cols)
{
    *rows = *cols = 0;
    for (uint32_t h = 2; h <= size / 2; h++) {
        if (size % h != 0 || size / h < 2)
            continue;
        uint8_t boxes[SK_MAX_CELLS];
        geometry_boxes(size, h, size / h, boxes);
        if (memcmp(boxes, region, size * size) == 0) {
            *rows = h;
            *cols = size / h;
            return;
        }
    }
}

/* The size of the grid: written, else from the jigsaw map, else 9. */
static int geometry_size(const rules_text *text, uint32_t *size, rules_problem *problem)
{
    size_t len = text->jigsaw ? strlen(text->jigsaw) : 0;
    *size = text->size ? text->size : 9;
    if (!text->size && text->jigsaw) {
        uint32_t n = 4;
        while (n < SK_MAX_SIZE && n * n < len)
            n++;
        if (n * n != len)
            return rules_fail(problem, text->jigsaw_column,
                              "jigsaw: the map has %zu symbols, not the square of a size 4-%d: "
                              "write the size first (9x9 jigsaw:MAP)",
                              len, SK_MAX_SIZE);
        *size = n;
    }
    if (text->jigsaw && len != *size * *size)
        return rules_fail(problem, text->jigsaw_column + len,
                          "jigsaw: the map has %zu symbols; a %ux%u grid needs %u (one per cell, "
                          "row by row)",
                          len, *size, *size, *size * *size);
    if (text->jigsaw && (text->box_rows || text->no_regions))
        return rules_fail(problem, text->geometry_column,
                          "jigsaw:MAP gives the regions: write %ux%u jigsaw:MAP, without a box "
                          "shape or none",
                          *size, *size);
    return 0;
}

/* Fill draft->region from text; *rows and *cols get the box shape (0 for
 * jigsaw or none). */
static int geometry_regions(const rules_text *text, rules_draft *draft, uint32_t *rows,
                            uint32_t *cols, rules_problem *problem)
{
    uint32_t size = draft->size;
    *rows = *cols = 0;
    if (text->jigsaw) {
        uint32_t first[SK_MAX_SIZE];
        if (geometry_number(text->jigsaw, size, text->jigsaw_column, draft->region, first,
                            problem) ||
            geometry_connected(text->jigsaw, size, text->jigsaw_column, draft->region, first,
                               problem))
            return -1;
        geometry_box_shape(size, draft->region, rows, cols);
        return 0;
    }
    if (text->no_regions)
        return 0;
    *rows = text->box_rows;
    *cols = text->box_cols;
    if (!*rows)
        rules_default_boxes(size, rows, cols);
    if (*rows == 1)
        return rules_fail(problem, text->geometry_column,
                          "a %ux%u grid has no boxes (%u is prime): write %ux%u:none for rows and "
                          "columns only, or give the regions with jigsaw:MAP",
                          size, size, size, size, size);
    geometry_boxes(size, *rows, *cols, draft->region);
    return 0;
}

/* Add the N rows, N columns and (when there are regions) N regions. */
static int geometry_houses(rules_draft *draft, bool regions, rules_problem *problem)
{
    uint32_t size = draft->size;
    static const char *const marks[3] = {"row", "column", "region"};
    for (int kind = 0; kind < (regions ? 3 : 2); kind++)
        for (uint32_t unit = 0; unit < size; unit++) {
            uint16_t cells[SK_MAX_SIZE];
            uint32_t n = 0;
            for (uint32_t cell = 0; cell < size * size && n < size; cell++)
                if ((kind == 0 && cell / size == unit) || (kind == 1 && cell % size == unit) ||
                    (kind == 2 && draft->region[cell] == unit))
                    cells[n++] = (uint16_t)cell;
            if (rules_draft_house(draft, cells, n, marks[kind], NULL) != SK_OK)
                return rules_fail(problem, 0, "%s", draft->problem.message);
        }
    return 0;
}

int rules_geometry_build(const rules_text *text, rules_draft *draft, char *normal,
                         size_t normal_len, rules_problem *problem)
{
    uint32_t size, rows, cols;
    if (geometry_size(text, &size, problem))
        return -1;
    rules_draft_init(draft, size);
    if (geometry_regions(text, draft, &rows, &cols, problem))
        return -1;
    draft->box_rows = rows;
    draft->box_cols = cols;
    uint32_t default_rows, default_cols;
    rules_default_boxes(size, &default_rows, &default_cols);
    int len = snprintf(normal, normal_len, "%ux%u", size, size);
    if (rows && (rows != default_rows || cols != default_cols))
        snprintf(normal + len, normal_len - (size_t)len, ":%ux%u", rows, cols);
    else if (!rows && text->jigsaw) {
        len += snprintf(normal + len, normal_len - (size_t)len, " jigsaw:");
        for (uint32_t cell = 0; cell < size * size && (size_t)len + 1 < normal_len; cell++)
            normal[len++] = (char)('a' + draft->region[cell]);
        normal[len] = '\0';
    } else if (!rows)
        snprintf(normal + len, normal_len - (size_t)len, ":none");
    return geometry_houses(draft, rows || text->jigsaw, problem);
}
