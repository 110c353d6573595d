/* Sukaku Explainer's extra techniques of the human rater (option techniques=sukaku):
 * chains of 2 and 3 strong links on one digit (skyscraper, 2-string kite, turbot fish,
 * their grouped forms and X-loops) and the WXYZ- and VWXYZ-wings, rated as Sukaku
 * Explainer rates them. Like Sukaku Explainer, each finder collects every deduction of its
 * technique and applies the easiest: lowest rating, then most removals, then Sukaku
 * Explainer's pattern code. */
#include "human.h"

#include <stdio.h>
#include <string.h>

/* All 81 cells. */
#define SUKAKU_GRID (((human_set)1 << 81) - 1)

/* Cells of st holding candidate d. */
static human_set sukaku_cells_with(const human_state *st, int d)
{
    human_set s = 0;
    for (int c = 0; c < 81; c++)
        if (st->cand[c] & HUMAN_BIT(d))
            s |= human_set_one(c);
    return s;
}

/* Cells seeing every cell of group (the group itself excluded). */
static human_set sukaku_seeing_all(const human_tables *t, human_set group)
{
    human_set seen = SUKAKU_GRID;
    for (; group; group &= group - 1)
        seen &= t->peers[human_set_first(group)];
    return seen;
}

/* Write "r1c2" or "r1c2/r1c3" for a group of cells into buf. */
static void sukaku_group_name(human_set group, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (; group && used + 6 < len; group &= group - 1) {
        char name[8];
        human_cell_name(human_set_first(group), name);
        used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? "/" : "", name);
    }
}

/* ---------------------------------------------------------- strong links */

/* Sukaku Explainer's kinds of base unit, in its order. */
enum { SUKAKU_BOX = 0, SUKAKU_ROW = 1, SUKAKU_COLUMN = 2 };

#define SUKAKU_MAX_LINKS 54 /* 27 units, at most two forms each */
#define SUKAKU_MAX_CHAIN 3

/* A strong link on one digit: its places in a unit lie on two sides, so one side holds
 * the digit. A side is one cell, or a group in one box segment (grouped link); a box's
 * side may also hold the crossing cell of the two sides' lines. */
typedef struct sukaku_link {
    int unit;
    int kind;         /* SUKAKU_BOX, SUKAKU_ROW or SUKAKU_COLUMN */
    bool grouped;     /* three or more places */
    human_set places; /* every place of the digit in the unit */
    human_set side[2];
} sukaku_link;

/* A chain of strong links, each link's second side and the next link's first side in a
 * common unit (weak link). */
typedef struct sukaku_chain {
    int digit;
    int n;
    sukaku_link links[SUKAKU_MAX_CHAIN]; /* in chain order, side[0] first */
    bool loop;                           /* the ends share a unit too */
    human_set lose;                      /* cells losing the digit */
    int rating10;
    int elims; /* Sukaku Explainer's count: a loop counts a cell once per weak link */
    char code[8];
    human_technique_id technique;
} sukaku_chain;

typedef struct sukaku_chain_search {
    const human_state *st;
    int digit;
    int n;
    human_set digit_cells;
    sukaku_link links[SUKAKU_MAX_LINKS];
    int link_count;
    int pick[SUKAKU_MAX_CHAIN];
    int orient[SUKAKU_MAX_CHAIN]; /* side of the picked link that begins it */
    int share[SUKAKU_MAX_CHAIN];  /* unit joining link i to link i + 1 */
    human_set used;
    sukaku_chain best;
    bool found;
} sukaku_chain_search;

static int sukaku_kind(int unit)
{
    return unit < 9 ? SUKAKU_ROW : unit < 18 ? SUKAKU_COLUMN : SUKAKU_BOX;
}

/* Cells of unit at the positions in mask (bit i = i-th cell of the unit). */
static human_set sukaku_unit_cells(const human_tables *t, int unit, unsigned mask)
{
    human_set s = 0;
    for (int i = 0; i < 9; i++)
        if (mask & (1u << i))
            s |= human_set_one(t->unit_cells[unit][i]);
    return s;
}

