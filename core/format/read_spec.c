/* The rules records are read under: "#rules SPEC" lines, a record's own
 * rules (a csv or json rules field, an f-puzzles puzzle), grids of any
 * size, and the checks every record gets under its rules. */
#define _GNU_SOURCE /* asprintf */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reader_internal.h"
#include "sudokit/grid.h"

void sk_reader_accept_rules(sk_reader *reader, sk_host *host)
{
    reader->accept_rules = true;
    reader->host = host;
}

void sk_reader_set_rules(sk_reader *reader, const sk_rules *rules)
{
    sk_rules_free(reader->rules);
    reader->rules = rules && !sk_rules_is_classic(rules) ? sk_rules_ref(rules) : NULL;
}

bool reader_is_rules_line(const char *line, size_t len)
{
    size_t i = reader_first_nonblank(line, len);
    return len - i >= 6 && memcmp(line + i, "#rules", 6) == 0 &&
           (len - i == 6 || line[i + 6] == ' ' || line[i + 6] == '\t');
}

/* Compile spec (NUL-terminated, not empty) on the reader's host into *out,
 * NULL for the classic rules. 0, or -1 with error set. */
static int spec_compile(sk_reader *reader, const char *spec, const sk_rules **out,
                        sk_rules_error *error)
{
    const sk_rules *rules;
    if (sk_rules_compile(reader->host, spec, &rules, error) != 0)
        return -1;
    if (sk_rules_is_classic(rules)) {
        sk_rules_free(rules);
        rules = NULL;
    }
    *out = rules;
    return 0;
}

/* Text between from and to (exclusive) of the current line, without the
 * blanks at its ends, as a new string; *at gets its first column. */
static char *spec_trimmed(const sk_reader *reader, size_t from, size_t *at)
{
    const char *line = reader->line;
    size_t to = reader->line_len;
    from += reader_first_nonblank(line + from, to - from);
    while (to > from && (line[to - 1] == ' ' || line[to - 1] == '\t'))
        to--;
    *at = from;
    return strndup(line + from, to - from);
}

int reader_rules_line(sk_reader *reader)
{
    size_t at;
    char *spec =
        spec_trimmed(reader, reader_first_nonblank(reader->line, reader->line_len) + 6, &at);
    sk_rules_free(reader->rules);
    reader->rules = NULL;
    free(reader->rules_problem);
    reader->rules_problem = NULL;
    reader->rules_line = reader->line_no;
    if (!spec) {
        reader_fail(reader, reader->line_no, 1, "out of memory");
        return -1;
    }
    sk_rules_error error;
    if (*spec && spec_compile(reader, spec, &reader->rules, &error) != 0) {
        size_t col = at + (error.column ? error.column : 1);
        if (asprintf(&reader->rules_problem, "%zu:%zu: %s", reader->line_no, col, error.message) <
            0)
            reader->rules_problem = NULL;
    }
    free(spec);
    return 0;
}

const sk_rules *reader_rules(const sk_reader *reader)
{
    if (reader->own)
        return reader->own_classic ? NULL : reader->own_rules;
    return reader->rules;
}

void reader_take_own_rules(sk_reader *reader, const sk_rules *rules)
{
    sk_rules_free(reader->own_rules);
    free(reader->own_spec);
    reader->own_spec = NULL;
    reader->own_rules = rules;
    reader->own = true;
    reader->own_classic = rules == NULL;
    reader->own_failed = false;
}

sk_read_status reader_own_rules(sk_reader *reader, const char *spec, size_t len, size_t line,
                                size_t col, bool exact)
{
    reader->own = true;
    if (len == 0) {
        reader->own_classic = true;
        return SK_READ_OK;
    }
    reader->own_classic = false;
    if (reader->own_spec && strlen(reader->own_spec) == len &&
        memcmp(reader->own_spec, spec, len) == 0) {
        reader->own_line = line;
        reader->own_col = col + (exact && reader->own_at ? reader->own_at - 1 : 0);
        return reader->own_failed ? SK_READ_BAD : SK_READ_OK;
    }
    sk_rules_free(reader->own_rules);
    reader->own_rules = NULL;
    free(reader->own_spec);
    reader->own_spec = strndup(spec, len);
    if (!reader->own_spec) {
        reader_fail(reader, line, col, "out of memory");
        return SK_READ_IO;
    }
    sk_rules_error error;
    reader->own_failed = spec_compile(reader, reader->own_spec, &reader->own_rules, &error) != 0;
    if (!reader->own_failed)
        return SK_READ_OK;
    snprintf(reader->own_problem, sizeof reader->own_problem, "%s", error.message);
    reader->own_at = error.column;
    reader->own_line = line;
    reader->own_col = col + (exact && error.column ? error.column - 1 : 0);
    return SK_READ_BAD;
}

/* The message of a record whose own rules did not compile. */
static sk_read_status spec_own_failed(sk_reader *reader)
{
    reader_fail(reader, reader->own_line, reader->own_col, "rules: %s", reader->own_problem);
    return SK_READ_BAD;
}

uint32_t reader_size(const sk_reader *reader)
{
    const sk_rules *rules = reader_rules(reader);
    return rules ? rules->size : 9;
}

