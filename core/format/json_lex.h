/* The tokens of JSON (RFC 8259): strings with every escape, numbers and
 * the words true, false and null, read from a text of known length, with
 * the offset and the words of any problem. The one token grammar of the
 * format's two JSON decoders: the json lines reader, which streams
 * (json_parse.c), and the tree of an f-puzzles text or a web request body
 * (json_tree.c). */
#ifndef SUDOKIT_JSON_LEX_H
#define SUDOKIT_JSON_LEX_H

#include <stdbool.h>
#include <stddef.h>

/* What is wrong with a token, and the offset in the text where. */
typedef struct json_problem {
    size_t at;
    char why[200];
} json_problem;

/* A byte named for a message: 'c' when printable, else \xHH. */
void json_char_name(unsigned char ch, char out[8]);

/* The offset of the closing quote of the string whose opening quote is
 * at text[at], or len when none comes before len. A decoded string never
 * needs more bytes than that span, NUL included: json_string_room. */
size_t json_string_end(const char *text, size_t len, size_t at);

/* Bytes that hold the string at text[at] decoded, with its NUL. */
size_t json_string_room(const char *text, size_t len, size_t at);

/* Decode the string whose opening quote is at text[at] into out
 * (json_string_room bytes): UTF-8, NUL-terminated, *n bytes before the
 * NUL, *escaped true when it held an escape. Returns the offset past its
 * closing quote, or 0 with the problem (a control character, an unknown
 * escape, a bad \u escape or surrogate, no closing quote before len). */
size_t json_string(const char *text, size_t len, size_t at, char *out, size_t *n,
                   bool *escaped, json_problem *problem);

/* The number at text[at] ('-' or a digit): returns the offset past it,
 * or 0 with the problem when it is malformed. */
size_t json_number(const char *text, size_t len, size_t at, json_problem *problem);

/* The word at text[at]: 0 true, 1 false, 2 null, with *end past it; -1
 * when none of them is there. */
int json_word(const char *text, size_t len, size_t at, size_t *end);

/* The words true, false and null, by json_word's index. */
extern const char *const json_words[3];

#endif /* SUDOKIT_JSON_LEX_H */
