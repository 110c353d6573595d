/* sudokit plugin ABI: the one header a strategy plugin includes. */
#ifndef SUDOKIT_PLUGIN_H
#define SUDOKIT_PLUGIN_H

/*
 * A plugin is a shared object that exports one function, SK_PLUGIN_ENTRY_NAME,
 * returning a constant sk_plugin descriptor. The descriptor lists strategies;
 * each strategy is a solver, a generator or a rater.
 *
 * Versioning rules (the host enforces them at load time):
 *  - abi_major must equal the host's SK_ABI_MAJOR;
 *  - abi_minor must not be greater than the host's SK_ABI_MINOR
 *    (a plugin built for a newer ABI is refused with a message saying so);
 *  - every struct that may grow starts with (or carries) a struct_size;
 *    members are only ever appended, so a reader checks struct_size before
 *    touching a newer member. Optional members may be NULL. The fixed
 *    values (sk_grid, sk_board, sk_option and the elements of arrays:
 *    houses, groups, relations, customs, candidates, chain nodes) have none.
 *  - ABI 1.3 put struct_size first in sk_solve_stats and sk_gen_result;
 *    the host hands a plugin built for 1.0-1.2 the layout it knows.
 *
 * Threading: the host may create several instances of one strategy and use
 * them from different threads at once, but never one instance from two
 * threads at the same time. Plugins keep no global mutable state.
 *
 * Plugins never link against the host, SQLite or Lua: everything they may
 * call on the host side comes through the sk_services table lent to each
 * instance. The small RNG at the end of this header is static inline so
 * that a plugin needs nothing else.
 */

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SK_ABI_MAJOR 1
#define SK_ABI_MINOR 5

/* Name of the exported entry symbol, and its type. */
#define SK_PLUGIN_ENTRY sudokit_plugin_entry
#define SK_PLUGIN_ENTRY_NAME "sudokit_plugin_entry"

#if defined(__GNUC__)
#define SK_EXPORT __attribute__((visibility("default")))
/* A function whose argument FMT is a printf format, its arguments from
 * FIRST on: GCC and Clang check the calls. */
#define SK_PRINTF_LIKE(fmt, first) __attribute__((format(printf, fmt, first)))
#else
#define SK_EXPORT
#define SK_PRINTF_LIKE(fmt, first)
#endif

/* ---------------------------------------------------------------- grid -- */

/* A 9x9 grid, row-major; 0 is an empty cell, 1..9 a digit. */
typedef struct sk_grid {
    uint8_t cells[81];
} sk_grid;

/* Status codes returned by plugin and host functions. */
enum {
    SK_OK = 0,
    SK_ERR = -1,         /* generic failure, message in the err buffer   */
    SK_ERR_INVALID = -2, /* input grid breaks the rules (repeated digit) */
    SK_ERR_LIMIT = -3,   /* a bounded effort ran out before success      */
    SK_ERR_STOPPED = -4  /* stopped at the caller's request              */
};

/* Strategy kinds. */
typedef enum sk_kind {
    SK_KIND_SOLVER = 1,
    SK_KIND_GENERATOR = 2,
    SK_KIND_RATER = 3,
    SK_KIND_CONSTRAINT = 4 /* ABI 1.2: a rule of a rules spec (below)    */
} sk_kind;

/* Clue symmetries a generator may be asked for. */
typedef enum sk_symmetry {
    SK_SYM_NONE = 0,
    SK_SYM_ROT180 = 1,   /* (r,c) ~ (8-r,8-c)                 */
    SK_SYM_ROT90 = 2,    /* (r,c) ~ (c,8-r), four-fold          */
    SK_SYM_MIRROR = 3,   /* (r,c) ~ (r,8-c), left-right mirror  */
    SK_SYM_DIAGONAL = 4, /* (r,c) ~ (c,r), main diagonal        */
    SK_SYM_RANDOM = 5    /* the generator picks one of the above per puzzle */
} sk_symmetry;

/* Symmetry names by sk_symmetry: the symmetries a grid can have
 * (SK_SYM_NONE..SK_SYM_DIAGONAL), then the generator's pick. The one place
 * these names are written: the library's tables (names.h) are made of them. */
#define SK_GRID_SYMMETRY_NAMES "none", "rot180", "rot90", "mirror", "diagonal"
#define SK_SYMMETRY_NAMES { SK_GRID_SYMMETRY_NAMES, "random" }

/* Log levels for sk_services.log. */
enum { SK_LOG_ERROR = 0, SK_LOG_WARN = 1, SK_LOG_INFO = 2, SK_LOG_DEBUG = 3 };

/* --------------------------------------------------------- rules (1.2) -- */

