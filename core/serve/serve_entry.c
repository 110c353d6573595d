/* The serve module's entry table (serve_module.h): the only symbol
 * sudokit-serve.so exports. */
#include "serve.h"
#include "serve_module.h"

__attribute__((visibility("default"))) const ski_serve_module_table ski_serve_module = {
    .header = {SK_SERVE_MODULE_ABI, sizeof(ski_serve_module_table), SK_VERSION},
    .run = ski_serve_run,
};
