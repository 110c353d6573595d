/* Minimal named-case test harness shared by the C unit tests. */
#ifndef SUDOKIT_TESTS_CHECK_H
#define SUDOKIT_TESTS_CHECK_H

#include <stdio.h>
#include <string.h>

/* One named test case. */
typedef struct ski_test_case {
    const char *name;
    void (*run)(void);
} ski_test_case;

static int ski_test_failed_checks;

/* Record a failure (and go on) when cond is false. */
#define CHECK(cond)                                                          \
    do {                                                                     \
        if (!(cond)) {                                                       \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, \
                    #cond);                                                  \
            ski_test_failed_checks++;                                         \
        }                                                                    \
    } while (0)

/* Like CHECK for two integers, printing both values on failure. */
#define CHECK_INT(a, b)                                                      \
    do {                                                                     \
        long long sk_a_ = (long long)(a), sk_b_ = (long long)(b);            \
        if (sk_a_ != sk_b_) {                                                \
            fprintf(stderr, "%s:%d: check failed: %s == %s (%lld != %lld)\n", \
                    __FILE__, __LINE__, #a, #b, sk_a_, sk_b_);               \
            ski_test_failed_checks++;                                         \
        }                                                                    \
    } while (0)

/* Like CHECK for two C strings. */
#define CHECK_STR(a, b)                                                      \
    do {                                                                     \
        const char *sk_a_ = (a), *sk_b_ = (b);                               \
        if (!sk_a_ || !sk_b_ || strcmp(sk_a_, sk_b_) != 0) {                 \
            fprintf(stderr, "%s:%d: check failed: %s == %s (\"%s\" != \"%s\")\n", \
                    __FILE__, __LINE__, #a, #b, sk_a_ ? sk_a_ : "(null)",    \
                    sk_b_ ? sk_b_ : "(null)");                               \
            ski_test_failed_checks++;                                         \
        }                                                                    \
    } while (0)

/* Run every case (or only those named on the command line); print one line
 * per case and return the process exit status. */
static inline int ski_test_main(int argc, char **argv, const ski_test_case *cases,
                               size_t count)
{
    int failed_cases = 0, ran = 0;
    for (size_t i = 0; i < count; i++) {
        int wanted = argc < 2;
        for (int a = 1; a < argc; a++)
            wanted |= strcmp(argv[a], cases[i].name) == 0;
        if (!wanted)
            continue;
        int before = ski_test_failed_checks;
        cases[i].run();
        ran++;
        int ok = ski_test_failed_checks == before;
        failed_cases += !ok;
        printf("%s %s\n", ok ? "ok  " : "FAIL", cases[i].name);
    }
    printf("%d passed, %d failed\n", ran - failed_cases, failed_cases);
    return failed_cases == 0 && ran > 0 ? 0 : 1;
}

#define SK_TEST_MAIN(cases)                                                  \
    int main(int argc, char **argv)                                          \
    {                                                                        \
        return ski_test_main(argc, argv, cases, sizeof(cases) / sizeof(cases[0])); \
    }

#endif /* SUDOKIT_TESTS_CHECK_H */
