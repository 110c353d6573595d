/* Static chains of the human rater: SE's cycles and forcing chains (6.5-7.x). */
#include "human_chaining.h"

#include <stdio.h>
#include <string.h>

/* Links a search may use, as flags. */
enum {
    HUMAN_LINK_X = 1, /* one digit: peers (weak), the other place in a unit (strong) */
    HUMAN_LINK_Y = 2  /* cells: the other candidates (weak), a bivalue cell's other one (strong) */
};

static human_static_node *human_static_new(human_static_scratch *s, int fact, int cause,
                                            int parent)
{
    if (s->nnodes == HUMAN_STATIC_NODES)
        return NULL;
    human_static_node *n = &s->nodes[s->nnodes++];
    n->fact = (uint16_t)fact;
    n->cause = (uint8_t)cause;
    n->parent = parent;
    return n;
}

/* Start a search: no fact reached, no node. */
static void human_static_reset(human_static_scratch *s)
{
    if (++s->stamp == 0) {
        memset(s->reached, 0, sizeof s->reached);
        s->stamp = 1;
    }
    s->nnodes = 0;
}

static bool human_static_reached(const human_static_scratch *s, int fact)
{
    return s->reached[fact] == s->stamp;
}

/* Fill the link tables of s for the grid st. Peers come in SE's order:
 * the box, then the row and the column outside the box, each in unit
 * order; units too: box, row, column. */
static void human_static_links(const human_state *st, human_static_scratch *s)
{
    const human_tables *t = st->t;
    uint16_t pos[27][9];
    human_state_places(st, pos);
    memset(s->digit_cells, 0, sizeof s->digit_cells);
    for (int c = 0; c < 81; c++)
        for (uint16_t m = st->cand[c]; m; m &= (uint16_t)(m - 1))
            s->digit_cells[__builtin_ctz(m)] |= human_set_one(c);
    memset(s->npeer_off, 0, sizeof s->npeer_off);
    memset(s->nunit_on, 0, sizeof s->nunit_on);
    memset(s->pair_on, 0xff, sizeof s->pair_on);
    memset(s->dead, 0, sizeof s->dead);
    for (int c = 0; c < 81; c++)
        for (uint16_t ds = st->cand[c]; ds; ds &= (uint16_t)(ds - 1)) {
            int d = __builtin_ctz(ds) + 1, k = c * 9 + d - 1;
            uint16_t rest = st->cand[c] & (uint16_t)~HUMAN_BIT(d);
            if (human_one_bit(rest))
                s->pair_on[k] = (int16_t)human_fact(c, human_first_digit(rest), true);
            for (int j = 2; j < 5; j++) {
                int u = t->cell_units[c][j % 3], at = t->cell_index[c][j % 3];
                uint16_t others = pos[u][d - 1] & (uint16_t) ~(1u << at);
                if (human_one_bit(others)) {
                    s->unit_of_on[k][s->nunit_on[k]] = (uint8_t)u;
                    s->unit_on[k][s->nunit_on[k]++] =
                        (uint16_t)human_fact(t->unit_cells[u][__builtin_ctz(others)], d, true);
                }
                /* A line leaves out the box's cells, met first. */
                if (j > 2)
                    others &= (uint16_t) ~(7u << (at / 3 * 3));
                for (; others; others &= (uint16_t)(others - 1)) {
                    s->peer_unit[k][s->npeer_off[k]] = (uint8_t)u;
                    s->peer_off[k][s->npeer_off[k]++] =
                        (uint16_t)human_fact(t->unit_cells[u][__builtin_ctz(others)], d, false);
                }
            }
            bool x = s->nunit_on[k] > 0, y = s->pair_on[k] >= 0;
            s->dead[k] = (uint8_t)((!x) << HUMAN_LINK_X | (!y) << HUMAN_LINK_Y |
                                   (!x && !y) << (HUMAN_LINK_X | HUMAN_LINK_Y));
        }
}

