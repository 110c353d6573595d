/* What the generation tests share: a host with some plugins of the build
 * tree and a checking solver, and the puzzles of tests/data. */
#ifndef SUDOKIT_TESTS_GEN_TEST_H
#define SUDOKIT_TESTS_GEN_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudokit/grid.h"
#include "sudokit/host.h"

static sk_host *gen_test_host;
static sk_instance *gen_test_checker;

static void gen_test_cleanup(void)
{
    sk_instance_free(gen_test_checker);
    sk_host_free(gen_test_host);
}

/* The host with the plugins named (sk-NAME.so of SK_TEST_PLUGIN_DIR),
 * loaded on first use, and checker, an instance of solver checker_name;
 * any failure ends the test. */
static sk_host *gen_test_get_host(const char *const *names, size_t count,
                                  const char *checker_name)
{
    if (gen_test_host)
        return gen_test_host;
    char path[1024];
    sk_error err;
    gen_test_host = sk_host_new_empty();
    for (size_t i = 0; i < count; i++) {
        snprintf(path, sizeof path, "%s/sk-%s.so", SK_TEST_PLUGIN_DIR, names[i]);
        if (sk_host_load(gen_test_host, path, &err) != 0) {
            fprintf(stderr, "cannot load %s: %s\n", path, err.message);
            exit(1);
        }
    }
    if (sk_instance_new(gen_test_host, SK_KIND_SOLVER, checker_name, NULL, NULL, &gen_test_checker,
                        &err) != 0) {
        fprintf(stderr, "%s\n", err.message);
        exit(1);
    }
    atexit(gen_test_cleanup);
    return gen_test_host;
}

/* Solutions of puzzle (up to 2) according to the checking solver. */
static int gen_test_count(const sk_grid *puzzle, sk_grid *solution)
{
    sk_error err;
    return sk_instance_solve(gen_test_checker, puzzle, 2, solution, NULL, &err);
}

/* Puzzle n (from 0) of a file of $SUDOKIT_DATA; 0, or -1 when missing. */
static int gen_test_data_puzzle(const char *file, int n, sk_grid *out)
{
    const char *dir = getenv("SUDOKIT_DATA");
    char path[1024], line[256];
    snprintf(path, sizeof path, "%s/%s", dir ? dir : "tests/data", file);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    int seen = 0, rc = -1;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#')
            continue;
        if (seen++ == n) {
            size_t col;
            rc = sk_grid_parse_line(out, line, strcspn(line, "\r\n"), &col);
            break;
        }
    }
    fclose(f);
    return rc;
}

/* Whether no clue of puzzle can go without a second solution. */
static int gen_test_is_minimal(const sk_grid *puzzle)
{
    sk_grid p = *puzzle, found;
    for (int cell = 0; cell < 81; cell++) {
        if (!p.cells[cell])
            continue;
        uint8_t d = p.cells[cell];
        p.cells[cell] = 0;
        int n = gen_test_count(&p, &found);
        p.cells[cell] = d;
        if (n != 2)
            return 0;
    }
    return 1;
}

#endif /* SUDOKIT_TESTS_GEN_TEST_H */
