/* Candidate grid state of the human rater: unit tables, placing, step building. */
#include "human.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void human_tables_init(human_tables *t)
{
    memset(t, 0, sizeof *t);
    for (int u = 0; u < 9; u++) {
        for (int i = 0; i < 9; i++) {
            t->unit_cells[u][i] = (uint8_t)(u * 9 + i);
            t->unit_cells[9 + u][i] = (uint8_t)(i * 9 + u);
            t->unit_cells[18 + u][i] = (uint8_t)((u / 3 * 3 + i / 3) * 9 + u % 3 * 3 + i % 3);
        }
    }
    for (int u = 0; u < 27; u++) {
        for (int i = 0; i < 9; i++) {
            int c = t->unit_cells[u][i];
            t->unit_set[u] |= human_set_one(c);
            t->cell_units[c][u / 9] = (uint8_t)u;
            t->cell_index[c][u / 9] = (uint8_t)i;
        }
    }
    for (int u = 0; u < 27; u++)
        for (int v = 0; v < 27; v++)
            for (int i = 0; i < 9; i++)
                if (human_set_has(t->unit_set[v], t->unit_cells[u][i]))
                    t->within[u][v] |= (uint16_t)(1u << i);
    for (int c = 0; c < 81; c++) {
        for (int k = 0; k < 3; k++)
            t->peers[c] |= t->unit_set[t->cell_units[c][k]];
        t->peers[c] &= ~human_set_one(c);
        int n = 0;
        for (human_set p = t->peers[c]; p; p &= p - 1)
            t->peer_list[c][n++] = (uint8_t)human_set_first(p);
    }
}

bool human_state_from_grid(human_state *st, const human_tables *t, const sk_grid *grid)
{
    st->t = t;
    st->empty = 81;
    for (int c = 0; c < 81; c++) {
        st->cand[c] = HUMAN_ALL;
        st->value[c] = 0;
    }
    for (int c = 0; c < 81; c++) {
        int d = grid->cells[c];
        if (d == 0)
            continue;
        if (!(st->cand[c] & HUMAN_BIT(d)))
            return false;
        human_state_place(st, c, d);
    }
    return true;
}

void human_state_place(human_state *st, int cell, int d)
{
    uint16_t bit = HUMAN_BIT(d);
    st->value[cell] = (uint8_t)d;
    st->cand[cell] = 0;
    st->empty--;
    human_set p = st->t->peers[cell];
    while (p) {
        int c = human_set_first(p);
        p &= p - 1;
        st->cand[c] &= (uint16_t)~bit;
    }
}

void human_state_apply(human_state *st, const human_step *step)
{
    for (int i = 0; i < step->elim_count; i++)
        st->cand[step->elim[i].cell] &= (uint16_t)~HUMAN_BIT(step->elim[i].digit);
    if (step->place)
        human_state_place(st, step->placed.cell, step->placed.digit);
}

void human_state_places(const human_state *st, uint16_t places[27][9])
{
    memset(places, 0, 27 * sizeof places[0]);
    for (int u = 0; u < 27; u++)
        for (int i = 0; i < 9; i++)
            for (uint16_t m = st->cand[st->t->unit_cells[u][i]]; m; m &= (uint16_t)(m - 1))
                places[u][__builtin_ctz(m)] |= (uint16_t)(1u << i);
}

uint16_t human_unit_positions(const human_state *st, int unit, int d)
{
    uint16_t bit = HUMAN_BIT(d), pos = 0;
    const uint8_t *cells = st->t->unit_cells[unit];
    for (int i = 0; i < 9; i++)
        if (st->cand[cells[i]] & bit)
            pos |= (uint16_t)(1u << i);
    return pos;
}

void human_cell_name(int cell, char *buf)
{
    buf[0] = 'r';
    buf[1] = (char)('1' + cell / 9);
    buf[2] = 'c';
    buf[3] = (char)('1' + cell % 9);
    buf[4] = '\0';
}

void human_unit_name(int unit, char *buf)
{
    static const char *const kinds[3] = {"row ", "column ", "box "};
    size_t n = strlen(kinds[unit / 9]);
    memcpy(buf, kinds[unit / 9], n);
    buf[n] = (char)('1' + unit % 9);
    buf[n + 1] = '\0';
}

void human_step_begin(human_step *step, human_technique_id technique, double rating)
{
    step->id = technique;
    step->technique = human_technique_of(technique)->name;
    step->rating = rating;
    step->score = 0;
    step->place = false;
    step->cell_count = 0;
    step->elim_count = 0;
    step->text[0] = '\0';
    step->chain_count = 0;
    step->chain_start[0] = 0;
    step->nested = false;
    step->vias = false;
    step->base_units = step->cover_units = 0;
    step->fin_count = 0;
}

