/* What every fuzz target shares: the libFuzzer entry point and a check
 * that turns a broken invariant into a crash the fuzzer keeps. */
#ifndef SUDOKIT_TESTS_FUZZ_H
#define SUDOKIT_TESTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* Run one input: libFuzzer calls it, and so does replay.c in ordinary
 * builds. Returns 0; a bug shows as a sanitizer report or an abort. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Abort (so the fuzzer saves the input) when cond is false. */
#define FUZZ_CHECK(cond)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: invariant broken: %s\n", __FILE__, __LINE__, #cond);           \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

#endif /* SUDOKIT_TESTS_FUZZ_H */
