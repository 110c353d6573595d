/* Plugin host: loading, the precise refusal of broken plugins, instances,
 * options and services. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "sudokit/grid.h"
#include "sudokit/host.h"

static const char *const host_puzzle =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

static sk_host *host_with_template(void)
{
    sk_error err;
    sk_host *host = sk_host_new_empty();
    CHECK(host != NULL);
    CHECK_INT(sk_host_load(host, SK_TEST_TEMPLATE, &err), 0);
    return host;
}

/* Load path into a fresh host that already has the template; return the
 * error message (static buffer) or NULL when the load succeeded. */
static const char *host_load_error(const char *file)
{
    static sk_error err;
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", SK_TEST_BROKEN_DIR, file);
    sk_host *host = host_with_template();
    int status = sk_host_load(host, path, &err);
    size_t count = sk_host_strategy_count(host);
    sk_host_free(host);
    CHECK_INT(count, 1); /* a refused plugin adds nothing */
    return status == 0 ? NULL : err.message;
}

static void template_loads_and_lists(void)
{
    sk_host *host = host_with_template();
    CHECK_INT(sk_host_strategy_count(host), 1);
    const sk_host_strategy *entry = sk_host_find(host, SK_KIND_RATER, "template");
    CHECK(entry != NULL);
    if (entry) {
        CHECK_STR(entry->plugin_name, "template");
        CHECK_STR(entry->plugin_version, "1.0.0");
        CHECK(strstr(entry->path, "sk-template.so") != NULL);
    }
    CHECK(sk_host_find(host, SK_KIND_SOLVER, "template") == NULL);
    CHECK_INT(sk_host_problems(host), 0);
    sk_host_free(host);
}

static void loading_twice_is_harmless(void)
{
    sk_error err;
    sk_host *host = host_with_template();
    CHECK_INT(sk_host_load(host, SK_TEST_TEMPLATE, &err), 0);
    CHECK_INT(sk_host_strategy_count(host), 1);
    sk_host_free(host);
}

static void not_a_shared_object(void)
{
    const char *err = host_load_error("not_elf.so");
    CHECK(err && strstr(err, "not a shared object"));
    CHECK(err && strstr(err, "not_elf.so"));
}

static void missing_file(void)
{
    sk_error err;
    sk_host *host = sk_host_new_empty();
    CHECK(sk_host_load(host, "/nonexistent/sk-x.so", &err) != 0);
    CHECK(strstr(err.message, "/nonexistent/sk-x.so") && strstr(err.message, "No such file"));
    sk_host_free(host);
}

static void no_entry_symbol(void)
{
    const char *err = host_load_error("no_entry.so");
    CHECK(err && strstr(err, "no entry symbol 'sudokit_plugin_entry'"));
}

static void wrong_abi_major(void)
{
    const char *err = host_load_error("wrong_abi.so");
    char want[64];
    snprintf(want, sizeof want, "built for plugin ABI %d.%d", SK_ABI_MAJOR + 1, SK_ABI_MINOR);
    CHECK(err && strstr(err, want));
}

static void newer_abi_minor(void)
{
    const char *err = host_load_error("newer_abi.so");
    char want[64];
    snprintf(want, sizeof want, "newer plugin ABI %d.%d", SK_ABI_MAJOR, SK_ABI_MINOR + 1);
    CHECK(err && strstr(err, want));
}

static void missing_function(void)
{
    const char *err = host_load_error("missing_function.so");
    CHECK(err && strstr(err, "rater 'broken' has no rate function"));
}

static void duplicate_strategy_name(void)
{
    const char *err = host_load_error("duplicate.so");
    CHECK(err && strstr(err, "rater 'template' is already provided by plugin 'template'"));
}

static void duplicate_within_a_plugin(void)
{
    const char *err = host_load_error("duplicate_within.so");
    CHECK(err && strstr(err, "rater 'broken' is defined twice"));
}

static int host_reported;

static void host_count_report(void *user, const char *message)
{
    (void)user;
    (void)message;
    host_reported++;
}

static void search_path_reports_every_problem(void)
{
    host_reported = 0;
    unsetenv("SUDOKIT_PLUGIN_PATH");
    sk_host *host = sk_host_new(&(sk_host_config){.plugin_path = SK_TEST_BROKEN_DIR, .report = host_count_report});
    /* six broken files; duplicate.so loads (no template here) */
    CHECK_INT(sk_host_problems(host), 6);
    CHECK_INT(host_reported, 6);
    CHECK(sk_host_find(host, SK_KIND_RATER, "template") != NULL);
    sk_host_free(host);
}

