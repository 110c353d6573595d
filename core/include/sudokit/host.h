/* Plugin host: finds, loads and checks strategy plugins, and runs instances. */
#ifndef SUDOKIT_HOST_H
#define SUDOKIT_HOST_H

#include <stdbool.h>
#include <stddef.h>

#include "sudokit/error.h"
#include "sudokit/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sk_host sk_host;
typedef struct sk_instance sk_instance;

/* A loaded strategy, as listed by sk_host_strategy_at. */
typedef struct sk_host_strategy {
    const sk_strategy *strategy;
    const char *plugin_name;
    const char *plugin_version;
    const char *path; /* file the plugin was loaded from (built in: its origin) */
    bool built_in;    /* added with sk_host_add, not loaded from a file   */
    uint32_t abi_minor; /* the plugin ABI minor it was built for          */
} sk_host_strategy;

/* Called for each problem met while loading (a bad file, a duplicate
 * name...). message is complete and names the file; the host goes on. */
typedef void (*sk_host_report_fn)(void *user, const char *message);

/* Called for each line a strategy or a constraint logs (sk_services.log)
 * that passes the level: errors and warnings, every level when
 * $SUDOKIT_DEBUG is set. level is an SK_LOG_* value; message is
 * "KIND 'NAME': " and the plugin's text as it gave it (a face escapes it
 * for a terminal). Called on the thread that runs the strategy, so maybe
 * on several threads at once. */
typedef void (*sk_host_log_fn)(void *user, int level, const char *message);

/* How a host finds and trusts plugins. A zeroed config is valid. */
typedef struct sk_host_config {
    const char *plugin_path; /* ':'-separated files or folders, may be NULL */
    bool allow_writable;     /* load plugins that every user may write to   */
    sk_host_report_fn report; /* load problems, may be NULL                 */
    void *report_user;
    sk_host_log_fn log;      /* the strategies' log lines; NULL: dropped   */
    void *log_user;
} sk_host_config;

/* Create a host and load every plugin on the search path, in this order:
 * the entries of config->plugin_path, then those of $SUDOKIT_PLUGIN_PATH,
 * then the default folder: the build tree's plugins when the file that
 * holds the host (the sudokit executable, or libsudokit for a program
 * linked with it) is in the build tree, else the installed plugin folder
 * found relative to that file. The current directory is never searched
 * unless named. Only regular files are opened,
 * and a file (or a folder above it) that every user may write is refused
 * unless config->allow_writable or $SUDOKIT_ALLOW_WRITABLE_PLUGINS=1 says
 * otherwise. Problems go to config->report and are counted in
 * sk_host_problems. The host installs no signal handler: a program that
 * wants a crash inside a plugin named asks its context for crash reports
 * (sk_ctx_config, ops.h). Returns NULL only when out of memory. Free with
 * sk_host_free. */
sk_host *sk_host_new(const sk_host_config *config);

/* Create a host that loads nothing by itself (for tests and tools that
 * load plugins one by one with sk_host_load). */
sk_host *sk_host_new_empty(void);

/* Load one plugin file. Returns 0, or -1 with a message naming the file
 * and the precise problem in err: not a regular file, writable by every
 * user (see sk_host_new), not a shared object, no entry symbol,
 * unsupported ABI, a missing required member, a duplicate strategy name.
 * A plugin that fails any check is unloaded entirely. */
int sk_host_load(sk_host *host, const char *path, sk_error *err);

/* Add a plugin compiled into the program, such as the rater that runs
 * Lua files: plugin is checked like a loaded one and must outlive the
 * host; origin stands for its file in listings. Returns 0, or -1 with a
 * message in err. */
int sk_host_add(sk_host *host, const sk_plugin *plugin, const char *origin, sk_error *err);

/* How a strategy compiled into the program is created when it needs to
 * know on whose behalf: sk_create_fn with the creation context of the
 * instance (sk_instance_config.context, NULL when none). The Lua binding
 * passes a script's sandbox and limits this way to the Lua states of the
 * raters and generators that script makes. */
typedef void *(*sk_host_create_fn)(const void *context, const sk_services *services,
                                   const sk_option *options, size_t option_count, char *err,
                                   size_t errlen);

/* sk_host_add, with creates (may be NULL) parallel to plugin->strategies:
 * a strategy whose creates[i] is not NULL is created by it, with the
 * instance's context, and needs no create function of its own. */
int sk_host_add_with_context(sk_host *host, const sk_plugin *plugin,
                             const sk_host_create_fn *creates, const char *origin, sk_error *err);

/* Number of load problems met so far. */
int sk_host_problems(const sk_host *host);

/* Strategies in load order. sk_host_strategy_at returns NULL past the end;
 * the pointer stays valid until sk_host_free. */
size_t sk_host_strategy_count(const sk_host *host);
const sk_host_strategy *sk_host_strategy_at(const sk_host *host, size_t index);

/* Find a strategy of kind by name; NULL when there is none. "NAME:ARG"
 * finds NAME (see sk_instance_new). */
const sk_host_strategy *sk_host_find(const sk_host *host, sk_kind kind, const char *name);

/* The name of technique number index (0, 1, ...) a rater strategy can
 * report (the name of its ABI 1.2 technique), or NULL past the last one and for a
 * strategy that lists none. The string is the plugin's, valid while it is
 * loaded. */
const char *sk_host_technique_name(const sk_host_strategy *rater, size_t index);

/* The SK_STRATEGY_* flags of a strategy (0 for one built for an ABI
 * before 1.2). */
uint32_t sk_host_strategy_flags(const sk_host_strategy *entry);

/* Name of the default strategy of a kind ("fast" solver when loaded,
 * else "singles", else the first loaded), or NULL when none is loaded. */