/*
 * Rules (ABI 1.2). A puzzle is rules + cells. The host compiles a rules
 * spec ("9x9", "6x6:3x2 x", "9x9 killer:15=r1c1+r1c2;...", docs/rules.md)
 * into a small set of primitives every general algorithm understands:
 *   house    N cells, each digit exactly once (rows, columns, regions, X
 *            diagonals, windows...);
 *   group    k <= N cells, all different, with an optional sum (cages);
 *   relation an ordered cell pair (a, b) and a table allowed[d] = the
 *            digits b may hold when a holds d (anti-king, Kropki, XV...);
 *   custom   a constraint plugin's own state and callbacks over an ordered
 *            cell list (arrows, anything the others cannot express).
 * Every primitive carries a mark (a short drawing hint: "row", "region",
 * "diagonal", "cage", "dot-white", "thermo"...) and an optional label (a
 * cage sum, a dot's value) so that a face can draw any rules.
 */

#define SK_MAX_SIZE 25                              /* N is 4..25          */
#define SK_MAX_CELLS (SK_MAX_SIZE * SK_MAX_SIZE)

/* A set of digits: bit d-1 for digit d, d in 1..N. */
typedef uint32_t sk_digits;

/* A grid of any rules: N*N cells row-major (N in the rules), 0 an empty
 * cell, 1..N a digit; the cells past N*N are 0. */
typedef struct sk_board {
    uint8_t cells[SK_MAX_CELLS];
} sk_board;

/* Which digit relabellings keep a rules value (sk_rules.digit_symmetry):
 * every permutation of 1..N, only the identity and d -> N+1-d, or only
 * the identity. */
enum { SK_DIGITS_ANY = 0, SK_DIGITS_REVERSE = 1, SK_DIGITS_FIXED = 2 };

/* The primitives. Cells are 0..N*N-1 row-major; every pointer is owned by
 * the rules value and valid as long as it is. These element structs never
 * grow (they are read as arrays); new kinds of data come as new members of
 * sk_rules. */
typedef struct sk_rules_house {
    const uint16_t *cells; /* N distinct cells, ascending              */
    uint32_t count;        /* N                                        */
    const char *mark;
    const char *label;     /* NULL when none                           */
} sk_rules_house;

typedef struct sk_rules_group {
    const uint16_t *cells; /* distinct cells, ascending                */
    uint32_t count;        /* 1..N                                     */
    int32_t sum;           /* the digits' sum, 0 = none                */
    const char *mark;
    const char *label;
} sk_rules_group;

typedef struct sk_rules_relation {
    uint16_t a, b;            /* two distinct cells, in the order given */
    const sk_digits *allowed; /* [N+1]: allowed[d] = digits b may hold when
                                 a holds d (allowed[0] is 0); the digits a
                                 may hold when b holds e follow from it  */
    const char *mark;
    const char *label;
} sk_rules_relation;

struct sk_constraint;
typedef struct sk_rules_custom {
    const struct sk_constraint *constraint; /* its callbacks             */
    void *state;                            /* the plugin's, for them    */
    const uint16_t *cells;                  /* in the plugin's order     */
    uint32_t count;
    const char *mark;
    const char *label;
} sk_rules_custom;

/* Compiled rules: read-only for plugins, owned by the host. Houses come in
 * this order: the N rows (top to bottom), the N columns (left to right),
 * the N regions (boxes or jigsaw pieces, numbered in order of their first
 * cell) unless the rules have none, then the extra houses of the terms. */
typedef struct sk_rules {
    uint32_t struct_size;
    uint32_t size;               /* N                                    */
    uint32_t box_rows, box_cols; /* 0, 0 for jigsaw regions or none      */
    const char *spec;            /* the normalised spec                  */
    const uint8_t *region;       /* [N*N]: cell -> region 0..N-1, or 255
                                    for every cell when there are none   */
    uint32_t house_count;
    const sk_rules_house *houses;
    uint32_t group_count;
    const sk_rules_group *groups;
    uint32_t relation_count;
    const sk_rules_relation *relations;
    uint32_t custom_count;
    const sk_rules_custom *customs;
    uint32_t digit_symmetry;     /* SK_DIGITS_*: relabellings that keep
                                    every primitive                      */
    /* Derived for speed: the cells that must differ from each cell (the
     * other cells of its houses and groups, and the cells a not-equal
     * relation ties it to), ascending, cell c's at
     * peers[peer_start[c] .. peer_start[c+1]). */
    const uint32_t *peer_start;  /* [N*N+1]                              */
    const uint16_t *peers;
} sk_rules;

/* ------------------------------------------------------------- results -- */

/* Search statistics a solver fills in (a solver adds to them; the host
 * zeroes them before a call). A guess is a branch taken with more than one
 * candidate left; a node is any search state visited. */
typedef struct sk_solve_stats {
    uint32_t struct_size; /* ABI 1.3; set by the host */
    uint64_t guesses;
    uint64_t nodes;
} sk_solve_stats;

/* What the host thinks of a candidate puzzle a generator made (ABI 1.2):
 * its fitness for a search and whether it meets every target of the run. */
typedef struct sk_judgement {
    uint32_t struct_size;
    double fitness;  /* larger is closer to the run's targets (for a search) */
    double score;    /* the rater's score behind fitness, perhaps a lower bound */
    int score_is_lower_bound;
    int accepted;    /* nonzero: meets every target; rated in full and exactly */
} sk_judgement;