size_t reader_cell_count(const sk_reader *reader)
{
    uint32_t size = reader_size(reader);
    return (size_t)size * size;
}

uint8_t *reader_cells(sk_reader *reader, int field)
{
    bool boards = reader_rules(reader) != NULL;
    sk_record *record = &reader->record;
    switch (field) {
    case SK_FIELD_SOLUTION:
        return boards ? reader->boards.solution.cells : record->solution.cells;
    case SK_FIELD_CANONICAL:
        return boards ? reader->boards.canonical.cells : record->canonical.cells;
    default:
        return boards ? reader->boards.puzzle.cells : record->puzzle.cells;
    }
}

const char *reader_digits_text(uint32_t size)
{
    static const char *const texts[SK_MAX_SIZE + 1] = {
        "",         "",         "",         "",         "1-4",      "1-5",      "1-6",
        "1-7",      "1-8",      "1-9",      "1-9, A",   "1-9, A-B", "1-9, A-C", "1-9, A-D",
        "1-9, A-E", "1-9, A-F", "1-9, A-G", "1-9, A-H", "1-9, A-I", "1-9, A-J", "1-9, A-K",
        "1-9, A-L", "1-9, A-M", "1-9, A-N", "1-9, A-O", "1-9, A-P"};
    return size <= SK_MAX_SIZE ? texts[size] : "";
}

sk_read_status reader_grid_text(sk_reader *reader, int field, const char *text, size_t len,
                                size_t line, size_t col, bool exact, const char *what)
{
    const sk_rules *rules = reader_rules(reader);
    uint32_t size = sk_rules_size(rules);
    size_t cells = (size_t)size * size, bad;
    sk_board *board = field == SK_FIELD_SOLUTION    ? &reader->boards.solution
                      : field == SK_FIELD_CANONICAL ? &reader->boards.canonical
                                                    : &reader->boards.puzzle;
    if (sk_rules_parse_board(rules, text, len, board, &bad) == 0) {
        for (size_t i = 0; field == SK_FIELD_PUZZLE && i < cells; i++) {
            reader->rules_cell_line[i] = line;
            reader->rules_cell_col[i] = col + (exact ? i : 0);
        }
        return SK_READ_OK;
    }
    char name[8];
    if (bad < len && bad < cells) {
        reader_char_name((unsigned char)text[bad], name);
        reader_fail(reader, line, col + (exact ? bad : 0),
                    "unexpected character %s%s (a cell of a %ux%u grid is %s, '.' or '0')", name,
                    what, (unsigned)size, (unsigned)size, reader_digits_text(size));
    } else {
        reader_fail(reader, line, col + (exact ? bad : 0),
                    "too %s cells%s: %zu, a %ux%u grid has %zu", len < cells ? "few" : "many", what,
                    len, (unsigned)size, (unsigned)size, cells);
    }
    return SK_READ_BAD;
}

/* Refuse a record under rules that did not compile or that the reader
 * does not take; else give the record its rules. */
static sk_read_status spec_admit(sk_reader *reader, sk_read_status status)
{
    if (reader->own && reader->own_failed && !reader->own_classic)
        return spec_own_failed(reader);
    if (!reader->own && reader->rules_problem) {
        snprintf(reader->error, sizeof reader->error,
                 "%s:%s (the rules of puzzle %zu and of the puzzles after it up to the next "
                 "#rules line; see `sudokit help rules`)",
                 reader->pos.name, reader->rules_problem, reader->pos.puzzle);
        return SK_READ_BAD;
    }
    const sk_rules *rules = reader_rules(reader);
    if (status != SK_READ_OK || !rules)
        return status;
    if (!reader->accept_rules) {
        char from[48] = "";
        if (!reader->own)
            snprintf(from, sizeof from, " (#rules line %zu)", reader->rules_line);
        reader_fail(reader, reader->pos.line, 1,
                    "the puzzle is under the rules '%s'%s, and this command takes classic 9x9 "
                    "puzzles only",
                    sk_rules_spec(rules), from);
        return SK_READ_BAD;
    }
    reader->record.rules = rules;
    reader->record.boards = &reader->boards;
    return SK_READ_OK;
}

sk_read_status reader_rules_finish(sk_reader *reader, sk_read_status status)
{
    status = spec_admit(reader, status);
    const sk_rules *rules = reader->record.rules;
    sk_rules_break broken;
    if (status != SK_READ_OK || !rules || !reader->check_rules ||
        sk_rules_check_givens(rules, &reader->boards.puzzle, &broken))
        return status;
    uint32_t cell = broken.cells[broken.cell_count > 1 ? 1 : 0];
    const sk_cell_places *places = &reader->places;
    size_t line = places->first_col ? places->line : reader->rules_cell_line[cell];
    size_t col = places->first_col ? places->first_col + cell : reader->rules_cell_col[cell];
    reader_fail(reader, line, col, "%s", broken.why);
    return SK_READ_BAD;
}

void reader_rules_clear(sk_reader *reader)
{
    reader->own = false;
}

void reader_rules_free(sk_reader *reader)
{
    sk_rules_free(reader->rules);
    sk_rules_free(reader->own_rules);
    free(reader->own_spec);
    free(reader->rules_problem);
    free(reader->raw);
}