/* What an "on" fact makes off, in SE's order: the cell's other
 * candidates (Y links), then the digit in the peers. */
static int human_static_on_to_off(const human_state *st, const human_static_scratch *s, int fact,
                                  int links, uint16_t *out, uint8_t *cause)
{
    int cell = human_fact_cell(fact), d = human_fact_digit(fact), n = 0, k = fact / 2;
    if (links & HUMAN_LINK_Y)
        for (uint16_t m = st->cand[cell] & (uint16_t)~HUMAN_BIT(d); m; m &= (uint16_t)(m - 1)) {
            cause[n] = HUMAN_CAUSE_CELL;
            out[n++] = (uint16_t)human_fact(cell, __builtin_ctz(m) + 1, false);
        }
    for (int i = 0; i < s->npeer_off[k]; i++) {
        cause[n] = s->peer_unit[k][i];
        out[n++] = s->peer_off[k][i];
    }
    return n;
}

/* What an "off" fact makes on, in SE's order: the other candidate of a
 * bivalue cell (Y links), then the other place in each unit (X links). */
static int human_static_off_to_on(const human_static_scratch *s, int fact, int links,
                                  uint16_t *out, uint8_t *cause)
{
    int n = 0, k = fact / 2;
    if ((links & HUMAN_LINK_Y) && s->pair_on[k] >= 0) {
        cause[n] = HUMAN_CAUSE_CELL;
        out[n++] = (uint16_t)s->pair_on[k];
    }
    if (links & HUMAN_LINK_X)
        for (int i = 0; i < s->nunit_on[k]; i++) {
            cause[n] = s->unit_of_on[k][i];
            out[n++] = s->unit_on[k][i];
        }
    return n;
}

/* Number of nodes on the parent path of node i: SE's complexity (the
 * facts of a static chain are distinct, except that a cycle ends on its
 * start, which the caller counts once). */
static int human_static_length(const human_static_scratch *s, int i)
{
    int count = 0;
    for (; i >= 0; i = s->nodes[i].parent)
        count++;
    return count;
}

/* Mark the facts on the parent path of node i (s->path_mark[f] ==
 * s->path_stamp), so that each child tests its fact at once. */
static void human_static_mark_path(human_static_scratch *s, int i)
{
    if (++s->path_stamp == 0) {
        memset(s->path_mark, 0, sizeof s->path_mark);
        s->path_stamp = 1;
    }
    for (; i >= 0; i = s->nodes[i].parent)
        s->path_mark[s->nodes[i].fact] = s->path_stamp;
}

/* Write the path ending at node i as "r1c1=5 -> r1c4<>5 -> ...". */
static void human_static_path(const human_static_scratch *s, int i, char *buf, size_t len)
{
    int path[64], n = 0;
    for (; i >= 0 && n < 64; i = s->nodes[i].parent)
        path[n++] = i;
    size_t used = 0;
    buf[0] = '\0';
    for (int k = n - 1; k >= 0 && used < len; k--) {
        char name[12];
        human_fact_name(s->nodes[path[k]].fact, name);
        if (used + 24 >= len) {
            snprintf(buf + used, len - used, " -> ...");
            return;
        }
        used += (size_t)snprintf(buf + used, len - used, "%s%s", k == n - 1 ? "" : " -> ", name);
    }
}

static int human_static_sort_key(int links)
{
    return links == (HUMAN_LINK_X | HUMAN_LINK_Y) ? 4 : links == HUMAN_LINK_Y ? 3 : 2;
}

/* The candidates read and the signature of the chain ending at node i
 * (for SE's ChainingHint.getRuleParents): the "on" facts along it, and for
 * a cycle its "off" facts too (its reversed chain). */
