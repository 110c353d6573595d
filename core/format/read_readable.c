/* The readable layout: boxed grids, their captions being comments. */
#include "reader_internal.h"

bool reader_is_border(const char *line, size_t len)
{
    size_t i = reader_first_nonblank(line, len);
    if (i == len || line[i] != '+')
        return false;
    for (; i < len; i++)
        if (line[i] != '+' && line[i] != '-' && line[i] != ' ' && line[i] != '\t')
            return false;
    return true;
}

sk_read_status reader_next_readable(sk_reader *reader)
{
    reader_begin_record(reader, SK_FORMAT_READABLE);
    return reader_parse_rows(reader, true);
}
