/* Internal header of the human rater's implication engine (chains). */
#ifndef SK_RATER_HUMAN_CHAIN_H
#define SK_RATER_HUMAN_CHAIN_H

#include "human.h"

/* A fact is a candidate (cell * 9 + digit - 1) being on (true) or off:
 * fact = candidate * 2 + on. */
#define HUMAN_FACTS 1458
#define HUMAN_FACT_WORDS 23 /* 64-bit words of a fact bitset */
#define HUMAN_POOL 40000    /* parent links of one branch */
#define HUMAN_MAX_PARENTS 32 /* parents kept for a removal made by a pattern */

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

/* How a branch propagates an assumption. */
typedef enum human_mode {
    HUMAN_MODE_STATIC,        /* links of the starting grid: bivalue cells, bilocal units */
    HUMAN_MODE_NISHIO,        /* one digit, singles of that digit as the grid changes */
    HUMAN_MODE_DYNAMIC,       /* every naked and hidden single as the grid changes */
    HUMAN_MODE_PLUS,          /* dynamic, plus intersections, pairs and X-wings */
    HUMAN_MODE_NESTED,        /* plus, then static forcing chains inside the branch */
    HUMAN_MODE_NESTED_DYNAMIC /* plus, then dynamic forcing chains inside */
} human_mode;

/* One propagation from one assumed fact, as SE's chaining: "on" facts
 * are followed first; an "off" fact removes its candidate (in the dynamic
 * modes) when it is followed, after its consequences were read from the
 * grid as it was; a fact whose opposite was derived is a contradiction. */
typedef struct human_branch human_branch;
struct human_branch {
    human_branch *inner;   /* scratch for the chains nested mode runs inside */
    human_budget *budget;  /* every fact followed counts one chain step */
    const human_state *st; /* grid the assumption is made on */
    human_mode mode;
    uint16_t cand[81];
    uint16_t pos[27][9];      /* places of each digit in each unit, as cand */
    uint16_t orig_pos[27][9]; /* the same on st, set by human_branch_prepare */
    uint8_t derived[HUMAN_FACTS];
    uint32_t pstart[HUMAN_FACTS];
    uint16_t pcount[HUMAN_FACTS];
    uint32_t nested[HUMAN_FACTS]; /* complexity of the inner chain behind a fact, or 0 */
    uint16_t pool[HUMAN_POOL];
    uint32_t pool_used;
    uint16_t queue_on[HUMAN_FACTS / 2], queue_off[HUMAN_FACTS / 2];
    int on_head, on_tail, off_head, off_tail;
    uint16_t list[HUMAN_FACTS]; /* derived facts in order */
    int nlist;
    uint64_t bits[HUMAN_FACT_WORDS];
    bool contradiction;
    uint16_t conflict_on, conflict_off; /* the fact and its opposite, both derived */
    uint32_t stamp;                     /* for ancestor counts */
    uint32_t seen[HUMAN_FACTS];
};

/* Make b ready for assumptions on st (which must not change until the
 * next prepare): reads the digits' places from it once. */
void human_branch_prepare(human_branch *b, const human_state *st);

/* Propagate fact start, in mode, on the grid b was prepared for; the
 * result (derived facts, a contradiction) stays in b. Nested mode needs
 * b->inner (another branch) set by the caller. */
void human_branch_run(human_branch *b, human_mode mode, int start);

/* SE's complexity of b's contradiction: the facts behind the "on" fact
 * plus those behind the "off" fact, each chain counted on its own. */
int human_branch_conflict_complexity(human_branch *b);

/* SE's complexity of the chain(s) in b behind the given facts: the
 * number of distinct facts that lead to them (themselves included), plus
 * the complexity of each inner chain (of the nested tiers) among them. */
int human_branch_ancestors(human_branch *b, const uint16_t *facts, int count);

static inline bool human_branch_has(const human_branch *b, int f)
{
    return (b->bits[f >> 6] >> (f & 63)) & 1;
}

/* Write the chain behind fact f in b as "r1c1=5 -> r1c5<>5 -> ..." (the
 * path through first parents, at most len bytes). */
void human_branch_path(const human_branch *b, int f, char *buf, size_t len);

/* Describe b's contradiction in a few words ("r2c2 would be 7 and not 7"). */
void human_branch_contradiction(const human_branch *b, char *buf, size_t len);

/* Write "r1c1=5" or "r1c1<>5" for fact f. */
void human_fact_name(int f, char *buf);

/* ------------------------------------------------------ static chains */

#define HUMAN_STATIC_NODES 32768

/* One fact reached by a static search and the fact it came from. */
typedef struct human_static_node {
    uint16_t fact;
    int32_t parent; /* node index, -1 for the start */
} human_static_node;

/* Working memory of the static chain search. */
typedef struct human_static_scratch {
    human_static_node nodes[HUMAN_STATIC_NODES];
    int nnodes;
    int32_t pend_on[HUMAN_STATIC_NODES], pend_off[HUMAN_STATIC_NODES];
    uint32_t reached[HUMAN_FACTS]; /* == stamp: reached in this search */
    uint32_t stamp;
    human_step step;
    human_budget *budget; /* every node expanded counts one chain step */
    /* Links of the grid searched, per candidate (cell * 9 + digit - 1), in
     * SE's order: the peers holding the digit, the other place of the digit
     * in each unit that has two, the other candidate of a bivalue cell. */
    uint16_t peer_off[729][20];
    uint8_t npeer_off[729];
    uint16_t unit_on[729][3];
    uint8_t nunit_on[729];
    int16_t pair_on[729];
} human_static_scratch;

/* SE's static chain tier on st: X-cycles and Y-cycles (6.5), forcing
 * X-chains (6.6), and cycles and forcing chains mixing both kinds of link
 * (7.0), each plus SE's length increment; the easiest goes to step (true).
 * A forcing chain is an assumption that leads to its own opposite. False
 * when none exists or the budget ran out (bud->expired). */
bool human_find_static_chain(const human_state *st, human_budget *bud, human_static_scratch *s,
                             human_step *step);

#endif /* SK_RATER_HUMAN_CHAIN_H */
