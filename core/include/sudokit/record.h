/* Records: one puzzle and what an operation knows about it, the unit every
 * format writes and reads, with the table of its named fields. */
#ifndef SUDOKIT_RECORD_H
#define SUDOKIT_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sudokit/marks.h"
#include "sudokit/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The named fields of a record, as csv columns and json keys are named.
 * The order here is the order of sk_field_names. */
typedef enum sk_field {
    SK_FIELD_INDEX,            /* "index": ordinal of a generated puzzle     */
    SK_FIELD_ID,               /* "id": database row                         */
    SK_FIELD_PUZZLE,           /* "puzzle": the givens, 81 chars             */
    SK_FIELD_SOLUTION,         /* "solution": 81 chars                       */
    SK_FIELD_CANONICAL,        /* "canonical": canonical form of the givens  */
    SK_FIELD_CLUES,            /* "clues"                                    */
    SK_FIELD_SYMMETRY,         /* "symmetry": none, rot180, ...              */
    SK_FIELD_MINIMAL,          /* "minimal": true, false or unknown          */
    SK_FIELD_STRATEGY,         /* "strategy": the generator that made it     */
    SK_FIELD_OPTIONS,          /* "options": its options                     */
    SK_FIELD_SEED,             /* "seed"                                     */
    SK_FIELD_SOURCE,           /* "source": the file it was read from        */
    SK_FIELD_LINE,             /* "line": the line it was read from          */
    SK_FIELD_CREATED,          /* "created": ISO 8601 UTC                    */
    SK_FIELD_RATER,            /* "rater"                                    */
    SK_FIELD_RATER_VERSION,    /* "rater_version"                            */
    SK_FIELD_SCORE,            /* "score"                                    */
    SK_FIELD_LOWER_BOUND,      /* "lower_bound": the score is "at least"     */
    SK_FIELD_FIRST_STEP,       /* "first_step": SE's ED                      */
    SK_FIELD_FIRST_PLACEMENT,  /* "first_placement": SE's EP                 */
    SK_FIELD_LEVEL,            /* "level": 1..5                              */
    SK_FIELD_LEVEL_NAME,       /* "level_name": easy .. evil                 */
    SK_FIELD_HARDEST,          /* "hardest": hardest technique               */
    SK_FIELD_STEPS,            /* "steps"                                    */
    SK_FIELD_GAMES,            /* "games": saved games of the puzzle         */
    SK_FIELD_LAST_GAME_ID,     /* "last_game_id"                             */
    SK_FIELD_LAST_GAME_STATUS, /* "last_game_status"                         */
    SK_FIELD_NAME,             /* "name": the puzzle's title in its file     */
    SK_FIELD_DIFFICULTY,       /* "difficulty": as its file words it         */
    SK_FIELD_CANDIDATES,       /* "candidates": pencil marks, 729 chars      */
    SK_FIELD_RULES,            /* "rules": the normalised rules spec         */
    SK_FIELD_COUNT
} sk_field;

/* Field names by sk_field, and back (-1 for an unknown name; exact match
 * of len bytes, which need not be NUL-terminated). */
extern const char *const sk_field_names[SK_FIELD_COUNT];
int sk_field_parse(const char *name, size_t len);

/* The grids of a record under rules other than classic: N*N cells each
 * (sudokit/rules.h's boards), which the record's has_ flags tell as for
 * the classic grids. */
typedef struct sk_record_boards {
    sk_board puzzle;
    sk_board solution;
    sk_board canonical;
} sk_record_boards;

/* A record. Strings are borrowed: valid as long as their producer says
 * (a reader until its next call, a query until its callback returns). A
 * field is present when its has_ flag (or non-NULL pointer, or nonzero id,
 * line or last_game_id, or minimal >= 0) says so; clues is derived from
 * the puzzle and the rating fields (score .. steps) are present together,
 * when rated is true.
 * Rules: a classic 9x9 puzzle has rules NULL and its grids in puzzle,
 * solution and canonical; a puzzle under any other rules has rules set
 * (a compiled value, never the classic one) and its grids in *boards,
 * the classic grids then all blank. rules and boards are borrowed as the
 * strings are (sk_rules_ref keeps the rules longer). */
typedef struct sk_record {
    bool has_index;
    uint64_t index;
    int64_t id;               /* 0 = none */
    sk_grid puzzle;           /* always present */
    bool has_solution;
    sk_grid solution;
    bool has_canonical;
    sk_grid canonical;
    bool has_symmetry;
    sk_symmetry symmetry;     /* never SK_SYM_RANDOM */
    int minimal;              /* 1, 0, or -1 unknown */
    const char *strategy;
    const char *options;
    bool has_seed;
    uint64_t seed;
    const char *source;
    size_t line;              /* 0 = none */
    const char *created;
    bool rated;               /* the rating fields below are set */
    const char *rater;
    const char *rater_version;
    sk_rating rating;
    bool has_games;
    int games;
    int64_t last_game_id;     /* 0 = none */
    const char *last_game_status;
    const char *name;         /* a title its file gave (sdk #D, Kennett %) */
    const char *difficulty;   /* the file's own words (sdk #L, qqwing)     */
    bool has_candidates;      /* the position's pencil marks are known:     */
    sk_marks candidates;      /* sudokit/marks.h                            */
    const sk_rules *rules;    /* NULL: classic                              */
    const sk_record_boards *boards; /* the grids when rules is not NULL    */
} sk_record;

/* An empty record: no fields but a blank puzzle, minimal unknown,
 * classic. */
void sk_record_init(sk_record *record);

/* The number of cells of record's grids: 81 for a classic record, N*N
 * under its rules. */
size_t sk_record_cell_count(const sk_record *record);

/* The cells of a grid field (SK_FIELD_PUZZLE, _SOLUTION, _CANONICAL) of
 * record, classic or not (sk_record_cell_count of them), or NULL when the
 * record lacks it or field is no grid field. */
const uint8_t *sk_record_cells(const sk_record *record, int field);

/* Which fields an operation writes, per layout:
 *  - columns: the csv columns and json keys, in order: column_count
 *    distinct fields, SK_FIELD_PUZZLE among them (so that every csv and
 *    json output can be read back);
 *  - grid: what the line, classic and readable layouts show first: a grid
 *    field (SK_FIELD_PUZZLE, SK_FIELD_SOLUTION for solve, or
 *    SK_FIELD_CANONICAL); a record written must hold it;
 *  - beside: a grid field to show beside the grid (classic, readable) or
 *    right after it (line), normally SK_FIELD_SOLUTION, or -1 for none;
 *  - tail: the fields the line format writes after the grid, space
 *    separated, in order (free text last); readable shows them as a
 *    caption. May be NULL when tail_count is 0.
 * A field the record lacks is written empty (csv), null (json) or "-"
 * (line, readable caption). sudokit/format.h gives every rule. */
typedef struct sk_layout {
    const int *columns;
    size_t column_count;
    int grid;
    int beside;
    const int *tail;
    size_t tail_count;
} sk_layout;

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_RECORD_H */