/* The unit holding every cell of a and b: a column first, then a row, then a box (Sukaku
 * Explainer's order); -1 when there is none. */
static int sukaku_share(const human_tables *t, human_set a, human_set b)
{
    human_set all = a | b;
    int c = human_set_first(all);
    for (int k = 0; k < 3; k++) {
        int unit = t->cell_units[c][k == 0 ? 1 : k == 1 ? 0 : 2];
        if (!(all & ~t->unit_set[unit]))
            return unit;
    }
    return -1;
}

/* Add a link of unit with sides a and b (positions in the unit) to s. */
static void sukaku_add_link(sukaku_chain_search *s, int unit, unsigned places, unsigned a,
                            unsigned b)
{
    const human_tables *t = s->st->t;
    sukaku_link *l = &s->links[s->link_count++];
    l->unit = unit;
    l->kind = sukaku_kind(unit);
    l->grouped = human_count(places) > 2;
    l->places = sukaku_unit_cells(t, unit, places);
    l->side[0] = sukaku_unit_cells(t, unit, a);
    l->side[1] = sukaku_unit_cells(t, unit, b);
}

/* The box positions of box row r (0..2) and box column c. */
#define SUKAKU_BOX_ROW(r) (7u << (3 * (r)))
#define SUKAKU_BOX_COL(c) (0x49u << (c))

/* Add the strong links of the digit in a box, as Sukaku Explainer finds them: two places
 * not in one line; or places in the cross of one cell's row and column with both arms
 * used (the crossing cell goes with an arm of two, or with the other side of a lone arm);
 * or four to six places in two rows (or columns) of the box. */
static void sukaku_box_links(sukaku_chain_search *s, int unit, unsigned pos)
{
    int n = human_count(pos);
    if (n == 2) {
        int i = __builtin_ctz(pos), j = __builtin_ctz(pos & (pos - 1));
        if (i / 3 != j / 3 && i % 3 != j % 3)
            sukaku_add_link(s, unit, pos, 1u << i, 1u << j);
        return;
    }
    for (int h = 0; h < 9; h++) {
        unsigned row = SUKAKU_BOX_ROW(h / 3), col = SUKAKU_BOX_COL(h % 3), heart = 1u << h;
        if (pos & ~(row | col))
            continue;
        unsigned col_arm = pos & col & ~heart, row_arm = pos & row & ~heart;
        if (!col_arm || !row_arm)
            return;
        if (human_count(col_arm) == 1 && human_count(row_arm) == 1) {
            /* The crossing cell holds the digit too: it goes with either arm. (Sukaku
             * Explainer links the two arms without it, which is not always true.) */
            sukaku_add_link(s, unit, pos, col_arm, row_arm | heart);
            sukaku_add_link(s, unit, pos, row_arm, col_arm | heart);
        } else if (human_count(col_arm) == 1) {
            sukaku_add_link(s, unit, pos, col_arm, row_arm | heart);
        } else if (human_count(row_arm) == 1) {
            sukaku_add_link(s, unit, pos, row_arm, col_arm | heart);
        } else {
            sukaku_add_link(s, unit, pos, col_arm | (pos & heart), row_arm | (pos & heart));
        }
        return;
    }
    if (n < 4)
        return;
    /* Two rows of the box (the empty one 2, 1, 0), then two columns. */
    static const int pairs[3][2] = {{0, 1}, {0, 2}, {1, 2}};
    for (int e = 0; e < 6; e++) {
        bool rows = e < 3;
        const int *p = pairs[e % 3];
        unsigned empty = rows ? SUKAKU_BOX_ROW(2 - e % 3) : SUKAKU_BOX_COL(2 - e % 3);
        unsigned a = rows ? SUKAKU_BOX_ROW(p[0]) : SUKAKU_BOX_COL(p[0]);
        unsigned b = rows ? SUKAKU_BOX_ROW(p[1]) : SUKAKU_BOX_COL(p[1]);
        if (pos & empty)
            continue;
        if (!(pos & a) || !(pos & b))
            return;
        sukaku_add_link(s, unit, pos, pos & a, pos & b);
        unsigned cols = 0;
        for (int c = 0; c < 3; c++)
            if (pos & SUKAKU_BOX_COL(c))
                cols |= SUKAKU_BOX_COL(c);
        if (n == 4 && human_count(cols) == 6) {
            /* A rectangle: split by columns as well. */
            int c0 = __builtin_ctz(cols) % 3;
            sukaku_add_link(s, unit, pos, pos & SUKAKU_BOX_COL(c0), pos & ~SUKAKU_BOX_COL(c0));
        }
        return;
    }
}

