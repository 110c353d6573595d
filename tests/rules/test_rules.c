/* The rules model (core/rules, sudokit/rules.h): geometry, terms through
 * the built-in constraint plugins, the normalised spec, precise errors, the
 * cache, checks, board text, and public variant puzzles solved under their
 * compiled rules. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudokit/host.h"
#include "sudokit/rules.h"

static sk_host *rules_host;

/* A host with the built-in constraint plugins and the reference solver. */
static sk_host *host(void)
{
    if (rules_host)
        return rules_host;
    static const char *const files[] = {
        SK_TEST_PLUGIN_DIR "/sk-constraint-houses.so",
        SK_TEST_PLUGIN_DIR "/sk-constraint-killer.so", SK_TEST_PLUGIN_DIR "/sk-constraint-lines.so",
        SK_TEST_PLUGIN_DIR "/sk-constraint-relations.so", SK_TEST_REFERENCE};
    sk_error err;
    rules_host = sk_host_new_empty();
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        if (sk_host_load(rules_host, files[i], &err) != 0) {
            fprintf(stderr, "%s\n", err.message);
            CHECK(0);
        }
    return rules_host;
}

/* Compile spec; NULL (with the message in *error) when it fails. */
static const sk_rules *compile(const char *spec, sk_rules_error *error)
{
    const sk_rules *rules = NULL;
    sk_rules_error ignored;
    if (sk_rules_compile(host(), spec, &rules, error ? error : &ignored) != 0)
        return NULL;
    return rules;
}

/* spec compiles and normalises to want. */
static void normalises(const char *spec, const char *want)
{
    sk_rules_error error;
    const sk_rules *rules = compile(spec, &error);
    if (!rules) {
        fprintf(stderr, "'%s': %s\n", spec, error.message);
        CHECK(rules != NULL);
        return;
    }
    CHECK_STR(sk_rules_spec(rules), want);
    sk_rules_free(rules);
}

/* spec is refused at column with a message containing want. */
static void refused(const char *spec, size_t column, const char *want)
{
    sk_rules_error error;
    const sk_rules *rules = compile(spec, &error);
    CHECK(rules == NULL);
    sk_rules_free(rules);
    if (!strstr(error.message, want) || error.column != column)
        fprintf(stderr, "'%s': column %zu: %s\n  wanted column %zu: %s\n", spec, error.column,
                error.message, column, want);
    CHECK(strstr(error.message, want) != NULL);
    CHECK_INT(error.column, column);
}

static void classic_is_9x9(void)
{
    static const char *const spellings[] = {"9x9", "", "9X9", "9x9:3x3", "  9x9  "};
    for (size_t i = 0; i < sizeof spellings / sizeof spellings[0]; i++) {
        const sk_rules *rules = compile(spellings[i], NULL);
        CHECK(rules != NULL);
        if (!rules)
            continue;
        CHECK_STR(sk_rules_spec(rules), "9x9");
        CHECK(sk_rules_is_classic(rules));
        CHECK_INT(sk_rules_size(rules), 9);
        CHECK_INT(rules->house_count, 27);
        CHECK_INT(rules->box_rows * 10 + rules->box_cols, 33);
        CHECK_INT(rules->digit_symmetry, SK_DIGITS_ANY);
        for (uint32_t cell = 0; cell < 81; cell++)
            CHECK_INT(rules->peer_start[cell + 1] - rules->peer_start[cell], 20);
        CHECK_INT(rules->region[80], 8);
        CHECK_STR(rules->houses[0].mark, "row");
        CHECK_STR(rules->houses[26].mark, "region");
        sk_rules_free(rules);
    }
}

static void boxes_of_every_size(void)
{
    normalises("4x4", "4x4");
    normalises("6x6", "6x6");
    normalises("6x6:2x3", "6x6");
    normalises("6x6:3x2", "6x6:3x2");
    normalises("8x8:4x2", "8x8:4x2");
    normalises("12x12:3x4", "12x12");
    normalises("16x16", "16x16");
    normalises("25x25", "25x25");
    normalises("7x7:none", "7x7:none");
    normalises("9x9:NONE", "9x9:none");
    const sk_rules *rules = compile("6x6:3x2", NULL);
    CHECK(rules && rules->box_rows == 3 && rules->box_cols == 2);
    CHECK(rules && rules->region[1] == 0 && rules->region[2] == 1 && rules->region[18] == 3);
    sk_rules_free(rules);
    rules = compile("7x7:none", NULL);
    CHECK(rules && rules->house_count == 14 && rules->region[0] == 255);
    CHECK(rules && rules->peer_start[1] - rules->peer_start[0] == 12);
    sk_rules_free(rules);
}

