/* Modules: the parts of sudokit that need big libraries (print: cairo and
 * fontconfig; serve: libmicrohttpd), built as shared objects of their own
 * (sudokit-NAME.so) and loaded the first time a command needs them, so
 * that every other run of the program loads none of those libraries.
 *
 * A module exports one symbol, ski_NAME_module: its entry table, a struct
 * of function pointers that starts with an ski_module_header. The table of
 * each module is declared in a header both sides include
 * (core/print/print_module.h, core/serve/serve_module.h). Modules come
 * with the sudokit they were built with: the loader takes only a module
 * of the same table ABI, table size and sudokit version. */
#ifndef SUDOKIT_MODULE_H
#define SUDOKIT_MODULE_H

#include <stddef.h>

#include "sudokit/error.h"
#include <stdint.h>

/* The first member of every entry table. */
typedef struct ski_module_header {
    uint32_t abi;         /* the table's ABI (SK_PRINT_MODULE_ABI, ...) */
    uint32_t struct_size; /* sizeof the whole table */
    const char *version;  /* the sudokit version it was built with */
} ski_module_header;

/* The environment variable naming the folder to load modules from instead
 * of the default one. */
#define SK_MODULE_DIR_ENV "SUDOKIT_MODULE_DIR"

/* The entry table of module name ("print": the file sudokit-print.so,
 * the symbol ski_print_module), loaded at the first call from
 * $SUDOKIT_MODULE_DIR when set and not empty, else from the default
 * folder (the build tree's modules/, or LIBDIR/sudokit/modules beside the
 * installed executable or libsudokit). abi and size are what the caller's
 * header declares. Returns the table, or NULL with err: which file, what
 * is wrong with it, and what to do (or that this sudokit was built
 * without the module, and how to build it with it). Safe from any thread;
 * a loaded module stays loaded until the process ends. */
const void *ski_module_load(const char *name, uint32_t abi, size_t size, sk_error *err);

#endif /* SUDOKIT_MODULE_H */
