/* Records: the table of field names and an empty record. */
#include "sudokit/record.h"

#include <string.h>

const char *const sk_field_names[SK_FIELD_COUNT] = {
    [SK_FIELD_INDEX] = "index",
    [SK_FIELD_ID] = "id",
    [SK_FIELD_PUZZLE] = "puzzle",
    [SK_FIELD_SOLUTION] = "solution",
    [SK_FIELD_CANONICAL] = "canonical",
    [SK_FIELD_CLUES] = "clues",
    [SK_FIELD_SYMMETRY] = "symmetry",
    [SK_FIELD_MINIMAL] = "minimal",
    [SK_FIELD_STRATEGY] = "strategy",
    [SK_FIELD_OPTIONS] = "options",
    [SK_FIELD_SEED] = "seed",
    [SK_FIELD_SOURCE] = "source",
    [SK_FIELD_LINE] = "line",
    [SK_FIELD_CREATED] = "created",
    [SK_FIELD_RATER] = "rater",
    [SK_FIELD_RATER_VERSION] = "rater_version",
    [SK_FIELD_SCORE] = "score",
    [SK_FIELD_LOWER_BOUND] = "lower_bound",
    [SK_FIELD_FIRST_STEP] = "first_step",
    [SK_FIELD_FIRST_PLACEMENT] = "first_placement",
    [SK_FIELD_LEVEL] = "level",
    [SK_FIELD_LEVEL_NAME] = "level_name",
    [SK_FIELD_HARDEST] = "hardest",
    [SK_FIELD_STEPS] = "steps",
    [SK_FIELD_GAMES] = "games",
    [SK_FIELD_LAST_GAME_ID] = "last_game_id",
    [SK_FIELD_LAST_GAME_STATUS] = "last_game_status",
    [SK_FIELD_NAME] = "name",
    [SK_FIELD_DIFFICULTY] = "difficulty",
    [SK_FIELD_CANDIDATES] = "candidates",
    [SK_FIELD_RULES] = "rules",
};

int sk_field_parse(const char *name, size_t len)
{
    for (int field = 0; field < SK_FIELD_COUNT; field++)
        if (strlen(sk_field_names[field]) == len && memcmp(sk_field_names[field], name, len) == 0)
            return field;
    return -1;
}

void sk_record_init(sk_record *record)
{
    memset(record, 0, sizeof *record);
    record->minimal = -1;
    record->rating.struct_size = sizeof record->rating;
}

size_t sk_record_cell_count(const sk_record *record)
{
    return record->rules ? (size_t)record->rules->size * record->rules->size : 81;
}

const uint8_t *sk_record_cells(const sk_record *record, int field)
{
    const sk_record_boards *boards = record->rules ? record->boards : NULL;
    if (record->rules && !boards)
        return NULL;
    switch (field) {
    case SK_FIELD_PUZZLE:
        return boards ? boards->puzzle.cells : record->puzzle.cells;
    case SK_FIELD_SOLUTION:
        return !record->has_solution ? NULL
               : boards              ? boards->solution.cells
                                     : record->solution.cells;
    case SK_FIELD_CANONICAL:
        return !record->has_canonical ? NULL
               : boards               ? boards->canonical.cells
                                      : record->canonical.cells;
    default:
        return NULL;
    }
}
