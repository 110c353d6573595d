/* Tests of the HoDoKu technique set (rater hodoku, techniques=hodoku): HoDoKu 2.2's own scores
 * and levels on public puzzles, and each technique on positions where HoDoKu reports it. */
#include "check.h"
#include "hodoku.h"

#include <stdlib.h>
#include <string.h>

const sk_plugin *SK_PLUGIN_ENTRY(void);

/* The plugin's strategy called name. */
static const sk_strategy *hodoku_strategy(const char *name)
{
    for (const sk_strategy *const *s = SK_PLUGIN_ENTRY()->strategies; *s; s++)
        if (strcmp((*s)->name, name) == 0)
            return *s;
    return NULL;
}

/* Open a file of tests/data (SUDOKIT_DATA). */
static FILE *hodoku_data(const char *file)
{
    const char *dir = getenv("SUDOKIT_DATA");
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir ? dir : ".", file);
    FILE *in = fopen(path, "r");
    CHECK(in != NULL);
    return in;
}

/* True when every technique of HoDoKu's path (names joined by ';', spaces
 * as underscores) is one the set reports. */
static bool hodoku_path_known(char *names)
{
    for (char *name = strtok(names, ";"); name; name = strtok(NULL, ";")) {
        for (char *p = name; *p; p++)
            *p = *p == '_' ? ' ' : *p;
        if (!hodoku_reports(name))
            return false;
    }
    return true;
}

/* HoDoKu's levels in the order of the rating's 1..5. */
static int hodoku_level_of(const char *name)
{
    static const char *const names[] = {"", "Easy", "Medium", "Hard", "Unfair", "Extreme"};
    for (int i = 1; i <= 5; i++)
        if (strcmp(names[i], name) == 0)
            return i;
    return 0;
}

/* Every puzzle of tests/data/hodoku_17_clue.txt whose HoDoKu path uses
 * only techniques of this set gets HoDoKu's score and level. */
static void test_reference_17_clue(void)
{
    const sk_strategy *s = hodoku_strategy("hodoku");
    CHECK(s != NULL);
    if (!s)
        return;
    char err[256], line[1024];
    void *rater = s->create(NULL, NULL, 0, err, sizeof err);
    CHECK(rater != NULL);
    FILE *in = hodoku_data("hodoku_17_clue.txt");
    int checked = 0, equal = 0;
    while (rater && in && fgets(line, sizeof line, in)) {
        char puzzle[82], level[16], names[800];
        int score;
        if (line[0] == '#' || sscanf(line, "%81s %15s %d %799s", puzzle, level, &score, names) != 4)
            continue;
        if (!hodoku_path_known(names))
            continue;
        sk_grid grid;
        for (int c = 0; c < 81; c++)
            grid.cells[c] = (uint8_t)(puzzle[c] == '.' ? 0 : puzzle[c] - '0');
        sk_rating r = {.struct_size = sizeof r};
        CHECK_INT(s->rate(rater, &grid, &r, NULL, NULL, err, sizeof err), SK_OK);
        checked++;
        if ((int)r.score == score && r.level == hodoku_level_of(level))
            equal++;
        else if (checked - equal <= 5)
            fprintf(stderr, "%s: HoDoKu %s %d, here level %d score %g\n", puzzle, level, score,
                    r.level, r.score);
    }
    CHECK(checked >= 1900);
    CHECK_INT(equal, checked);
    if (in)
        fclose(in);
    s->destroy(rater);
}

/* Compare chain 0 of a with chain 0 of b, node by node. */
static bool hodoku_same_chain(const human_step *a, const human_step *b)
{
    int n = a->chain_start[1];
    if (b->chain_start[1] != n)
        return false;
    for (int i = 0; i < n; i++) {
        const human_node *x = &a->nodes[i], *y = &b->nodes[i];
        if (x->digit != y->digit || x->on != y->on || x->ncells != y->ncells ||
            memcmp(x->cells, y->cells, x->ncells) != 0)
            return false;
    }
    return true;
}

