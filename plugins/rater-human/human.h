/* Internal header of the human-technique rater: candidate grid, steps, techniques. */
#ifndef SK_RATER_HUMAN_H
#define SK_RATER_HUMAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sudokit/plugin.h"

/* A set of cells, bit i = cell i (0..80). */
typedef unsigned __int128 human_set;

#define HUMAN_ALL 0x1FFu /* all nine digits as a candidate mask */
#define HUMAN_BIT(d) ((uint16_t)(1u << ((d)-1)))

/* Unit numbering: 0..8 rows, 9..17 columns, 18..26 boxes. */
typedef struct human_tables {
    uint8_t unit_cells[27][9];
    uint8_t cell_units[81][3]; /* row, column, box unit of a cell */
    human_set peers[81];       /* the 20 cells sharing a unit, not the cell */
    uint8_t peer_list[81][20]; /* the same as a list, in cell order */
    human_set unit_set[27];
    uint8_t cell_index[81][3]; /* place of a cell in its row, column, box unit */
    uint16_t within[27][27];   /* places (bit i: i-th cell) of unit u's cells in unit v */
} human_tables;

/* The pencil-mark grid a person keeps while solving. */
typedef struct human_state {
    const human_tables *t;
    uint16_t cand[81]; /* candidate mask of an empty cell; 0 for a filled one */
    uint8_t value[81]; /* 0 or the digit */
    int empty;         /* number of empty cells */
} human_state;

/* ----------------------------------------------------------- techniques */

/* Every technique the rater can report, in SE's order of ratings; the
 * table (human_techniques.c) gives each its name, rating, family and
 * explanation templates. A step names its technique by one of these. */