/* Judge a candidate (unique; solution is its one solution). The answer
 * depends on the puzzle alone (never on which thread asks or on what was
 * asked before), so a search stays reproducible. Returns SK_OK, or a
 * negative status: SK_ERR_STOPPED when the run was asked to stop (return
 * it at once), another when the rater failed (err says why). */
typedef int (*sk_judge_fn)(void *user, const sk_grid *puzzle, const sk_grid *solution,
                           sk_judgement *out, char *err, size_t errlen);

/* What a generator is asked for. Zero means "no constraint" for every
 * numeric member, so a zeroed request (with struct_size set) is valid. */
typedef struct sk_gen_request {
    uint32_t struct_size;
    uint64_t seed;       /* all randomness derives from (seed, index)      */
    uint64_t index;      /* position in a run; same seed+index, same output */
    int clues;           /* target clue count, 0 = no target                */
    sk_symmetry symmetry;
    int minimal;         /* nonzero: no clue may be removable               */
    int level;           /* 0 = any, 1..5 judged by the host's rater        */
    double rating_min;   /* rating window judged by the host's rater;       */
    double rating_max;   /* both 0 = no window                              */
    uint32_t max_attempts; /* bound on effort; 0 = strategy default         */
    sk_grid fixed;       /* cells the solution must have (0 = free)         */
    /* ABI 1.2 (check struct_size before reading these). */
    uint8_t pattern[81]; /* nonzero: a clue in that cell, none elsewhere;   *
                          * all zero = no pattern                           */
    const sk_grid *seeds; /* puzzles a search starts from, most promising    *
                           * first; NULL = none given                       */
    size_t seed_count;
    sk_judge_fn judge;   /* the run's judge of candidates; NULL = none: the *
                          * generator judges by services->rate itself       */
    void *judge_user;    /* passed back to judge                            */
} sk_gen_request;

/* What a generator produces: a puzzle with exactly one solution (or, for a
 * complete-grid generator, puzzle == solution). */
typedef struct sk_gen_result {
    uint32_t struct_size; /* ABI 1.3; set by the host */
    sk_grid puzzle;
    sk_grid solution;
    sk_symmetry symmetry; /* the symmetry the clues actually have           */
    int minimal;          /* nonzero when minimality was checked            */
    uint32_t attempts;    /* how many candidates were tried                 */
} sk_gen_result;

/* What a generator of any rules produces (ABI 1.2): a puzzle with exactly
 * one solution under the rules, and the solution. A generator that invents
 * rules (a random jigsaw layout, killer cages) writes the whole spec of the
 * rules it made into spec (the host's buffer of spec_size bytes, "" on
 * entry; left "" when the rules are the ones asked); the host compiles it
 * and the puzzle is read under those rules. */
typedef struct sk_gen_rules_result {
    uint32_t struct_size;
    sk_board puzzle;
    sk_board solution;
    sk_symmetry symmetry; /* the symmetry the clues actually have           */
    int minimal;          /* nonzero when minimality was checked            */
    uint32_t attempts;    /* how many candidates were tried                 */
    char *spec;
    size_t spec_size;
} sk_gen_rules_result;

/* A difficulty rating. score is on the Sudoku Explainer scale where the
 * rater can give it, else on the rater's own documented scale. */
typedef struct sk_rating {
    uint32_t struct_size;
    double score;
    double first_step;      /* rating of the first step (SE's ED)           */
    double first_placement; /* hardest step up to the first placement (EP)  */
    int level;              /* 1..5, see SK_LEVEL_NAMES                      */
    int score_is_lower_bound; /* nonzero: the real score is "at least score" */
    uint32_t steps;         /* steps taken to solve                          */
    char hardest[48];       /* name of the hardest technique needed          */
} sk_rating;

/* Level names, index 1..5: the one place they are written (names.h's
 * sk_level_names is made of them). */
#define SK_LEVEL_NAMES { "", "easy", "medium", "hard", "expert", "evil" }

/* Kinds of step a rater can report. */
typedef enum sk_step_kind {
    SK_STEP_PLACE = 1,    /* one digit placed in one cell     */
    SK_STEP_ELIMINATE = 2 /* candidates removed from cells    */
} sk_step_kind;

/* One candidate: cell 0..80 and digit 1..9. */
typedef struct sk_candidate {
    uint8_t cell;
    uint8_t digit;
} sk_candidate;

/* One node of a chain (ABI 1.2): a candidate (one cell), a group of cells
 * of one box and line holding the digit, or an almost locked set; on when
 * the chain makes it true, off when false. The link into the node is
 * strong (the node before it off makes it on: "=" in Eureka notation) or
 * weak (on makes it off: "-"), made by a unit or within a cell (via); in a
 * forcing chain's branch it may also be a rule applied to the branch's grid
 * (a basic technique, or a forcing chain nested inside the branch), which
 * follows from the nodes before it. parent is the index of the node it
 * follows, -1 for a chain's start. A chain nested in a branch (the forcing
 * chain a rule ran inside it, unfolded when the step is explained) comes
 * after the chains it serves: its start's parent is the node of an earlier
 * chain that it proves (an index below the chain's first node). */
