/* The loader of modules (sudokit/module.h): find the file, open it,
 * check its entry table, and keep it for the next call. */
#include "module.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "install_dir.h"

/* Modules loaded so far (print, serve). */
#define MODULE_MAX 4

typedef struct module_loaded {
    char name[16];
    const void *table;
} module_loaded;

static pthread_mutex_t module_lock = PTHREAD_MUTEX_INITIALIZER;
static module_loaded module_list[MODULE_MAX];
static size_t module_count;

/* The module file of name into path (PATH_MAX bytes); false when the
 * default folder cannot be found. */
static bool module_path(const char *name, char *path)
{
    char folder[PATH_MAX];
    const char *dir = getenv(SK_MODULE_DIR_ENV);
    if (!dir || !*dir)
        dir = ski_install_dir(SK_FOLDER_MODULES, folder);
    if (!dir)
        return false;
    return (size_t)snprintf(path, PATH_MAX, "%s/sudokit-%s.so", dir, name) < PATH_MAX;
}

/* What to do about a module that cannot be used, after its problem. */
#define MODULE_ADVICE "; reinstall sudokit, or set " SK_MODULE_DIR_ENV " to the folder that " \
                      "holds this sudokit's sudokit-%s.so"

/* Whether this sudokit was built without module name: then true, with
 * what to do in err. SK_MODULES_MISSING holds "|name=what to do" for each
 * module the build left out (the top-level CMakeLists.txt). */
static bool module_left_out(const char *name, sk_error *err)
{
    const char *missing = SK_MODULES_MISSING;
    size_t len = strlen(name);
    for (const char *item = strchr(missing, '|'); item; item = strchr(item + 1, '|')) {
        if (strncmp(item + 1, name, len) != 0 || item[1 + len] != '=')
            continue;
        const char *advice = item + 2 + len;
        const char *end = strchr(advice, '|');
        sk_error_set(err, SK_EXIT_FAILURE, "this sudokit was built without the %s module: %.*s",
                     name, (int)(end ? (size_t)(end - advice) : strlen(advice)), advice);
        return true;
    }
    return false;
}

/* Check the entry table a module exports under symbol (NULL: none);
 * true, or false with what is wrong in what. */
static bool module_check(const ski_module_header *header, const char *symbol, uint32_t abi,
                         size_t size, char *what, size_t len)
{
    if (!header)
        snprintf(what, len, "it has no entry table (symbol %s): it is not a sudokit module",
                 symbol);
    else if (header->abi != abi || header->struct_size != size || !header->version ||
             strcmp(header->version, SK_VERSION) != 0)
        snprintf(what, len,
                 "it comes from sudokit %s (table ABI %u, %u bytes); this is sudokit %s "
                 "(ABI %u, %zu bytes)",
                 header->version ? header->version : "?", (unsigned)header->abi,
                 (unsigned)header->struct_size, SK_VERSION, (unsigned)abi, size);
    else
        return true;
    return false;
}

/* Open path and check its table; the table, or NULL with err. */
static const void *module_open(const char *name, const char *path, uint32_t abi, size_t size,
                               sk_error *err)
{
    dlerror();
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *why = dlerror();
        size_t len = strlen(path);
        if (why && strncmp(why, path, len) == 0 && strncmp(why + len, ": ", 2) == 0)
            why += len + 2; /* the path is said once */
        sk_error_set(err, SK_EXIT_FAILURE, "the %s module %s cannot be loaded: %s" MODULE_ADVICE,
                     name, path, why ? why : "unknown error", name);
        return NULL;
    }
    char symbol[40], what[200];
    snprintf(symbol, sizeof symbol, "ski_%s_module", name);
    const ski_module_header *header = dlsym(handle, symbol);
    if (!module_check(header, symbol, abi, size, what, sizeof what)) {
        sk_error_set(err, SK_EXIT_FAILURE, "the %s module %s cannot be used: %s" MODULE_ADVICE,
                     name, path, what, name);
        dlclose(handle);
        return NULL;
    }
    return header;
}

/* The table of name if loaded before, else NULL; with module_lock held. */
static const void *module_find(const char *name)
{
    for (size_t i = 0; i < module_count; i++)
        if (strcmp(module_list[i].name, name) == 0)
            return module_list[i].table;
    return NULL;
}

const void *ski_module_load(const char *name, uint32_t abi, size_t size, sk_error *err)
{
    if (module_left_out(name, err))
        return NULL;
    pthread_mutex_lock(&module_lock);
    const void *table = module_find(name);
    char path[PATH_MAX];
    if (!table && !module_path(name, path)) {
        sk_error_set(err, SK_EXIT_FAILURE,
                     "the %s module: cannot find the folder of this program's files" MODULE_ADVICE,
                     name, name);
    } else if (!table && (table = module_open(name, path, abi, size, err)) &&
               module_count < MODULE_MAX && strlen(name) < sizeof module_list[0].name) {
        snprintf(module_list[module_count].name, sizeof module_list[0].name, "%s", name);
        module_list[module_count++].table = table;
    }
    pthread_mutex_unlock(&module_lock);
    return table;
}
