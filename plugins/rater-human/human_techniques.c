/* The human rater's techniques: every name it reports, with SE's rating, family and explanation
 * templates. */
#include "human.h"

#include <string.h>

/* Templates several techniques share; the arguments each takes follow it.
 * A hidden single: cell, unit, digit. The direct techniques' ending: the
 * same. An intersection: unit, digit, crossing unit, digit, crossing unit.
 * A hidden subset: unit, digits, cells. A naked subset: cells, digits,
 * unit. A fish: "rows" or "columns", their numbers, digit, the other kind,
 * its numbers, digit, the other kind. */
#define T_HIDDEN_SINGLE "Only %s in %s can hold %d"
#define T_DIRECT_SINGLE "; then only %s in %s can hold %d"
#define T_INTERSECTION "In %s, %d can only be in %s, so %d is removed from the rest of %s"
#define T_HIDDEN(word)                                                                             \
    "In %s, %s fit only in %s (hidden " word "), so those cells hold nothing else"
#define T_NAKED(word)                                                                              \
    "%s hold only %s between them (naked " word "), so those digits leave the rest of %s"
#define T_FISH "In %s %s, %d fits only in %s %s, so %d is removed from the rest of those %s"

/* Unique rectangles and loops: the loop (cells, digit, digit, reason), then
 * the reason of each type. Type 1: cell, digit, digit. Type 2: the extra
 * digit three times. Type 3 with a naked set: cell, cell, extra digits,
 * other cells, set digits, unit; with a hidden set: cell, cell, digit,
 * digit, unit, digits, cells, cells. Type 4: cell, cell, digit, unit,
 * digit. */
#define T_RECTANGLE "Unique rectangle %s on %d/%d: %s"
#define T_LOOP "Unique loop %s on %d/%d: %s"
#define T_UNIQUE_1                                                                                 \
    "only %s has other candidates; as %d or %d it would leave two solutions, so it loses both"
#define T_UNIQUE_2                                                                                 \
    "one of its cells with the extra candidate %d must be %d (else two solutions), so the cells "  \
    "seeing them all lose %d"
#define T_UNIQUE_3_NAKED                                                                           \
    "%s or %s is %s (else two solutions); with %s that is a naked set %s in %s, so its other "     \
    "cells lose them"
#define T_UNIQUE_3_HIDDEN                                                                          \
    "%s or %s holds a digit other than %d and %d (else two solutions), so in %s the digits %s "    \
    "fill %s and one of those two cells; %s keep only them"
#define T_UNIQUE_4                                                                                 \
    "%s or %s is %d (its only places in %s), so neither can be %d (else two solutions)"

/* A bivalue universal grave's premise. */
#define T_GRAVE "every empty cell would have two candidates and every digit two places per unit"

/* Aligned exclusion: cells, the candidates removed, reason 1, reason 2,
 * the removals; reason 1 (a digit repeated), " or" when reason 2 follows;
 * reason 2 (excluding cells emptied): those cells with their digits, "a
 * cell that sees" or "cells that see", "both" or "all three". */
#define T_ALIGNED                                                                                  \
    {                                                                                              \
        "Every way to fill %s that puts %s%s%s, so %s",                                            \
            " repeats a digit within a row, column or box%s", " uses every candidate of %s, %s %s" \
    }

/* Static chains: a cycle (the chain), a forcing chain (the chain, the fact
 * concluded). */
#define T_CYCLE(name)                                                                              \
    name " %s: it holds whichever way round it goes, and each removed candidate sees both a true " \
         "and a false end"
#define T_FORCING "%s contradicts itself, so %s"

/* Chain searches, by kind of hint: a contradiction (assumption, deductions,
 * cell, digit, digit, conclusion), a double implication (fact, one chain,
 * the other), a cell chain (cell, fact, deductions), a region chain (unit,
 * fact, deductions). */
#define T_CHAINS                                                                                   \
    {                                                                                              \
        "Assuming %s leads through %d deductions to a contradiction (%s would be %d and not %d), " \
        "so %s",                                                                                   \
            "Either way %s: %s; %s", "Whichever digit goes in %s, %s (%d deductions in all)",      \
            "Wherever the digit goes in %s, %s (%d deductions in all)"                             \
    }