typedef struct sk_chain_node {
    uint8_t cells[9];
    uint8_t cell_count;
    uint8_t kind;  /* SK_NODE_CELL, SK_NODE_GROUP, SK_NODE_ALS */
    uint8_t digit; /* 1..9 */
    uint8_t on;    /* 1: true, 0: false */
    uint8_t link;  /* SK_LINK_START, _STRONG, _WEAK, _RULE, _NESTED */
    uint8_t via;   /* 0..8 rows, 9..17 columns, 18..26 boxes, SK_VIA_CELL, SK_VIA_NONE */
    int16_t parent;
} sk_chain_node;

enum { SK_NODE_CELL = 0, SK_NODE_GROUP = 1, SK_NODE_ALS = 2 };
enum { SK_LINK_START = 0, SK_LINK_STRONG = 1, SK_LINK_WEAK = 2, SK_LINK_RULE = 3, SK_LINK_NESTED = 4 };
enum { SK_VIA_CELL = 27, SK_VIA_NONE = 255 };

/* A unit a pattern is built on (ABI 1.2): unit 0..8 rows, 9..17 columns,
 * 18..26 boxes, with its role in the pattern. */
typedef struct sk_house {
    uint8_t unit;
    uint8_t role; /* SK_HOUSE_BASE, SK_HOUSE_COVER */
} sk_house;

enum { SK_HOUSE_BASE = 1, SK_HOUSE_COVER = 2 };

/* One step of a logical solve, as reported through sk_step_fn. All pointers
 * are owned by the rater and valid only during the callback. Members after
 * explanation are ABI 1.2: check struct_size before reading them. */
typedef struct sk_step {
    uint32_t struct_size;
    sk_step_kind kind;
    const char *technique;     /* e.g. "Hidden single in a box"            */
    double rating;             /* the step's difficulty on the rater scale */
    const uint8_t *cells;      /* cells that make the pattern              */
    size_t cell_count;
    const sk_candidate *placed;     /* for SK_STEP_PLACE: one entry       */
    size_t placed_count;
    const sk_candidate *eliminated; /* for SK_STEP_ELIMINATE              */
    size_t eliminated_count;
    const char *explanation;   /* one line a player understands            */
    /* ABI 1.2: the reasoning as data. */
    double se_rating;          /* SE's rating of the technique, 0 when SE has none */
    int hodoku_score;          /* HoDoKu's base score of the technique, 0 when none */
    const char *notation;      /* the chains in players' notation (Eureka), "" if none */
    const sk_chain_node *nodes; /* the nodes of every chain, chain after chain */
    size_t node_count;
    const uint32_t *chain_starts; /* chain i: nodes [chain_starts[i], chain_starts[i+1]) */
    size_t chain_count;           /* chain_starts has chain_count + 1 entries */
    const sk_house *houses;    /* a fish's base and cover sets */
    size_t house_count;
    const sk_candidate *fins;  /* a fish's fins (endo fins included) */
    size_t fin_count;
    /* ABI 1.4: the house or constraint the step used, in words ("row 3",
     * "diagonal 1", "cage 15 at r1c1"), NULL when the rater names none;
     * and the side N of the board the cells are on (0 for 9x9). */
    const char *where;
    uint32_t size;
} sk_step;

/* The largest board a rater's steps can name (their cells are bytes,
 * sk_candidate): rules past 16x16 are not rated. */
#define SK_STEP_MAX_SIZE 16

/* True when step (as its rater filled it) has member: how a reader checks
 * struct_size before reading a member newer than ABI 1.0. */
#define SK_STEP_HAS(step, member)                                                           \
    ((step)->struct_size >= offsetof(sk_step, member) + sizeof((step)->member))

/* Step callback: return 0 to go on, nonzero to stop the rater (which then
 * returns SK_ERR_STOPPED). */
typedef int (*sk_step_fn)(void *user, const sk_step *step);

/* ------------------------------------------------------------ services -- */

/* The table the host lends to every instance. ctx is the host's; pass it
 * back unchanged. Members after version may be added in later minors:
 * check struct_size before using a member a plugin's ABI does not know. */
