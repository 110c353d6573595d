/* Where sudokit's own loadable files live: the plugins and the modules
 * (print, serve). One rule for both, in install_dir.c. */
#ifndef SUDOKIT_INSTALL_DIR_H
#define SUDOKIT_INSTALL_DIR_H

#include <stdbool.h>

/* The folders ski_install_dir knows. */
typedef enum ski_install_folder {
    SK_FOLDER_PLUGINS, /* the built-in plugins (*.so, each loaded) */
    SK_FOLDER_MODULES  /* the modules loaded at first use (sudokit-print.so...) */
} ski_install_folder;

/* The default path of folder, written into buf (PATH_MAX bytes): the build
 * tree's folder when the file holding this code (the executable or
 * libsudokit) lives in the build tree, else the installed folder found
 * relative to that file, so that an installed tree works under any prefix
 * and can be moved as a whole. Returns buf, or NULL when the file's own
 * path cannot be found. */
const char *ski_install_dir(ski_install_folder folder, char *buf);

#endif /* SUDOKIT_INSTALL_DIR_H */