/* Sukaku Explainer's strong links: digit, units, first end, last end,
 * digit, removals; as a loop: digit, units, digit, removals. */
#define T_STRONG_LINKS                                                                             \
    "Strong links on %d in %s, each end seeing the next link's start: %s or %s is %d, so cells "   \
    "seeing both lose it: %s"
#define T_X_LOOP                                                                                   \
    "Strong links on %d in %s, each end seeing the next link's start, close into a loop: every "   \
    "weak link has %d at one end, so cells seeing both ends lose it: %s"

/* WXYZ- and VWXYZ-wings: cells, digits, pincer, its two digits, then when
 * it sees both: its two digits and the removals; else the digit it sees,
 * the other, the pincer and the removals. */
#define T_WXYZ                                                                                     \
    {                                                                                              \
        "%s see each other and hold only %s, one digit more than cells; %s (%d%d) sees every %d "  \
        "and every %d among them, so together they hold each of those digits exactly once: %s",    \
            "%s see each other and hold only %s, one digit more than cells; %s (%d%d) sees every " \
            "%d among them, so %d is in %s or in those cells: %s"                                  \
    }

/* The table, in SE's order of ratings (Sukaku Explainer's extras last). The
 * arguments of the templates not described above: last value (cell, unit,
 * digit), naked single (digit, cell), XY- and XYZ-wing (pivot, wing, wing,
 * digit, digit), the graves (type 1: digits, cell, cell, digits; type 2:
 * digit, cells, digit, digit; type 3: digits, cells, digits, set digits,
 * set cells, unit; type 4: digits, cell, cell, digit, unit), trial and
 * error (cell, digit). */

/* HoDoKu's technique set (techniques=hodoku), in HoDoKu's default order, with SE's rating of
 * the same technique where SE has it (0 where it does not) and HoDoKu's base score. */
#define T_HODOKU_FISH "Every %d of the base set %s lies in the cover set %s%s, so %s"
#define H(id, name, se, family, text, score)                                                      \
    [id] = {name, se, "HoDoKu: " family, {text}, score}