typedef enum human_technique_id {
    HUMAN_T_FULL_HOUSE,
    HUMAN_T_HIDDEN_SINGLE_BOX,
    HUMAN_T_HIDDEN_SINGLE_LINE,
    HUMAN_T_DIRECT_POINTING,
    HUMAN_T_DIRECT_CLAIMING,
    HUMAN_T_DIRECT_HIDDEN_PAIR,
    HUMAN_T_NAKED_SINGLE,
    HUMAN_T_DIRECT_HIDDEN_TRIPLE,
    HUMAN_T_POINTING,
    HUMAN_T_CLAIMING,
    HUMAN_T_NAKED_PAIR,
    HUMAN_T_X_WING,
    HUMAN_T_HIDDEN_PAIR,
    HUMAN_T_NAKED_TRIPLE,
    HUMAN_T_SWORDFISH,
    HUMAN_T_HIDDEN_TRIPLE,
    HUMAN_T_XY_WING,
    HUMAN_T_XYZ_WING,
    HUMAN_T_UNIQUE_RECTANGLE_1,
    HUMAN_T_UNIQUE_RECTANGLE_2,
    HUMAN_T_UNIQUE_RECTANGLE_3,
    HUMAN_T_UNIQUE_RECTANGLE_4,
    HUMAN_T_UNIQUE_LOOP_1,
    HUMAN_T_UNIQUE_LOOP_2,
    HUMAN_T_UNIQUE_LOOP_3,
    HUMAN_T_UNIQUE_LOOP_4,
    HUMAN_T_NAKED_QUAD,
    HUMAN_T_JELLYFISH,
    HUMAN_T_HIDDEN_QUAD,
    HUMAN_T_BUG_1,
    HUMAN_T_BUG_2,
    HUMAN_T_BUG_3,
    HUMAN_T_BUG_4,
    HUMAN_T_ALIGNED_PAIR,
    HUMAN_T_X_CYCLE,
    HUMAN_T_Y_CYCLE,
    HUMAN_T_FORCING_X_CHAIN,
    HUMAN_T_BIDIRECTIONAL_CYCLE,
    HUMAN_T_FORCING_CHAIN,
    HUMAN_T_ALIGNED_TRIPLE,
    HUMAN_T_NISHIO,
    HUMAN_T_MULTIPLE,
    HUMAN_T_DYNAMIC,
    HUMAN_T_DYNAMIC_PLUS,
    HUMAN_T_NESTED_FORCING,
    HUMAN_T_NESTED_MULTIPLE,
    HUMAN_T_NESTED_DYNAMIC,
    HUMAN_T_NESTED_DYNAMIC_PLUS,
    HUMAN_T_SKYSCRAPER,
    HUMAN_T_GROUPED_SKYSCRAPER,
    HUMAN_T_KITE,
    HUMAN_T_GROUPED_KITE,
    HUMAN_T_TURBOT,
    HUMAN_T_GROUPED_TURBOT,
    HUMAN_T_X_LOOP_2,
    HUMAN_T_GROUPED_X_LOOP_2,
    HUMAN_T_SKYSCRAPERS_3,
    HUMAN_T_GROUPED_SKYSCRAPERS_3,
    HUMAN_T_KITE_3,
    HUMAN_T_GROUPED_KITE_3,
    HUMAN_T_STRONG_LINKS_3,
    HUMAN_T_GROUPED_STRONG_LINKS_3,
    HUMAN_T_X_LOOP_3,
    HUMAN_T_GROUPED_X_LOOP_3,
    HUMAN_T_WXYZ_WING,
    HUMAN_T_VWXYZ_WING,
    HUMAN_T_TRIAL_AND_ERROR,
    HUMAN_T_HODOKU_FULL_HOUSE,
    HUMAN_T_HODOKU_NAKED_SINGLE,
    HUMAN_T_HODOKU_HIDDEN_SINGLE,
    HUMAN_T_HODOKU_LOCKED_PAIR,
    HUMAN_T_HODOKU_LOCKED_TRIPLE,
    HUMAN_T_HODOKU_POINTING,
    HUMAN_T_HODOKU_CLAIMING,
    HUMAN_T_HODOKU_NAKED_PAIR,
    HUMAN_T_HODOKU_NAKED_TRIPLE,
    HUMAN_T_HODOKU_NAKED_QUAD,
    HUMAN_T_HODOKU_HIDDEN_PAIR,
    HUMAN_T_HODOKU_HIDDEN_TRIPLE,
    HUMAN_T_HODOKU_HIDDEN_QUAD,
    HUMAN_T_HODOKU_X_WING,
    HUMAN_T_HODOKU_FINNED_X_WING,
    HUMAN_T_HODOKU_FINNED_SWORDFISH,
    HUMAN_T_HODOKU_FINNED_JELLYFISH,
    HUMAN_T_HODOKU_SASHIMI_X_WING,
    HUMAN_T_HODOKU_SASHIMI_SWORDFISH,
    HUMAN_T_HODOKU_SASHIMI_JELLYFISH,
    HUMAN_T_HODOKU_FRANKEN_X_WING,
    HUMAN_T_HODOKU_FRANKEN_SWORDFISH,
    HUMAN_T_HODOKU_FINNED_FRANKEN_X_WING,
    HUMAN_T_HODOKU_FINNED_FRANKEN_SWORDFISH,
    HUMAN_T_HODOKU_MUTANT_X_WING,
    HUMAN_T_HODOKU_MUTANT_SWORDFISH,
    HUMAN_T_HODOKU_FINNED_MUTANT_X_WING,
    HUMAN_T_HODOKU_FINNED_MUTANT_SWORDFISH,
    HUMAN_T_HODOKU_REMOTE_PAIR,
    HUMAN_T_HODOKU_BUG_PLUS_1,
    HUMAN_T_HODOKU_KITE,
    HUMAN_T_HODOKU_TURBOT,
    HUMAN_T_HODOKU_EMPTY_RECTANGLE,
    HUMAN_T_HODOKU_W_WING,
    HUMAN_T_HODOKU_XY_WING,
    HUMAN_T_HODOKU_XYZ_WING,
    HUMAN_T_HODOKU_UNIQUENESS_1,
    HUMAN_T_HODOKU_UNIQUENESS_2,
    HUMAN_T_HODOKU_UNIQUENESS_3,
    HUMAN_T_HODOKU_UNIQUENESS_4,
    HUMAN_T_HODOKU_UNIQUENESS_5,
    HUMAN_T_HODOKU_UNIQUENESS_6,
    HUMAN_T_HODOKU_HIDDEN_RECTANGLE,
    HUMAN_T_HODOKU_AVOIDABLE_RECTANGLE_1,
    HUMAN_T_HODOKU_AVOIDABLE_RECTANGLE_2,
    HUMAN_T_HODOKU_SUE_DE_COQ,
    HUMAN_T_HODOKU_SIMPLE_COLORS_TRAP,
    HUMAN_T_HODOKU_SIMPLE_COLORS_WRAP,
    HUMAN_T_HODOKU_MULTI_COLORS_1,
    HUMAN_T_HODOKU_MULTI_COLORS_2,
    HUMAN_T_HODOKU_X_CHAIN,
    HUMAN_T_HODOKU_XY_CHAIN,
    HUMAN_T_HODOKU_DISCONTINUOUS_NICE_LOOP,
    HUMAN_T_HODOKU_CONTINUOUS_NICE_LOOP,
    HUMAN_T_HODOKU_AIC,
    HUMAN_T_HODOKU_GROUPED_DISCONTINUOUS_NICE_LOOP,
    HUMAN_T_HODOKU_GROUPED_CONTINUOUS_NICE_LOOP,
    HUMAN_T_HODOKU_GROUPED_AIC,
    HUMAN_T_HODOKU_ALS_XZ,
    HUMAN_T_HODOKU_ALS_XY_WING,
    HUMAN_T_HODOKU_ALS_XY_CHAIN,
    HUMAN_T_HODOKU_DEATH_BLOSSOM,
    HUMAN_T_HODOKU_FORCING_CHAIN_CONTRADICTION,
    HUMAN_T_HODOKU_FORCING_CHAIN_VERITY,
    HUMAN_T_HODOKU_FORCING_NET_CONTRADICTION,
    HUMAN_T_HODOKU_FORCING_NET_VERITY,
    HUMAN_T_HODOKU_BRUTE_FORCE,
    HUMAN_TECHNIQUES
} human_technique_id;