static void human_static_reads(const human_state *st, const human_static_scratch *s, int i,
                               bool cycle, human_hint *h)
{
    human_walk w;
    human_walk_begin(&w, true);
    for (int k = i; k >= 0; k = s->nodes[k].parent) {
        const human_static_node *n = &s->nodes[k];
        h->signature = (h->signature ^ (uint64_t)(n->fact + 1)) * 1099511628211ull;
        if (n->cause <= HUMAN_CAUSE_CELL && (cycle || human_fact_on(n->fact)))
            human_walk_cause(&w, st->t, human_fact_cell(n->fact), human_fact_digit(n->fact),
                             n->cause);
    }
    memcpy(h->reads, w.read, sizeof h->reads);
}

/* A cycle closed at node i (its fact is the start): the candidates seeing
 * both an "on" and an "off" fact of their digit along it go. */
static void human_static_cycle(const human_state *st, human_static_scratch *s, int i, int links,
                               human_sink *sink)
{
    int complexity = human_static_length(s, i) - 1;
    double rating = (links == (HUMAN_LINK_X | HUMAN_LINK_Y) ? 7.0 : 6.5) +
                    human_length_bonus(complexity);
    int key = human_static_sort_key(links);
    if (!human_sink_wants(sink, rating, complexity, key))
        return;
    human_set loop = 0;
    for (int k = i; s->nodes[k].parent >= 0; k = s->nodes[k].parent)
        loop |= human_set_one(human_fact_cell(s->nodes[k].fact));
    human_set seen_on[9] = {0}, seen_off[9] = {0};
    for (int k = i; s->nodes[k].parent >= 0; k = s->nodes[k].parent) {
        int f = s->nodes[k].fact, d = human_fact_digit(f);
        human_set peers = st->t->peers[human_fact_cell(f)] & ~loop;
        if (human_fact_on(f))
            seen_on[d - 1] |= peers;
        else
            seen_off[d - 1] |= peers;
    }
    human_hint h = {.technique = links == HUMAN_LINK_X   ? HUMAN_T_X_CYCLE
                                 : links == HUMAN_LINK_Y ? HUMAN_T_Y_CYCLE
                                                         : HUMAN_T_BIDIRECTIONAL_CYCLE,
                    .rating = rating,
                    .complexity = complexity,
                    .sort_key = key,
                    .target = -1,
                    .signature = 7};
    bool any = false;
    for (int d = 1; d <= 9; d++)
        for (human_set t = seen_on[d - 1] & seen_off[d - 1]; t; t &= t - 1) {
            int c = human_set_first(t);
            if (st->cand[c] & HUMAN_BIT(d)) {
                h.removals[(c * 9 + d - 1) >> 6] |= 1ull << ((c * 9 + d - 1) & 63);
                any = true;
            }
        }
    if (!any)
        return;
    if (sink->collect)
        human_static_reads(st, s, i, true, &h);
    char text[512] = "", path[256];
    if (!sink->collect) {
        human_static_path(s, i, path, sizeof path);
        human_technique_format(text, sizeof text, h.technique, 0, path);
    }
    if (human_sink_offer(sink, &h, text))
        human_step_add_static_chain(sink->step, s, i);
}

/* True when the "off" fact leads to nothing with links (a dead end). */
static bool human_static_dead_end(const human_static_scratch *s, int fact, int links)
{
    return (s->dead[fact / 2] >> links) & 1;
}

/* The number of facts candidate k's "on" fact leads to with links. */
static int human_static_out(const human_state *st, const human_static_scratch *s, int k,
                            int links)
{
    int n = s->npeer_off[k];
    return links & HUMAN_LINK_Y ? n + human_count(st->cand[k / 9]) - 1 : n;
}

/* Expand "on" node p of a cycle search: the facts it leads to that lead
 * further and are not on its path go to the "off" queue, in SE's order
 * (the cell's other digits, then the peers). Returns the number of those
 * leading nowhere. */
