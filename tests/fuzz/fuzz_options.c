/* Fuzz target: the strategy option parser ("key=value,key=value"). */
#include <string.h>

#include "fuzz.h"
#include "options.h"

/* An accepted string is exactly its items joined again, with valid,
 * distinct keys. */
static void fuzz_check_items(const char *text, const ski_options *options)
{
    size_t len = strlen(text), at = 0;
    FUZZ_CHECK(len == 0 ? options->count == 0 : options->count > 0);
    for (size_t i = 0; i < options->count; i++) {
        const char *key = options->items[i].key, *value = options->items[i].value;
        size_t key_len = strlen(key), value_len = strlen(value);
        FUZZ_CHECK(key_len > 0);
        FUZZ_CHECK(strspn(key, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                               "0123456789_-") == key_len);
        FUZZ_CHECK(strchr(value, ',') == NULL);
        for (size_t j = 0; j < i; j++)
            FUZZ_CHECK(strcmp(options->items[j].key, key) != 0);
        FUZZ_CHECK(at + key_len + 1 + value_len <= len);
        FUZZ_CHECK(memcmp(text + at, key, key_len) == 0 && text[at + key_len] == '=');
        FUZZ_CHECK(memcmp(text + at + key_len + 1, value, value_len) == 0);
        at += key_len + 1 + value_len;
        FUZZ_CHECK(text[at] == (i + 1 < options->count ? ',' : '\0'));
        at += i + 1 < options->count;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    FUZZ_CHECK(text != NULL);
    memcpy(text, data, size);
    text[size] = '\0';
    ski_options options;
    sk_error err = {0};
    if (ski_options_parse(text, &options, &err) == 0)
        fuzz_check_items(text, &options);
    else
        FUZZ_CHECK(err.message[0] != '\0');
    ski_options_free(&options);
    FUZZ_CHECK(options.count == 0 && options.items == NULL && options.storage == NULL);
    free(text);
    return 0;
}
