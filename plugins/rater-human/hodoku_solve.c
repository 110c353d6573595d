/* The HoDoKu technique set's order of search, base scores and levels (HoDoKu 2.2's default
 * configuration), and its last resort. */
#include "hodoku.h"

#include <stdio.h>

/* One technique of the search, in HoDoKu's default order: its finder, the
 * technique searched (whose base score every step found counts), its level
 * (1 Easy .. 5 Extreme) and the other techniques the finder may report. */
typedef struct hodoku_config {
    hodoku_finder find;
    human_technique_id id;
    int level;
    human_technique_id also[3];
} hodoku_config;

#define T(x) HUMAN_T_HODOKU_##x
static const hodoku_config hodoku_order[] = {
    {hodoku_full_house, T(FULL_HOUSE), 1, {0}},
    {hodoku_naked_single, T(NAKED_SINGLE), 1, {0}},
    {hodoku_hidden_single, T(HIDDEN_SINGLE), 1, {0}},
    {hodoku_locked_pair, T(LOCKED_PAIR), 2, {0}},
    {hodoku_locked_triple, T(LOCKED_TRIPLE), 2, {0}},
    {hodoku_pointing, T(POINTING), 2, {0}},
    {hodoku_claiming, T(CLAIMING), 2, {0}},
    {hodoku_naked_pair, T(NAKED_PAIR), 2, {0}},
    {hodoku_naked_triple, T(NAKED_TRIPLE), 2, {0}},
    {hodoku_hidden_pair, T(HIDDEN_PAIR), 2, {0}},
    {hodoku_hidden_triple, T(HIDDEN_TRIPLE), 2, {0}},
    {hodoku_naked_quad, T(NAKED_QUAD), 3, {0}},
    {hodoku_hidden_quad, T(HIDDEN_QUAD), 3, {0}},
    {hodoku_x_wing, T(X_WING), 3, {0}},
    {hodoku_swordfish, HUMAN_T_SWORDFISH, 3, {0}},
    {hodoku_jellyfish, HUMAN_T_JELLYFISH, 3, {0}},
    {hodoku_remote_pair, T(REMOTE_PAIR), 3, {0}},
    {hodoku_bug_plus_1, T(BUG_PLUS_1), 3, {0}},
    {hodoku_skyscraper, HUMAN_T_SKYSCRAPER, 3, {0}},
    {hodoku_kite, T(KITE), 3, {0}},
    {hodoku_turbot, T(TURBOT), 3, {0}},
    {hodoku_empty_rectangle, T(EMPTY_RECTANGLE), 3, {0}},
    {hodoku_w_wing, T(W_WING), 3, {0}},
    {hodoku_xy_wing, T(XY_WING), 3, {0}},
    {hodoku_xyz_wing, T(XYZ_WING), 3, {0}},
    {hodoku_uniqueness_1, T(UNIQUENESS_1), 3, {0}},
    {hodoku_uniqueness_2, T(UNIQUENESS_2), 3, {0}},
    {hodoku_uniqueness_3, T(UNIQUENESS_3), 3, {0}},
    {hodoku_uniqueness_4, T(UNIQUENESS_4), 3, {0}},
    {hodoku_uniqueness_5, T(UNIQUENESS_5), 3, {0}},
    {hodoku_uniqueness_6, T(UNIQUENESS_6), 3, {0}},
    {hodoku_hidden_rectangle, T(HIDDEN_RECTANGLE), 3, {0}},
    {hodoku_avoidable_1, T(AVOIDABLE_RECTANGLE_1), 3, {0}},
    {hodoku_avoidable_2, T(AVOIDABLE_RECTANGLE_2), 3, {0}},
    {hodoku_finned_x_wing, T(FINNED_X_WING), 3, {0}},
    {hodoku_sashimi_x_wing, T(SASHIMI_X_WING), 3, {0}},
    {hodoku_finned_swordfish, T(FINNED_SWORDFISH), 4, {0}},
    {hodoku_sashimi_swordfish, T(SASHIMI_SWORDFISH), 4, {0}},
    {hodoku_finned_jellyfish, T(FINNED_JELLYFISH), 4, {0}},
    {hodoku_sashimi_jellyfish, T(SASHIMI_JELLYFISH), 4, {0}},
    {hodoku_sue_de_coq, T(SUE_DE_COQ), 4, {0}},
    {hodoku_simple_colors, T(SIMPLE_COLORS_TRAP), 3, {T(SIMPLE_COLORS_WRAP)}},
    {hodoku_multi_colors, T(MULTI_COLORS_1), 3, {T(MULTI_COLORS_2)}},
    {hodoku_x_chain, T(X_CHAIN), 4, {0}},
    {hodoku_xy_chain, T(XY_CHAIN), 4, {0}},
    {hodoku_nice_loop, T(DISCONTINUOUS_NICE_LOOP), 4, {T(CONTINUOUS_NICE_LOOP), T(AIC)}},
    {hodoku_grouped_nice_loop, T(GROUPED_DISCONTINUOUS_NICE_LOOP), 4,
     {T(GROUPED_CONTINUOUS_NICE_LOOP), T(GROUPED_AIC)}},
    {hodoku_als_xz, T(ALS_XZ), 4, {0}},
    {hodoku_als_xy_wing, T(ALS_XY_WING), 4, {0}},
    {hodoku_als_chain, T(ALS_XY_CHAIN), 4, {0}},
    {hodoku_franken_x_wing, T(FRANKEN_X_WING), 4, {T(MUTANT_X_WING), T(X_WING)}},
    {hodoku_franken_swordfish, T(FRANKEN_SWORDFISH), 4, {T(MUTANT_SWORDFISH), HUMAN_T_SWORDFISH}},
    {hodoku_finned_franken_x_wing, T(FINNED_FRANKEN_X_WING), 4,
     {T(FINNED_MUTANT_X_WING), T(FINNED_X_WING), T(SASHIMI_X_WING)}},
    {hodoku_finned_franken_swordfish, T(FINNED_FRANKEN_SWORDFISH), 4,
     {T(FINNED_MUTANT_SWORDFISH), T(FINNED_SWORDFISH), T(SASHIMI_SWORDFISH)}},
    {hodoku_forcing_chain, T(FORCING_CHAIN_CONTRADICTION), 5, {T(FORCING_CHAIN_VERITY)}},
    {hodoku_forcing_net, T(FORCING_NET_CONTRADICTION), 5, {T(FORCING_NET_VERITY)}},
};
#undef T

