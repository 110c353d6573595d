/* Human rater, other rules: the model the techniques read, made once a
 * rating from the compiled rules (houses as sets with names, peers,
 * relations by cell, crossing houses). */
#include "variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Name house h of m: "row 3", "box 2", "region 4", "diagonal 1"... the
 * mark with its rank among the houses of that mark. */
static void model_name_house(variant_model *m, int h)
{
    const sk_rules *r = m->rules;
    const char *mark = r->houses[h].mark ? r->houses[h].mark : "house";
    int rank = 1;
    for (int k = 0; k < h; k++)
        rank += r->houses[k].mark && strcmp(r->houses[k].mark, mark) == 0;
    if (strcmp(mark, "region") == 0 && r->box_rows)
        mark = "box";
    snprintf(m->house_name[h], sizeof m->house_name[h], "%.16s %d", mark, rank);
}

/* Each cell's relations, as indexes into rules->relations. */
static bool model_relations(variant_model *m)
{
    const sk_rules *r = m->rules;
    memset(m->relation_start, 0, sizeof m->relation_start);
    for (uint32_t i = 0; i < r->relation_count; i++) {
        m->relation_start[r->relations[i].a + 1]++;
        m->relation_start[r->relations[i].b + 1]++;
    }
    for (int c = 0; c < m->cells; c++)
        m->relation_start[c + 1] += m->relation_start[c];
    m->relation_list = malloc((2 * (size_t)r->relation_count + 1) * sizeof *m->relation_list);
    if (!m->relation_list)
        return false;
    uint32_t fill[VARIANT_MAX_CELLS];
    memcpy(fill, m->relation_start, sizeof fill);
    for (uint32_t i = 0; i < r->relation_count; i++) {
        m->relation_list[fill[r->relations[i].a]++] = i;
        m->relation_list[fill[r->relations[i].b]++] = i;
    }
    return true;
}

/* The pairs of houses that share two cells or more. */
static bool model_crosses(variant_model *m)
{
    size_t n = (size_t)m->house_count;
    m->crosses = malloc((n * n + 1) * sizeof *m->crosses);
    if (!m->crosses)
        return false;
    m->cross_count = 0;
    for (int a = 0; a < m->house_count; a++)
        for (int b = a + 1; b < m->house_count; b++) {
            int shared = 0;
            for (int w = 0; w < VARIANT_MAX_CELLS / 64; w++)
                shared += human_count64(m->house_set[a].w[w] & m->house_set[b].w[w]);
            if (shared >= 2)
                m->crosses[m->cross_count++] = (variant_cross){(uint16_t)a, (uint16_t)b};
        }
    return true;
}

bool variant_model_build(variant_model *m, const sk_rules *rules)
{
    memset(m, 0, sizeof *m);
    m->rules = rules;
    m->size = (int)rules->size;
    m->cells = m->size * m->size;
    m->all = (sk_digits)((1u << m->size) - 1);
    m->house_count = (int)rules->house_count;
    m->has_regions = rules->region[0] != 255;
    m->house_set = calloc((size_t)m->house_count + 1, sizeof *m->house_set);
    m->house_name = calloc((size_t)m->house_count + 1, sizeof *m->house_name);
    if (!m->house_set || !m->house_name || !model_relations(m)) {
        variant_model_release(m);
        return false;
    }
    for (int h = 0; h < m->house_count; h++) {
        for (uint32_t k = 0; k < rules->houses[h].count; k++)
            variant_cells_add(&m->house_set[h], rules->houses[h].cells[k]);
        model_name_house(m, h);
    }
    if (!model_crosses(m)) {
        variant_model_release(m);
        return false;
    }
    for (int c = 0; c < m->cells; c++)
        for (uint32_t k = rules->peer_start[c]; k < rules->peer_start[c + 1]; k++)
            variant_cells_add(&m->peer_set[c], rules->peers[k]);
    return true;
}

void variant_model_release(variant_model *m)
{
    free(m->house_set);
    free(m->house_name);
    free(m->relation_list);
    free(m->crosses);
    m->house_set = NULL;
    m->house_name = NULL;
    m->relation_list = NULL;
    m->crosses = NULL;
}

void variant_cell_name(const variant_model *m, int cell, char *buf)
{
    snprintf(buf, 12, "r%uc%u", (unsigned)(uint8_t)(cell / m->size + 1),
             (unsigned)(uint8_t)(cell % m->size + 1));
}
