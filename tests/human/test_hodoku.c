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

/* Every puzzle of tests/data/hodoku_17_clue.txt gets HoDoKu's score and
 * level (every technique of its HoDoKu path is one of this set). */
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
    CHECK_INT(checked, 2000);
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
        if (line[0] == '#' || (!strstr(line, "Chain") && !strstr(line, "Remote_Pair") &&
                               !strstr(line, "Turbot") && !strstr(line, "Nice_Loop") &&
                               !strstr(line, "AIC") && !strstr(line, "Almost_Locked")))
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
                bool ends = step.id == HUMAN_T_HODOKU_X_CHAIN || step.id == HUMAN_T_HODOKU_XY_CHAIN ||
                            step.id == HUMAN_T_HODOKU_TURBOT || step.id == HUMAN_T_HODOKU_AIC;
                if (ends && first->digit == last->digit && !first->on && last->on) {
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
    CHECK(chains >= 40);
    CHECK(checked >= 5);
    if (in)
        fclose(in);
    hodoku_state_release(&st);
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
    /* A loop from a true premise (its first link weak), and a set of cells in a box. */
    human_step_begin(&parsed, HUMAN_T_HODOKU_DISCONTINUOUS_NICE_LOOP, 0);
    CHECK(human_step_chain_parse(&parsed, "(4)r6c3-(4)r6c8=(2)r6c8-(2)r4c7,r5c9=(4)r6c3", err,
                                 sizeof err));
    CHECK(parsed.nodes[0].on && !parsed.nodes[1].on && parsed.nodes[2].on);
    CHECK_INT(parsed.nodes[3].ncells, 2);
    human_step_chain_text(&parsed, 0, text, sizeof text);
    CHECK_STR(text, "(4)r6c3-(4=2)r6c8-(2)r4c7,r5c9=(4)r6c3");
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
        {"0706", hodoku_nice_loop},        {"0707", hodoku_nice_loop},
        {"0708", hodoku_nice_loop},        {"0709", hodoku_grouped_nice_loop},
        {"0710", hodoku_grouped_nice_loop}, {"0711", hodoku_grouped_nice_loop},
        {"0901", hodoku_als_xz},           {"0902", hodoku_als_xy_wing},
        {"0903", hodoku_als_chain},        {"0904", hodoku_death_blossom},
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
    CHECK(cases >= 780);
    CHECK_INT(passed, cases);
    CHECK(same >= 540);
    if (in)
        fclose(in);
    hodoku_state_release(&st);
}

/* A library case's step: technique, eliminations (as a step's), chain length (-1: not
 * checked); found when a step matches. */
typedef struct hodoku_wanted {
    human_technique_id id;
    human_step elims;
    int length;
    bool found;
} hodoku_wanted;

static bool hodoku_match(void *user, const human_step *step)
{
    hodoku_wanted *w = user;
    if (step->id != w->id)
        return false;
    w->found = hodoku_same_elims(step, &w->elims) &&
               (w->length < 0 || step->chain_start[1] - step->chain_start[0] - 1 == w->length);
    return w->found;
}

/* The technique of a library code of a chain or ALS move (-1 for others). */
static int hodoku_chain_code(const char *code)
{
    static const struct {
        const char *code;
        human_technique_id id;
    } codes[] = {
        {"0706", HUMAN_T_HODOKU_CONTINUOUS_NICE_LOOP},
        {"0707", HUMAN_T_HODOKU_DISCONTINUOUS_NICE_LOOP},
        {"0708", HUMAN_T_HODOKU_AIC},
        {"0709", HUMAN_T_HODOKU_GROUPED_CONTINUOUS_NICE_LOOP},
        {"0710", HUMAN_T_HODOKU_GROUPED_DISCONTINUOUS_NICE_LOOP},
        {"0711", HUMAN_T_HODOKU_GROUPED_AIC},
        {"0901", HUMAN_T_HODOKU_ALS_XZ},
        {"0902", HUMAN_T_HODOKU_ALS_XY_WING},
        {"0903", HUMAN_T_HODOKU_ALS_XY_CHAIN},
        {"0904", HUMAN_T_HODOKU_DEATH_BLOSSOM},
    };
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        if (strncmp(code, codes[i].code, 4) == 0)
            return (int)codes[i].id;
    return -1;
}

/* Every case of HoDoKu's library for nice loops, AICs (plain and grouped) and the ALS moves is
 * among the steps the set finds there, as HoDoKu's own tester checks them: the same technique,
 * exactly the library's eliminations and, for loops and AICs, the library's chain length (its
 * extra field, links). */