/* Explanation templates a technique may have (by kind of deduction). */
#define HUMAN_TEXTS 4

/* One technique: the name reported with its steps and kept as a rating's
 * hardest technique, SE's rating (the least, for techniques whose rating
 * grows with their size or length), its family, and the printf templates
 * of its explanations (texts[0] always; the others where the finder says). */
typedef struct human_technique {
    const char *name;
    double rating; /* SE's rating; 0 for a HoDoKu technique SE does not have */
    const char *family;
    const char *texts[HUMAN_TEXTS];
    int hodoku_score; /* HoDoKu's base score of the technique; 0 when HoDoKu has none */
    const char *description; /* one paragraph for the manual; NULL: the family's */
} human_technique;

/* The table's entry for technique id (static storage). */
const human_technique *human_technique_of(human_technique_id id);

/* The paragraph of the manual about technique id: its own, else that of
 * the technique of the same name in another set, else NULL. */
const char *human_technique_about(human_technique_id id);

/* A puzzle whose solve takes the technique called name, for the manual,
 * or NULL. */
const char *human_technique_example(const char *name);

/* The id of the technique called name, or -1 when the table has none. */
int human_technique_find(const char *name);

/* Write template text of technique id into buf (len bytes), printf style. */
void human_technique_format(char *buf, size_t len, human_technique_id id, int text, ...);

/* Most candidates a step can remove (every candidate of the grid). */
#define HUMAN_MAX_ELIMS 729

