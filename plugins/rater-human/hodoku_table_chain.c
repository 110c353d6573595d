/* Chains read back from HoDoKu's tables: from an entry through the references of the tables it
 * was taken from to the premise, with the parts of a net, as HoDoKu's buildChain and addChain
 * make them; and those chains as a step's nodes. */
#include "hodoku_tabling.h"

#include <stdio.h>

/* True when key is in the main chain built last. */
static bool hodoku_chain_in_main(const hodoku_tabling *tb, int key)
{
    for (int i = 0; i < tb->nback; i++)
        if (tb->back[i] == key)
            return true;
    return false;
}

/* The table an expanded entry came from: its kind read from at, its index from org (as
 * HoDoKu reads them; at is org whenever an entry is expanded). */
static const hodoku_table *hodoku_chain_source(const hodoku_tabling *tb, const hodoku_table *at,
                                               const hodoku_table *org, int index)
{
    uint64_t ret = at->ret[index];
    int from = hodoku_ret_index(org->ret[index], 0);
    if (ret & HODOKU_RET_EXTENDED)
        return &tb->ext[from];
    return ret & HODOKU_RET_ON_TABLE ? &tb->on[from] : &tb->off[from];
}

/* HoDoKu's buildChain: from entry index of org back to its premise, written backwards into out
 * (its length returned). The main chain (part false) records its cells and the other
 * references of its entries as net parts; a net part stops where it meets the main chain. */
static int hodoku_chain_back(hodoku_tabling *tb, const hodoku_table *org, int index, int32_t *out,
                             bool part)
{
    int n = 0, first = index;
    const hodoku_table *at = org;
    bool away = false;
    out[n++] = org->key[index];
    while (first != 0 && n < HODOKU_TABLE_LEN) {
        if (at->ret[first] & HODOKU_RET_EXPANDED) {
            const hodoku_table *src = hodoku_chain_source(tb, at, org, first);
            first = hodoku_table_index(src, org->key[first]);
            at = src;
            away = true;
        }
        int here = first;
        for (int i = 0; i < 5; i++) {
            int ref = hodoku_ret_index(at->ret[here], i);
            int key = at->key[ref];
            if (i == 0) {
                first = ref;
                out[n++] = key;
                if (!part)
                    tb->chain_cells |= hodoku_key_cells(tb, key);
                else if (human_set_has(tb->chain_cells, hodoku_key_cell(tb, key)) &&
                         hodoku_chain_in_main(tb, key))
                    return n;
            } else if (ref != 0 && !part && tb->nmins < HODOKU_MINS) {
                tb->mins[tb->nmins][0] = key;
                tb->min_len[tb->nmins++] = 1;
            }
        }
        if (away && first == 0) {
            first = hodoku_table_index(org, at->key[0]);
            at = org;
            away = false;
        }
    }
    return n;
}

/* Build the main chain to key and its net parts; false when t has no entry key. */
static bool hodoku_chain_build(hodoku_tabling *tb, const hodoku_table *t, int key)
{
    int index = t->where[key] - 1;
    tb->nback = 0;
    if (index < 0)
        return false;
    tb->nmins = 0;
    tb->chain_cells = 0;
    tb->nback = hodoku_chain_back(tb, t, index, tb->back, false);
    for (int m = 0; m < tb->nmins; m++)
        tb->min_len[m] =
            hodoku_chain_back(tb, t, hodoku_table_index(t, tb->mins[m][0]), tb->mins[m], true);
    return true;
}

/* Append to c, after main node key, the net parts that meet the main chain there. */
static void hodoku_chain_parts(const hodoku_tabling *tb, hodoku_chain *c, int key)
{
    for (int m = 0; m < tb->nmins; m++) {
        if (tb->mins[m][tb->min_len[m] - 1] != key)
            continue;
        for (int l = tb->min_len[m] - 2; l >= 0 && c->len < HODOKU_TABLE_LEN - 1; l--)
            c->el[c->len++] = -(tb->mins[m][l] + 1);
        if (c->len < HODOKU_TABLE_LEN)
            c->el[c->len++] = HODOKU_MIN_END;
    }
}

