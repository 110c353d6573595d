/* The selection of stored puzzles: the filter keys of `db query`, shared
 * by every operation that picks puzzles from the database (query, export,
 * print), their values, the check of names against what is stored, and a
 * stored row as a record. Internal to core/ops. */
#ifndef SUDOKIT_QUERY_FILTER_H
#define SUDOKIT_QUERY_FILTER_H

#include "op.h"
#include "sudokit/names.h"

/* Key ids of the filter keys; an operation's own ids stay below
 * SK_QF_FIRST. */
enum {
    SK_QF_FIRST = 1000,
    SK_QF_ID = SK_QF_FIRST, SK_QF_CLUES, SK_QF_CLUES_MIN, SK_QF_CLUES_MAX, SK_QF_RATER,
    SK_QF_RATER_VERSION, SK_QF_RATED, SK_QF_SCORE_MIN, SK_QF_SCORE_MAX, SK_QF_LEVEL,
    SK_QF_LEVEL_MIN, SK_QF_LEVEL_MAX, SK_QF_HARDEST, SK_QF_SYMMETRY, SK_QF_MINIMAL,
    SK_QF_NOT_MINIMAL, SK_QF_SOURCE, SK_QF_HAS_GAME, SK_QF_NO_GAME, SK_QF_GAME_STATUS,
    SK_QF_SORT, SK_QF_DESC, SK_QF_UNPLAYED, SK_QF_LIMIT, SK_QF_OFFSET, SK_QF_RULES,
    SK_QF_END
};

/* Choices of the symmetry, game-status and sort keys. */
extern const char *const ski_qf_statuses[], *const ski_qf_sorts[];

/* The filter keys, to copy into an operation's key table. */
#define SK_QUERY_FILTER_KEYS                                                                 \
    {.name = "id", .kind = SK_KEY_INT, .value_name = "N", .min = 1, .max = INT64_MAX,         \
     .help = "one puzzle", .id = SK_QF_ID},                                                   \
    {.name = "clues", .kind = SK_KEY_INT, .value_name = "N", .min = 0, .max = SK_MAX_CELLS,    \
     .help = "exactly N clues", .id = SK_QF_CLUES},                                           \
    {.name = "clues-min", .kind = SK_KEY_INT, .value_name = "N", .min = 0, .max = SK_MAX_CELLS,\
     .help = "at least N clues", .id = SK_QF_CLUES_MIN},                                      \
    {.name = "clues-max", .kind = SK_KEY_INT, .value_name = "N", .min = 0, .max = SK_MAX_CELLS,\
     .help = "at most N clues", .id = SK_QF_CLUES_MAX},                                       \
    {.name = "rater", .short_name = 'r', .kind = SK_KEY_TEXT, .value_name = "NAME",            \
     .help = "whose ratings are shown and filtered (default " SK_DEFAULT_RATER ")",         \
     .id = SK_QF_RATER},                                                                      \
    {.name = "rater-version", .kind = SK_KEY_TEXT, .value_name = "V",                          \
     .help = "that version's ratings (default: the newest stored)",                          \
     .id = SK_QF_RATER_VERSION},                                                              \
    {.name = "rated", .kind = SK_KEY_FLAG, .help = "only puzzles the rater rated",            \
     .id = SK_QF_RATED},                                                                      \
    {.name = "score-min", .kind = SK_KEY_NUMBER, .value_name = "X", .low = 0, .high = 1e9,     \
     .help = "score at least X", .id = SK_QF_SCORE_MIN},                                      \
    {.name = "score-max", .kind = SK_KEY_NUMBER, .value_name = "X", .low = 0, .high = 1e9,     \
     .help = "score at most X", .id = SK_QF_SCORE_MAX},                                       \
    {.name = "level", .short_name = 'l', .kind = SK_KEY_LEVEL, .value_name = "L",              \
     .help = "level 1-5 or its name", .id = SK_QF_LEVEL},                                     \
    {.name = "level-min", .kind = SK_KEY_LEVEL, .value_name = "L", .help = "level at least L", \
     .id = SK_QF_LEVEL_MIN},                                                                  \
    {.name = "level-max", .kind = SK_KEY_LEVEL, .value_name = "L", .help = "level at most L",  \
     .id = SK_QF_LEVEL_MAX},                                                                  \
    {.name = "hardest", .kind = SK_KEY_TEXT, .value_name = "NAME",                             \
     .help = "hardest technique (any case; unknown names are listed)", .id = SK_QF_HARDEST},  \
    {.name = "symmetry", .kind = SK_KEY_CHOICE, .value_name = "S", .choices = sk_grid_symmetry_names,\
     .help = "none, rot180, rot90, mirror or diagonal", .id = SK_QF_SYMMETRY},                \
    {.name = "minimal", .kind = SK_KEY_FLAG, .help = "only puzzles known to be minimal",      \
     .id = SK_QF_MINIMAL},                                                                    \
    {.name = "not-minimal", .kind = SK_KEY_FLAG, .help = "only puzzles known not to be",      \
     .id = SK_QF_NOT_MINIMAL},                                                                \
    {.name = "source", .kind = SK_KEY_TEXT, .value_name = "FILE",                              \
     .help = "imported from FILE, as it was given", .id = SK_QF_SOURCE},                     \
    {.name = "rules", .kind = SK_KEY_TEXT, .value_name = "SPEC",                               \
     .help = "only puzzles under these rules (a spec of `sudokit help rules`; 9x9: the "      \
             "classic ones; default: any)", .id = SK_QF_RULES},                               \
    {.name = "has-game", .kind = SK_KEY_FLAG, .help = "with a saved game",                    \
     .id = SK_QF_HAS_GAME},                                                                   \
    {.name = "no-game", .kind = SK_KEY_FLAG, .help = "without a saved game",                  \
     .id = SK_QF_NO_GAME},                                                                    \
    {.name = "game-status", .kind = SK_KEY_CHOICE, .value_name = "S",                          \
     .choices = ski_qf_statuses, .help = "with a game playing, solved or abandoned",           \
     .id = SK_QF_GAME_STATUS},                                                                \
    {.name = "sort", .kind = SK_KEY_CHOICE, .value_name = "BY", .fallback = "id",              \
     .choices = ski_qf_sorts, .help = "id, clues, score (the rater's) or random",              \
     .id = SK_QF_SORT},                                                                       \
    {.name = "desc", .kind = SK_KEY_FLAG, .help = "descending order", .id = SK_QF_DESC},       \
    {.name = "unplayed-first", .kind = SK_KEY_FLAG, .help = "puzzles never played first",    \
     .id = SK_QF_UNPLAYED},                                                                   \
    {.name = "limit", .kind = SK_KEY_INT, .value_name = "N", .min = 0, .max = INT64_MAX,       \
     .help = "at most N puzzles (0: all)", .id = SK_QF_LIMIT},                                \
    {.name = "offset", .kind = SK_KEY_INT, .value_name = "N", .min = 0, .max = INT64_MAX,      \
     .help = "skip the first N", .id = SK_QF_OFFSET}

