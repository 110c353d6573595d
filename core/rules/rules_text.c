/* Rules spec text: the geometry and the terms of a spec, each term's
 * argument split into items at ';' (pure: plugin.h and libc only). */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "rules_internal.h"

/* Longest spec read: a 25x25 killer written cage by cage fits many times. */
#define RULES_MAX_SPEC 65536

int rules_fail(rules_problem *problem, size_t column, const char *fmt, ...)
{
    problem->column = column;
    va_list args;
    va_start(args, fmt);
    vsnprintf(problem->message, sizeof problem->message, fmt, args);
    va_end(args);
    return -1;
}

void rules_text_free(rules_text *text)
{
    for (size_t i = 0; i < text->term_count; i++) {
        free(text->terms[i].name);
        free(text->terms[i].argument);
    }
    free(text->terms);
    free(text->jigsaw);
    memset(text, 0, sizeof *text);
}

/* Read a decimal number of at most 3 digits at *p; -1 when there is none. */
static long text_number(const char **p)
{
    long value = 0;
    int digits = 0;
    while (isdigit((unsigned char)**p) && digits < 4) {
        value = value * 10 + (**p - '0');
        (*p)++;
        digits++;
    }
    return digits == 0 || digits > 3 ? -1 : value;
}

/* Read "AxB" at *p into a and b; false when it is not that. */
static bool text_pair(const char **p, long *a, long *b)
{
    *a = text_number(p);
    if (*a < 0 || (**p != 'x' && **p != 'X'))
        return false;
    (*p)++;
    *b = text_number(p);
    return *b >= 0;
}

/* Parse the geometry token word (len bytes at column) into text. */
static int text_geometry(const char *word, size_t len, size_t column, rules_text *text,
                         rules_problem *problem)
{
    const char *p = word, *end = word + len;
    long rows, cols;
    if (!text_pair(&p, &rows, &cols) || (p != end && *p != ':'))
        return rules_fail(problem, column,
                          "'%.*s' is not a grid size: write NxN, for example 9x9 "
                          "or 6x6:3x2",
                          (int)len, word);
    if (rows != cols)
        return rules_fail(problem, column,
                          "the grid must be square: %ldx%ld is not (write %ldx%ld)", rows, cols,
                          rows, rows);
    if (rows < 4 || rows > SK_MAX_SIZE)
        return rules_fail(problem, column, "grid size %ld is out of range: sizes are 4 to %d", rows,
                          SK_MAX_SIZE);
    text->size = (uint32_t)rows;
    text->geometry_column = column;
    if (p == end)
        return 0;
    const char *boxes = ++p;
    size_t boxes_column = column + (size_t)(boxes - word);
    if ((size_t)(end - boxes) == 4 && strncasecmp(boxes, "none", 4) == 0) {
        text->no_regions = true;
        return 0;
    }
    long box_rows, box_cols;
    if (!text_pair(&p, &box_rows, &box_cols) || p != end)
        return rules_fail(problem, boxes_column,
                          "'%.*s' is not a box shape: write ROWSxCOLS (as in 6x6:3x2) or none",
                          (int)(end - boxes), boxes);
    if (box_rows < 2 || box_cols < 2 || box_rows * box_cols != rows)
        return rules_fail(problem, boxes_column,
                          "boxes of %ldx%ld do not tile a %ldx%ld grid: rows times columns must "
                          "be %ld, each at least 2 (or write %ldx%ld:none)",
                          box_rows, box_cols, rows, rows, rows, rows, rows);
    text->box_rows = (uint32_t)box_rows;
    text->box_cols = (uint32_t)box_cols;
    return 0;
}

static bool text_name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '+';
}

/* Append one item of term name to text. */
static int text_add(rules_text *text, const char *name, const char *item, size_t item_len,
                    size_t column, size_t item_column, rules_problem *problem)
{
    rules_term *grown = realloc(text->terms, (text->term_count + 1) * sizeof *grown);
    if (!grown)
        return rules_fail(problem, column, "out of memory");
    text->terms = grown;
    rules_term *term = &text->terms[text->term_count];
    *term = (rules_term){strdup(name), NULL, column, item_column};
    if (item)
        term->argument = strndup(item, item_len);
    if (!term->name || (item && !term->argument)) {
        free(term->name);
        free(term->argument);
        return rules_fail(problem, column, "out of memory");
    }
    text->term_count++;
    return 0;
}

