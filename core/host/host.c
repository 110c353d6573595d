/* Plugin host: search path, loading and checking plugins, instances and the
 * services lent to them. */
#include "sudokit/host.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "host_guard.h"
#include "host_log.h"
#include "install_dir.h"
#include "options.h"
#include "rules_cache.h"
#include "sudokit/grid.h"
#include "sudokit/names.h"
#include "sudokit/rules.h"

/* A strategy as the host keeps it: what sk_host_strategy_at shows, and
 * how a strategy built into the program is created with a context. */
typedef struct host_entry {
    sk_host_strategy shown; /* first: an entry's address is its own */
    sk_host_create_fn create_with_context; /* NULL: the strategy's create */
} host_entry;

typedef struct host_plugin {
    void *handle;
    const sk_plugin *descriptor;
    char *path;          /* canonical path                       */
    host_entry *entries; /* this plugin's strategies, one block  */
} host_plugin;

struct sk_host {
    host_plugin *plugins;
    size_t plugin_count, plugin_cap;
    sk_host_strategy **strategies; /* stable pointers */
    size_t strategy_count, strategy_cap;
    int problems;
    bool allow_writable;
    sk_host_report_fn report;
    void *report_user;
    sk_host_log_fn log;
    void *log_user;
    struct rules_cache *rules_cache; /* the rules compiled on this host */
};

struct sk_instance {
    sk_host *host;
    const sk_host_strategy *entry;
    void *state;
    sk_services services;
    bool verify;
    char *solver_name, *solver_options; /* backing count_solutions */
    char *rater_name, *rater_options;   /* backing rate            */
    sk_instance *solver;                /* created on first use    */
    sk_instance *rules_solver;          /* for rules the solver refuses */
    sk_instance *rater;
    const void *context;                /* creation context, for helpers */
    const sk_rules *classic_rules;      /* for a strategy of rules only */
};

/* Smallest struct sizes a plugin may declare: the members of ABI 1.0. */
#define HOST_MIN_PLUGIN_SIZE (offsetof(sk_plugin, strategies) + sizeof(void *))
#define HOST_MIN_STRATEGY_SIZE (offsetof(sk_strategy, rate) + sizeof(void *))
#define HOST_MIN_CONSTRAINT_SIZE (offsetof(sk_constraint, free_state) + sizeof(void *))

/* A strategy's member, or NULL when the strategy's ABI predates it. */
#define HOST_MEMBER(s, member)                                                        \
    ((s)->struct_size >= offsetof(sk_strategy, member) + sizeof(s)->member ? (s)->member \
                                                                            : NULL)

static const char *host_kind_name(sk_kind kind)
{
    switch (kind) {
    case SK_KIND_SOLVER:
        return "solver";
    case SK_KIND_GENERATOR:
        return "generator";
    case SK_KIND_RATER:
        return "rater";
    case SK_KIND_CONSTRAINT:
        return "constraint";
    }
    return "?";
}

sk_host *sk_host_new_empty(void)
{
    sk_host *host = calloc(1, sizeof(sk_host));
    if (host && !(host->rules_cache = rules_cache_new())) {
        free(host);
        return NULL;
    }
    return host;
}

struct rules_cache *host_rules_cache(const sk_host *host)
{
    return host->rules_cache;
}

static void host_problem(sk_host *host, const char *message)
{
    host->problems++;
    if (host->report)
        host->report(host->report_user, message);
}

int sk_host_problems(const sk_host *host)
{
    return host->problems;
}

/* Explain why dlopen failed, looking at the file itself first. */
static void host_explain_dlopen(const char *path, sk_error *err)
{
    const char *why = dlerror();
    FILE *file = fopen(path, "rb");
    if (!file) {
        sk_error_set(err, SK_EXIT_FAILURE, "%s: cannot open: %s", path, strerror(errno));
        return;
    }
    unsigned char magic[4] = {0};
    size_t got = fread(magic, 1, sizeof magic, file);
    fclose(file);
    if (got < 4 || memcmp(magic, "\x7f" "ELF", 4) != 0)
        sk_error_set(err, SK_EXIT_FAILURE, "%s: not a shared object (no ELF header)", path);
    else
        sk_error_set(err, SK_EXIT_FAILURE, "%s: cannot load: %s", path, why ? why : "unknown error");
}

static bool host_valid_name(const char *name)
{
    if (!name || !*name || strlen(name) > 40)
        return false;
    for (const char *p = name; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-' || *p == '_'))
            return false;
    return true;
}

/* A constraint's name is the term of a spec it reads: 1-40 of a-z, 0-9,
 * '-', '+', '_', starting with a letter, and not the geometry's "jigsaw". */
static bool host_valid_term(const char *name)
{
    if (!name || !(*name >= 'a' && *name <= 'z') || strlen(name) > 40 ||
        strcmp(name, "jigsaw") == 0)
        return false;
    for (const char *p = name; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-' || *p == '_' ||
              *p == '+'))
            return false;
    return true;
}

/* What a constraint strategy lacks, or NULL. */
static const char *host_constraint_missing(const sk_strategy *s)
{
    const sk_constraint *c = HOST_MEMBER(s, constraint);
    if (!c)
        return "constraint table";
    if (c->struct_size < HOST_MIN_CONSTRAINT_SIZE)
        return "complete constraint table (its struct_size is smaller than ABI 1.2's)";
    return !c->parse                   ? "parse function"
           : !c->syntax                ? "syntax line"
           : !c->example               ? "example"
           : c->check && !c->propagate ? "propagate function (it has check: customs need both)"
           : !c->check && c->propagate ? "check function (it has propagate: customs need both)"
                                       : NULL;
}

/* What a strategy lacks for its kind, or NULL; one created with a
 * context (sk_host_add_with_context) needs no create function. */
static const char *host_missing(const sk_strategy *s, bool created_with_context)
{
    if (!s->summary)
        return "summary";
    if (s->kind == SK_KIND_CONSTRAINT)
        return host_constraint_missing(s);
    return !s->create && !created_with_context ? "create function"
           : !s->destroy ? "destroy function"
           : s->kind == SK_KIND_SOLVER && !s->solve && !HOST_MEMBER(s, solve_rules)
               ? "solve function"
           : s->kind == SK_KIND_GENERATOR && !s->generate && !HOST_MEMBER(s, generate_rules)
               ? "generate function"
           : s->kind == SK_KIND_RATER && !s->rate ? "rate function"
                                                  : NULL;
}