/* One node of a chain a step keeps: a candidate (a digit in one cell), a
 * group of cells of one box and line holding a digit, or an almost locked
 * set; on when the chain makes it true, off when false. The link into a
 * node is strong (the previous node off makes it on) or weak (on makes it
 * off); parent is the node it follows (-1 for a chain's start). */
typedef struct human_node {
    uint8_t kind; /* HUMAN_NODE_CELL, HUMAN_NODE_GROUP, HUMAN_NODE_ALS */
    uint8_t digit;
    bool on;
    uint8_t ncells;
    uint8_t cells[9];
    /* Read only when the step's vias are recorded: what makes the link into
     * the node, the unit 0..26 or HUMAN_VIA_CELL, HUMAN_VIA_RULE (a basic
     * technique applied inside a forcing chain's branch), HUMAN_VIA_NESTED
     * (a forcing chain nested inside the branch) or HUMAN_VIA_NONE. */
    uint8_t via;
    int16_t parent;
} human_node;

enum { HUMAN_NODE_CELL, HUMAN_NODE_GROUP, HUMAN_NODE_ALS };
enum { HUMAN_VIA_CELL = 27, HUMAN_VIA_RULE = 28, HUMAN_VIA_NESTED = 29, HUMAN_VIA_NONE = 255 };

/* Nodes a step can keep, over all its chains. */
#define HUMAN_MAX_NODES 1024
/* Chains a step can keep (a forcing chain has one per branch). */
#define HUMAN_MAX_CHAINS 64

/* One deduction, before it is applied. A step places one digit (and may
 * also remove candidates, for SE's "direct" techniques) or only removes
 * candidates. */
typedef struct human_step {
    human_technique_id id;
    const char *technique; /* the table's name of id */
    double rating;
    int score; /* HoDoKu's base score of the step (techniques=hodoku), else 0 */
    bool place;
    sk_candidate placed;
    uint8_t cells[81];
    int cell_count;
    sk_candidate elim[HUMAN_MAX_ELIMS];
    int elim_count;
    char text[512];
    /* The chains behind the step, when it has any: chain i is nodes
     * [chain_start[i], chain_start[i + 1]) (chain_start[chain_count] is the
     * node count); a loop's last node is its first cell again. */
    int chain_count;
    int chain_start[HUMAN_MAX_CHAINS + 1];
    human_node nodes[HUMAN_MAX_NODES];
    bool nested; /* the chains are branches of a forcing chain or net: nested notation */
    bool vias;   /* each node's via is recorded (else it is read from the cells) */
    /* A fish's base and cover units (bit u for unit u) and its fins. */
    uint32_t base_units, cover_units;
    int fin_count;
    sk_candidate fins[81];
} human_step;

/* What a step becomes for the caller (sk_step's ABI 1.2 members): its
 * chains as nodes with their links, in notation, the fish's houses. */
typedef struct human_export {
    sk_chain_node nodes[HUMAN_MAX_NODES];
    uint32_t chain_starts[HUMAN_MAX_CHAINS + 1];
    sk_house houses[27];
    char notation[8192];
} human_export;

/* Fill s (its struct_size set) from step, the arrays in buffers (which
 * must outlive s's use). */
void human_step_export(const human_step *step, human_export *buffers, sk_step *s);

/* A technique finder: fill step with the first (or easiest) deduction it
 * finds in st and return true, or return false when it finds none. It
 * never changes st. */
typedef bool (*human_finder)(const human_state *st, human_step *step);

/* ---------------------------------------------------------------- state */

/* Fill the unit, peer and cell-set tables. */
void human_tables_init(human_tables *t);

/* Start st from a grid: givens placed, candidates of every empty cell
 * reduced by its peers' digits. Returns false when two givens clash. */
bool human_state_from_grid(human_state *st, const human_tables *t, const sk_grid *grid);

/* Place d in cell and remove d from every peer's candidates. */
void human_state_place(human_state *st, int cell, int d);

