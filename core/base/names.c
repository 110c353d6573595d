/* The names every face uses, and their case-insensitive matching. */
#include "sudokit/names.h"
#include "sudokit/grid.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* The names are plugin.h's; each table has one more entry, NULL. */
const char *const sk_symmetry_names[SK_SYM_RANDOM + 2] = SK_SYMMETRY_NAMES;

const char *const sk_grid_symmetry_names[SK_SYM_RANDOM + 1] = {SK_GRID_SYMMETRY_NAMES};

const char *const sk_level_names[7] = SK_LEVEL_NAMES;

const char *const sk_link_names[SK_LINK_NESTED + 2] = {"start", "strong", "weak", "rule", "nested",
                                                        NULL};

const char *sk_via_name(uint8_t via, char *buf)
{
    static const char *const kinds[3] = {"row", "column", "box"};
    if (via < 27)
        snprintf(buf, 12, "%s %d", kinds[via / 9], via % 9 + 1);
    else
        snprintf(buf, 12, "%s", via == SK_VIA_CELL ? "cell" : "");
    return buf;
}

const char *sk_chain_node_name(const sk_chain_node *node, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < node->cell_count && i < 9 && used + 1 < len; i++) {
        char name[8];
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? "," : "",
                                 sk_cell_name(node->cells[i], name));
    }
    if (used + 1 < len)
        snprintf(buf + used, len - used, "%s%d", node->on ? "=" : "<>", node->digit);
    return buf;
}

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

/* The edit distance of a and b (optimal string alignment: a swap of two
 * neighbours counts one), ASCII case ignored; names are short. */
static size_t names_distance(const char *a, const char *b)
{
    enum { MAX = 64 };
    size_t la = strlen(a), lb = strlen(b);
    if (la >= MAX || lb >= MAX)
        return MAX;
    size_t d[MAX + 1][MAX + 1];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            size_t cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
            size_t best = d[i - 1][j - 1] + cost;
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 &&
                tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 2]) &&
                tolower((unsigned char)a[i - 2]) == tolower((unsigned char)b[j - 1]) &&
                d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[la][lb];
}

const char *sk_name_nearest(const char *const *table, const char *name)
{
    if (!name || sk_name_find(table, name) >= 0)
        return NULL;
    const char *nearest = NULL;
    size_t best = strlen(name) / 3 + 1;
    for (int i = 0; table[i]; i++) {
        size_t d = table[i][0] ? names_distance(table[i], name) : best;
        if (d < best) {
            best = d;
            nearest = table[i];
        }
    }
    return nearest;
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
