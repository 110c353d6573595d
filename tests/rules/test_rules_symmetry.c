/* The symmetry of rules values (sudokit/rules.h): the grid maps that keep
 * each family of rules, and the canonical form of a puzzle under them,
 * tested with random images: a puzzle and its images under maps that keep
 * the rules (with the digit relabellings allowed) have one canonical form;
 * maps that do not keep the rules are refused and their images are not
 * forced onto it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "rules/rules_fixture.h"
#include "sudokit/canon.h"
#include "sudokit/host.h"
#include "sudokit/rules.h"

/* The size of the group of grid maps of spec, whole, as listed. */
static void group_size(const char *spec, double whole_size, size_t listed, bool whole,
                       uint32_t digits)
{
    const sk_rules *rules = rules_test_compile(spec);
    sk_rules_symmetry_info info;
    CHECK(rules && sk_rules_symmetry(rules, &info) == SK_OK);
    if (rules) {
        printf("  %-28s maps %8zu  whole %-5s  group %.6g  digits %s\n", spec, info.maps,
               info.whole ? "yes" : "no", info.whole_size,
               info.digit_symmetry == SK_DIGITS_ANY       ? "any"
               : info.digit_symmetry == SK_DIGITS_REVERSE ? "reverse"
                                                          : "fixed");
        if (info.whole_size != whole_size || info.maps != listed || info.whole != whole ||
            info.digit_symmetry != digits)
            fprintf(stderr, "%s: %zu maps, whole %d, size %g, digits %u\n", spec, info.maps,
                    info.whole, info.whole_size, info.digit_symmetry);
        CHECK(info.whole_size == whole_size && info.maps == listed && info.whole == whole);
        CHECK_INT(info.digit_symmetry, digits);
    }
    sk_rules_free(rules);
}

/* Sizes of the 9x9 families (research/variants 6.1 counted them by brute
 * force over the whole group of 9x9 maps). */
static void groups_of_the_9x9_families(void)
{
    group_size("9x9", 3359232, 0, true, SK_DIGITS_ANY);
    group_size("9x9 x", 96, 96, true, SK_DIGITS_ANY);
    group_size("9x9 diagonal+", 2592, 2592, true, SK_DIGITS_ANY);
    group_size("9x9 windoku", 128, 128, true, SK_DIGITS_ANY);
    group_size("9x9 centre-dot", 4608, 4608, true, SK_DIGITS_ANY);
    group_size("9x9 asterisk", 32, 32, true, SK_DIGITS_ANY);
    group_size("9x9 girandola", 32, 32, true, SK_DIGITS_ANY);
    group_size("9x9 disjoint", 2592, 2592, true, SK_DIGITS_ANY);
    group_size("9x9 anti-king", 8, 8, true, SK_DIGITS_ANY);
    group_size("9x9 anti-knight", 8, 8, true, SK_DIGITS_ANY);
    group_size("9x9 non-consecutive", 8, 8, true, SK_DIGITS_REVERSE);
    group_size("9x9 x anti-knight", 8, 8, true, SK_DIGITS_ANY);
    /* two cages at opposite corners: rows 2-3, 7-8 and the middle band move
     * freely, so do the columns beside the cages, and a half turn swaps them */
    group_size("9x9 killer:3=r1c1+r1c2;3=r9c9+r9c8", 1152, 1152, true, SK_DIGITS_FIXED);
}

static void groups_of_other_geometries(void)
{
    group_size("4x4", 128, 128, true, SK_DIGITS_ANY);
    group_size("6x6", 3456, 3456, true, SK_DIGITS_ANY);
    group_size("6x6:3x2", 3456, 3456, true, SK_DIGITS_ANY);
    group_size("6x6 x", 8, 8, true, SK_DIGITS_ANY);
    group_size("8x8", 442368, 192, false, SK_DIGITS_ANY); /* 4! bands x 2! stacks x 4 flips */
    group_size("12x12", 2579890176.0, 576, false, SK_DIGITS_ANY);
    group_size("16x16", 2.0 * 7962624.0 * 7962624.0, 4608, false, SK_DIGITS_ANY);
    group_size("7x7:none", 2.0 * 5040 * 5040, 8, false, SK_DIGITS_ANY);
    group_size("6x6 jigsaw:abbbccaabbccaabccdaeedddeefffdeefffd", 2, 2, true, SK_DIGITS_ANY);
    group_size("4x4 jigsaw:aaabcabbccdbcddd", 4, 4, true, SK_DIGITS_ANY);
}

