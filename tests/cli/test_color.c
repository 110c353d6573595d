/* The colour rule (ski_color_use): --color=always and never win, auto
 * colours a terminal only, and NO_COLOR with a value turns auto off. The
 * terminal is a pseudo-terminal this test opens. */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "color.h"

/* A stream on a new pseudo-terminal's far end, or NULL when the system has
 * none to give. */
static FILE *open_terminal(int *master)
{
    *master = posix_openpt(O_RDWR | O_NOCTTY);
    if (*master < 0 || grantpt(*master) || unlockpt(*master))
        return NULL;
    const char *name = ptsname(*master);
    int fd = name ? open(name, O_RDWR | O_NOCTTY) : -1;
    return fd < 0 ? NULL : fdopen(fd, "w");
}

static void auto_colours_a_terminal_only(void)
{
    unsetenv("NO_COLOR");
    int master;
    FILE *terminal = open_terminal(&master);
    CHECK(terminal != NULL);
    FILE *file = tmpfile();
    CHECK(ski_color_use(SK_COLOR_AUTO, terminal));
    CHECK(!ski_color_use(SK_COLOR_AUTO, file));
    CHECK(!ski_color_use(SK_COLOR_AUTO, NULL));
    fclose(file);
    if (terminal)
        fclose(terminal);
    close(master);
}

static void no_color_with_a_value_turns_auto_off(void)
{
    int master;
    FILE *terminal = open_terminal(&master);
    CHECK(terminal != NULL);
    setenv("NO_COLOR", "1", 1);
    CHECK(!ski_color_use(SK_COLOR_AUTO, terminal));
    setenv("NO_COLOR", "no", 1); /* any value, even one that reads as "no" */
    CHECK(!ski_color_use(SK_COLOR_AUTO, terminal));
    setenv("NO_COLOR", "", 1); /* empty: as if it were not set */
    CHECK(ski_color_use(SK_COLOR_AUTO, terminal));
    unsetenv("NO_COLOR");
    if (terminal)
        fclose(terminal);
    close(master);
}

static void always_and_never_win(void)
{
    int master;
    FILE *terminal = open_terminal(&master);
    FILE *file = tmpfile();
    setenv("NO_COLOR", "1", 1);
    CHECK(ski_color_use(SK_COLOR_ALWAYS, file));
    CHECK(ski_color_use(SK_COLOR_ALWAYS, terminal));
    unsetenv("NO_COLOR");
    CHECK(!ski_color_use(SK_COLOR_NEVER, terminal));
    CHECK(!ski_color_use(SK_COLOR_NEVER, file));
    fclose(file);
    if (terminal)
        fclose(terminal);
    close(master);
}

static void the_names_are_the_choices(void)
{
    CHECK_STR(ski_color_mode_names[SK_COLOR_AUTO], "auto");
    CHECK_STR(ski_color_mode_names[SK_COLOR_ALWAYS], "always");
    CHECK_STR(ski_color_mode_names[SK_COLOR_NEVER], "never");
    CHECK(ski_color_mode_names[3] == NULL);
}

static const ski_test_case cases[] = {
    {"auto_colours_a_terminal_only", auto_colours_a_terminal_only},
    {"no_color_with_a_value_turns_auto_off", no_color_with_a_value_turns_auto_off},
    {"always_and_never_win", always_and_never_win},
    {"the_names_are_the_choices", the_names_are_the_choices},
};

SK_TEST_MAIN(cases)
