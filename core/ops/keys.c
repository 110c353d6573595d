/* Keys of operations: parsing a value for its key, one set of rules and
 * messages for every face. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "keys.h"
#include "parse.h"
#include "sudokit/grid.h"
#include "sudokit/names.h"

const char *const sk_key_kind_names[] = {"flag",   "int",   "seed",     "number", "window",
                                         "choice", "level", "strategy", "grid",   "text",   "shard",
                                         NULL};

/* The choices of a key as "a, b or c". */
static void keys_choice_list(const sk_key *key, char *buf, size_t len)
{
    sk_name_list(key->choices, buf, len);
}

static int keys_parse_flag(const char *op, const sk_key *key, const char *text, sk_value *out,
                           sk_error *err)
{
    if (!text || strcmp(text, "1") == 0 || strcasecmp(text, "true") == 0)
        out->flag = true;
    else if (strcmp(text, "0") == 0 || strcasecmp(text, "false") == 0)
        out->flag = false;
    else
        return sk_error_set(err, SK_EXIT_USAGE, "%s: %s takes no value (or 1 or 0), not '%s'",
                            op, key->name, text);
    return 0;
}

static int keys_parse_int(const char *op, const sk_key *key, const char *text, sk_value *out,
                          sk_error *err)
{
    long value;
    if (!ski_parse_long(text, (long)key->min, (long)key->max, &value))
        return sk_error_set(err, SK_EXIT_USAGE, "%s: %s '%s': give a whole number from %lld to %lld",
                            op, key->name, text, key->min, key->max);
    out->integer = value;
    return 0;
}

static int keys_parse_seed(const char *op, const sk_key *key, const char *text, sk_value *out,
                           sk_error *err)
{
    bool digits = *text != '\0';
    for (const char *p = text; *p; p++)
        digits &= *p >= '0' && *p <= '9';
    errno = 0;
    unsigned long long value = digits ? strtoull(text, NULL, 10) : 0;
    if (!digits || errno)
        return sk_error_set(err, SK_EXIT_USAGE,
                            "%s: %s '%s': give a whole number from 0 to 18446744073709551615",
                            op, key->name, text);
    out->seed = value;
    return 0;
}

static int keys_parse_number(const char *op, const sk_key *key, const char *text,
                             sk_value *out, sk_error *err)
{
    if (!ski_parse_double(text, key->low, key->high, &out->number))
        return sk_error_set(err, SK_EXIT_USAGE, "%s: %s '%s': give a number from %g to %g", op,
                            key->name, text, key->low, key->high);
    return 0;
}

static int keys_parse_choice(const char *op, const sk_key *key, const char *text,
                             sk_value *out, sk_error *err)
{
    int found = sk_name_find(key->choices, text);
    if (found < 0) {
        char list[512];
        keys_choice_list(key, list, sizeof list);
        return sk_error_set(err, SK_EXIT_USAGE, "%s: unknown %s '%s' (%s)", op, key->name, text,
                            list);
    }
    out->integer = found;
    out->text = key->choices[found];
    return 0;
}

static int keys_parse_level(const char *op, const sk_key *key, const char *text, sk_value *out,
                            sk_error *err)
{
    int level = sk_level_parse(text);
    if (level < 0)
        return sk_error_set(err, SK_EXIT_USAGE,
                            "%s: %s '%s': a level is 1 to 5 or easy, medium, hard, expert or evil",
                            op, key->name, text);
    out->integer = level;
    out->text = sk_level_names[level];
    return 0;
}

static int keys_parse_grid(const char *op, const sk_key *key, const char *text, sk_value *out,
                           sk_error *err)
{
    size_t col, len = strlen(text);
    if (sk_grid_parse_line(&out->grid, text, len, &col) == 0)
        return 0;
    if (col < len && col < 81)
        return sk_error_set(err, SK_EXIT_USAGE,
                            "%s: %s, column %zu: '%c' is not a digit 1-9, '.' or '0'", op,
                            key->name, col + 1, text[col]);
    return sk_error_set(err, SK_EXIT_USAGE, "%s: %s must have 81 characters, not %zu", op,
                        key->name, len);
}

/* Digits only, at least one, into *out (no sign, no blank); false when
 * text is not that or does not fit in 64 bits. */
static bool keys_digits(const char *text, size_t len, uint64_t *out)
{
    uint64_t value = 0;
    if (len == 0 || len > 19)
        return false;
    for (size_t i = 0; i < len; i++) {
        if (text[i] < '0' || text[i] > '9')
            return false;
        value = value * 10 + (uint64_t)(text[i] - '0');
    }
    *out = value;
    return true;
}