/* Every puzzle of tests/data/rules/puzzles.txt and 12 random images of it
 * under maps that keep its rules have one canonical form, itself an image
 * of the puzzle (the same clue count, and canonical again). */
static void random_images_share_the_canonical_form(void)
{
    char line[8192];
    FILE *file = fopen(SK_TEST_DATA "/rules/puzzles.txt", "r");
    CHECK(file != NULL);
    sk_rng rng;
    sk_rng_seed(&rng, 26, 0);
    int puzzles = 0;
    while (file && fgets(line, sizeof line, file)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        line[strcspn(line, "\n")] = '\0';
        char *name = strtok(line, "|"), *spec = strtok(NULL, "|"), *givens = strtok(NULL, "|");
        const sk_rules *rules = rules_test_compile(spec);
        if (!rules)
            continue;
        sk_board puzzle, canon, again, image, image_canon;
        size_t column;
        CHECK_INT(sk_rules_parse_board(rules, givens, strlen(givens), &puzzle, &column), 0);
        CHECK_INT(sk_rules_canon_form(rules, &puzzle, &canon), SK_OK);
        CHECK_INT(sk_rules_canon_form(rules, &canon, &again), SK_OK);
        CHECK(memcmp(canon.cells, again.cells, sizeof canon.cells) == 0);
        for (int round = 0; round < 12 && !sk_rules_is_classic(rules); round++) {
            sk_rules_map map;
            rules_test_random_map(rules, &rng, &map);
            sk_rules_map_apply(rules, &map, &puzzle, &image);
            CHECK_INT(sk_rules_canon_form(rules, &image, &image_canon), SK_OK);
            if (memcmp(canon.cells, image_canon.cells, sizeof canon.cells) != 0)
                fprintf(stderr, "%s: an image has another canonical form\n", name);
            CHECK(memcmp(canon.cells, image_canon.cells, sizeof canon.cells) == 0);
        }
        sk_rules_free(rules);
        puzzles++;
    }
    CHECK(puzzles >= 27);
    if (file)
        fclose(file);
}

/* 16x16, 25x25 and a Latin square list a subgroup: images under it share
 * the canonical form. */
static void subgroups_are_invariant_too(void)
{
    static const char *const specs[] = {"16x16", "25x25", "12x12", "8x8", "9x9:none", "16x16 x"};
    sk_rng rng;
    sk_rng_seed(&rng, 27, 0);
    for (size_t s = 0; s < sizeof specs / sizeof specs[0]; s++) {
        const sk_rules *rules = rules_test_compile(specs[s]);
        if (!rules)
            continue;
        uint32_t cells = rules->size * rules->size;
        sk_board puzzle = {{0}}, canon, image, image_canon;
        for (uint32_t k = 0; k < cells / 3; k++) /* a random board, conflicts or not */
            puzzle.cells[sk_rng_below(&rng, cells)] =
                (uint8_t)(1 + sk_rng_below(&rng, rules->size));
        CHECK_INT(sk_rules_canon_form(rules, &puzzle, &canon), SK_OK);
        for (int round = 0; round < 6; round++) {
            sk_rules_map map;
            rules_test_random_map(rules, &rng, &map);
            sk_rules_map_apply(rules, &map, &puzzle, &image);
            CHECK_INT(sk_rules_canon_form(rules, &image, &image_canon), SK_OK);
            CHECK(memcmp(canon.cells, image_canon.cells, sizeof canon.cells) == 0);
        }
        sk_rules_free(rules);
    }
}

/* The identity map of a grid of size n. */
static sk_rules_map identity_map(uint32_t n)
{
    sk_rules_map map = {.transpose = false};
    for (uint32_t i = 0; i < n; i++)
        map.rows[i] = map.cols[i] = (uint8_t)i;
    for (uint32_t d = 0; d <= n; d++)
        map.digits[d] = (uint8_t)d;
    return map;
}