/* Build every strong link of s->digit. */
static void sukaku_build_links(sukaku_chain_search *s)
{
    s->link_count = 0;
    for (int unit = 0; unit < 27; unit++) {
        unsigned pos = human_unit_positions(s->st, unit, s->digit);
        int n = human_count(pos);
        if (n < 2 || n > 6)
            continue;
        if (sukaku_kind(unit) == SUKAKU_BOX) {
            sukaku_box_links(s, unit, pos);
        } else if (n == 2) {
            sukaku_add_link(s, unit, pos, pos & (0u - pos), pos & (pos - 1));
        } else {
            /* A grouped line link: places in exactly two of its three box segments. */
            unsigned seg[3] = {pos & 7u, pos & 070u, pos & 0700u};
            int used = (seg[0] != 0) + (seg[1] != 0) + (seg[2] != 0);
            if (used == 2)
                sukaku_add_link(s, unit, pos, seg[0] ? seg[0] : seg[1],
                                seg[0] ? (seg[1] | seg[2]) : seg[2]);
        }
    }
}

/* Sukaku Explainer's code of a chain: the number of grouped links, then its unit kinds in
 * a form that does not change when the chain is reversed or rows and columns swap. */
static void sukaku_chain_code(const int *kinds, int n, int grouped, char *code)
{
    char s[SUKAKU_MAX_CHAIN + 1], r[SUKAKU_MAX_CHAIN + 1];
    for (int i = 0; i < n; i++) {
        s[i] = (char)('0' + kinds[i]);
        r[i] = (char)('0' + kinds[n - 1 - i]);
    }
    s[n] = r[n] = '\0';
    const char *lex = strcmp(s, r) > 0 ? r : s;
    char orig[SUKAKU_MAX_CHAIN + 1], swap[SUKAKU_MAX_CHAIN + 1], rswap[SUKAKU_MAX_CHAIN + 1];
    bool has_row = false;
    for (int i = 0; i < n; i++) {
        char k = lex[i];
        has_row |= k == '1';
        orig[i] = k;
        swap[i] = k == '1' ? '2' : k == '2' ? '1' : k;
    }
    orig[n] = swap[n] = rswap[n] = '\0';
    for (int i = 0; i < n; i++)
        rswap[i] = swap[n - 1 - i];
    const char *best = strcmp(rswap, swap) > 0 ? swap : rswap;
    code[0] = (char)('0' + grouped);
    if (has_row) {
        strcpy(code + 1, strcmp(orig, best) > 0 ? best : orig);
    } else {
        for (int i = 0; i < n; i++)
            code[1 + i] = orig[i] == '2' ? '1' : orig[i];
        code[1 + n] = '\0';
    }
}

/* Techniques by number of links (2 or 3), shape and grouping. */
static const human_technique_id sukaku_chain_techniques[2][4][2] = {
    {{HUMAN_T_SKYSCRAPER, HUMAN_T_GROUPED_SKYSCRAPER},
     {HUMAN_T_KITE, HUMAN_T_GROUPED_KITE},
     {HUMAN_T_TURBOT, HUMAN_T_GROUPED_TURBOT},
     {HUMAN_T_X_LOOP_2, HUMAN_T_GROUPED_X_LOOP_2}},
    {{HUMAN_T_SKYSCRAPERS_3, HUMAN_T_GROUPED_SKYSCRAPERS_3},
     {HUMAN_T_KITE_3, HUMAN_T_GROUPED_KITE_3},
     {HUMAN_T_STRONG_LINKS_3, HUMAN_T_GROUPED_STRONG_LINKS_3},
     {HUMAN_T_X_LOOP_3, HUMAN_T_GROUPED_X_LOOP_3}},
};