/* A selection being built from the filter keys. */
typedef struct ski_query_filter {
    sk_query q;
    char *rater, *rater_version, *hardest, *source;
    char *rules_spec;          /* --rules as given */
    const sk_rules *rules;     /* --rules compiled (a reference), or NULL */
    /* reading rows: the rules of the last row under rules, and its grids */
    sk_op *op;                 /* whose context's host compiles the rules */
    const sk_rules *row_rules; /* a reference, or NULL */
    sk_record_boards boards;
    /* checking names against the database */
    const char *op_name;
    char canonical_name[64]; /* the name as stored */
    bool matched;
    char known[2048];
    char last_rater[64]; /* raters come once per version: list each once */
} ski_query_filter;

/* Start a selection of every stored puzzle. */
void ski_query_filter_init(ski_query_filter *f);

/* True when key is one of SK_QUERY_FILTER_KEYS. */
bool ski_query_filter_key(const sk_key *key);

/* Set a filter key (ski_query_filter_key true) to its parsed value.
 * Returns 0, or -1 with err when out of memory. */
int ski_query_filter_set(ski_query_filter *f, const sk_key *key, const sk_value *v,
                        sk_error *err);

/* Check the rater and technique names against what store holds and take
 * their stored spelling, and compile the rules spec (ski_op_rules) into its
 * normalised spec; then f->q is ready for sk_store_query, and rows under
 * rules are read with the host of op's context. Without a rater named, the default
 * rater's ratings are read: a rating filter or the score sort then needs
 * some stored, else they are shown when there are. Messages name
 * operation op_name. Returns 0, or -1 with err (a usage error names the
 * stored ones, or says what is wrong with the spec). */
int ski_query_filter_resolve(ski_query_filter *f, sk_store *store, sk_op *op,
                            const char *op_name, sk_error *err);

/* The rater whose ratings an operation shows: *rater (NULL: the default
 * rater, SK_DEFAULT_RATER) becomes its stored spelling, or NULL when it is
 * the default and has no ratings stored. A named rater without ratings is
 * a usage error listing the raters with some, worded as query's. Returns
 * 0, or -1 with err. */
int ski_query_rater_resolve(sk_store *store, const char *op_name, char **rater, sk_error *err);

/* A stored row as a record (strings borrowed from the row, the rules and
 * grids of a puzzle under other rules than classic from f, all valid
 * until the next call; the rater is left to the caller). Returns 0, or -1
 * with what is wrong in why (len bytes) when the row does not read as the
 * store writes one, so that a record written from it would not read back
 * as that puzzle: rules that do not compile, givens that are not a grid
 * or break the rules, a solution or canonical form that is not a grid, a
 * solution that does not solve the givens (a damaged database; `db check`
 * lists every problem). */
int ski_query_filter_record(ski_query_filter *f, const sk_puzzle_row *row, sk_record *record,
                           char *why, size_t len);

/* Free what the selection holds. */
void ski_query_filter_release(ski_query_filter *f);

#endif /* SUDOKIT_QUERY_FILTER_H */