typedef struct sk_services {
    uint32_t struct_size;
    uint32_t version; /* SK_ABI_MINOR of the host */
    void *ctx;
    /* Report a message; the host prefixes the strategy's name. */
    void (*log)(void *ctx, int level, const char *message);
    /* Count the solutions of puzzle up to limit (>= 1) with the solver the
     * user chose; returns 0..limit, or a negative SK_ERR_* status. When
     * solution is not NULL and at least one solution exists, the first one
     * found is stored there. Thread-safe per instance. */
    int (*count_solutions)(void *ctx, const sk_grid *puzzle, int limit,
                           sk_grid *solution);
    /* Rate a puzzle with the rater the user chose; SK_ERR when no rater
     * was chosen. out->struct_size must be set by the caller. */
    int (*rate)(void *ctx, const sk_grid *puzzle, sk_rating *out);
    /* ABI 1.2: count the solutions of puzzle under rules up to limit
     * (>= 1), as count_solutions does, with the chosen solver when it
     * solves any rules (else the host's default solver of any rules;
     * classic 9x9 rules go to the chosen classic solver). SK_ERR when no
     * loaded solver can solve these rules. */
    int (*count_solutions_rules)(void *ctx, const sk_rules *rules, const sk_board *puzzle,
                                 int limit, sk_board *solution);
    /* ABI 1.2: compile spec into *rules (a reference the caller releases
     * with release_rules), as sk_rules_compile does: how a generator that
     * invents rules checks them. Returns SK_OK, or SK_ERR with what, where
     * and what to do in err. */
    int (*compile_rules)(void *ctx, const char *spec, const sk_rules **rules, char *err,
                         size_t errlen);
    /* ABI 1.2: release a reference compile_rules gave; NULL is ignored. */
    void (*release_rules)(void *ctx, const sk_rules *rules);
    /* ABI 1.5: rate puzzle under rules with the rater the user chose, as
     * rate does (classic 9x9 rules go to rate); SK_ERR when no rater was
     * chosen or it does not rate these rules (its message is logged).
     * out->struct_size must be set by the caller. Check
     * SK_SERVICES_HAS(services, rate_rules) first. */
    int (*rate_rules)(void *ctx, const sk_rules *rules, const sk_board *puzzle,
                      sk_rating *out);
} sk_services;

/* True when the host's services table has member (and fills it): how a
 * plugin checks struct_size before using a member newer than its host. */
#define SK_SERVICES_HAS(services, member)                                                    \
    ((services)->struct_size >= offsetof(sk_services, member) + sizeof((services)->member) && \
     (services)->member != NULL)

/* -------------------------------------------------- constraints (1.2) -- */

/* What a propagation removed, for explanations: removed holds the digits
 * taken from cell, why says which rule did it in words. */
typedef void (*sk_note_fn)(void *user, uint32_t cell, sk_digits removed, const char *why);

/*
 * The builder the host lends a constraint's parse. It describes the
 * geometry (size, boxes or regions) and takes the primitives the term
 * compiles to; the host copies everything it is given. Every add_*
 * returns SK_OK, or SK_ERR after recording its own message (a cell
 * outside the grid, a repeated cell, a house that is not N cells, a mark
 * that is not a-z and '-', out of memory): parse then returns that status
 * at once, and the host reports the builder's message. Marks are 1-24
 * characters of a-z, 0-9 and '-'; labels at most 32 printable characters
 * or NULL.
 */
typedef struct sk_rules_builder {
    uint32_t struct_size;
    void *ctx;
    uint32_t size, box_rows, box_cols; /* as in sk_rules                  */
    const uint8_t *region;             /* [N*N], as in sk_rules           */
    int (*add_house)(void *ctx, const uint16_t *cells, uint32_t n, const char *mark,
                     const char *label);
    int (*add_group)(void *ctx, const uint16_t *cells, uint32_t n, int32_t sum,
                     const char *mark, const char *label);
    /* allowed: N+1 sets as in sk_rules_relation (allowed[0] is ignored). */
    int (*add_relation)(void *ctx, uint16_t a, uint16_t b, const sk_digits *allowed,
                        const char *mark, const char *label);
    /* The constraint must have check and propagate. The host owns state
     * from the call on, whatever it returns: it calls free_state (when not
     * NULL) when the rules value goes, or at once on failure. */
    int (*add_custom)(void *ctx, void *state, const uint16_t *cells, uint32_t n,
                      const char *mark, const char *label);
    /* The rules keep at most this digit symmetry (SK_DIGITS_*). The host
     * works out what houses, groups and relations allow by itself; a
     * custom counts as SK_DIGITS_FIXED. */
    void (*restrict_digits)(void *ctx, uint32_t digit_symmetry);
    /* Read a cell list "r1c2+r1c3+..." (rows and columns from 1, any case)
     * at text, up to max cells, into cells; *count gets their number and
     * *end the first character after the list. SK_ERR with a message
     * (a malformed cell, one outside the grid, a repeat, more than max)
     * recorded as for add_*. */
    int (*parse_cells)(void *ctx, const char *text, uint16_t *cells, uint32_t max,
                       uint32_t *count, const char **end);
    /* Say where the problem parse reports is: a pointer into its argument
     * (the host turns it into a column of the spec). */
    void (*error_at)(void *ctx, const char *where);
    /* The canonical spelling of the argument just parsed (lower case, cells
     * in a fixed order...), so that two spellings of the same rule give one
     * normalised spec. Without it the host keeps the argument as written. */
    void (*normalise)(void *ctx, const char *canonical);
    /* Every term of the spec, for rules that depend on others (negative
     * constraints): names in lower case, arguments NULL when none. */
    uint32_t term_count;
    const char *const *term_names;
    const char *const *term_arguments;
} sk_rules_builder;

/*
 * A constraint (kind SK_KIND_CONSTRAINT): the strategy's name is the spec
 * term it reads ("killer", "anti-knight"). A term's argument is split by
 * the host at ';' and each item is parsed alone, so "killer:A;B" is
 * "killer:A killer:B". create and destroy are not used (may be NULL).
 */
