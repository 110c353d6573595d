/* The known fields of a csv row or json object, parsed into the record. */
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reader_internal.h"
#include "sudokit/names.h"

/* How a field's text is read, and in json which type it must have. */
typedef enum fields_kind {
    KIND_GRID,
    KIND_MARKS,
    KIND_TEXT,
    KIND_NAME,
    KIND_WHOLE,
    KIND_SCORE,
    KIND_BOOL
} fields_kind;

static fields_kind fields_kind_of(int field)
{
    switch (field) {
    case SK_FIELD_PUZZLE:
    case SK_FIELD_SOLUTION:
    case SK_FIELD_CANONICAL:
        return KIND_GRID;
    case SK_FIELD_CANDIDATES:
        return KIND_MARKS;
    case SK_FIELD_SYMMETRY:
    case SK_FIELD_LEVEL_NAME:
        return KIND_NAME;
    case SK_FIELD_SCORE:
    case SK_FIELD_FIRST_STEP:
    case SK_FIELD_FIRST_PLACEMENT:
        return KIND_SCORE;
    case SK_FIELD_MINIMAL:
    case SK_FIELD_LOWER_BOUND:
        return KIND_BOOL;
    case SK_FIELD_INDEX:
    case SK_FIELD_ID:
    case SK_FIELD_CLUES:
    case SK_FIELD_SEED:
    case SK_FIELD_LINE:
    case SK_FIELD_LEVEL:
    case SK_FIELD_STEPS:
    case SK_FIELD_GAMES:
    case SK_FIELD_LAST_GAME_ID:
        return KIND_WHOLE;
    default:
        return KIND_TEXT;
    }
}

/* The largest value of a whole-number field of the record being read. */
static uint64_t fields_max_of(const sk_reader *reader, int field)
{
    switch (field) {
    case SK_FIELD_ID:
    case SK_FIELD_LAST_GAME_ID:
        return INT64_MAX;
    case SK_FIELD_CLUES:
        return reader_cell_count(reader);
    case SK_FIELD_LINE:
        return SIZE_MAX;
    case SK_FIELD_LEVEL:
        return 5;
    case SK_FIELD_STEPS:
        return UINT32_MAX;
    case SK_FIELD_GAMES:
        return INT_MAX;
    default:
        return UINT64_MAX;
    }
}

/* True when the record's input gave field a value: present, not null
 * (json) and not empty (csv). */
static bool fields_given(const sk_reader *reader, int field)
{
    const reader_value *v = &reader->values[field];
    return v->present && v->type != VALUE_NULL &&
           (v->type != VALUE_STRING || v->len > 0 || reader->family != SK_FORMAT_CSV);
}