static int human_static_expand(const human_state *st, human_static_scratch *s, int p, int links,
                               int *tail)
{
    int fact = s->nodes[p].fact, k = fact / 2, cell = human_fact_cell(fact);
    uint16_t other = s->live_other[links - 1][k];
    uint32_t peer = s->live_peer[links - 1][k];
    human_static_mark_path(s, p);
    for (uint16_t m = other; m; m &= (uint16_t)(m - 1)) {
        int f = human_fact(cell, __builtin_ctz(m) + 1, false);
        if (s->path_mark[f] != s->path_stamp && human_static_new(s, f, HUMAN_CAUSE_CELL, p))
            s->pend_off[(*tail)++] = s->nnodes - 1;
    }
    for (uint32_t m = peer; m; m &= m - 1) {
        int i = __builtin_ctz(m), f = s->peer_off[k][i];
        if (s->path_mark[f] != s->path_stamp && human_static_new(s, f, s->peer_unit[k][i], p))
            s->pend_off[(*tail)++] = s->nnodes - 1;
    }
    return human_static_out(st, s, k, links) - human_count(other) - human_count64(peer);
}

/* Cycles from the "on" fact start (SE's doCycles): "off" facts are
 * followed along every path, "on" facts only the first time (and noted in
 * s->on_reached: every "on" fact start leads to). An "off"
 * fact that leads nowhere is counted in its layer (a chain step, as every
 * fact followed) without a node. */
static void human_static_cycles(const human_state *st, human_static_scratch *s, int start,
                                int links, human_sink *sink)
{
    human_static_reset(s);
    human_static_new(s, start, HUMAN_CAUSE_NONE, -1);
    s->reached[start] = s->stamp;
    s->on_reached[0] = (uint16_t)start;
    s->non_reached = 1;
    int on_head = 0, on_tail = 0, off_head = 0, off_tail = 0;
    s->pend_on[on_tail++] = 0;
    uint16_t out[32];
    uint8_t cause[32];
    int length = 0;
    while (on_head < on_tail || off_head < off_tail) {
        length++;
        off_head = off_tail = 0;
        int dead = 0;
        if (human_budget_spend(s->budget, (uint64_t)(on_tail - on_head)))
            return;
        while (on_head < on_tail) {
            int p = s->pend_on[on_head++];
            /* The facts leading nowhere are never on the path. (A search
             * makes at most 33 nodes a candidate: its "on" fact, 28 facts
             * it leads to, 4 closing a cycle; the pool never fills.) */
            dead += human_static_expand(st, s, p, links, &off_tail);
        }
        length++;
        on_head = on_tail = 0;
        if (human_budget_spend(s->budget, (uint64_t)(off_tail - off_head + dead)))
            return;
        while (off_head < off_tail) {
            int p = s->pend_off[off_head++];
            int n = human_static_off_to_on(s, s->nodes[p].fact, links, out, cause);
            for (int k = 0; k < n; k++) {
                bool closes = length >= 4 && out[k] == start;
                if (!closes && human_static_reached(s, out[k]))
                    continue;
                if (!human_static_new(s, out[k], cause[k], p))
                    return;
                if (closes)
                    human_static_cycle(st, s, s->nnodes - 1, links, sink);
                if (!human_static_reached(s, out[k])) {
                    s->reached[out[k]] = s->stamp;
                    s->on_reached[s->non_reached++] = out[k];
                    s->pend_on[on_tail++] = s->nnodes - 1;
                }
            }
        }
    }
}

/* One step of a forcing chain search: the facts node p leads to, each
 * reached the first time, go to the queue (the other kind's); returns the
 * node of target when it is reached, -1 otherwise (also when the node pool
 * is full, which ends the search). */
