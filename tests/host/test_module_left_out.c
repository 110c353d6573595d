/* The module loader in a build that left modules out: core/host/module.c
 * compiled here with SK_MODULES_MISSING as the top-level CMakeLists.txt
 * writes it for a build without cairo and libmicrohttpd. A module left
 * out is refused with what to do, without looking for its file; any
 * other module is looked for as usual. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "module.h"

static void left_out_modules_say_what_to_do(void)
{
    sk_error err = {0};
    CHECK(ski_module_load("print", 1, 64, &err) == NULL);
    CHECK_STR(err.message,
              "this sudokit was built without the print module: install libcairo2-dev, "
              "then configure and build sudokit again");
    CHECK(ski_module_load("serve", 1, 64, &err) == NULL);
    CHECK_STR(err.message, "this sudokit was built without the serve module: configure with "
                           "-DSUDOKIT_WITH_SERVE=ON and build sudokit again");
}

static void other_modules_are_looked_for(void)
{
    sk_error err = {0};
    /* "prin" is the start of a left-out name, not one. */
    setenv(SK_MODULE_DIR_ENV, "/nonexistent-sudokit-modules", 1);
    CHECK(ski_module_load("prin", 1, 64, &err) == NULL);
    CHECK(strstr(err.message, "/nonexistent-sudokit-modules/sudokit-prin.so cannot be loaded") !=
          NULL);
    CHECK(strstr(err.message, "built without") == NULL);
    unsetenv(SK_MODULE_DIR_ENV);
}

static const ski_test_case cases[] = {
    {"left_out_modules_say_what_to_do", left_out_modules_say_what_to_do},
    {"other_modules_are_looked_for", other_modules_are_looked_for},
};

SK_TEST_MAIN(cases)
