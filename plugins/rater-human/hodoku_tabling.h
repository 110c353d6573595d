/* Internal header of HoDoKu's tabling (Trebor's tables) in the HoDoKu technique set: for every
 * premise "candidate on" and "candidate off" a table of what follows, expanded into each other,
 * from which nice loops, AICs, forcing chains and forcing nets are read. */
#ifndef SK_RATER_HODOKU_TABLING_H
#define SK_RATER_HODOKU_TABLING_H

#include "hodoku.h"

/* Entries a table holds (HoDoKu's default maximum table entry length). */
#define HODOKU_TABLE_LEN 1000
/* Group nodes a grid can have: a digit in 2-3 cells of a line and box, for 18 lines, 3 boxes
 * each and 9 digits. */
#define HODOKU_GROUPS_MAX 486
/* Node keys: candidates (cell * 9 + digit - 1) * 2 + on, then group nodes 2 * g + on. */
#define HODOKU_CAND_KEYS 1458
#define HODOKU_KEYS (HODOKU_CAND_KEYS + 2 * HODOKU_GROUPS_MAX)
/* Net parts a chain may carry (HoDoKu keeps 200). */
#define HODOKU_MINS 200
/* A chain element that closes a net part, and the look-ahead of a net (rounds of singles). */
#define HODOKU_MIN_END INT32_MIN
#define HODOKU_NET_ROUNDS 4

static inline int hodoku_key(int cell, int d, bool on)
{
    return (cell * 9 + d - 1) * 2 + (on ? 1 : 0);
}

static inline bool hodoku_key_on(int key)
{
    return key & 1;
}

static inline bool hodoku_key_is_group(int key)
{
    return key >= HODOKU_CAND_KEYS;
}

/* A group node: a digit in 2 or 3 cells of one line and one box. */
typedef struct hodoku_group {
    human_set cells;
    human_set buddies; /* cells that see every cell of the node */
    uint8_t digit;
    int8_t line, col; /* its row or its column (-1 for the other) */
    uint8_t block;
    uint8_t first; /* its first cell */
} hodoku_group;

/* One table: the premise (entry 0) and what follows from it. ret[i] is HoDoKu's packed
 * reference of entry i: the entries it follows from (up to five, 12 + 4 x 10 bits), its
 * distance (9 bits) and whether it was taken from another table (expanded), an "on" table or
 * a group node's table. */
typedef struct hodoku_table {
    int count;
    int direct; /* entries before the expansion */
    uint16_t key[HODOKU_TABLE_LEN];
    uint64_t ret[HODOKU_TABLE_LEN];
    human_set on[10], off[10];   /* candidate entries, by digit */
    uint16_t where[HODOKU_KEYS]; /* index + 1 of each key present (the last, for a group) */
} hodoku_table;

/* A chain read from a table, as HoDoKu keeps it: keys from premise to conclusion, each net
 * part after the node it leaves from as -(key + 1) elements closed by HODOKU_MIN_END. */
typedef struct hodoku_chain {
    int len;
    int32_t el[HODOKU_TABLE_LEN];
} hodoku_chain;

/* The working memory of one search. */
typedef struct hodoku_tabling {
    const hodoku_state *st;
    bool nets; /* follow every premise with singles (forcing nets) */
    int ngroups;
    hodoku_group group[HODOKU_GROUPS_MAX];
    hodoku_table on[810], off[810];          /* by cell * 10 + digit */
    hodoku_table ext[2 * HODOKU_GROUPS_MAX]; /* group node g: on 2g, off 2g + 1 */
    hodoku_state net;                        /* a net's grid */
    /* Building a chain: the main chain backwards, its net parts, its cells. */
    int32_t back[HODOKU_TABLE_LEN];
    int nback;
    int32_t mins[HODOKU_MINS][HODOKU_TABLE_LEN];
    int min_len[HODOKU_MINS];
    int nmins;
    human_set chain_cells;
    int nchains;
    hodoku_chain chains[9]; /* the chains of the step being built */
    human_step trial;       /* a step being built, beside the best so far */
} hodoku_tabling;

/* The tabling memory kept with st (allocated on first use; NULL when out of memory). */
hodoku_tabling *hodoku_tabling_of(hodoku_state *st);

/* Fill and expand the tables of st: direct links only (chains, nets false) or every premise
 * followed by up to four rounds of singles (nets); with group nodes when groups. */
void hodoku_tables_build(hodoku_tabling *tb, const hodoku_state *st, bool nets, bool groups);

/* The table whose premise is key. */
hodoku_table *hodoku_table_of_key(hodoku_tabling *tb, int key);

/* Add an entry to t as HoDoKu's addEntry: a candidate already there is not added again; r1..r5
 * are the entries it follows from. False when nothing was added. */
bool hodoku_table_add(hodoku_table *t, int key, int r1, int r2, int r3, int r4, int r5);

/* Reset t to empty. */
void hodoku_table_reset(hodoku_table *t);

/* Index of key in t, 0 when absent (HoDoKu's getEntryIndex). */
static inline int hodoku_table_index(const hodoku_table *t, int key)
{
    return t->where[key] ? t->where[key] - 1 : 0;
}

/* Parts of ret: the entry it follows from (which 0) or another (1..4), its distance, flags. */
static inline int hodoku_ret_index(uint64_t ret, int which)
{
    return which == 0 ? (int)(ret & 0xfff) : (int)((ret >> (which * 10 + 2)) & 0x3ff);
}

static inline int hodoku_ret_distance(uint64_t ret)
{
    return (int)((ret >> 52) & 0x1ff);
}

static inline void hodoku_ret_set_distance(uint64_t *ret, int distance)
{
    *ret = (*ret & 0xE00FFFFFFFFFFFFFull) | ((uint64_t)(distance & 0x1ff) << 52);
}

#define HODOKU_RET_EXPANDED 0x2000000000000000ull
#define HODOKU_RET_ON_TABLE 0x4000000000000000ull
#define HODOKU_RET_EXTENDED 0x8000000000000000ull

/* The first cell of a node key, its digit, its cells. */
int hodoku_key_cell(const hodoku_tabling *tb, int key);
int hodoku_key_digit(const hodoku_tabling *tb, int key);
human_set hodoku_key_cells(const hodoku_tabling *tb, int key);

/* Build the chain from t's premise to the entry key into the next of tb->chains (HoDoKu's
 * addChain): nice loops and AICs (loop or aic) refuse chains that cross themselves. False when
 * no chain was added. */
bool hodoku_chain_add(hodoku_tabling *tb, const hodoku_table *t, int key, bool loop, bool aic);

/* Length of chain c as HoDoKu counts it (every element). */
static inline int hodoku_chain_length(const hodoku_chain *c)
{
    return c->len;
}

/* Copy the chains of tb into step as nodes (a net part's first node follows the node it
 * leaves from). */
void hodoku_chains_to_step(const hodoku_tabling *tb, human_step *step);

/* Write node key as "r1c2=5" (on) or "r1c2<>5" into buf (at least 24 bytes). */
void hodoku_key_text(const hodoku_tabling *tb, int key, char *buf, size_t len);

/* Fill the net tables of tb (every premise followed on its own grid). */
void hodoku_tables_fill_nets(hodoku_tabling *tb);

#endif /* SK_RATER_HODOKU_TABLING_H */
