/* An f-puzzles puzzle (its JSON, parsed) read into rules and cells: the
 * size, the regions of its grid, its givens and solution, and every
 * constraint field through the declarations of the loaded constraints.
 * A field no loaded constraint declares is refused by name; the fields
 * that only draw (lines, circles, colours...) are passed over. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fpuzzles.h"
#include "rules_internal.h"
#include "sudokit/rules.h"

/* Top-level fields that carry no rule, passed over. */
static const char *const fp_quiet_fields[] = {"title",
                                              "author",
                                              "ruleset",
                                              "size",
                                              "grid",
                                              "solution",
                                              "line",
                                              "rectangle",
                                              "circle",
                                              "text",
                                              "fogofwar",
                                              "foglight",
                                              "triggereffect",
                                              "highlightConflicts",
                                              "successMessage",
                                              "disabledlogic",
                                              "truecandidatesoptions",
                                              "metadata",
                                              "version",
                                              "activeConstraints",
                                              NULL};

/* Fields of a grid cell that carry no rule. */
static const char *const fp_quiet_cell_fields[] = {
    "value", "given",  "region",    "centerPencilMarks", "cornerPencilMarks",
    "c",     "cArray", "highlight", "candidates",        NULL};

static bool fp_listed(const char *const *list, const char *name)
{
    for (size_t i = 0; list[i]; i++)
        if (strcmp(list[i], name) == 0)
            return true;
    return false;
}

/* One term of the spec being made, and where it came from. */
typedef struct fp_span {
    size_t from, to; /* its columns in the spec (1-based, to exclusive) */
    size_t at;       /* the element or field it was read from           */
    const char *field;
    size_t element; /* 1-based; 0 for a whole field                    */
} fp_span;

typedef struct fp_reader {
    sk_host *host;
    fp_decls decls;
    uint32_t size;
    ski_text_buffer spec;
    fp_span *spans;
    size_t span_count, span_cap;
    fp_puzzle *out;
    fp_problem *problem;
} fp_reader;

static int fp_fail(fp_reader *r, size_t at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fp_fail(fp_reader *r, size_t at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->problem->message, sizeof r->problem->message, fmt, ap);
    va_end(ap);
    r->problem->at = at;
    return -1;
}

/* Add " name" or " name:item" to the spec, remembering where it came from. */
static int fp_term(fp_reader *r, const char *name, const char *item, size_t at, const char *field,
                   size_t element)
{
    if (r->span_count == r->span_cap) {
        size_t cap = r->span_cap ? r->span_cap * 2 : 16;
        fp_span *grown = realloc(r->spans, cap * sizeof *grown);
        if (!grown)
            return fp_fail(r, at, "out of memory");
        r->spans = grown;
        r->span_cap = cap;
    }
    size_t from = r->spec.len + 2;
    ski_text_buffer_put(&r->spec, " ", 1);
    ski_text_buffer_put(&r->spec, name, strlen(name));
    if (item) {
        ski_text_buffer_put(&r->spec, ":", 1);
        ski_text_buffer_put(&r->spec, item, strlen(item));
    }
    r->spans[r->span_count++] = (fp_span){from, r->spec.len + 1, at, field, element};
    return r->spec.failed ? fp_fail(r, at, "out of memory") : 0;
}

/* ------------------------------------------------------------ the grid -- */

/* An integer member value in lo..hi, or -1 (problem set) when the member
 * is of another kind or out of range. */
static int fp_int(fp_reader *r, const json_node *node, int lo, int hi, const char *what)
{
    if (node->kind != JSON_NUMBER || node->number != (double)(int)node->number ||
        node->number < lo || node->number > hi)
        return fp_fail(r, node->at, "%s must be a whole number %d-%d", what, lo, hi);
    return (int)node->number;
}

/* Read one cell of the grid: its given and its region (-1 default, -2
 * none). */
