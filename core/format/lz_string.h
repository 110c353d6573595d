/* lz-string's base64 form (compressToBase64 / decompressFromBase64), the
 * packing of f-puzzles load strings, over UTF-8 text. lz-string works on
 * UTF-16 code units: text is converted to them before compressing and
 * back after decompressing (surrogate pairs included), so that a title
 * outside ASCII travels as the JavaScript library carries it. */
#ifndef SUDOKIT_LZ_STRING_H
#define SUDOKIT_LZ_STRING_H

#include <stddef.h>

/* Compress len bytes of UTF-8 text into *out (base64 characters, '='
 * padded to a multiple of 4, NUL-terminated; free it). Returns 0, or -1
 * when text is not valid UTF-8 or memory runs out. */
int lz_compress_base64(const char *text, size_t len, char **out);

/* Decompress len characters of base64 into *out (UTF-8, NUL-terminated,
 * *out_len bytes; free it). Returns 0, or -1 with why set (a character
 * outside the alphabet, data that does not decode, an unpaired
 * surrogate, out of memory). */
int lz_decompress_base64(const char *base64, size_t len, char **out, size_t *out_len,
                         const char **why);

#endif /* SUDOKIT_LZ_STRING_H */
