/* The puzzle database opened by a command that only reads it: as any
 * other when the process can write it, else read-only (a file of mode
 * 0444, a folder the user cannot write), and why a write would fail. */
#include "store_internal.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The folder of path into dir (len bytes): "." for a bare name. */
static void store_folder(const char *path, char *dir, size_t len)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(dir, len, ".");
    else if (slash == path)
        snprintf(dir, len, "/");
    else
        snprintf(dir, len, "%.*s", (int)(slash - path), path);
}

bool store_writable(const char *path, char *why, size_t len)
{
    char dir[4096];
    store_folder(path, dir, sizeof dir);
    bool exists = access(path, F_OK) == 0;
    if (exists && access(path, W_OK) != 0) {
        snprintf(why, len, "the file is read-only (%s)", strerror(errno));
        return false;
    }
    if (access(dir, F_OK) != 0) {
        snprintf(why, len, "its folder %s does not exist", dir);
        return false;
    }
    if (access(dir, W_OK | X_OK) != 0) {
        snprintf(why, len, "its folder %s cannot be written (%s)%s", dir, strerror(errno),
                 exists ? ", and SQLite keeps its journal beside the file" : "");
        return false;
    }
    return true;
}

/* path as an SQLite URI that opens it read-only and immutable (no journal
 * or shared-memory file: none can be made in its folder) into uri. */
static void store_immutable_uri(const char *path, char *uri, size_t len)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t n = (size_t)snprintf(uri, len, "file:");
    for (const unsigned char *p = (const unsigned char *)path; *p && n + 4 < len; p++) {
        bool plain = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                     (*p >= '0' && *p <= '9') || strchr("/-_.~", *p);
        if (plain) {
            uri[n++] = (char)*p;
        } else {
            uri[n++] = '%';
            uri[n++] = hex[*p >> 4];
            uri[n++] = hex[*p & 15];
        }
    }
    snprintf(uri + n, len - n, "?immutable=1");
}

int sk_store_open_read(const char *path, sk_store **out, sk_error *err)
{
    char default_path[4096], why[4200], shm[4200], cwd[4096], absolute[8200];
    char uri[3 * sizeof absolute + 32];
    const char *given = path;
    *out = NULL;
    if (!(path = store_resolve_path(path, default_path, sizeof default_path, false, err)))
        return -1;
    if (access(path, F_OK) != 0 || store_writable(path, why, sizeof why))
        return sk_store_open(given, out, err);
    /* Without a shared-memory file beside it, and no folder to make one
     * in, a WAL database opens only as immutable. */
    snprintf(shm, sizeof shm, "%s-shm", path);
    store_folder(path, cwd, sizeof cwd);
    bool immutable = access(shm, R_OK) != 0 && access(cwd, W_OK | X_OK) != 0;
    int flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE;
    if (immutable) {
        /* a URI names an absolute path */
        if (path[0] != '/' && getcwd(cwd, sizeof cwd))
            snprintf(absolute, sizeof absolute, "%s/%s", cwd, path);
        else
            snprintf(absolute, sizeof absolute, "%s", path);
        store_immutable_uri(absolute, uri, sizeof uri);
        flags |= SQLITE_OPEN_URI;
    }
    sqlite3 *db = NULL;
    if (sqlite3_open_v2(immutable ? uri : path, &db, flags, NULL) != SQLITE_OK) {
        sk_error_set(err, SK_EXIT_FAILURE, "cannot open database %s: %s", path,
                   db ? sqlite3_errmsg(db) : "out of memory");
        sqlite3_close(db);
        return -1;
    }
    return store_open_reader(db, path, why, out, err);
}