static int fp_cell(fp_reader *r, const json_node *cell, uint32_t index, int *region)
{
    uint32_t row = index / r->size + 1, col = index % r->size + 1;
    if (cell->kind != JSON_OBJECT)
        return fp_fail(r, cell->at, "grid: cell R%uC%u must be an object", row, col);
    const json_node *value = json_member(cell, "value"), *given = json_member(cell, "given");
    const json_node *reg = json_member(cell, "region");
    *region = -1;
    if (reg && reg->kind == JSON_NULL)
        *region = -2;
    else if (reg && (*region = fp_int(r, reg, 0, (int)r->size - 1, "a cell's region")) < 0)
        return -1;
    for (const json_node *m = cell->first; m; m = m->next) {
        bool marks = strcmp(m->key, "givenPencilMarks") == 0 && m->count > 0;
        if (marks || !fp_listed(fp_quiet_cell_fields, m->key))
            return fp_fail(r, m->key_at,
                           "grid: cell R%uC%u has the field \"%s\", which sudokit does not read "
                           "(its rules would be lost)",
                           row, col, m->key);
    }
    if (value && given && given->kind == JSON_BOOL && given->truth) {
        int digit = fp_int(r, value, 1, (int)r->size, "a given's value");
        if (digit < 0)
            return -1;
        r->out->givens.cells[index] = (uint8_t)digit;
    }
    return 0;
}