typedef struct sk_constraint {
    uint32_t struct_size;
    const char *syntax;   /* one line: "killer:SUM=CELLS;..."               */
    const char *example;  /* a whole spec using it: "9x9 killer:15=r1c1+r1c2" */
    /* The f-puzzles field(s) the term stands for, or NULL when f-puzzles
     * has none: how sudokit reads and writes the rule in f-puzzles and
     * SudokuPad JSON (docs/formats.md). One or more parts joined by '&',
     * all of them meaning the term together:
     *   FIELD           the boolean FIELD is true ("antiknight");
     *   negative[WORD]  WORD is in the list "negative" ("negative[xv]");
     *   FIELD:HOUSES    (a term without argument) its extra houses are
     *                   elements {"cells": [...]} of the list FIELD
     *                   ("extraregion:HOUSES" for windoku);
     *   FIELD:TEMPLATE  each element of the list FIELD is one item of the
     *                   term, spelt by TEMPLATE from the element's parts:
     *                   CELLS its "cells" joined by '+', VALUE its
     *                   "value", LINE each of its "lines" (an item a
     *                   line), CIRCLE its "cells" with the one its line
     *                   starts from last (LINE then goes on without it),
     *                   any other character as it is, and a part in [ ]
     *                   only when the element has a value
     *                   ("killercage:[VALUE]=CELLS", "difference:CELLS[=VALUE]",
     *                   "thermometer:LINE", "arrow:CIRCLE-LINE"). */
    const char *fpuzzles;
    /* Parse argument (one item; NULL when the term has none) and emit its
     * primitives through builder. Returns SK_OK, or SK_ERR with err saying
     * what is wrong and how to write it (and builder->error_at saying
     * where). Thread-safe: no global state. services lends log only. */
    int (*parse)(const sk_services *services, const sk_rules_builder *builder,
                 const char *argument, char *err, size_t errlen);
    /* For customs (NULL when parse emits none): check a grid whose custom
     * cells are all filled: 1 when the rule holds, 0 when broken with why
     * saying how (len bytes, NUL-terminated). */
    int (*check)(void *state, const sk_rules *rules, const sk_board *grid, char *why,
                 size_t len);
    /* Remove from candidates (N*N sets) what the rule forbids; name each
     * removal to note when it is not NULL. SK_OK, or SK_ERR_INVALID when
     * the rule cannot hold any more (a cell of its left without a digit).
     * Placed digits are cells with one candidate. */
    int (*propagate)(void *state, const sk_rules *rules, sk_digits *candidates,
                     sk_note_fn note, void *user);
    void (*free_state)(void *state); /* NULL: state needs no freeing      */
} sk_constraint;

/* ---------------------------------------------------------- strategies -- */

/* One parsed option; the host splits "key=value,key=value" into these and
 * the strategy validates them (unknown key or bad value: an error). */
typedef struct sk_option {
    const char *key;
    const char *value;
} sk_option;

/* Create an instance. services outlives the instance. On failure return
 * NULL and write a message into err (errlen bytes, always NUL-terminated).
 */
typedef void *(*sk_create_fn)(const sk_services *services,
                              const sk_option *options, size_t option_count,
                              char *err, size_t errlen);

/* Destroy an instance created by create; NULL is ignored. */
typedef void (*sk_destroy_fn)(void *instance);

/* Solver: find up to limit (>= 1) solutions of puzzle. Returns how many were
 * found (0..limit) or a negative status. When solution is not NULL and one
 * exists, the first solution found is stored there. stats may be NULL. */
typedef int (*sk_solve_fn)(void *instance, const sk_grid *puzzle, int limit,
                           sk_grid *solution, sk_solve_stats *stats);

/* Generator: produce one result for request. Returns SK_OK, or a negative
 * status with a message in err (SK_ERR_LIMIT when the bounded effort ran
 * out, so the caller can say the target cannot be met). */
typedef int (*sk_generate_fn)(void *instance, const sk_gen_request *request,
                              sk_gen_result *out, char *err, size_t errlen);

/* Rater: rate puzzle into out (out->struct_size set by the caller). If
 * on_step is not NULL, every step is reported to it in order. Returns SK_OK,
 * SK_ERR_INVALID for a puzzle without exactly one solution, SK_ERR_STOPPED
 * when on_step asked to stop, or another negative status; err says why. */
typedef int (*sk_rate_fn)(void *instance, const sk_grid *puzzle,
                          sk_rating *out, sk_step_fn on_step, void *user,
                          char *err, size_t errlen);

/* Rater from a position (ABI 1.1, optional): as sk_rate_fn, but the
 * solve starts from pencil marks: marks[cell] holds the candidates of each
 * empty cell of puzzle (bit d-1 for digit d, cells row-major), of which
 * the rater keeps those its digits allow; filled cells are as in puzzle.
 * The position, not the puzzle, must have exactly one solution
 * (SK_ERR_INVALID otherwise: the marks may have removed it). */
typedef int (*sk_rate_marks_fn)(void *instance, const sk_grid *puzzle,
                                const uint16_t marks[81], sk_rating *out,
                                sk_step_fn on_step, void *user, char *err,
                                size_t errlen);

