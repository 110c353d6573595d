/* Internal header of the human rater's chains: facts, implication branches, hints, searches. */
#ifndef SK_RATER_HUMAN_CHAINING_H
#define SK_RATER_HUMAN_CHAINING_H

#include "human.h"

/* A fact is a candidate (cell * 9 + digit - 1) being on (true) or off:
 * fact = candidate * 2 + on. */
#define HUMAN_FACTS 1458
#define HUMAN_FACT_WORDS 23 /* 64-bit words of a fact bitset */
#define HUMAN_CAND_WORDS 12 /* 64-bit words of a candidate bitset */

/* Parent links one branch can need, the worst case: every fact read from a
 * cell or a unit has at most 9 parents (the fact and the candidates removed
 * there), and each removal made by a rule inside a branch shares its rule's
 * list, at most one list of at most 729 parents per removed candidate. */
#define HUMAN_POOL (HUMAN_FACTS * 9 + 729 * 729)

/* Why an "on" or "off" fact holds, as SE records it: the cell (naked
 * single, or the cell's other digits), a unit (hidden single, or the digit
 * elsewhere in it), a rule applied inside the branch, or none (the
 * assumption a chain starts from). */
#define HUMAN_CAUSE_CELL 27
#define HUMAN_CAUSE_RULE 28
#define HUMAN_CAUSE_NONE 255

static inline int human_fact(int cell, int d, bool on)
{
    return (cell * 9 + d - 1) * 2 + (on ? 1 : 0);
}
static inline int human_fact_cell(int f)
{
    return f / 18;
}
static inline int human_fact_digit(int f)
{
    return f / 2 % 9 + 1;
}
static inline bool human_fact_on(int f)
{
    return f & 1;
}

/* Write "r1c1=5" or "r1c1<>5" for fact f (at least 12 bytes). */
void human_fact_name(int f, char *buf);

/* SE's chaining engines (its Chaining(multiple, dynamic, nishio, level)),
 * easiest first: the level counts the rules used inside a branch when its
 * singles stall (SE's "+" levels). */
typedef struct human_chaining {
    bool multiple; /* cell and region forcing chains */
    bool dynamic;  /* the grid changes as the branch goes */
    bool nishio;   /* one digit only, contradictions only */
    int level;     /* 0: singles; 1: + basic rules; 2: + forcing chains; 3: + multiple
                      forcing chains; 4: + dynamic forcing chains; 5: + those of level 2 */
} human_chaining;

typedef struct human_depth human_depth;
typedef struct human_unfold human_unfold;

/* One propagation from one assumed fact, as SE's doChaining: "on" facts
 * are followed first; an "off" fact's consequences (a cell or a unit left
 * with one other place) are read from the grid as it was, then, in the
 * dynamic engines, its candidate goes; a fact whose opposite was derived
 * is a contradiction. At level 1 and up, when nothing is left to follow,
 * the rules of the level run on the branch's grid and their removals are
 * followed too. Facts are kept in the order derived (list); the data of
 * fact list[i] is at index i, slot[f] gives that index. */
typedef struct human_branch {
    const human_state *st; /* grid the assumption is made on */
    human_budget *budget;  /* every fact followed counts one chain step */
    human_depth *rules;    /* working memory of the rules run inside, next depth */
    human_chaining engine;
    uint16_t cand[81];
    uint16_t pos[27][9];      /* places of each digit in each unit, as cand */
    const uint16_t (*orig_pos)[9]; /* the same on st (human_branch_prepare) */
    uint16_t undo[HUMAN_FACTS];    /* candidates the last run removed from cand */
    int nundo;
    uint64_t bits[HUMAN_FACT_WORDS]; /* facts derived */
    uint16_t list[HUMAN_FACTS + 1];  /* in order; the last one, past nlist, may
                                        be the fact that met its opposite */
    int nlist, on_next, off_next;    /* queues: the next on / off fact of list */
    uint16_t slot[HUMAN_FACTS];
    uint32_t pstart[HUMAN_FACTS + 1];
    uint16_t pcount[HUMAN_FACTS + 1];
    uint8_t cause[HUMAN_FACTS + 1];
    uint32_t nest_cx[HUMAN_FACTS + 1];  /* cause HUMAN_CAUSE_RULE: complexity of the
                                           inner chain behind the removal, 0 for none */
    uint64_t nest_sig[HUMAN_FACTS + 1]; /* which chain that is (SE's FullChain) */
    uint32_t pool_used;
    bool contradiction;
    uint16_t conflict_on, conflict_off; /* the fact and its opposite, both derived */
    human_unfold *unfold; /* not NULL: the grids its nested rules ran on are kept there */
    uint16_t pool[HUMAN_POOL];
} human_branch;

