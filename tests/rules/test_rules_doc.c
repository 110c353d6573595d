/* Every spec example of docs/rules.md (its ```spec blocks: SPEC => the
 * normalised spec, or "error: column N: message") compiles as the page
 * says, and so does the example of every constraint plugin. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudokit/host.h"
#include "sudokit/rules.h"

/* text without its leading and trailing spaces (in place). */
static char *doc_trim(char *text)
{
    while (*text == ' ')
        text++;
    size_t len = strlen(text);
    while (len && (text[len - 1] == ' ' || text[len - 1] == '\n'))
        text[--len] = '\0';
    return text;
}

/* Check one example line "SPEC => WANT". */
static void doc_example(sk_host *host, char *line)
{
    char *arrow = strstr(line, "=>");
    CHECK(arrow != NULL);
    if (!arrow)
        return;
    *arrow = '\0';
    char *spec = doc_trim(line), *want = doc_trim(arrow + 2), got[700];
    const sk_rules *rules = NULL;
    sk_rules_error error;
    if (sk_rules_compile(host, spec, &rules, &error) == 0)
        snprintf(got, sizeof got, "%s", sk_rules_spec(rules));
    else {
        char text[600];
        sk_rules_error_text(&error, text, sizeof text);
        snprintf(got, sizeof got, "error: %s", text);
    }
    if (strcmp(got, want) != 0)
        fprintf(stderr, "docs/rules.md: '%s'\n  says  %s\n  gives %s\n", spec, want, got);
    CHECK_STR(got, want);
    sk_rules_free(rules);
}

/* A host with the built-in constraint plugins. */
static sk_host *doc_host(void)
{
    static const char *const files[] = {SK_TEST_PLUGIN_DIR "/sk-constraint-houses.so",
                                        SK_TEST_PLUGIN_DIR "/sk-constraint-killer.so",
                                        SK_TEST_PLUGIN_DIR "/sk-constraint-lines.so",
                                        SK_TEST_PLUGIN_DIR "/sk-constraint-relations.so"};
    sk_error err;
    sk_host *host = sk_host_new_empty();
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        CHECK_INT(sk_host_load(host, files[i], &err), 0);
    return host;
}

static void every_example_compiles_as_written(void)
{
    char line[1024];
    sk_host *host = doc_host();
    FILE *doc = fopen(SK_TEST_DOC, "r");
    CHECK(doc != NULL);
    int examples = 0;
    bool inside = false;
    while (doc && fgets(line, sizeof line, doc)) {
        if (strncmp(line, "```", 3) == 0) {
            inside = !inside && strncmp(line, "```spec", 7) == 0;
            continue;
        }
        if (inside) {
            doc_example(host, line);
            examples++;
        }
    }
    CHECK(examples >= 20);
    if (doc)
        fclose(doc);
    sk_host_free(host);
}

/* The example of every constraint (`sudokit help rules` prints them)
 * compiles, and uses its term. */
static void every_constraint_example_compiles(void)
{
    sk_host *host = doc_host();
    int constraints = 0;
    for (size_t i = 0; i < sk_host_strategy_count(host); i++) {
        const sk_strategy *s = sk_host_strategy_at(host, i)->strategy;
        if (s->kind != SK_KIND_CONSTRAINT || !s->constraint)
            continue;
        const sk_rules *rules = NULL;
        sk_rules_error error;
        if (sk_rules_compile(host, s->constraint->example, &rules, &error) != 0)
            fprintf(stderr, "%s: example '%s': %s\n", s->name, s->constraint->example,
                    error.message);
        CHECK(rules != NULL);
        CHECK(rules && strstr(sk_rules_spec(rules), s->name) != NULL);
        sk_rules_free(rules);
        constraints++;
    }
    CHECK(constraints >= 17);
    sk_host_free(host);
}

static const ski_test_case doc_cases[] = {
    {"every_example_compiles_as_written", every_example_compiles_as_written},
    {"every_constraint_example_compiles", every_constraint_example_compiles},
};

SK_TEST_MAIN(doc_cases)