/* The jigsaw map of "jigsaw:MAP" (argument len bytes at column). */
static int text_jigsaw(rules_text *text, const char *argument, size_t len, size_t column,
                       size_t term_column, rules_problem *problem)
{
    if (text->jigsaw)
        return rules_fail(problem, term_column, "jigsaw is given twice: a grid has one region map");
    if (!argument || len == 0)
        return rules_fail(problem, term_column,
                          "jigsaw needs its regions: jigsaw:MAP, one region "
                          "symbol (0-9, A-Z, a-z) per cell, row by row");
    text->jigsaw = strndup(argument, len);
    text->jigsaw_column = column;
    return text->jigsaw ? 0 : rules_fail(problem, column, "out of memory");
}

/* Parse one term (len bytes at column) into text. */
static int text_term(rules_text *text, const char *word, size_t len, size_t column,
                     rules_problem *problem)
{
    const char *colon = memchr(word, ':', len);
    size_t name_len = colon ? (size_t)(colon - word) : len;
    char name[48];
    if (name_len == 0 || name_len >= sizeof name)
        return rules_fail(problem, column, "'%.*s' is not a rule: a term is NAME or NAME:ARGUMENT",
                          (int)(len > 40 ? 40 : len), word);
    for (size_t i = 0; i < name_len; i++) {
        name[i] = (char)tolower((unsigned char)word[i]);
        if (!text_name_char(name[i]))
            return rules_fail(problem, column,
                              "'%.*s' is not a rule name (letters, digits, '-', "
                              "'+', '_')",
                              (int)name_len, word);
    }
    name[name_len] = '\0';
    if (isdigit((unsigned char)name[0]) && strchr(name, 'x'))
        return rules_fail(problem, column, "the grid size '%.*s' comes first in a spec, once",
                          (int)len, word);
    const char *argument = colon ? colon + 1 : NULL;
    size_t argument_len = colon ? len - name_len - 1 : 0;
    size_t argument_column = column + name_len + 1;
    if (strcmp(name, "jigsaw") == 0)
        return text_jigsaw(text, argument, argument_len, argument_column, column, problem);
    if (!argument)
        return text_add(text, name, NULL, 0, column, column, problem);
    if (argument_len == 0)
        return rules_fail(problem, column,
                          "'%s:' has an empty argument: write %s alone or give "
                          "its argument after the ':'",
                          name, name);
    for (size_t start = 0; start <= argument_len;) {
        const char *semi = memchr(argument + start, ';', argument_len - start);
        size_t stop = semi ? (size_t)(semi - argument) : argument_len;
        if (stop == start)
            return rules_fail(problem, argument_column + start,
                              "%s: an empty item between ';' separators", name);
        if (text_add(text, name, argument + start, stop - start, column, argument_column + start,
                     problem))
            return -1;
        start = stop + 1;
    }
    return 0;
}

int rules_text_split(const char *spec, rules_text *out, rules_problem *problem)
{
    memset(out, 0, sizeof *out);
    size_t total = strlen(spec);
    if (total > RULES_MAX_SPEC)
        return rules_fail(problem, RULES_MAX_SPEC + 1, "a rules spec is at most %d characters",
                          RULES_MAX_SPEC);
    bool first = true;
    for (size_t at = 0; at < total;) {
        if (isspace((unsigned char)spec[at])) {
            at++;
            continue;
        }
        size_t len = 0;
        while (at + len < total && !isspace((unsigned char)spec[at + len]))
            len++;
        int rc = first && isdigit((unsigned char)spec[at])
                     ? text_geometry(spec + at, len, at + 1, out, problem)
                     : text_term(out, spec + at, len, at + 1, problem);
        if (rc) {
            rules_text_free(out);
            return -1;
        }
        first = false;
        at += len;
    }
    return 0;
}