static const human_technique human_technique_table[HUMAN_TECHNIQUES] = {
    [HUMAN_T_FULL_HOUSE] = {"Last value in a unit",
                            1.0,
                            "singles",
                            {"%s is the only empty cell left in %s, so it is %d"}},
    [HUMAN_T_HIDDEN_SINGLE_BOX] = {"Hidden single in a box", 1.2, "singles", {T_HIDDEN_SINGLE}},
    [HUMAN_T_HIDDEN_SINGLE_LINE] = {"Hidden single in a line", 1.5, "singles", {T_HIDDEN_SINGLE}},
    [HUMAN_T_DIRECT_POINTING] = {"Direct pointing",
                                 1.7,
                                 "intersections",
                                 {T_INTERSECTION, T_DIRECT_SINGLE}},
    [HUMAN_T_DIRECT_CLAIMING] = {"Direct claiming",
                                 1.9,
                                 "intersections",
                                 {T_INTERSECTION, T_DIRECT_SINGLE}},
    [HUMAN_T_DIRECT_HIDDEN_PAIR] = {"Direct hidden pair",
                                    2.0,
                                    "subsets",
                                    {T_HIDDEN("pair"), T_DIRECT_SINGLE}},
    [HUMAN_T_NAKED_SINGLE] = {"Naked single",
                              2.3,
                              "singles",
                              {"%d is the only candidate left in %s"}},
    [HUMAN_T_DIRECT_HIDDEN_TRIPLE] = {"Direct hidden triple",
                                      2.5,
                                      "subsets",
                                      {T_HIDDEN("triple"), T_DIRECT_SINGLE}},
    [HUMAN_T_POINTING] = {"Pointing", 2.6, "intersections", {T_INTERSECTION}},
    [HUMAN_T_CLAIMING] = {"Claiming", 2.8, "intersections", {T_INTERSECTION}},
    [HUMAN_T_NAKED_PAIR] = {"Naked pair", 3.0, "subsets", {T_NAKED("pair")}},
    [HUMAN_T_X_WING] = {"X-wing", 3.2, "fish", {T_FISH}},
    [HUMAN_T_HIDDEN_PAIR] = {"Hidden pair", 3.4, "subsets", {T_HIDDEN("pair")}},
    [HUMAN_T_NAKED_TRIPLE] = {"Naked triple", 3.6, "subsets", {T_NAKED("triple")}},
    [HUMAN_T_SWORDFISH] = {"Swordfish", 3.8, "fish", {T_FISH}, 150},
    [HUMAN_T_HIDDEN_TRIPLE] = {"Hidden triple", 4.0, "subsets", {T_HIDDEN("triple")}},
    [HUMAN_T_XY_WING] = {"XY-wing",
                         4.2,
                         "wings",
                         {"Whatever %s holds, %s or %s is %d, so cells seeing both wings lose %d"}},
    [HUMAN_T_XYZ_WING] = {"XYZ-wing",
                          4.4,
                          "wings",
                          {"Whatever %s holds, %s or %s or the pivot itself is %d, so cells "
                           "seeing all three lose %d"}},
    [HUMAN_T_UNIQUE_RECTANGLE_1] = {"Unique rectangle type 1",
                                    4.5,
                                    "uniqueness",
                                    {T_RECTANGLE, T_UNIQUE_1}},
    [HUMAN_T_UNIQUE_RECTANGLE_2] = {"Unique rectangle type 2",
                                    4.5,
                                    "uniqueness",
                                    {T_RECTANGLE, T_UNIQUE_2}},
    [HUMAN_T_UNIQUE_RECTANGLE_3] = {"Unique rectangle type 3",
                                    4.5,
                                    "uniqueness",
                                    {T_RECTANGLE, T_UNIQUE_3_NAKED, T_UNIQUE_3_HIDDEN}},
    [HUMAN_T_UNIQUE_RECTANGLE_4] = {"Unique rectangle type 4",
                                    4.5,
                                    "uniqueness",
                                    {T_RECTANGLE, T_UNIQUE_4}},
    [HUMAN_T_UNIQUE_LOOP_1] = {"Unique loop type 1", 4.6, "uniqueness", {T_LOOP, T_UNIQUE_1}},
    [HUMAN_T_UNIQUE_LOOP_2] = {"Unique loop type 2", 4.6, "uniqueness", {T_LOOP, T_UNIQUE_2}},
    [HUMAN_T_UNIQUE_LOOP_3] = {"Unique loop type 3",
                               4.6,
                               "uniqueness",
                               {T_LOOP, T_UNIQUE_3_NAKED, T_UNIQUE_3_HIDDEN}},
    [HUMAN_T_UNIQUE_LOOP_4] = {"Unique loop type 4", 4.6, "uniqueness", {T_LOOP, T_UNIQUE_4}},
    [HUMAN_T_NAKED_QUAD] = {"Naked quad", 5.0, "subsets", {T_NAKED("quad")}},
    [HUMAN_T_JELLYFISH] = {"Jellyfish", 5.2, "fish", {T_FISH}, 160},
    [HUMAN_T_HIDDEN_QUAD] = {"Hidden quad", 5.4, "subsets", {T_HIDDEN("quad")}},
    [HUMAN_T_BUG_1] = {"Bivalue universal grave type 1",
                       5.6,
                       "bivalue universal grave",
                       {"Without %s in %s " T_GRAVE ", a grave with two solutions; so %s is "
                        "%s and loses its other candidates"}},
    [HUMAN_T_BUG_2] = {"Bivalue universal grave type 2",
                       5.7,
                       "bivalue universal grave",
                       {"Without %d in %s " T_GRAVE ", a grave with two solutions; so one "
                        "of them is %d and the cells seeing them all lose %d"}},
    [HUMAN_T_BUG_3] = {"Bivalue universal grave type 3",
                       5.8,
                       "bivalue universal grave",
                       {"Without their extra candidates %s " T_GRAVE " (two solutions); so "
                        "one of %s is %s, a naked set %s with %s in %s, whose other cells lose "
                        "them"}},
    [HUMAN_T_BUG_4] = {"Bivalue universal grave type 4",
                       5.7,
                       "bivalue universal grave",
                       {"Without their extra candidates %s " T_GRAVE " (two solutions); so "
                        "%s or %s holds its extra candidate, the other is %d (its only places in "
                        "%s), and both lose the rest"}},
    [HUMAN_T_ALIGNED_PAIR] = {"Aligned pair exclusion", 6.2, "aligned exclusion", T_ALIGNED},
    [HUMAN_T_X_CYCLE] = {"X-cycle", 6.5, "static chains", {T_CYCLE("X-cycle")}},
    [HUMAN_T_Y_CYCLE] = {"Y-cycle", 6.5, "static chains", {T_CYCLE("Y-cycle")}},
    [HUMAN_T_FORCING_X_CHAIN] = {"Forcing X-chain", 6.6, "static chains", {T_FORCING}},
    [HUMAN_T_BIDIRECTIONAL_CYCLE] = {"Bidirectional cycle",
                                     7.0,
                                     "static chains",
                                     {T_CYCLE("Bidirectional cycle")}},
    [HUMAN_T_FORCING_CHAIN] = {"Forcing chain", 7.0, "static chains", {T_FORCING}},
    [HUMAN_T_ALIGNED_TRIPLE] = {"Aligned triple exclusion", 7.5, "aligned exclusion", T_ALIGNED},
    [HUMAN_T_NISHIO] = {"Nishio forcing chain", 7.5, "dynamic chains", T_CHAINS},
    [HUMAN_T_MULTIPLE] = {"Cell/region forcing chains", 8.0, "static chains", T_CHAINS},
    [HUMAN_T_DYNAMIC] = {"Dynamic forcing chain", 8.5, "dynamic chains", T_CHAINS},
    [HUMAN_T_DYNAMIC_PLUS] = {"Dynamic forcing chain (+)", 9.0, "nested chains", T_CHAINS},
    [HUMAN_T_NESTED_FORCING] = {"Dynamic chain (+forcing chains)", 9.5, "nested chains", T_CHAINS},
    [HUMAN_T_NESTED_MULTIPLE] = {"Dynamic chain (+multiple chains)", 10.0, "nested chains",
                                 T_CHAINS},
    [HUMAN_T_NESTED_DYNAMIC] = {"Dynamic chain (+dynamic chains)", 10.5, "nested chains", T_CHAINS},
    [HUMAN_T_NESTED_DYNAMIC_PLUS] = {"Dynamic chain (+dynamic chains+)", 11.0, "nested chains",
                                     T_CHAINS},
    [HUMAN_T_SKYSCRAPER] = {"Skyscraper", 4.0, "strong links (Sukaku Explainer)",
                            {T_STRONG_LINKS}, 130},
    [HUMAN_T_GROUPED_SKYSCRAPER] = {"Grouped skyscraper",
                                    4.3,
                                    "strong links (Sukaku Explainer)",
                                    {T_STRONG_LINKS}},
    [HUMAN_T_KITE] = {"2-string kite", 4.1, "strong links (Sukaku Explainer)", {T_STRONG_LINKS}},
    [HUMAN_T_GROUPED_KITE] = {"Grouped 2-string kite",
                              4.3,
                              "strong links (Sukaku Explainer)",
                              {T_STRONG_LINKS}},
    [HUMAN_T_TURBOT] = {"Turbot fish", 4.1, "strong links (Sukaku Explainer)", {T_STRONG_LINKS}},
    [HUMAN_T_GROUPED_TURBOT] = {"Grouped turbot fish",
                                4.3,
                                "strong links (Sukaku Explainer)",
                                {T_STRONG_LINKS}},
    [HUMAN_T_X_LOOP_2] = {"X-loop (2 strong links)",
                          4.0,
                          "strong links (Sukaku Explainer)",
                          {T_X_LOOP}},
    [HUMAN_T_GROUPED_X_LOOP_2] = {"Grouped X-loop (2 strong links)",
                                  4.3,
                                  "strong links (Sukaku Explainer)",
                                  {T_X_LOOP}},
    [HUMAN_T_SKYSCRAPERS_3] = {"3 skyscrapers",
                               5.4,
                               "strong links (Sukaku Explainer)",
                               {T_STRONG_LINKS}},
    [HUMAN_T_GROUPED_SKYSCRAPERS_3] = {"Grouped 3 skyscrapers",
                                       5.7,
                                       "strong links (Sukaku Explainer)",
                                       {T_STRONG_LINKS}},
    [HUMAN_T_KITE_3] = {"3-string kite", 5.5, "strong links (Sukaku Explainer)", {T_STRONG_LINKS}},
    [HUMAN_T_GROUPED_KITE_3] = {"Grouped 3-string kite",
                                5.7,
                                "strong links (Sukaku Explainer)",
                                {T_STRONG_LINKS}},
    [HUMAN_T_STRONG_LINKS_3] = {"3 strong links",
                                5.5,
                                "strong links (Sukaku Explainer)",
                                {T_STRONG_LINKS}},
    [HUMAN_T_GROUPED_STRONG_LINKS_3] = {"Grouped 3 strong links",
                                        5.7,
                                        "strong links (Sukaku Explainer)",
                                        {T_STRONG_LINKS}},
    [HUMAN_T_X_LOOP_3] = {"X-loop (3 strong links)",
                          5.4,
                          "strong links (Sukaku Explainer)",
                          {T_X_LOOP}},
    [HUMAN_T_GROUPED_X_LOOP_3] = {"Grouped X-loop (3 strong links)",
                                  5.7,
                                  "strong links (Sukaku Explainer)",
                                  {T_X_LOOP}},
    [HUMAN_T_WXYZ_WING] = {"WXYZ-wing", 5.5, "wings (Sukaku Explainer)", T_WXYZ},
    [HUMAN_T_VWXYZ_WING] = {"VWXYZ-wing", 6.2, "wings (Sukaku Explainer)", T_WXYZ},
    [HUMAN_T_TRIAL_AND_ERROR] = {"Trial and error",
                                 11.0,
                                 "last resort",
                                 {"No technique known to this rater applies; trying the "
                                  "candidates shows %s is %d"}},
    H(HUMAN_T_HODOKU_FULL_HOUSE, "Full House", 1.0, "singles",
      "%s is the only empty cell left in %s, so it is %d", 4),
    H(HUMAN_T_HODOKU_NAKED_SINGLE, "Naked Single", 2.3, "singles",
      "%d is the only candidate left in %s", 4),
    H(HUMAN_T_HODOKU_HIDDEN_SINGLE, "Hidden Single", 1.2, "singles", T_HIDDEN_SINGLE, 14),
    H(HUMAN_T_HODOKU_LOCKED_PAIR, "Locked Pair", 3.0, "intersections",
      "%s hold only %s between them and share %s and %s, so those digits leave the rest of both",
      40),
    H(HUMAN_T_HODOKU_LOCKED_TRIPLE, "Locked Triple", 3.6, "intersections",
      "%s hold only %s between them and share %s and %s, so those digits leave the rest of both",
      60),
    H(HUMAN_T_HODOKU_POINTING, "Locked Candidates Type 1 (Pointing)", 2.6, "intersections",
      T_INTERSECTION, 50),
    H(HUMAN_T_HODOKU_CLAIMING, "Locked Candidates Type 2 (Claiming)", 2.8, "intersections",
      T_INTERSECTION, 50),
    H(HUMAN_T_HODOKU_NAKED_PAIR, "Naked Pair", 3.0, "subsets", T_NAKED("pair"), 60),
    H(HUMAN_T_HODOKU_NAKED_TRIPLE, "Naked Triple", 3.6, "subsets", T_NAKED("triple"), 80),
    H(HUMAN_T_HODOKU_NAKED_QUAD, "Naked Quadruple", 5.0, "subsets", T_NAKED("quadruple"), 120),
    H(HUMAN_T_HODOKU_HIDDEN_PAIR, "Hidden Pair", 3.4, "subsets", T_HIDDEN("pair"), 70),
    H(HUMAN_T_HODOKU_HIDDEN_TRIPLE, "Hidden Triple", 4.0, "subsets", T_HIDDEN("triple"), 100),
    H(HUMAN_T_HODOKU_HIDDEN_QUAD, "Hidden Quadruple", 5.4, "subsets", T_HIDDEN("quadruple"), 150),
    H(HUMAN_T_HODOKU_X_WING, "X-Wing", 3.2, "basic fish", T_HODOKU_FISH, 140),
    H(HUMAN_T_HODOKU_FINNED_X_WING, "Finned X-Wing", 0, "finned fish", T_HODOKU_FISH, 130),
    H(HUMAN_T_HODOKU_FINNED_SWORDFISH, "Finned Swordfish", 0, "finned fish", T_HODOKU_FISH, 200),
    H(HUMAN_T_HODOKU_FINNED_JELLYFISH, "Finned Jellyfish", 0, "finned fish", T_HODOKU_FISH, 250),
    H(HUMAN_T_HODOKU_SASHIMI_X_WING, "Sashimi X-Wing", 0, "finned fish", T_HODOKU_FISH, 150),
    H(HUMAN_T_HODOKU_SASHIMI_SWORDFISH, "Sashimi Swordfish", 0, "finned fish", T_HODOKU_FISH, 240),
    H(HUMAN_T_HODOKU_SASHIMI_JELLYFISH, "Sashimi Jellyfish", 0, "finned fish", T_HODOKU_FISH, 260),
    H(HUMAN_T_HODOKU_FRANKEN_X_WING, "Franken X-Wing", 0, "franken fish", T_HODOKU_FISH, 300),
    H(HUMAN_T_HODOKU_FRANKEN_SWORDFISH, "Franken Swordfish", 0, "franken fish", T_HODOKU_FISH, 350),
    H(HUMAN_T_HODOKU_FINNED_FRANKEN_X_WING, "Finned Franken X-Wing", 0, "franken fish",
      T_HODOKU_FISH, 390),
    H(HUMAN_T_HODOKU_FINNED_FRANKEN_SWORDFISH, "Finned Franken Swordfish", 0, "franken fish",
      T_HODOKU_FISH, 410),
    H(HUMAN_T_HODOKU_MUTANT_X_WING, "Mutant X-Wing", 0, "mutant fish", T_HODOKU_FISH, 450),
    H(HUMAN_T_HODOKU_MUTANT_SWORDFISH, "Mutant Swordfish", 0, "mutant fish", T_HODOKU_FISH, 450),
    H(HUMAN_T_HODOKU_FINNED_MUTANT_X_WING, "Finned Mutant X-Wing", 0, "mutant fish", T_HODOKU_FISH,
      470),
    H(HUMAN_T_HODOKU_FINNED_MUTANT_SWORDFISH, "Finned Mutant Swordfish", 0, "mutant fish",
      T_HODOKU_FISH, 470),
    H(HUMAN_T_HODOKU_REMOTE_PAIR, "Remote Pair", 0, "chains",
      "%s hold only %d and %d and alternate along the chain %s, so cells seeing two of them of "
      "opposite colour lose both: %s", 110),
    H(HUMAN_T_HODOKU_BUG_PLUS_1, "Bivalue Universal Grave + 1", 5.6, "uniqueness",
      "Every empty cell but %s has two candidates and every digit two places per unit but %d "
      "there; without it the grid would have two solutions, so %s is %d", 100),
    H(HUMAN_T_HODOKU_KITE, "2-String Kite", 4.1, "single digit patterns",
      "%d in %s (connected by %s): one end of the row or of the column is %d, so %s", 150),
    H(HUMAN_T_HODOKU_TURBOT, "Turbot Fish", 4.1, "single digit patterns",
      "%d: %s; one end is %d, so cells seeing both lose it: %s", 120),
    H(HUMAN_T_HODOKU_EMPTY_RECTANGLE, "Empty Rectangle", 0, "single digit patterns",
      "%d in %s lies on one row and one column of the box (an empty rectangle); with the "
      "conjugate pair %s, %s", 120),
    H(HUMAN_T_HODOKU_W_WING, "W-Wing", 0, "wings",
      "%s both hold only %d and %d, and %d in %s is in %s or %s, each seeing one of them: one "
      "of the two is %d, so %s", 150),
    H(HUMAN_T_HODOKU_XY_WING, "XY-Wing", 4.2, "wings",
      "Whatever %s holds, %s or %s is %d, so %s", 160),
    H(HUMAN_T_HODOKU_XYZ_WING, "XYZ-Wing", 4.4, "wings",
      "Whatever %s holds, %s or %s or the pivot itself is %d, so %s", 180),
    H(HUMAN_T_HODOKU_UNIQUENESS_1, "Uniqueness Test 1", 4.5, "uniqueness",
      "Unique rectangle %s on %d/%d: %s", 100),
    H(HUMAN_T_HODOKU_UNIQUENESS_2, "Uniqueness Test 2", 4.5, "uniqueness",
      "Unique rectangle %s on %d/%d: %s", 100),
    H(HUMAN_T_HODOKU_UNIQUENESS_3, "Uniqueness Test 3", 4.6, "uniqueness",
      "Unique rectangle %s on %d/%d: %s", 100),
    H(HUMAN_T_HODOKU_UNIQUENESS_4, "Uniqueness Test 4", 4.5, "uniqueness",
      "Unique rectangle %s on %d/%d: %s", 100),
    H(HUMAN_T_HODOKU_UNIQUENESS_5, "Uniqueness Test 5", 4.5, "uniqueness",
      "Unique rectangle %s on %d/%d: %s", 100),
    H(HUMAN_T_HODOKU_UNIQUENESS_6, "Uniqueness Test 6", 0, "uniqueness",
      "Unique rectangle %s on %d/%d: %s", 100),
    H(HUMAN_T_HODOKU_HIDDEN_RECTANGLE, "Hidden Rectangle", 0, "uniqueness",
      "Unique rectangle %s on %d/%d: %s", 100),
    H(HUMAN_T_HODOKU_AVOIDABLE_RECTANGLE_1, "Avoidable Rectangle Type 1", 0, "uniqueness",
      "Avoidable rectangle %s on %d/%d: %s", 100),
    H(HUMAN_T_HODOKU_AVOIDABLE_RECTANGLE_2, "Avoidable Rectangle Type 2", 0, "uniqueness",
      "Avoidable rectangle %s on %d/%d: %s", 100),
    H(HUMAN_T_HODOKU_SUE_DE_COQ, "Sue de Coq", 0, "miscellaneous",
      "%s hold %s; with %s (%s) in the line and %s (%s) in the box they lock those digits, so %s",
      250),
    H(HUMAN_T_HODOKU_SIMPLE_COLORS_TRAP, "Simple Colors Trap", 0, "coloring",
      "Colouring %d: %s / %s; one colour is true, so cells seeing both colours lose it: %s", 150),
    H(HUMAN_T_HODOKU_SIMPLE_COLORS_WRAP, "Simple Colors Wrap", 0, "coloring",
      "Colouring %d: %s / %s; one colour sees itself, so it is false: %s", 150),
    H(HUMAN_T_HODOKU_MULTI_COLORS_1, "Multi Colors 1", 0, "coloring",
      "Colouring %d: %s / %s and %s / %s: %s", 200),
    H(HUMAN_T_HODOKU_MULTI_COLORS_2, "Multi Colors 2", 0, "coloring",
      "Colouring %d: %s / %s and %s / %s: %s", 200),
    H(HUMAN_T_HODOKU_X_CHAIN, "X-Chain", 6.6, "chains",
      "%d: %s; one end is %d, so cells seeing both lose it: %s", 260),
    H(HUMAN_T_HODOKU_XY_CHAIN, "XY-Chain", 6.6, "chains",
      "%d: %s; one end is %d, so cells seeing both lose it: %s", 260),
    H(HUMAN_T_HODOKU_ALS_XZ, "Almost Locked Set XZ-Rule", 0, "almost locked sets",
      "A=%s, B=%s, X=%s: %s", 300),
    H(HUMAN_T_HODOKU_ALS_XY_WING, "Almost Locked Set XY-Wing", 0, "almost locked sets",
      "A=%s, B=%s, C=%s, X,Y=%s: %s", 320),
    H(HUMAN_T_HODOKU_ALS_XY_CHAIN, "Almost Locked Set XY-Chain", 0, "almost locked sets",
      "%s: %s", 340),
    H(HUMAN_T_HODOKU_BRUTE_FORCE, "Brute Force", 0, "last resort",
      "No technique of HoDoKu's set applies: the solution's digit of %s, the middle empty cell, "
      "is %d", 10000),
};

const human_technique *human_technique_of(human_technique_id id)
{
    return &human_technique_table[id];
}

int human_technique_find(const char *name)
{
    for (int i = 0; i < HUMAN_TECHNIQUES; i++)
        if (strcmp(human_technique_table[i].name, name) == 0)
            return i;
    return -1;
}