/* Apply a step to st (its eliminations, then its placement). */
void human_state_apply(human_state *st, const human_step *step);

/* Fill places[u][d - 1] with the positions (bit i = i-th cell of unit u)
 * where d is a candidate, for every unit and digit. */
void human_state_places(const human_state *st, uint16_t places[27][9]);

/* Positions (bit i = i-th cell of the unit) where d is a candidate. */
uint16_t human_unit_positions(const human_state *st, int unit, int d);

/* Write "r3c5" (1-based) for cell into buf (at least 6 bytes). */
void human_cell_name(int cell, char *buf);

/* Write "row 3" / "column 5" / "box 2" for unit into buf (at least 10). */
void human_unit_name(int unit, char *buf);

/* Number of candidates in a mask. */
static inline int human_count(unsigned mask)
{
    /* SWAR count of a 16-bit mask: no libgcc call without -mpopcnt. */
    mask = mask - ((mask >> 1) & 0x5555u);
    mask = (mask & 0x3333u) + ((mask >> 2) & 0x3333u);
    mask = (mask + (mask >> 4)) & 0x0F0Fu;
    return (int)((mask + (mask >> 8)) & 0x1Fu);
}

/* True when mask has exactly one bit set. */
static inline bool human_one_bit(unsigned mask)
{
    return mask && !(mask & (mask - 1));
}

/* True when mask has exactly two bits set. */
static inline bool human_two_bits(unsigned mask)
{
    return mask && human_one_bit(mask & (mask - 1));
}

/* Lowest digit of a non-empty candidate mask. */
static inline int human_first_digit(unsigned mask)
{
    return __builtin_ctz(mask) + 1;
}

static inline bool human_set_has(human_set s, int cell)
{
    return (s >> cell) & 1;
}

static inline human_set human_set_one(int cell)
{
    return (human_set)1 << cell;
}

/* Number of bits set in a 64-bit word (SWAR, as human_count). */
static inline int human_count64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

static inline int human_set_count(human_set s)
{
    return human_count64((uint64_t)s) + human_count64((uint64_t)(s >> 64));
}

/* Lowest cell of a non-empty set. */
static inline int human_set_first(human_set s)
{
    uint64_t lo = (uint64_t)s;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(s >> 64));
}

/* ---------------------------------------------------------------- steps */

/* Reset step to an empty elimination step of technique at rating. */
void human_step_begin(human_step *step, human_technique_id technique, double rating);

/* Write step's explanation from template `text` of its technique (see the
 * table), printf style. */
void human_step_explain(human_step *step, int text, ...);

/* The same, appended to the explanation written so far. */
void human_step_explain_more(human_step *step, int text, ...);

/* Add a pattern cell (duplicates are ignored). */
void human_step_cell(human_step *step, int cell);

/* Add an eliminated candidate (duplicates are ignored). */
void human_step_elim(human_step *step, int cell, int d);

/* Remove d from every cell of targets that still has it; true when at
 * least one candidate was added. */
bool human_step_elim_set(human_step *step, const human_state *st, human_set targets, int d);

/* Start a new chain in step (false when the step holds no more). */
bool human_step_chain_begin(human_step *step);

/* Append a node of one cell to the current chain; false when full. */
bool human_step_chain_node(human_step *step, int cell, int d, bool on);

/* Write chain i of step in Eureka notation, "(5)r1c2=(5)r1c7-(5)r4c7=(5)r4c3" (a
 * strong link in a cell as "(1=6)r6c3"), into buf (truncated with "..."). */
void human_step_chain_text(const human_step *step, int i, char *buf, size_t len);

/* Write every chain of step in nested notation, "r4c8=4 [-> r6c9<>4] -> r5c9<>4 -> r5c9=9",
 * chains separated by "; ": each chain's main line from its premise to its conclusion, and
 * in brackets after a node the side branch that leaves from it, a node a rule run inside the
 * branch gave marked " (rule)" (a basic technique) or " (nested)" (a forcing chain) (truncated
 * with "..."). */
