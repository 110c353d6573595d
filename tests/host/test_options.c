/* Parsing of strategy option strings. */
#include "check.h"
#include "options.h"

static void empty_gives_nothing(void)
{
    ski_options options;
    sk_error err;
    CHECK_INT(ski_options_parse(NULL, &options, &err), 0);
    CHECK_INT(options.count, 0);
    CHECK_INT(ski_options_parse("", &options, &err), 0);
    CHECK_INT(options.count, 0);
    ski_options_free(&options);
}

static void pairs_are_split(void)
{
    ski_options options;
    sk_error err;
    CHECK_INT(ski_options_parse("seed=12,first=3,name=", &options, &err), 0);
    CHECK_INT(options.count, 3);
    CHECK_STR(options.items[0].key, "seed");
    CHECK_STR(options.items[0].value, "12");
    CHECK_STR(options.items[1].key, "first");
    CHECK_STR(options.items[1].value, "3");
    CHECK_STR(options.items[2].key, "name");
    CHECK_STR(options.items[2].value, "");
    ski_options_free(&options);
}

static void bad_items_are_named(void)
{
    static const struct {
        const char *text, *message;
    } bad[] = {
        {"seed", "bad option 'seed': expected key=value"},
        {"a=1,,b=2", "bad option '': expected key=value"},
        {"=3", "bad option key '': use letters, digits, '_' or '-'"},
        {"a b=3", "bad option key 'a b': use letters, digits, '_' or '-'"},
        {"a=1,a=2", "option 'a' given twice"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ski_options options;
        sk_error err = {0};
        CHECK_INT(ski_options_parse(bad[i].text, &options, &err), -1);
        CHECK_STR(err.message, bad[i].message);
        ski_options_free(&options);
    }
}

static const ski_test_case cases[] = {
    {"empty_gives_nothing", empty_gives_nothing},
    {"pairs_are_split", pairs_are_split},
    {"bad_items_are_named", bad_items_are_named},
};

SK_TEST_MAIN(cases)
