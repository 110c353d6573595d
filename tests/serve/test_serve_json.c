/* Request bodies are decoded by the format's JSON decoder (json_tree.h)
 * within the bounds of a body: one flat object of at most 32 members, its
 * values nested no deeper than the object. A malformed body gets the
 * decoder's own words, at the byte where it went wrong. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "json_tree.h"
#include "serve_internal.h"

/* Parse body; its status, with the message in why. */
static int json_body(const char *body, serve_object *obj, char *why, size_t len)
{
    sk_error err = {0};
    int rc = serve_json_parse(body, strlen(body), obj, &err);
    snprintf(why, len, "%s", err.message);
    return rc;
}

static void test_members_are_decoded(void)
{
    serve_object obj;
    char why[1024];
    CHECK_INT(json_body("{\"a\":\"x\\u00e9\\n\",\"n\":-1.5e2,\"t\":true,\"f\":false,\"z\":null}",
                        &obj, why, sizeof why),
              0);
    CHECK_INT(obj.count, 5);
    CHECK_STR(serve_json_get(&obj, "a")->text, "x\xc3\xa9\n");
    CHECK_STR(serve_json_get(&obj, "n")->text, "-1.5e2");
    CHECK_INT(serve_json_get(&obj, "n")->kind, SERVE_JSON_NUMBER);
    CHECK_STR(serve_json_get(&obj, "t")->text, "1");
    CHECK_STR(serve_json_get(&obj, "f")->text, "0");
    CHECK(serve_json_get(&obj, "z")->text == NULL);
    CHECK_INT(serve_json_get(&obj, "z")->kind, SERVE_JSON_NULL);
    serve_json_free(&obj);
}

/* A malformed body gets the message the format's decoder gives the same
 * text, at the same byte. */
static void test_malformed_body_has_the_decoders_words(void)
{
    static const char *const bodies[] = {"{\"level\":", "{\"a\":tru}", "{\"a\":\"\\q\"}",
                                         "{\"a\" 1}", "{\"a\":1,}", "{\"a\":1} x"};
    for (size_t i = 0; i < sizeof bodies / sizeof bodies[0]; i++) {
        json_tree tree;
        size_t at = 0;
        char decoder[160], want[256], why[1024];
        CHECK_INT(json_tree_parse(bodies[i], strlen(bodies[i]), &tree, &at, decoder,
                                  sizeof decoder),
                  -1);
        snprintf(want, sizeof want, "malformed JSON body at byte %zu: %s", at + 1, decoder);
        serve_object obj;
        CHECK_INT(json_body(bodies[i], &obj, why, sizeof why), -1);
        CHECK_STR(why, want);
        serve_json_free(&obj);
    }
}

static void test_bounds_of_a_body(void)
{
    serve_object obj;
    char body[1024], why[1024];
    size_t n = (size_t)snprintf(body, sizeof body, "{");
    for (int i = 0; i <= SERVE_MEMBERS_MAX; i++)
        n += (size_t)snprintf(body + n, sizeof body - n, "%s\"k%d\":%d", i ? "," : "", i, i);
    snprintf(body + n, sizeof body - n, "}");
    CHECK_INT(json_body(body, &obj, why, sizeof why), -1);
    CHECK(strstr(why, "an object of more than 32 members") != NULL);
    serve_json_free(&obj);

    CHECK_INT(json_body("{\"level\":[1]}", &obj, why, sizeof why), -1);
    CHECK(strstr(why, "not objects or arrays") != NULL);
    serve_json_free(&obj);

    char deep[512] = "{\"a\":";
    for (int i = 0; i < 100; i++)
        strcat(deep, "[");
    CHECK_INT(json_body(deep, &obj, why, sizeof why), -1);
    CHECK(strstr(why, "at byte 7: arrays and objects nested more than 2 deep") != NULL);
    serve_json_free(&obj);

    CHECK_INT(json_body("{\"a\":1,\"a\":2}", &obj, why, sizeof why), -1);
    CHECK(strstr(why, "at byte 8: a member's name is given twice") != NULL);
    serve_json_free(&obj);

    CHECK_INT(json_body("[1]", &obj, why, sizeof why), -1);
    CHECK(strstr(why, "the body must be one JSON object") != NULL);
    serve_json_free(&obj);
}

static const ski_test_case cases[] = {
    {"members_are_decoded", test_members_are_decoded},
    {"malformed_body_has_the_decoders_words", test_malformed_body_has_the_decoders_words},
    {"bounds_of_a_body", test_bounds_of_a_body},
};

int main(int argc, char **argv)
{
    return ski_test_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