static int human_static_follow(const human_state *st, human_static_scratch *s, int p, int links,
                               int target, int32_t *queue, int *tail)
{
    uint16_t out[32];
    uint8_t cause[32];
    int fact = s->nodes[p].fact;
    if (human_budget_spend(s->budget, 1))
        return -1;
    int n = human_fact_on(fact) ? human_static_on_to_off(st, s, fact, links, out, cause)
                                : human_static_off_to_on(s, fact, links, out, cause);
    for (int k = 0; k < n; k++) {
        if (out[k] != target && human_static_reached(s, out[k]))
            continue;
        if (!human_static_new(s, out[k], cause[k], p))
            return -1;
        if (out[k] == target)
            return s->nnodes - 1;
        s->reached[out[k]] = s->stamp;
        queue[(*tail)++] = s->nnodes - 1;
    }
    return -1;
}

/* The forcing chain from start (on or off) to its own opposite (SE's
 * doForcingChains): start is then false. */
static void human_static_forcing(const human_state *st, human_static_scratch *s, int start,
                                 int links, human_sink *sink)
{
    human_static_reset(s);
    human_static_new(s, start, HUMAN_CAUSE_NONE, -1);
    s->reached[start] = s->stamp;
    int on_head = 0, on_tail = 0, off_head = 0, off_tail = 0;
    if (human_fact_on(start))
        s->pend_on[on_tail++] = 0;
    else
        s->pend_off[off_tail++] = 0;
    int target = start ^ 1, found = -1;
    while (found < 0 && (on_head < on_tail || off_head < off_tail)) {
        while (found < 0 && on_head < on_tail)
            found = human_static_follow(st, s, s->pend_on[on_head++], links, target, s->pend_off,
                                        &off_tail);
        while (found < 0 && off_head < off_tail)
            found = human_static_follow(st, s, s->pend_off[off_head++], links | HUMAN_LINK_X,
                                        target, s->pend_on, &on_tail);
    }
    if (found < 0)
        return;
    int complexity = human_static_length(s, found);
    double rating = (links == HUMAN_LINK_X ? 6.6 : 7.0) + human_length_bonus(complexity);
    int key = human_static_sort_key(links);
    if (!human_sink_wants(sink, rating, complexity, key))
        return;
    human_hint h = {.technique =
                        links == HUMAN_LINK_X ? HUMAN_T_FORCING_X_CHAIN : HUMAN_T_FORCING_CHAIN,
                    .rating = rating,
                    .complexity = complexity,
                    .sort_key = key,
                    .target = target,
                    .signature = 11};
    int cell = human_fact_cell(start), d = human_fact_digit(start);
    if (human_fact_on(start))
        h.removals[(cell * 9 + d - 1) >> 6] |= 1ull << ((cell * 9 + d - 1) & 63);
    else
        human_hint_place(&h, st, cell, d);
    if (sink->collect)
        human_static_reads(st, s, found, false, &h);
    char text[512] = "", path[300], what[12];
    if (!sink->collect) {
        human_static_path(s, found, path, sizeof path);
        human_fact_name(target, what);
        human_technique_format(text, sizeof text, h.technique, 0, path, what);
    }
    if (human_sink_offer(sink, &h, text))
        human_step_add_static_chain(sink->step, s, found);
}

/* Reach fact from a forcing chain search's queue (see human_static_reach):
 * false when it is the target. */
static bool human_static_reach_one(human_static_scratch *s, int fact, int target, int links,
                                   int *tail, int *count)
{
    if (fact == target)
        return false;
    if (human_static_reached(s, fact))
        return true;
    s->reached[fact] = s->stamp;
    (*count)++;
    if (human_fact_on(fact) || !human_static_dead_end(s, fact, links | HUMAN_LINK_X))
        s->pend_on[(*tail)++] = fact;
    return true;
}

/* The number of facts start leads to (itself included) with the links of
 * a forcing chain search, or -1 when its opposite is among them. Dead ends
 * are counted without being queued. */