/* Maps that do not keep the rules are refused, and their images are not
 * forced onto the puzzle's canonical form. */
static void other_maps_are_not_symmetries(void)
{
    const sk_rules *x = rules_test_compile("9x9 x");
    sk_board puzzle, image, canon, image_canon;
    size_t column;
    /* Solo's X puzzle (tests/data/rules/puzzles.txt, solo-3x3x) */
    CHECK_INT(sk_rules_parse_board(x,
                                   ".164....87..6.......89....5.......36.6.3.4.2.83.......6...."
                                   "91.......2..32....678.",
                                   81, &puzzle, &column),
              0);
    CHECK_INT(sk_rules_canon_form(x, &puzzle, &canon), SK_OK);
    sk_rules_map map = identity_map(9);
    CHECK(sk_rules_map_keeps(x, &map));
    map.rows[0] = 1, map.rows[1] = 0; /* keeps the boxes, not the diagonals */
    CHECK(!sk_rules_map_keeps(x, &map));
    sk_rules_map_apply(x, &map, &puzzle, &image);
    CHECK_INT(sk_rules_canon_form(x, &image, &image_canon), SK_OK);
    CHECK(memcmp(canon.cells, image_canon.cells, sizeof canon.cells) != 0);
    map = identity_map(9);
    map.rows[0] = 3, map.rows[3] = 0; /* breaks the boxes */
    CHECK(!sk_rules_map_keeps(x, &map));
    map = identity_map(9);
    map.rows[4] = 0; /* not a permutation */
    CHECK(!sk_rules_map_keeps(x, &map));
    sk_rules_free(x);
    /* a killer's sums keep their digits: relabelling is not a symmetry */
    const sk_rules *killer = rules_test_compile("9x9 killer:3=r1c1+r1c2");
    map = identity_map(9);
    CHECK(sk_rules_map_keeps(killer, &map));
    map.digits[1] = 2, map.digits[2] = 1;
    CHECK(!sk_rules_map_keeps(killer, &map));
    sk_rules_free(killer);
    /* non-consecutive: reversing the digits is one, swapping two is not */
    const sk_rules *nc = rules_test_compile("9x9 non-consecutive");
    map = identity_map(9);
    for (uint32_t d = 1; d <= 9; d++)
        map.digits[d] = (uint8_t)(10 - d);
    CHECK(sk_rules_map_keeps(nc, &map));
    map.digits[1] = 1, map.digits[9] = 9;
    CHECK(!sk_rules_map_keeps(nc, &map));
    sk_rules_free(nc);
}

/* Classic rules take the classic canonical form, unchanged. */
static void classic_rules_use_the_classic_form(void)
{
    const sk_rules *classic = rules_test_compile("9x9");
    sk_board puzzle, canon;
    sk_grid grid, classic_canon;
    size_t column;
    const char *text =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    CHECK_INT(sk_rules_parse_board(classic, text, 81, &puzzle, &column), 0);
    CHECK_INT(sk_rules_canon_form(classic, &puzzle, &canon), SK_OK);
    sk_board_to_grid(&grid, &puzzle);
    CHECK_INT(sk_canon_form(&grid, &classic_canon), SK_OK);
    CHECK(memcmp(canon.cells, classic_canon.cells, 81) == 0);
    sk_rules_map map;
    CHECK(!sk_rules_symmetry_map(classic, 0, &map));
    puzzle.cells[0] = 10;
    CHECK_INT(sk_rules_canon_form(classic, &puzzle, &canon), SK_ERR_INVALID);
    sk_rules_free(classic);
}

static void cleanup(void)
{
    rules_test_host_free();
}

static const ski_test_case symmetry_cases[] = {
    {"groups_of_the_9x9_families", groups_of_the_9x9_families},
    {"groups_of_other_geometries", groups_of_other_geometries},
    {"random_images_share_the_canonical_form", random_images_share_the_canonical_form},
    {"subgroups_are_invariant_too", subgroups_are_invariant_too},
    {"other_maps_are_not_symmetries", other_maps_are_not_symmetries},
    {"classic_rules_use_the_classic_form", classic_rules_use_the_classic_form},
    {"cleanup", cleanup},
};

SK_TEST_MAIN(symmetry_cases)