static void test_reglib_all_steps(void)
{
    static human_tables t;
    human_tables_init(&t);
    static hodoku_state st;
    FILE *in = hodoku_data("hodoku_reglib.txt");
    char line[1024];
    int cases = 0, found = 0;
    while (in && fgets(line, sizeof line, in)) {
        char *f[8];
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] != ':' || hodoku_case_fields(line, f, 8) < 7)
            continue;
        int id = hodoku_chain_code(f[0]);
        if (id < 0)
            continue;
        bool loop = strncmp(f[0], "07", 2) == 0;
        static hodoku_wanted w;
        w.id = (human_technique_id)id;
        w.length = loop ? atoi(f[6]) : -1;
        w.found = false;
        hodoku_case_list(f[4], &w.elims);
        hodoku_case_grid(&st, &t, f[2], f[3]);
        if (loop)
            hodoku_nice_loops_each(&st, strcmp(f[0], "0709") >= 0, hodoku_match, &w);
        else
            hodoku_als_each(&st, w.id, hodoku_match, &w);
        cases++;
        found += w.found;
        if (!w.found && cases - found <= 10)
            fprintf(stderr, "reglib %s:%s: %s not found\n", f[0], f[1], f[4]);
    }
    CHECK(cases >= 170);
    CHECK_INT(found, cases);
    if (in)
        fclose(in);
    hodoku_state_release(&st);
}

/* Write step's effect as the paths file has it: "r1c2<>5 r1c3<>5" or "r3c3=6", sorted by
 * digit, then cell. */
static void hodoku_effect_text(const human_step *step, char *buf, size_t len)
{
    static human_step copy;
    copy = *step;
    hodoku_step_sort_elims(&copy);
    size_t used = 0;
    buf[0] = '\0';
    if (copy.place)
        snprintf(buf, len, "r%dc%d=%d", copy.placed.cell / 9 + 1, copy.placed.cell % 9 + 1,
                 copy.placed.digit);
    for (int i = 0; !copy.place && i < copy.elim_count && used + 12 < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%sr%dc%d<>%d", i ? " " : "",
                                 copy.elim[i].cell / 9 + 1, copy.elim[i].cell % 9 + 1,
                                 copy.elim[i].digit);
}

/* Solve puzzle with the set, comparing every step but the singles with HoDoKu's (the next
 * lines of in); the score and level go to score and level. False at the first difference. */
static bool hodoku_follow_path(const human_tables *t, hodoku_state *st, const char *puzzle,
                               FILE *in, int *score, int *level)
{
    static human_step step;
    sk_grid grid;
    uint8_t solution[81];
    for (int c = 0; c < 81; c++)
        grid.cells[c] = (uint8_t)(puzzle[c] == '.' ? 0 : puzzle[c] - '0');
    human_state view;
    human_state_from_grid(&view, t, &grid);
    CHECK_INT(human_solve_count(&view, 2, solution), 1);
    hodoku_state_start(st, t, &grid);
    *score = 0;
    *level = 1;
    while (st->unsolved > 0) {
        int step_level;
        if (!hodoku_next_step(st, solution, &step, &step_level))
            return false;
        *score += step.score;
        *level = step_level > *level ? step_level : *level;
        if (step.id != HUMAN_T_HODOKU_FULL_HOUSE && step.id != HUMAN_T_HODOKU_NAKED_SINGLE &&
            step.id != HUMAN_T_HODOKU_HIDDEN_SINGLE) {
            char want[2048], got[2048];
            if (!fgets(want, sizeof want, in))
                return false;
            want[strcspn(want, "\r\n")] = '\0';
            int n = snprintf(got, sizeof got, "%s: ", step.technique);
            hodoku_effect_text(&step, got + n, sizeof got - (size_t)n);
            if (strcmp(got, want) != 0) {
                fprintf(stderr, "%s: HoDoKu %s, here %s\n", puzzle, want, got);
                return false;
            }
        }
        hodoku_apply(st, &step);
    }
    *level = hodoku_level(*level, *score);
    return true;
}

/* The hardest puzzles (tests/data/hodoku_hardest_60_paths.txt): every step but the singles is
 * HoDoKu's, technique and effect (nice loops, AICs, ALS moves, forcing chains and nets among
 * them), and the score and level are HoDoKu's (tests/data/hodoku_hardest_60.txt). The first 20
 * (all the techniques); SUDOKIT_HODOKU_PATHS=all for the 60. */