static void geometry_errors_say_where(void)
{
    refused("9x8", 1, "the grid must be square: 9x8 is not (write 9x9)");
    refused("3x3", 1, "grid size 3 is out of range: sizes are 4 to 25");
    refused("26x26", 1, "out of range");
    refused("9x9:2x5", 5, "boxes of 2x5 do not tile a 9x9 grid");
    refused("6x6:1x6", 5, "each at least 2");
    refused("9x9:abc", 5, "'abc' is not a box shape");
    refused("7x7", 1, "a 7x7 grid has no boxes (7 is prime): write 7x7:none");
    refused("9x9 6x6", 5, "the grid size '6x6' comes first in a spec, once");
    refused("x 9x9", 3, "the grid size '9x9' comes first");
}

/* A 6x6 jigsaw from Solo (tests/data/rules/puzzles.txt, solo-6j). */
static const char *const jigsaw6 = "abbbccaabbccaabccdaeedddeefffdeefffd";

static void jigsaw_regions(void)
{
    char spec[128], want[128];
    snprintf(want, sizeof want, "6x6 jigsaw:%s", jigsaw6);
    snprintf(spec, sizeof spec, "6x6 jigsaw:%s", jigsaw6);
    normalises(spec, want);
    snprintf(spec, sizeof spec, "jigsaw:%s", jigsaw6); /* the size from the map */
    normalises(spec, want);
    /* other symbols, same regions */
    normalises("6x6 jigsaw:ZyyyXXZZyyXXZZyXX0ZWW000WW9990WW9990", want);
    normalises("4x4 jigsaw:AABBAABBCCDDCCDD", "4x4"); /* boxes after all */
    normalises("6x6 jigsaw:aabbccaabbccaabbccddeeffddeeffddeeff", "6x6:3x2");
    /* regions that are rows stay regions, after the rows and columns */
    const sk_rules *rows =
        compile("7x7 jigsaw:aaaaaaabbbbbbbcccccccdddefffddeeeffdgeeegfdgggggf", NULL);
    CHECK(rows && rows->house_count == 21 && strcmp(rows->houses[14].mark, "region") == 0);
    sk_rules_free(rows);
    rows = compile("9x9 x diagonal-", NULL); /* an extra house twice is kept once */
    CHECK(rows && rows->house_count == 29);
    sk_rules_free(rows);
    const sk_rules *rules = compile(want, NULL);
    CHECK(rules && rules->box_rows == 0 && rules->house_count == 18);
    CHECK(rules && rules->region[1] == 1 && rules->region[17] == 3);
    sk_rules_free(rules);
}

static void jigsaw_errors_say_where(void)
{
    refused("6x6 jigsaw:abbbccaabbccaabccdaeedddeefffdeefff", 47,
            "the map has 35 symbols; a 6x6 grid needs 36");
    refused("jigsaw:abc", 8, "the map has 3 symbols, not the square of a size 4-25");
    refused("6x6 jigsaw:abbbccaabbccaabccdaeedd#eefffdeefffd", 35,
            "'#' (r4c6) is not a region symbol");
    refused("4x4 jigsaw:aabbaabbccddccde", 27,
            "more than 4 regions (a new one, 'e', starts at r4c4)");
    refused("4x4 jigsaw:aabbaabbccdcccdd", 20,
            "region 'c' has 5 cells; every region of a 4x4 grid has 4");
    refused("4x4 jigsaw:abbaabbacddccddc", 15,
            "region 'a' is not in one piece: r1c4 does not touch the part with r1c1");
    refused("6x6:2x3 jigsaw:abbbccaabbccaabccdaeedddeefffdeefffd", 1, "without a box shape");
    refused("jigsaw", 1, "jigsaw needs its regions");
    refused("6x6 jigsaw:abbbccaabbccaabccdaeedddeefffdeefffd jigsaw:a", 49,
            "jigsaw is given twice");
}

