/* The human rater's techniques: every name it reports, with SE's rating, family and explanation
 * templates. */
#include "human.h"

#include <string.h>
#include <strings.h>

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
#define H(id, name, se, family, text, score, description)                                         \
    [id] = {name, se, "HoDoKu: " family, {text}, score, description}
/* A forcing chain or net verity: from both truths of a candidate, every candidate of a cell,
 * every place of a digit in a unit. */
#define HODOKU_VERITY_TEXTS                                                                        \
    {"%s: both %s=%d and %s<>%d lead to it", "%s: every candidate of %s leads to it",             \
     "%s: every place of %d in %s leads to it"}

static const human_technique human_technique_table[HUMAN_TECHNIQUES] = {
    [HUMAN_T_FULL_HOUSE] = {"Last value in a unit",
                            1.0,
                            "singles",
                            {"%s is the only empty cell left in %s, so it is %d"}, 4},
    [HUMAN_T_HIDDEN_SINGLE_BOX] = {"Hidden single in a box", 1.2, "singles", {T_HIDDEN_SINGLE}, 14},
    [HUMAN_T_HIDDEN_SINGLE_LINE] = {"Hidden single in a line", 1.5, "singles", {T_HIDDEN_SINGLE}, 14},
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
                              {"%d is the only candidate left in %s"}, 4},
    [HUMAN_T_DIRECT_HIDDEN_TRIPLE] = {"Direct hidden triple",
                                      2.5,
                                      "subsets",
                                      {T_HIDDEN("triple"), T_DIRECT_SINGLE}},
    [HUMAN_T_POINTING] = {"Pointing", 2.6, "intersections", {T_INTERSECTION}, 50},
    [HUMAN_T_CLAIMING] = {"Claiming", 2.8, "intersections", {T_INTERSECTION}, 50},
    [HUMAN_T_NAKED_PAIR] = {"Naked pair", 3.0, "subsets", {T_NAKED("pair")}, 60},
    [HUMAN_T_X_WING] = {"X-wing", 3.2, "fish", {T_FISH}, 140},
    [HUMAN_T_HIDDEN_PAIR] = {"Hidden pair", 3.4, "subsets", {T_HIDDEN("pair")}, 70},
    [HUMAN_T_NAKED_TRIPLE] = {"Naked triple", 3.6, "subsets", {T_NAKED("triple")}, 80},
    [HUMAN_T_SWORDFISH] = {"Swordfish", 3.8, "fish", {T_FISH}, 150,
                           "In three rows a digit fits only in the same three columns (or the "
                           "reverse): it goes in those crossings, so it leaves the rest of the "
                           "three columns."},
    [HUMAN_T_HIDDEN_TRIPLE] = {"Hidden triple", 4.0, "subsets", {T_HIDDEN("triple")}, 100},
    [HUMAN_T_XY_WING] = {"XY-wing",
                         4.2,
                         "wings",
                         {"Whatever %s holds, %s or %s is %d, so cells seeing both wings lose %d"}, 160},
    [HUMAN_T_XYZ_WING] = {"XYZ-wing",
                          4.4,
                          "wings",
                          {"Whatever %s holds, %s or %s or the pivot itself is %d, so cells "
                           "seeing all three lose %d"}, 180},
    [HUMAN_T_UNIQUE_RECTANGLE_1] = {"Unique rectangle type 1",
                                    4.5,
                                    "uniqueness",
                                    {T_RECTANGLE, T_UNIQUE_1}, 100},
    [HUMAN_T_UNIQUE_RECTANGLE_2] = {"Unique rectangle type 2",
                                    4.5,
                                    "uniqueness",
                                    {T_RECTANGLE, T_UNIQUE_2}, 100},
    [HUMAN_T_UNIQUE_RECTANGLE_3] = {"Unique rectangle type 3",
                                    4.5,
                                    "uniqueness",
                                    {T_RECTANGLE, T_UNIQUE_3_NAKED, T_UNIQUE_3_HIDDEN}, 100},
    [HUMAN_T_UNIQUE_RECTANGLE_4] = {"Unique rectangle type 4",
                                    4.5,
                                    "uniqueness",
                                    {T_RECTANGLE, T_UNIQUE_4}, 100},
    [HUMAN_T_UNIQUE_LOOP_1] = {"Unique loop type 1", 4.6, "uniqueness", {T_LOOP, T_UNIQUE_1}},
    [HUMAN_T_UNIQUE_LOOP_2] = {"Unique loop type 2", 4.6, "uniqueness", {T_LOOP, T_UNIQUE_2}},
    [HUMAN_T_UNIQUE_LOOP_3] = {"Unique loop type 3",
                               4.6,
                               "uniqueness",
                               {T_LOOP, T_UNIQUE_3_NAKED, T_UNIQUE_3_HIDDEN}},
    [HUMAN_T_UNIQUE_LOOP_4] = {"Unique loop type 4", 4.6, "uniqueness", {T_LOOP, T_UNIQUE_4}},
    [HUMAN_T_NAKED_QUAD] = {"Naked quad", 5.0, "subsets", {T_NAKED("quad")}, 120},
    [HUMAN_T_JELLYFISH] = {"Jellyfish", 5.2, "fish", {T_FISH}, 160,
                           "In four rows a digit fits only in the same four columns (or the "
                           "reverse): it leaves the rest of the four columns."},
    [HUMAN_T_HIDDEN_QUAD] = {"Hidden quad", 5.4, "subsets", {T_HIDDEN("quad")}, 150},
    [HUMAN_T_BUG_1] = {"Bivalue universal grave type 1",
                       5.6,
                       "bivalue universal grave",
                       {"Without %s in %s " T_GRAVE ", a grave with two solutions; so %s is "
                        "%s and loses its other candidates"}, 100},
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
                            {T_STRONG_LINKS}, 130,
                            "A digit with two places in each of two rows (or columns), one end "
                            "of each in the same column: one of the two other ends holds it, so "
                            "cells seeing both lose it."},
    [HUMAN_T_GROUPED_SKYSCRAPER] = {"Grouped skyscraper",
                                    4.3,
                                    "strong links (Sukaku Explainer)",
                                    {T_STRONG_LINKS}},
    [HUMAN_T_KITE] = {"2-string kite", 4.1, "strong links (Sukaku Explainer)", {T_STRONG_LINKS}, 150},
    [HUMAN_T_GROUPED_KITE] = {"Grouped 2-string kite",
                              4.3,
                              "strong links (Sukaku Explainer)",
                              {T_STRONG_LINKS}},
    [HUMAN_T_TURBOT] = {"Turbot fish", 4.1, "strong links (Sukaku Explainer)", {T_STRONG_LINKS}, 120},
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
      "%s is the only empty cell left in %s, so it is %d", 4,
      "The last empty cell of a row, column or box takes the one digit the unit still lacks."),
    H(HUMAN_T_HODOKU_NAKED_SINGLE, "Naked Single", 2.3, "singles",
      "%d is the only candidate left in %s", 4,
      "A cell with one candidate left takes it."),
    H(HUMAN_T_HODOKU_HIDDEN_SINGLE, "Hidden Single", 1.2, "singles", T_HIDDEN_SINGLE, 14,
      "A digit that has one place left in a row, column or box goes there."),
    H(HUMAN_T_HODOKU_LOCKED_PAIR, "Locked Pair", 3.0, "intersections",
      "%s hold only %s between them and share %s and %s, so those digits leave the rest of both",
      40,
      "Two cells of one box and one line hold the same two candidates and nothing else: the two digits go in those cells, so they leave the rest of the box and of the line."),
    H(HUMAN_T_HODOKU_LOCKED_TRIPLE, "Locked Triple", 3.6, "intersections",
      "%s hold only %s between them and share %s and %s, so those digits leave the rest of both",
      60,
      "Three cells of one box and one line hold three candidates between them: those digits go in those cells, so they leave the rest of the box and of the line."),
    H(HUMAN_T_HODOKU_POINTING, "Locked Candidates Type 1 (Pointing)", 2.6, "intersections",
      T_INTERSECTION, 50,
      "The places of a digit in a box all lie in one row or column: the digit goes in that box's part of the line, so it leaves the rest of the line."),
    H(HUMAN_T_HODOKU_CLAIMING, "Locked Candidates Type 2 (Claiming)", 2.8, "intersections",
      T_INTERSECTION, 50,
      "The places of a digit in a row or column all lie in one box: the digit goes in that part of the box, so it leaves the rest of the box."),
    H(HUMAN_T_HODOKU_NAKED_PAIR, "Naked Pair", 3.0, "subsets", T_NAKED("pair"), 60,
      "Two cells of a unit hold the same two candidates and nothing else: those digits go there, so the other cells of the unit lose them."),
    H(HUMAN_T_HODOKU_NAKED_TRIPLE, "Naked Triple", 3.6, "subsets", T_NAKED("triple"), 80,
      "Three cells of a unit hold three candidates between them: those digits go there, so the other cells of the unit lose them."),
    H(HUMAN_T_HODOKU_NAKED_QUAD, "Naked Quadruple", 5.0, "subsets", T_NAKED("quadruple"), 120,
      "Four cells of a unit hold four candidates between them: those digits go there, so the other cells of the unit lose them."),
    H(HUMAN_T_HODOKU_HIDDEN_PAIR, "Hidden Pair", 3.4, "subsets", T_HIDDEN("pair"), 70,
      "Two digits of a unit fit only in the same two cells: those cells hold nothing else."),
    H(HUMAN_T_HODOKU_HIDDEN_TRIPLE, "Hidden Triple", 4.0, "subsets", T_HIDDEN("triple"), 100,
      "Three digits of a unit fit only in three cells: those cells hold nothing else."),
    H(HUMAN_T_HODOKU_HIDDEN_QUAD, "Hidden Quadruple", 5.4, "subsets", T_HIDDEN("quadruple"), 150,
      "Four digits of a unit fit only in four cells: those cells hold nothing else."),
    H(HUMAN_T_HODOKU_X_WING, "X-Wing", 3.2, "basic fish", T_HODOKU_FISH, 140,
      "In two rows a digit fits only in the same two columns (or the reverse): it goes in two opposite corners, so it leaves the rest of both columns. HoDoKu's Swordfish and Jellyfish are the same with three and four lines."),
    H(HUMAN_T_HODOKU_FINNED_X_WING, "Finned X-Wing", 0, "finned fish", T_HODOKU_FISH, 130,
      "An X-Wing spoiled by extra places (fins) in one base line: either the fish holds or a fin is true, so the cells of the cover lines that see every fin lose the digit."),
    H(HUMAN_T_HODOKU_FINNED_SWORDFISH, "Finned Swordfish", 0, "finned fish", T_HODOKU_FISH, 200,
      "A Swordfish with fins: the cover cells seeing every fin lose the digit."),
    H(HUMAN_T_HODOKU_FINNED_JELLYFISH, "Finned Jellyfish", 0, "finned fish", T_HODOKU_FISH, 250,
      "A Jellyfish with fins: the cover cells seeing every fin lose the digit."),
    H(HUMAN_T_HODOKU_SASHIMI_X_WING, "Sashimi X-Wing", 0, "finned fish", T_HODOKU_FISH, 150,
      "A finned X-Wing whose base line with the fins has no more than one place without them: the fish is incomplete, yet the cells seeing every fin still lose the digit."),
    H(HUMAN_T_HODOKU_SASHIMI_SWORDFISH, "Sashimi Swordfish", 0, "finned fish", T_HODOKU_FISH, 240,
      "A sashimi Swordfish: a finned Swordfish missing a corner, with the same eliminations."),
    H(HUMAN_T_HODOKU_SASHIMI_JELLYFISH, "Sashimi Jellyfish", 0, "finned fish", T_HODOKU_FISH, 260,
      "A sashimi Jellyfish: a finned Jellyfish missing a corner, with the same eliminations."),
    H(HUMAN_T_HODOKU_FRANKEN_X_WING, "Franken X-Wing", 0, "franken fish", T_HODOKU_FISH, 300,
      "A fish whose base or cover sets mix lines and boxes: every place of the digit in the base units lies in the cover units, so the digit leaves the cover units outside the base."),
    H(HUMAN_T_HODOKU_FRANKEN_SWORDFISH, "Franken Swordfish", 0, "franken fish", T_HODOKU_FISH, 350,
      "A Franken fish of three base and three cover units (lines and boxes mixed)."),
    H(HUMAN_T_HODOKU_FINNED_FRANKEN_X_WING, "Finned Franken X-Wing", 0, "franken fish",
      T_HODOKU_FISH, 390,
      "A Franken X-Wing with fins (endo fins, places in two base units, included): the cover cells seeing every fin lose the digit."),
    H(HUMAN_T_HODOKU_FINNED_FRANKEN_SWORDFISH, "Finned Franken Swordfish", 0, "franken fish",
      T_HODOKU_FISH, 410,
      "A Franken Swordfish with fins: the cover cells seeing every fin lose the digit."),
    H(HUMAN_T_HODOKU_MUTANT_X_WING, "Mutant X-Wing", 0, "mutant fish", T_HODOKU_FISH, 450,
      "A fish whose base and cover units are of any kinds (rows, columns and boxes mixed freely); HoDoKu's Franken search reports one when its units come out that way."),
    H(HUMAN_T_HODOKU_MUTANT_SWORDFISH, "Mutant Swordfish", 0, "mutant fish", T_HODOKU_FISH, 450,
      "A Mutant fish of three base and three cover units."),
    H(HUMAN_T_HODOKU_FINNED_MUTANT_X_WING, "Finned Mutant X-Wing", 0, "mutant fish", T_HODOKU_FISH,
      470,
      "A Mutant X-Wing with fins."),
    H(HUMAN_T_HODOKU_FINNED_MUTANT_SWORDFISH, "Finned Mutant Swordfish", 0, "mutant fish",
      T_HODOKU_FISH, 470,
      "A Mutant Swordfish with fins."),
    H(HUMAN_T_HODOKU_REMOTE_PAIR, "Remote Pair", 0, "chains",
      "%s hold only %d and %d and alternate along the chain %s, so cells seeing two of them of "
      "opposite colour lose both: %s", 110,
      "A chain of four or more cells holding the same two digits, each seeing the next: the digits alternate along it, so a cell seeing two of its cells of opposite parity loses both digits."),
    H(HUMAN_T_HODOKU_BUG_PLUS_1, "Bivalue Universal Grave + 1", 5.6, "uniqueness",
      "Every empty cell but %s has two candidates and every digit two places per unit but %d "
      "there; without it the grid would have two solutions, so %s is %d", 100,
      "Every empty cell has two candidates but one, which has three, and every digit two places in each unit but one digit there: without it the grid would have two solutions, so that cell takes it."),
    H(HUMAN_T_HODOKU_KITE, "2-String Kite", 4.1, "single digit patterns",
      "%d in %s (connected by %s): one end of the row or of the column is %d, so %s", 150,
      "A digit with two places in a row and two in a column, one of each in the same box: one of the other two ends holds the digit, so the cell seeing both loses it."),
    H(HUMAN_T_HODOKU_TURBOT, "Turbot Fish", 4.1, "single digit patterns",
      "%d: %s; one end is %d, so cells seeing both lose it: %s", 120,
      "Two strong links of a digit joined by a weak one (an X-chain of three links): one of the two free ends holds the digit, so cells seeing both lose it."),
    H(HUMAN_T_HODOKU_EMPTY_RECTANGLE, "Empty Rectangle", 0, "single digit patterns",
      "%d in %s lies on one row and one column of the box (an empty rectangle); with the "
      "conjugate pair %s, %s", 120,
      "A digit confined in a box to one row and one column (an empty rectangle), and a conjugate pair of the digit from one of those lines: the cell where the pair's other end meets the box's other line loses the digit."),
    H(HUMAN_T_HODOKU_W_WING, "W-Wing", 0, "wings",
      "%s both hold only %d and %d, and %d in %s is in %s or %s, each seeing one of them: one "
      "of the two is %d, so %s", 150,
      "Two cells holding the same two digits x and y, and a strong link of y whose ends see one cell each: one of the two cells is x, so cells seeing both lose x."),
    H(HUMAN_T_HODOKU_XY_WING, "XY-Wing", 4.2, "wings",
      "Whatever %s holds, %s or %s is %d, so %s", 160,
      "A pivot with candidates x and y sees two cells with x and z and with y and z: whichever the pivot holds, one wing is z, so cells seeing both wings lose z."),
    H(HUMAN_T_HODOKU_XYZ_WING, "XYZ-Wing", 4.4, "wings",
      "Whatever %s holds, %s or %s or the pivot itself is %d, so %s", 180,
      "A pivot with x, y and z sees cells with x and z and with y and z: one of the three holds z, so cells seeing all three lose it."),
    H(HUMAN_T_HODOKU_UNIQUENESS_1, "Uniqueness Test 1", 4.5, "uniqueness",
      "Unique rectangle %s on %d/%d: %s", 100,
      "Four cells on two rows, two columns and two boxes holding the same two digits would allow two solutions (a deadly pattern); when only one corner has other candidates, it loses the two digits."),
    H(HUMAN_T_HODOKU_UNIQUENESS_2, "Uniqueness Test 2", 4.5, "uniqueness",
      "Unique rectangle %s on %d/%d: %s", 100,
      "A unique rectangle whose corners with extras share exactly one extra digit, in one line: one of them holds it, so cells seeing them all lose it."),
    H(HUMAN_T_HODOKU_UNIQUENESS_3, "Uniqueness Test 3", 4.6, "uniqueness",
      "Unique rectangle %s on %d/%d: %s", 100,
      "A unique rectangle whose two corners with extras act as one cell of a naked subset with other cells of their unit: the subset's digits leave the rest of the unit."),
    H(HUMAN_T_HODOKU_UNIQUENESS_4, "Uniqueness Test 4", 4.5, "uniqueness",
      "Unique rectangle %s on %d/%d: %s", 100,
      "A unique rectangle whose corners with extras share a unit where one rectangle digit has no other place: they hold it, so both lose the other rectangle digit."),
    H(HUMAN_T_HODOKU_UNIQUENESS_5, "Uniqueness Test 5", 4.5, "uniqueness",
      "Unique rectangle %s on %d/%d: %s", 100,
      "A unique rectangle whose corners with extras (diagonal, or three of them) share one extra digit: one holds it, so cells seeing them all lose it."),
    H(HUMAN_T_HODOKU_UNIQUENESS_6, "Uniqueness Test 6", 0, "uniqueness",
      "Unique rectangle %s on %d/%d: %s", 100,
      "A unique rectangle with extras in two diagonal corners where one rectangle digit lies in the rectangle's rows and columns only at its corners: the diagonal corners with extras lose it."),
    H(HUMAN_T_HODOKU_HIDDEN_RECTANGLE, "Hidden Rectangle", 0, "uniqueness",
      "Unique rectangle %s on %d/%d: %s", 100,
      "A unique rectangle with one or two bivalue corners (diagonal) where one rectangle digit has only the rectangle's places in the row and column through the corner opposite: that corner loses the other digit."),
    H(HUMAN_T_HODOKU_AVOIDABLE_RECTANGLE_1, "Avoidable Rectangle Type 1", 0, "uniqueness",
      "Avoidable rectangle %s on %d/%d: %s", 100,
      "Three corners of a rectangle are placed digits (not givens) that, completed, could be swapped: the empty corner loses the digit that would complete it."),
    H(HUMAN_T_HODOKU_AVOIDABLE_RECTANGLE_2, "Avoidable Rectangle Type 2", 0, "uniqueness",
      "Avoidable rectangle %s on %d/%d: %s", 100,
      "Two corners are placed digits (not givens), the other two hold the swapped digits and one common extra: one of them holds the extra, so cells seeing both lose it."),
    H(HUMAN_T_HODOKU_SUE_DE_COQ, "Sue de Coq", 0, "miscellaneous",
      "%s hold %s; with %s (%s) in the line and %s (%s) in the box they lock those digits, so %s",
      250,
      "Two or three cells of a box-line intersection holding at least two digits more than cells, with cells of the line and of the box that lock those extra digits: the digits leave the rest of the line and of the box as the pattern allows."),
    H(HUMAN_T_HODOKU_SIMPLE_COLORS_TRAP, "Simple Colors Trap", 0, "coloring",
      "Colouring %d: %s / %s; one colour is true, so cells seeing both colours lose it: %s", 150,
      "The conjugate pairs of a digit coloured in two alternating colours: one colour is true, so a cell seeing both colours loses the digit."),
    H(HUMAN_T_HODOKU_SIMPLE_COLORS_WRAP, "Simple Colors Wrap", 0, "coloring",
      "Colouring %d: %s / %s; one colour sees itself, so it is false: %s", 150,
      "Two cells of one colour see each other: that colour is false, and every cell of it loses the digit."),
    H(HUMAN_T_HODOKU_MULTI_COLORS_1, "Multi Colors 1", 0, "coloring",
      "Colouring %d: %s / %s and %s / %s: %s", 200,
      "Two clusters of colours of one digit: when a colour of one sees a colour of the other, the other two colours cannot both be false, so cells seeing both lose the digit."),
    H(HUMAN_T_HODOKU_MULTI_COLORS_2, "Multi Colors 2", 0, "coloring",
      "Colouring %d: %s / %s and %s / %s: %s", 200,
      "A colour that sees both colours of another cluster is false: its cells lose the digit."),
    H(HUMAN_T_HODOKU_X_CHAIN, "X-Chain", 6.6, "chains",
      "%d: %s; one end is %d, so cells seeing both lose it: %s", 260,
      "Strong and weak links of one digit alternating from strong to strong: one end holds the digit, so cells seeing both ends lose it."),
    H(HUMAN_T_HODOKU_XY_CHAIN, "XY-Chain", 6.6, "chains",
      "%d: %s; one end is %d, so cells seeing both lose it: %s", 260,
      "A chain of bivalue cells, each sharing a digit with the next: the chain's start or end holds the digit at both ends, so cells seeing both lose it."),
    H(HUMAN_T_HODOKU_DISCONTINUOUS_NICE_LOOP, "Discontinuous Nice Loop", 7.0, "chains",
      "%s => %s", 280,
      "A loop of strong and weak links that comes back to its start cell with two links of the same kind, or of different kinds on different digits: the start cell's candidate the loop contradicts goes (two weak links on one digit: that digit goes; two strong links: it is the cell's digit)."),
    H(HUMAN_T_HODOKU_CONTINUOUS_NICE_LOOP, "Continuous Nice Loop", 7.0, "chains",
      "%s => %s", 280,
      "A closed loop of alternating strong and weak links: every weak link becomes strong, so the candidates seeing both ends of a weak link go, and a cell entered and left by strong links keeps only those two digits."),
    H(HUMAN_T_HODOKU_AIC, "AIC", 7.0, "chains",
      "%s => %s", 280,
      "An alternating inference chain that starts and ends with a strong link: one of its ends is true, so a candidate seeing both ends (on one digit), or an end's digit in the other end's cell, goes."),
    H(HUMAN_T_HODOKU_GROUPED_DISCONTINUOUS_NICE_LOOP, "Grouped Discontinuous Nice Loop", 0,
      "chains", "%s => %s", 300,
      "A discontinuous nice loop with group nodes: a digit's places in one box and line taken together as one node."),
    H(HUMAN_T_HODOKU_GROUPED_CONTINUOUS_NICE_LOOP, "Grouped Continuous Nice Loop", 0, "chains",
      "%s => %s", 300,
      "A continuous nice loop with group nodes: a digit's places in one box and line taken together as one node."),
    H(HUMAN_T_HODOKU_GROUPED_AIC, "Grouped AIC", 0, "chains", "%s => %s", 300,
      "An AIC with group nodes: a digit's places in one box and line taken together as one node."),
    H(HUMAN_T_HODOKU_ALS_XZ, "Almost Locked Set XZ-Rule", 0, "almost locked sets",
      "A=%s, B=%s, X=%s: %s", 300,
      "Two almost locked sets (n cells holding n+1 digits) sharing a restricted common digit x: one of them is a locked set, so cells seeing every place of a common digit z in both lose z."),
    H(HUMAN_T_HODOKU_ALS_XY_WING, "Almost Locked Set XY-Wing", 0, "almost locked sets",
      "A=%s, B=%s, C=%s, X,Y=%s: %s", 320,
      "Three almost locked sets linked by two restricted common digits: the two outer sets cannot both lose their link, so cells seeing a common digit in both outer sets lose it."),
    H(HUMAN_T_HODOKU_ALS_XY_CHAIN, "Almost Locked Set Chain", 0, "almost locked sets",
      "%s: %s", 340,
      "A chain of almost locked sets linked by restricted common digits: the end sets' common digit leaves the cells seeing it in both."),
    H(HUMAN_T_HODOKU_DEATH_BLOSSOM, "Death Blossom", 0, "almost locked sets",
      "stem %s, %s: %s", 360,
      "A stem cell each of whose candidates is a restricted common digit with its own almost locked set (petal): one petal is a locked set, so cells seeing every place of a digit common to all petals lose it. Off in HoDoKu's default set."),
    H(HUMAN_T_HODOKU_FORCING_CHAIN_CONTRADICTION, "Forcing Chain Contradiction", 7.0,
      "last resort", "%s: if %s, a contradiction follows in %s (%d chains)", 500,
      "An assumption whose chains of direct links lead to a contradiction (a candidate both true and false, two digits in a cell, a digit twice in a unit, a cell or unit left without a place): the assumption is false."),
    [HUMAN_T_HODOKU_FORCING_CHAIN_VERITY] = {"Forcing Chain Verity", 8.0, "HoDoKu: last resort",
      HODOKU_VERITY_TEXTS, 500,
      "Chains of direct links from both truths of a candidate, from every candidate of a cell or from every place of a digit in a unit all lead to the same conclusion: it holds."},
    H(HUMAN_T_HODOKU_FORCING_NET_CONTRADICTION, "Forcing Net Contradiction", 8.5,
      "last resort", "%s: if %s, a contradiction follows in %s (%d chains)", 700,
      "A forcing chain contradiction whose assumption is followed by the singles it leaves (a net: a conclusion may need several earlier ones)."),
    [HUMAN_T_HODOKU_FORCING_NET_VERITY] = {"Forcing Net Verity", 8.5, "HoDoKu: last resort",
      HODOKU_VERITY_TEXTS, 700,
      "A forcing chain verity whose branches are followed by the singles they leave (nets)."},
    H(HUMAN_T_HODOKU_BRUTE_FORCE, "Brute Force", 0, "last resort",
      "No technique of HoDoKu's set applies: the solution's digit of %s, the middle empty cell, "
      "is %d", 10000,
      "HoDoKu's last resort: no technique of the set applies, so the solution's digit of the middle empty cell is placed."),
};

