/* The json layout (JSON Lines): one object a record, its known keys
 * parsed into the record. */
#include <string.h>

#include "reader_internal.h"

/* A member of the record's object: a known key's value is collected, any
 * other is checked and forgotten. */
static sk_read_status json_record_member(sk_reader *reader, const reader_value *key)
{
    const char *name = reader_arena_text(reader, key->offset);
    int field = sk_field_parse(name, key->len);
    reader->fpuzzles_key |= strcmp(name, "grid") == 0 || strcmp(name, "size") == 0;
    reader->arena_len = key->offset; /* the key is no longer needed */
    reader_value value;
    sk_read_status status = json_value(reader, &value);
    if (status != SK_READ_OK)
        return status;
    if (field < 0)
        reader->arena_len = key->offset;
    return reader_collect(reader, field, &value, "key") ? SK_READ_OK : SK_READ_BAD;
}

/* After an object that ended without error on the current line, check
 * that nothing but blanks follows it. */
static sk_read_status json_check_rest(sk_reader *reader)
{
    size_t at = reader->json_at;
    size_t rest = reader_first_nonblank(reader->line + at, reader->line_len - at);
    if (at + rest == reader->line_len)
        return SK_READ_OK;
    char name[8];
    reader_char_name((unsigned char)reader->line[at + rest], name);
    reader_fail(reader, reader->line_no, at + rest + 1,
                "unexpected character %s after the object (one object a line)", name);
    return SK_READ_BAD;
}

/* After an error inside an object, lines of the rest of it are skipped up
 * to one that begins with '{'. Returns the status to go on with: OK when
 * the current line begins an object. */
static sk_read_status json_resync(sk_reader *reader)
{
    while (reader->json_resync) {
        size_t at = reader_first_nonblank(reader->line, reader->line_len);
        if (reader->line[at] == '{') {
            reader->json_resync = false;
            break;
        }
        ssize_t len = reader_next_content(reader);
        if (len < 0)
            return len == -1 ? SK_READ_END : SK_READ_IO;
    }
    return SK_READ_OK;
}

sk_read_status reader_next_json(sk_reader *reader)
{
    sk_read_status status = json_resync(reader);
    if (status != SK_READ_OK)
        return status;
    size_t at = reader_first_nonblank(reader->line, reader->line_len);
    reader_begin_record(reader, SK_FORMAT_JSON);
    reader->json_at = at;
    reader->json_depth = 0;
    reader->fpuzzles_key = false;
    reader_raw_start(reader, at);
    if (reader->line[at] != '{') {
        char name[8];
        reader_char_name((unsigned char)reader->line[at], name);
        reader_fail(reader, reader->line_no, at + 1,
                    "unexpected character %s (json input holds one object a line, from '{' to "
                    "'}')",
                    name);
        return SK_READ_BAD;
    }
    status = json_object(reader, json_record_member);
    reader->raw_on = false;
    if (status == SK_READ_BAD)
        json_recover(reader);
    if (status == SK_READ_OK)
        status = json_check_rest(reader);
    if (status != SK_READ_OK)
        return status;
    const reader_value *puzzle = &reader->values[SK_FIELD_PUZZLE];
    if (!puzzle->present && reader->fpuzzles_key) {
        reader->layout = SK_FORMAT_FPUZZLES;
        /* the object's text ends where the parser stopped */
        size_t rest = reader->line_len - reader->json_at;
        return reader_fpuzzles(reader, reader->raw, reader->raw_len - rest, reader->raw_line,
                               reader->raw_col, true);
    }
    if (!puzzle->present || puzzle->type == VALUE_NULL) {
        reader_fail(reader, reader->pos.line, at + 1,
                    "the object has no puzzle (its \"puzzle\" key is missing or null)");
        return SK_READ_BAD;
    }
    return reader_apply_values(reader);
}