static inline bool human_branch_has(const human_branch *b, int f)
{
    return (b->bits[f >> 6] >> (f & 63)) & 1;
}

/* Make b ready for assumptions on st, whose places of each digit in each
 * unit are places (human_state_places); neither may change until the next
 * prepare. */
void human_branch_prepare(human_branch *b, const human_state *st, const uint16_t (*places)[9],
                          human_budget *budget, human_depth *rules);

/* Propagate fact start with engine on the grid b was prepared for; the
 * result (derived facts, a contradiction) stays in b. Stops early, with
 * the budget spent, when the budget runs out. */
void human_branch_run(human_branch *b, const human_chaining *engine, int start);

/* Add a fact derived by a rule inside the branch: off fact f, because of
 * the parents at pool[pstart, pstart + pcount), behind an inner chain of
 * complexity nest_cx (0: none) known as nest_sig. False when f was known. */
bool human_branch_add_rule_fact(human_branch *b, int f, uint32_t pstart, uint16_t pcount,
                                uint32_t nest_cx, uint64_t nest_sig);

/* Write the chain behind fact f in b as "r1c1=5 -> r1c5<>5 -> ..." (the
 * path through first parents, at most len bytes). */
void human_branch_path(const human_branch *b, int f, char *buf, size_t len);

/* A branch's result kept once run (its facts and their parents, not its
 * grid), and the chain steps the run took: a search that needs the same
 * branch again puts it back and counts those steps again, as if it ran. */
typedef struct human_kept {
    bool known;
    human_chaining engine;
    uint64_t cost;
    int nlist;
    uint32_t pool_used;
    bool contradiction;
    uint16_t conflict_on, conflict_off;
    uint64_t bits[HUMAN_FACT_WORDS];
    size_t cap; /* bytes of data */
    void *data;
} human_kept;

/* Keep the result of branch b, which took cost chain steps (k stays
 * unknown when out of memory). */
void human_keep_save(human_kept *k, const human_branch *b, uint64_t cost);

/* Put the kept result back into b, prepared for the same grid. */
void human_keep_restore(const human_kept *k, human_branch *b);

/* Release k's memory. */
void human_keep_free(human_kept *k);

/* ------------------------------------------------------------- walks */

/* What a hint's chains amount to, summed over its targets (SE's
 * ChainingHint): the facts behind each target (complexity), the inner
 * chains among them counted once each, the candidates the chains' "on"
 * facts were read from (SE's rule parents are those of them removed since
 * the grid the rule was called on, see human_hint) and a signature of the
 * chains (SE's FullChain equality). */
#define HUMAN_WALK_NESTS 256
typedef struct human_walk {
    bool reads; /* collect the candidates read (a rule run inside a branch) */
    int flat;   /* facts behind the targets, each target on its own */
    int nested; /* complexity of the distinct inner chains among them */
    uint64_t signature;
    uint64_t read[HUMAN_CAND_WORDS];
    int nnests;
    uint64_t nests[HUMAN_WALK_NESTS];
    uint32_t stamp;
    uint32_t seen[HUMAN_FACTS];
    uint16_t queue[HUMAN_FACTS];
} human_walk;

/* Start a hint's walk; reads as in human_walk. */
void human_walk_begin(human_walk *w, bool reads);

/* Add the chain behind target in b. start_cause is the cause given to the
 * chain's assumption for the candidates read (SE: a cell chain's
 * assumption counts as read from its cell, a region chain's from its
 * unit). */
void human_walk_add(human_walk *w, const human_branch *b, int target, int start_cause);

/* The hint's complexity: flat plus nested. */
static inline int human_walk_complexity(const human_walk *w)
{
    return w->flat + w->nested;
}

/* Add to w->read the candidates an "on" fact of digit d in cell reads:
 * every candidate of the cell (cause HUMAN_CAUSE_CELL) or d's places in
 * unit cause. */
void human_walk_cause(human_walk *w, const human_tables *t, int cell, int d, int cause);

/* ------------------------------------------------------------- hints */

/* A conclusion of a chain search, before it is applied. */
typedef struct human_hint {
    human_technique_id technique;
    double rating;
    int complexity;
    int sort_key; /* SE's order of kinds at equal rating and complexity */
    int order;    /* order found */
    int target;   /* the fact concluded; -1 for a cycle (removals only) */
    uint64_t removals[HUMAN_CAND_WORDS];
    /* Collecting sinks: the candidates the hint's facts were read from.
     * SE's rule parents are those of them that the branch running the rule
     * had removed: a pure function of the grid searched is kept, so that a
     * rule's hints on a grid hold for any branch reaching that grid. */
    uint64_t reads[HUMAN_CAND_WORDS];
    uint64_t signature;
} human_hint;