/* Write template text of technique id into buf (len bytes). */
static void human_vformat(char *buf, size_t len, human_technique_id id, int text, va_list args)
{
    /* The template comes from the table, not from the caller. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
    vsnprintf(buf, len, human_technique_of(id)->texts[text], args);
#pragma GCC diagnostic pop
}

void human_technique_format(char *buf, size_t len, human_technique_id id, int text, ...)
{
    va_list args;
    va_start(args, text);
    human_vformat(buf, len, id, text, args);
    va_end(args);
}

void human_step_explain(human_step *step, int text, ...)
{
    va_list args;
    va_start(args, text);
    human_vformat(step->text, sizeof step->text, step->id, text, args);
    va_end(args);
}

void human_step_explain_more(human_step *step, int text, ...)
{
    size_t used = strlen(step->text);
    va_list args;
    va_start(args, text);
    human_vformat(step->text + used, sizeof step->text - used, step->id, text, args);
    va_end(args);
}

void human_step_cell(human_step *step, int cell)
{
    for (int i = 0; i < step->cell_count; i++)
        if (step->cells[i] == cell)
            return;
    step->cells[step->cell_count++] = (uint8_t)cell;
}

void human_step_elim(human_step *step, int cell, int d)
{
    for (int i = 0; i < step->elim_count; i++)
        if (step->elim[i].cell == cell && step->elim[i].digit == d)
            return;
    step->elim[step->elim_count++] = (sk_candidate){(uint8_t)cell, (uint8_t)d};
}

bool human_step_elim_set(human_step *step, const human_state *st, human_set targets, int d)
{
    bool any = false;
    uint16_t bit = HUMAN_BIT(d);
    while (targets) {
        int c = human_set_first(targets);
        targets &= targets - 1;
        if (st->cand[c] & bit) {
            human_step_elim(step, c, d);
            any = true;
        }
    }
    return any;
}

void human_cell_list(const uint8_t *cells, int count, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < count && used + 8 < len; i++) {
        char name[8];
        human_cell_name(cells[i], name);
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "", name);
    }
}

void human_step_cell_list(const human_step *step, char *buf, size_t len)
{
    human_cell_list(step->cells, step->cell_count, buf, len);
}

void human_step_elim_list(const human_step *step, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < step->elim_count; i++) {
        if (used + 16 >= len) {
            snprintf(buf + used, len - used, ", ...");
            return;
        }
        char name[8];
        human_cell_name(step->elim[i].cell, name);
        used += (size_t)snprintf(buf + used, len - used, "%s%s<>%d", i ? ", " : "", name,
                                 step->elim[i].digit);
    }
}

bool human_step_chain_begin(human_step *step)
{
    if (step->chain_count >= HUMAN_MAX_CHAINS)
        return false;
    step->chain_start[step->chain_count + 1] = step->chain_start[step->chain_count];
    step->chain_count++;
    return true;
}

bool human_step_chain_node(human_step *step, int cell, int d, bool on)
{
    int n = step->chain_start[step->chain_count];
    if (step->chain_count == 0 || n >= HUMAN_MAX_NODES)
        return false;
    human_node *node = &step->nodes[n];
    node->kind = HUMAN_NODE_CELL;
    node->digit = (uint8_t)d;
    node->on = on;
    node->ncells = 1;
    node->cells[0] = (uint8_t)cell;
    node->parent = (int16_t)(n > step->chain_start[step->chain_count - 1] ? n - 1 : -1);
    step->chain_start[step->chain_count] = n + 1;
    return true;
}

/* Write the cells of node as "r1c2" or, for a group, "r1c23" / "r12c3". */
static size_t human_node_cells(const human_node *node, char *buf, size_t len)
{
    if (node->ncells == 1) {
        char name[8];
        human_cell_name(node->cells[0], name);
        return (size_t)snprintf(buf, len, "%s", name);
    }
    bool same_row = true, same_col = true;
    for (int i = 1; i < node->ncells; i++) {
        same_row &= node->cells[i] / 9 == node->cells[0] / 9;
        same_col &= node->cells[i] % 9 == node->cells[0] % 9;
    }
    size_t n = 0;
    if (same_row) {
        n += (size_t)snprintf(buf, len, "r%dc", node->cells[0] / 9 + 1);
        for (int i = 0; i < node->ncells; i++)
            n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "%d", node->cells[i] % 9 + 1);
        return n;
    }
    if (same_col) {
        n += (size_t)snprintf(buf, len, "r");
        for (int i = 0; i < node->ncells; i++)
            n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "%d", node->cells[i] / 9 + 1);
        return n + (size_t)snprintf(buf + n, n < len ? len - n : 0, "c%d", node->cells[0] % 9 + 1);
    }
    for (int i = 0; i < node->ncells; i++) {
        char name[8];
        human_cell_name(node->cells[i], name);
        n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "%s%s", i ? "," : "", name);
    }
    return n;
}

void human_step_chain_text(const human_step *step, int i, char *buf, size_t len)
{
    size_t used = 0;
    int first = step->chain_start[i], end = step->chain_start[i + 1];
    buf[0] = '\0';
    for (int k = first; k < end && used + 40 < len; k++) {
        const human_node *node = &step->nodes[k];
        char cells[40];
        human_node_cells(node, cells, sizeof cells);
        if (k > first)
            used += (size_t)snprintf(buf + used, len - used, "%s", node->on ? "=" : "-");
        const human_node *next = k + 1 < end ? &step->nodes[k + 1] : NULL;
        if (next && next->on && !node->on && next->ncells == 1 && node->ncells == 1 &&
            next->cells[0] == node->cells[0] && next->digit != node->digit) {
            used += (size_t)snprintf(buf + used, len - used, "(%d=%d)%s", node->digit, next->digit,
                                     cells);
            k++;
            continue;
        }
        used += (size_t)snprintf(buf + used, len - used, "(%d)%s", node->digit, cells);
    }
    if (used + 40 >= len && len > 4)
        snprintf(buf + len - 4, 4, "...");
}
