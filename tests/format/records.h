/* Records and layouts shared by the format tests. */
#ifndef SUDOKIT_TESTS_FORMAT_RECORDS_H
#define SUDOKIT_TESTS_FORMAT_RECORDS_H

#include <stdlib.h>
#include <string.h>

#include "sudokit/format.h"
#include "sudokit/grid.h"
#include "sudokit/marks.h"
#include "sudokit/record.h"

#define PUZZLE_LINE                                                                                \
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
#define SOLUTION_LINE                                                                              \
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
#define CANONICAL_LINE                                                                             \
    ".......12.....345...14.6...1.7....8....2.5..6..3.......4.1...7.6....2..8..5......"

/* A grid from its 81-character line. */
static inline sk_grid records_grid(const char *line)
{
    sk_grid grid;
    size_t col;
    if (sk_grid_parse_line(&grid, line, strlen(line), &col) != 0)
        abort();
    return grid;
}

/* A record with a puzzle, or with its solution too. */
static inline sk_record records_puzzle(bool solved)
{
    sk_record record;
    sk_record_init(&record);
    record.puzzle = records_grid(PUZZLE_LINE);
    record.has_solution = solved;
    if (solved)
        record.solution = records_grid(SOLUTION_LINE);
    return record;
}

/* A solved record with a rating that is a lower bound. */
static inline sk_record records_rated(void)
{
    sk_record record = records_puzzle(true);
    record.rated = true;
    record.rater = "human";
    record.rater_version = "1.0";
    record.rating.score = 4.2;
    record.rating.score_is_lower_bound = 1;
    record.rating.first_step = 1.5;
    record.rating.first_placement = 2.25;
    record.rating.level = 3;
    record.rating.steps = 42;
    strcpy(record.rating.hardest, "Naked Pair");
    return record;
}

/* A record with every field. */
static inline sk_record records_full(void)
{
    sk_record record = records_rated();
    record.has_index = true;
    record.index = 18446744073709551615u;
    record.id = 77;
    record.has_canonical = true;
    record.canonical = records_grid(CANONICAL_LINE);
    record.has_symmetry = true;
    record.symmetry = SK_SYM_ROT180;
    record.minimal = 1;
    record.strategy = "dig";
    record.options = "clues=25,symmetry=rot180";
    record.has_seed = true;
    record.seed = 1234567890123ull;
    record.source = "my puzzles.txt";
    record.line = 7;
    record.created = "2026-12-01T19:00:00Z";
    record.has_games = true;
    record.games = 2;
    record.last_game_id = 9;
    record.last_game_status = "solved";
    record.rating.score_is_lower_bound = 0;
    record.rating.level = 5;
    record.name = "Snowflake 3";
    record.difficulty = "Diabolical";
    record.has_candidates = true;
    sk_marks_of_grid(&record.puzzle, &record.candidates);
    record.candidates.cells[2] &= (uint16_t)~SK_MARK(4); /* r1c3 loses 4 */
    return record;
}

/* Every field once, in sk_field order. */
static const int records_all_fields[SK_FIELD_COUNT] = {
    SK_FIELD_INDEX,
    SK_FIELD_ID,
    SK_FIELD_PUZZLE,
    SK_FIELD_SOLUTION,
    SK_FIELD_CANONICAL,
    SK_FIELD_CLUES,
    SK_FIELD_SYMMETRY,
    SK_FIELD_MINIMAL,
    SK_FIELD_STRATEGY,
    SK_FIELD_OPTIONS,
    SK_FIELD_SEED,
    SK_FIELD_SOURCE,
    SK_FIELD_LINE,
    SK_FIELD_CREATED,
    SK_FIELD_RATER,
    SK_FIELD_RATER_VERSION,
    SK_FIELD_SCORE,
    SK_FIELD_LOWER_BOUND,
    SK_FIELD_FIRST_STEP,
    SK_FIELD_FIRST_PLACEMENT,
    SK_FIELD_LEVEL,
    SK_FIELD_LEVEL_NAME,
    SK_FIELD_HARDEST,
    SK_FIELD_STEPS,
    SK_FIELD_GAMES,
    SK_FIELD_LAST_GAME_ID,
    SK_FIELD_LAST_GAME_STATUS,
    SK_FIELD_NAME,
    SK_FIELD_DIFFICULTY,
    SK_FIELD_CANDIDATES,
    SK_FIELD_RULES,
};

/* Write records with a writer of format and layout, lent host (NULL:
 * none; sk_writer_set_host), into a new string (the caller frees it);
 * NULL when the writer refused, with why on stderr. */
static inline char *records_write_on(sk_host *host, sk_format format, const sk_layout *layout,
                                     const sk_record *records, size_t count)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    sk_writer *writer = sk_writer_new(out, format, layout);
    int rc = writer ? 0 : -1;
    if (writer && host)
        sk_writer_set_host(writer, host);
    for (size_t i = 0; i < count && rc == 0; i++)
        rc = sk_writer_put(writer, &records[i]);
    if (rc != 0 && writer && sk_writer_error(writer)[0])
        fprintf(stderr, "%s: %s\n", sk_format_names[format], sk_writer_error(writer));
    if (sk_writer_finish(writer) != 0)
        rc = -1;
    fclose(out);
    if (rc != 0) {
        free(text);
        return NULL;
    }
    return text;
}

/* records_write_on without a host. */
static inline char *records_write(sk_format format, const sk_layout *layout,
                                  const sk_record *records, size_t count)
{
    return records_write_on(NULL, format, layout, records, count);
}

#endif /* SUDOKIT_TESTS_FORMAT_RECORDS_H */
