/* A record written as an f-puzzles puzzle: the size, the grid with its
 * givens (and regions when they are not f-puzzles' default boxes), each
 * term of the rules through its constraint's declared field, the title
 * and the solution. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpuzzles.h"
#include "rules_internal.h"
#include "sudokit/format.h"
#include "sudokit/rules.h"

/* One field of the output: a flag (true) or a list of elements. */
typedef struct fp_out_field {
    char name[32];
    bool flag;
    ski_text_buffer elements; /* "{...},{...}" or, for negative, "\"ratio\"" */
} fp_out_field;

typedef struct fp_writer {
    sk_host *host;
    fp_decls decls;
    const sk_rules *rules; /* NULL: classic */
    uint32_t size;
    fp_out_field fields[32];
    size_t field_count;
    char *why;
    size_t whylen;
} fp_writer;

static int fpw_fail(fp_writer *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int fpw_fail(fp_writer *w, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(w->why, w->whylen, fmt, ap);
    va_end(ap);
    return -1;
}

/* The output field called name (made when new); NULL when too many. */
static fp_out_field *fpw_field(fp_writer *w, const char *name, bool flag)
{
    for (size_t i = 0; i < w->field_count; i++)
        if (strcmp(w->fields[i].name, name) == 0)
            return &w->fields[i];
    if (w->field_count == sizeof w->fields / sizeof w->fields[0])
        return NULL;
    fp_out_field *f = &w->fields[w->field_count++];
    memset(f, 0, sizeof *f);
    snprintf(f->name, sizeof f->name, "%s", name);
    f->flag = flag;
    return f;
}

/* Append ",", unless the list is empty, then the piece. */
static void fpw_element(fp_out_field *f, const char *piece, size_t len)
{
    if (f->elements.len)
        ski_text_buffer_put(&f->elements, ",", 1);
    ski_text_buffer_put(&f->elements, piece, len);
}

/* Append a cell list "r1c2+r3c4" as ["R1C2","R3C4"] to buf; from lists
 * the cells to begin with (NULL: none). */
static void fpw_cells(ski_text_buffer *buf, const char *first, const char *list)
{
    ski_text_buffer_put(buf, "[", 1);
    bool any = false;
    for (int pass = 0; pass < 2; pass++) {
        const char *s = pass ? list : first;
        while (s && *s) {
            size_t n = strcspn(s, "+");
            char name[16];
            snprintf(name, sizeof name, "%.*s", (int)(n < 15 ? n : 15), s);
            for (char *c = name; *c; c++) /* f-puzzles writes R1C2 */
                *c = *c == 'r' ? 'R' : *c == 'c' ? 'C' : *c;
            ski_text_buffer_add(buf, "%s\"%s\"", any ? "," : "", name);
            any = true;
            s += n + (s[n] == '+');
        }
    }
    ski_text_buffer_put(buf, "]", 1);
}

/* The element of one item read by pattern. */
static int fpw_item(fp_writer *w, const fp_part *part, const char *term, const char *item)
{
    fp_element e;
    if (fp_template_read(part->pattern, item, &e) != 0)
        return fpw_fail(w,
                        "the item '%.100s' of the rule '%s' does not fit its f-puzzles field "
                        "\"%s\" (%s)",
                        item, term, part->field, part->pattern);
    ski_text_buffer el = {0};
    ski_text_buffer_put(&el, "{", 1);
    bool circle = strstr(part->pattern, "CIRCLE") != NULL;
    if (e.has_cells) {
        ski_text_buffer_put(&el, "\"cells\":", 8);
        fpw_cells(&el, NULL, e.cells);
    }
    if (e.has_line) {
        const char *last = circle ? strrchr(e.cells, '+') : NULL;
        const char *start = !circle ? NULL : last ? last + 1 : e.cells;
        ski_text_buffer_add(&el, "%s\"lines\":[", e.has_cells ? "," : "");
        fpw_cells(&el, start, e.line);
        ski_text_buffer_put(&el, "]", 1);
    }
    if (e.has_value) {
        for (char *v = e.value; *v; v++)
            *v = (char)(*v >= 'a' && *v <= 'z' ? *v - 'a' + 'A' : *v);
        ski_text_buffer_add(&el, "%s\"value\":\"%s\"", el.len > 1 ? "," : "", e.value);
    }
    ski_text_buffer_put(&el, "}", 1);
    fp_out_field *f = fpw_field(w, part->field, false);
    if (!f || el.failed) {
        free(el.data);
        return fpw_fail(w, "out of memory");
    }
    fpw_element(f, el.data, el.len);
    free(el.data);
    return 0;
}

/* The extra houses of term alone on geometry, as elements of the field. */
static int fpw_houses(fp_writer *w, const fp_part *part, const char *geometry, const char *term)
{
    char spec[1024];
    snprintf(spec, sizeof spec, "%s %s", geometry, term);
    const sk_rules *rules;
    sk_rules_error error;
    if (sk_rules_compile(w->host, spec, &rules, &error) != 0)
        return fpw_fail(w, "the rule '%s' does not compile alone: %s", term, error.message);
    fp_out_field *f = fpw_field(w, part->field, false);
    uint32_t first = rules->size * (rules->region[0] == 255 ? 2 : 3);
    for (uint32_t h = first; f && h < rules->house_count; h++) {
        ski_text_buffer el = {0};
        ski_text_buffer_put(&el, "{\"cells\":[", 10);
        for (uint32_t i = 0; i < rules->houses[h].count; i++) {
            uint16_t cell = rules->houses[h].cells[i];
            ski_text_buffer_add(&el, "%s\"R%uC%u\"", i ? "," : "", cell / rules->size + 1,
                               cell % rules->size + 1);
        }
        ski_text_buffer_put(&el, "]}", 2);
        fpw_element(f, el.data, el.len);
        free(el.data);
    }
    sk_rules_free(rules);
    return f ? 0 : fpw_fail(w, "too many fields");
}

/* One term (an item of it) through its declaration. */
static int fpw_term(fp_writer *w, const rules_term *t, const char *geometry)
{
    const fp_decl *d = fp_decls_find(&w->decls, t->name);
    if (!d)
        return fpw_fail(w,
                        "the rule '%s' has no f-puzzles field (its constraint declares none): "
                        "write the puzzle in another layout (line, csv or json)",
                        t->name);
    for (int p = 0; p < d->part_count; p++) {
        const fp_part *part = &d->parts[p];
        fp_out_field *f;
        int rc = 0;
        switch (part->kind) {
        case FP_FLAG:
            rc = fpw_field(w, part->field, true) ? 0 : fpw_fail(w, "too many fields");
            break;
        case FP_NEGATIVE:
            if (!(f = fpw_field(w, "negative", false)))
                return fpw_fail(w, "too many fields");
            if (!f->elements.data || !strstr(f->elements.data, part->word)) {
                char word[40];
                int n = snprintf(word, sizeof word, "\"%s\"", part->word);
                fpw_element(f, word, (size_t)n);
            }
            break;
        case FP_HOUSES:
            rc = fpw_houses(w, part, geometry, t->name);
            break;
        case FP_ITEMS:
            rc = t->argument ? fpw_item(w, part, t->name, t->argument)
                             : fpw_fail(w, "the rule '%s' has no items", t->name);
            break;
        }
        if (rc != 0)
            return rc;
    }
    return 0;
}

/* The fields of every term of the rules. */
static int fpw_terms(fp_writer *w)
{
    if (!w->rules)
        return 0;
    rules_text text;
    rules_problem problem;
    const char *spec = sk_rules_spec(w->rules);
    if (rules_text_split(spec, &text, &problem) != 0)
        return fpw_fail(w, "the rules '%s' do not read: %s", spec, problem.message);
    size_t cut = text.term_count ? text.terms[0].column - 1 : strlen(spec);
    char geometry[SK_MAX_CELLS + 64];
    snprintf(geometry, sizeof geometry, "%.*s", (int)(cut ? cut - (spec[cut - 1] == ' ') : 0),
             spec);
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < text.term_count; i++)
        rc = fpw_term(w, &text.terms[i], geometry);
    rules_text_free(&text);
    return rc;
}