static void terms_through_plugins(void)
{
    normalises("9x9 X", "9x9 x");
    normalises("9x9 windoku x", "9x9 windoku x");
    normalises("9x9 x windoku x", "9x9 windoku x");
    normalises("x", "9x9 x");
    normalises("6x6:3x2 windoku", "6x6:3x2 windoku"); /* one window fits */
    normalises("9x9 extra:R5C5+r1c1+r9c9", "9x9 extra:r1c1+r5c5+r9c9");
    normalises("9x9 killer:3=r1c2+r1c1 killer:=r2c2+r2c1", "9x9 killer:3=r1c1+r1c2;=r2c1+r2c2");
    normalises("9x9 killer:=r2c2+r2c1;3=r1c2+r1c1", "9x9 killer:3=r1c1+r1c2;=r2c1+r2c2");
    normalises("4x4 killer:aabb..cc......../3,7,", "4x4 killer:3=r1c1+r1c2;7=r1c3+r1c4;=r2c3+r2c4");
    const sk_rules *rules = compile("9x9 x", NULL);
    CHECK(rules && rules->house_count == 29 && !sk_rules_is_classic(rules));
    CHECK(rules && rules->peer_start[1] - rules->peer_start[0] == 26); /* r1c1: + 6 diagonal */
    CHECK(rules && rules->digit_symmetry == SK_DIGITS_ANY);
    sk_rules_free(rules);
    rules = compile("9x9 killer:3=r1c1+r1c2", NULL);
    CHECK(rules && rules->group_count == 1 && rules->groups[0].sum == 3);
    CHECK(rules && rules->digit_symmetry == SK_DIGITS_FIXED);
    CHECK(rules && strcmp(rules->groups[0].mark, "cage") == 0 &&
          strcmp(rules->groups[0].label, "3") == 0);
    sk_rules_free(rules);
    rules = compile("9x9 killer:=r1c1+r1c2", NULL);
    CHECK(rules && rules->digit_symmetry == SK_DIGITS_ANY && rules->groups[0].label == NULL);
    sk_rules_free(rules);
}

static void term_errors_say_where(void)
{
    refused("9x9 foo", 5, "unknown rule 'foo' in '9x9 foo' (`sudokit plugins --kind constraint`");
    refused("9x9 x bad!name", 7, "'bad!name' is not a rule name");
    refused("9x9 killer:", 5, "'killer:' has an empty argument");
    refused("9x9 killer:3=r1c1+r1c2;;=r3c3", 24, "killer: an empty item between ';' separators");
    refused("9x9 killer:3=r1c1+r10c2", 19,
            "killer: cell r10c2 is outside the 9x9 grid (rows and columns 1-9)");
    refused("9x9 killer:3=r1c1+r1c1", 19, "killer: cell r1c1 is listed twice");
    refused("9x9 killer:30=r1c1+r1c2", 12,
            "killer: 2 different digits of 1-9 cannot sum to 30 "
            "(only 3 to 17)");
    refused("9x9 killer:3=r1c1 r1c2", 19, "unknown rule 'r1c2'");
    refused("9x9 killer:3=r1c1;x=r1c2", 19, "killer: 'x=r1c2' is not a cage");
    refused("9x9 killer:3=r1c1+q", 19, "killer: 'q' is not a cell: write r1c2");
    refused("9x9 killer:3=r1c1-r1c2", 18, "killer: unexpected '-r1c2' after the cells");
    refused("9x9 killer", 5, "killer: killer needs its cages");
    refused("9x9 x:3", 7, "x: x takes no argument: write x alone");
    refused("9x9:none windoku", 10, "windoku needs boxes");
    refused("6x6 centre-dot", 5, "centre-dot needs boxes with a centre cell");
    refused("6x6 asterisk", 5, "asterisk is a 9x9 pattern");
    refused("9x9:none disjoint", 10, "disjoint needs regions");
    refused("9x9 extra:r1c1+r1c2+r1c3+r1c4+r1c5+r1c6+r1c7+r1c8+r1c9+r2c1", 56,
            "extra: more than 9 cells in one list");
}