/* The chains of the HoDoKu set on the 17-clue sample (the puzzles whose
 * HoDoKu path has chains, remote pairs or turbot fish), written in Eureka
 * notation and read back, are the same chains; for one-digit and XY chains
 * the eliminations are the candidates of the digit seeing both ends. */
static void test_notation_round_trip(void)
{
    static human_tables t;
    human_tables_init(&t);
    static hodoku_state st;
    static human_step step, parsed;
    FILE *in = hodoku_data("hodoku_17_clue.txt");
    char line[1024], text[2048], err[256];
    int chains = 0, checked = 0;
    while (in && fgets(line, sizeof line, in) && chains < 60) {
        if (line[0] == '#' ||
            (!strstr(line, "Chain") && !strstr(line, "Remote_Pair") && !strstr(line, "Turbot")))
            continue;
        sk_grid grid;
        for (int c = 0; c < 81; c++)
            grid.cells[c] = (uint8_t)(line[c] == '.' ? 0 : line[c] - '0');
        human_state view;
        uint8_t solution[81];
        human_state_from_grid(&view, &t, &grid);
        CHECK_INT(human_solve_count(&view, 2, solution), 1);
        hodoku_state_start(&st, &t, &grid);
        int level;
        while (st.unsolved > 0 && hodoku_next_step(&st, solution, &step, &level)) {
            if (step.chain_count == 1) {
                chains++;
                human_step_chain_text(&step, 0, text, sizeof text);
                human_step_begin(&parsed, step.id, 0);
                CHECK(human_step_chain_parse(&parsed, text, err, sizeof err));
                CHECK(hodoku_same_chain(&step, &parsed));
                const human_node *first = &parsed.nodes[0], *last = &parsed.nodes[parsed.chain_start[1] - 1];
                if (step.id != HUMAN_T_HODOKU_REMOTE_PAIR && first->digit == last->digit &&
                    !first->on && last->on) {
                    human_set seen = st.holds[first->digit] & t.peers[first->cells[0]] &
                                     t.peers[last->cells[0]];
                    human_set removed = 0;
                    for (int i = 0; i < step.elim_count; i++)
                        removed |= human_set_one(step.elim[i].cell);
                    CHECK(removed == seen);
                    checked++;
                }
            }
            hodoku_apply(&st, &step);
        }
    }
    CHECK(chains >= 20);
    CHECK(checked >= 5);
    if (in)
        fclose(in);
    human_step_begin(&parsed, HUMAN_T_HODOKU_X_CHAIN, 0);
    CHECK(!human_step_chain_parse(&parsed, "(5)r1c2=(5)r1", err, sizeof err));
    CHECK(strstr(err, "not Eureka notation at character 9") != NULL);
    human_step_begin(&parsed, HUMAN_T_HODOKU_X_CHAIN, 0);
    CHECK(human_step_chain_parse(&parsed, "(1=6)r6c3-(6)r5c3=(2)r5c3-(2)r45c2", err, sizeof err));
    CHECK_INT(parsed.chain_start[1], 5);
    CHECK(parsed.nodes[1].on && !parsed.nodes[2].on && parsed.nodes[3].on);
    CHECK_INT(parsed.nodes[4].ncells, 2);
    human_step_chain_text(&parsed, 0, text, sizeof text);
    CHECK_STR(text, "(1=6)r6c3-(6=2)r5c3-(2)r45c2");
}

