/* The JSON grammar (RFC 8259) over the reader's lines: its tokens read by
 * json_lex.c, nested values checked then skipped. */
#include <string.h>

#include "json_lex.h"
#include "reader_internal.h"

/* How deep objects and arrays may nest. */
#define JSON_MAX_DEPTH 64

int json_peek(sk_reader *reader)
{
    for (;;) {
        while (reader->json_at < reader->line_len) {
            char ch = reader->line[reader->json_at];
            if (ch != ' ' && ch != '\t' && ch != '\r')
                return (unsigned char)ch;
            reader->json_at++;
        }
        ssize_t len = reader_read_line(reader);
        if (len < 0)
            return (int)len;
        reader->json_at = 0;
        if (reader->raw_on && reader_raw_line(reader) != 0)
            return -2;
    }
}

/* Report the character at the parser's place, with what was expected. */
static sk_read_status json_unexpected(sk_reader *reader, const char *expected)
{
    char name[8];
    reader_char_name((unsigned char)reader->line[reader->json_at], name);
    reader_fail(reader, reader->line_no, reader->json_at + 1, "unexpected character %s (%s)", name,
                expected);
    return SK_READ_BAD;
}

/* The input ended (peek gave ch < 0) inside an object or array. */
static sk_read_status json_unclosed(sk_reader *reader, int ch)
{
    if (ch == -2)
        return SK_READ_IO;
    reader_fail(reader, reader->line_no, reader->line_len + 1,
                "the input ends inside an object or array (it closes with '}' or ']')");
    return SK_READ_BAD;
}

/* Report a token's problem at its place on the current line. */
static sk_read_status json_token_problem(sk_reader *reader, const json_problem *problem)
{
    reader_fail(reader, reader->line_no, problem->at + 1, "%s", problem->why);
    return SK_READ_BAD;
}

/* Parse the string whose opening quote is at the parser's place into the
 * arena (NUL-terminated). On an error the parser stays at the quote. */
static sk_read_status json_string_value(sk_reader *reader, reader_value *out)
{
    size_t open = reader->json_at;
    *out = (reader_value){.type = VALUE_STRING,
                          .offset = reader->arena_len,
                          .line = reader->line_no,
                          .col = open + 2,
                          .exact = true};
    char *into = reader_arena_room(reader, json_string_room(reader->line, reader->line_len, open));
    if (!into)
        return SK_READ_IO;
    json_problem problem;
    bool escaped;
    size_t end = json_string(reader->line, reader->line_len, open, into, &out->len, &escaped,
                             &problem);
    if (!end)
        return json_token_problem(reader, &problem);
    out->exact = !escaped;
    reader->arena_len += out->len + 1;
    reader->json_at = end;
    return SK_READ_OK;
}

/* Parse the number at the parser's place: its text goes to the arena. */
static sk_read_status json_number_value(sk_reader *reader, reader_value *out)
{
    size_t start = reader->json_at;
    json_problem problem;
    size_t end = json_number(reader->line, reader->line_len, start, &problem);
    if (!end)
        return json_token_problem(reader, &problem);
    out->type = VALUE_NUMBER;
    out->offset = reader->arena_len;
    out->len = end - start;
    reader->json_at = end;
    if (reader_arena_put(reader, reader->line + start, end - start) != 0 ||
        reader_arena_put(reader, "", 1) != 0)
        return SK_READ_IO;
    return SK_READ_OK;
}

/* Parse true, false or null at the parser's place. */
static sk_read_status json_word_value(sk_reader *reader, reader_value *out)
{
    size_t end;
    int word = json_word(reader->line, reader->line_len, reader->json_at, &end);
    if (word < 0)
        return json_unexpected(reader, "a value is expected: a string, a number, true, false, "
                                       "null, an object or an array");
    out->type = word == 2 ? VALUE_NULL : VALUE_BOOL;
    out->offset = reader->arena_len;
    out->len = end - reader->json_at;
    reader->json_at = end;
    return reader_arena_put(reader, json_words[word], out->len + 1) == 0 ? SK_READ_OK
                                                                         : SK_READ_IO;
}

