/* sudokit plugin mock: a services table that stands in for the host, so a
 * strategy plugin can be unit-tested alone (docs/plugins.md, "Testing a
 * plugin").
 *
 * A test compiles the plugin's source into its own executable, links
 * libsudokit-plugin-mock (`pkg-config --cflags --libs sudokit-plugin-mock`),
 * calls SK_PLUGIN_ENTRY() to reach the descriptor, and creates instances
 * with sk_mock_services():
 *  - count_solutions is backed by a small built-in solver (plain
 *    backtracking: right, not fast);
 *  - rate answers with the function the test gives to sk_mock_set_rate, or
 *    SK_ERR without one, as the host does when the user chose no rater;
 *  - log records every message, to be read back with sk_mock_log_*;
 *  - every call is counted (sk_mock_calls_of);
 *  - a seedable RNG and generator requests give a test reproducible
 *    fixtures and seeds;
 *  - rules (ABI 1.2): a constraint plugin's test compiles whole specs
 *    with sk_mock_rules_compile, through the same code as the host, with
 *    the constraints of the plugin it names (sk_mock_set_constraints);
 *    count_solutions_rules is backed by a small solver of any rules.
 * Like an instance, a mock is used by one thread at a time. The mock
 * includes only plugin.h (its rules part compiles the pure files of
 * core/rules) and links nothing but the C library. */
#ifndef SUDOKIT_PLUGIN_MOCK_H
#define SUDOKIT_PLUGIN_MOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sudokit/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sk_mock sk_mock;

/* A mock whose RNG and requests derive from seed. Returns NULL when out of
 * memory. Free it with sk_mock_free once every instance created with its
 * services is destroyed. */
sk_mock *sk_mock_new(uint64_t seed);

/* Free a mock and every message it recorded. NULL is ignored. */
void sk_mock_free(sk_mock *mock);

/* The services table to give a strategy's create; owned by the mock and
 * valid until sk_mock_free. */
const sk_services *sk_mock_services(sk_mock *mock);

/* What answers services->rate: fn(user, puzzle, out) with the host's
 * contract (SK_OK, or a negative SK_ERR_* status). fn NULL: no rater
 * (rate returns SK_ERR). */
typedef int (*sk_mock_rate_fn)(void *user, const sk_grid *puzzle, sk_rating *out);
void sk_mock_set_rate(sk_mock *mock, sk_mock_rate_fn fn, void *user);

/* How many calls the strategy made through the services so far. */
typedef struct sk_mock_calls {
    uint64_t count_solutions;
    uint64_t rate;
    uint64_t log;
    uint64_t count_solutions_rules; /* ABI 1.2 services */
    uint64_t compile_rules;
} sk_mock_calls;
sk_mock_calls sk_mock_calls_of(const sk_mock *mock);

/* The messages logged through the services, in order: their number, and
 * the text of message index with its SK_LOG_* level in *level (when level
 * is not NULL); NULL past the end. Texts are the mock's copies, valid
 * until sk_mock_log_clear or sk_mock_free. A message that could not be
 * copied (out of memory) is counted by sk_mock_calls_of only. */
size_t sk_mock_log_count(const sk_mock *mock);
const char *sk_mock_log_message(const sk_mock *mock, size_t index, int *level);

/* The first logged message that contains text, or NULL. */
const char *sk_mock_log_find(const sk_mock *mock, const char *text);

/* Forget the recorded messages (the call counts stay). */
void sk_mock_log_clear(sk_mock *mock);

/* The mock's RNG, seeded with sk_rng_seed(seed, 0): random fixtures for a
 * test. Owned by the mock. */
sk_rng *sk_mock_rng(sk_mock *mock);

/* A generator request as the host makes one for puzzle index of a run:
 * struct_size set, the mock's seed, index, and no other constraint. */
sk_gen_request sk_mock_request(const sk_mock *mock, uint64_t index);

/* The built-in solver alone: count the solutions of puzzle up to limit
 * (>= 1) and store the first one in solution when not NULL and one
 * exists. Returns 0..limit, or SK_ERR_INVALID when the givens break the
 * rules or a cell is outside 0..9: the solver contract of plugin.h. */
int sk_mock_count_solutions(const sk_grid *puzzle, int limit, sk_grid *solution);

/* True when solution is complete, follows the rules and keeps every given
 * of puzzle. */
bool sk_mock_solves(const sk_grid *puzzle, const sk_grid *solution);

/* Parse 81 characters ('.' or '0' blank, '1'..'9' a digit) into out, for
 * fixtures. Returns 0, or -1 when text is not exactly that. */
int sk_mock_grid(const char *text, sk_grid *out);

/* ------------------------------------------------------------ rules -- */

/* The constraint strategies the mock's compiling knows: those of plugin
 * (usually SK_PLUGIN_ENTRY() of the plugin under test; NULL: none, so only
 * geometry compiles). plugin must outlive the mock's use of it. */
void sk_mock_set_constraints(sk_mock *mock, const sk_plugin *plugin);

/* Compile spec as the host does (the same code: geometry, terms, the
 * normalised spec, the same messages), with the constraints set above.
 * Returns SK_OK with *out (free it with sk_mock_rules_free), or SK_ERR
 * with "column N: what is wrong and what to do" in err. Also what the
 * services' compile_rules does. */
int sk_mock_rules_compile(sk_mock *mock, const char *spec, const sk_rules **out, char *err,
                          size_t errlen);

/* Free rules from sk_mock_rules_compile (with its customs' states). NULL
 * is ignored. */
void sk_mock_rules_free(const sk_rules *rules);

/* The built-in solver of any rules: count the solutions of puzzle under
 * rules up to limit (>= 1) and store the first in solution when not NULL.
 * Returns 0..limit, or SK_ERR_INVALID when the givens break the rules. */
int sk_mock_count_solutions_rules(const sk_rules *rules, const sk_board *puzzle, int limit,
                                  sk_board *solution);

/* Check a full grid under rules: true when every cell holds 1..N and every
 * primitive is kept; else false with why (len bytes) saying what breaks. */
bool sk_mock_rules_check(const sk_rules *rules, const sk_board *board, char *why, size_t len);

/* Parse N*N characters ('.' or '0' blank, '1'-'9', 'A'-'P' for 10-25)
 * into out for the size of rules. Returns 0, or -1 when text is not that. */
int sk_mock_board(const sk_rules *rules, const char *text, sk_board *out);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_PLUGIN_MOCK_H */
