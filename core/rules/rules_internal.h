/* The private pieces of the rules model (core/rules/, docs/rules.md).
 *
 * The files that build, check and print rules values are "pure": they
 * include plugin.h and the C library only, so the plugin mock compiles
 * them too and a constraint's unit test compiles a spec exactly as the
 * host does. The host's side (the cache, the crash guard, the public
 * functions of sudokit/rules.h) sits in the other files. */
#ifndef SUDOKIT_RULES_INTERNAL_H
#define SUDOKIT_RULES_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sudokit/plugin.h"

/* A problem with a spec: the 1-based column it starts at (0 when it is
 * not at one place) and what is wrong and what to do. */
typedef struct rules_problem {
    size_t column;
    char message[512];
} rules_problem;

/* Record a problem at column (printf-style message). Returns -1. */
int rules_fail(rules_problem *problem, size_t column, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ------------------------------------------------------------ the text -- */

/* One item of a spec: a term "NAME" or "NAME:ARGUMENT", its argument split
 * at ';' into items. */
typedef struct rules_term {
    char *name;             /* lower case                                */
    char *argument;         /* NULL when the term has none               */
    size_t column;          /* of the term's name in the spec, from 1    */
    size_t argument_column; /* of the item's first character             */
} rules_term;

/* A spec split into its geometry and its terms (rules_text.c). */
typedef struct rules_text {
    uint32_t size;               /* 0 when no geometry was written        */
    uint32_t box_rows, box_cols; /* written ":RxC", else 0               */
    bool no_regions;             /* written ":none"                       */
    size_t geometry_column;      /* 0 when there is none                  */
    char *jigsaw;                /* the map of "jigsaw:MAP", or NULL      */
    size_t jigsaw_column;
    rules_term *terms;
    size_t term_count;
} rules_text;

/* Split spec into out. Returns 0, or -1 with problem set (out is then
 * empty). Free out with rules_text_free. */
int rules_text_split(const char *spec, rules_text *out, rules_problem *problem);
void rules_text_free(rules_text *text);

/* ------------------------------------------------------------ building -- */

typedef enum rules_kind {
    RULES_HOUSE = 0,
    RULES_GROUP = 1,
    RULES_RELATION = 2,
    RULES_CUSTOM = 3
} rules_kind;

#define RULES_NO_LABEL UINT32_MAX

/* A primitive while rules are being built: offsets into the draft's pools. */
typedef struct rules_draft_primitive {
    rules_kind kind;
    uint32_t cells, count; /* cells at pool offset cells                */
    int32_t sum;
    uint32_t table;       /* relation: N+1 sets at this table offset    */
    uint32_t mark, label; /* string offsets; label RULES_NO_LABEL       */
    void *state;
    const sk_constraint *constraint;
} rules_draft_primitive;

/* Rules being built: the geometry, the primitives so far, and the item
 * being parsed (for its errors and its canonical spelling). */
typedef struct rules_draft {
    uint32_t size, box_rows, box_cols;
    uint8_t region[SK_MAX_CELLS];
    rules_draft_primitive *primitives;
    size_t primitive_count, primitive_cap;
    uint16_t *cells;
    size_t cell_count, cell_cap;
    sk_digits *tables;
    size_t table_count, table_cap;
    char *strings;
    size_t string_len, string_cap;
    uint32_t digit_symmetry; /* what the constraints allow at most        */
    /* the item being parsed */
    const sk_constraint *constraint;
    const char *item; /* its argument, NULL when none              */
    char origin[320]; /* its constraint's plugin, for messages     */
    size_t item_column;
    char *canonical;   /* set by builder->normalise                 */
    bool failed;       /* a builder call recorded problem           */
    const char *where; /* set by builder->error_at                  */
    rules_problem problem;
} rules_draft;

/* Start an empty draft of size N (regions all 255). */
void rules_draft_init(rules_draft *draft, uint32_t size);
/* Free what the draft holds, and the states of its customs. */
void rules_draft_free(rules_draft *draft);
/* The builder lent to a constraint's parse, over draft; the term list is
 * the caller's to fill. */
sk_rules_builder rules_draft_builder(rules_draft *draft);
/* Add a primitive as the builder would (the geometry uses it for rows,
 * columns and regions). SK_OK or SK_ERR with draft->problem set. */
int rules_draft_house(rules_draft *draft, const uint16_t *cells, uint32_t n, const char *mark,
                      const char *label);
/* Column of the current item's problem: where error_at pointed, else the
 * item's first column. */
size_t rules_draft_column(const rules_draft *draft);

/* ------------------------------------------------------------ geometry -- */

/* Fill draft's regions and add the houses of rows, columns and regions,
 * from text's geometry and jigsaw map; write the normalised geometry
 * ("9x9", "6x6:3x2", "7x7:none", "9x9 jigsaw:aaab...") into normal (at
 * least 700 bytes). Returns 0, or -1 with problem set. */
int rules_geometry_build(const rules_text *text, rules_draft *draft, char *normal,
                         size_t normal_len, rules_problem *problem);

/* The f-puzzles default boxes of size N: rows = the largest divisor of N
 * whose square is at most N, cols = N / rows (rows is 1 for a prime N). */
void rules_default_boxes(uint32_t size, uint32_t *rows, uint32_t *cols);

/* --------------------------------------------------------------- values -- */

/* A compiled rules value: the sk_rules plugins read, first, and what it
 * points into. A const sk_rules * of the host is always one of these. */
typedef struct rules_value {
    sk_rules view;
    long refs;    /* the host's references (rules_cache.c)           */
    void *cache;  /* the cache it is listed in, or NULL             */
    bool classic; /* the normalised spec is "9x9"                   */
    char *spec;
    uint8_t region[SK_MAX_CELLS];
    sk_rules_house *houses;
    sk_rules_group *groups;
    sk_rules_relation *relations;
    sk_rules_custom *customs;
    uint16_t *cells;
    sk_digits *tables;
    char *strings;
    uint32_t *peer_start;
    uint16_t *peers;
    struct rules_group *group;                     /* its symmetry, worked out at first use  */
    void (*group_free)(struct rules_group *group); /* set with group     */
} rules_value;

/* Turn a finished draft into a value with the normalised spec: copies the
 * pools, lays out the primitives, works out the digit symmetry and the
 * peers. The draft's customs move into the value (draft keeps no state).
 * Returns NULL when out of memory (the draft still owns everything). */
rules_value *rules_value_make(rules_draft *draft, const char *spec);

/* Free a value and the states of its customs. NULL is ignored. */
void rules_value_free(rules_value *value);

/* ------------------------------------------------------------ compiling -- */

/* Where compiling finds constraints: find returns the constraint strategy
 * called name (NULL when there is none); origin names its plugin for a
 * message ("'name' (file)"); parse runs its parse (the host wraps it in a
 * crash guard and lends a services table); hint ends the message for an
 * unknown rule. */
typedef struct rules_env {
    const sk_strategy *(*find)(void *user, const char *name);
    void (*origin)(void *user, const sk_strategy *strategy, char *out, size_t len);
    int (*parse)(void *user, const sk_strategy *strategy, const sk_rules_builder *builder,
                 const char *argument, char *err, size_t errlen);
    void *user;
    const char *hint;
} rules_env;

/* Compile spec: the geometry, every term through its constraint, the
 * normalised spec, and the value compiled again from that normalised spec
 * (so a value depends on its normalised spec only). Returns 0 with *out,
 * or -1 with problem set. */
int rules_compile(const rules_env *env, const char *spec, rules_value **out,
                  rules_problem *problem);

/* --------------------------------------------------------------- checks -- */

/* What breaks a grid (the public sk_rules_break has the same layout). */
typedef struct rules_break {
    int part;            /* 0 cell, 1 house, 2 group, 3 relation, 4 custom */
    uint32_t index;      /* cell, or index in the rules' array of the part */
    uint32_t cells[2];   /* the cells that clash                           */
    uint32_t cell_count; /* 0..2                                           */
    char why[192];
} rules_break;

/* Check board under rules; complete: every cell must hold a digit, and
 * every primitive is checked whole; else empty cells are allowed and a
 * primitive is checked as far as its filled cells go (customs only when
 * all their cells are filled). True when nothing is broken; else false
 * with the first problem in *broken when not NULL. */
bool rules_check_board(const sk_rules *rules, const sk_board *board, bool complete,
                       rules_break *broken);

/* ---------------------------------------------------------------- board -- */

/* The character of digit d (1..25: '1'..'9', 'A'..'P'); blank '.' or '0'. */
char rules_digit_char(unsigned digit, bool dots);
/* The digit of character c in a grid of size N: 0 for '.' or '0', 1..N,
 * or -1 when c is not a digit of that grid. */
int rules_char_digit(char c, uint32_t size);

#endif /* SUDOKIT_RULES_INTERNAL_H */
