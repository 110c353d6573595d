/* f-puzzles input: a json object that is an f-puzzles puzzle (its text
 * kept as it is read), and the load strings of f-puzzles and SudokuPad
 * links (lz-string base64 of that JSON) in the text layouts. */
#define _GNU_SOURCE /* memmem */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fpuzzles.h"
#include "json_tree.h"
#include "lz_string.h"
#include "reader_internal.h"

/* ------------------------------------------------------------ raw text -- */

/* Append n bytes to raw; -1 when out of memory or past the record's
 * limit (message set). */
static int fpr_raw_put(sk_reader *reader, const char *text, size_t n)
{
    if (n > SK_READER_RECORD_MAX - reader->raw_len) {
        reader_fail(reader, reader->line_no, 1,
                    "the object holds more than %d bytes of text, more than any layout allows",
                    SK_READER_RECORD_MAX);
        return -1;
    }
    if (reader->raw_cap - reader->raw_len < n + 1) {
        size_t cap = reader->raw_cap ? reader->raw_cap : 4096;
        while (cap - reader->raw_len < n + 1)
            cap *= 2;
        char *raw = realloc(reader->raw, cap);
        if (!raw) {
            reader_fail(reader, reader->line_no, 1, "out of memory");
            return -1;
        }
        reader->raw = raw;
        reader->raw_cap = cap;
    }
    memcpy(reader->raw + reader->raw_len, text, n);
    reader->raw_len += n;
    reader->raw[reader->raw_len] = '\0';
    return 0;
}

void reader_raw_start(sk_reader *reader, size_t at)
{
    reader->raw_len = 0;
    reader->raw_line = reader->line_no;
    reader->raw_col = at + 1;
    reader->raw_on = fpr_raw_put(reader, reader->line + at, reader->line_len - at) == 0;
}

int reader_raw_line(sk_reader *reader)
{
    if (fpr_raw_put(reader, "\n", 1) != 0 ||
        fpr_raw_put(reader, reader->line, reader->line_len) != 0) {
        reader->raw_on = false;
        return -1;
    }
    return 0;
}

/* ---------------------------------------------------------- the puzzle -- */

/* The line and column of offset at of a puzzle's text. */
static void fpr_place(const char *json, size_t at, size_t line, size_t col, bool multiline,
                      size_t *out_line, size_t *out_col)
{
    *out_line = line;
    *out_col = col;
    if (!multiline)
        return;
    size_t start = 0;
    for (size_t i = 0; i < at; i++)
        if (json[i] == '\n')
            (*out_line)++, start = i + 1;
    *out_col = (*out_line == line ? col : 1) + at - start;
}

/* Give the record the puzzle read: rules, cells, solution and title. */
static sk_read_status fpr_take(sk_reader *reader, fp_puzzle *puzzle)
{
    sk_record *record = &reader->record;
    if (puzzle->title) {
        size_t offset = reader->arena_len;
        if (reader_arena_put(reader, puzzle->title, strlen(puzzle->title) + 1) != 0)
            return SK_READ_IO;
        record->name = reader_arena_text(reader, offset);
    }
    const sk_rules *rules = puzzle->rules;
    puzzle->rules = NULL;
    reader_take_own_rules(reader, rules);
    record->has_solution = puzzle->has_solution;
    if (rules) {
        reader->boards.puzzle = puzzle->givens;
        reader->boards.solution = puzzle->solution;
    } else {
        sk_board_to_grid(&record->puzzle, &puzzle->givens);
        sk_board_to_grid(&record->solution, &puzzle->solution);
    }
    size_t cells = (size_t)(rules ? rules->size : 9) * (rules ? rules->size : 9);
    size_t *line_of = rules ? reader->rules_cell_line : reader->places.cell_line;
    size_t *col_of = rules ? reader->rules_cell_col : reader->places.cell_col;
    for (size_t i = 0; i < cells; i++) { /* the cells are at the puzzle's start */
        line_of[i] = reader->pos.line;
        col_of[i] = reader->raw_col;
    }
    return SK_READ_OK;
}

sk_read_status reader_fpuzzles(sk_reader *reader, const char *json, size_t len, size_t line,
                               size_t col, bool multiline)
{
    json_tree tree;
    size_t at, l, c;
    char why[256];
    reader->raw_col = col;
    if (json_tree_parse(json, len, &tree, &at, why, sizeof why) != 0) {
        fpr_place(json, at, line, col, multiline, &l, &c);
        reader_fail(reader, l, c, "f-puzzles JSON: %s", why);
        return SK_READ_BAD;
    }
    fp_puzzle puzzle;
    fp_problem problem;
    int rc = fp_import(reader->host, tree.root, &puzzle, &problem);
    json_tree_free(&tree);
    if (rc != 0) {
        fpr_place(json, problem.at, line, col, multiline, &l, &c);
        reader_fail(reader, l, c, "%s", problem.message);
        return SK_READ_BAD;
    }
    sk_read_status status = fpr_take(reader, &puzzle);
    fp_puzzle_free(&puzzle);
    return status;
}

/* ------------------------------------------------------- load strings -- */

/* Where the load string of a link or token begins, and its length; NULL
 * when token is none. */
static const char *fpr_load_data(const char *token, size_t len, size_t *data_len)
{
    const char *data = NULL;
    bool link = len > 8 &&
                (strncasecmp(token, "http://", 7) == 0 || strncasecmp(token, "https://", 8) == 0);
    const char *end = token + len;
    if (link) {
        const char *load = memmem(token, len, "load=", 5);
        const char *fpuz = memmem(token, len, "fpuz", 4);
        if (load)
            data = load + 5;
        else if (fpuz)
            data = fpuz + (end - fpuz >= 8 && strncmp(fpuz, "fpuzzles", 8) == 0 ? 8 : 4);
        const char *stop = data ? data : end;
        while (stop < end && *stop != '&' && *stop != '#')
            stop++;
        end = stop;
    } else if (len >= 16 && strncmp(token, "N4Ig", 4) == 0) {
        data = token;
    }
    if (!data || data >= end)
        return NULL;
    *data_len = (size_t)(end - data);
    return data;
}

bool reader_is_load_string(const char *token, size_t len)
{
    size_t n;
    return fpr_load_data(token, len, &n) != NULL;
}

/* Undo percent escapes (and '+' from ' ') of a link's data into out. */
static size_t fpr_unescape(const char *data, size_t len, char *out)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned code;
        if (data[i] == '%' && i + 2 < len && sscanf(data + i + 1, "%2x", &code) == 1) {
            out[n++] = (char)code;
            i += 2;
        } else {
            out[n++] = data[i];
        }
    }
    return n;
}

sk_read_status reader_load_string(sk_reader *reader, size_t start, size_t token)
{
    size_t len = 0;
    const char *data = fpr_load_data(reader->line + start, token, &len);
    size_t col = start + 1 + (size_t)(data - (reader->line + start));
    char *plain = malloc(len + 1), *json = NULL;
    const char *why = "out of memory";
    size_t json_len = 0;
    if (!plain ||
        lz_decompress_base64(plain, fpr_unescape(data, len, plain), &json, &json_len, &why) != 0) {
        free(plain);
        reader_fail(reader, reader->line_no, col, "f-puzzles load string: %s", why);
        return SK_READ_BAD;
    }
    free(plain);
    sk_read_status status = reader_fpuzzles(reader, json, json_len, reader->line_no, col, false);
    free(json);
    return status;
}