static void environment_path_is_searched(void)
{
    setenv("SUDOKIT_PLUGIN_PATH", SK_TEST_TEMPLATE, 1);
    sk_host *host = sk_host_new(&(sk_host_config){0});
    CHECK(sk_host_find(host, SK_KIND_RATER, "template") != NULL);
    sk_host_free(host);
    unsetenv("SUDOKIT_PLUGIN_PATH");
}

static void current_directory_is_not_searched(void)
{
    char here[4096];
    CHECK(getcwd(here, sizeof here) != NULL);
    CHECK_INT(chdir(SK_TEST_BROKEN_DIR), 0);
    unsetenv("SUDOKIT_PLUGIN_PATH");
    sk_host *host = sk_host_new(&(sk_host_config){.report = host_count_report});
    CHECK(sk_host_find(host, SK_KIND_RATER, "broken") == NULL);
    CHECK(sk_host_find(host, SK_KIND_RATER, "template") == NULL);
    sk_host_free(host);
    CHECK_INT(chdir(here), 0);
}

static void bad_options_are_refused(void)
{
    sk_host *host = host_with_template();
    sk_error err;
    sk_instance *instance = NULL;
    CHECK(sk_instance_new(host, SK_KIND_RATER, "template", "scale=abc", NULL, &instance, &err) !=
          0);
    CHECK(strstr(err.message, "rater 'template': bad value 'abc' for scale (scale=1..81"));
    CHECK(sk_instance_new(host, SK_KIND_RATER, "template", "colour=red", NULL, &instance, &err) !=
          0);
    CHECK(strstr(err.message, "unknown option 'colour'"));
    CHECK(sk_instance_new(host, SK_KIND_RATER, "template", "scale", NULL, &instance, &err) != 0);
    CHECK(strstr(err.message, "bad option 'scale': expected key=value"));
    CHECK(sk_instance_new(host, SK_KIND_SOLVER, "nosuch", NULL, NULL, &instance, &err) != 0);
    CHECK(strstr(err.message, "unknown solver 'nosuch'"));
    CHECK(instance == NULL);
    sk_host_free(host);
}

static void services_count_with_the_chosen_solver(void)
{
    sk_error err;
    sk_host *host = host_with_template();
    char path[1024];
    snprintf(path, sizeof path, "%s/sk-solver-backtrack.so", SK_TEST_PLUGIN_DIR);
    CHECK_INT(sk_host_load(host, path, &err), 0);
    sk_instance_config config = {.solver = "backtrack"};
    sk_instance *rater;
    CHECK_INT(sk_instance_new(host, SK_KIND_RATER, "template", "scale=1", &config, &rater, &err),
              0);
    sk_grid puzzle;
    size_t col;
    CHECK_INT(sk_grid_parse_line(&puzzle, host_puzzle, 81, &col), 0);
    sk_rating rating;
    CHECK_INT(sk_instance_rate(rater, &puzzle, &rating, NULL, NULL, &err), SK_OK);
    CHECK(rating.score == 81 - sk_grid_clues(&puzzle));
    /* two solutions once a needed clue is gone: the rater must refuse */
    sk_grid open = puzzle;
    for (int cell = 0; cell < 81; cell++)
        open.cells[cell] = cell < 27 ? 0 : open.cells[cell];
    CHECK_INT(sk_instance_rate(rater, &open, &rating, NULL, NULL, &err), SK_ERR_INVALID);
    CHECK(strstr(err.message, "several solutions"));
    sk_instance_free(rater);
    sk_host_free(host);
}

static void generator_instances_are_independent(void)
{
    sk_error err;
    char path[1024];
    sk_host *host = sk_host_new_empty();
    snprintf(path, sizeof path, "%s/sk-generator-pattern.so", SK_TEST_PLUGIN_DIR);
    CHECK_INT(sk_host_load(host, path, &err), 0);
    sk_instance *a, *b;
    CHECK_INT(sk_instance_new(host, SK_KIND_GENERATOR, "pattern", NULL, NULL, &a, &err), 0);
    CHECK_INT(sk_instance_new(host, SK_KIND_GENERATOR, "pattern", "first=7", NULL, &b, &err), 0);
    sk_gen_request request = {.seed = 42, .index = 3};
    sk_gen_result ra, rb;
    CHECK_INT(sk_instance_generate(a, &request, &ra, &err), SK_OK);
    CHECK_INT(sk_instance_generate(b, &request, &rb, &err), SK_OK);
    CHECK_INT(ra.solution.cells[0], 1);
    CHECK_INT(rb.solution.cells[0], 7);
    CHECK(sk_grid_solves(&ra.puzzle, &ra.solution));
    CHECK(sk_grid_solves(&rb.puzzle, &rb.solution));
    sk_instance_free(a);
    sk_instance_free(b);
    sk_host_free(host);
}

