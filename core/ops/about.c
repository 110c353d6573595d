/* What the program says of itself: its version. */

#include "sudokit/ops.h"

const char *sk_version(void)
{
    return SK_VERSION;
}
