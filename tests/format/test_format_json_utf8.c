/* Formats: JSON output is valid UTF-8 and valid JSON whatever the bytes
 * of the text, and reads back as each valid character, or each other
 * byte as the character of its value. */
#include <stdint.h>
#include <stdio.h>

#include "check.h"
#include "records.h"
#include "sudokit/reader.h"

/* The test's own UTF-8 check, by code point: the length of the character
 * at p (1..4) when it is valid and complete within len bytes, else 0. */
static size_t utf8_char(const unsigned char *p, size_t len)
{
    static const uint32_t least[5] = {0, 0, 0x80, 0x800, 0x10000};
    size_t n = p[0] < 0x80         ? 1
               : (p[0] >> 5) == 6  ? 2
               : (p[0] >> 4) == 14 ? 3
               : (p[0] >> 3) == 30 ? 4
                                   : 0;
    if (n == 0 || n > len)
        return 0;
    uint32_t code = n == 1 ? p[0] : p[0] & (0x7F >> n);
    for (size_t i = 1; i < n; i++) {
        if ((p[i] & 0xC0) != 0x80)
            return 0;
        code = code << 6 | (p[i] & 0x3F);
    }
    bool surrogate = code >= 0xD800 && code <= 0xDFFF;
    return code < least[n] || code > 0x10FFFF || surrogate ? 0 : n;
}

static bool utf8_valid(const char *text, size_t len)
{
    const unsigned char *p = (const unsigned char *)text;
    for (size_t i = 0, n; i < len; i += n)
        if ((n = utf8_char(p + i, len - i)) == 0)
            return false;
    return true;
}

/* What json gives back for text: valid characters as they are, any
 * other byte as U+0080..U+00FF in UTF-8. */
static size_t expected_back(const char *text, size_t len, char *out)
{
    const unsigned char *p = (const unsigned char *)text;
    size_t at = 0;
    for (size_t i = 0; i < len;) {
        size_t n = utf8_char(p + i, len - i);
        if (n) {
            memcpy(out + at, p + i, n);
            at += n, i += n;
        } else {
            out[at++] = (char)(0xC0 | p[i] >> 6);
            out[at++] = (char)(0x80 | (p[i++] & 0x3F));
        }
    }
    out[at] = '\0';
    return at;
}

static const int cols[] = {SK_FIELD_PUZZLE, SK_FIELD_STRATEGY};
static const sk_layout layout = {cols, 2, SK_FIELD_PUZZLE, -1, NULL, 0};

/* Write text (NUL-terminated) as a json record's strategy; check that
 * the output is valid UTF-8 and reads back as expected. Returns false on
 * a failure, which it reports. */
static bool check_text(const char *text)
{
    sk_record record = records_puzzle(false);
    record.strategy = text;
    char *json = records_write(SK_FORMAT_JSON, &layout, &record, 1);
    char want[64];
    expected_back(text, strlen(text), want);
    sk_reader *reader = sk_reader_from_string(json, "j");
    sk_grid grid;
    bool ok = utf8_valid(json, strlen(json)) && sk_reader_next(reader, &grid) == SK_READ_OK &&
              strcmp(sk_reader_record(reader)->strategy, want) == 0 &&
              sk_reader_next(reader, &grid) == SK_READ_END;
    if (!ok) {
        fprintf(stderr, "text");
        for (const char *p = text; *p; p++)
            fprintf(stderr, " %02X", (unsigned char)*p);
        fprintf(stderr, ": %s%s\n", json, sk_reader_error(reader));
    }
    sk_reader_close(reader);
    free(json);
    return ok;
}

/* Every byte alone, and between others. */
static void every_byte(void)
{
    for (int b = 1; b < 256; b++) {
        char alone[] = {(char)b, '\0'}, inside[] = {'a', (char)b, 'z', '\0'};
        CHECK(check_text(alone));
        CHECK(check_text(inside));
    }
}

/* Every pair of bytes: a valid two-byte character, or two lone bytes. */
static void every_pair(void)
{
    int failures = 0;
    for (int a = 1; a < 256 && failures < 10; a++)
        for (int b = 1; b < 256 && failures < 10; b++) {
            char pair[] = {(char)a, (char)b, '\0'};
            failures += !check_text(pair);
        }
    CHECK_INT(failures, 0);
}

/* The edges of the ranges of longer characters, valid and not. */
static void longer_sequences(void)
{
    static const char *const texts[] = {
        "\xe0\xa0\x80",
        "\xef\xbf\xbf",
        "\xed\x9f\xbf",
        "\xee\x80\x80",
        "\xf0\x90\x80\x80",
        "\xf4\x8f\xbf\xbf",
        "\xf3\xbf\xbf\xbf", /* valid */
        "\xe0\x9f\xbf",
        "\xed\xa0\x80",
        "\xed\xbf\xbf",
        "\xf0\x8f\xbf\xbf",
        "\xf4\x90\x80\x80",
        "\xf5\x80\x80\x80",
        "\xc0\x80",
        "\xc1\xbf",
        "\xe1\x80",
        "\xf1\x80\x80",
        "\xe1\x80\xc0",
        "\x80\x80\x80",
        "\xf8\x88\x80\x80\x80",
        "\xe2\x82\xac\xff\xf0\x9f\x98", /* not */
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        CHECK(check_text(texts[i]));
    /* The test's check itself tells them apart. */
    CHECK(utf8_valid(texts[6], 4));
    CHECK(!utf8_valid(texts[8], 3));
}

static const ski_test_case cases[] = {
    {"every_byte", every_byte},
    {"every_pair", every_pair},
    {"longer_sequences", longer_sequences},
};

SK_TEST_MAIN(cases)
