/* The default folders of plugins and modules, found from the file that
 * holds this code. */
#define _GNU_SOURCE /* dladdr1 and the link map of the file holding this code */
#include "install_dir.h"

#include <dlfcn.h>
#include <limits.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A folder in the build tree, and relative to the installed executable
 * and to the installed libsudokit (set by the build, CMakeLists.txt). */
typedef struct install_paths {
    const char *build, *from_bin, *from_lib;
} install_paths;

static const install_paths install_folders[] = {
    [SK_FOLDER_PLUGINS] = {SK_BUILD_PLUGIN_DIR, SK_INSTALL_PLUGIN_DIR_FROM_BIN,
                           SK_INSTALL_PLUGIN_DIR_FROM_LIB},
    [SK_FOLDER_MODULES] = {SK_BUILD_MODULE_DIR, SK_INSTALL_MODULE_DIR_FROM_BIN,
                           SK_INSTALL_MODULE_DIR_FROM_LIB},
};

/* The folder of the file this code was loaded from, into dir (PATH_MAX
 * bytes): the executable when the core is linked into it (the main
 * program's link map has an empty name), else the shared library that
 * holds it (libsudokit). False when it cannot be found. */
static bool install_code_folder(char *dir, bool *in_executable)
{
    Dl_info info;
    struct link_map *map = NULL;
    if (!dladdr1((void *)install_code_folder, &info, (void **)&map, RTLD_DL_LINKMAP) || !map)
        return false;
    *in_executable = map->l_name[0] == '\0';
    if (!realpath(*in_executable ? "/proc/self/exe" : map->l_name, dir))
        return false;
    char *slash = strrchr(dir, '/');
    if (!slash)
        return false;
    *slash = '\0';
    return true;
}

const char *ski_install_dir(ski_install_folder folder, char *buf)
{
    const install_paths *paths = &install_folders[folder];
    bool in_executable;
    if (!install_code_folder(buf, &in_executable))
        return NULL;
    char build[PATH_MAX];
    if (realpath(in_executable ? SK_BUILD_BIN_DIR : SK_BUILD_LIB_DIR, build) &&
        strcmp(build, buf) == 0)
        return paths->build;
    const char *relative = in_executable ? paths->from_bin : paths->from_lib;
    size_t used = strlen(buf);
    if ((size_t)snprintf(buf + used, PATH_MAX - used, "/%s", relative) >= PATH_MAX - used)
        return NULL;
    return buf;
}