static sk_read_status json_array(sk_reader *reader);

/* A member of a nested object: its value is checked, then forgotten. */
static sk_read_status json_skip_member(sk_reader *reader, const reader_value *key)
{
    (void)key;
    size_t mark = reader->arena_len;
    reader_value value;
    sk_read_status status = json_value(reader, &value);
    reader->arena_len = mark;
    return status;
}

sk_read_status json_value(sk_reader *reader, reader_value *out)
{
    int ch = json_peek(reader);
    if (ch < 0)
        return json_unclosed(reader, ch);
    *out = (reader_value){.type = VALUE_NESTED,
                          .offset = reader->arena_len,
                          .line = reader->line_no,
                          .col = reader->json_at + 1,
                          .exact = true};
    if (ch == '"')
        return json_string_value(reader, out);
    if (ch == '-' || (ch >= '0' && ch <= '9'))
        return json_number_value(reader, out);
    if (ch != '{' && ch != '[')
        return json_word_value(reader, out);
    if (reader->json_depth >= JSON_MAX_DEPTH) {
        reader_fail(reader, reader->line_no, reader->json_at + 1,
                    "objects and arrays nested deeper than %d", JSON_MAX_DEPTH);
        return SK_READ_BAD;
    }
    sk_read_status status = ch == '{' ? json_object(reader, json_skip_member) : json_array(reader);
    if (reader_arena_put(reader, "", 1) != 0)
        return SK_READ_IO;
    return status;
}

sk_read_status json_object(sk_reader *reader, json_member_fn member)
{
    reader->json_at++; /* the '{' */
    reader->json_depth++;
    int ch = json_peek(reader);
    while (ch != '}') {
        if (ch < 0)
            return json_unclosed(reader, ch);
        if (ch != '"')
            return json_unexpected(reader, "a key, a string, is expected");
        reader_value key;
        sk_read_status status = json_string_value(reader, &key);
        if (status != SK_READ_OK)
            return status;
        if ((ch = json_peek(reader)) != ':')
            return ch < 0 ? json_unclosed(reader, ch)
                          : json_unexpected(reader, "':' follows a key");
        reader->json_at++;
        if ((status = member(reader, &key)) != SK_READ_OK)
            return status;
        if ((ch = json_peek(reader)) == ',') {
            reader->json_at++;
            if ((ch = json_peek(reader)) == '}')
                return json_unexpected(reader, "a key follows ','");
        } else if (ch >= 0 && ch != '}') {
            return json_unexpected(reader, "',' or '}' follows a value");
        }
    }
    reader->json_at++;
    reader->json_depth--;
    return SK_READ_OK;
}

/* Check and skip the array at the parser's place. */
static sk_read_status json_array(sk_reader *reader)
{
    reader->json_at++; /* the '[' */
    reader->json_depth++;
    int ch = json_peek(reader);
    while (ch != ']') {
        if (ch < 0)
            return json_unclosed(reader, ch);
        sk_read_status status = json_skip_member(reader, NULL);
        if (status != SK_READ_OK)
            return status;
        if ((ch = json_peek(reader)) == ',') {
            reader->json_at++;
            if ((ch = json_peek(reader)) == ']')
                return json_unexpected(reader, "a value follows ','");
        } else if (ch >= 0 && ch != ']') {
            return json_unexpected(reader, "',' or ']' follows a value");
        }
    }
    reader->json_at++;
    reader->json_depth--;
    return SK_READ_OK;
}

void json_recover(sk_reader *reader)
{
    const char *line = reader->line;
    int depth = reader->json_depth;
    bool in_string = false;
    for (size_t i = reader->json_at; i < reader->line_len && depth > 0; i++) {
        if (in_string && line[i] == '\\')
            i++;
        else if (line[i] == '"')
            in_string = !in_string;
        else if (!in_string && (line[i] == '{' || line[i] == '['))
            depth++;
        else if (!in_string && (line[i] == '}' || line[i] == ']'))
            depth--;
    }
    reader->json_resync = depth > 0;
    reader->json_depth = 0;
}