const char *sk_host_default_name(const sk_host *host, sk_kind kind);

/* Unload every plugin. Every instance must have been freed before. */
void sk_host_free(sk_host *host);

/* What an instance should lean on for the services it lends. */
typedef struct sk_instance_config {
    const char *solver;         /* backs count_solutions; NULL = default   */
    const char *solver_options; /* may be NULL                             */
    const char *rater;          /* backs rate; NULL = no rater service     */
    const char *rater_options;
    bool verify;                /* check every answer (see below)          */
    /* Lent to a strategy created with a context (sk_host_add_with_context)
     * and to the helper instances behind this one's services, on whatever
     * thread they are made; NULL: none. Must outlive the instance. */
    const void *context;
} sk_instance_config;

/* Create an instance of strategy name of kind with options
 * ("key=value,key=value", may be NULL or empty). config may be NULL (the
 * defaults). A name "NAME:ARG" is strategy NAME given the option file=ARG
 * before the others: how a strategy kept in a file is named on a command
 * line ("lua:rater.lua"). Returns 0, or -1 with a message in err (unknown strategy, bad
 * option syntax, or the strategy's own refusal of an option). Free with
 * sk_instance_free. One instance is used by one thread at a time. */
int sk_instance_new(sk_host *host, sk_kind kind, const char *name,
                    const char *options, const sk_instance_config *config,
                    sk_instance **out, sk_error *err);

/* Free an instance and the helper instances behind its services. NULL is
 * ignored. */
void sk_instance_free(sk_instance *instance);

/* The strategy behind an instance. */
const sk_host_strategy *sk_instance_strategy(const sk_instance *instance);

/* Solve with a solver instance: see sk_solve_fn. With verify set in the
 * config, a returned solution that does not solve the puzzle is refused:
 * the call returns SK_ERR and err says the plugin gave a wrong grid. err
 * may be NULL. */
int sk_instance_solve(sk_instance *instance, const sk_grid *puzzle, int limit,
                      sk_grid *solution, sk_solve_stats *stats,
                      sk_error *err);

/* Generate with a generator instance: see sk_generate_fn. request may have
 * struct_size 0; the host sets it. With verify set in the config, a result
 * whose solution does not solve its puzzle, or a puzzle without exactly one
 * solution (counted by the config's solver), is refused with SK_ERR. */
int sk_instance_generate(sk_instance *instance, const sk_gen_request *request,
                         sk_gen_result *out, sk_error *err);

/* Rate with a rater instance: see sk_rate_fn. The host sets
 * out->struct_size. */
int sk_instance_rate(sk_instance *instance, const sk_grid *puzzle, sk_rating *out,
                     sk_step_fn on_step, void *user, sk_error *err);

/* True when the rater instance can start from pencil marks (its plugin
 * has rate_marks, ABI 1.1). */
bool sk_instance_rates_marks(const sk_instance *instance);

/* Rate the position of puzzle's digits and marks (81 candidate masks, bit
 * d-1 for digit d): see sk_rate_marks_fn. SK_ERR with a message when the
 * rater cannot start from marks (sk_instance_rates_marks). */
int sk_instance_rate_marks(sk_instance *instance, const sk_grid *puzzle,
                           const uint16_t marks[81], sk_rating *out, sk_step_fn on_step,
                           void *user, sk_error *err);

/* ------------------------------------------------- any rules (ABI 1.2) -- */

/* Name of the default solver of any rules: "general" when loaded, else the
 * first loaded solver with solve_rules; NULL when there is none. */
const char *sk_host_default_rules_solver(const sk_host *host);

/* True when the solver instance solves any rules (its strategy has
 * solve_rules). */
bool sk_instance_solves_rules(const sk_instance *instance);

/* True when the generator instance generates under any rules (its strategy
 * has generate_rules). */
bool sk_instance_generates_rules(const sk_instance *instance);

/* Solve puzzle under rules (from sk_rules_compile, sudokit/rules.h): see
 * sk_solve_rules_fn. Classic rules go to the solver's classic solve when it
 * has one (the fast path); a solver without solve_rules refuses other rules
 * with SK_ERR and a message naming them. With verify set, a solution that
 * does not solve the puzzle under the rules is refused with SK_ERR. */
int sk_instance_solve_rules(sk_instance *instance, const sk_rules *rules, const sk_board *puzzle,
                            int limit, sk_board *solution, sk_solve_stats *stats, sk_error *err);

/* True when the rater instance rates puzzles under rules other than
 * classic (its strategy has rate_rules, ABI 1.4). */
bool sk_instance_rates_rules(const sk_instance *instance);

/* Rate puzzle under rules: see sk_rate_rules_fn. Classic rules go to the
 * rater's classic rate; a rater without rate_rules refuses other rules
 * with SK_ERR and a message naming them. The host sets out->struct_size. */
int sk_instance_rate_rules(sk_instance *instance, const sk_rules *rules, const sk_board *puzzle,
                           sk_rating *out, sk_step_fn on_step, void *user, sk_error *err);

/* Generate under rules: see sk_generate_rules_fn. The host lends the spec
 * buffer during the call (out->spec is NULL and spec_size 0 on return).
 * *made gets the rules of the result, a reference the caller releases with
 * sk_rules_free: rules itself, or the rules the generator invented (a
 * random jigsaw, killer cages), compiled on the host. Classic rules go to
 * a classic generate when the generator has one. With verify set, a
 * solution that does not solve its puzzle under *made, or a puzzle without
 * exactly one solution (counted through the services), is refused with
 * SK_ERR. On failure *made is NULL. */
int sk_instance_generate_rules(sk_instance *instance, const sk_rules *rules,
                               const sk_gen_request *request, sk_gen_rules_result *out,
                               const sk_rules **made, sk_error *err);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_HOST_H */