static int human_static_reach(const human_state *st, human_static_scratch *s, int start, int links)
{
    int target = start ^ 1, head = 0, tail = 0, count = 1;
    human_static_reset(s);
    s->reached[start] = s->stamp;
    s->pend_on[tail++] = start;
    while (head < tail) {
        int f = s->pend_on[head++], k = f / 2, ok = 1;
        if (human_fact_on(f)) {
            int cell = human_fact_cell(f), d = human_fact_digit(f);
            if (links & HUMAN_LINK_Y)
                for (uint16_t m = st->cand[cell] & (uint16_t)~HUMAN_BIT(d); m && ok;
                     m &= (uint16_t)(m - 1))
                    ok = human_static_reach_one(s, human_fact(cell, __builtin_ctz(m) + 1, false),
                                                target, links, &tail, &count);
            for (int i = 0; i < s->npeer_off[k] && ok; i++)
                ok = human_static_reach_one(s, s->peer_off[k][i], target, links, &tail, &count);
        } else {
            if ((links & HUMAN_LINK_Y) && s->pair_on[k] >= 0)
                ok = human_static_reach_one(s, s->pair_on[k], target, links, &tail, &count);
            for (int i = 0; i < s->nunit_on[k] && ok; i++)
                ok = human_static_reach_one(s, s->unit_on[k][i], target, links, &tail, &count);
        }
        if (!ok)
            return -1;
    }
    return count;
}

/* After a cycle search from the "on" fact start with links (one-digit
 * links among them): the number of facts a forcing chain search from start
 * would follow, in *size, or true when they include start's opposite. They
 * are the "on" facts the cycle search reached and every fact those lead
 * to: their digit in their peers and, with HUMAN_LINK_Y, their cell's
 * other candidates. */
static bool human_static_on_reach(const human_state *st, human_static_scratch *s, int start,
                                  int links, int *size)
{
    const human_tables *t = st->t;
    human_set off[9];    /* cells of each digit's "off" facts */
    uint16_t digits = 0; /* the digits of off[] in use */
    for (int i = 0; i < s->non_reached; i++) {
        int cell = human_fact_cell(s->on_reached[i]), d = human_fact_digit(s->on_reached[i]);
        if (!(digits & HUMAN_BIT(d)))
            off[d - 1] = 0;
        digits |= HUMAN_BIT(d);
        off[d - 1] |= t->peers[cell];
        s->on_digits[cell] |= HUMAN_BIT(d);
    }
    for (int i = 0; i < s->non_reached; i++) {
        int cell = human_fact_cell(s->on_reached[i]);
        uint16_t ds = s->on_digits[cell];
        s->on_digits[cell] = 0; /* each cell once, and clean for the next search */
        if (!ds || !(links & HUMAN_LINK_Y))
            continue;
        uint16_t others = human_one_bit(ds) ? st->cand[cell] & (uint16_t)~ds : st->cand[cell];
        for (; others; others &= (uint16_t)(others - 1)) {
            int e = __builtin_ctz(others);
            if (!(digits & (1u << e)))
                off[e] = 0;
            digits |= (uint16_t)(1u << e);
            off[e] |= human_set_one(cell);
        }
    }
    *size = s->non_reached;
    for (uint16_t m = digits; m; m &= (uint16_t)(m - 1))
        *size += human_set_count(off[__builtin_ctz(m)] & s->digit_cells[__builtin_ctz(m)]);
    int cell = human_fact_cell(start), d = human_fact_digit(start);
    return (digits & HUMAN_BIT(d)) && human_set_has(off[d - 1], cell);
}

/* The forcing chain from start: searched in full only when start leads
 * to its opposite; else the search would follow every fact start leads
 * to, one chain step each, and find nothing: those steps are counted. */
static void human_static_forcing_from(const human_state *st, human_static_scratch *s, int start,
                                      int links, human_sink *sink)
{
    int reach = human_static_reach(st, s, start, links);
    if (reach < 0)
        human_static_forcing(st, s, start, links, sink);
    else
        human_budget_spend(s->budget, (uint64_t)reach);
}