/* Where a search puts its hints: the easiest one as a step (a tier's
 * search), or every one with its rule parents (a rule inside a branch). */
typedef struct human_sink {
    bool collect;
    /* With collect: only the first hint of this signature that removes candidate `removal`
     * (cell * 9 + digit - 1) becomes the step, its chains added (a nested chain unfolded). */
    bool only;
    uint64_t signature;
    int removal;
    human_step *step;          /* best: the step of the easiest hint */
    bool found;
    human_hint best;
    human_hint *hints; /* collect: every hint worth it */
    int count, cap;
    bool overflow; /* collect: more hints than cap (the budget is then spent) */
    int order;
} human_sink;

/* True when a hint of this rating, complexity and kind would be kept:
 * always when collecting, else when it comes before the best so far. */
bool human_sink_wants(const human_sink *sink, double rating, int complexity, int sort_key);

/* Offer hint h (technique, rating, complexity, sort_key, target, removals
 * and, when collecting, reads and signature filled); text explains it
 * for a step. True when h became the sink's step (its chains may then be
 * added to sink->step). */
bool human_sink_offer(human_sink *sink, human_hint *h, const char *text);

/* SE's length increment for a chain of complexity nodes: 0.1 for each
 * ceiling passed in 4, 6, 8, 12, 16, 24, 32, ... */
double human_length_bonus(int complexity);

/* Candidates of a cell other than d, as removals (a placement). */
void human_hint_place(human_hint *h, const human_state *st, int cell, int d);

/* ----------------------------------------------------------- searches */

/* Working memory of the static chain search. */
#define HUMAN_STATIC_NODES 32768
typedef struct human_static_node {
    uint16_t fact;
    uint8_t cause;
    int32_t parent; /* node index, -1 for the start */
} human_static_node;

typedef struct human_static_scratch {
    human_static_node nodes[HUMAN_STATIC_NODES];
    int nnodes;
    int32_t pend_on[HUMAN_STATIC_NODES], pend_off[HUMAN_STATIC_NODES];
    uint32_t reached[HUMAN_FACTS]; /* == stamp: reached in this search */
    uint32_t stamp;
    uint32_t path_mark[HUMAN_FACTS]; /* == path_stamp: on the path of the node expanded */
    uint32_t path_stamp;
    human_budget *budget; /* every node expanded counts one chain step */
    /* Links of the grid searched, per candidate (cell * 9 + digit - 1), in
     * SE's order, with their causes: the peers holding the digit, the
     * other place of the digit in each unit that has two, the other
     * candidate of a bivalue cell. */
    uint16_t peer_off[729][20];
    uint8_t peer_unit[729][20];
    uint8_t npeer_off[729];
    uint16_t unit_on[729][3];
    uint8_t unit_of_on[729][3];
    uint8_t nunit_on[729];
    int16_t pair_on[729];
    /* Bit links (HUMAN_LINK_X, _Y or both) set: the candidate's "off" fact
     * leads to nothing with those links. */
    uint8_t dead[729];
    /* For each mode (links - 1) and candidate, the facts its "on" fact
     * leads to that lead further: of the cell's other digits (bit d - 1)
     * and of peer_off (bit i). */
    uint16_t live_other[3][729];
    uint32_t live_peer[3][729];
    human_set digit_cells[9]; /* cells holding each digit */
    uint16_t on_reached[729]; /* "on" facts a cycle search reached */
    int non_reached;
    uint16_t on_digits[81]; /* working memory of human_static_on_reach, kept zero */
} human_static_scratch;

/* SE's static chains on st (Chaining(false, false, false, 0)): X-, Y- and
 * mixed cycles (6.5, 7.0) and forcing chains (6.6, 7.0), each plus SE's
 * length increment, every one offered to sink in SE's order. Stops early
 * when the budget runs out. */
void human_static_search(const human_state *st, human_budget *bud, human_static_scratch *s,
                         human_sink *sink);

/* Add to step, as a new chain, the facts behind fact target in branch b: each a node
 * following the first fact it was read from, in the order the branch derived them (only the
 * line of first parents when they are more than the step holds). The step's notation becomes
 * nested. */
void human_step_add_branch_chain(human_step *step, const human_branch *b, int target);

/* Add to step, as a new chain, the path of static search s from its start to node i. */
void human_step_add_static_chain(human_step *step, const human_static_scratch *s, int i);

/* ---------------------------------------------------------------- memo */

/* The rules SE runs inside a stalled branch (getAdvancedPotentials), each
 * a pure function of the branch's grid: its hints, with the candidates
 * they read, do not depend on the branch that reached the grid. */
