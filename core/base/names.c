/* The names every face uses, and their case-insensitive matching. */
#include "sudokit/names.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

const char *const sk_symmetry_names[SK_SYM_RANDOM + 2] = {
    "none", "rot180", "rot90", "mirror", "diagonal", "random", NULL};

const char *const sk_level_names[7] = {"", "easy", "medium", "hard", "expert", "evil", NULL};

int sk_name_find(const char *const *table, const char *name)
{
    if (!name)
        return -1;
    for (int i = 0; table[i]; i++)
        if (table[i][0] && strcasecmp(table[i], name) == 0)
            return i;
    return -1;
}

void sk_name_list(const char *const *table, char *buf, size_t len)
{
    size_t count = 0, used = 0;
    for (int i = 0; table[i]; i++)
        count += table[i][0] != '\0';
    buf[0] = '\0';
    for (int i = 0, seen = 0; table[i] && used < len; i++) {
        if (!table[i][0])
            continue;
        seen++;
        const char *joint = seen == 1 ? "" : (size_t)seen == count ? " or " : ", ";
        int n = snprintf(buf + used, len - used, "%s%s", joint, table[i]);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}

int sk_level_parse(const char *text)
{
    if (text && text[0] >= '1' && text[0] <= '5' && text[1] == '\0')
        return text[0] - '0';
    return sk_name_find(sk_level_names, text);
}

const char *sk_level_name(int level)
{
    return level >= 1 && level <= 5 ? sk_level_names[level] : "";
}
