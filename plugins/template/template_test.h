/* The harness of the template plugins' unit tests: CHECK, which records a
 * failure and goes on, and TEMPLATE_TEST_MAIN, which runs named cases and
 * prints "ok   NAME" or "FAIL NAME" for each. Copy it with the plugin. */
#ifndef TEMPLATE_TEST_H
#define TEMPLATE_TEST_H

#include <stdio.h>

static int failed_checks;

#define CHECK(cond)                                                                   \
    do {                                                                              \
        if (!(cond)) {                                                                \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            failed_checks++;                                                          \
        }                                                                             \
    } while (0)

/* One named case. */
typedef struct template_case {
    const char *name;
    void (*run)(void);
} template_case;

/* Run count cases in order; the process's exit status (1 when one failed). */
static inline int template_run(const template_case *cases, size_t count)
{
    int failed = 0;
    for (size_t i = 0; i < count; i++) {
        int before = failed_checks;
        cases[i].run();
        failed += failed_checks != before;
        printf("%s %s\n", failed_checks == before ? "ok  " : "FAIL", cases[i].name);
    }
    printf("%d failed\n", failed);
    return failed != 0;
}

#define TEMPLATE_TEST_MAIN(cases)                                  \
    int main(void)                                                 \
    {                                                              \
        return template_run(cases, sizeof cases / sizeof cases[0]); \
    }

#endif /* TEMPLATE_TEST_H */