/* Report what is wrong with value v of field, at byte at of its text. */
static sk_read_status fields_bad(sk_reader *reader, int field, const reader_value *v, size_t at,
                                 const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static sk_read_status fields_bad(sk_reader *reader, int field, const reader_value *v, size_t at,
                                 const char *fmt, ...)
{
    char why[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    reader_fail(reader, v->line, v->col + (v->exact ? at : 0), "%s: %s", sk_field_names[field],
                why);
    return SK_READ_BAD;
}

/* Parse a whole number 0..max from all of text. */
static bool fields_whole(const char *text, size_t len, uint64_t max, uint64_t *out)
{
    uint64_t value = 0;
    if (len == 0)
        return false;
    for (size_t i = 0; i < len; i++) {
        unsigned digit = (unsigned)(text[i] - '0');
        if (digit > 9 || digit > max || value > (max - digit) / 10)
            return false;
        value = value * 10 + digit;
    }
    *out = value;
    return true;
}

/* Parse a finite decimal number (such as "4.20", "-1", "1e3") from all of
 * text; no blanks, names (inf, nan) or hexadecimal. */
static bool fields_score(const char *text, size_t len, double *out)
{
    if (len == 0 || strspn(text, "0123456789.-+eE") != len)
        return false;
    char *end;
    *out = strtod(text, &end);
    return end == text + len && isfinite(*out);
}

/* Parse a grid field; the puzzle's cells get their places for messages. */
static sk_read_status fields_grid(sk_reader *reader, int field, const reader_value *v,
                                  const char *text, sk_grid *grid)
{
    if (reader_rules(reader)) {
        char what[32];
        snprintf(what, sizeof what, " in %s", sk_field_names[field]);
        return reader_grid_text(reader, field, text, v->len, v->line, v->col, v->exact, what);
    }
    for (size_t i = 0; i < v->len && i < 81; i++) {
        int value = reader_cell_value(text[i]);
        if (value < 0) {
            char name[8];
            reader_char_name((unsigned char)text[i], name);
            return fields_bad(reader, field, v, i,
                              "unexpected character %s (a cell is 1-9, '.' or '0')", name);
        }
        grid->cells[i] = (uint8_t)value;
        if (field == SK_FIELD_PUZZLE) {
            reader->places.cell_line[i] = v->line;
            reader->places.cell_col[i] = v->col + (v->exact ? i : 0);
        }
    }
    if (v->len != 81)
        return fields_bad(reader, field, v, v->len < 81 ? v->len : 81,
                          "too %s cells: %zu, a grid has 81", v->len < 81 ? "few" : "many", v->len);
    return SK_READ_OK;
}

/* Parse the candidates field: the 729-character pencil-mark form. */
static sk_read_status fields_marks(sk_reader *reader, int field, const reader_value *v,
                                   const char *text, sk_marks *marks)
{
    size_t at;
    sk_marks_problem why;
    if (sk_marks_parse(marks, text, v->len, &at, &why) == 0)
        return SK_READ_OK;
    char what[160];
    reader_marks_problem(text, v->len, at, why, what, sizeof what);
    return fields_bad(reader, field, v, at, "%s", what);
}

/* The fields written as names: symmetry and level_name. */
static sk_read_status fields_name(sk_reader *reader, int field, const reader_value *v,
                                  const char *text)
{
    char quoted[160];
    reader_quote(text, v->len, quoted);
    sk_record *record = &reader->record;
    char names[80];
    if (field == SK_FIELD_SYMMETRY) {
        int symmetry = sk_name_find(sk_grid_symmetry_names, text);
        sk_name_list(sk_grid_symmetry_names, names, sizeof names);
        if (symmetry < 0)
            return fields_bad(reader, field, v, 0, "%s is not a symmetry (%s)", quoted, names);
        record->has_symmetry = true;
        record->symmetry = (sk_symmetry)symmetry;
        return SK_READ_OK;
    }
    int level = sk_name_find(sk_level_names, text);
    sk_name_list(sk_level_names, names, sizeof names);
    if (level < 0)
        return fields_bad(reader, field, v, 0, "%s is not a level name (%s)", quoted, names);
    if (!fields_given(reader, SK_FIELD_LEVEL))
        record->rating.level = level;
    return SK_READ_OK;
}

/* Store a whole number into its field. */
static void fields_store_whole(sk_record *record, int field, uint64_t value)
{
    switch (field) {
    case SK_FIELD_INDEX:
        record->has_index = true;
        record->index = value;
        break;
    case SK_FIELD_ID:
        record->id = (int64_t)value;
        break;
    case SK_FIELD_SEED:
        record->has_seed = true;
        record->seed = value;
        break;
    case SK_FIELD_LINE:
        record->line = (size_t)value;
        break;
    case SK_FIELD_LEVEL:
        record->rating.level = (int)value;
        break;
    case SK_FIELD_STEPS:
        record->rating.steps = (uint32_t)value;
        break;
    case SK_FIELD_GAMES:
        record->has_games = true;
        record->games = (int)value;
        break;
    case SK_FIELD_LAST_GAME_ID:
        record->last_game_id = (int64_t)value;
        break;
    default: /* clues: derived from the puzzle */
        break;
    }
}

/* Store a text field; it points into the arena, which no longer grows. */
static sk_read_status fields_text(sk_reader *reader, int field, const reader_value *v,
                                  const char *text)
{
    sk_record *record = &reader->record;
    const char **slot[SK_FIELD_COUNT] = {
        [SK_FIELD_STRATEGY] = &record->strategy,
        [SK_FIELD_OPTIONS] = &record->options,
        [SK_FIELD_SOURCE] = &record->source,
        [SK_FIELD_CREATED] = &record->created,
        [SK_FIELD_RATER] = &record->rater,
        [SK_FIELD_RATER_VERSION] = &record->rater_version,
        [SK_FIELD_LAST_GAME_STATUS] = &record->last_game_status,
        [SK_FIELD_NAME] = &record->name,
        [SK_FIELD_DIFFICULTY] = &record->difficulty,
    };
    if (field != SK_FIELD_HARDEST) {
        *slot[field] = text;
        return SK_READ_OK;
    }
    if (v->len >= sizeof record->rating.hardest)
        return fields_bad(reader, field, v, sizeof record->rating.hardest - 1,
                          "%zu bytes, at most %zu fit", v->len, sizeof record->rating.hardest - 1);
    memcpy(record->rating.hardest, text, v->len + 1);
    return SK_READ_OK;
}

/* Parse a field whose text is a number or a flag. */
static sk_read_status fields_number(sk_reader *reader, int field, const reader_value *v,
                                    const char *text)
{
    char quoted[160];
    reader_quote(text, v->len, quoted);
    sk_rating *rating = &reader->record.rating;
    fields_kind kind = fields_kind_of(field);
    if (kind == KIND_WHOLE) {
        uint64_t value, max = fields_max_of(reader, field);
        if (!fields_whole(text, v->len, max, &value))
            return fields_bad(reader, field, v, 0, "%s is not a whole number 0-%" PRIu64, quoted,
                              max);
        fields_store_whole(&reader->record, field, value);
    } else if (kind == KIND_SCORE) {
        double score;
        if (!fields_score(text, v->len, &score))
            return fields_bad(reader, field, v, 0, "%s is not a finite number", quoted);
        double *slot = field == SK_FIELD_SCORE        ? &rating->score
                       : field == SK_FIELD_FIRST_STEP ? &rating->first_step
                                                      : &rating->first_placement;
        *slot = score;
    } else {
        bool yes = strcmp(text, "1") == 0 || strcmp(text, "true") == 0;
        if (!yes && strcmp(text, "0") != 0 && strcmp(text, "false") != 0)
            return fields_bad(reader, field, v, 0, "%s is not 1 or 0", quoted);
        if (field == SK_FIELD_MINIMAL)
            reader->record.minimal = yes;
        else
            rating->score_is_lower_bound = yes;
    }
    return SK_READ_OK;
}

/* In json, check that the value has its field's type. */
static sk_read_status fields_check_type(sk_reader *reader, int field, const reader_value *v)
{
    static const char *const type_names[] = {"a string", "a number", "true or false", "null",
                                             "an object or an array"};
    static const value_type wanted_of_kind[] = {
        [KIND_GRID] = VALUE_STRING, [KIND_MARKS] = VALUE_STRING, [KIND_TEXT] = VALUE_STRING,
        [KIND_NAME] = VALUE_STRING, [KIND_WHOLE] = VALUE_NUMBER, [KIND_SCORE] = VALUE_NUMBER,
        [KIND_BOOL] = VALUE_BOOL,
    };
    value_type wanted = wanted_of_kind[fields_kind_of(field)];
    if (reader->family != SK_FORMAT_JSON || v->type == wanted)
        return SK_READ_OK;
    return fields_bad(reader, field, v, 0, "%s is expected, not %s", type_names[wanted],
                      type_names[v->type]);
}

static sk_read_status fields_apply(sk_reader *reader, int field)
{
    const reader_value *v = &reader->values[field];
    sk_read_status status = fields_check_type(reader, field, v);
    if (status != SK_READ_OK)
        return status;
    const char *text = reader_arena_text(reader, v->offset);
    sk_record *record = &reader->record;
    switch (fields_kind_of(field)) {
    case KIND_GRID:
        if (field == SK_FIELD_SOLUTION)
            record->has_solution = true;
        if (field == SK_FIELD_CANONICAL)
            record->has_canonical = true;
        return fields_grid(reader, field, v, text,
                           field == SK_FIELD_PUZZLE     ? &record->puzzle
                           : field == SK_FIELD_SOLUTION ? &record->solution
                                                        : &record->canonical);
    case KIND_MARKS:
        if (reader_rules(reader))
            return fields_bad(reader, field, v, 0,
                              "pencil marks are read for classic 9x9 puzzles only");
        record->has_candidates = true;
        return fields_marks(reader, field, v, text, &record->candidates);
    case KIND_NAME:
        return fields_name(reader, field, v, text);
    case KIND_TEXT:
        return fields_text(reader, field, v, text);
    default:
        return fields_number(reader, field, v, text);
    }
}

bool reader_collect(sk_reader *reader, int field, const reader_value *value, const char *what)
{
    if (field < 0)
        return true;
    if (reader->values[field].present) {
        reader_fail(reader, value->line, value->col, "%s \"%s\" appears twice", what,
                    sk_field_names[field]);
        return false;
    }
    reader->values[field] = *value;
    reader->values[field].present = true;
    return true;
}

/* The record's rules field, read first: the rules its grids are under
 * (empty or null: classic, whatever a "#rules" line said). */
static sk_read_status fields_rules(sk_reader *reader)
{
    const reader_value *v = &reader->values[SK_FIELD_RULES];
    if (!v->present)
        return SK_READ_OK;
    if (v->type != VALUE_NULL) {
        sk_read_status status = fields_check_type(reader, SK_FIELD_RULES, v);
        if (status != SK_READ_OK)
            return status;
    }
    const char *text = v->type == VALUE_NULL ? "" : reader_arena_text(reader, v->offset);
    return reader_own_rules(reader, text, v->type == VALUE_NULL ? 0 : v->len, v->line, v->col,
                            v->exact);
}

sk_read_status reader_apply_values(sk_reader *reader)
{
    sk_read_status rules = fields_rules(reader);
    if (rules != SK_READ_OK)
        return rules;
    for (int field = 0; field < SK_FIELD_COUNT; field++) {
        if (field == SK_FIELD_RULES || !fields_given(reader, field))
            continue;
        sk_read_status status = fields_apply(reader, field);
        if (status != SK_READ_OK)
            return status;
        reader->record.rated |= field >= SK_FIELD_SCORE && field <= SK_FIELD_STEPS;
    }
    return SK_READ_OK;
}