static void test_hardest_paths(void)
{
    static human_tables t;
    human_tables_init(&t);
    static hodoku_state st;
    const char *all = getenv("SUDOKIT_HODOKU_PATHS");
    int limit = all && strcmp(all, "all") == 0 ? 60 : 20;
    FILE *paths = hodoku_data("hodoku_hardest_60_paths.txt");
    FILE *ref = hodoku_data("hodoku_hardest_60.txt");
    char line[2048], refline[1024];
    int done = 0, equal = 0;
    while (paths && ref && done < limit && fgets(line, sizeof line, paths)) {
        if (line[0] == '#')
            continue;
        char puzzle[82], level[16];
        int score = 0, got_score, got_level;
        while (fgets(refline, sizeof refline, ref) && refline[0] == '#')
            ;
        CHECK(sscanf(refline, "%81s %15s %d", puzzle, level, &score) == 3);
        CHECK(strncmp(puzzle, line, 81) == 0);
        done++;
        if (!hodoku_follow_path(&t, &st, puzzle, paths, &got_score, &got_level))
            break;
        CHECK_INT(got_score, score);
        CHECK_INT(got_level, hodoku_level_of(level));
        equal += got_score == score && got_level == hodoku_level_of(level);
    }
    CHECK_INT(done, limit);
    CHECK_INT(equal, limit);
    if (paths)
        fclose(paths);
    if (ref)
        fclose(ref);
    hodoku_state_release(&st);
}

/* A forcing net's chains written as HoDoKu shows them: the first forcing net of the first
 * hardest puzzle (HoDoKu 2.2.0: "Forcing Net Contradiction in r6c7 => r4c8<>4", its first chain
 * "r4c8=4 (r6c9<>4) r5c9<>4 r5c9=9 r6c9<>9 r6c9=1 r6c7<>1"), in nested notation and as nodes. */
static void test_forcing_net_notation(void)
{
    static human_tables t;
    human_tables_init(&t);
    static hodoku_state st;
    static human_step step;
    const char *p = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
    sk_grid grid;
    uint8_t solution[81];
    for (int c = 0; c < 81; c++)
        grid.cells[c] = (uint8_t)(p[c] == '.' ? 0 : p[c] - '0');
    human_state view;
    human_state_from_grid(&view, &t, &grid);
    CHECK_INT(human_solve_count(&view, 2, solution), 1);
    hodoku_state_start(&st, &t, &grid);
    int level;
    while (hodoku_next_step(&st, solution, &step, &level) &&
           step.id != HUMAN_T_HODOKU_FORCING_NET_CONTRADICTION)
        hodoku_apply(&st, &step);
    CHECK_STR(step.technique, "Forcing Net Contradiction");
    CHECK_STR(step.text, "r4c8<>4: if r4c8=4, a contradiction follows in r6c7 (4 chains)");
    CHECK_INT(step.chain_count, 4);
    char text[8192];
    human_step_nested_text(&step, text, sizeof text);
    const char *want = "r4c8=4 [-> r6c9<>4] -> r5c9<>4 -> r5c9=9 -> r6c9<>9 -> r6c9=1 -> r6c7<>1; "
                       "r4c8=4 [-> r4c2<>4 -> r1c2=4 -> r3c3<>4 -> r3c3=1 -> r3c7<>1] [-> r4c8<>5";
    CHECK(strncmp(text, want, strlen(want)) == 0);
    /* The side branch (r6c9<>4) leaves from the premise; the main chain goes on from it too. */
    CHECK(step.nodes[0].on && step.nodes[0].parent == -1);
    CHECK_INT(step.nodes[1].parent, 0);
    CHECK(!step.nodes[1].on && step.nodes[1].digit == 4 && step.nodes[1].cells[0] == 5 * 9 + 8);
    CHECK_INT(step.nodes[2].parent, 0);
    CHECK_INT(step.nodes[3].parent, 2);
    hodoku_state_release(&st);
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
    static const ski_test_case cases[] = {
        {"reference_17_clue", test_reference_17_clue},
        {"options", test_options},
        {"notation_round_trip", test_notation_round_trip},
        {"reglib", test_reglib},
        {"reglib_all_steps", test_reglib_all_steps},
        {"hardest_paths", test_hardest_paths},
        {"forcing_net_notation", test_forcing_net_notation},
    };
    return ski_test_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