/* The region of each cell to write, or NULL when f-puzzles' default boxes
 * are the regions. *none: write "region": null on every cell. */
static const uint8_t *fpw_regions(const fp_writer *w, bool *none)
{
    *none = false;
    if (!w->rules)
        return NULL;
    uint32_t rows, cols;
    rules_default_boxes(w->size, &rows, &cols);
    if (w->rules->box_rows == rows && w->rules->box_cols == cols)
        return NULL;
    if (w->rules->region[0] == 255) {
        *none = rows > 1; /* prime N: f-puzzles' default boxes are the rows */
        return NULL;
    }
    return w->rules->region;
}

static void fpw_grid(const fp_writer *w, const uint8_t *cells, ski_text_buffer *out)
{
    bool none;
    const uint8_t *region = fpw_regions(w, &none);
    uint32_t n = w->size;
    ski_text_buffer_put(out, ",\"grid\":[", 9);
    for (uint32_t i = 0; i < n * n; i++) {
        bool given = cells[i] != 0;
        ski_text_buffer_add(out, "%s{", i % n == 0 ? (i ? "],[" : "[") : ",");
        if (region || none)
            ski_text_buffer_add(out, none ? "\"region\":null" : "\"region\":%u",
                               none ? 0u : (unsigned)region[i]);
        if (given)
            ski_text_buffer_add(out, "%s\"value\":%u,\"given\":true", region || none ? "," : "",
                               (unsigned)cells[i]);
        ski_text_buffer_put(out, "}", 1);
    }
    ski_text_buffer_put(out, "]]", 2);
}