bool hodoku_chain_add(hodoku_tabling *tb, const hodoku_table *t, int key, bool loop, bool aic)
{
    if (tb->nchains >= 9 || !hodoku_chain_build(tb, t, key))
        return false;
    if (loop && hodoku_key_cell(tb, tb->back[0]) == hodoku_key_cell(tb, tb->back[1]))
        return false;
    hodoku_chain *c = &tb->chains[tb->nchains];
    c->len = 0;
    human_set lasso = 0;
    int last = -1, last_key = -1, first_cell = hodoku_key_cell(tb, tb->back[tb->nback - 1]);
    for (int i = tb->nback - 1; i >= 0 && c->len < HODOKU_TABLE_LEN; i--) {
        int k = tb->back[i], cell = hodoku_key_cell(tb, k);
        if (loop || aic) {
            /* No node may lead back into the chain (a lasso); a loop may end in its start. */
            if (human_set_has(lasso, cell))
                return false;
            if (last >= 0 && (last != first_cell || aic))
                lasso |= hodoku_key_cells(tb, last_key);
        }
        last = cell;
        last_key = k;
        c->el[c->len++] = k;
        hodoku_chain_parts(tb, c, k);
    }
    tb->nchains++;
    return true;
}

/* Append a node for key to the current chain of step, following parent. */
static int hodoku_chain_node(const hodoku_tabling *tb, human_step *step, int key, int parent)
{
    int n = step->chain_start[step->chain_count];
    if (n >= HUMAN_MAX_NODES)
        return -1;
    human_node *node = &step->nodes[n];
    human_set cells = hodoku_key_cells(tb, key);
    node->kind = hodoku_key_is_group(key) ? HUMAN_NODE_GROUP : HUMAN_NODE_CELL;
    node->digit = (uint8_t)hodoku_key_digit(tb, key);
    node->on = hodoku_key_on(key);
    node->ncells = 0;
    for (human_set s = cells; s && node->ncells < 9; s &= s - 1)
        node->cells[node->ncells++] = (uint8_t)human_set_first(s);
    node->parent = (int16_t)parent;
    step->chain_start[step->chain_count] = n + 1;
    return n;
}

void hodoku_chains_to_step(const hodoku_tabling *tb, human_step *step)
{
    for (int i = 0; i < tb->nchains && human_step_chain_begin(step); i++) {
        const hodoku_chain *c = &tb->chains[i];
        int main = -1, prev = -1;
        bool in_part = false;
        for (int k = 0; k < c->len; k++) {
            int32_t el = c->el[k];
            if (el == HODOKU_MIN_END) {
                in_part = false;
                continue;
            }
            int key = el < 0 ? -el - 1 : el, parent = el < 0 && in_part ? prev : main;
            int n = hodoku_chain_node(tb, step, key, parent);
            if (n < 0)
                return;
            prev = n;
            in_part = el < 0;
            if (el >= 0)
                main = n;
        }
    }
}

void hodoku_key_text(const hodoku_tabling *tb, int key, char *buf, size_t len)
{
    human_set cells = hodoku_key_cells(tb, key);
    int first = human_set_first(cells), d = hodoku_key_digit(tb, key);
    const char *op = hodoku_key_on(key) ? "=" : "<>";
    if (human_set_count(cells) == 1) {
        snprintf(buf, len, "r%dc%d%s%d", first / 9 + 1, first % 9 + 1, op, d);
        return;
    }
    char rows[10] = "", cols[10] = "";
    int nr = 0, nc = 0;
    for (human_set s = cells; s; s &= s - 1) {
        int c = human_set_first(s);
        if (!nr || rows[nr - 1] != '1' + c / 9)
            rows[nr++] = (char)('1' + c / 9);
        if (!nc || cols[nc - 1] != '1' + c % 9)
            cols[nc++] = (char)('1' + c % 9);
    }
    snprintf(buf, len, "r%sc%s%s%d", rows, cols, op, d);
}
