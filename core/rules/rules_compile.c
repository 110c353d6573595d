/* Compiling a rules spec: the geometry, every term through its constraint,
 * the normalised spec (pure: plugin.h and libc only). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules_internal.h"

/* Room for the normalised spec: the geometry (a 25x25 jigsaw map is 625
 * characters) and the terms. */
#define COMPILE_GEOMETRY_LEN 700

/* One term of the normalised spec: its name and one canonical item (NULL
 * for a term without argument). */
typedef struct compile_entry {
    const char *name;
    char *item;
} compile_entry;

typedef struct compile_entries {
    compile_entry *at;
    size_t count, cap;
} compile_entries;

static int compile_entry_order(const void *a, const void *b)
{
    const compile_entry *x = a, *y = b;
    int by_name = strcmp(x->name, y->name);
    if (by_name || x->item == y->item)
        return by_name;
    if (!x->item || !y->item)
        return x->item ? 1 : -1;
    return strcmp(x->item, y->item);
}

/* Add name's canonical items (text split at ';', or none when text is
 * NULL). Returns false when out of memory. */
static bool compile_add_entries(compile_entries *entries, const char *name, const char *text)
{
    const char *p = text;
    do {
        size_t len = p ? strcspn(p, ";") : 0;
        if (entries->count == entries->cap) {
            size_t cap = entries->cap ? entries->cap * 2 : 16;
            compile_entry *grown = realloc(entries->at, cap * sizeof *grown);
            if (!grown)
                return false;
            entries->at = grown;
            entries->cap = cap;
        }
        char *item = p && len ? strndup(p, len) : NULL;
        if (p && len && !item)
            return false;
        entries->at[entries->count++] = (compile_entry){name, item};
        p = p && p[len] ? p + len + 1 : NULL;
    } while (p);
    return true;
}

static void compile_entries_free(compile_entries *entries)
{
    for (size_t i = 0; i < entries->count; i++)
        free(entries->at[i].item);
    free(entries->at);
}

/* Write geometry then the sorted, merged terms into a new string. */
static char *compile_normal_spec(const char *geometry, compile_entries *entries)
{
    if (entries->count)
        qsort(entries->at, entries->count, sizeof *entries->at, compile_entry_order);
    size_t len = strlen(geometry) + 1;
    for (size_t i = 0; i < entries->count; i++)
        len += strlen(entries->at[i].name) +
               (entries->at[i].item ? strlen(entries->at[i].item) : 0) + 3;
    char *out = malloc(len), *end = out;
    if (!out)
        return NULL;
    end += sprintf(end, "%s", geometry);
    const compile_entry *previous = NULL;
    for (size_t i = 0; i < entries->count; i++) {
        const compile_entry *e = &entries->at[i];
        if (previous && compile_entry_order(previous, e) == 0)
            continue; /* the same item twice */
        bool same_term =
            previous && previous->item && e->item && strcmp(previous->name, e->name) == 0;
        if (same_term)
            end += sprintf(end, ";%s", e->item);
        else
            end += sprintf(end, e->item ? " %s:%s" : " %s", e->name, e->item);
        previous = e;
    }
    return out;
}

/* Terms without argument that together are one other term, which the
 * normalised spec writes instead (docs/rules.md): one rules value, one
 * spec. */
static const struct {
    const char *whole, *parts[2];
} compile_merged[] = {
    {"x", {"diagonal+", "diagonal-"}},
};

/* Names that are no term but close to some: what to write instead. */
static const struct {
    const char *name, *advice;
} compile_near[] = {
    {"diagonal", "write x for both diagonals (X-sudoku), diagonal- for the main one alone (top "
                 "left to bottom right) or diagonal+ for the other"},
    {"diagonals", "write x for both diagonals (X-sudoku)"},
};

/* The index of the argument-less entry name in entries, or -1. */
static long compile_find_entry(const compile_entries *entries, const char *name)
{
    for (size_t i = 0; i < entries->count; i++)
        if (!entries->at[i].item && strcmp(entries->at[i].name, name) == 0)
            return (long)i;
    return -1;
}

/* Write the whole term of compile_merged for its parts where the spec has
 * them all (and the whole is loaded), and drop a part where the spec has
 * the whole. */
static void compile_merge_entries(const rules_env *env, compile_entries *entries)
{
    for (size_t m = 0; m < sizeof compile_merged / sizeof compile_merged[0]; m++) {
        const char *whole = compile_merged[m].whole;
        long a = compile_find_entry(entries, compile_merged[m].parts[0]);
        long b = compile_find_entry(entries, compile_merged[m].parts[1]);
        bool all = a >= 0 && b >= 0 && env->find(env->user, whole);
        if (!all && compile_find_entry(entries, whole) < 0)
            continue;
        /* copies of the whole: the normalised spec writes it once */
        if (a >= 0)
            entries->at[a].name = whole;
        if (b >= 0)
            entries->at[b].name = whole;
    }
}

