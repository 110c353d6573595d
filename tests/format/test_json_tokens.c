/* The format's two JSON decoders read tokens by one grammar (json_lex.c):
 * a bad string, number or word gets the same words at the same column
 * from the json lines reader (it streams) and from the tree that reads
 * f-puzzles texts and the web server's request bodies; a good token gives
 * the same value to both. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "json_tree.h"
#include "sudokit/reader.h"

/* Bad values, each as written after {"puzzle": */
static const char *const bad_values[] = {
    "\"ab\\qc\"",         /* an unknown escape       */
    "\"\\u12\"",          /* a short \u escape        */
    "\"\\uD800x\"",       /* a high surrogate alone   */
    "\"\\uDC00\"",        /* a low surrogate alone    */
    "\"a\\u0000\"",       /* NUL                      */
    "\"tab\there\"",      /* a control character      */
    "\"no end",           /* a string that does not end */
    "-",                  /* a sign without digits    */
    "1.",                 /* a point without digits   */
    "2e+",                /* an exponent without digits */
};

/* The reader's message for {"puzzle":VALUE} (named "t"). */
static void stream_message(const char *value, char *out, size_t len)
{
    char text[128];
    snprintf(text, sizeof text, "{\"puzzle\":%s}\n", value);
    sk_reader *reader = sk_reader_from_string(text, "t");
    sk_reader_set_format(reader, SK_FORMAT_JSON);
    sk_grid grid;
    out[0] = '\0';
    if (sk_reader_next(reader, &grid) == SK_READ_BAD)
        snprintf(out, len, "%s", sk_reader_error(reader));
    sk_reader_close(reader);
}

static void test_bad_tokens_have_one_message(void)
{
    for (size_t i = 0; i < sizeof bad_values / sizeof bad_values[0]; i++) {
        char text[128], why[256], want[512], got[512];
        snprintf(text, sizeof text, "{\"puzzle\":%s}", bad_values[i]);
        json_tree tree;
        size_t at = 0;
        CHECK_INT(json_tree_parse(text, strlen(text), &tree, &at, why, sizeof why), -1);
        snprintf(want, sizeof want, "t:1:%zu: puzzle 1: %s", at + 1, why);
        stream_message(bad_values[i], got, sizeof got);
        if (strcmp(got, want) != 0)
            fprintf(stderr, "value %s\n", bad_values[i]);
        CHECK_STR(got, want);
    }
}

/* Strings decode alike: escapes, a surrogate pair, UTF-8 kept as is. */
static void test_good_strings_decode_alike(void)
{
    static const char text[] = "[\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\", \"\\u00e9\\uD83D\\uDE00\xc3\xa9\","
                               " -0.5e+3, true, false, null]";
    json_tree tree;
    size_t at;
    char why[256];
    CHECK_INT(json_tree_parse(text, strlen(text), &tree, &at, why, sizeof why), 0);
    CHECK_STR(json_child(tree.root, 0)->text, "a\"b\\c/d\b\f\n\r\t");
    CHECK_STR(json_child(tree.root, 1)->text, "\xc3\xa9\xf0\x9f\x98\x80\xc3\xa9");
    CHECK_STR(json_child(tree.root, 2)->text, "-0.5e+3");
    CHECK(json_child(tree.root, 2)->number == -500.0);
    CHECK(json_child(tree.root, 3)->kind == JSON_BOOL && json_child(tree.root, 3)->truth);
    CHECK(json_child(tree.root, 4)->kind == JSON_BOOL && !json_child(tree.root, 4)->truth);
    CHECK(json_child(tree.root, 5)->kind == JSON_NULL);
    json_tree_free(&tree);
}

static const ski_test_case cases[] = {
    {"bad_tokens_have_one_message", test_bad_tokens_have_one_message},
    {"good_strings_decode_alike", test_good_strings_decode_alike},
};

SK_TEST_MAIN(cases)