/* A technique a rater can report (ABI 1.2): its name as steps report it,
 * family, SE's rating and HoDoKu's base score of it (0 when that scale has
 * none), one paragraph for the manual, and an example: a puzzle (81
 * characters) whose solve by this rater takes the technique, or NULL. */
typedef struct sk_technique {
    const char *name;
    const char *family;
    double se_rating;
    int hodoku_score;
    const char *description;
    const char *example;
} sk_technique;

/* Rater's techniques (ABI 1.2, optional): fill out with technique index
 * (0, 1, ... in the rater's order of search) and return 0, or return -1
 * past the last. */
typedef int (*sk_technique_fn)(size_t index, sk_technique *out);

/* Solver of any rules (ABI 1.2, optional): as sk_solve_fn under rules;
 * SK_ERR with nothing found for rules the solver refuses (it logs which
 * rule). */
typedef int (*sk_solve_rules_fn)(void *instance, const sk_rules *rules, const sk_board *puzzle,
                                 int limit, sk_board *solution, sk_solve_stats *stats);

/* Generator of any rules (ABI 1.2, optional): as sk_generate_fn under
 * rules (request->fixed applies to 9x9 rules only and is all 0 for other
 * sizes). */
typedef int (*sk_generate_rules_fn)(void *instance, const sk_rules *rules,
                                    const sk_gen_request *request, sk_gen_rules_result *out,
                                    char *err, size_t errlen);

/* Rater of any rules (ABI 1.4, optional): as sk_rate_fn, for a puzzle
 * under rules other than classic 9x9 (classic puzzles go to rate); its
 * steps carry the board's size, and cells up to 255. SK_ERR with err
 * saying why for rules the rater cannot reason with. */
typedef int (*sk_rate_rules_fn)(void *instance, const sk_rules *rules, const sk_board *puzzle,
                                sk_rating *out, sk_step_fn on_step, void *user, char *err,
                                size_t errlen);

/* Bits of sk_strategy.flags (ABI 1.2). */
enum {
    /* A generator that searches: it judges every candidate it makes with
     * the request's judge and starts from the request's seeds, and its
     * puzzles come slowly; the host then lends it the run's judge and
     * seeds, stores each puzzle at once and feeds the run's puzzles back
     * as seeds. */
    SK_STRATEGY_SEARCH = 1u
};

/* A strategy. Which function is required depends on kind: solve (or
 * solve_rules) for a solver, generate (or generate_rules) for a generator,
 * rate for a rater, constraint for a constraint; the others are NULL.
 * A rater may also have rate_marks (check struct_size: ABI 1.1) and
 * technique (ABI 1.2); every strategy may have flags (ABI 1.2). */
typedef struct sk_strategy {
    uint32_t struct_size;
    sk_kind kind;
    const char *name;    /* unique among all loaded strategies of its kind */
    const char *summary; /* one line                                        */
    const char *options_help; /* e.g. "seed=N first=1..9", may be NULL      */
    sk_create_fn create;
    sk_destroy_fn destroy;
    sk_solve_fn solve;
    sk_generate_fn generate;
    sk_rate_fn rate;
    sk_rate_marks_fn rate_marks; /* ABI 1.1; may be NULL                */
    sk_technique_fn technique;   /* ABI 1.2; may be NULL                */
    const sk_constraint *constraint;     /* ABI 1.2: SK_KIND_CONSTRAINT     */
    sk_solve_rules_fn solve_rules;       /* ABI 1.2: optional for a solver  */
    sk_generate_rules_fn generate_rules; /* ABI 1.2: optional for a generator */
    uint32_t flags;              /* ABI 1.2: SK_STRATEGY_* bits         */
    sk_rate_rules_fn rate_rules; /* ABI 1.4: optional for a rater       */
} sk_strategy;

/* The descriptor a plugin's entry symbol returns. strategies is an array
 * of pointers ending with NULL. */
typedef struct sk_plugin {
    uint32_t abi_major;
    uint32_t abi_minor;
    uint32_t struct_size;
    const char *name;
    const char *version;
    const sk_strategy *const *strategies;
} sk_plugin;

/* The entry symbol every plugin exports (defined by the plugin with
 * `SK_EXPORT const sk_plugin *SK_PLUGIN_ENTRY(void) { return &...; }`). */
typedef const sk_plugin *(*sk_plugin_entry_fn)(void);
SK_EXPORT const sk_plugin *SK_PLUGIN_ENTRY(void);

/* ------------------------------------------------------ inline helpers -- */

/* A small, fast, seedable RNG (splitmix64 seeding a xoshiro256**). Kept in
 * the header so a generator's hot loop can inline it. */
typedef struct sk_rng {
    uint64_t s[4];
} sk_rng;

static inline uint64_t sk_rng_splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Seed rng from (seed, stream): distinct streams give independent
 * sequences, which is how a job's puzzle i gets its own randomness. */
static inline void sk_rng_seed(sk_rng *rng, uint64_t seed, uint64_t stream)
{
    uint64_t x = seed ^ (stream * 0xD1B54A32D192ED03ull);
    for (int i = 0; i < 4; i++)
        rng->s[i] = sk_rng_splitmix(&x);
}

