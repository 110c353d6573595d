/* A record's field as text, written the same way by every layout, and
 * the one way a score is written. */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "sudokit/grid.h"
#include "sudokit/rules.h"
#include "sudokit/names.h"
#include "writer_internal.h"

/* The puzzle's clues, classic or not. */
static int field_clues(const sk_record *record)
{
    if (!record->rules)
        return sk_grid_clues(&record->puzzle);
    const uint8_t *cells = sk_record_cells(record, SK_FIELD_PUZZLE);
    size_t count = sk_record_cell_count(record);
    int clues = 0;
    for (size_t i = 0; cells && i < count; i++)
        clues += cells[i] != 0;
    return clues;
}

void sk_format_score(FILE *out, double score)
{
    fprintf(out, FIELD_SCORE_FORMAT, score);
}

bool field_grid_text(const sk_record *record, int field, char *out, bool dots)
{
    const uint8_t *cells = sk_record_cells(record, field);
    if (!cells)
        return false;
    if (record->rules)
        sk_rules_format_board(record->rules, (const sk_board *)(const void *)cells, out, dots);
    else
        sk_grid_format_line((const sk_grid *)(const void *)cells, out, dots);
    if (!record->rules)
        out[SK_LINE_CHARS] = '\0';
    return true;
}

const sk_grid *field_grid_of(const sk_record *record, int field)
{
    if (record->rules)
        return NULL;
    switch (field) {
    case SK_FIELD_PUZZLE:
        return &record->puzzle;
    case SK_FIELD_SOLUTION:
        return record->has_solution ? &record->solution : NULL;
    case SK_FIELD_CANONICAL:
        return record->has_canonical ? &record->canonical : NULL;
    default:
        return NULL;
    }
}

/* Set value to a number printed with fmt, or to missing when present is
 * false. */
static void value_number(field_value *value, bool present, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void value_number(field_value *value, bool present, const char *fmt, ...)
{
    value->kind = FIELD_MISSING;
    if (!present)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(value->buf, sizeof value->buf, fmt, ap);
    va_end(ap);
    value->kind = FIELD_NUMBER;
    value->text = value->buf;
}

static void value_score(field_value *value, bool rated, double score)
{
    value_number(value, rated && isfinite(score), FIELD_SCORE_FORMAT, score);
}

static void value_text(field_value *value, const char *text)
{
    value->kind = text ? FIELD_TEXT : FIELD_MISSING;
    value->text = text;
}

static void value_bool(field_value *value, bool present, bool yes)
{
    value->kind = present ? FIELD_BOOL : FIELD_MISSING;
    value->text = yes ? "1" : "0";
}

/* The fields that are grids or names. */
static void value_of_grid_or_name(const sk_record *record, int field, field_value *value)
{
    if (field_grid_text(record, field, value->buf, true)) {
        value_text(value, value->buf);
    } else if (field == SK_FIELD_SYMMETRY) {
        bool known = record->has_symmetry && (unsigned)record->symmetry < SK_SYM_RANDOM;
        value_text(value, known ? sk_grid_symmetry_names[record->symmetry] : NULL);
    } else if (field == SK_FIELD_LEVEL_NAME) {
        const char *name = sk_level_name(record->rating.level);
        value_text(value, record->rated && *name ? name : NULL);
    } else if (field == SK_FIELD_HARDEST && record->rated) {
        /* hardest need not be terminated within its array. */
        size_t len = strnlen(record->rating.hardest, sizeof record->rating.hardest);
        memcpy(value->buf, record->rating.hardest, len);
        value->buf[len] = '\0';
        value_text(value, value->buf);
    } else {
        value_text(value, NULL);
    }
}

/* The rating fields: present together when the record is rated. */
static void value_of_rating(const sk_record *record, int field, field_value *value)
{
    const sk_rating *r = &record->rating;
    bool rated = record->rated;
    switch (field) {
    case SK_FIELD_SCORE:
        value_score(value, rated, r->score);
        break;
    case SK_FIELD_FIRST_STEP:
        value_score(value, rated, r->first_step);
        break;
    case SK_FIELD_FIRST_PLACEMENT:
        value_score(value, rated, r->first_placement);
        break;
    case SK_FIELD_LOWER_BOUND:
        value_bool(value, rated, r->score_is_lower_bound != 0);
        break;
    case SK_FIELD_LEVEL:
        value_number(value, rated && r->level >= 0 && r->level <= 5, "%d", r->level);
        break;
    case SK_FIELD_STEPS:
        value_number(value, rated, "%" PRIu32, r->steps);
        break;
    default:
        value_of_grid_or_name(record, field, value);
        break;
    }
}

void field_value_of(const sk_record *record, int field, field_value *value)
{
    switch (field) {
    case SK_FIELD_INDEX:
        value_number(value, record->has_index, "%" PRIu64, record->index);
        break;
    case SK_FIELD_ID:
        value_number(value, record->id != 0, "%" PRId64, record->id);
        break;
    case SK_FIELD_CLUES:
        value_number(value, true, "%d", field_clues(record));
        break;
    case SK_FIELD_RULES:
        value_text(value, record->rules ? sk_rules_spec(record->rules) : NULL);
        break;
    case SK_FIELD_MINIMAL:
        value_bool(value, record->minimal >= 0, record->minimal > 0);
        break;
    case SK_FIELD_STRATEGY:
        value_text(value, record->strategy);
        break;
    case SK_FIELD_OPTIONS:
        value_text(value, record->options);
        break;
    case SK_FIELD_SEED:
        value_number(value, record->has_seed, "%" PRIu64, record->seed);
        break;
    case SK_FIELD_SOURCE:
        value_text(value, record->source);
        break;
    case SK_FIELD_LINE:
        value_number(value, record->line != 0, "%zu", record->line);
        break;
    case SK_FIELD_CREATED:
        value_text(value, record->created);
        break;
    case SK_FIELD_RATER:
        value_text(value, record->rater);
        break;
    case SK_FIELD_RATER_VERSION:
        value_text(value, record->rater_version);
        break;
    case SK_FIELD_GAMES:
        value_number(value, record->has_games, "%d", record->games);
        break;
    case SK_FIELD_LAST_GAME_ID:
        value_number(value, record->last_game_id != 0, "%" PRId64, record->last_game_id);
        break;
    case SK_FIELD_LAST_GAME_STATUS:
        value_text(value, record->last_game_status);
        break;
    case SK_FIELD_NAME:
        value_text(value, record->name);
        break;
    case SK_FIELD_DIFFICULTY:
        value_text(value, record->difficulty);
        break;
    case SK_FIELD_CANDIDATES:
        value_text(value, record->has_candidates ? value->buf : NULL);
        if (record->has_candidates)
            sk_marks_format(&record->candidates, value->buf);
        value->buf[SK_MARKS_CHARS] = '\0';
        break;
    default:
        value_of_rating(record, field, value);
        break;
    }
}