/* The finder of a technique code of HoDoKu's library. */
static hodoku_finder hodoku_finder_of(const char *code)
{
    static const struct {
        const char *code;
        hodoku_finder find;
    } finders[] = {
        {"0000", hodoku_full_house},       {"0002", hodoku_hidden_single},
        {"0003", hodoku_naked_single},     {"0100", hodoku_pointing},
        {"0101", hodoku_claiming},         {"0110", hodoku_locked_pair},
        {"0111", hodoku_locked_triple},    {"0200", hodoku_naked_pair},
        {"0201", hodoku_naked_triple},     {"0202", hodoku_naked_quad},
        {"0210", hodoku_hidden_pair},      {"0211", hodoku_hidden_triple},
        {"0212", hodoku_hidden_quad},      {"0300", hodoku_x_wing},
        {"0301", hodoku_swordfish},        {"0302", hodoku_jellyfish},
        {"0310", hodoku_finned_x_wing},    {"0311", hodoku_finned_swordfish},
        {"0312", hodoku_finned_jellyfish}, {"0320", hodoku_sashimi_x_wing},
        {"0321", hodoku_sashimi_swordfish}, {"0322", hodoku_sashimi_jellyfish},
        {"0331", hodoku_franken_swordfish}, {"0340", hodoku_finned_franken_x_wing},
        {"0341", hodoku_finned_franken_swordfish}, {"0400", hodoku_skyscraper},
        {"0401", hodoku_kite},             {"0402", hodoku_empty_rectangle},
        {"0403", hodoku_turbot},           {"0500", hodoku_simple_colors},
        {"0501", hodoku_simple_colors},    {"0502", hodoku_multi_colors},
        {"0503", hodoku_multi_colors},     {"0600", hodoku_uniqueness_1},
        {"0601", hodoku_uniqueness_2},     {"0602", hodoku_uniqueness_3},
        {"0603", hodoku_uniqueness_4},     {"0604", hodoku_uniqueness_5},
        {"0605", hodoku_uniqueness_6},     {"0606", hodoku_hidden_rectangle},
        {"0607", hodoku_avoidable_1},      {"0608", hodoku_avoidable_2},
        {"0610", hodoku_bug_plus_1},       {"0701", hodoku_x_chain},
        {"0702", hodoku_xy_chain},         {"0703", hodoku_remote_pair},
        {"0800", hodoku_xy_wing},          {"0801", hodoku_xyz_wing},
        {"0803", hodoku_w_wing},           {"1101", hodoku_sue_de_coq},
    };
    for (size_t i = 0; i < sizeof finders / sizeof finders[0]; i++)
        if (strncmp(code, finders[i].code, 4) == 0)
            return finders[i].find;
    return NULL;
}

/* The grid of a library case: GIVENS ('+' before a placed digit), then the
 * candidates of DELETED removed. */
static void hodoku_case_grid(hodoku_state *st, const human_tables *t, const char *givens,
                             const char *deleted)
{
    sk_grid empty = {{0}};
    hodoku_state_start(st, t, &empty);
    int cell = 0;
    for (const char *p = givens; *p && cell < 81; p++) {
        bool placed = *p == '+';
        if (placed)
            p++;
        if (*p >= '1' && *p <= '9') {
            hodoku_place(st, cell, *p - '0');
            st->given[cell] = !placed;
        }
        cell++;
    }
    for (const char *p = deleted; p[0] && p[1] && p[2]; p += p[3] ? 4 : 3)
        hodoku_remove(st, (p[1] - '1') * 9 + p[2] - '1', p[0] - '0');
}

/* The candidates of a library list ("436 257") as a step's eliminations. */
static void hodoku_case_list(const char *list, human_step *out)
{
    human_step_begin(out, HUMAN_T_HODOKU_X_WING, 0);
    for (const char *p = list; p[0] && p[1] && p[2]; p += p[3] ? 4 : 3)
        human_step_elim(out, (p[1] - '1') * 9 + p[2] - '1', p[0] - '0');
}

/* True when step removes exactly the candidates of want (in any order). */
static bool hodoku_same_elims(const human_step *step, const human_step *want)
{
    if (step->elim_count != want->elim_count)
        return false;
    for (int i = 0; i < want->elim_count; i++) {
        bool found = false;
        for (int k = 0; k < step->elim_count && !found; k++)
            found = step->elim[k].cell == want->elim[i].cell &&
                    step->elim[k].digit == want->elim[i].digit;
        if (!found)
            return false;
    }
    return true;
}