/* Examples of the manual: for each technique, the first puzzle of
 * tests/data/17_clue_2000.txt (Gordon Royle's 17-clue collection) whose solve takes it, by
 * HoDoKu's path (tests/data/hodoku_17_clue.txt) for the HoDoKu set and by this rater's for the
 * SE set; for a HoDoKu technique none of them takes, the first of tests/data/hardest_60.txt
 * (tests/data/hodoku_hardest_60_paths.txt). */
static const struct {
    const char *name;
    const char *puzzle;
} human_technique_examples[] = {
    {"2-String Kite", ".................1..2..3.4.............15...6..3.7..2......473..5.......16...8..."},
    {"AIC", ".................1..2..3..4.......5.....3..6247..1.........7.8...6...9...1.8....."},
    {"Almost Locked Set XZ-Rule", ".................1..2..3.4......5.2..6...7...81...........1.3.6....8......96..2.."},
    {"Bivalue Universal Grave + 1", ".................1..2.34.........35....6..2...7.18.......5....2.3....4..68......."},
    {"Almost Locked Set XY-Wing", "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........"},
    {"Almost Locked Set Chain", "........6..5..18...9...8.7....8.2.....3.1.2..4..5.3....6.....9...83..1..7.......4"},
    {"Grouped AIC", ".....5..3..9....4..81.4.......7.......4..2..68...14.3.......2...4...6..79...5..1."},
    {"Forcing Chain Contradiction", "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........"},
    {"Forcing Chain Verity", "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........"},
    {"Forcing Net Contradiction", "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"},
    {"Forcing Net Verity", "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........"},
    {"Continuous Nice Loop", ".................1.....2.34.....56....7....8..8..1.7.....8.....3..6.....9.5.....3"},
    {"Discontinuous Nice Loop", ".................1.....2.34.....56....7....8..8..1.7.....8.....3..6.....9.5.....3"},
    {"Empty Rectangle", ".................1..2..3.4........2......43...5..1...6...47...8.2..8....3.9......"},
    {"Finned Franken Swordfish", ".................1..2..3.4......5.2..6...7...81...........1.3.6....8......96..2.."},
    {"Finned Jellyfish", ".................1..2..3.4.......2...1....5...6..74.......1..6...5....3...856...."},
    {"Finned Swordfish", ".................1..2..3..4.......5......4....3...678.....9.2..1..5.....46.1....."},
    {"Full House", ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."},
    {"Grouped Continuous Nice Loop", ".................1..2.34........2....4..5....6..1....7.....8.3...3...54.1..6....."},
    {"Grouped Discontinuous Nice Loop", ".................1..2.34.................526..7.8........98...7..6....3.2.51....."},
    {"Hidden Pair", ".................1..2..3..4.......2.....5....16..7........1.5....3..4....89..2.3."},
    {"Hidden Rectangle", ".................1..2..3.4........2..5..6.3..16..7.........8.....4..2....7..1...6"},
    {"Hidden Single", ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."},
    {"Hidden Triple", ".................1..2..3.4......5.....3.2.....1....6.7...6...5...8...3...6.17...."},
    {"Jellyfish", ".................1..2.34.........35....6..2...7.18.......5....2.3....4..68......."},
    {"Locked Candidates Type 1 (Pointing)", ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."},
    {"Locked Candidates Type 2 (Claiming)", ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."},
    {"Locked Pair", ".................1.....2.3...2...4....3.5......41....6.5.6......7.....2..8.91...."},
    {"Locked Triple", ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."},
    {"Multi Colors 1", ".................1..2..3.4........2..5..6.3..16..7.........8.....4..2....7..1...6"},
    {"Naked Pair", ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."},
    {"Naked Quadruple", ".................1..2.34..........2..5.....346..1........62.7.....8...5..74......"},
    {"Naked Single", ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."},
    {"Naked Triple", ".................1.....234.....5......3...6....7.1...8.5...3....9...6...18......5"},
    {"Remote Pair", ".................1.....234.....5......3...6....7.1...8.5...3....9...6...18......5"},
    {"Sashimi Swordfish", ".................1..2..3..4.......5......4.....3..678.....9.2...1.5.....64.1....."},
    {"Simple Colors Wrap", ".................1..2.34.5......6..7..3.......51.........81..3..7.3.....6.....2.."},
    {"Skyscraper", ".................1..2..3..4.......5......4.....3..678.....9.2...1.5.....64.1....."},
    {"Sue de Coq", ".................1..2..3.4......5....3....6..7...1...8.....625..8..9....1......3."},
    {"Swordfish", ".................1..2.34.5.............1.6..7..3....8.....8..3..9..2....61......9"},
    {"Turbot Fish", ".................1..2..3.4.......2...1....5...6..74.......1..6...5....3...856...."},
    {"Uniqueness Test 1", ".................1.....2.34.....56....7....8..8..1.7.....8.....3..6.....9.5.....3"},
    {"Uniqueness Test 3", ".................1..2.34.................526..7.8........98...7..6....3.2.51....."},
    {"Uniqueness Test 4", ".................1..2..3.4........2...4....3..5..6.........2....1..5.7.6.6.8....5"},
    {"W-Wing", ".................1..2..3..4.......5.....3..6247..1.........7.8...6...9...1.8....."},
    {"X-Chain", ".................1..2..3.4........2..5..6.3..16..7.........8.....4..2....7..1...6"},
    {"X-Wing", ".................1..2..3.4......23...5.......41......6...56......4.1......7...82."},
    {"XY-Chain", ".................1..2..3.4........2......43...5..1...6...47...8.2..8....3.9......"},
    {"XY-Wing", ".................1..2..3..4.......5.....3..6247..1.........7.8...6...9...1.8....."},
    {"XYZ-Wing", ".................1..2..3.4........2......43...5..1...6...47...8.2..8....3.9......"},
    {"Aligned pair exclusion", ".................1..2..3.4......25...1......67..........5...38...8.6.....4.17...."},
    {"Bidirectional cycle", ".................1.....2.34.....56....7....8..8..1.7.....8.....3..6.....9.5.....3"},
    {"Bivalue universal grave type 1", ".................1..2..3.4......52.6.1......7.8...2.......1..8....7.......59..6.."},
    {"Cell/region forcing chains", ".................1..2.34.................526..7.8........98...7..6....3.2.51....."},
    {"Claiming", ".................1.....234.....5......3...6....7.1...8.5...3....9...6...18......5"},
    {"Direct hidden pair", ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."},
    {"Direct hidden triple", ".................1....23.4........2...5....3...67......3....7...8.9....642..5...."},
    {"Direct pointing", ".................1.....2.3.....4...5..2.1...6..3..78.....9.32...1.....4..5......."},
    {"Forcing X-chain", ".................1.....234.....5......3...6....7.1...8.5...3....9...6...18......5"},
    {"Forcing chain", ".................1.....2.34.....56....7....8..8..1.7.....8.....3..6.....9.5.....3"},
    {"Hidden pair", ".................1.....234.....5......3...6....7.1...8.5...3....9...6...18......5"},
    {"Hidden single in a box", ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."},
    {"Hidden single in a line", ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."},
    {"Hidden triple", ".................1..2..3.4......5.....3.2.....1....6.7...6...5...8...3...6.17...."},
    {"Last value in a unit", ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."},
    {"Naked pair", ".................1.....234.....5......3...6....7.1...8.5...3....9...6...18......5"},
    {"Naked quad", ".................1..2.34..........2..5.....346..1........62.7.....8...5..74......"},
    {"Naked single", ".................1.....2.34.....56....7....8..8..1.7.....8.....3..6.....9.5.....3"},
    {"Naked triple", ".................1..2..3.4......5....1.....673...28.......1......9...2...5.7..8.."},
    {"Nishio forcing chain", ".................1..2..3.4......5.2..6...7...81...........1.3.6....8......96..2.."},
    {"Pointing", ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."},
    {"Swordfish", ".................1..2.34.5.............1.6..7..3....8.....8..3..9..2....61......9"},
    {"Unique loop type 2", ".................1..2.34........2.5...31......6.....3......7..2.8....4..53..6...."},
    {"Unique rectangle type 1", ".................1.....2.34.....56....7....8..8..1.7.....8.....3..6.....9.5.....3"},
    {"Unique rectangle type 2", ".................1..2.34.5.............6.1....45...7......7.4..1...52...6.......8"},
    {"Unique rectangle type 3", ".................1..2..3.4.......52..1..6.....7..8.9.....4.5.....3..2....6......3"},
    {"Unique rectangle type 4", ".................1..2..3.4.........5..3..4....6..1...7.....823..1.6...8..5......."},
    {"X-cycle", ".................1.....234.....5......3...6....7.1...8.5...3....9...6...18......5"},
    {"X-wing", ".................1..2..3.4........2..5..6.3..16..7.........8.....4..2....7..1...6"},
    {"XY-wing", ".................1....23.4......4.2...5........67..1...4........8.1..9..32....8.."},
    {"XYZ-wing", ".................1.....234.....5......3...6....7.1...8.5...3....9...6...18......5"},
    {"Y-cycle", ".................1..2..3.4........2......43...5..1...6...47...8.2..8....3.9......"},
};

const char *human_technique_example(const char *name)
{
    for (size_t i = 0; i < sizeof human_technique_examples / sizeof human_technique_examples[0];
         i++)
        if (strcmp(human_technique_examples[i].name, name) == 0)
            return human_technique_examples[i].puzzle;
    return NULL;
}

const human_technique *human_technique_of(human_technique_id id)
{
    return &human_technique_table[id];
}

const char *human_technique_about(human_technique_id id)
{
    const human_technique *t = &human_technique_table[id];
    for (int i = 0; !t->description && i < HUMAN_TECHNIQUES; i++)
        if (human_technique_table[i].description &&
            strcasecmp(human_technique_table[i].name, t->name) == 0)
            return human_technique_table[i].description;
    return t->description;
}

int human_technique_find(const char *name)
{
    for (int i = 0; i < HUMAN_TECHNIQUES; i++)
        if (strcmp(human_technique_table[i].name, name) == 0)
            return i;
    return -1;
}