/* K/N: block K of N (shard.c says which part of a run that is). */
static int keys_parse_shard(const char *op, const sk_key *key, const char *text, sk_value *out,
                            sk_error *err)
{
    const char *slash = strchr(text, '/');
    uint64_t k, n;
    if (!slash || !keys_digits(text, (size_t)(slash - text), &k) ||
        !keys_digits(slash + 1, strlen(slash + 1), &n))
        return sk_error_set(err, SK_EXIT_USAGE,
                            "%s: %s '%s': give K/N, two whole numbers with 0 <= K < N (0/4 "
                            "is the first of 4 shards, 3/4 the last)",
                            op, key->name, text);
    if (n < 1 || n > (uint64_t)key->max)
        return sk_error_set(err, SK_EXIT_USAGE, "%s: %s '%s': N must be from 1 to %lld", op,
                            key->name, text, key->max);
    if (k >= n)
        return sk_error_set(err, SK_EXIT_USAGE,
                            "%s: %s '%s': K must be below N (the shards of %llu are 0/%llu to "
                            "%llu/%llu)",
                            op, key->name, text, (unsigned long long)n, (unsigned long long)n,
                            (unsigned long long)(n - 1), (unsigned long long)n);
    out->shard = k;
    out->shards = n;
    return 0;
}

/* The names of the loaded strategies of kind as "a, b or c". */
static void keys_strategy_list(const sk_host *host, sk_kind kind, char *buf, size_t len)
{
    const char *names[64];
    size_t n = 0;
    for (size_t i = 0; i < sk_host_strategy_count(host) && n < 63; i++) {
        const sk_strategy *s = sk_host_strategy_at(host, i)->strategy;
        if (s->kind == kind)
            names[n++] = s->name;
    }
    names[n] = NULL;
    if (n == 0)
        snprintf(buf, len, "none is loaded: see `sudokit plugins`");
    else
        sk_name_list(names, buf, len);
}

int ski_key_strategy(const char *op, sk_kind kind, const char *text, sk_host *host, char *out,
                    size_t len, sk_error *err)
{
    static const char *const kinds[] = {"", "solver", "generator", "rater"};
    size_t prefix = strcspn(text, ":");
    for (size_t i = 0; host && i < sk_host_strategy_count(host); i++) {
        const sk_strategy *s = sk_host_strategy_at(host, i)->strategy;
        if (s->kind == kind && strlen(s->name) == prefix &&
            strncasecmp(s->name, text, prefix) == 0) {
            snprintf(out, len, "%s%s", s->name, text + prefix);
            return 0;
        }
    }
    char list[512] = "none is loaded";
    if (host)
        keys_strategy_list(host, kind, list, sizeof list);
    return sk_error_set(err, SK_EXIT_USAGE, "%s: unknown %s '%s' (%s)", op, kinds[kind], text,
                        list);
}

int ski_key_parse(const char *op, const sk_key *key, const char *text, sk_host *host,
                 sk_value *out, char *scratch, size_t scratch_len, sk_error *err)
{
    memset(out, 0, sizeof *out);
    out->text = text;
    if (key->kind == SK_KEY_FLAG)
        return keys_parse_flag(op, key, text, out, err);
    if (!text)
        return sk_error_set(err, SK_EXIT_USAGE, "%s: %s needs a value (%s)", op, key->name,
                            key->value_name ? key->value_name : "a value");
    switch (key->kind) {
    case SK_KEY_INT:
        return keys_parse_int(op, key, text, out, err);
    case SK_KEY_SEED:
        return keys_parse_seed(op, key, text, out, err);
    case SK_KEY_NUMBER:
        return keys_parse_number(op, key, text, out, err);
    case SK_KEY_WINDOW: {
        sk_error why;
        if (ski_parse_window(text, &out->low, &out->high, &why))
            return sk_error_set(err, SK_EXIT_USAGE, "%s: %s %s", op, key->name, why.message);
        return 0;
    }
    case SK_KEY_CHOICE:
        return keys_parse_choice(op, key, text, out, err);
    case SK_KEY_LEVEL:
        return keys_parse_level(op, key, text, out, err);
    case SK_KEY_STRATEGY:
        out->text = scratch;
        return ski_key_strategy(op, key->strategy_kind, text, host, scratch, scratch_len, err);
    case SK_KEY_GRID:
        return keys_parse_grid(op, key, text, out, err);
    case SK_KEY_SHARD:
        return keys_parse_shard(op, key, text, out, err);
    default:
        return 0;
    }
}
