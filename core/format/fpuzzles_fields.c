/* The f-puzzles fields the loaded constraints declare
 * (sk_constraint.fpuzzles, plugin.h), and their templates: how an
 * element of a field becomes an item of a term, and back. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "fpuzzles.h"

/* Copy the n bytes at text into out (size bytes); false when they do not
 * fit or n is 0. */
static bool fields_copy(char *out, size_t size, const char *text, size_t n)
{
    if (n == 0 || n >= size)
        return false;
    memcpy(out, text, n);
    out[n] = '\0';
    return true;
}

/* Parse one part (n bytes at text, blanks trimmed). */
static bool fields_part(const char *text, size_t n, fp_part *part)
{
    while (n && isspace((unsigned char)*text))
        text++, n--;
    while (n && isspace((unsigned char)text[n - 1]))
        n--;
    memset(part, 0, sizeof *part);
    if (n > 10 && memcmp(text, "negative[", 9) == 0 && text[n - 1] == ']') {
        part->kind = FP_NEGATIVE;
        return fields_copy(part->field, sizeof part->field, "negative", 8) &&
               fields_copy(part->word, sizeof part->word, text + 9, n - 10);
    }
    const char *colon = memchr(text, ':', n);
    size_t field_len = colon ? (size_t)(colon - text) : n;
    for (size_t i = 0; i < field_len; i++)
        if (!isalnum((unsigned char)text[i]) && !strchr("+-_", text[i]))
            return false;
    if (!fields_copy(part->field, sizeof part->field, text, field_len))
        return false;
    if (!colon) {
        part->kind = FP_FLAG;
        return true;
    }
    size_t rest = n - field_len - 1;
    part->kind = rest == 6 && memcmp(colon + 1, "HOUSES", 6) == 0 ? FP_HOUSES : FP_ITEMS;
    return fields_copy(part->pattern, sizeof part->pattern, colon + 1, rest);
}

/* Parse a declaration: parts joined by '&'. */
static bool fields_decl(const char *text, fp_decl *decl)
{
    decl->part_count = 0;
    for (const char *at = text;;) {
        const char *amp = strchr(at, '&');
        size_t n = amp ? (size_t)(amp - at) : strlen(at);
        if (decl->part_count == 4 || !fields_part(at, n, &decl->parts[decl->part_count++]))
            return false;
        if (!amp)
            return true;
        at = amp + 1;
    }
}

int fp_decls_load(sk_host *host, fp_decls *out)
{
    memset(out, 0, sizeof *out);
    size_t count = host ? sk_host_strategy_count(host) : 0;
    if (count && !(out->decl = calloc(count, sizeof *out->decl)))
        return -1;
    for (size_t i = 0; i < count; i++) {
        const sk_strategy *s = sk_host_strategy_at(host, i)->strategy;
        if (s->kind != SK_KIND_CONSTRAINT || !s->constraint || !s->constraint->fpuzzles)
            continue;
        fp_decl *decl = &out->decl[out->count];
        decl->term = s->name;
        if (fields_decl(s->constraint->fpuzzles, decl))
            out->count++;
    }
    return 0;
}

void fp_decls_free(fp_decls *decls)
{
    free(decls->decl);
    memset(decls, 0, sizeof *decls);
}

const fp_decl *fp_decls_find(const fp_decls *decls, const char *term)
{
    for (size_t i = 0; i < decls->count; i++)
        if (strcmp(decls->decl[i].term, term) == 0)
            return &decls->decl[i];
    return NULL;
}

/* ---------------------------------------------------------- templates -- */

/* The token at pattern, or NULL: CELLS, CIRCLE, LINE, VALUE. */
static const char *fields_token(const char *pattern, size_t *len)
{
    static const char *const tokens[] = {"CELLS", "CIRCLE", "LINE", "VALUE"};
    for (size_t i = 0; i < 4; i++) {
        *len = strlen(tokens[i]);
        if (strncmp(pattern, tokens[i], *len) == 0)
            return tokens[i];
    }
    return NULL;
}