static inline uint64_t sk_rng_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

/* Next 64 random bits. */
static inline uint64_t sk_rng_next(sk_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = sk_rng_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = sk_rng_rotl(s[3], 45);
    return result;
}

/* A uniform integer in [0, bound), bound > 0 (Lemire's method). */
static inline uint32_t sk_rng_below(sk_rng *rng, uint32_t bound)
{
    uint64_t m = (uint64_t)(uint32_t)(sk_rng_next(rng) >> 32) * bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (uint32_t)(-bound) % bound;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)(sk_rng_next(rng) >> 32) * bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* ---------------------------------------------- plugin-writing helpers -- */

/* What every plugin writes the same way, as static inline functions and a
 * macro: they add nothing to the ABI (a plugin built with them is the same
 * to the host as one that writes them out). */

/* Define the plugin: its descriptor (this ABI, name, version and the
 * strategies, pointers to sk_strategy) and the entry symbol returning it.
 * Write it once, at file scope, in one source of the plugin:
 *   SK_PLUGIN_DEFINE("solver-mine", "1.0.0", &mine_strategy);           */
#define SK_PLUGIN_DEFINE(plugin_name, plugin_version, ...)                   \
    static const sk_strategy *const sk_plugin_strategies_[] = {__VA_ARGS__, \
                                                               NULL};       \
    static const sk_plugin sk_plugin_descriptor_ = {                        \
        SK_ABI_MAJOR, SK_ABI_MINOR, (uint32_t)sizeof(sk_plugin),             \
        plugin_name, plugin_version, sk_plugin_strategies_};                 \
    SK_EXPORT const sk_plugin *SK_PLUGIN_ENTRY(void)                         \
    {                                                                        \
        return &sk_plugin_descriptor_;                                       \
    }

/* size zeroed bytes for an instance (free with free or sk_plugin_free);
 * NULL with "out of memory" in err. */
static inline void *sk_plugin_alloc(size_t size, char *err, size_t errlen)
{
    void *instance = calloc(1, size);
    if (!instance)
        snprintf(err, errlen, "out of memory");
    return instance;
}

/* The destroy of an instance that owns nothing but its own block. */
static inline void sk_plugin_free(void *instance)
{
    free(instance);
}

/* For a strategy that takes no options: SK_OK when there are none, else
 * SK_ERR with a message naming the first one in err. */
static inline int sk_options_none(const sk_option *options, size_t count, char *err,
                                  size_t errlen)
{
    if (count == 0)
        return SK_OK;
    snprintf(err, errlen, "takes no options, got '%s'; remove it", options[0].key);
    return SK_ERR;
}

/* text as a whole decimal number in min..max (min >= 0) into *out; -1
 * when it is not one (signs, blanks and other characters included). */
static inline int sk_option_whole(const char *text, long long min, long long max,
                                  long long *out)
{
    if (!text || *text < '0' || *text > '9')
        return -1;
    errno = 0;
    char *end = NULL;
    long long v = strtoll(text, &end, 10);
    if (errno || *end || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

/* text as a decimal number in low..high into *out; -1 when it is not one. */
static inline int sk_option_real(const char *text, double low, double high, double *out)
{
    if (!text || !*text)
        return -1;
    char *end = NULL;
    double v = strtod(text, &end);
    if (*end || !(v >= low && v <= high))
        return -1;
    *out = v;
    return 0;
}

/* One option a strategy takes: key=N, a whole number in min..max, or,
 * with words (NULL-terminated), key=WORD, whose value is the word's index. */
typedef struct sk_option_spec {
    const char *key;
    long long min, max;
    const char *const *words;
} sk_option_spec;

/* Read options by specs (spec_count of them): values[k] gets the value of
 * the option specs[k] names and keeps what it held (its default) when that
 * option is not given. help lists the options (a strategy's options_help).
 * SK_OK, or SK_ERR with "unknown option 'KEY'; options are HELP" or "bad
 * value 'VALUE' for KEY (HELP)" in err. */
static inline int sk_options_read(const sk_option *options, size_t count,
                                  const sk_option_spec *specs, size_t spec_count,
                                  long long *values, const char *help, char *err,
                                  size_t errlen)
{
    for (size_t i = 0; i < count; i++) {
        const char *value = options[i].value ? options[i].value : "";
        size_t k = 0;
        while (k < spec_count && strcmp(options[i].key, specs[k].key) != 0)
            k++;
        if (k == spec_count) {
            snprintf(err, errlen, "unknown option '%s'; options are %s", options[i].key, help);
            return SK_ERR;
        }
        int found = -1;
        for (int w = 0; specs[k].words && specs[k].words[w]; w++)
            if (strcmp(value, specs[k].words[w]) == 0)
                found = w;
        if (found >= 0)
            values[k] = found;
        else if (specs[k].words ||
                 sk_option_whole(value, specs[k].min, specs[k].max, &values[k]) != 0) {
            snprintf(err, errlen, "bad value '%s' for %s (%s)", value, options[i].key, help);
            return SK_ERR;
        }
    }
    return SK_OK;
}

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_PLUGIN_H */