static void the_cache_shares_values(void)
{
    const sk_rules *a = compile("9x9 x windoku", NULL), *b = compile("9x9 WINDOKU X", NULL);
    const sk_rules *c = compile("9x9 x windoku", NULL);
    CHECK(a != NULL && a == b && b == c);
    CHECK(sk_rules_ref(a) == a);
    sk_rules_free(a);
    sk_rules_free(a);
    sk_rules_free(b);
    sk_rules_free(c);
    const sk_rules *d = compile("9x9 windoku x", NULL); /* kept a while after its last reference */
    CHECK(d == a);
    sk_rules_free(d);
    const sk_rules *none = NULL;
    sk_rules_error error;
    CHECK_INT(sk_rules_compile(NULL, "6x6:3x2", &none, &error), 0); /* no host: geometry only */
    CHECK(none && none->size == 6);
    sk_rules_free(none);
    CHECK(sk_rules_compile(NULL, "6x6 x", &none, &error) != 0 && none == NULL);
    CHECK(strstr(error.message, "unknown rule 'x'") != NULL);
}

static const char *const classic_solution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

static void checks_name_the_broken_rule(void)
{
    const sk_rules *rules = compile("9x9", NULL);
    sk_board board;
    size_t column;
    CHECK_INT(sk_rules_parse_board(rules, classic_solution, 81, &board, &column), 0);
    sk_rules_break broken;
    CHECK(sk_rules_check(rules, &board, &broken));
    board.cells[0] = 6; /* r1c1 now repeats r1c4's 6 */
    CHECK(!sk_rules_check(rules, &board, &broken));
    CHECK_INT(broken.part, SK_RULES_HOUSE);
    CHECK_STR(broken.why, "digit 6 twice in a row: r1c1 and r1c4");
    CHECK(broken.cell_count == 2 && broken.cells[0] == 0 && broken.cells[1] == 3);
    board.cells[0] = 0;
    CHECK(!sk_rules_check(rules, &board, &broken));
    CHECK_INT(broken.part, SK_RULES_CELL);
    CHECK_STR(broken.why, "r1c1 is empty");
    CHECK(sk_rules_check_givens(rules, &board, &broken));
    sk_rules_free(rules);

    rules = compile("9x9 killer:=r1c1+r2c6", NULL); /* 5 and 5 */
    CHECK_INT(sk_rules_parse_board(rules, classic_solution, 81, &board, &column), 0);
    CHECK(!sk_rules_check(rules, &board, &broken));
    CHECK_INT(broken.part, SK_RULES_GROUP);
    CHECK_STR(broken.why, "digit 5 twice in a cage: r1c1 and r2c6");
    sk_rules_free(rules);
    rules = compile("9x9 killer:8=r1c1+r1c2;=r1c3+r2c4", NULL);
    CHECK(sk_rules_check(rules, &board, &broken));
    sk_rules_free(rules);
    rules = compile("9x9 killer:9=r1c1+r1c2", NULL);
    CHECK(!sk_rules_check(rules, &board, &broken));
    CHECK_STR(broken.why, "the cage at r1c1 sums to 8, not 9");
    board.cells[1] = 0;
    CHECK(sk_rules_check_givens(rules, &board, NULL)); /* 5 so far: r1c2 may be 4 */
    sk_rules_free(rules);
    rules = compile("9x9 killer:4=r1c3+r2c3", NULL);
    board.cells[1] = 3;
    board.cells[11] = 0; /* r1c3 holds 4 already, r2c3 is empty */
    CHECK(!sk_rules_check_givens(rules, &board, &broken));
    CHECK_STR(broken.why, "the cage at r1c3 sums to at least 5, not 4");
    sk_rules_free(rules);
}

/* Solo's 16x16 (tests/data/rules/puzzles.txt, solo-4x4). */
static const char *const solution16 =
    "174AEB3C8D6952GFGD92814FA53CB67E35EC976DFBG28A148B6FG5A2E714D9C326A3791BC84GE5FDE85GF4C3"
    "D27A6B91C1DBAE2659F3G84794F7DG58B1E62C3A5G861C7E432F9DABBACD48F91E573G26FE3162DG9ACB7458"
    "792453BA6G8D1FEC6FB52DE7G4A1C3894279CA8136D5FEBGACG836957FBE41D2D31EBFG42C98A765";