/* Rate the chain picked in s and keep it when it is the easiest so far. */
static void sukaku_chain_try(sukaku_chain_search *s)
{
    const human_tables *t = s->st->t;
    int n = s->n;
    sukaku_chain ch;
    memset(&ch, 0, sizeof ch);
    human_set base = 0;
    int kinds[SUKAKU_MAX_CHAIN], grouped = 0;
    bool has_box = false, has_row = false, has_col = false;
    for (int i = 0; i < n; i++) {
        sukaku_link l = s->links[s->pick[i]];
        if (s->orient[i]) {
            human_set first = l.side[1];
            l.side[1] = l.side[0];
            l.side[0] = first;
        }
        ch.links[i] = l;
        base |= t->unit_set[l.unit];
        kinds[i] = l.kind;
        grouped += l.grouped;
        has_box |= l.kind == SUKAKU_BOX;
        has_row |= l.kind == SUKAKU_ROW;
        has_col |= l.kind == SUKAKU_COLUMN;
    }
    human_set start = ch.links[0].side[0], end = ch.links[n - 1].side[1];
    human_set ends = sukaku_seeing_all(t, start | end) & ~base & s->digit_cells;
    ch.loop = sukaku_share(t, start, end) >= 0;
    if (!ch.loop) {
        for (int w = 0; w < n - 1; w++)
            ends &= ~t->unit_set[s->share[w]];
        ch.lose = ends;
        ch.elims = human_set_count(ends);
    } else {
        /* A loop: every weak link holds the digit on one of its sides. */
        ch.lose = ends;
        ch.elims = human_set_count(ends);
        for (int w = 0; w < n - 1; w++) {
            human_set weak = ch.links[w].side[1] | ch.links[w + 1].side[0];
            human_set lose = sukaku_seeing_all(t, weak) & ~base & s->digit_cells;
            ch.lose |= lose;
            ch.elims += human_set_count(lose);
        }
    }
    if (!ch.lose)
        return;
    ch.digit = s->digit;
    ch.n = n;
    /* Sukaku Explainer's rating: 4.0 or 5.4 for 2 or 3 links; +0.3 when a link is
     * grouped, else +0.1 with a box or with both rows and columns, +0.2 with all. */
    static const int base10[SUKAKU_MAX_CHAIN + 1] = {0, 0, 40, 54};
    int shape;
    if (grouped > 0)
        ch.rating10 = base10[n] + 3;
    else if (!has_box && !(has_row && has_col))
        ch.rating10 = base10[n];
    else if (has_box && has_row && has_col)
        ch.rating10 = base10[n] + 2;
    else
        ch.rating10 = base10[n] + 1;
    if (ch.loop)
        shape = 3;
    else if (!has_box && !(has_row && has_col))
        shape = 0;
    else if (!has_box)
        shape = 1;
    else
        shape = 2;
    ch.technique = sukaku_chain_techniques[n - 2][shape][grouped > 0];
    sukaku_chain_code(kinds, n, grouped, ch.code);
    bool better = !s->found || ch.rating10 < s->best.rating10 ||
                  (ch.rating10 == s->best.rating10 &&
                   (ch.elims > s->best.elims ||
                    (ch.elims == s->best.elims && strcmp(ch.code, s->best.code) < 0)));
    if (better) {
        s->best = ch;
        s->found = true;
    }
}

/* Pick link depth of the chain and go on: links with no place in common, each next one
 * starting in a unit shared with the previous one's end. */