/* Check one strategy of a plugin; 0 or -1 with a message. */
static int host_check_strategy(const sk_host *host, const sk_plugin *plugin,
                               const sk_strategy *s, size_t index, bool created_with_context,
                               const char *path, sk_error *err)
{
    if (s->struct_size < HOST_MIN_STRATEGY_SIZE) {
        sk_error_set(err, SK_EXIT_FAILURE, "%s: strategy #%zu: struct_size %u is smaller than ABI 1.0's %zu",
                 path, index + 1, s->struct_size, HOST_MIN_STRATEGY_SIZE);
        return -1;
    }
    bool constraint = s->kind == SK_KIND_CONSTRAINT && plugin->abi_minor >= 2;
    if (s->kind != SK_KIND_SOLVER && s->kind != SK_KIND_GENERATOR && s->kind != SK_KIND_RATER &&
        !constraint) {
        sk_error_set(err, SK_EXIT_FAILURE, "%s: strategy #%zu: unknown kind %d", path, index + 1, (int)s->kind);
        return -1;
    }
    const char *kind = host_kind_name(s->kind);
    if (constraint && !host_valid_term(s->name)) {
        sk_error_set(err, SK_EXIT_FAILURE,
                 "%s: constraint #%zu: missing or bad name '%.40s': a constraint is named by its "
                 "spec term, 1-40 characters a-z, 0-9, '-', '+', '_' starting with a letter, "
                 "not 'jigsaw'",
                 path, index + 1, s->name ? s->name : "");
        return -1;
    }
    if (!constraint && !host_valid_name(s->name)) {
        sk_error_set(err, SK_EXIT_FAILURE,
                 "%s: %s #%zu: missing or bad name (1-40 characters a-z, 0-9, '-', '_')",
                 path, kind, index + 1);
        return -1;
    }
    const char *missing = host_missing(s, created_with_context);
    if (missing) {
        sk_error_set(err, SK_EXIT_FAILURE, "%s: %s '%s' has no %s", path, kind, s->name, missing);
        return -1;
    }
    for (size_t i = 0; i < index; i++) {
        const sk_strategy *other = plugin->strategies[i];
        if (other->kind == s->kind && strcmp(other->name, s->name) == 0) {
            sk_error_set(err, SK_EXIT_FAILURE, "%s: %s '%s' is defined twice in plugin '%s'",
                     path, kind, s->name, plugin->name);
            return -1;
        }
    }
    const sk_host_strategy *existing = sk_host_find(host, s->kind, s->name);
    if (existing) {
        sk_error_set(err, SK_EXIT_FAILURE,
                 "%s: %s '%s' is already provided by plugin '%s' (%s); plugin '%s' not loaded",
                 path, kind, s->name, existing->plugin_name, existing->path, plugin->name);
        return -1;
    }
    return 0;
}

/* Check a plugin's descriptor (creates: see sk_host_add_with_context); 0
 * or -1 with a message. */
static int host_check_plugin(const sk_host *host, const sk_plugin *plugin,
                             const sk_host_create_fn *creates, const char *path, sk_error *err)
{
    if (!plugin) {
        sk_error_set(err, SK_EXIT_FAILURE, "%s: entry symbol %s returned NULL", path, SK_PLUGIN_ENTRY_NAME);
        return -1;
    }
    if (plugin->abi_major != SK_ABI_MAJOR) {
        sk_error_set(err, SK_EXIT_FAILURE,
                 "%s: built for plugin ABI %u.%u; this sudokit supports ABI %d.0 to %d.%d: "
                 "rebuild the plugin against this sudokit's plugin.h",
                 path, plugin->abi_major, plugin->abi_minor, SK_ABI_MAJOR, SK_ABI_MAJOR,
                 SK_ABI_MINOR);
        return -1;
    }
    if (plugin->abi_minor > SK_ABI_MINOR) {
        sk_error_set(err, SK_EXIT_FAILURE,
                 "%s: built for a newer plugin ABI %u.%u; this sudokit supports up to %d.%d: "
                 "upgrade sudokit or rebuild the plugin",
                 path, plugin->abi_major, plugin->abi_minor, SK_ABI_MAJOR, SK_ABI_MINOR);
        return -1;
    }
    if (plugin->struct_size < HOST_MIN_PLUGIN_SIZE) {
        sk_error_set(err, SK_EXIT_FAILURE, "%s: descriptor struct_size %u is smaller than ABI 1.0's %zu",
                 path, plugin->struct_size, HOST_MIN_PLUGIN_SIZE);
        return -1;
    }
    if (!host_valid_name(plugin->name) || !plugin->version || !*plugin->version) {
        sk_error_set(err, SK_EXIT_FAILURE, "%s: descriptor has a missing or bad name or version", path);
        return -1;
    }
    if (!plugin->strategies || !plugin->strategies[0]) {
        sk_error_set(err, SK_EXIT_FAILURE, "%s: plugin '%s' lists no strategies", path, plugin->name);
        return -1;
    }
    for (size_t i = 0; plugin->strategies[i]; i++)
        if (host_check_strategy(host, plugin, plugin->strategies[i], i, creates && creates[i],
                                path, err))
            return -1;
    return 0;
}

static int host_register(sk_host *host, void *handle, const sk_plugin *plugin,
                         const sk_host_create_fn *creates, char *path, sk_error *err)
{
    size_t count = 0;
    while (plugin->strategies[count])
        count++;
    if (host->plugin_count == host->plugin_cap) {
        size_t cap = host->plugin_cap ? host->plugin_cap * 2 : 16;
        host_plugin *grown = realloc(host->plugins, cap * sizeof *grown);
        if (!grown)
            goto out_of_memory;
        host->plugins = grown;
        host->plugin_cap = cap;
    }
    if (host->strategy_count + count > host->strategy_cap) {
        size_t cap = host->strategy_cap ? host->strategy_cap * 2 : 32;
        while (cap < host->strategy_count + count)
            cap *= 2;
        sk_host_strategy **grown = realloc(host->strategies, cap * sizeof *grown);
        if (!grown)
            goto out_of_memory;
        host->strategies = grown;
        host->strategy_cap = cap;
    }
    host_entry *entries = calloc(count, sizeof *entries);
    if (!entries)
        goto out_of_memory;
    for (size_t i = 0; i < count; i++) {
        entries[i].shown = (sk_host_strategy){plugin->strategies[i], plugin->name,
                                              plugin->version, path, handle == NULL,
                                              plugin->abi_minor};
        entries[i].create_with_context = creates ? creates[i] : NULL;
        host->strategies[host->strategy_count++] = &entries[i].shown;
    }
    host->plugins[host->plugin_count++] = (host_plugin){handle, plugin, path, entries};
    return 0;

out_of_memory:
    sk_error_set(err, SK_EXIT_FAILURE, "%s: out of memory", path);
    return -1;
}

