/* A step of a rater as one JSON object: what hint --format json and rate --explain --format
 * json write, with the step's reasoning as data (chains with their links, a fish's houses). */
#include <stdio.h>

#include "op.h"
#include "sudokit/format.h"
#include "sudokit/grid.h"
#include "sudokit/names.h"

/* "row 3", "column 5", "box 2" or "cell" for a link's via, else null. */
static void step_json_via(FILE *out, uint8_t via)
{
    char name[12];
    if (sk_via_name(via, name)[0])
        fprintf(out, "\"%s\"", name);
    else
        fputs("null", out);
}

/* The side of the board step's cells are on: 9 unless the rater says. */
static int step_json_size(const sk_step *step)
{
    return SK_STEP_HAS(step, size) && step->size ? (int)step->size : 9;
}

/* "r3c5" for cell of a board of side size. */
static const char *step_json_cell(int cell, int size, char out[12])
{
    snprintf(out, 12, "r%uc%u", (unsigned)(uint8_t)(cell / size + 1),
             (unsigned)(uint8_t)(cell % size + 1));
    return out;
}

static void step_json_candidates(FILE *out, const char *key, const sk_candidate *c, size_t n,
                                 int size)
{
    char name[12];
    fprintf(out, ",\"%s\":[", key);
    for (size_t i = 0; i < n; i++)
        fprintf(out, "%s{\"cell\":\"%s\",\"digit\":%d}", i ? "," : "",
                step_json_cell(c[i].cell, size, name), c[i].digit);
    fputc(']', out);
}

/* Chain nodes [first, end): each with its cells, digit, truth and the link into it. */
static void step_json_chain(FILE *out, const sk_chain_node *nodes, uint32_t first, uint32_t end)
{
    char name[8];
    fputs("{\"nodes\":[", out);
    for (uint32_t k = first; k < end; k++) {
        const sk_chain_node *n = &nodes[k];
        static const char *const kinds[3] = {"cell", "group", "als"};
        fprintf(out, "%s{\"kind\":\"%s\",\"cells\":[", k > first ? "," : "",
                kinds[n->kind < 3 ? n->kind : 0]);
        for (int c = 0; c < n->cell_count && c < 9; c++)
            fprintf(out, "%s\"%s\"", c ? "," : "", sk_cell_name(n->cells[c], name));
        fprintf(out, "],\"digit\":%d,\"on\":%s,\"link\":\"%s\",\"via\":", n->digit,
                n->on ? "true" : "false", sk_link_names[n->link <= SK_LINK_NESTED ? n->link : 0]);
        step_json_via(out, n->via);
        fprintf(out, ",\"parent\":%d}", n->parent < (int)first ? -1 : n->parent - (int)first);
    }
    fputs("]", out);
}

/* ,"unfolds":{"chain":J,"node":N} when chain i is nested: its start follows node N of chain J,
 * the node it proves. */
static void step_json_unfolds(FILE *out, const sk_chain_node *nodes, const uint32_t *chain_starts,
                              size_t i)
{
    int p = nodes[chain_starts[i]].parent;
    if (chain_starts[i] == chain_starts[i + 1] || p < 0 || (uint32_t)p >= chain_starts[i])
        return;
    size_t j = 0;
    while (chain_starts[j + 1] <= (uint32_t)p)
        j++;
    fprintf(out, ",\"unfolds\":{\"chain\":%zu,\"node\":%u}", j, (unsigned)p - chain_starts[j]);
}

void sk_chains_write_json(FILE *out, const sk_chain_node *nodes, const uint32_t *chain_starts,
                          size_t count)
{
    fputc('[', out);
    for (size_t i = 0; nodes && chain_starts && i < count; i++) {
        if (i)
            fputc(',', out);
        step_json_chain(out, nodes, chain_starts[i], chain_starts[i + 1]);
        step_json_unfolds(out, nodes, chain_starts, i);
        fputc('}', out);
    }
    fputc(']', out);
}

/* The ABI 1.2 members of step, when the rater filled them. */
static void step_json_reasoning(FILE *out, const sk_step *step)
{
    if (!SK_STEP_HAS(step, fin_count))
        return;
    fprintf(out, ",\"se_rating\":%.1f,\"hodoku_score\":%d,\"notation\":", step->se_rating,
            step->hodoku_score);
    sk_json_string(out, step->notation ? step->notation : "");
    fputs(",\"chains\":", out);
    sk_chains_write_json(out, step->nodes, step->chain_starts, step->chain_count);
    static const char *const kinds[3] = {"r", "c", "b"};
    for (int role = SK_HOUSE_BASE; role <= SK_HOUSE_COVER; role++) {
        fprintf(out, ",\"%s\":[", role == SK_HOUSE_BASE ? "base" : "cover");
        int n = 0;
        for (size_t i = 0; step->houses && i < step->house_count; i++)
            if (step->houses[i].role == role && step->houses[i].unit < 27)
                fprintf(out, "%s\"%s%d\"", n++ ? "," : "", kinds[step->houses[i].unit / 9],
                        step->houses[i].unit % 9 + 1);
        fputc(']', out);
    }
    step_json_candidates(out, "fins", step->fins, step->fins ? step->fin_count : 0,
                         step_json_size(step));
    if (SK_STEP_HAS(step, where) && step->where && step->where[0]) {
        fputs(",\"where\":", out);
        sk_json_string(out, step->where);
    }
}

void ski_step_write_json(FILE *out, const sk_step *step, unsigned number)
{
    char name[12];
    int size = step_json_size(step);
    fputc('{', out);
    if (number)
        fprintf(out, "\"step\":%u,", number);
    fputs("\"technique\":", out);
    sk_json_string(out, step->technique ? step->technique : "");
    fprintf(out, ",\"rating\":%.1f,\"explanation\":", step->rating);
    sk_json_string(out, step->explanation ? step->explanation : "");
    fputs(",\"cells\":[", out);
    for (size_t i = 0; i < step->cell_count; i++)
        fprintf(out, "%s\"%s\"", i ? "," : "", step_json_cell(step->cells[i], size, name));
    fputc(']', out);
    step_json_candidates(out, "place", step->placed, step->placed ? step->placed_count : 0, size);
    step_json_candidates(out, "remove", step->eliminated,
                         step->eliminated ? step->eliminated_count : 0, size);
    step_json_reasoning(out, step);
    fputs("}\n", out);
}