#define HODOKU_ORDER (sizeof hodoku_order / sizeof hodoku_order[0])

bool hodoku_reports(const char *name)
{
    int id = human_technique_find(name);
    if (id == HUMAN_T_HODOKU_BRUTE_FORCE)
        return true;
    for (size_t i = 0; id >= 0 && i < HODOKU_ORDER; i++) {
        if (hodoku_order[i].id == (human_technique_id)id)
            return true;
        for (int k = 0; k < 3 && hodoku_order[i].also[k]; k++)
            if (hodoku_order[i].also[k] == (human_technique_id)id)
                return true;
    }
    return false;
}


int hodoku_technique_at(size_t index)
{
    size_t n = 0;
    for (size_t i = 0; i < HODOKU_ORDER; i++) {
        if (n++ == index)
            return hodoku_order[i].id;
        for (int k = 0; k < 3 && hodoku_order[i].also[k]; k++)
            if (n++ == index)
                return hodoku_order[i].also[k];
    }
    return n == index ? HUMAN_T_HODOKU_BRUTE_FORCE : -1;
}

int hodoku_level(int technique_level, int score)
{
    static const int ceiling[] = {0, 800, 1000, 1600, 1800};
    int level = technique_level < 1 ? 1 : technique_level;
    while (level < 5 && score > ceiling[level])
        level++;
    return level;
}

/* HoDoKu's last resort: the digit of the solution in the middle one of
 * the empty cells (in cell order). */
static void hodoku_brute_force(const hodoku_state *st, const uint8_t solution[81],
                               human_step *step)
{
    int empty[81], n = 0;
    for (int c = 0; c < 81; c++)
        if (!st->value[c])
            empty[n++] = c;
    int cell = empty[n / 2];
    human_step_begin(step, HUMAN_T_HODOKU_BRUTE_FORCE, 0);
    step->place = true;
    step->placed = (sk_candidate){(uint8_t)cell, solution[cell]};
    human_step_cell(step, cell);
    char name[8];
    human_cell_name(cell, name);
    human_step_explain(step, 0, name, solution[cell]);
}

bool hodoku_next_step(hodoku_state *st, const uint8_t solution[81], human_step *step, int *level)
{
    for (size_t i = 0; i < HODOKU_ORDER; i++) {
        if (!hodoku_order[i].find(st, step))
            continue;
        step->score = human_technique_of(hodoku_order[i].id)->hodoku_score;
        step->rating = step->score;
        *level = hodoku_order[i].level;
        return true;
    }
    if (!solution)
        return false;
    hodoku_brute_force(st, solution, step);
    step->score = human_technique_of(HUMAN_T_HODOKU_BRUTE_FORCE)->hodoku_score;
    step->rating = step->score;
    *level = 5;
    return true;
}