/* Refuse what dlopen should never see: anything but a regular file (a FIFO
 * would block it forever), and unless allowed, a file that every user may
 * write, or one in a folder every user may write (without the sticky bit),
 * since anyone could then put code of theirs in this process. */
static int host_check_file(const sk_host *host, const char *resolved, sk_error *err)
{
    struct stat st;
    if (stat(resolved, &st) != 0) {
        sk_error_set(err, SK_EXIT_FAILURE, "%s: cannot open: %s", resolved, strerror(errno));
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        sk_error_set(err, SK_EXIT_FAILURE, "%s: not a regular file; a plugin is a shared object file", resolved);
        return -1;
    }
    if (host->allow_writable)
        return 0;
    if (st.st_mode & S_IWOTH) {
        sk_error_set(err, SK_EXIT_FAILURE,
                 "%s: refused: every user may write to it, so anyone could run code here; "
                 "`chmod o-w` it, or allow it with --allow-writable-plugins",
                 resolved);
        return -1;
    }
    char folder[PATH_MAX];
    snprintf(folder, sizeof folder, "%s", resolved);
    for (char *slash = strrchr(folder, '/'); slash; slash = strrchr(folder, '/')) {
        *slash = '\0';
        const char *dir = folder[0] ? folder : "/";
        if (stat(dir, &st) == 0 && (st.st_mode & S_IWOTH) && !(st.st_mode & S_ISVTX)) {
            sk_error_set(err, SK_EXIT_FAILURE,
                     "%s: refused: every user may write to its folder %s, so anyone could "
                     "replace it; `chmod o-w` the folder, or allow it with "
                     "--allow-writable-plugins",
                     resolved, dir);
            return -1;
        }
    }
    return 0;
}