void human_step_nested_text(const human_step *step, char *buf, size_t len);

/* Read a chain in Eureka notation (as human_step_chain_text writes it)
 * into a new chain of step: each "=" making the next node true and each "-"
 * false, the first node the opposite of the second (a chain alternates).
 * False with a message in err when text is not such a chain. */
bool human_step_chain_parse(human_step *step, const char *text, char *err, size_t errlen);

/* Write a comma-separated list "r1c2, r1c5" of count cells (truncated to len). */
void human_cell_list(const uint8_t *cells, int count, char *buf, size_t len);

/* Write a comma-separated list "r1c2, r1c5" of the pattern cells. */
void human_step_cell_list(const human_step *step, char *buf, size_t len);

/* Write "r1c2<>5, r1c5<>5" for the eliminations (truncated with "..."). */
void human_step_elim_list(const human_step *step, char *buf, size_t len);

/* ----------------------------------------------------------- techniques */

bool human_find_full_house(const human_state *st, human_step *step);
bool human_find_hidden_single_box(const human_state *st, human_step *step);
bool human_find_hidden_single_line(const human_state *st, human_step *step);
bool human_find_naked_single(const human_state *st, human_step *step);

bool human_find_direct_pointing(const human_state *st, human_step *step);
bool human_find_direct_claiming(const human_state *st, human_step *step);
bool human_find_pointing(const human_state *st, human_step *step);
bool human_find_claiming(const human_state *st, human_step *step);

bool human_find_direct_hidden_pair(const human_state *st, human_step *step);
bool human_find_direct_hidden_triple(const human_state *st, human_step *step);
bool human_find_naked_pair(const human_state *st, human_step *step);
bool human_find_hidden_pair(const human_state *st, human_step *step);
bool human_find_naked_triple(const human_state *st, human_step *step);
bool human_find_hidden_triple(const human_state *st, human_step *step);
bool human_find_naked_quad(const human_state *st, human_step *step);
bool human_find_hidden_quad(const human_state *st, human_step *step);

bool human_find_x_wing(const human_state *st, human_step *step);
bool human_find_swordfish(const human_state *st, human_step *step);
bool human_find_jellyfish(const human_state *st, human_step *step);

bool human_find_xy_wing(const human_state *st, human_step *step);
bool human_find_xyz_wing(const human_state *st, human_step *step);

bool human_find_unique_rectangle(const human_state *st, human_step *step);
bool human_find_bug(const human_state *st, human_step *step);
bool human_find_aligned_pair_exclusion(const human_state *st, human_step *step);
bool human_find_aligned_triple_exclusion(const human_state *st, human_step *step);

/* SE's test for the "direct" techniques: digit d has two or more places in
 * unit, and exactly one of them is outside the cells excluded (the cells a
 * pattern removes d from, or that a hidden subset keeps for its own digits).
 * When so, turn step into the placement of that hidden single alone (the
 * pattern's removals only explain it, as in SE) and return true. */
bool human_direct_single(const human_state *st, human_step *step, int unit, int d,
                         human_set excluded);

/* ------------------------------------------- Sukaku Explainer's extras */

/* Sukaku Explainer's extra techniques (human_sukaku.c), used with the option
 * techniques=sukaku. Each applies the easiest of all the deductions it finds
 * (lowest rating, then most removals), as Sukaku Explainer does. */
bool human_find_two_strong_links(const human_state *st, human_step *step);   /* 4.0-4.3 */
bool human_find_three_strong_links(const human_state *st, human_step *step); /* 5.4-5.7 */
bool human_find_wxyz_wing(const human_state *st, human_step *step);          /* 5.5-5.6 */
bool human_find_vwxyz_wing(const human_state *st, human_step *step);         /* 6.2-6.4 */

/* ---------------------------------------------------------------- chains */

