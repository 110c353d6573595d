/* Solver "cover": the dancing links (Knuth's Algorithm X) over the matrix.
 * Secondary columns are not in the root's list, so nothing has to cover
 * them, but a row that covers one removes the others that would too. Each
 * row counts how many times it is out of the matrix (row_out), so the
 * filter can tell the digits a cell may still take. */
#include "cover_matrix.h"

void cover_column(cover_matrix *m, uint32_t column)
{
    cover_node *n = m->nodes;
    n[n[column].right].left = n[column].left;
    n[n[column].left].right = n[column].right;
    for (uint32_t i = n[column].down; i != column; i = n[i].down) {
        m->row_out[n[i].row]++;
        for (uint32_t j = n[i].right; j != i; j = n[j].right) {
            n[n[j].down].up = n[j].up;
            n[n[j].up].down = n[j].down;
            m->column_size[n[j].column]--;
        }
    }
}

void cover_uncolumn(cover_matrix *m, uint32_t column)
{
    cover_node *n = m->nodes;
    for (uint32_t i = n[column].up; i != column; i = n[i].up) {
        m->row_out[n[i].row]--;
        for (uint32_t j = n[i].left; j != i; j = n[j].left) {
            m->column_size[n[j].column]++;
            n[n[j].down].up = j;
            n[n[j].up].down = j;
        }
    }
    n[n[column].right].left = column;
    n[n[column].left].right = column;
}

void cover_take(cover_matrix *m, uint32_t node)
{
    for (uint32_t j = m->nodes[node].right; j != node; j = m->nodes[j].right)
        cover_column(m, m->nodes[j].column);
}

void cover_untake(cover_matrix *m, uint32_t node)
{
    for (uint32_t j = m->nodes[node].left; j != node; j = m->nodes[j].left)
        cover_uncolumn(m, m->nodes[j].column);
}

void cover_hide(cover_matrix *m, uint32_t row)
{
    cover_node *n = m->nodes;
    uint32_t first = m->rows[row].node, j = first;
    m->row_out[row]++;
    do {
        n[n[j].down].up = n[j].up;
        n[n[j].up].down = n[j].down;
        m->column_size[n[j].column]--;
        j = n[j].right;
    } while (j != first);
}

void cover_unhide(cover_matrix *m, uint32_t row)
{
    cover_node *n = m->nodes;
    uint32_t first = m->rows[row].node, j = n[first].left;
    m->row_out[row]--;
    for (;;) {
        m->column_size[n[j].column]++;
        n[n[j].down].up = j;
        n[n[j].up].down = j;
        if (j == first)
            break;
        j = n[j].left;
    }
}