/* Split a library line at its colons into fields (at most n). */
static int hodoku_case_fields(char *line, char **fields, int n)
{
    int k = 0;
    char *p = line + 1;
    while (k < n) {
        fields[k++] = p;
        char *colon = strchr(p, ':');
        if (!colon)
            break;
        *colon = '\0';
        p = colon + 1;
    }
    return k;
}

/* Every case of HoDoKu's regression library for a technique of this set:
 * its finder finds a step of the technique where the library has one, and
 * nothing where the library says none exists. HoDoKu's own tester compares
 * a case with every instance of the technique; this set takes only HoDoKu's
 * first, so its eliminations are the library's in most cases, not all (the
 * others are cases with several instances). */
static void test_reglib(void)
{
    static human_tables t;
    human_tables_init(&t);
    static hodoku_state st;
    static human_step step, want;
    FILE *in = hodoku_data("hodoku_reglib.txt");
    char line[1024];
    int cases = 0, passed = 0, same = 0;
    while (in && fgets(line, sizeof line, in)) {
        char *f[8];
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] != ':' || hodoku_case_fields(line, f, 8) < 6)
            continue;
        hodoku_finder find = hodoku_finder_of(f[0]);
        CHECK(find != NULL);
        if (!find)
            continue;
        bool none = strstr(f[0], "-x") != NULL;
        hodoku_case_grid(&st, &t, f[2], f[3]);
        bool found = find(&st, &step);
        bool ok;
        if (none) {
            ok = !found;
        } else {
            ok = found;
            if (!f[5][0]) {
                hodoku_case_list(f[4], &want);
                same += found && hodoku_same_elims(&step, &want);
            }
        }
        cases++;
        passed += ok;
        if (!ok && cases - passed <= 10)
            fprintf(stderr, "reglib %s:%s: %s\n", f[0], f[1], found ? step.text : "nothing found");
    }
    fprintf(stderr, "reglib: %d cases, %d found, %d with the library's own eliminations\n", cases,
            passed, same);
    CHECK(cases >= 600);
    CHECK_INT(passed, cases);
    CHECK(same >= 450);
    if (in)
        fclose(in);
}

/* The option selects the set on the rater human too; the rater hodoku
 * refuses another set. */
static void test_options(void)
{
    char err[256] = "";
    sk_option hodoku = {"techniques", "hodoku"}, se = {"techniques", "se"};
    const sk_strategy *human = hodoku_strategy("human"), *h = hodoku_strategy("hodoku");
    void *rater = human->create(NULL, &hodoku, 1, err, sizeof err);
    CHECK(rater != NULL);
    sk_grid grid;
    const char *p = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
    for (int c = 0; c < 81; c++)
        grid.cells[c] = (uint8_t)(p[c] == '.' ? 0 : p[c] - '0');
    sk_rating r = {.struct_size = sizeof r};
    CHECK_INT(human->rate(rater, &grid, &r, NULL, NULL, err, sizeof err), SK_OK);
    /* HoDoKu 2.2 rates it Medium (916): tests/data/hodoku_17_clue.txt. */
    CHECK_INT((int)r.score, 916);
    CHECK_INT(r.level, 2);
    human->destroy(rater);
    CHECK(h->create(NULL, &se, 1, err, sizeof err) == NULL);
    CHECK(strstr(err, "rater hodoku rates with HoDoKu's techniques only") != NULL);
}

int main(int argc, char **argv)
{
    static const sk_test_case cases[] = {
        {"reference_17_clue", test_reference_17_clue},
        {"options", test_options},
        {"notation_round_trip", test_notation_round_trip},
        {"reglib", test_reglib},
    };
    return sk_test_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