int sk_host_load(sk_host *host, const char *path, sk_error *err)
{
    char resolved[PATH_MAX];
    if (!realpath(path, resolved)) {
        sk_error_set(err, SK_EXIT_FAILURE, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    if (host_check_file(host, resolved, err))
        return -1;
    for (size_t i = 0; i < host->plugin_count; i++)
        if (strcmp(host->plugins[i].path, resolved) == 0)
            return 0; /* named twice on the path: already loaded */

    dlerror();
    void *handle = dlopen(resolved, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        host_explain_dlopen(resolved, err);
        return -1;
    }
    char *owned_path = NULL;
    union {
        void *object;
        sk_plugin_entry_fn function;
    } entry;
    entry.object = dlsym(handle, SK_PLUGIN_ENTRY_NAME);
    if (!entry.object) {
        sk_error_set(err, SK_EXIT_FAILURE,
                 "%s: no entry symbol '%s': not a sudokit plugin (export it with SK_EXPORT)",
                 resolved, SK_PLUGIN_ENTRY_NAME);
        goto fail;
    }
    ski_guard_frame frame = {NULL, NULL, NULL, resolved, "entry symbol", NULL};
    ski_guard_enter(&frame);
    const sk_plugin *plugin = entry.function();
    ski_guard_leave(&frame);
    if (host_check_plugin(host, plugin, NULL, resolved, err))
        goto fail;
    owned_path = strdup(resolved);
    if (!owned_path) {
        sk_error_set(err, SK_EXIT_FAILURE, "%s: out of memory", resolved);
        goto fail;
    }
    if (host_register(host, handle, plugin, NULL, owned_path, err))
        goto fail;
    return 0;

fail:
    free(owned_path);
    dlclose(handle);
    return -1;
}

int sk_host_add(sk_host *host, const sk_plugin *plugin, const char *origin, sk_error *err)
{
    return sk_host_add_with_context(host, plugin, NULL, origin, err);
}

int sk_host_add_with_context(sk_host *host, const sk_plugin *plugin,
                             const sk_host_create_fn *creates, const char *origin, sk_error *err)
{
    if (host_check_plugin(host, plugin, creates, origin, err))
        return -1;
    char *owned_origin = strdup(origin);
    if (!owned_origin) {
        sk_error_set(err, SK_EXIT_FAILURE, "%s: out of memory", origin);
        return -1;
    }
    if (host_register(host, NULL, plugin, creates, owned_origin, err)) {
        free(owned_origin);
        return -1;
    }
    return 0;
}

static int host_compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Load every "*.so" of a folder in name order, or the file itself. A path
 * that does not exist is a problem only when the user named it. */
static void host_load_entry(sk_host *host, const char *path, bool named)
{
    sk_error err;
    DIR *dir = opendir(path);
    if (!dir) {
        if (errno == ENOTDIR) {
            if (sk_host_load(host, path, &err))
                host_problem(host, err.message);
        } else if (named) {
            sk_error_set(&err, SK_EXIT_FAILURE, "plugin path %s: %s", path, strerror(errno));
            host_problem(host, err.message);
        }
        return;
    }
    char **names = NULL;
    size_t count = 0, cap = 0;
    struct dirent *item;
    while ((item = readdir(dir))) {
        size_t len = strlen(item->d_name);
        if (len < 4 || strcmp(item->d_name + len - 3, ".so") != 0)
            continue;
        if (count == cap) {
            cap = cap ? cap * 2 : 16;
            char **grown = realloc(names, cap * sizeof *grown);
            if (!grown)
                break;
            names = grown;
        }
        char *full = malloc(strlen(path) + len + 2);
        if (!full)
            break;
        sprintf(full, "%s/%s", path, item->d_name);
        names[count++] = full;
    }
    closedir(dir);
    qsort(names, count, sizeof *names, host_compare_names);
    for (size_t i = 0; i < count; i++) {
        if (sk_host_load(host, names[i], &err))
            host_problem(host, err.message);
        free(names[i]);
    }
    free(names);
}

static void host_load_list(sk_host *host, const char *list)
{
    if (!list)
        return;
    char *copy = strdup(list);
    if (!copy)
        return;
    for (char *save = NULL, *part = strtok_r(copy, ":", &save); part;
         part = strtok_r(NULL, ":", &save))
        host_load_entry(host, part, true);
    free(copy);
}

sk_host *sk_host_new(const sk_host_config *config)
{
    sk_host *host = sk_host_new_empty();
    if (!host)
        return NULL;
    const char *allow = getenv("SUDOKIT_ALLOW_WRITABLE_PLUGINS");
    host->allow_writable = config->allow_writable || (allow && strcmp(allow, "1") == 0);
    host->report = config->report;
    host->report_user = config->report_user;
    host->log = config->log;
    host->log_user = config->log_user;
    host_load_list(host, config->plugin_path);
    host_load_list(host, getenv("SUDOKIT_PLUGIN_PATH"));
    char buf[PATH_MAX];
    const char *dir = ski_install_dir(SK_FOLDER_PLUGINS, buf);
    if (dir)
        host_load_entry(host, dir, false);
    return host;
}

size_t sk_host_strategy_count(const sk_host *host)
{
    return host->strategy_count;
}

const sk_host_strategy *sk_host_strategy_at(const sk_host *host, size_t index)
{
    return index < host->strategy_count ? host->strategies[index] : NULL;
}

const sk_host_strategy *sk_host_find(const sk_host *host, sk_kind kind, const char *name)
{
    size_t len = strcspn(name, ":"); /* "NAME:ARG" names NAME */
    for (size_t i = 0; i < host->strategy_count; i++) {
        const sk_strategy *s = host->strategies[i]->strategy;
        if (s->kind == kind && strncmp(s->name, name, len) == 0 && s->name[len] == '\0')
            return host->strategies[i];
    }
    return NULL;
}

const char *sk_host_default_name(const sk_host *host, sk_kind kind)
{
    static const char *const preferred[][3] = {
        [SK_KIND_SOLVER] = {"fast", "singles", NULL},
        [SK_KIND_GENERATOR] = {"dig", "random", NULL},
        [SK_KIND_RATER] = {SK_DEFAULT_RATER, "classic", NULL},
        [SK_KIND_CONSTRAINT] = {NULL},
    };
    for (int i = 0; preferred[kind][i]; i++)
        if (sk_host_find(host, kind, preferred[kind][i]))
            return preferred[kind][i];
    for (size_t i = 0; i < host->strategy_count; i++)
        if (host->strategies[i]->strategy->kind == kind)
            return host->strategies[i]->strategy->name;
    return NULL;
}

const char *sk_host_default_rules_solver(const sk_host *host)
{
    const sk_host_strategy *general = sk_host_find(host, SK_KIND_SOLVER, "general");
    if (general && HOST_MEMBER(general->strategy, solve_rules))
        return "general";
    for (size_t i = 0; i < host->strategy_count; i++) {
        const sk_strategy *s = host->strategies[i]->strategy;
        if (s->kind == SK_KIND_SOLVER && HOST_MEMBER(s, solve_rules))
            return s->name;
    }
    return NULL;
}

void sk_host_free(sk_host *host)
{
    if (!host)
        return;
    rules_cache_free(host->rules_cache); /* customs may hold the plugins' states */
    for (size_t p = 0; p < host->plugin_count; p++) {
        free(host->plugins[p].entries);
        if (host->plugins[p].handle) /* NULL: built in (sk_host_add) */
            dlclose(host->plugins[p].handle);
        free(host->plugins[p].path);
    }
    free(host->strategies);
    free(host->plugins);
    free(host);
}

/* The crash-report frame of a call into a strategy's function. */
static ski_guard_frame host_frame(const sk_host_strategy *entry, const char *call)
{
    return (ski_guard_frame){host_kind_name(entry->strategy->kind), entry->strategy->name,
                            entry->plugin_name, entry->path, call, NULL};
}

/* ------------------------------------------------------------ services -- */

void host_log(const sk_host *host, int level, const char *kind, const char *name,
              const char *message)
{
    if (!host || !host->log || (level > SK_LOG_WARN && !getenv("SUDOKIT_DEBUG")))
        return;
    char small[512];
    int n = snprintf(small, sizeof small, "%s '%s': %s", kind, name, message);
    char *text = n >= (int)sizeof small ? malloc((size_t)n + 1) : NULL;
    if (text)
        snprintf(text, (size_t)n + 1, "%s '%s': %s", kind, name, message);
    if (n >= 0)
        host->log(host->log_user, level, text ? text : small);
    free(text);
}

static void host_service_log(void *ctx, int level, const char *message)
{
    const sk_instance *instance = ctx;
    host_log(instance->host, level, host_kind_name(instance->entry->strategy->kind),
             instance->entry->strategy->name, message);
}

/* Create a helper instance behind a service on first use. */
static sk_instance *host_helper(sk_instance *instance, sk_kind kind, const char *name,
                                const char *options, sk_instance **slot)
{
    if (*slot || !name)
        return *slot;
    sk_error err;
    sk_instance_config config = {.verify = instance->verify, .context = instance->context};
    if (sk_instance_new(instance->host, kind, name, options, &config, slot, &err)) {
        host_service_log(instance, SK_LOG_ERROR, err.message);
        *slot = NULL;
    }
    return *slot;
}

static int host_service_count(void *ctx, const sk_grid *puzzle, int limit, sk_grid *solution)
{
    sk_instance *instance = ctx;
    sk_instance *solver = host_helper(instance, SK_KIND_SOLVER, instance->solver_name,
                                      instance->solver_options, &instance->solver);
    if (!solver)
        return SK_ERR;
    sk_error err;
    int found = sk_instance_solve(solver, puzzle, limit, solution, NULL, &err);
    if (found == SK_ERR && err.message[0])
        host_service_log(instance, SK_LOG_ERROR, err.message);
    return found;
}

/* The rater behind rate and rate_rules (NULL when none was chosen). */
static sk_instance *host_service_rater(sk_instance *instance)
{
    return host_helper(instance, SK_KIND_RATER, instance->rater_name, instance->rater_options,
                       &instance->rater);
}

/* status of a rating by the rater behind the services, its failure logged
 * (an invalid puzzle is the caller's answer, not a failure). */
static int host_service_rated(sk_instance *instance, int status, const sk_error *err)
{
    if (status != SK_OK && status != SK_ERR_INVALID)
        host_service_log(instance, SK_LOG_WARN, err->message);
    return status;
}

static int host_service_rate(void *ctx, const sk_grid *puzzle, sk_rating *out)
{
    sk_instance *rater = host_service_rater(ctx);
    sk_error err;
    return rater ? host_service_rated(ctx, sk_instance_rate(rater, puzzle, out, NULL, NULL, &err),
                                      &err)
                 : SK_ERR;
}

static int host_service_rate_rules(void *ctx, const sk_rules *rules, const sk_board *puzzle,
                                   sk_rating *out)
{
    sk_instance *rater = host_service_rater(ctx);
    sk_error err;
    return rater ? host_service_rated(ctx,
                                      sk_instance_rate_rules(rater, rules, puzzle, out, NULL,
                                                             NULL, &err),
                                      &err)
                 : SK_ERR;
}

/* The solver behind count_solutions_rules: the chosen one when it can
 * solve these rules, else the default solver of any rules. */
static sk_instance *host_rules_solver(sk_instance *instance, const sk_rules *rules)
{
    sk_instance *solver = host_helper(instance, SK_KIND_SOLVER, instance->solver_name,
                                      instance->solver_options, &instance->solver);
    if (solver && (sk_rules_is_classic(rules) || sk_instance_solves_rules(solver)))
        return solver;
    const char *name = sk_host_default_rules_solver(instance->host);
    if (!name) {
        char message[200];
        snprintf(message, sizeof message,
                 "no loaded solver solves the rules '%.80s' (a solver of any rules, such as "
                 "general, is needed)",
                 rules->spec);
        host_service_log(instance, SK_LOG_ERROR, message);
        return NULL;
    }
    return host_helper(instance, SK_KIND_SOLVER, name, NULL, &instance->rules_solver);
}

static int host_service_count_rules(void *ctx, const sk_rules *rules, const sk_board *puzzle,
                                    int limit, sk_board *solution)
{
    sk_instance *instance = ctx;
    sk_instance *solver = host_rules_solver(instance, rules);
    if (!solver)
        return SK_ERR;
    sk_error err;
    int found = sk_instance_solve_rules(solver, rules, puzzle, limit, solution, NULL, &err);
    if (found == SK_ERR && err.message[0])
        host_service_log(instance, SK_LOG_ERROR, err.message);
    return found;
}

static int host_service_compile(void *ctx, const char *spec, const sk_rules **rules, char *err,
                                size_t errlen)
{
    sk_instance *instance = ctx;
    sk_rules_error error;
    if (sk_rules_compile(instance->host, spec, rules, &error) == 0)
        return SK_OK;
    sk_rules_error_text(&error, err, errlen);
    return SK_ERR;
}

static void host_service_release(void *ctx, const sk_rules *rules)
{
    (void)ctx;
    sk_rules_free(rules);
}

/* ----------------------------------------------------------- instances -- */

static char *host_strdup_or_null(const char *text, bool *failed)
{
    if (!text)
        return NULL;
    char *copy = strdup(text);
    *failed |= copy == NULL;
    return copy;
}

/* The config's solver and rater name plugins the host has; else err. */
static int instance_check_config(sk_host *host, const sk_instance_config *config, sk_error *err)
{
    if (config->solver && !sk_host_find(host, SK_KIND_SOLVER, config->solver)) {
        sk_error_set(err, SK_EXIT_USAGE, "unknown solver '%s' (`sudokit plugins` lists them)", config->solver);
        return -1;
    }
    if (config->rater && !sk_host_find(host, SK_KIND_RATER, config->rater)) {
        sk_error_set(err, SK_EXIT_USAGE, "unknown rater '%s' (`sudokit plugins` lists them)", config->rater);
        return -1;
    }
    return 0;
}

/* Parses options for the strategy called name; "NAME:ARG" puts file=ARG first.
 * On failure, detail says why; parsed is freed by the caller either way. */
static int instance_parse_options(const char *name, const char *options, ski_options *parsed,
                                  sk_error *detail)
{
    const char *colon = strchr(name, ':');
    if (!colon)
        return ski_options_parse(options, parsed, detail);
    size_t size = strlen(colon) + 7 + (options ? strlen(options) : 0);
    char *joined = malloc(size);
    if (!joined) {
        memset(parsed, 0, sizeof *parsed);
        sk_error_set(detail, SK_EXIT_FAILURE, "out of memory");
        return -1;
    }
    snprintf(joined, size, "file=%s%s%s", colon + 1, options && *options ? "," : "",
             options ? options : "");
    int rc = ski_options_parse(joined, parsed, detail);
    free(joined);
    return rc;
}

/* Fills a fresh instance's fields and services from entry and config. */
static int instance_fill(sk_instance *instance, sk_host *host, const sk_host_strategy *entry,
                         const sk_instance_config *config)
{
    const char *solver = config->solver ? config->solver : sk_host_default_name(host, SK_KIND_SOLVER);
    bool failed = false;
    instance->host = host;
    instance->entry = entry;
    instance->verify = config->verify;
    instance->context = config->context;
    instance->solver_name = host_strdup_or_null(solver, &failed);
    instance->solver_options = host_strdup_or_null(config->solver_options, &failed);
    instance->rater_name = host_strdup_or_null(config->rater, &failed);
    instance->rater_options = host_strdup_or_null(config->rater_options, &failed);
    instance->services = (sk_services){
        .struct_size = sizeof(sk_services),
        .version = SK_ABI_MINOR,
        .ctx = instance,
        .log = host_service_log,
        .count_solutions = host_service_count,
        .rate = host_service_rate,
        .count_solutions_rules = host_service_count_rules,
        .compile_rules = host_service_compile,
        .release_rules = host_service_release,
        .rate_rules = host_service_rate_rules,
    };
    return failed ? -1 : 0;
}

int sk_instance_new(sk_host *host, sk_kind kind, const char *name, const char *options,
                    const sk_instance_config *config, sk_instance **out, sk_error *err)
{
    *out = NULL;
    const sk_host_strategy *entry = sk_host_find(host, kind, name);
    if (!entry) {
        sk_error_set(err, SK_EXIT_USAGE, "unknown %s '%s' (`sudokit plugins` lists them)",
                 host_kind_name(kind), name);
        return -1;
    }
    if (kind == SK_KIND_CONSTRAINT) {
        sk_error_set(err, SK_EXIT_FAILURE, "constraint '%s' has no instances: name it in a rules spec", name);
        return -1;
    }
    sk_instance_config defaults = {0};
    if (!config)
        config = &defaults;
    if (instance_check_config(host, config, err))
        return -1;
    ski_options parsed;
    sk_error why = {0};
    if (instance_parse_options(name, options, &parsed, &why)) {
        sk_error_set(err, SK_EXIT_USAGE, "%s '%s': %s", host_kind_name(kind), name, why.message);
        ski_options_free(&parsed);
        return -1;
    }
    sk_instance *instance = calloc(1, sizeof *instance);
    if (!instance || instance_fill(instance, host, entry, config)) {
        sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
        goto fail;
    }
    char detail[512] = "";
    ski_guard_frame frame = host_frame(entry, "create");
    ski_guard_enter(&frame);
    sk_host_create_fn create_with_context = ((const host_entry *)entry)->create_with_context;
    instance->state =
        create_with_context
            ? create_with_context(config->context, &instance->services, parsed.items,
                                  parsed.count, detail, sizeof detail)
            : entry->strategy->create(&instance->services, parsed.items, parsed.count, detail,
                                      sizeof detail);
    ski_guard_leave(&frame);
    if (!instance->state) {
        sk_error_set(err, SK_EXIT_FAILURE, "%s '%s': %s", host_kind_name(kind), name,
                 detail[0] ? detail : "the strategy refused to start");
        goto fail;
    }
    ski_options_free(&parsed);
    *out = instance;
    return 0;

fail:
    ski_options_free(&parsed);
    sk_instance_free(instance);
    return -1;
}

void sk_instance_free(sk_instance *instance)
{
    if (!instance)
        return;
    if (instance->state) {
        ski_guard_frame frame = host_frame(instance->entry, "destroy");
        ski_guard_enter(&frame);
        instance->entry->strategy->destroy(instance->state);
        ski_guard_leave(&frame);
    }
    sk_instance_free(instance->solver);
    sk_instance_free(instance->rules_solver);
    sk_instance_free(instance->rater);
    sk_rules_free(instance->classic_rules);
    free(instance->solver_name);
    free(instance->solver_options);
    free(instance->rater_name);
    free(instance->rater_options);
    free(instance);
}

const sk_host_strategy *sk_instance_strategy(const sk_instance *instance)
{
    return instance->entry;
}

/* Start an error message with the strategy's kind and name. */
static void host_instance_error(const sk_instance *instance, sk_error *err,
                                const char *what)
{
    sk_error_set(err, SK_EXIT_FAILURE, "%s '%s': %s", host_kind_name(instance->entry->strategy->kind),
                 instance->entry->strategy->name, what);
}

/* The classic rules, for a strategy that works on rules only; NULL when
 * they cannot be compiled (out of memory). */
static const sk_rules *host_classic_rules(sk_instance *instance)
{
    sk_rules_error error;
    if (!instance->classic_rules)
        sk_rules_compile(instance->host, "9x9", &instance->classic_rules, &error);
    return instance->classic_rules;
}

/* Solve a classic grid with a solver of rules only. */
static int host_solve_as_rules(sk_instance *instance, const sk_grid *puzzle, int limit,
                               sk_grid *solution, sk_solve_stats *stats)
{
    const sk_rules *rules = host_classic_rules(instance);
    if (!rules)
        return SK_ERR;
    sk_board in, out;
    sk_board_from_grid(&in, puzzle);
    int found = instance->entry->strategy->solve_rules(instance->state, rules, &in, limit,
                                                       solution ? &out : NULL, stats);
    if (found >= 1 && solution)
        sk_board_to_grid(solution, &out);
    return found;
}

/* The solver behind instance, with err cleared; NULL (and err says so)
 * when it is not a solver. */
static const sk_strategy *host_solver(sk_instance *instance, sk_error *err)
{
    if (err)
        err->message[0] = '\0';
    const sk_strategy *s = instance->entry->strategy;
    if (s->kind == SK_KIND_SOLVER)
        return s;
    host_instance_error(instance, err, "is not a solver");
    return NULL;
}

/* sk_solve_stats and sk_gen_result as a plugin of ABI 1.0 to 1.2 knows
 * them: without the struct_size that ABI 1.3 put first. */
typedef struct host_solve_stats_1_2 {
    uint64_t guesses;
    uint64_t nodes;
} host_solve_stats_1_2;

typedef struct host_gen_result_1_2 {
    sk_grid puzzle;
    sk_grid solution;
    sk_symmetry symmetry;
    int minimal;
    uint32_t attempts;
} host_gen_result_1_2;

/* Whether the instance's plugin was built before ABI 1.3. */
static bool host_before_1_3(const sk_instance *instance)
{
    return instance->entry->abi_minor < 3;
}

/* The stats a solver of the instance's ABI fills: stats itself (zeroed,
 * its struct_size set), or old in the layout of ABI 1.2; NULL for none. */
static sk_solve_stats *host_stats_for(const sk_instance *instance, sk_solve_stats *stats,
                                      host_solve_stats_1_2 *old)
{
    *old = (host_solve_stats_1_2){0};
    if (!stats)
        return NULL;
    *stats = (sk_solve_stats){.struct_size = sizeof *stats};
    return host_before_1_3(instance) ? (sk_solve_stats *)(void *)old : stats;
}

/* Bring what a solver of ABI 1.2 counted into stats. */
static void host_stats_back(const sk_instance *instance, sk_solve_stats *stats,
                            const host_solve_stats_1_2 *old)
{
    if (stats && host_before_1_3(instance)) {
        stats->guesses = old->guesses;
        stats->nodes = old->nodes;
    }
}

int sk_instance_solve(sk_instance *instance, const sk_grid *puzzle, int limit,
                      sk_grid *solution, sk_solve_stats *stats, sk_error *err)
{
    const sk_strategy *s = host_solver(instance, err);
    if (!s)
        return SK_ERR;
    if (limit < 1)
        limit = 1;
    sk_grid scratch;
    sk_grid *answer = solution ? solution : (instance->verify ? &scratch : NULL);
    host_solve_stats_1_2 old;
    sk_solve_stats *counted = host_stats_for(instance, stats, &old);
    ski_guard_frame frame = host_frame(instance->entry, "solve");
    ski_guard_enter(&frame);
    int found = s->solve ? s->solve(instance->state, puzzle, limit, answer, counted)
                         : host_solve_as_rules(instance, puzzle, limit, answer, counted);
    ski_guard_leave(&frame);
    host_stats_back(instance, stats, &old);
    if (found > limit || found < SK_ERR_STOPPED) {
        host_instance_error(instance, err, "returned an out-of-range solution count");
        return SK_ERR;
    }
    if (found == SK_ERR_INVALID)
        host_instance_error(instance, err, "the puzzle breaks the rules");
    if (instance->verify && found >= 1 && !sk_grid_solves(puzzle, answer)) {
        host_instance_error(instance, err,
                            "returned a wrong grid (it does not solve the puzzle); not trusted");
        return SK_ERR;
    }
    return found;
}

/* Generate a classic puzzle with a generator of rules only. */
static int host_generate_as_rules(sk_instance *instance, const sk_gen_request *request,
                                  sk_gen_result *out, char *err, size_t errlen)
{
    const sk_rules *rules = host_classic_rules(instance);
    if (!rules)
        return SK_ERR;
    char spec[8] = "";
    sk_gen_rules_result result = {.struct_size = sizeof result, .spec = spec,
                                  .spec_size = sizeof spec};
    int status = instance->entry->strategy->generate_rules(instance->state, rules, request,
                                                           &result, err, errlen);
    if (status == SK_OK && spec[0]) {
        snprintf(err, errlen, "made other rules than classic 9x9");
        return SK_ERR;
    }
    sk_board_to_grid(&out->puzzle, &result.puzzle);
    sk_board_to_grid(&out->solution, &result.solution);
    out->symmetry = result.symmetry;
    out->minimal = result.minimal;
    out->attempts = result.attempts;
    return status;
}

int sk_instance_generate(sk_instance *instance, const sk_gen_request *request,
                         sk_gen_result *out, sk_error *err)
{
    if (err)
        err->message[0] = '\0';
    const sk_strategy *s = instance->entry->strategy;
    if (s->kind != SK_KIND_GENERATOR) {
        host_instance_error(instance, err, "is not a generator");
        return SK_ERR;
    }
    sk_gen_request copy = *request;
    copy.struct_size = sizeof copy;
    *out = (sk_gen_result){.struct_size = sizeof *out};
    host_gen_result_1_2 old = {0};
    bool before_1_3 = s->generate && host_before_1_3(instance);
    sk_gen_result *made = before_1_3 ? (sk_gen_result *)(void *)&old : out;
    char detail[512];
    detail[0] = '\0';
    ski_guard_frame frame = host_frame(instance->entry, "generate");
    ski_guard_enter(&frame);
    int status = s->generate ? s->generate(instance->state, &copy, made, detail, sizeof detail)
                             : host_generate_as_rules(instance, &copy, out, detail, sizeof detail);
    ski_guard_leave(&frame);
    if (before_1_3)
        *out = (sk_gen_result){(uint32_t)sizeof *out, old.puzzle, old.solution,
                               old.symmetry, old.minimal, old.attempts};
    if (status != SK_OK) {
        host_instance_error(instance, err, detail[0] ? detail : "generation failed");
        return status;
    }
    if (!instance->verify)
        return SK_OK;
    if (!sk_grid_solves(&out->puzzle, &out->solution)) {
        host_instance_error(instance, err,
                            "returned a solution that does not solve its puzzle; not trusted");
        return SK_ERR;
    }
    if (sk_grid_clues(&out->puzzle) < 81 &&
        host_service_count(instance, &out->puzzle, 2, NULL) != 1) {
        host_instance_error(instance, err,
                            "returned a puzzle without exactly one solution; not trusted");
        return SK_ERR;
    }
    return SK_OK;
}

bool sk_instance_solves_rules(const sk_instance *instance)
{
    const sk_strategy *s = instance->entry->strategy;
    return s->kind == SK_KIND_SOLVER && HOST_MEMBER(s, solve_rules) != NULL;
}

bool sk_instance_generates_rules(const sk_instance *instance)
{
    const sk_strategy *s = instance->entry->strategy;
    return s->kind == SK_KIND_GENERATOR && HOST_MEMBER(s, generate_rules) != NULL;
}

/* Solve classic rules with a classic solver, boards as grids. */
static int host_solve_classic(sk_instance *instance, const sk_board *puzzle, int limit,
                              sk_board *solution, sk_solve_stats *stats, sk_error *err)
{
    sk_grid grid, answer;
    sk_board_to_grid(&grid, puzzle);
    int found = sk_instance_solve(instance, &grid, limit, solution ? &answer : NULL, stats, err);
    if (found >= 1 && solution)
        sk_board_from_grid(solution, &answer);
    return found;
}

int sk_instance_solve_rules(sk_instance *instance, const sk_rules *rules, const sk_board *puzzle,
                            int limit, sk_board *solution, sk_solve_stats *stats, sk_error *err)
{
    const sk_strategy *s = host_solver(instance, err);
    if (!s)
        return SK_ERR;
    if (sk_rules_is_classic(rules) && s->solve)
        return host_solve_classic(instance, puzzle, limit, solution, stats, err);
    if (!sk_instance_solves_rules(instance)) {
        char what[200];
        snprintf(what, sizeof what, "solves classic 9x9 only, not '%.80s': choose a solver of "
                 "any rules (`sudokit plugins --kind solver`)", rules->spec);
        host_instance_error(instance, err, what);
        return SK_ERR;
    }
    sk_board scratch;
    sk_board *answer = solution ? solution : (instance->verify ? &scratch : NULL);
    host_solve_stats_1_2 old;
    sk_solve_stats *counted = host_stats_for(instance, stats, &old);
    ski_guard_frame frame = host_frame(instance->entry, "solve_rules");
    ski_guard_enter(&frame);
    int found = s->solve_rules(instance->state, rules, puzzle, limit < 1 ? 1 : limit, answer,
                               counted);
    ski_guard_leave(&frame);
    host_stats_back(instance, stats, &old);
    if (found > (limit < 1 ? 1 : limit) || found < SK_ERR_STOPPED) {
        host_instance_error(instance, err, "returned an out-of-range solution count");
        return SK_ERR;
    }
    if (found == SK_ERR_INVALID)
        host_instance_error(instance, err, "the puzzle breaks the rules");
    else if (found < 0)
        host_instance_error(instance, err, "cannot solve these rules");
    if (instance->verify && found >= 1 && !sk_rules_solves(rules, puzzle, answer)) {
        host_instance_error(instance, err,
                            "returned a wrong grid (it does not solve the puzzle); not trusted");
        return SK_ERR;
    }
    return found;
}

/* Check a generated result under made: solved, and unique (by the
 * services' counter). SK_OK or SK_ERR with a message. */
static int host_verify_generated(sk_instance *instance, const sk_rules *made,
                                 const sk_gen_rules_result *out, sk_error *err)
{
    uint32_t cells = made->size * made->size, clues = 0;
    for (uint32_t cell = 0; cell < cells; cell++)
        clues += out->puzzle.cells[cell] != 0;
    const char *wrong = NULL;
    if (!sk_rules_solves(made, &out->puzzle, &out->solution))
        wrong = "returned a solution that does not solve its puzzle; not trusted";
    else if (clues < cells && host_service_count_rules(instance, made, &out->puzzle, 2, NULL) != 1)
        wrong = "returned a puzzle without exactly one solution; not trusted";
    if (wrong)
        host_instance_error(instance, err, wrong);
    return wrong ? SK_ERR : SK_OK;
}

/* The rules a generator made: the ones asked, or its spec compiled. */
static int host_generated_rules(sk_instance *instance, const sk_rules *rules, const char *spec,
                                const sk_rules **made, sk_error *err)
{
    sk_rules_error error;
    if (!spec[0]) {
        *made = sk_rules_ref(rules);
        return SK_OK;
    }
    if (sk_rules_compile(instance->host, spec, made, &error) == 0)
        return SK_OK;
    char text[600], what[700];
    sk_rules_error_text(&error, text, sizeof text);
    snprintf(what, sizeof what, "made rules that do not compile: %s", text);
    host_instance_error(instance, err, what);
    return SK_ERR;
}

/* Generate classic rules with a classic generator, grids as boards. */
static int host_generate_classic(sk_instance *instance, const sk_rules *rules,
                                 const sk_gen_request *request, sk_gen_rules_result *out,
                                 const sk_rules **made, sk_error *err)
{
    sk_gen_result result;
    int status = sk_instance_generate(instance, request, &result, err);
    *out = (sk_gen_rules_result){.struct_size = sizeof *out, .symmetry = result.symmetry,
                                 .minimal = result.minimal, .attempts = result.attempts};
    sk_board_from_grid(&out->puzzle, &result.puzzle);
    sk_board_from_grid(&out->solution, &result.solution);
    if (status == SK_OK)
        *made = sk_rules_ref(rules);
    return status;
}

int sk_instance_generate_rules(sk_instance *instance, const sk_rules *rules,
                               const sk_gen_request *request, sk_gen_rules_result *out,
                               const sk_rules **made, sk_error *err)
{
    if (err)
        err->message[0] = '\0';
    *made = NULL;
    const sk_strategy *s = instance->entry->strategy;
    if (s->kind == SK_KIND_GENERATOR && s->generate && sk_rules_is_classic(rules))
        return host_generate_classic(instance, rules, request, out, made, err);
    if (s->kind != SK_KIND_GENERATOR || !sk_instance_generates_rules(instance)) {
        host_instance_error(instance, err, s->kind != SK_KIND_GENERATOR
                            ? "is not a generator"
                            : "generates classic 9x9 only: choose a generator of any rules");
        return SK_ERR;
    }
    sk_gen_request copy = *request;
    copy.struct_size = sizeof copy;
    char *spec = calloc(1, 65536);
    *out = (sk_gen_rules_result){.struct_size = sizeof *out, .spec = spec, .spec_size = 65536};
    char detail[512] = "";
    int status = spec ? SK_OK : SK_ERR;
    if (spec) {
        ski_guard_frame frame = host_frame(instance->entry, "generate_rules");
        ski_guard_enter(&frame);
        status = s->generate_rules(instance->state, rules, &copy, out, detail, sizeof detail);
        ski_guard_leave(&frame);
        spec[65535] = '\0';
    }
    if (status != SK_OK)
        host_instance_error(instance, err, detail[0] ? detail : "generation failed");
    else
        status = host_generated_rules(instance, rules, spec, made, err);
    if (status == SK_OK && instance->verify)
        status = host_verify_generated(instance, *made, out, err);
    if (status != SK_OK) {
        sk_rules_free(*made);
        *made = NULL;
    }
    free(spec);
    out->spec = NULL;
    out->spec_size = 0;
    return status;
}

const char *sk_host_technique_name(const sk_host_strategy *rater, size_t index)
{
    const sk_strategy *s = rater->strategy;
    sk_technique_fn technique = s->kind == SK_KIND_RATER ? HOST_MEMBER(s, technique) : NULL;
    sk_technique t;
    return technique && technique(index, &t) == 0 ? t.name : NULL;
}

uint32_t sk_host_strategy_flags(const sk_host_strategy *entry)
{
    const sk_strategy *s = entry->strategy;
    return s->struct_size >= offsetof(sk_strategy, flags) + sizeof s->flags ? s->flags : 0;
}

bool sk_instance_rates_marks(const sk_instance *instance)
{
    const sk_strategy *s = instance->entry->strategy;
    return s->kind == SK_KIND_RATER &&
           s->struct_size >= offsetof(sk_strategy, rate_marks) + sizeof s->rate_marks &&
           s->rate_marks != NULL;
}

/* Check a rating a rater returned with status; the status, or SK_ERR. */
static int host_checked_rating(sk_instance *instance, int status, const char *detail,
                               sk_rating *out, sk_error *err)
{
    out->hardest[sizeof out->hardest - 1] = '\0';
    if (status != SK_OK)
        host_instance_error(instance, err, detail[0] ? detail : "rating failed");
    else if (out->level < 1 || out->level > 5) {
        host_instance_error(instance, err, "returned a level outside 1-5");
        return SK_ERR;
    } else if (!isfinite(out->score) || !isfinite(out->first_step) ||
               !isfinite(out->first_placement)) {
        host_instance_error(instance, err,
                            "returned a score that is not a finite number (inf or nan)");
        return SK_ERR;
    }
    return status;
}

int sk_instance_rate_marks(sk_instance *instance, const sk_grid *puzzle,
                           const uint16_t marks[81], sk_rating *out, sk_step_fn on_step,
                           void *user, sk_error *err)
{
    if (err)
        err->message[0] = '\0';
    const sk_strategy *s = instance->entry->strategy;
    if (s->kind != SK_KIND_RATER) {
        host_instance_error(instance, err, "is not a rater");
        return SK_ERR;
    }
    if (marks && !sk_instance_rates_marks(instance)) {
        host_instance_error(instance, err,
                            "cannot start from pencil marks; choose a rater that can (human)");
        return SK_ERR;
    }
    *out = (sk_rating){.struct_size = sizeof *out};
    char detail[512];
    detail[0] = '\0';
    ski_guard_frame frame = host_frame(instance->entry, "rate");
    ski_guard_enter(&frame);
    int status = marks ? s->rate_marks(instance->state, puzzle, marks, out, on_step, user,
                                       detail, sizeof detail)
                       : s->rate(instance->state, puzzle, out, on_step, user, detail,
                                 sizeof detail);
    ski_guard_leave(&frame);
    return host_checked_rating(instance, status, detail, out, err);
}

int sk_instance_rate(sk_instance *instance, const sk_grid *puzzle, sk_rating *out,
                     sk_step_fn on_step, void *user, sk_error *err)
{
    return sk_instance_rate_marks(instance, puzzle, NULL, out, on_step, user, err);
}

bool sk_instance_rates_rules(const sk_instance *instance)
{
    const sk_strategy *s = instance->entry->strategy;
    return s->kind == SK_KIND_RATER && HOST_MEMBER(s, rate_rules) != NULL;
}

int sk_instance_rate_rules(sk_instance *instance, const sk_rules *rules, const sk_board *puzzle,
                           sk_rating *out, sk_step_fn on_step, void *user, sk_error *err)
{
    if (sk_rules_is_classic(rules)) {
        sk_grid grid;
        sk_board_to_grid(&grid, puzzle);
        return sk_instance_rate(instance, &grid, out, on_step, user, err);
    }
    if (err)
        err->message[0] = '\0';
    if (!sk_instance_rates_rules(instance)) {
        char what[200];
        snprintf(what, sizeof what, "rates classic 9x9 puzzles only, not '%.80s'", rules->spec);
        host_instance_error(instance, err, what);
        return SK_ERR;
    }
    *out = (sk_rating){.struct_size = sizeof *out};
    char detail[512];
    detail[0] = '\0';
    ski_guard_frame frame = host_frame(instance->entry, "rate_rules");
    ski_guard_enter(&frame);
    int status = instance->entry->strategy->rate_rules(instance->state, rules, puzzle, out, on_step,
                                                       user, detail, sizeof detail);
    ski_guard_leave(&frame);
    return host_checked_rating(instance, status, detail, out, err);
}