static void sukaku_chain_extend(sukaku_chain_search *s, int depth)
{
    if (depth >= s->n || depth >= SUKAKU_MAX_CHAIN) {
        /* Each chain is met in both directions: rate it once. */
        if (depth > 1 && s->pick[0] < s->pick[depth - 1])
            sukaku_chain_try(s);
        return;
    }
    const human_tables *t = s->st->t;
    for (int k = 0; k < s->link_count; k++) {
        const sukaku_link *l = &s->links[k];
        if (l->places & s->used)
            continue;
        for (int o = 0; o < 2; o++) {
            if (depth > 0) {
                const sukaku_link *prev = &s->links[s->pick[depth - 1]];
                int unit = sukaku_share(t, prev->side[1 - s->orient[depth - 1]], l->side[o]);
                if (unit < 0)
                    continue;
                s->share[depth - 1] = unit;
            }
            s->pick[depth] = k;
            s->orient[depth] = o;
            s->used |= l->places;
            sukaku_chain_extend(s, depth + 1);
            s->used &= ~l->places;
        }
    }
}

/* Find the easiest chain of n strong links on any digit and write it to step. */
static bool sukaku_find_chain(const human_state *st, human_step *step, int n)
{
    sukaku_chain_search s;
    memset(&s, 0, sizeof s);
    s.st = st;
    s.n = n;
    for (int d = 1; d <= 9; d++) {
        s.digit = d;
        s.digit_cells = sukaku_cells_with(st, d);
        sukaku_build_links(&s);
        if (s.link_count >= n)
            sukaku_chain_extend(&s, 0);
    }
    if (!s.found)
        return false;
    const sukaku_chain *ch = &s.best;
    human_step_begin(step, ch->technique, ch->rating10 / 10.0);
    human_step_elim_set(step, st, ch->lose, ch->digit);
    char units[128] = "", first[48], last[48], removed[160];
    size_t used = 0;
    for (int i = 0; i < ch->n; i++) {
        for (human_set p = ch->links[i].places; p; p &= p - 1)
            human_step_cell(step, human_set_first(p));
        char name[12];
        human_unit_name(ch->links[i].unit, name);
        used += (size_t)snprintf(units + used, sizeof units - used, "%s%s", i ? ", " : "", name);
    }
    human_set places = sukaku_cells_with(st, ch->digit);
    sukaku_group_name(ch->links[0].side[0] & places, first, sizeof first);
    sukaku_group_name(ch->links[ch->n - 1].side[1] & places, last, sizeof last);
    human_step_elim_list(step, removed, sizeof removed);
    /* The loops' template takes no ends. */
    if (ch->loop)
        human_step_explain(step, 0, ch->digit, units, ch->digit, removed);
    else
        human_step_explain(step, 0, ch->digit, units, first, last, ch->digit, removed);
    return true;
}

bool human_find_two_strong_links(const human_state *st, human_step *step)
{
    return sukaku_find_chain(st, step, 2);
}

bool human_find_three_strong_links(const human_state *st, human_step *step)
{
    return sukaku_find_chain(st, step, 3);
}

/* ----------------------------------------------------------------- wings */

/* A WXYZ- or VWXYZ-wing: an almost locked set of mutually visible cells (one digit more
 * than cells) and a bivalue cell whose digits both belong to the set. */
typedef struct sukaku_wing {
    int als[4];         /* the set's cells, ascending */
    int als_count;      /* 3 for a WXYZ-wing, 4 for a VWXYZ-wing */
    int pincer;         /* the bivalue cell */
    uint16_t digits;    /* the set's digits */
    uint16_t linked;    /* the pincer's digits whose every place in the set it sees */
    int rating10;       /* rating in tenths */
    int elims;          /* candidates removed */
    char code[16];      /* Sukaku Explainer's code: links, largest cell, total candidates */
    human_set lose[10]; /* cells losing digit d, at index d */
} sukaku_wing;

typedef struct sukaku_wing_search {
    const human_state *st;
    int size; /* cells in the set */
    int als[4];
    human_set digit_cells[10]; /* cells holding digit d, at index d */
    sukaku_wing best;
    bool found;
} sukaku_wing_search;

