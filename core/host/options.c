/* Parsing of a strategy's "key=value,key=value" option string. */
#include "options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int options_valid_key(const char *key)
{
    if (!*key)
        return 0;
    for (const char *p = key; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
              (*p >= '0' && *p <= '9') || *p == '_' || *p == '-'))
            return 0;
    return 1;
}

int ski_options_parse(const char *text, ski_options *out, sk_error *err)
{
    *out = (ski_options){0};
    if (!text || !*text)
        return 0;
    size_t max_items = 1;
    for (const char *p = text; *p; p++)
        max_items += *p == ',';
    out->storage = strdup(text);
    out->items = calloc(max_items, sizeof *out->items);
    if (!out->storage || !out->items) {
        sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
        return -1;
    }
    char *cursor = out->storage;
    for (;;) {
        char *item = cursor;
        char *comma = strchr(cursor, ',');
        if (comma)
            *comma = '\0';
        char *eq = strchr(item, '=');
        if (!eq) {
            sk_error_set(err, SK_EXIT_USAGE, "bad option '%s': expected key=value", item);
            return -1;
        }
        *eq = '\0';
        if (!options_valid_key(item)) {
            sk_error_set(err, SK_EXIT_USAGE, "bad option key '%s': use letters, digits, '_' or '-'",
                         item);
            return -1;
        }
        for (size_t i = 0; i < out->count; i++) {
            if (strcmp(out->items[i].key, item) == 0) {
                sk_error_set(err, SK_EXIT_USAGE, "option '%s' given twice", item);
                return -1;
            }
        }
        out->items[out->count++] = (sk_option){item, eq + 1};
        if (!comma)
            break;
        cursor = comma + 1;
    }
    return 0;
}

void ski_options_free(ski_options *options)
{
    free(options->storage);
    free(options->items);
    *options = (ski_options){0};
}
