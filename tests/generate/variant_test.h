/* What the tests of the "variant" generator share: a host with the
 * constraint plugins, the generator, the classic solver and rater and a
 * solver of any rules; making a puzzle; and checking it independently of
 * the generator (the core's checker, a solve to two solutions). */
#ifndef SUDOKIT_TESTS_VARIANT_TEST_H
#define SUDOKIT_TESTS_VARIANT_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudokit/host.h"
#include "sudokit/rules.h"

/* The solver of any rules the tests count with: the host's default one
 * (the reference solver of tests/rules unless a better one is loaded). */
static sk_host *variant_host_value;
static sk_instance *variant_solver_value;

static inline void variant_cleanup(void)
{
    sk_instance_free(variant_solver_value);
    sk_host_free(variant_host_value);
}

static inline sk_host *variant_host(void)
{
    if (variant_host_value)
        return variant_host_value;
    static const char *const names[] = {"constraint-houses", "constraint-killer",
                                        "constraint-lines",  "constraint-relations",
                                        "generator-variant", "solver-fast",
                                        "rater-classic",     "rater-human"};
    char path[1024];
    sk_error err;
    variant_host_value = sk_host_new_empty();
    for (size_t i = 0; i <= sizeof names / sizeof names[0]; i++) {
        if (i < sizeof names / sizeof names[0])
            snprintf(path, sizeof path, "%s/sk-%s.so", SK_TEST_PLUGIN_DIR, names[i]);
        else
            snprintf(path, sizeof path, "%s", SK_TEST_REFERENCE);
        if (sk_host_load(variant_host_value, path, &err) != 0) {
            fprintf(stderr, "cannot load %s: %s\n", path, err.message);
            exit(1);
        }
    }
    if (sk_instance_new(variant_host_value, SK_KIND_SOLVER,
                        sk_host_default_rules_solver(variant_host_value), NULL, NULL,
                        &variant_solver_value, &err) != 0) {
        fprintf(stderr, "%s\n", err.message);
        exit(1);
    }
    atexit(variant_cleanup);
    return variant_host_value;
}

/* Compile spec (it must compile). */
static inline const sk_rules *variant_rules(const char *spec)
{
    const sk_rules *rules = NULL;
    sk_rules_error error;
    if (sk_rules_compile(variant_host(), spec, &rules, &error) != 0)
        fprintf(stderr, "'%s': %s\n", spec, error.message);
    CHECK(rules != NULL);
    return rules;
}

/* A "variant" generator with options, the host checking what it makes,
 * the classic rater behind levels; NULL (err says why) when refused. */
static inline sk_instance *variant_generator(const char *options, sk_error *err)
{
    sk_instance_config config = {.rater = "classic", .verify = true};
    sk_instance *gen = NULL;
    if (sk_instance_new(variant_host(), SK_KIND_GENERATOR, "variant", options, &config, &gen,
                        err) != 0)
        return NULL;
    return gen;
}

/* One puzzle made: the result and the rules it is under. */
typedef struct variant_made {
    sk_gen_rules_result out;
    const sk_rules *rules;
    int status;
    sk_error err;
} variant_made;

/* Make puzzle index of seed under rules with request fields from base. */
static inline void variant_make(sk_instance *gen, const sk_rules *rules, sk_gen_request request,
                         uint64_t seed, uint64_t index, variant_made *made)
{
    request.struct_size = sizeof request;
    request.seed = seed;
    request.index = index;
    made->status =
        sk_instance_generate_rules(gen, rules, &request, &made->out, &made->rules, &made->err);
}

static inline uint32_t variant_cells(const sk_rules *rules)
{
    return rules->size * rules->size;
}

static inline uint32_t variant_clues(const sk_rules *rules, const sk_board *puzzle)
{
    uint32_t clues = 0;
    for (uint32_t c = 0; c < variant_cells(rules); c++)
        clues += puzzle->cells[c] != 0;
    return clues;
}

/* Solutions of puzzle under rules up to 2, by the tests' solver. */
static inline int variant_count(const sk_rules *rules, const sk_board *puzzle, sk_board *first)
{
    sk_error err;
    int found = sk_instance_solve_rules(variant_solver_value, rules, puzzle, 2, first, NULL, &err);
    if (found < 0)
        fprintf(stderr, "solve: %s\n", err.message);
    return found;
}

/* The generate -> solve round trip: the solution keeps every rule (the
 * core's checker) and the puzzle's clues, and solving the puzzle finds it
 * as the only solution. */
static inline void variant_check_round_trip(const variant_made *made)
{
    const sk_rules *rules = made->rules;
    sk_rules_break broken;
    sk_board solved;
    if (!rules)
        return;
    bool kept = sk_rules_check(rules, &made->out.solution, &broken);
    if (!kept)
        fprintf(stderr, "'%s': %s\n", sk_rules_spec(rules), broken.why);
    CHECK(kept);
    CHECK(sk_rules_solves(rules, &made->out.puzzle, &made->out.solution));
    CHECK_INT(variant_count(rules, &made->out.puzzle, &solved), 1);
    CHECK(memcmp(solved.cells, made->out.solution.cells, variant_cells(rules)) == 0);
}

/* No clue of the puzzle can go without a second solution. */
static inline void variant_check_minimal(const variant_made *made)
{
    sk_board puzzle = made->out.puzzle;
    for (uint32_t c = 0; c < variant_cells(made->rules); c++) {
        uint8_t digit = puzzle.cells[c];
        if (!digit)
            continue;
        puzzle.cells[c] = 0;
        CHECK_INT(variant_count(made->rules, &puzzle, NULL), 2);
        puzzle.cells[c] = digit;
    }
}

static inline void variant_release(variant_made *made)
{
    sk_rules_free(made->rules);
    made->rules = NULL;
}

#endif /* SUDOKIT_TESTS_VARIANT_TEST_H */