/* The title, as a JSON string (sk_json_string writes to a stream). */
static void fpw_title(const char *title, ski_text_buffer *out)
{
    char *text = NULL;
    size_t len = 0;
    FILE *s = open_memstream(&text, &len);
    if (!s) {
        out->failed = true;
        return;
    }
    sk_json_string(s, title);
    fclose(s);
    ski_text_buffer_put(out, ",\"title\":", 9);
    ski_text_buffer_put(out, text, len);
    free(text);
}

static void fpw_put_fields(fp_writer *w, ski_text_buffer *out)
{
    for (size_t i = 0; i < w->field_count; i++) {
        fp_out_field *f = &w->fields[i];
        ski_text_buffer_add(out, ",\"%s\":", f->name);
        if (f->flag) {
            ski_text_buffer_put(out, "true", 4);
            continue;
        }
        ski_text_buffer_put(out, "[", 1);
        if (f->elements.data)
            ski_text_buffer_put(out, f->elements.data, f->elements.len);
        ski_text_buffer_put(out, "]", 1);
        out->failed |= f->elements.failed;
    }
}

int fp_export(sk_host *host, const sk_record *record, int grid_field, int solution_field,
              ski_text_buffer *out, char *why, size_t whylen)
{
    fp_writer w = {.host = host, .rules = record->rules, .why = why, .whylen = whylen};
    w.size = record->rules ? record->rules->size : 9;
    if (fp_decls_load(host, &w.decls) != 0)
        return fpw_fail(&w, "out of memory");
    int rc = fpw_terms(&w);
    if (rc == 0) {
        ski_text_buffer_add(out, "{\"size\":%u", (unsigned)w.size);
        if (record->name && *record->name)
            fpw_title(record->name, out);
        fpw_grid(&w, sk_record_cells(record, grid_field), out);
        fpw_put_fields(&w, out);
        const uint8_t *solution =
            solution_field >= 0 ? sk_record_cells(record, solution_field) : NULL;
        for (uint32_t i = 0; solution && i < w.size * w.size; i++)
            ski_text_buffer_add(out, "%s%u", i ? "," : ",\"solution\":[", (unsigned)solution[i]);
        ski_text_buffer_put(out, solution ? "]}" : "}", solution ? 2 : 1);
        if (out->failed)
            rc = fpw_fail(&w, "out of memory");
    }
    for (size_t i = 0; i < w.field_count; i++)
        free(w.fields[i].elements.data);
    fp_decls_free(&w.decls);
    return rc;
}
