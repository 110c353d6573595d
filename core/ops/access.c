/* Which files operations may open: a policy of granted files and folders
 * (a sandboxed script's --allow-read, --allow-write and --db), checked on
 * real paths so that ".." and symbolic links cannot lead out of a grant. */
#include <errno.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sudokit/ops.h"
#include "sudokit/store.h"

typedef struct access_grant {
    char *path; /* real path: a file, or a folder and all under it */
    sk_access_mode mode;
} access_grant;

struct sk_access {
    access_grant *grants;
    size_t count;
    atomic_ulong refusals;
};

sk_access *sk_access_new(void)
{
    sk_access *access = calloc(1, sizeof *access);
    if (access)
        atomic_init(&access->refusals, 0);
    return access;
}

void sk_access_free(sk_access *access)
{
    if (!access)
        return;
    for (size_t i = 0; i < access->count; i++)
        free(access->grants[i].path);
    free(access->grants);
    free(access);
}

/* The real path of path into out (PATH_MAX bytes), also for a file or
 * folders yet to be made: the real path of the nearest folder that exists,
 * then the missing names (neither "." nor ".."). A name that exists but
 * cannot be resolved (a link to nowhere, a loop) has none. 0 or -1. */
static int access_resolve(const char *path, char *out)
{
    if (realpath(path, out))
        return 0;
    struct stat st;
    if (errno != ENOENT || lstat(path, &st) == 0)
        return -1;
    char parent[PATH_MAX];
    size_t len = strlen(path);
    while (len > 1 && path[len - 1] == '/')
        len--;
    if (len == 0 || len >= sizeof parent)
        return -1;
    memcpy(parent, path, len);
    parent[len] = '\0';
    char *slash = strrchr(parent, '/');
    const char *name = slash ? slash + 1 : parent;
    if (!*name || strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
        return -1;
    char base[NAME_MAX + 1];
    if (strlen(name) >= sizeof base)
        return -1;
    strcpy(base, name);
    if (!slash)
        strcpy(parent, ".");
    else if (slash == parent)
        strcpy(parent, "/");
    else
        *slash = '\0';
    if (access_resolve(parent, out))
        return -1;
    size_t at = strlen(out);
    int wrote = snprintf(out + at, PATH_MAX - at, "%s%s", out[at - 1] == '/' ? "" : "/", base);
    return wrote < 0 || (size_t)wrote >= PATH_MAX - at ? -1 : 0;
}

int sk_access_grant(sk_access *access, const char *path, sk_access_mode mode, sk_error *err)
{
    char real[PATH_MAX];
    if (access_resolve(path, real)) {
        sk_error_set(err, SK_EXIT_FAILURE, "cannot grant %s: %s", path, strerror(errno));
        return -1;
    }
    access_grant *grants = realloc(access->grants, (access->count + 1) * sizeof *grants);
    if (grants)
        access->grants = grants;
    char *copy = grants ? strdup(real) : NULL;
    if (!copy) {
        sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
        return -1;
    }
    grants[access->count++] = (access_grant){copy, mode};
    return 0;
}

/* True when grant covers the real path real: it is the grant, or under it. */
static bool access_covers(const char *grant, const char *real)
{
    size_t len = strlen(grant);
    if (strncmp(grant, real, len) != 0)
        return false;
    return real[len] == '\0' || real[len] == '/' || grant[len - 1] == '/';
}

int sk_access_check(sk_access *access, const char *path, sk_access_mode mode, sk_error *err)
{
    if (!access)
        return 0;
    char real[PATH_MAX];
    if (access_resolve(path, real) == 0)
        for (size_t i = 0; i < access->count; i++)
            if ((mode == SK_ACCESS_READ || access->grants[i].mode == SK_ACCESS_WRITE) &&
                access_covers(access->grants[i].path, real))
                return 0;
    atomic_fetch_add(&access->refusals, 1);
    const char *option = mode == SK_ACCESS_READ ? "read" : "write";
    sk_error_set(err, SK_EXIT_USAGE, "sandbox: %s %s is not allowed (grant it with --allow-%s %s)",
             mode == SK_ACCESS_READ ? "reading" : "writing", path, option, path);
    return -1;
}

int sk_access_check_store(sk_access *access, const char *path, sk_error *err)
{
    char fallback[PATH_MAX];
    if (!path && access && sk_store_default_path(fallback, sizeof fallback) == 0)
        path = fallback;
    return path ? sk_access_check(access, path, SK_ACCESS_WRITE, err) : 0;
}

unsigned long sk_access_refusals(const sk_access *access)
{
    return access ? atomic_load(&((sk_access *)access)->refusals) : 0;
}