/* The symbol of region k in a jigsaw map. */
static char fp_region_symbol(int k)
{
    static const char symbols[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    return symbols[k];
}

/* Write the geometry of the regions read (default boxes, none, or a
 * jigsaw map) as the start of the spec. */
static int fp_geometry(fp_reader *r, const int *region, size_t at)
{
    uint32_t n = r->size, rows, cols, cells = n * n;
    size_t defaults = 0, none = 0;
    rules_default_boxes(n, &rows, &cols);
    for (uint32_t i = 0; i < cells; i++) {
        int box = (int)((i / n) / rows * rows + (i % n) / cols);
        defaults += region[i] == -1 || region[i] == box;
        none += region[i] == -2;
    }
    char head[32];
    snprintf(head, sizeof head, "%ux%u%s", (unsigned)n, (unsigned)n,
             none == cells || (defaults == cells && rows == 1) ? ":none" : "");
    ski_text_buffer_put(&r->spec, head, strlen(head));
    if (defaults == cells || none == cells)
        return 0;
    if (none)
        return fp_fail(r, at,
                       "grid: some cells have no region (\"region\": null) and others "
                       "have one; sudokit reads either every cell in a region or none");
    char map[SK_MAX_CELLS + 1];
    for (uint32_t i = 0; i < cells; i++) {
        int box = (int)((i / n) / rows * rows + (i % n) / cols);
        map[i] = fp_region_symbol(region[i] == -1 ? box : region[i]);
    }
    map[cells] = '\0';
    size_t from = r->spec.len + 2;
    ski_text_buffer_put(&r->spec, " jigsaw:", 8);
    ski_text_buffer_put(&r->spec, map, cells);
    r->spans[r->span_count++] = (fp_span){from, r->spec.len + 1, at, "grid", 0};
    return 0;
}

/* Read the size and the grid. */
static int fp_grid(fp_reader *r, const json_node *root)
{
    const json_node *grid = json_member(root, "grid"), *size = json_member(root, "size");
    if (!grid || grid->kind != JSON_ARRAY)
        return fp_fail(r, grid ? grid->at : root->at,
                       "an f-puzzles puzzle has a \"grid\": an array of rows of cells");
    int n = size ? fp_int(r, size, 4, SK_MAX_SIZE, "size") : (int)grid->count;
    if (n < 4 || n > SK_MAX_SIZE)
        return n < 0 ? -1
                     : fp_fail(r, grid->at, "the grid has %d rows; sudokit reads 4 to %d", n,
                               SK_MAX_SIZE);
    r->size = (uint32_t)n;
    if (grid->count != (size_t)n)
        return fp_fail(r, grid->at, "grid: %zu rows, a %dx%d puzzle has %d", grid->count, n, n, n);
    int region[SK_MAX_CELLS];
    uint32_t index = 0;
    for (const json_node *row = grid->first; row; row = row->next) {
        if (row->kind != JSON_ARRAY || row->count != (size_t)n)
            return fp_fail(r, row->at, "grid: row %u must be an array of %d cells", index / n + 1,
                           n);
        for (const json_node *cell = row->first; cell; cell = cell->next, index++)
            if (fp_cell(r, cell, index, &region[index]) != 0)
                return -1;
    }
    r->spans = calloc(16, sizeof *r->spans);
    r->span_cap = 16;
    if (!r->spans)
        return fp_fail(r, grid->at, "out of memory");
    return fp_geometry(r, region, grid->at);
}

/* ------------------------------------------------------------- fields -- */

/* One flag of the puzzle: a true boolean field, or a word of "negative". */
typedef struct fp_flag {
    char name[48]; /* "antiknight", "negative[ratio]" */
    size_t at;
    bool used;
} fp_flag;

/* True when part is one of the flags not used yet (marked with mark). */
static bool fp_flag_present(fp_flag *flags, size_t count, const fp_part *part, bool mark)
{
    char name[48];
    if (part->kind == FP_NEGATIVE)
        snprintf(name, sizeof name, "negative[%s]", part->word);
    else
        snprintf(name, sizeof name, "%s", part->field);
    for (size_t i = 0; i < count; i++)
        if (!flags[i].used && strcmp(flags[i].name, name) == 0) {
            flags[i].used |= mark;
            return true;
        }
    return false;
}

/* A declaration made of flags only, all of them among the flags left. */
static bool fp_decl_fits(const fp_decl *d, fp_flag *flags, size_t count)
{
    for (int p = 0; p < d->part_count; p++)
        if ((d->parts[p].kind != FP_FLAG && d->parts[p].kind != FP_NEGATIVE) ||
            !fp_flag_present(flags, count, &d->parts[p], false))
            return false;
    return true;
}

/* Turn the flags into terms, the declarations with the most parts first
 * (both diagonals are x, not diagonal+ and diagonal-). */
static int fp_flags(fp_reader *r, fp_flag *flags, size_t count)
{
    for (int parts = 4; parts >= 1; parts--)
        for (size_t i = 0; i < r->decls.count; i++) {
            const fp_decl *d = &r->decls.decl[i];
            if (d->part_count != parts || !fp_decl_fits(d, flags, count))
                continue;
            size_t at = 0;
            for (int p = 0; p < d->part_count; p++)
                fp_flag_present(flags, count, &d->parts[p], true);
            for (size_t f = 0; f < count; f++)
                at = flags[f].used ? flags[f].at : at;
            if (fp_term(r, d->term, NULL, at, d->parts[0].field, 0) != 0)
                return -1;
        }
    for (size_t f = 0; f < count; f++)
        if (!flags[f].used)
            return fp_fail(r, flags[f].at,
                           "f-puzzles field \"%s\": no loaded constraint reads it, so its rule "
                           "would be lost (`sudokit help rules` lists what sudokit reads)",
                           flags[f].name);
    return 0;
}

/* Gather the flags of the root: true booleans and the words of negative. */
static int fp_gather_flags(fp_reader *r, const json_node *root, fp_flag *flags, size_t *count)
{
    *count = 0;
    for (const json_node *m = root->first; m; m = m->next) {
        bool negative = strcmp(m->key, "negative") == 0;
        if (negative && m->kind != JSON_ARRAY)
            return fp_fail(r, m->at, "f-puzzles field \"negative\" must be an array of words");
        for (const json_node *w = negative ? m->first : NULL; w; w = w->next) {
            if (w->kind != JSON_STRING || strlen(w->text) > 30)
                return fp_fail(r, w->at, "f-puzzles field \"negative\": a word is expected");
            flags[*count] = (fp_flag){.at = w->at};
            snprintf(flags[(*count)++].name, sizeof flags[0].name, "negative[%s]", w->text);
            if (*count == 64)
                return fp_fail(r, w->at, "f-puzzles field \"negative\": too many words");
        }
        if (m->kind == JSON_BOOL && m->truth && !fp_listed(fp_quiet_fields, m->key)) {
            flags[*count] = (fp_flag){.at = m->key_at};
            snprintf(flags[(*count)++].name, sizeof flags[0].name, "%.40s", m->key);
            if (*count == 64)
                return fp_fail(r, m->at, "too many true fields");
        }
    }
    return 0;
}

/* The cell "R3C12" (any case) as "r3c12" appended to out; -1 with the
 * problem when it is not a cell of the grid. */
static int fp_cell_name(fp_reader *r, const json_node *name, char *out, size_t len, size_t *at)
{
    unsigned row = 0, col = 0;
    int used = 0;
    if (name->kind != JSON_STRING ||
        sscanf(name->text, "%*1[Rr]%u%*1[Cc]%u%n", &row, &col, &used) != 2 ||
        (size_t)used != name->len)
        return fp_fail(r, name->at, "a cell is written \"R1C2\" (row and column from 1)");
    if (row < 1 || col < 1 || row > r->size || col > r->size)
        return fp_fail(r, name->at, "cell %s is outside the %ux%u grid", name->text,
                       (unsigned)r->size, (unsigned)r->size);
    int n = snprintf(out + *at, len - *at, "%sr%uc%u", *at ? "+" : "", row, col);
    if (n < 0 || (size_t)n >= len - *at)
        return fp_fail(r, name->at, "too many cells");
    *at += (size_t)n;
    return 0;
}

/* The cells of an array of names joined by '+' into out; skip (NULL or
 * a name) is left out, and then must be among them. */
static int fp_cell_list(fp_reader *r, const json_node *list, const char *skip, char *out,
                        size_t len)
{
    size_t at = 0;
    bool skipped = false;
    out[0] = '\0';
    if (!list || list->kind != JSON_ARRAY || list->count == 0)
        return fp_fail(r, list ? list->at : 0, "an array of cells is expected");
    for (const json_node *c = list->first; c; c = c->next) {
        if (skip && c->kind == JSON_STRING && strcasecmp(c->text, skip) == 0)
            skipped = true;
        else if (fp_cell_name(r, c, out, len, &at) != 0)
            return -1;
    }
    return skip && !skipped ? fp_fail(r, list->at, "%s is not among the cells", skip) : 0;
}

/* The parts of element (its cells, value) that do not depend on a line. */
static int fp_element_base(fp_reader *r, const json_node *element, fp_element *e)
{
    memset(e, 0, sizeof *e);
    if (element->kind != JSON_OBJECT)
        return fp_fail(r, element->at, "an element must be an object");
    const json_node *cells = json_member(element, "cells"), *value = json_member(element, "value");
    if (cells) {
        if (fp_cell_list(r, cells, NULL, e->cells, sizeof e->cells) != 0)
            return -1;
        e->has_cells = true;
    }
    if (value && (value->kind == JSON_STRING || value->kind == JSON_NUMBER) && value->len > 0) {
        if (value->len >= sizeof e->value || strpbrk(value->text, " ;:"))
            return fp_fail(r, value->at, "the value \"%.40s\" cannot be read", value->text);
        memcpy(e->value, value->text, value->len + 1);
        e->has_value = true;
    }
    return 0;
}

/* Make the items of one element by pattern: one, or one a line. */
static int fp_element_items(fp_reader *r, const fp_decl *d, const fp_part *part,
                            const json_node *element, size_t number)
{
    fp_element e;
    if (fp_element_base(r, element, &e) != 0)
        return -1;
    const json_node *lines = json_member(element, "lines");
    bool by_line = strstr(part->pattern, "LINE") != NULL;
    size_t count = by_line ? (lines && lines->kind == JSON_ARRAY ? lines->count : 0) : 1;
    if (by_line && count == 0)
        return fp_fail(r, element->at, "f-puzzles field \"%s\" element %zu has no lines",
                       part->field, number);
    for (size_t i = 0; i < count; i++) {
        const json_node *line = by_line ? json_child(lines, i) : NULL;
        if (line && strstr(part->pattern, "CIRCLE")) {
            const json_node *start = json_child(line, 0);
            if (!start || start->kind != JSON_STRING || !e.has_cells ||
                fp_cell_list(r, json_member(element, "cells"), start->text, e.cells,
                             sizeof e.cells) != 0 ||
                fp_cell_list(r, line, NULL, e.line, sizeof e.line) != 0)
                return fp_fail(r, element->at,
                               "f-puzzles field \"%s\" element %zu: each line starts on one of "
                               "its cells",
                               part->field, number);
            size_t at = strlen(e.cells);
            char *rest = strchr(e.line, '+');
            if (!rest || fp_cell_name(r, start, e.cells, sizeof e.cells, &at) != 0)
                return fp_fail(r, line->at, "an arrow's line has at least two cells");
            memmove(e.line, rest + 1, strlen(rest));
            e.has_line = true;
        } else if (line) {
            if (fp_cell_list(r, line, NULL, e.line, sizeof e.line) != 0)
                return -1;
            e.has_line = true;
        }
        char item[SK_MAX_CELLS * 16];
        const char *why = "";
        if (fp_template_write(part->pattern, &e, item, sizeof item, &why) != 0)
            return fp_fail(r, element->at, "f-puzzles field \"%s\" element %zu: %s", part->field,
                           number, why);
        if (fp_term(r, d->term, item, element->at, part->field, number) != 0)
            return -1;
    }
    return 0;
}

/* The extra houses the term T (without argument) makes in this grid, as
 * sorted cell lists; 0 and *count, or -1 when it does not compile here. */
static int fp_term_houses(fp_reader *r, const char *term, uint16_t houses[][SK_MAX_SIZE],
                          size_t *count)
{
    char spec[1024];
    const char *geometry = r->spec.data;
    const char *end = strchr(geometry, ' ');
    size_t n = end ? (size_t)(end - geometry) : strlen(geometry);
    if (end && strncmp(end, " jigsaw:", 8) == 0) /* the jigsaw map goes too */
        n += 1 + strcspn(end + 1, " ");
    snprintf(spec, sizeof spec, "%.*s %s", (int)n, geometry, term);
    const sk_rules *rules;
    sk_rules_error error;
    if (sk_rules_compile(r->host, spec, &rules, &error) != 0)
        return -1;
    uint32_t first = rules->size * (rules->region[0] == 255 ? 2 : 3);
    *count = 0;
    for (uint32_t h = first; h < rules->house_count && *count < SK_MAX_SIZE; h++)
        memcpy(houses[(*count)++], rules->houses[h].cells, rules->size * sizeof(uint16_t));
    sk_rules_free(rules);
    return 0;
}

/* The cells of an element as sorted indexes; false when it is not N cells. */
static bool fp_element_cells(const fp_reader *r, const json_node *element, uint16_t *cells)
{
    const json_node *list = json_member(element, "cells");
    if (!list || list->kind != JSON_ARRAY || list->count != r->size)
        return false;
    size_t i = 0;
    for (const json_node *c = list->first; c; c = c->next) {
        unsigned row, col;
        if (c->kind != JSON_STRING || sscanf(c->text, "%*1[Rr]%u%*1[Cc]%u", &row, &col) != 2 ||
            row < 1 || col < 1 || row > r->size || col > r->size)
            return false;
        cells[i++] = (uint16_t)((row - 1) * r->size + col - 1);
    }
    for (size_t a = 1; a < i; a++) /* insertion sort: N is small */
        for (size_t b = a; b > 0 && cells[b - 1] > cells[b]; b--) {
            uint16_t t = cells[b];
            cells[b] = cells[b - 1];
            cells[b - 1] = t;
        }
    return true;
}

/* A term whose houses are written as elements of field: when every one
 * of its houses is among the elements not used yet, they are its. */
static int fp_houses(fp_reader *r, const fp_decl *d, const json_node *list, bool *used)
{
    uint16_t houses[SK_MAX_SIZE][SK_MAX_SIZE], cells[SK_MAX_SIZE];
    size_t count, found = 0, match[SK_MAX_SIZE];
    if (fp_term_houses(r, d->term, houses, &count) != 0 || count == 0)
        return 0;
    for (size_t h = 0; h < count; h++) {
        size_t i = 0;
        const json_node *e = list->first;
        for (; e; e = e->next, i++)
            if (!used[i] && fp_element_cells(r, e, cells) &&
                memcmp(cells, houses[h], r->size * sizeof cells[0]) == 0)
                break;
        if (!e)
            return 0;
        match[found++] = i;
    }
    for (size_t k = 0; k < found; k++)
        used[match[k]] = true;
    return fp_term(r, d->term, NULL, list->at, list->key, 0);
}

/* A list field: houses terms first, then the template's items. */
static int fp_list(fp_reader *r, const json_node *list)
{
    bool used[256] = {false};
    const fp_decl *items = NULL;
    const fp_part *items_part = NULL;
    for (size_t i = 0; i < r->decls.count; i++) {
        const fp_decl *d = &r->decls.decl[i];
        for (int p = 0; p < d->part_count; p++) {
            if (strcmp(d->parts[p].field, list->key) != 0)
                continue;
            if (d->parts[p].kind == FP_HOUSES && list->count <= 256 && fp_houses(r, d, list, used))
                return -1;
            if (d->parts[p].kind == FP_ITEMS && !items)
                items = d, items_part = &d->parts[p];
        }
    }
    size_t number = 0;
    for (const json_node *e = list->first; e; e = e->next, number++) {
        if (number < 256 && used[number])
            continue;
        if (!items)
            return fp_fail(r, list->key_at,
                           "f-puzzles field \"%s\": no loaded constraint reads it, so its rule "
                           "would be lost (`sudokit help rules` lists what sudokit reads)",
                           list->key);
        if (fp_element_items(r, items, items_part, e, number + 1) != 0)
            return -1;
    }
    return 0;
}

/* The "cage" field: metadata cages ("title: ...") pass; a drawn cage with
 * anything else in it is a rule sudokit cannot read. */
static int fp_cages(fp_reader *r, const json_node *cages)
{
    for (const json_node *c = cages->first; c; c = c->next) {
        const json_node *value = json_member(c, "value");
        const char *colon = value && value->kind == JSON_STRING ? strchr(value->text, ':') : NULL;
        bool word = colon && colon > value->text &&
                    strspn(value->text, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") ==
                        (size_t)(colon - value->text);
        if (!word)
            return fp_fail(r, c->at,
                           "f-puzzles field \"cage\": a drawn cage that is not a killer cage, "
                           "whose rule sudokit cannot know (killer cages are \"killercage\")");
    }
    return 0;
}

/* Every field of the root but the grid and the quiet ones. */
static int fp_fields(fp_reader *r, const json_node *root)
{
    fp_flag flags[64];
    size_t count;
    if (fp_gather_flags(r, root, flags, &count) != 0 || fp_flags(r, flags, count) != 0)
        return -1;
    for (const json_node *m = root->first; m; m = m->next) {
        if (fp_listed(fp_quiet_fields, m->key) || strcmp(m->key, "negative") == 0 ||
            m->kind == JSON_BOOL || m->kind == JSON_NULL)
            continue;
        if (strcmp(m->key, "cage") == 0 && m->kind == JSON_ARRAY) {
            if (fp_cages(r, m) != 0)
                return -1;
            continue;
        }
        if (m->kind == JSON_ARRAY) {
            if (m->count > 0 && fp_list(r, m) != 0)
                return -1;
            continue;
        }
        return fp_fail(r, m->key_at,
                       "f-puzzles field \"%s\" is not one sudokit reads, so its rule would be "
                       "lost (`sudokit help rules` lists what sudokit reads)",
                       m->key);
    }
    return 0;
}

/* ---------------------------------------------------- solution, title -- */

static int fp_solution(fp_reader *r, const json_node *root)
{
    const json_node *s = json_member(root, "solution");
    uint32_t cells = r->size * r->size, filled = 0;
    sk_board *board = &r->out->solution;
    if (!s || s->kind == JSON_NULL)
        return 0;
    if (s->kind == JSON_ARRAY && s->count == cells) {
        uint32_t i = 0;
        for (const json_node *d = s->first; d; d = d->next, i++) {
            int digit = d->kind == JSON_NUMBER ? fp_int(r, d, 0, (int)r->size, "a solution digit")
                        : d->kind == JSON_STRING && d->len <= 1
                            ? (d->len ? rules_char_digit(d->text[0], r->size) : 0)
                            : -1;
            if (digit < 0)
                return fp_fail(r, d->at, "solution: a digit 1-%u (0 or . unknown) is expected",
                               (unsigned)r->size);
            board->cells[i] = (uint8_t)digit;
            filled += digit > 0;
        }
    } else if (s->kind == JSON_STRING && s->len == cells) {
        for (uint32_t i = 0; i < cells; i++) {
            int digit = rules_char_digit(s->text[i], r->size);
            if (digit < 0)
                return fp_fail(r, s->at, "solution: character %u is not a digit of the grid",
                               (unsigned)i + 1);
            board->cells[i] = (uint8_t)digit;
            filled += digit > 0;
        }
    } else {
        return fp_fail(r, s->at, "solution: %u digits are expected (an array, or a string)",
                       (unsigned)cells);
    }
    if (filled == cells)
        r->out->has_solution = true;
    else
        memset(board, 0, sizeof *board);
    return 0;
}

/* ------------------------------------------------------------- compile -- */

/* Compile the spec; a problem is told at the element whose term it is in. */
static int fp_compile(fp_reader *r, size_t root_at)
{
    sk_rules_error error;
    const sk_rules *rules;
    if (sk_rules_compile(r->host, r->spec.data, &rules, &error) == 0) {
        if (sk_rules_is_classic(rules)) {
            sk_rules_free(rules);
            rules = NULL;
        }
        r->out->rules = rules;
        return 0;
    }
    for (size_t i = 0; i < r->span_count; i++) {
        const fp_span *s = &r->spans[i];
        if (error.column >= s->from && error.column < s->to) {
            if (s->element)
                return fp_fail(r, s->at, "f-puzzles field \"%s\" element %zu: %s", s->field,
                               s->element, error.message);
            return fp_fail(r, s->at, "f-puzzles field \"%s\": %s", s->field, error.message);
        }
    }
    return fp_fail(r, root_at, "the puzzle's rules '%.200s' do not compile: %s", r->spec.data,
                   error.message);
}

int fp_import(sk_host *host, const json_node *root, fp_puzzle *out, fp_problem *problem)
{
    memset(out, 0, sizeof *out);
    fp_reader r = {.host = host, .out = out, .problem = problem};
    if (root->kind != JSON_OBJECT)
        return fp_fail(&r, root->at, "an f-puzzles puzzle is a JSON object");
    if (fp_decls_load(host, &r.decls) != 0)
        return fp_fail(&r, root->at, "out of memory");
    int rc = fp_grid(&r, root);
    if (rc == 0)
        rc = fp_fields(&r, root);
    if (rc == 0)
        rc = fp_solution(&r, root);
    if (rc == 0)
        rc = fp_compile(&r, root->at);
    const json_node *title = json_member(root, "title");
    if (rc == 0 && title && title->kind == JSON_STRING && title->len > 0 &&
        !(out->title = strdup(title->text)))
        rc = fp_fail(&r, title->at, "out of memory");
    fp_decls_free(&r.decls);
    free(r.spans);
    free(r.spec.data);
    if (rc != 0)
        fp_puzzle_free(out);
    return rc;
}

void fp_puzzle_free(fp_puzzle *puzzle)
{
    sk_rules_free(puzzle->rules);
    free(puzzle->title);
    memset(puzzle, 0, sizeof *puzzle);
}
