/* Parsing a value for its key (internal to core/ops). */
#ifndef SUDOKIT_KEYS_H
#define SUDOKIT_KEYS_H

#include "sudokit/ops.h"

/* Parse text (NULL for a flag given alone) for key of operation op (its
 * name, for messages) into out. Strategy names are looked up in host
 * (case-insensitively; the canonical spelling is written into scratch and
 * out->text points there). Returns 0, or -1 with a usage error in err that
 * names the key, the value and what would do. */
int ski_key_parse(const char *op, const sk_key *key, const char *text, sk_host *host,
                 sk_value *out, char *scratch, size_t scratch_len, sk_error *err);

/* Check a strategy name of kind against host's strategies, in any case
 * ("NAME" or "NAME:ARG"), and write its canonical spelling into out (len
 * bytes). Returns 0, or -1 with a usage error listing the loaded ones. */
int ski_key_strategy(const char *op, sk_kind kind, const char *text, sk_host *host, char *out,
                    size_t len, sk_error *err);

#endif /* SUDOKIT_KEYS_H */