enum {
    HUMAN_RULE_LOCKING, /* intersections */
    HUMAN_RULE_HIDDEN_PAIR,
    HUMAN_RULE_NAKED_PAIR,
    HUMAN_RULE_X_WING,
    HUMAN_RULE_FORCING,         /* static cycles and forcing chains */
    HUMAN_RULE_MULTIPLE,        /* static cell and region forcing chains */
    HUMAN_RULE_DYNAMIC,         /* dynamic forcing chains */
    HUMAN_RULE_DYNAMIC_FORCING, /* dynamic chains (+forcing chains) */
    HUMAN_RULES
};

/* The hints of one rule on one grid, in the order they are applied, and
 * the chain steps computing them took (a hit spends them again, so that
 * the work budget counts the same with or without the memo). */
typedef struct human_memo_list {
    bool known;
    bool overflow; /* more hints than a rule may collect */
    uint32_t first, count;
    uint64_t cost;
} human_memo_list;

/* A grid looked up: the grid (candidates and values) and its hash. */
typedef struct human_memo_key {
    uint64_t hash;
    const human_state *grid;
} human_memo_key;

/* The memo of one rater instance, shared by its depths of chaining. */
typedef struct human_memo human_memo;

/* A new, empty memo (NULL when out of memory), and its release. */
human_memo *human_memo_new(void);
void human_memo_free(human_memo *m);

/* Fill key for grid g (which must not change while key is used). */
void human_memo_key_of(human_memo_key *key, const human_state *g);

/* The list of rule's hints on key's grid, or NULL when not known. Valid
 * until the next human_memo_put. */
const human_memo_list *human_memo_get(const human_memo *m, const human_memo_key *key, int rule);

/* The hints of list (count of them). */
const human_hint *human_memo_hints(const human_memo *m, const human_memo_list *list);

/* Keep count hints (copied) as rule's list on key's grid; the memo starts
 * again empty when full. Returns the list kept, NULL when count alone is
 * more than the memo holds. */
const human_memo_list *human_memo_put(human_memo *m, const human_memo_key *key, int rule,
                                      const human_hint *hints, int count, uint64_t cost,
                                      bool overflow);

/* Working memory of one depth of chaining: the branches of a search, the
 * static search, the hints of rules run inside a branch, the walks. The
 * branches' rules use the next depth. */
struct human_depth {
    human_branch *br; /* 12: "on", "off", a spare, 9 for cell and region chains */
    human_static_scratch stat;
    human_walk walk;
    human_state grid; /* a branch's grid, for the rules run inside it */
    uint16_t places[27][9]; /* places of each digit in each unit of the grid searched */
    uint64_t on_bits[729][HUMAN_FACT_WORDS];
    bool on_known[729];
    human_kept kept[729]; /* "on" branch of each candidate, in this search */
    human_hint *hints;
    int hints_cap;
    human_memo *memo; /* shared by all depths */
    human_depth *next;
};

/* SE's binary, cell and region chaining on st with engine (nishio and
 * every dynamic engine, and the static multiple chains): every hint
 * offered to sink in SE's order. Uses depth's branches. */
void human_chain_search(const human_state *st, const human_chaining *engine, human_budget *bud,
                        human_depth *depth, human_sink *sink);

/* Run the rules of level (SE's getAdvancedPotentials) on the grid of
 * branch b, stalled: the first rule with results adds all their removals
 * to b. True when something was added. */
bool human_rules_apply(human_branch *b, int level);

/* The grids a branch's nested rules ran on (kept while unfolding): from list index first on,
 * the branch's facts came from rule (HUMAN_RULE_*) run on the grid whose candidates are cand. */
#define HUMAN_UNFOLD_BATCHES 64
struct human_unfold {
    int count;
    struct {
        int first, rule;
        uint16_t cand[81];
    } batch[HUMAN_UNFOLD_BATCHES];
};

/* Offer to sink the hints of chain rule (HUMAN_RULE_FORCING and after) on grid g, searched
 * with depth dp's memory (a search as a branch of the depth above runs it). */
void human_rules_chain(int rule, const human_state *g, human_budget *bud, human_depth *dp,
                       human_sink *sink);

/* Unfold the nested nodes of step's chains, found by engine on st with depth dp's memory:
 * each node a forcing chain nested in a branch gave gets that chain's branches as chains of
 * the step, their start's parent the node (and so on, deeper). Costs a run of each branch
 * again and of each nested search: only for a step that is explained. */
void human_step_unfold(human_step *step, const human_state *st, const human_chaining *engine,
                       human_depth *dp);

/* Allocate the working memory of `count` nested depths (NULL when out of
 * memory); free it with human_depths_free. */
human_depth *human_depths_new(int count);
void human_depths_free(human_depth *d);

#endif /* SK_RATER_HUMAN_CHAINING_H */