/* Append text to out at *at; false when it does not fit. */
static bool fields_append(char *out, size_t len, size_t *at, const char *text, size_t n)
{
    if (*at + n >= len)
        return false;
    memcpy(out + *at, text, n);
    *at += n;
    out[*at] = '\0';
    return true;
}

/* Write pattern[0..end) for element at out[*at]. */
static int fields_write(const char *pattern, size_t end, const fp_element *e, char *out, size_t len,
                        size_t *at, const char **why)
{
    for (size_t i = 0; i < end;) {
        size_t n;
        const char *token = fields_token(pattern + i, &n);
        if (pattern[i] == '[') {
            const char *close = memchr(pattern + i, ']', end - i);
            size_t inner = close ? (size_t)(close - pattern) : end;
            if (e->has_value && fields_write(pattern + i + 1, inner - i - 1, e, out, len, at, why))
                return -1;
            i = inner + 1;
            continue;
        }
        const char *text = !token            ? pattern + i
                           : token[0] == 'V' ? e->value
                           : token[0] == 'L' ? e->line
                                             : e->cells;
        bool present = !token || (token[0] == 'V'   ? e->has_value
                                  : token[0] == 'L' ? e->has_line
                                                    : e->has_cells);
        if (!present) {
            *why = token[0] == 'V'   ? "it has no value"
                   : token[0] == 'L' ? "it has no lines"
                                     : "it has no cells";
            return -1;
        }
        if (!fields_append(out, len, at, text, token ? strlen(text) : 1)) {
            *why = "it is too long";
            return -1;
        }
        i += token ? n : 1;
    }
    return 0;
}

int fp_template_write(const char *pattern, const fp_element *element, char *out, size_t len,
                      const char **why)
{
    size_t at = 0;
    out[0] = '\0';
    return fields_write(pattern, strlen(pattern), element, out, len, &at, why);
}

/* The character a VALUE at pattern[i] (just past the token) stops at. */
static char fields_stop(const char *pattern, size_t i, size_t end)
{
    while (i < end && (pattern[i] == ']' || pattern[i] == '['))
        i++;
    return i < end ? pattern[i] : '\0';
}

/* Read item at *s by pattern[0..end) into e; false when it does not fit. */
static bool fields_read(const char *pattern, size_t end, const char **s, fp_element *e)
{
    for (size_t i = 0; i < end;) {
        size_t n;
        const char *token = fields_token(pattern + i, &n);
        if (pattern[i] == '[') {
            const char *close = memchr(pattern + i, ']', end - i);
            size_t inner = close ? (size_t)(close - pattern) : end;
            const char *try = *s;
            fp_element saved = *e;
            if (fields_read(pattern + i + 1, inner - i - 1, &try, e) && e->has_value)
                *s = try;
            else
                *e = saved;
            i = inner + 1;
            continue;
        }
        if (!token) {
            if (**s != pattern[i])
                return false;
            (*s)++, i++;
            continue;
        }
        size_t take = 0;
        if (token[0] == 'V') {
            char stop = fields_stop(pattern, i + n, strlen(pattern));
            while ((*s)[take] && (*s)[take] != stop)
                take++;
        } else {
            while ((*s)[take] && strchr("rRcC0123456789+", (*s)[take]))
                take++;
        }
        char *slot = token[0] == 'V' ? e->value : token[0] == 'L' ? e->line : e->cells;
        size_t size = token[0] == 'V' ? sizeof e->value : sizeof e->cells;
        if (!fields_copy(slot, size, *s, take))
            return false;
        *(token[0] == 'V' ? &e->has_value : token[0] == 'L' ? &e->has_line : &e->has_cells) = true;
        *s += take;
        i += n;
    }
    return true;
}

int fp_template_read(const char *pattern, const char *item, fp_element *element)
{
    memset(element, 0, sizeof *element);
    const char *s = item;
    return fields_read(pattern, strlen(pattern), &s, element) && *s == '\0' ? 0 : -1;
}