/* A fresh folder with a copy of the template plugin in it; returns the
 * folder (static buffer) and writes the copy's path into plugin. */
static const char *host_scratch_copy(char *plugin, size_t len)
{
    static char dir[256];
    snprintf(dir, sizeof dir, "/tmp/sk-host-XXXXXX");
    CHECK(mkdtemp(dir) != NULL);
    snprintf(plugin, len, "%s/sk-template.so", dir);
    char command[1024];
    snprintf(command, sizeof command, "cp '%s' '%s'", SK_TEST_TEMPLATE, plugin);
    CHECK_INT(system(command), 0);
    CHECK_INT(chmod(plugin, 0755), 0);
    return dir;
}

static void host_scratch_remove(const char *dir)
{
    char command[512];
    snprintf(command, sizeof command, "rm -rf '%s'", dir);
    CHECK_INT(system(command), 0);
}

/* A FIFO named like a plugin is refused at once: dlopen would block on it. */
static void fifo_is_not_opened(void)
{
    char plugin[512], fifo[512];
    sk_error err;
    const char *dir = host_scratch_copy(plugin, sizeof plugin);
    snprintf(fifo, sizeof fifo, "%s/x.so", dir);
    CHECK_INT(mkfifo(fifo, 0600), 0);
    sk_host *host = sk_host_new_empty();
    CHECK_INT(sk_host_load(host, fifo, &err), -1);
    CHECK(strstr(err.message, "x.so: not a regular file"));
    sk_host_free(host);
    host_reported = 0;
    host = sk_host_new(&(sk_host_config){.plugin_path = dir, .report = host_count_report});
    CHECK_INT(host_reported, 1); /* the FIFO; the template beside it loads */
    CHECK(sk_host_find(host, SK_KIND_RATER, "template") != NULL);
    sk_host_free(host);
    host_scratch_remove(dir);
}

/* A plugin any user may write to, or in a folder any user may write to
 * without the sticky bit, is refused unless allowed. */
static void writable_plugins_are_refused(void)
{
    char plugin[512];
    sk_error err;
    const char *dir = host_scratch_copy(plugin, sizeof plugin);
    sk_host *host = sk_host_new_empty();
    CHECK_INT(chmod(plugin, 0757), 0);
    CHECK_INT(sk_host_load(host, plugin, &err), -1);
    CHECK(strstr(err.message, "refused: every user may write to it"));
    CHECK(strstr(err.message, "--allow-writable-plugins"));
    CHECK_INT(chmod(plugin, 0755), 0);
    CHECK_INT(chmod(dir, 0777), 0);
    CHECK_INT(sk_host_load(host, plugin, &err), -1);
    CHECK(strstr(err.message, "refused: every user may write to its folder"));
    CHECK_INT(chmod(dir, 01777), 0); /* sticky: others cannot replace the file */
    CHECK_INT(sk_host_load(host, plugin, &err), 0);
    sk_host_free(host);
    CHECK_INT(chmod(dir, 0777), 0);
    unsetenv("SUDOKIT_PLUGIN_PATH");
    host = sk_host_new(&(sk_host_config){.plugin_path = plugin});
    CHECK(sk_host_find(host, SK_KIND_RATER, "template") == NULL);
    sk_host_free(host);
    host = sk_host_new(&(sk_host_config){.plugin_path = plugin, .allow_writable = true});
    CHECK(sk_host_find(host, SK_KIND_RATER, "template") != NULL);
    sk_host_free(host);
    CHECK_INT(chmod(dir, 0700), 0);
    host_scratch_remove(dir);
}

static const ski_test_case cases[] = {
    {"template_loads_and_lists", template_loads_and_lists},
    {"loading_twice_is_harmless", loading_twice_is_harmless},
    {"not_a_shared_object", not_a_shared_object},
    {"missing_file", missing_file},
    {"no_entry_symbol", no_entry_symbol},
    {"wrong_abi_major", wrong_abi_major},
    {"newer_abi_minor", newer_abi_minor},
    {"missing_function", missing_function},
    {"duplicate_strategy_name", duplicate_strategy_name},
    {"duplicate_within_a_plugin", duplicate_within_a_plugin},
    {"search_path_reports_every_problem", search_path_reports_every_problem},
    {"environment_path_is_searched", environment_path_is_searched},
    {"current_directory_is_not_searched", current_directory_is_not_searched},
    {"bad_options_are_refused", bad_options_are_refused},
    {"services_count_with_the_chosen_solver", services_count_with_the_chosen_solver},
    {"generator_instances_are_independent", generator_instances_are_independent},
    {"fifo_is_not_opened", fifo_is_not_opened},
    {"writable_plugins_are_refused", writable_plugins_are_refused},
};

SK_TEST_MAIN(cases)