/* Cells in start that see every cell of the set holding d. */
static human_set sukaku_wing_seeing(const sukaku_wing_search *ws, int d, human_set start)
{
    for (int i = 0; i < ws->size; i++)
        if (ws->st->cand[ws->als[i]] & HUMAN_BIT(d))
            start &= ws->st->t->peers[ws->als[i]];
    return start;
}

/* True when w is easier than the best so far (Sukaku Explainer's order: rating, more
 * removals, then the larger code). */
static bool sukaku_wing_better(const sukaku_wing_search *ws, const sukaku_wing *w)
{
    if (!ws->found || w->rating10 != ws->best.rating10)
        return !ws->found || w->rating10 < ws->best.rating10;
    if (w->elims != ws->best.elims)
        return w->elims > ws->best.elims;
    return strcmp(w->code, ws->best.code) > 0;
}

/* Rate the set in ws->als with pincer and keep it when it is the easiest so far. */
static void sukaku_wing_try(sukaku_wing_search *ws, uint16_t digits, int pincer)
{
    const human_state *st = ws->st;
    const human_tables *t = st->t;
    uint16_t pm = st->cand[pincer];
    int x = human_first_digit(pm), z = human_first_digit(pm & (pm - 1));
    /* A digit is linked when the pincer sees every place of it in the set. */
    bool x_linked = true, z_linked = true;
    for (int i = 0; i < ws->size; i++) {
        int c = ws->als[i];
        bool sees = human_set_has(t->peers[pincer], c);
        if ((st->cand[c] & HUMAN_BIT(x)) && !sees)
            x_linked = false;
        if ((st->cand[c] & HUMAN_BIT(z)) && !sees)
            z_linked = false;
    }
    if (!x_linked && !z_linked)
        return;

    sukaku_wing w;
    memset(&w, 0, sizeof w);
    human_set pattern = human_set_one(pincer);
    int biggest = 0, total = 0;
    for (int i = 0; i < ws->size; i++) {
        w.als[i] = ws->als[i];
        pattern |= human_set_one(ws->als[i]);
        int n = human_count(st->cand[ws->als[i]]);
        biggest = n > biggest ? n : biggest;
        total += n;
    }
    bool weak = false, strong_x = false, strong_loser = false;
    if (x_linked && z_linked) {
        /* Doubly linked: the set keeps its other digits, and the pincer's digits are
         * each in the pincer or in the set. */
        for (uint16_t rest = digits & (uint16_t)~pm; rest; rest &= rest - 1) {
            int d = human_first_digit(rest);
            w.lose[d] = sukaku_wing_seeing(ws, d, SUKAKU_GRID) & ~pattern & ws->digit_cells[d];
            weak |= w.lose[d] != 0;
        }
        w.lose[x] = sukaku_wing_seeing(ws, x, t->peers[pincer]) & ~pattern & ws->digit_cells[x];
        strong_x = w.lose[x] != 0;
    }
    /* The digit not linked (z when both are) is in the pincer or in the set. */
    int loser = x_linked ? z : x;
    w.lose[loser] =
        sukaku_wing_seeing(ws, loser, t->peers[pincer]) & ~pattern & ws->digit_cells[loser];
    strong_loser = w.lose[loser] != 0;
    for (int d = 1; d <= 9; d++)
        w.elims += human_set_count(w.lose[d]);
    if (w.elims == 0)
        return;
    bool double_link = x_linked && z_linked && (weak || (strong_x && strong_loser));
    w.als_count = ws->size;
    w.pincer = pincer;
    w.digits = digits;
    w.linked = (uint16_t)((x_linked ? HUMAN_BIT(x) : 0) | (z_linked ? HUMAN_BIT(z) : 0));
    /* 5.5 (WXYZ) or 6.2 (VWXYZ), plus 0.1 for each step the largest cell is nearer to
     * three candidates: Sukaku Explainer's rule. */
    int off = biggest > 3 ? biggest - 3 : 3 - biggest;
    w.rating10 = ws->size == 3 ? 55 + (1 - off) : 62 + (2 - off);
    snprintf(w.code, sizeof w.code, "%d%d%d", double_link ? 2 : 1, biggest, total);
    if (sukaku_wing_better(ws, &w)) {
        ws->best = w;
        ws->found = true;
    }
}

