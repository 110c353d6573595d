/* The characters of digits in board text: '1'-'9', then 'A'-'P' for
 * 10-25 (as 16x16 puzzles are usually written), '.' or '0' for a blank
 * (pure: plugin.h and libc only). */
#include "rules_internal.h"

char rules_digit_char(unsigned digit, bool dots)
{
    if (digit == 0 || digit > SK_MAX_SIZE)
        return dots ? '.' : '0';
    return digit <= 9 ? (char)('0' + digit) : (char)('A' + digit - 10);
}

int rules_char_digit(char c, uint32_t size)
{
    int digit = -1;
    if (c == '.' || c == '0')
        return 0;
    if (c >= '1' && c <= '9')
        digit = c - '0';
    else if (c >= 'A' && c <= 'P')
        digit = c - 'A' + 10;
    else if (c >= 'a' && c <= 'p')
        digit = c - 'a' + 10;
    return digit >= 1 && (uint32_t)digit <= size ? digit : -1;
}
