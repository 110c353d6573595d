/* Text shown on a terminal: every character that could drive it (move the
 * cursor, set the window title, ring the bell, fake a line) written as
 * \xNN instead. Messages, tables and the play screen write what they did
 * not make themselves (file names, plugin fields, database text) this way. */
#ifndef SUDOKIT_TEXT_ESCAPE_H
#define SUDOKIT_TEXT_ESCAPE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Copy text into buf (size len > 0, always NUL-terminated, cut between
 * characters when full) with each of these as \xNN (each byte of it): C0
 * control characters but tab and line feed when lines is true, DEL, C1
 * control characters (U+0080..U+009F) and bytes that are not UTF-8. Valid
 * UTF-8 characters are kept. Async-signal-safe. Returns buf. */
char *ski_text_escape(char *buf, size_t len, const char *text, bool lines);

/* Write text to out escaped as ski_text_escape does, whatever its length. */
void ski_text_put_escaped(FILE *out, const char *text, bool lines);

/* The text fmt formats, in a buffer of its own that the caller frees;
 * NULL when memory runs out or for a format error. */
char *ski_text_vformat(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

/* vfprintf the message to out, escaped as ski_text_escape does. */
void ski_text_vprint_escaped(FILE *out, bool lines, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));

#endif
