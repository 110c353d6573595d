/* Solver "cover": Algorithm X over the matrix, with a filter for what the
 * columns cannot say (sums too rich for cage rows, customs such as
 * arrows): a row is taken only when its digits keep them with the digits
 * already written, and when, after it, each custom's own propagation
 * finds no contradiction in what its cells may still take. Each search
 * call first hides the rows the relations' arcs rule out. */
#include "cover_search.h"

/* The sums of cell can still be met: the written digits plus the
 * smallest and largest distinct digits the blank cells could add. */
static bool search_sums(const cover_search *s, uint32_t cell)
{
    const cover_matrix *m = s->m;
    for (uint32_t i = m->sum_start[cell]; i < m->sum_start[cell + 1]; i++) {
        const sk_rules_group *g = &s->rules->groups[m->sum_index[i]];
        int32_t total = 0, open = 0, n = (int32_t)m->size;
        for (uint32_t k = 0; k < g->count; k++) {
            total += s->board.cells[g->cells[k]];
            open += s->board.cells[g->cells[k]] == 0;
        }
        int32_t least = open * (open + 1) / 2, most = open * n - open * (open - 1) / 2;
        if (total + least > g->sum || total + most < g->sum)
            return false;
    }
    return true;
}

/* The customs of cell whose cells are all written hold. */
static bool search_customs(cover_search *s, uint32_t cell)
{
    const cover_matrix *m = s->m;
    char why[128];
    for (uint32_t i = m->custom_start[cell]; i < m->custom_start[cell + 1]; i++) {
        const sk_rules_custom *c = &s->rules->customs[m->custom_index[i]];
        bool full = true;
        for (uint32_t k = 0; full && k < c->count; k++)
            full = s->board.cells[c->cells[k]] != 0;
        if (full && c->constraint->check(c->state, s->rules, &s->board, why, sizeof why) != 1)
            return false;
    }
    return true;
}

/* The digits cell may still take: its own when written, those whose row
 * is still in the matrix, every digit for a cell of cage rows. */
static sk_digits search_digits(const cover_search *s, uint32_t cell)
{
    const cover_matrix *m = s->m;
    if (s->board.cells[cell])
        return 1u << (s->board.cells[cell] - 1);
    sk_digits all = (sk_digits)((1ull << m->size) - 1), left = 0;
    if (m->cage_of[cell] != UINT32_MAX)
        return all;
    const uint32_t *rows = m->cell_row + (size_t)cell * m->size;
    for (uint32_t d = 0; d < m->size; d++)
        if (rows[d] != UINT32_MAX && m->row_out[rows[d]] == 0)
            left |= 1u << d;
    return left;
}

/* Every custom can still hold: its own propagation finds no contradiction
 * in the digits its cells may still take (the other cells are left open). */
static bool search_lookahead(cover_search *s)
{
    sk_digits all = (sk_digits)((1ull << s->m->size) - 1);
    bool ok = true;
    for (uint32_t i = 0; ok && i < s->rules->custom_count; i++) {
        const sk_rules_custom *c = &s->rules->customs[i];
        for (uint32_t k = 0; k < c->count; k++) {
            s->scratch[c->cells[k]] = search_digits(s, c->cells[k]);
            ok &= s->scratch[c->cells[k]] != 0;
        }
        ok = ok && c->constraint->propagate(c->state, s->rules, s->scratch, NULL, NULL) == SK_OK;
        for (uint32_t k = 0; k < c->count; k++) {
            ok &= s->scratch[c->cells[k]] != 0;
            s->scratch[c->cells[k]] = all;
        }
    }
    return ok;
}

bool cover_write(cover_search *s, uint32_t cell, uint8_t digit)
{
    s->board.cells[cell] = digit;
    if (search_sums(s, cell) && search_customs(s, cell))
        return true;
    s->board.cells[cell] = 0;
    return false;
}

/* Blank the cells of the first count assignments of row that are not
 * givens. */
static void search_unwrite(cover_search *s, const cover_row *row, uint32_t count)
{
    for (uint32_t k = 0; k < count; k++) {
        uint32_t cell = s->m->assigns[row->first + k].cell;
        if (!s->givens->cells[cell])
            s->board.cells[cell] = 0;
    }
}

/* Write the digits of row if the filter lets them all through. */
static bool search_fits(cover_search *s, const cover_row *row)
{
    for (uint32_t k = 0; k < row->count; k++) {
        const cover_assign *a = &s->m->assigns[row->first + k];
        bool ok = s->givens->cells[a->cell] ? s->givens->cells[a->cell] == a->digit
                                            : cover_write(s, a->cell, a->digit);
        if (!ok) {
            search_unwrite(s, row, k);
            return false;
        }
    }
    return true;
}

/* Arc consistency on the relations' arcs: hide the row of each digit of
 * an open cell that leaves the other cell of an arc no digit, until none
 * is left to hide. False when a cell is left with no digit. */
static bool search_arcs(cover_search *s)
{
    cover_matrix *m = s->m;
    for (bool changed = m->arc_count > 0; changed;) {
        changed = false;
        for (uint32_t i = 0; i < m->arc_count; i++) {
            const cover_arc *arc = &m->arcs[i];
            if (s->board.cells[arc->cell])
                continue;
            sk_digits mine = search_digits(s, arc->cell), theirs = search_digits(s, arc->other);
            for (sk_digits left = mine; left; left &= left - 1) {
                uint32_t d = (uint32_t)__builtin_ctz(left);
                if (m->arc_tables[arc->table + d + 1] & theirs)
                    continue;
                uint32_t row = m->cell_row[arc->cell * m->size + d];
                cover_hide(m, row);
                s->hidden[s->hidden_count++] = row;
                mine &= ~(1u << d);
                changed = true;
            }
            if (!mine)
                return false;
        }
    }
    return true;
}

/* Algorithm X's step: a solution when no primary column is left, else
 * each row of the column with the fewest. */
static void search_branch(cover_search *s)
{
    cover_matrix *m = s->m;
    cover_node *n = m->nodes;
    if (n[0].right == 0) {
        if (s->found++ == 0)
            s->solution = s->board;
        return;
    }
    uint32_t best = n[0].right;
    for (uint32_t c = n[best].right; c != 0 && m->column_size[best] > 1; c = n[c].right)
        if (m->column_size[c] < m->column_size[best])
            best = c;
    if (m->column_size[best] == 0)
        return;
    if (m->column_size[best] > 1)
        s->guesses++;
    cover_column(m, best);
    for (uint32_t r = n[best].down; r != best && s->found < s->limit; r = n[r].down) {
        const cover_row *row = &m->rows[n[r].row];
        if (!search_fits(s, row))
            continue;
        cover_take(m, r);
        if (search_lookahead(s))
            cover_run(s);
        cover_untake(m, r);
        search_unwrite(s, row, row->count);
    }
    cover_uncolumn(m, best);
}

void cover_run(cover_search *s)
{
    uint32_t mark = s->hidden_count;
    s->nodes++;
    if (search_arcs(s))
        search_branch(s);
    while (s->hidden_count > mark)
        cover_unhide(s->m, s->hidden[--s->hidden_count]);
}