/* The advice for an unknown term name, or "" when there is none. */
static const char *compile_near_advice(const char *name)
{
    for (size_t i = 0; i < sizeof compile_near / sizeof compile_near[0]; i++)
        if (strcmp(compile_near[i].name, name) == 0)
            return compile_near[i].advice;
    return "";
}

/* The message of a term's parse that failed. */
static int compile_term_failed(const rules_draft *draft, const rules_term *term, int rc,
                               const char *err, rules_problem *problem)
{
    const char *why = draft->failed ? draft->problem.message
                      : err[0]      ? err
                      : rc == SK_OK ? "it did not compile"
                                    : "the constraint refused it without saying why";
    return rules_fail(problem, rules_draft_column(draft), "%s: %s", term->name, why);
}

/* Run every term of text through its constraint into draft, and add the
 * canonical items to entries. */
static int compile_terms(const rules_env *env, const char *spec, const rules_text *text,
                         rules_draft *draft, compile_entries *entries, rules_problem *problem)
{
    size_t n = text->term_count;
    const char **names = malloc((n + 1) * sizeof *names);
    const char **arguments = malloc((n + 1) * sizeof *arguments);
    int rc = names && arguments ? 0 : rules_fail(problem, 0, "out of memory");
    for (size_t i = 0; i < n && !rc; i++) {
        names[i] = text->terms[i].name;
        arguments[i] = text->terms[i].argument;
    }
    for (size_t i = 0; i < n && !rc; i++) {
        const rules_term *term = &text->terms[i];
        const sk_strategy *strategy = env->find(env->user, term->name);
        if (!strategy) {
            const char *advice = compile_near_advice(term->name);
            rc = rules_fail(problem, term->column, "unknown rule '%s' in '%.60s%s'%s%s %s",
                            term->name, spec, strlen(spec) > 60 ? "..." : "", *advice ? ": " : "",
                            advice, env->hint);
            break;
        }
        draft->constraint = strategy->constraint;
        env->origin(env->user, strategy, draft->origin, sizeof draft->origin);
        draft->item = term->argument;
        draft->item_column = term->argument ? term->argument_column : term->column;
        draft->where = NULL;
        free(draft->canonical);
        draft->canonical = NULL;
        sk_rules_builder builder = rules_draft_builder(draft);
        builder.term_count = (uint32_t)n;
        builder.term_names = names;
        builder.term_arguments = arguments;
        char err[256] = "";
        int status = env->parse(env->user, strategy, &builder, term->argument, err, sizeof err);
        if (status != SK_OK || draft->failed)
            rc = compile_term_failed(draft, term, status, err, problem);
        else if (!compile_add_entries(entries, term->name,
                                      draft->canonical ? draft->canonical : term->argument))
            rc = rules_fail(problem, term->column, "out of memory");
    }
    draft->constraint = NULL;
    draft->item = NULL;
    free(names);
    free(arguments);
    return rc;
}

/* Compile spec once into draft; *normal gets its normalised spec. */
static int compile_once(const rules_env *env, const char *spec, rules_draft *draft, char **normal,
                        rules_problem *problem)
{
    rules_text text;
    *normal = NULL;
    memset(draft, 0, sizeof *draft);
    if (rules_text_split(spec, &text, problem))
        return -1;
    char geometry[COMPILE_GEOMETRY_LEN];
    compile_entries entries = {0};
    int rc = rules_geometry_build(&text, draft, geometry, sizeof geometry, problem);
    if (!rc)
        rc = compile_terms(env, spec, &text, draft, &entries, problem);
    if (!rc)
        compile_merge_entries(env, &entries);
    if (!rc && !(*normal = compile_normal_spec(geometry, &entries)))
        rc = rules_fail(problem, 0, "out of memory");
    compile_entries_free(&entries);
    rules_text_free(&text);
    if (rc)
        rules_draft_free(draft);
    return rc;
}

int rules_compile(const rules_env *env, const char *spec, rules_value **out, rules_problem *problem)
{
    rules_draft draft;
    char *normal, *again = NULL;
    *out = NULL;
    if (compile_once(env, spec, &draft, &normal, problem))
        return -1;
    if (strcmp(normal, spec) != 0) {
        /* the value is compiled from the normalised spec, so that it
         * depends on nothing else */
        rules_draft_free(&draft);
        rules_problem again_problem;
        if (compile_once(env, normal, &draft, &again, &again_problem)) {
            rules_fail(problem, 0,
                       "the normalised spec '%.80s' does not compile (%s): a bug in "
                       "a constraint plugin",
                       normal, again_problem.message);
            free(normal);
            return -1;
        }
        if (strcmp(again, normal) != 0) {
            rules_fail(problem, 0,
                       "the normalised spec '%.80s' normalises again to '%.80s': a "
                       "bug in a constraint plugin",
                       normal, again);
            goto fail;
        }
    }
    *out = rules_value_make(&draft, normal);
    if (!*out)
        rules_fail(problem, 0, "out of memory");
fail:
    rules_draft_free(&draft);
    free(normal);
    free(again);
    return *out ? 0 : -1;
}