/* Choose the set's cells from depth on: ascending, each seeing the others, together
 * holding at most one digit more than cells; then try every pincer. */
static void sukaku_wing_extend(sukaku_wing_search *ws, int depth, uint16_t digits)
{
    const human_state *st = ws->st;
    const human_tables *t = st->t;
    if (depth >= ws->size || depth >= 4) {
        if (human_count(digits) != ws->size + 1)
            return;
        human_set range = 0, set = 0;
        for (int i = 0; i < ws->size; i++) {
            range |= t->peers[ws->als[i]];
            set |= human_set_one(ws->als[i]);
        }
        for (range &= ~set; range; range &= range - 1) {
            int p = human_set_first(range);
            if (human_count(st->cand[p]) == 2 && !(st->cand[p] & (uint16_t)~digits))
                sukaku_wing_try(ws, digits, p);
        }
        return;
    }
    human_set choices = SUKAKU_GRID;
    if (depth > 0) {
        choices &= ~((human_set_one(ws->als[depth - 1]) << 1) - 1);
        for (int i = 0; i < depth; i++)
            choices &= t->peers[ws->als[i]];
    }
    for (; choices; choices &= choices - 1) {
        int c = human_set_first(choices);
        int n = human_count(st->cand[c]);
        uint16_t all = digits | st->cand[c];
        if (n < 2 || human_count(all) > ws->size + 1)
            continue;
        ws->als[depth] = c;
        sukaku_wing_extend(ws, depth + 1, all);
    }
}

/* Find the easiest wing of size cells plus a pincer and write it to step. */
static bool sukaku_find_wing(const human_state *st, human_step *step, int size)
{
    sukaku_wing_search ws;
    memset(&ws, 0, sizeof ws);
    ws.st = st;
    ws.size = size;
    for (int d = 1; d <= 9; d++)
        ws.digit_cells[d] = sukaku_cells_with(st, d);
    sukaku_wing_extend(&ws, 0, 0);
    if (!ws.found)
        return false;
    const sukaku_wing *w = &ws.best;
    human_step_begin(step, size == 3 ? HUMAN_T_WXYZ_WING : HUMAN_T_VWXYZ_WING, w->rating10 / 10.0);
    for (int c = 0; c < 81; c++)
        for (int d = 1; d <= 9; d++)
            if (human_set_has(w->lose[d], c))
                human_step_elim(step, c, d);
    human_set set = 0;
    for (int i = 0; i < w->als_count; i++) {
        human_step_cell(step, w->als[i]);
        set |= human_set_one(w->als[i]);
    }
    human_step_cell(step, w->pincer);
    char cells[64], pincer[8], digits[16] = "", removed[160];
    sukaku_group_name(set, cells, sizeof cells);
    human_cell_name(w->pincer, pincer);
    for (int d = 1, n = 0; d <= 9; d++)
        if (w->digits & HUMAN_BIT(d))
            n += snprintf(digits + n, sizeof digits - (size_t)n, "%d", d);
    human_step_elim_list(step, removed, sizeof removed);
    uint16_t pm = st->cand[w->pincer];
    int x = human_first_digit(pm), z = human_first_digit(pm & (pm - 1));
    if (w->linked == pm)
        human_step_explain(step, 0, cells, digits, pincer, x, z, x, z, removed);
    else
        human_step_explain(step, 1, cells, digits, pincer, x, z, w->linked == HUMAN_BIT(x) ? x : z,
                           w->linked == HUMAN_BIT(x) ? z : x, pincer, removed);
    return true;
}

bool human_find_wxyz_wing(const human_state *st, human_step *step)
{
    return sukaku_find_wing(st, step, 3);
}

bool human_find_vwxyz_wing(const human_state *st, human_step *step)
{
    return sukaku_find_wing(st, step, 4);
}
