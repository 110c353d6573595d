/* Streaming record reader: opening, lines, detection of the layout per
 * file, messages, progress, and the checks every record gets. */
#include "sudokit/reader.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "json_lex.h"
#include "reader_internal.h"
#include "sudokit/grid.h"

static sk_reader *reader_new(FILE *stream, bool owns, const char *name)
{
    sk_reader *reader = calloc(1, sizeof *reader);
    if (!reader)
        return NULL;
    reader->stream = stream;
    reader->owns_stream = owns;
    reader->check_rules = true;
    reader->pos.name = name;
    sk_record_init(&reader->record);
    struct stat st;
    int fd = stream ? fileno(stream) : -1;
    if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
        off_t at = ftello(stream);
        reader->total = (uint64_t)st.st_size;
        reader->done = at > 0 ? (uint64_t)at : 0;
    }
    return reader;
}

sk_reader *sk_reader_open(const char *path, sk_error *err)
{
    if (strcmp(path, "-") == 0)
        return sk_reader_from_stream(stdin, "<stdin>");
    FILE *stream = fopen(path, "r");
    if (!stream) {
        sk_error_set(err, SK_EXIT_FAILURE, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    sk_reader *reader = reader_new(stream, true, path);
    if (!reader) {
        fclose(stream);
        sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
    }
    return reader;
}

sk_reader *sk_reader_from_stream(FILE *stream, const char *name)
{
    return reader_new(stream, false, name);
}

sk_reader *sk_reader_from_string(const char *text, const char *name)
{
    size_t len = strlen(text);
    /* fmemopen refuses an empty buffer; a reader without a stream is at
     * its end at once. */
    FILE *stream = len ? fmemopen((void *)text, len, "r") : NULL;
    if (len && !stream)
        return NULL;
    sk_reader *reader = reader_new(stream, stream != NULL, name);
    if (!reader && stream)
        fclose(stream);
    if (reader)
        reader->total = len;
    return reader;
}

void sk_reader_set_check_rules(sk_reader *reader, bool check_rules)
{
    reader->check_rules = check_rules;
}

void sk_reader_set_format(sk_reader *reader, sk_format format)
{
    if (reader->family == SK_FORMAT_AUTO && format >= SK_FORMAT_AUTO && format < SK_FORMAT_COUNT)
        reader->chosen = format;
}

sk_format sk_reader_format(const sk_reader *reader)
{
    return reader->layout != SK_FORMAT_AUTO ? reader->layout : reader->chosen;
}

const sk_record *sk_reader_record(const sk_reader *reader)
{
    return &reader->record;
}

void sk_reader_progress(const sk_reader *reader, uint64_t *done, uint64_t *total)
{
    *done = reader->done;
    *total = reader->total;
}

const sk_reader_position *sk_reader_position_of(const sk_reader *reader)
{
    return &reader->pos;
}

const char *sk_reader_error(const sk_reader *reader)
{
    return reader->error;
}

void sk_reader_close(sk_reader *reader)
{
    if (!reader)
        return;
    if (reader->owns_stream)
        fclose(reader->stream);
    free(reader->line);
    free(reader->arena);
    free(reader->csv_fields);
    reader_rules_free(reader);
    free(reader);
}

/* ------------------------------------------------------------- lines -- */

void reader_hold_line(sk_reader *reader)
{
    reader->held = true;
}

/* Stop reading: the message is set; every later read is a read error. */
static void reader_stop(sk_reader *reader)
{
    reader->finished = true;
}

/* Grow reader->line (to twice its size, at most the longest line, its
 * end and a NUL), the new bytes filled with line ends. Returns 0, or -1
 * out of memory or when it is as long as a line may be (message set,
 * the reader stopped). */
static int reader_grow_line(sk_reader *reader)
{
    size_t old = reader->line_cap, most = SK_READER_LINE_MAX + 2;
    if (old == most) {
        snprintf(reader->error, sizeof reader->error,
                 "%s:%zu:%d: the line is longer than %d bytes, more than any layout allows (is "
                 "this a file of puzzles?); nothing after it is read",
                 reader->pos.name, reader->line_no + 1, SK_READER_LINE_MAX + 1, SK_READER_LINE_MAX);
        reader_stop(reader);
        return -1;
    }
    size_t cap = !old ? 4096 : old * 2 < most ? old * 2 : most;
    char *line = realloc(reader->line, cap);
    if (!line) {
        snprintf(reader->error, sizeof reader->error, "%s:%zu: out of memory reading the line",
                 reader->pos.name, reader->line_no + 1);
        reader_stop(reader);
        return -1;
    }
    memset(line + old, '\n', cap - old);
    reader->line = line;
    reader->line_cap = cap;
    return 0;
}

/* Read a piece of a line into buf[0..room) with fgets, which stops after
 * a line end and puts a NUL after what it read; a line may hold NUL bytes
 * itself, but buf is full of line ends beforehand, so that its first line
 * end is either the line's own, followed by fgets' NUL, or the one just
 * after that NUL. Returns the count read (room - 1 when buf is full), 0
 * at the end of input or on a read error. */
static size_t reader_get_piece(char *buf, size_t room, FILE *stream)
{
    if (!fgets(buf, (int)room, stream))
        return 0;
    const char *end = memchr(buf, '\n', room);
    if (!end)
        return room - 1;
    size_t at = (size_t)(end - buf);
    return at + 1 < room && buf[at + 1] == '\0' ? at + 1 : at - 1;
}

/* Read the bytes of the next line, its line end included, into
 * reader->line, which is kept full of line ends beyond the bytes last
 * used: no more than SK_READER_LINE_MAX before the line end, so that
 * memory stays bounded whatever the input. Returns the count, -1 at the
 * end of input, -2 on a read error or a line too long (message set, the
 * reader stopped). */
static ssize_t reader_get_line(sk_reader *reader)
{
    if (!reader->line && reader_grow_line(reader) != 0)
        return -2;
    memset(reader->line, '\n', reader->line_used);
    size_t len = 0, got, room;
    do {
        if (len && reader_grow_line(reader) != 0)
            return -2;
        room = reader->line_cap - len;
        got = reader_get_piece(reader->line + len, room, reader->stream);
        len += got;
        reader->line_used = len + 1;
    } while (got == room - 1 && reader->line[len - 1] != '\n');
    if (got == 0 && ferror(reader->stream)) {
        reader->line_used = reader->line_cap; /* indeterminate after an error */
        return -2;
    }
    return len ? (ssize_t)len : -1;
}

ssize_t reader_read_line(sk_reader *reader)
{
    if (reader->held) {
        reader->held = false;
        return (ssize_t)reader->line_len;
    }
    if (!reader->stream)
        return -1;
    if (reader->finished)
        return -2;
    errno = 0;
    ssize_t len = reader_get_line(reader);
    if (len < 0)
        return len;
    reader->done += (uint64_t)len;
    reader->line_no++;
    while (len > 0 && (reader->line[len - 1] == '\n' || reader->line[len - 1] == '\r'))
        reader->line[--len] = '\0';
    /* A UTF-8 byte order mark (spreadsheets write one) is not content. */
    if (reader->line_no == 1 && len >= 3 && memcmp(reader->line, "\xEF\xBB\xBF", 3) == 0) {
        memmove(reader->line, reader->line + 3, (size_t)len - 2);
        len -= 3;
    }
    reader->line_len = (size_t)len;
    return len;
}

size_t reader_first_nonblank(const char *line, size_t len)
{
    size_t i = 0;
    while (i < len && (line[i] == ' ' || line[i] == '\t'))
        i++;
    return i;
}

bool reader_is_blank(const char *line, size_t len)
{
    return reader_first_nonblank(line, len) == len;
}

bool reader_is_comment(const char *line, size_t len)
{
    size_t i = reader_first_nonblank(line, len);
    return i < len && line[i] == '#';
}

/* Keep an sdk header line ("#D" name, "#L" level; SudoCue's A, B, C, S
 * and U lines are comments) for the next record. Returns 0, or -1 when
 * the record's text is too long (message set). */
static int reader_note_header(sk_reader *reader)
{
    const char *line = reader->line;
    size_t len = reader->line_len;
    if (len < 3 || line[0] != '#' || (line[1] != 'D' && line[1] != 'L'))
        return 0;
    while (len > 2 && (line[len - 1] == ' ' || line[len - 1] == '\t'))
        len--;
    size_t offset = reader->arena_len;
    reader->part = "sdk header lines";
    int failed = reader_arena_put(reader, line + 2, len - 2) || reader_arena_put(reader, "", 1);
    reader->part = NULL;
    if (failed)
        return -1;
    *(line[1] == 'D' ? &reader->meta_name : &reader->meta_difficulty) = offset + 1;
    return 0;
}

ssize_t reader_next_content(sk_reader *reader)
{
    bool text = reader->family == SK_FORMAT_LINE || reader->family == SK_FORMAT_AUTO;
    for (;;) {
        ssize_t len = reader_read_line(reader);
        if (len < 0)
            return len;
        if (reader_is_blank(reader->line, (size_t)len))
            continue;
        if (reader_is_comment(reader->line, (size_t)len)) {
            if (reader_is_rules_line(reader->line, (size_t)len)) {
                if (reader_rules_line(reader) != 0)
                    return -2;
            } else if (text && reader_note_header(reader) != 0) {
                return -2;
            }
            continue;
        }
        if (!text || !reader_is_rule(reader->line, (size_t)len))
            return len;
    }
}

void reader_begin_record(sk_reader *reader, sk_format layout)
{
    /* Only csv and json collect values: clearing them costs a line's read. */
    if (layout == SK_FORMAT_CSV || layout == SK_FORMAT_QQWING || layout == SK_FORMAT_JSON)
        memset(reader->values, 0, sizeof reader->values);
    reader->pos.puzzle++;
    reader->pos.line = reader->line_no;
    reader->layout = layout;
    reader->places.first_col = 0;
}

/* ---------------------------------------------------------- messages -- */

void reader_fail(sk_reader *reader, size_t line, size_t col, const char *fmt, ...)
{
    int n =
        snprintf(reader->error, sizeof reader->error, "%s:%zu:%zu: ", reader->pos.name, line, col);
    if (n >= 0 && (size_t)n < sizeof reader->error)
        n += reader->part ? snprintf(reader->error + n, sizeof reader->error - (size_t)n,
                                     "%s: ", reader->part)
                          : snprintf(reader->error + n, sizeof reader->error - (size_t)n,
                                     "puzzle %zu: ", reader->pos.puzzle);
    if (n < 0 || (size_t)n >= sizeof reader->error)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(reader->error + n, sizeof reader->error - (size_t)n, fmt, ap);
    va_end(ap);
}

void reader_char_name(unsigned char ch, char out[8])
{
    json_char_name(ch, out);
}

void reader_quote(const char *text, size_t len, char out[160])
{
    size_t at = 0, shown = len < 32 ? len : 32;
    out[at++] = '"';
    for (size_t i = 0; i < shown; i++) {
        unsigned char ch = (unsigned char)text[i];
        if (ch >= 0x20 && ch < 0x7F)
            out[at++] = (char)ch;
        else
            at += (size_t)snprintf(out + at, 5, "\\x%02X", ch);
    }
    out[at++] = '"';
    if (shown < len)
        at += (size_t)snprintf(out + at, 4, "...");
    out[at] = '\0';
}

int reader_cell_value(char ch)
{
    if (ch == '.' || ch == '0')
        return 0;
    if (ch >= '1' && ch <= '9')
        return ch - '0';
    return -1;
}

/* ------------------------------------------------------------- arena -- */

char *reader_arena_room(sk_reader *reader, size_t n)
{
    if (n > SK_READER_RECORD_MAX - reader->arena_len) {
        reader_fail(reader, reader->line_no, 1,
                    "the record holds more than %d bytes of text, more than any layout allows "
                    "(a quote or a brace left open?); nothing after it is read",
                    SK_READER_RECORD_MAX);
        reader_stop(reader);
        return NULL;
    }
    if (reader->arena_cap - reader->arena_len < n) {
        size_t cap = reader->arena_cap ? reader->arena_cap : 256;
        while (cap - reader->arena_len < n)
            cap *= 2;
        char *arena = realloc(reader->arena, cap);
        if (!arena) {
            reader_fail(reader, reader->line_no, 1, "out of memory");
            return NULL;
        }
        reader->arena = arena;
        reader->arena_cap = cap;
    }
    return reader->arena + reader->arena_len;
}

int reader_arena_put(sk_reader *reader, const void *bytes, size_t n)
{
    if (n == 0)
        return 0;
    char *room = reader_arena_room(reader, n);
    if (!room)
        return -1;
    memcpy(room, bytes, n);
    reader->arena_len += n;
    return 0;
}

char *reader_arena_text(sk_reader *reader, size_t offset)
{
    return reader->arena + offset;
}

/* ------------------------------------------------------ the dispatcher -- */

/* Which reader reads each family (LINE: the text family). */
static sk_read_status (*const reader_of_family[SK_FORMAT_COUNT])(sk_reader *) = {
    [SK_FORMAT_LINE] = reader_next_text,
    [SK_FORMAT_CSV] = reader_next_csv,
    [SK_FORMAT_JSON] = reader_next_json,
};

/* True when the line is a csv header: one of its comma-separated fields,
 * without blanks and quotes around it, is "puzzle" (or qqwing's
 * "Puzzle"). */
static bool reader_is_csv_header(const char *line, size_t len)
{
    size_t start = 0;
    while (start <= len) {
        size_t end = start;
        while (end < len && line[end] != ',')
            end++;
        size_t a = start + reader_first_nonblank(line + start, end - start), b = end;
        while (b > a && (line[b - 1] == ' ' || line[b - 1] == '\t'))
            b--;
        if (b - a >= 2 && line[a] == '"' && line[b - 1] == '"')
            a++, b--;
        if (b - a == 6 &&
            (memcmp(line + a, "puzzle", 6) == 0 || memcmp(line + a, "Puzzle", 6) == 0))
            return true;
        start = end + 1;
    }
    return false;
}

/* The family of a file whose first line of content is line. */
static sk_format reader_family_of(const char *line, size_t len)
{
    char first = line[reader_first_nonblank(line, len)];
    if (first == '{')
        return SK_FORMAT_JSON;
    return reader_is_csv_header(line, len) ? SK_FORMAT_CSV : SK_FORMAT_LINE;
}

/* Fix the family from the chosen format or from the first line of content
 * (the current line). */
static void reader_detect(sk_reader *reader, size_t len)
{
    sk_format chosen = reader->chosen;
    reader->family = chosen == SK_FORMAT_AUTO ? reader_family_of(reader->line, len)
                     : chosen == SK_FORMAT_CSV || chosen == SK_FORMAT_QQWING    ? SK_FORMAT_CSV
                     : chosen == SK_FORMAT_JSON || chosen == SK_FORMAT_FPUZZLES ? SK_FORMAT_JSON
                                                                                : SK_FORMAT_LINE;
}

/* The record is read: give it its place unless its fields gave one, and
 * check the puzzle's rules. */
static sk_read_status reader_finish_record(sk_reader *reader)
{
    sk_record *record = &reader->record;
    if (!record->source)
        record->source = reader->pos.name;
    if (!record->line)
        record->line = reader->pos.line;
    if (reader->check_rules && !record->rules &&
        sk_reader_rules_message(&record->puzzle, reader->pos.name, reader->pos.puzzle,
                                &reader->places, reader->error, sizeof reader->error))
        return SK_READ_BAD;
    return SK_READ_OK;
}

void sk_reader_cell_places(const sk_reader *reader, sk_cell_places *out)
{
    out->line = reader->places.line;
    out->first_col = reader->places.first_col;
    if (!out->first_col) {
        memcpy(out->cell_line, reader->places.cell_line, sizeof out->cell_line);
        memcpy(out->cell_col, reader->places.cell_col, sizeof out->cell_col);
    }
}

bool sk_reader_rules_message(const sk_grid *puzzle, const char *name, size_t number,
                             const sk_cell_places *places, char *buf, size_t len)
{
    sk_conflict conflict;
    if (sk_grid_check(puzzle, &conflict))
        return false;
    char what[128];
    sk_conflict_describe(&conflict, what, sizeof what);
    size_t cell = (size_t)conflict.second_cell;
    size_t line = places->first_col ? places->line : places->cell_line[cell];
    size_t col = places->first_col ? places->first_col + cell : places->cell_col[cell];
    snprintf(buf, len, "%s:%zu:%zu: puzzle %zu: %s", name, line, col, number, what);
    return true;
}

static sk_read_status reader_read_error(sk_reader *reader)
{
    if (!reader->error[0])
        snprintf(reader->error, sizeof reader->error, "%s:%zu: read error: %s", reader->pos.name,
                 reader->line_no + 1, strerror(errno));
    return SK_READ_IO;
}

sk_read_status sk_reader_next(sk_reader *reader, sk_grid *grid)
{
    reader->error[0] = '\0';
    reader->arena_len = 0;
    sk_record_init(&reader->record);
    if (reader->finished)
        return SK_READ_END;
    reader->meta_name = reader->meta_difficulty = 0;
    ssize_t len = reader_next_content(reader);
    if (len >= 0 && reader->family == SK_FORMAT_AUTO)
        reader_detect(reader, (size_t)len);
    if (len == -1)
        return SK_READ_END;
    if (len < 0)
        return reader_read_error(reader);
    reader_rules_clear(reader);
    sk_read_status status = reader_of_family[reader->family](reader);
    if (status == SK_READ_OK || status == SK_READ_BAD)
        status = reader_rules_finish(reader, status);
    if (status == SK_READ_OK)
        status = reader_finish_record(reader);
    else if (status == SK_READ_IO)
        status = reader_read_error(reader);
    if (status == SK_READ_OK && grid)
        *grid = reader->record.puzzle;
    return status;
}
