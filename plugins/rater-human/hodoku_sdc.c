/* Sue de Coq of the HoDoKu technique set: two or three cells of a box-line intersection holding
 * two digits more than cells, locked by cells of the line and of the box, searched in HoDoKu's
 * order (rows, then columns; boxes; combinations in cell order). */
#include "hodoku.h"

#include <stdio.h>

typedef struct hodoku_sdc {
    const hodoku_state *st;
    human_step *step;
    human_set line_cells, box_cells; /* empty cells of the line and the box */
    human_set inter;                 /* the intersection cells chosen */
    uint16_t inter_digits;
    human_set line_set; /* the line cells chosen */
    uint16_t line_digits;
} hodoku_sdc;

/* Remove digits from the cells of where. */
static void hodoku_sdc_elim(hodoku_sdc *s, human_set where, uint16_t digits)
{
    for (human_set w = where; w; w &= w - 1) {
        int c = human_set_first(w);
        for (uint16_t m = s->st->cand[c] & digits; m; m &= (uint16_t)(m - 1))
            human_step_elim(s->step, c, __builtin_ctz(m) + 1);
    }
}

static void hodoku_sdc_list(const human_set cells, char *buf, size_t len)
{
    uint8_t list[81];
    int n = 0;
    for (human_set s = cells; s; s &= s - 1)
        list[n++] = (uint8_t)human_set_first(s);
    human_cell_list(list, n, buf, len);
}

static void hodoku_sdc_digits(uint16_t m, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = '\0';
    for (; m && n + 2 < len; m &= (uint16_t)(m - 1))
        n += (size_t)snprintf(buf + n, len - n, "%d", __builtin_ctz(m) + 1);
}

/* The block cells now chosen (block_set, block_digits) complete a Sue de
 * Coq: make its step; true when it removes something. */
static bool hodoku_sdc_step(hodoku_sdc *s, human_set block_set, uint16_t block_digits)
{
    human_step_begin(s->step, HUMAN_T_HODOKU_SUE_DE_COQ, 0);
    uint16_t both = block_digits & s->line_digits;
    hodoku_sdc_elim(s, s->box_cells & ~block_set & ~s->inter,
                    (uint16_t)(((s->inter_digits | block_digits) & ~s->line_digits) | both));
    hodoku_sdc_elim(s, s->line_cells & ~s->line_set & ~s->inter,
                    (uint16_t)(((s->inter_digits | s->line_digits) & ~block_digits) | both));
    if (s->step->elim_count == 0)
        return false;
    for (human_set c = s->inter | s->line_set | block_set; c; c &= c - 1)
        human_step_cell(s->step, human_set_first(c));
    char inter[64], idig[12], lines[96], ldig[12], boxes[96], bdig[12], elims[256];
    hodoku_sdc_list(s->inter, inter, sizeof inter);
    hodoku_sdc_list(s->line_set, lines, sizeof lines);
    hodoku_sdc_list(block_set, boxes, sizeof boxes);
    hodoku_sdc_digits(s->inter_digits, idig, sizeof idig);
    hodoku_sdc_digits(s->line_digits, ldig, sizeof ldig);
    hodoku_sdc_digits(block_digits, bdig, sizeof bdig);
    human_step_elim_list(s->step, elims, sizeof elims);
    human_step_explain(s->step, 0, inter, idig, lines, ldig, boxes, bdig, elims);
    return true;
}

/* Every combination of the cells of source, in HoDoKu's order (depth first
 * in cell order), whose digits stay within allowed: in the line pass
 * (second false) a combination leaving digits of the intersection to the
 * box goes on to the box pass; in the box pass one completing the pattern
 * is tried. */
static bool hodoku_sdc_combos(hodoku_sdc *s, int n_plus, human_set source, uint16_t allowed,
                              bool second, human_set chosen, uint16_t digits, int count)
{
    for (human_set rest = source; rest; rest &= rest - 1) {
        int c = human_set_first(rest);
        human_set with = chosen | human_set_one(c);
        uint16_t more = digits | s->st->cand[c];
        if (!(more & (uint16_t)~allowed)) {
            int contained = human_count(more & s->inter_digits);
            int extra = human_count(more & (uint16_t)~s->inter_digits);
            int level = count + 1;
            if (!second && contained > 0 && level > extra && level - extra < n_plus) {
                s->line_set = with;
                s->line_digits = more;
                /* The box cells may not hold the line cells' digits of the
                 * intersection. */
                uint16_t box_allowed = (uint16_t)~(more & s->inter_digits);
                human_set box_source = s->box_cells & ~s->inter & ~with;
                if (box_source && hodoku_sdc_combos(s, n_plus - (level - extra), box_source,
                                                    box_allowed, true, 0, 0, 0))
                    return true;
            } else if (second && contained > 0 && level - extra == n_plus &&
                       hodoku_sdc_step(s, with, more)) {
                return true;
            }
        }
        if (hodoku_sdc_combos(s, n_plus, rest & (rest - 1), allowed, second, with, more,
                              count + 1))
            return true;
    }
    return false;
}

/* The intersection subsets of two and three cells with at least two
 * digits more than cells. */
static bool hodoku_sdc_intersection(hodoku_sdc *s, human_set inter_cells)
{
    int cells[3], n = 0;
    for (human_set c = inter_cells; c && n < 3; c &= c - 1)
        cells[n++] = human_set_first(c);
    for (int a = 0; a < n - 1; a++) {
        for (int b = a + 1; b < n; b++) {
            uint16_t m2 = s->st->cand[cells[a]] | s->st->cand[cells[b]];
            s->inter = human_set_one(cells[a]) | human_set_one(cells[b]);
            s->inter_digits = m2;
            if (human_count(m2) - 2 >= 2 &&
                hodoku_sdc_combos(s, human_count(m2) - 2, s->line_cells & ~s->inter, HUMAN_ALL,
                                  false, 0, 0, 0))
                return true;
            for (int c = b + 1; c < n; c++) {
                uint16_t m3 = m2 | s->st->cand[cells[c]];
                s->inter = human_set_one(cells[a]) | human_set_one(cells[b]) |
                           human_set_one(cells[c]);
                s->inter_digits = m3;
                if (human_count(m3) - 3 >= 2 &&
                    hodoku_sdc_combos(s, human_count(m3) - 3, s->line_cells & ~s->inter, HUMAN_ALL,
                                      false, 0, 0, 0))
                    return true;
            }
        }
    }
    return false;
}

bool hodoku_sue_de_coq(hodoku_state *st, human_step *step)
{
    const human_tables *t = st->t;
    human_set empty = 0;
    for (int c = 0; c < 81; c++)
        if (!st->value[c])
            empty |= human_set_one(c);
    hodoku_sdc s = {.st = st, .step = step};
    for (int first = 0; first <= 9; first += 9) {
        for (int line = first; line < first + 9; line++) {
            s.line_cells = t->unit_set[line] & empty;
            for (int box = 18; box < 27; box++) {
                s.box_cells = t->unit_set[box] & empty;
                human_set inter = s.line_cells & s.box_cells;
                if (human_set_count(inter) >= 2 && hodoku_sdc_intersection(&s, inter))
                    return true;
            }
        }
    }
    return false;
}