/* The work a rating may do, counted in chain steps: one step is one fact
 * followed by an implication branch or one node expanded by a static chain
 * search. Counting work instead of time makes a rating the same on every
 * machine and under any load. A wall-clock deadline stays as a safety only:
 * a rating it stops is an error, never a score. */
typedef struct human_budget {
    uint64_t used;   /* chain steps taken so far */
    uint64_t limit;  /* steps allowed; 0 = no limit */
    double deadline; /* seconds on the monotonic clock; 0 = none */
    bool expired;    /* the step limit was reached: the score is a lower bound */
    bool timed_out;  /* the deadline passed: the puzzle is not rated */
} human_budget;

/* Current monotonic time in seconds. */
double human_now(void);

/* Read the clock and set b->timed_out when the deadline has passed. */
void human_budget_check_clock(human_budget *b);

/* Count n chain steps; true (with expired or timed_out set) when the
 * budget is spent. The clock is read once every 65 536 steps. */
static inline bool human_budget_spend(human_budget *b, uint64_t n)
{
    uint64_t before = b->used;
    b->used += n;
    if (b->limit && b->used > b->limit)
        b->expired = true;
    if (b->deadline > 0 && (before >> 16) != (b->used >> 16))
        human_budget_check_clock(b);
    return b->expired || b->timed_out;
}

/* True when the budget is spent (step limit or deadline). */
static inline bool human_budget_over(const human_budget *b)
{
    return b->expired || b->timed_out;
}

/* SE's length increment for a chain of complexity nodes: 0.1 for each
 * ceiling passed in 4, 6, 8, 12, 16, 24, 32, ... */
double human_length_bonus(int complexity);

/* Chain tiers, easiest first: SE's chaining engines. Each search returns
 * the easiest step of its tier in step (true), false when the tier finds
 * nothing or the budget ran out (then it is spent). scratch is the chains'
 * working memory (human_chain_scratch_new). */
typedef enum human_tier {
    HUMAN_TIER_FORCING = 0,        /* static cycles and forcing chains, 6.5-7.0 */
    HUMAN_TIER_NISHIO,             /* one-digit dynamic contradictions, 7.5 */
    HUMAN_TIER_MULTIPLE,           /* static cell and region forcing chains, 8.0 */
    HUMAN_TIER_DYNAMIC,            /* dynamic forcing chains, 8.5 */
    HUMAN_TIER_DYNAMIC_PLUS,       /* + basic rules inside, 9.0 */
    HUMAN_TIER_NESTED_FORCING,     /* + forcing chains inside, 9.5 */
    HUMAN_TIER_NESTED_MULTIPLE,    /* + multiple forcing chains inside, 10.0 */
    HUMAN_TIER_NESTED_DYNAMIC,     /* + dynamic forcing chains inside, 10.5 */
    HUMAN_TIER_NESTED_DYNAMIC_PLUS, /* + dynamic chains (+forcing chains) inside, 11.0 */
    HUMAN_TIER_COUNT
} human_tier;

/* Base rating and name of a tier. */
double human_tier_base(human_tier tier);
const char *human_tier_name(human_tier tier);

/* The chains' working memory (NULL when out of memory), and its release. */
void *human_chain_scratch_new(void);
void human_chain_scratch_free(void *scratch);

bool human_find_chain(const human_state *st, human_tier tier, human_budget *b, void *scratch,
                      human_step *step);

/* When step (found on st) is a nested forcing chain, add to it the chains nested in its
 * branches, each after the chains it unfolds (see human_step_unfold); scratch as for
 * human_find_chain. Only for a step that is explained: it runs the step's search again. */
void human_unfold_chains(const human_state *st, void *scratch, human_step *step);

/* ---------------------------------------------------------- brute force */

/* Count the solutions of st's grid up to limit (1 or 2); the first one
 * found goes to solution when not NULL. */
int human_solve_count(const human_state *st, int limit, uint8_t solution[81]);

#endif /* SK_RATER_HUMAN_H */
