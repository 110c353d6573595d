/* The rule lines and bars of drawn grids: what the readable, ss, qqwing
 * and kennett layouts draw between boxes. */
#include "reader_internal.h"

bool reader_is_rule(const char *line, size_t len)
{
    bool dash = false;
    for (size_t i = 0; i < len; i++) {
        char ch = line[i];
        if (ch != '-' && ch != '+' && ch != '*' && ch != ' ' && ch != '\t' && !reader_is_bar(ch))
            return false;
        dash |= ch == '-';
    }
    return dash;
}

bool reader_looks_like_rule(const char *line, size_t len)
{
    size_t i = reader_first_nonblank(line, len);
    if (i == len)
        return false;
    if (line[i] == '+' || line[i] == '*' || line[i] == '-')
        return true;
    if (!reader_is_bar(line[i]))
        return false;
    i++;
    i += reader_first_nonblank(line + i, len - i);
    return i < len && line[i] == '-';
}