static void board_text_uses_letters(void)
{
    const sk_rules *rules = compile("16x16", NULL);
    sk_board board;
    size_t column = 99;
    CHECK_INT(sk_rules_parse_board(rules, solution16, 256, &board, &column), 0);
    CHECK(board.cells[3] == 10 && board.cells[16] == 16);
    CHECK(sk_rules_check(rules, &board, NULL));
    char text[SK_MAX_CELLS + 1];
    sk_rules_format_board(rules, &board, text, true);
    CHECK_STR(text, solution16);
    char lower[257];
    for (int i = 0; i < 256; i++)
        lower[i] = (char)(solution16[i] >= 'A' ? solution16[i] - 'A' + 'a' : solution16[i]);
    CHECK_INT(sk_rules_parse_board(rules, lower, 256, &board, &column), 0);
    lower[7] = 'h'; /* 17 in a 16x16 grid */
    CHECK_INT(sk_rules_parse_board(rules, lower, 256, &board, &column), -1);
    CHECK_INT(column, 7);
    CHECK_INT(sk_rules_parse_board(rules, solution16, 255, &board, &column), -1);
    CHECK_INT(column, 255);
    sk_rules_free(rules);
    rules = compile("6x6", NULL);
    CHECK_INT(
        sk_rules_parse_board(rules, "123456123456123456123456123456123456.", 37, &board, &column),
        -1);
    CHECK_INT(column, 36);
    CHECK_INT(sk_rules_parse_board(rules, "7.....", 6, &board, &column), -1);
    CHECK_INT(column, 0);
    board.cells[0] = 0;
    sk_rules_format_board(rules, &board, text, false);
    CHECK(text[0] == '0' && strlen(text) == 36);
    sk_rules_free(rules);
}

/* Each public puzzle of tests/data/rules/puzzles.txt: its spec compiles,
 * its solution keeps the rules and the givens, and the reference solver
 * (through the host) finds exactly that one solution. */
static void public_puzzles_have_their_one_solution(void)
{
    char path[1024], line[8192];
    snprintf(path, sizeof path, "%s/rules/puzzles.txt", getenv("SUDOKIT_DATA"));
    FILE *file = fopen(path, "r");
    CHECK(file != NULL);
    sk_instance *solver = NULL;
    sk_error err;
    CHECK_INT(sk_instance_new(host(), SK_KIND_SOLVER, "reference", NULL,
                              &(sk_instance_config){.verify = true}, &solver, &err),
              0);
    int puzzles = 0;
    while (file && solver && fgets(line, sizeof line, file)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        line[strcspn(line, "\n")] = '\0';
        char *name = strtok(line, "|"), *spec = strtok(NULL, "|"), *givens = strtok(NULL, "|"),
             *answer = strtok(NULL, "|");
        sk_rules_error error;
        const sk_rules *rules = compile(spec, &error);
        if (!rules) {
            fprintf(stderr, "%s: %s\n", name, error.message);
            CHECK(rules != NULL);
            continue;
        }
        sk_board puzzle, want, got;
        size_t column;
        CHECK_INT(sk_rules_parse_board(rules, givens, strlen(givens), &puzzle, &column), 0);
        CHECK_INT(sk_rules_parse_board(rules, answer, strlen(answer), &want, &column), 0);
        CHECK(sk_rules_solves(rules, &puzzle, &want));
        int found = sk_instance_solve_rules(solver, rules, &puzzle, 2, &got, NULL, &err);
        if (found != 1)
            fprintf(stderr, "%s: %d solutions %s\n", name, found, err.message);
        CHECK_INT(found, 1);
        CHECK(memcmp(got.cells, want.cells, sizeof got.cells) == 0);
        sk_rules_free(rules);
        puzzles++;
    }
    CHECK_INT(puzzles, 27);
    sk_instance_free(solver);
    if (file)
        fclose(file);
}

static void cleanup(void)
{
    sk_host_free(rules_host);
    rules_host = NULL;
}

static const ski_test_case rules_cases[] = {
    {"classic_is_9x9", classic_is_9x9},
    {"boxes_of_every_size", boxes_of_every_size},
    {"geometry_errors_say_where", geometry_errors_say_where},
    {"jigsaw_regions", jigsaw_regions},
    {"jigsaw_errors_say_where", jigsaw_errors_say_where},
    {"terms_through_plugins", terms_through_plugins},
    {"term_errors_say_where", term_errors_say_where},
    {"the_cache_shares_values", the_cache_shares_values},
    {"checks_name_the_broken_rule", checks_name_the_broken_rule},
    {"board_text_uses_letters", board_text_uses_letters},
    {"public_puzzles_have_their_one_solution", public_puzzles_have_their_one_solution},
    {"cleanup", cleanup},
};

SK_TEST_MAIN(rules_cases)
