/* generator-variant: the specs of the rules the generator invents (a
 * jigsaw map in place of the geometry; killer cages are in cages.c). */
#include <stdio.h>
#include <string.h>

#include "variant.h"

/* The text after the token at text and the spaces that follow it. */
static const char *spec_skip_token(const char *text)
{
    text += strcspn(text, " ");
    return text + strspn(text, " ");
}

const char *spec_terms(const char *spec)
{
    const char *terms = spec_skip_token(spec);
    return strncmp(terms, "jigsaw:", 7) == 0 ? spec_skip_token(terms) : terms;
}

bool spec_jigsaw(uint32_t size, const uint8_t *region, const char *terms, char *out, size_t len)
{
    static const char symbols[] = "abcdefghijklmnopqrstuvwxyz";
    int n = snprintf(out, len, "%ux%u jigsaw:", size, size);
    if (n < 0 || (size_t)n + size * size + 2 + strlen(terms) > len)
        return false;
    char *at = out + n;
    for (uint32_t c = 0; c < size * size; c++)
        *at++ = symbols[region[c]];
    snprintf(at, len - (size_t)(at - out), "%s%s", *terms ? " " : "", terms);
    return true;
}
