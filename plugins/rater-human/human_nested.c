/* Chains in nested notation (Sudoku Explainer's style with HoDoKu's net branches): each
 * branch of a forcing chain or net as "premise -> ... -> conclusion", a side branch in brackets
 * after the node it leaves from. */
#include "human.h"

#include <stdio.h>

/* A chain being written: its nodes [first, end), which of them are on the main line (the
 * conclusion's ancestors), the text so far. */
typedef struct human_nested {
    const human_step *step;
    int first, end;
    bool on_main[HUMAN_MAX_NODES];
    char *buf;
    size_t len, used;
} human_nested;

/* Append text to the chain's buffer (nothing once it is full). */
static void human_nested_put(human_nested *w, const char *text)
{
    if (w->used + 1 < w->len)
        w->used += (size_t)snprintf(w->buf + w->used, w->len - w->used, "%s", text);
    if (w->used >= w->len)
        w->used = w->len - 1;
}

/* Append node k as "r1c2=5", "r1c2<>5" or "r1c23=5" (a group), marked "(rule)" or "(nested)"
 * when a basic technique or a forcing chain run inside the branch gave it. */
static void human_nested_node(human_nested *w, int k)
{
    const human_node *node = &w->step->nodes[k];
    char rows[10] = "", cols[10] = "", text[40];
    int nr = 0, nc = 0;
    for (int i = 0; i < node->ncells; i++) {
        char r = (char)('1' + node->cells[i] / 9), c = (char)('1' + node->cells[i] % 9);
        bool seen_r = false, seen_c = false;
        for (int j = 0; j < nr; j++)
            seen_r |= rows[j] == r;
        for (int j = 0; j < nc; j++)
            seen_c |= cols[j] == c;
        if (!seen_r)
            rows[nr++] = r;
        if (!seen_c)
            cols[nc++] = c;
    }
    bool rule = w->step->vias && node->via == HUMAN_VIA_RULE;
    bool nested = w->step->vias && node->via == HUMAN_VIA_NESTED;
    snprintf(text, sizeof text, "r%sc%s%s%d%s", rows, cols, node->on ? "=" : "<>", node->digit,
             rule ? " (rule)" : nested ? " (nested)" : "");
    human_nested_put(w, text);
}

/* Append the side branch from node k: k, then its children, the last one inline and the
 * others in brackets before it. */
static void human_nested_side(human_nested *w, int k)
{
    human_nested_node(w, k);
    int last = -1;
    for (int c = k + 1; c < w->end; c++)
        if (w->step->nodes[c].parent == k)
            last = c;
    for (int c = k + 1; c < w->end; c++) {
        if (w->step->nodes[c].parent != k)
            continue;
        human_nested_put(w, c == last ? " -> " : " [-> ");
        human_nested_side(w, c);
        if (c != last)
            human_nested_put(w, "]");
    }
}

/* Append chain i of the step: its main line, each main node followed by the side branches
 * that leave from it. */
static void human_nested_chain(human_nested *w, int i)
{
    const human_step *step = w->step;
    w->first = step->chain_start[i];
    w->end = step->chain_start[i + 1];
    for (int n = w->first; n < w->end; n++)
        w->on_main[n] = false;
    for (int n = w->end - 1; n >= w->first; n = step->nodes[n].parent)
        w->on_main[n] = true;
    for (int k = w->first; k < w->end; k++) {
        if (!w->on_main[k])
            continue;
        if (k > w->first)
            human_nested_put(w, " -> ");
        human_nested_node(w, k);
        for (int c = k + 1; c < w->end; c++) {
            if (step->nodes[c].parent != k || w->on_main[c])
                continue;
            human_nested_put(w, " [-> ");
            human_nested_side(w, c);
            human_nested_put(w, "]");
        }
    }
}

void human_step_nested_text(const human_step *step, char *buf, size_t len)
{
    human_nested w = {.step = step, .buf = buf, .len = len};
    buf[0] = '\0';
    /* The step's own chains, then each node a nested chain proves, "| r4c4<>8 (nested): ",
     * followed by that chain's branches. */
    for (int i = 0, proved = -1; i < step->chain_count; i++) {
        int from = step->nodes[step->chain_start[i]].parent;
        if (from >= 0 && from != proved) {
            human_nested_put(&w, " | ");
            human_nested_node(&w, from);
            human_nested_put(&w, ": ");
        } else if (i) {
            human_nested_put(&w, "; ");
        }
        proved = from;
        human_nested_chain(&w, i);
    }
    if (w.used + 1 >= len && len > 4)
        snprintf(buf + len - 4, 4, "...");
}
