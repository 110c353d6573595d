/* A step of the human rater as the caller sees it: sk_step with its reasoning as data (chains
 * with their links, notation, a fish's houses and fins). */
#include "human.h"

#include <stdio.h>
#include <string.h>

/* The unit that holds every cell of a and b, or SK_VIA_CELL when they are
 * one cell, or SK_VIA_NONE. Rows, then columns, then boxes. */
static uint8_t human_export_via(const human_node *a, const human_node *b)
{
    if (a->ncells == 1 && b->ncells == 1 && a->cells[0] == b->cells[0])
        return SK_VIA_CELL;
    for (int kind = 0; kind < 3; kind++) {
        int unit = -1;
        bool same = true;
        for (int i = 0; i < a->ncells + b->ncells && same; i++) {
            int c = i < a->ncells ? a->cells[i] : b->cells[i - a->ncells];
            int u = kind == 0 ? c / 9 : kind == 1 ? 9 + c % 9 : 18 + c / 27 * 3 + c % 9 / 3;
            same = unit < 0 || u == unit;
            unit = u;
        }
        if (same)
            return (uint8_t)unit;
    }
    return SK_VIA_NONE;
}

/* The kind of the link into node n of step, of the chain whose nodes start at first (a
 * chain's start follows nothing, or, nested, the node it proves). */
static uint8_t human_export_link(const human_step *step, const human_node *n, int first)
{
    if (n->parent < first)
        return SK_LINK_START;
    if (step->vias && n->via == HUMAN_VIA_RULE)
        return SK_LINK_RULE;
    if (step->vias && n->via == HUMAN_VIA_NESTED)
        return SK_LINK_NESTED;
    return n->on ? SK_LINK_STRONG : SK_LINK_WEAK;
}

/* What makes the link into node n of step: the unit or cell recorded, else
 * the unit that holds it and its parent. */
static uint8_t human_export_node_via(const human_step *step, const human_node *n, int first)
{
    if (n->parent < first)
        return SK_VIA_NONE;
    if (!step->vias)
        return human_export_via(&step->nodes[n->parent], n);
    return n->via <= HUMAN_VIA_CELL ? n->via : SK_VIA_NONE;
}

static void human_export_chains(const human_step *step, human_export *b, sk_step *s)
{
    size_t used = 0;
    b->notation[0] = '\0';
    for (int i = 0; i < step->chain_count; i++) {
        b->chain_starts[i] = (uint32_t)step->chain_start[i];
        for (int k = step->chain_start[i]; k < step->chain_start[i + 1]; k++) {
            const human_node *n = &step->nodes[k];
            sk_chain_node *out = &b->nodes[k];
            memset(out, 0, sizeof *out);
            memcpy(out->cells, n->cells, n->ncells);
            out->cell_count = n->ncells;
            out->kind = n->kind;
            out->digit = n->digit;
            out->on = n->on;
            out->parent = n->parent;
            out->link = human_export_link(step, n, step->chain_start[i]);
            out->via = human_export_node_via(step, n, step->chain_start[i]);
        }
        if (!step->nested && used + 8 < sizeof b->notation) {
            if (i)
                used += (size_t)snprintf(b->notation + used, sizeof b->notation - used, "; ");
            human_step_chain_text(step, i, b->notation + used, sizeof b->notation - used);
            used += strlen(b->notation + used);
        }
    }
    if (step->nested)
        human_step_nested_text(step, b->notation, sizeof b->notation);
    b->chain_starts[step->chain_count] = (uint32_t)step->chain_start[step->chain_count];
    s->notation = b->notation;
    s->nodes = b->nodes;
    s->node_count = (size_t)step->chain_start[step->chain_count];
    s->chain_starts = b->chain_starts;
    s->chain_count = (size_t)step->chain_count;
}

void human_step_export(const human_step *step, human_export *b, sk_step *s)
{
    const human_technique *t = human_technique_of(step->id);
    s->se_rating = t->rating;
    s->hodoku_score = t->hodoku_score;
    human_export_chains(step, b, s);
    size_t n = 0;
    for (int u = 0; u < 27; u++)
        if (step->base_units & (1u << u))
            b->houses[n++] = (sk_house){(uint8_t)u, SK_HOUSE_BASE};
    for (int u = 0; u < 27; u++)
        if (step->cover_units & (1u << u))
            b->houses[n++] = (sk_house){(uint8_t)u, SK_HOUSE_COVER};
    s->houses = b->houses;
    s->house_count = n;
    s->fins = step->fins;
    s->fin_count = (size_t)step->fin_count;
}