/* Fill, for every candidate's "on" fact and each mode, which of the facts
 * it leads to lead further (s->live_other, s->live_peer). */
static void human_static_live(const human_state *st, human_static_scratch *s)
{
    uint8_t alive[729]; /* bit m: the "off" fact leads somewhere in mode m */
    for (int k = 0; k < 729; k++)
        alive[k] = (uint8_t)(~s->dead[k] >> 1 & 7);
    for (int c = 0; c < 81; c++)
        for (uint16_t ds = st->cand[c]; ds; ds &= (uint16_t)(ds - 1)) {
            int d = __builtin_ctz(ds) + 1, k = c * 9 + d - 1;
            uint16_t other_y = 0, other_xy = 0;
            for (uint16_t m = st->cand[c] & (uint16_t)~HUMAN_BIT(d); m; m &= (uint16_t)(m - 1)) {
                int e = __builtin_ctz(m), a = alive[c * 9 + e];
                other_y |= (uint16_t)((a >> 1 & 1) << e);
                other_xy |= (uint16_t)((a >> 2 & 1) << e);
            }
            uint32_t peer_x = 0, peer_y = 0, peer_xy = 0;
            for (int i = 0; i < s->npeer_off[k]; i++) {
                uint32_t a = alive[s->peer_off[k][i] / 2];
                peer_x |= (a & 1) << i;
                peer_y |= (a >> 1 & 1) << i;
                peer_xy |= (a >> 2 & 1) << i;
            }
            s->live_other[0][k] = 0;
            s->live_other[1][k] = other_y;
            s->live_other[2][k] = other_xy;
            s->live_peer[0][k] = peer_x;
            s->live_peer[1][k] = peer_y;
            s->live_peer[2][k] = peer_xy;
        }
}

/* The searches from candidate (c, d) with links: a cycle from it on, the
 * forcing chains from it on and off. Searches that stop at once (a start
 * whose facts all lead nowhere) are counted, one chain step per fact,
 * without being run. */
static void human_static_start(const human_state *st, human_static_scratch *s, int c, int d,
                               int links, human_sink *sink)
{
    int on = human_fact(c, d, true), k = on / 2, count = human_static_out(st, s, k, links);
    bool opens = (s->live_other[links - 1][k] | s->live_peer[links - 1][k]) != 0;
    if (opens)
        human_static_cycles(st, s, on, links, sink);
    else
        human_budget_spend(s->budget, (uint64_t)(1 + count));
    if (!(links & HUMAN_LINK_X))
        return;
    int size = 1 + count;
    if (opens && human_static_on_reach(st, s, on, links, &size))
        human_static_forcing(st, s, on, links, sink);
    else
        human_budget_spend(s->budget, (uint64_t)size);
    if (!human_static_dead_end(s, on ^ 1, links))
        human_static_forcing_from(st, s, on ^ 1, links, sink);
    else
        human_budget_spend(s->budget, 1);
}

void human_static_search(const human_state *st, human_budget *bud, human_static_scratch *s,
                         human_sink *sink)
{
    static const int modes[3] = {HUMAN_LINK_X, HUMAN_LINK_Y, HUMAN_LINK_X | HUMAN_LINK_Y};
    s->budget = bud;
    human_static_links(st, s);
    human_static_live(st, s);
    for (int m = 0; m < 3; m++) {
        int links = modes[m];
        for (int c = 0; c < 81; c++) {
            int count = human_count(st->cand[c]);
            /* A Y-cycle starts in a bivalue cell. */
            if (st->value[c] || count < 2 || (links == HUMAN_LINK_Y && count > 2))
                continue;
            if (human_budget_over(bud))
                return;
            for (uint16_t ds = st->cand[c]; ds; ds &= (uint16_t)(ds - 1))
                human_static_start(st, s, c, __builtin_ctz(ds) + 1, links, sink);
        }
    }
}
