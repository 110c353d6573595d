/* The "variant" generator inventing rules: random jigsaw layouts (N
 * connected regions of N cells, symmetric when asked, the other terms
 * kept) and killer cages (no givens, or a few), each puzzle unique under
 * the spec it returns, and the same from the same seed. */
#include "variant_test.h"

/* True when the region of every cell of rules is one of N regions of N
 * cells, each joined by the cells' sides. */
static bool layout_valid(const sk_rules *rules)
{
    uint32_t n = rules->size, count[SK_MAX_SIZE] = {0};
    for (uint32_t c = 0; c < n * n; c++) {
        if (rules->region[c] >= n)
            return false;
        count[rules->region[c]]++;
    }
    for (uint32_t k = 0; k < n; k++) {
        uint16_t stack[SK_MAX_CELLS];
        uint8_t seen[SK_MAX_CELLS] = {0};
        uint32_t top = 0, reached = 0;
        for (uint32_t c = 0; c < n * n && !top; c++)
            if (rules->region[c] == k) {
                stack[top++] = (uint16_t)c;
                seen[c] = 1;
            }
        while (top) {
            uint32_t c = stack[--top], r = c / n, col = c % n;
            uint32_t next[4] = {r ? c - n : c, col + 1 < n ? c + 1 : c, r + 1 < n ? c + n : c,
                                col ? c - 1 : c};
            reached++;
            for (int i = 0; i < 4; i++)
                if (!seen[next[i]] && rules->region[next[i]] == k) {
                    seen[next[i]] = 1;
                    stack[top++] = (uint16_t)next[i];
                }
        }
        if (count[k] != n || reached != n)
            return false;
    }
    return true;
}

/* True when turning the grid half a turn maps every region onto one. */
static bool layout_rot180(const sk_rules *rules)
{
    uint32_t n = rules->size;
    uint8_t onto[SK_MAX_SIZE];
    memset(onto, 0xff, sizeof onto);
    for (uint32_t c = 0; c < n * n; c++) {
        uint8_t from = rules->region[c], to = rules->region[n * n - 1 - c];
        if (onto[from] != 0xff && onto[from] != to)
            return false;
        onto[from] = to;
    }
    return true;
}

/* Make puzzle index of spec with options; the result must be made. */
static void make(const char *spec, const char *options, sk_gen_request request, uint64_t index,
                 variant_made *made)
{
    sk_error err;
    sk_instance *gen = variant_generator(options, &err);
    const sk_rules *rules = variant_rules(spec);
    variant_make(gen, rules, request, 2026, index, made);
    if (made->status != SK_OK)
        fprintf(stderr, "'%s' %s: %s\n", spec, options, made->err.message);
    CHECK_INT(made->status, SK_OK);
    sk_rules_free(rules);
    sk_instance_free(gen);
}

/* regions=random: a new layout a puzzle, valid, under the spec returned,
 * keeping the other terms of the rules. */
static void random_jigsaw_layouts(void)
{
    static const struct {
        const char *spec, *prefix, *terms;
    } cases[] = {{"6x6", "6x6 jigsaw:", ""},
                 {"9x9", "9x9 jigsaw:", ""},
                 {"6x6 x", "6x6 jigsaw:", " x"},
                 {"6x6 anti-knight", "6x6 jigsaw:", " anti-knight"},
                 {"5x5:none", "5x5 jigsaw:", ""},
                 {"8x8", "8x8 jigsaw:", ""}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (uint64_t index = 0; index < 3; index++) {
            variant_made made;
            make(cases[i].spec, "regions=random", (sk_gen_request){0}, index, &made);
            if (made.status != SK_OK)
                continue;
            const char *spec = sk_rules_spec(made.rules);
            size_t len = strlen(spec), terms = strlen(cases[i].terms);
            CHECK(strncmp(spec, cases[i].prefix, strlen(cases[i].prefix)) == 0);
            CHECK(len >= terms && strcmp(spec + len - terms, cases[i].terms) == 0);
            CHECK(made.rules->box_rows == 0);
            CHECK(layout_valid(made.rules));
            variant_check_round_trip(&made);
            variant_release(&made);
        }
}

/* Two puzzles of one seed have two layouts; a symmetric request gets a
 * layout and clues that keep the symmetry. */
static void jigsaw_layouts_differ_and_keep_symmetry(void)
{
    variant_made a, b;
    make("9x9", "regions=random", (sk_gen_request){0}, 0, &a);
    make("9x9", "regions=random", (sk_gen_request){0}, 1, &b);
    if (a.status == SK_OK && b.status == SK_OK)
        CHECK(strcmp(sk_rules_spec(a.rules), sk_rules_spec(b.rules)) != 0);
    variant_release(&a);
    variant_release(&b);
    for (uint64_t index = 0; index < 4; index++) {
        variant_made made;
        make("9x9", "regions=random,symmetry=rot180", (sk_gen_request){0}, index, &made);
        if (made.status != SK_OK)
            continue;
        CHECK_INT(made.out.symmetry, SK_SYM_ROT180);
        CHECK(layout_valid(made.rules));
        CHECK(layout_rot180(made.rules));
        uint32_t cells = variant_cells(made.rules);
        for (uint32_t c = 0; c < cells; c++)
            CHECK(!made.out.puzzle.cells[c] == !made.out.puzzle.cells[cells - 1 - c]);
        variant_check_round_trip(&made);
        variant_release(&made);
    }
}

/* True when cells (count of them, in an N x N grid) are joined by their
 * sides into one piece. */
static bool cells_joined(uint32_t n, const uint16_t *cells, uint32_t count)
{
    bool reached[SK_MAX_SIZE] = {true};
    for (uint32_t grown = 1, more = 1; more;) {
        more = 0;
        for (uint32_t i = 0; i < count; i++)
            for (uint32_t j = 0; j < count && !reached[i]; j++) {
                uint32_t a = cells[i], b = cells[j];
                bool side = (a / n == b / n && (a % n + 1 == b % n || b % n + 1 == a % n)) ||
                            (a % n == b % n && (a / n + 1 == b / n || b / n + 1 == a / n));
                if (reached[j] && side) {
                    reached[i] = true;
                    grown++;
                    more = 1;
                }
            }
        if (grown == count)
            return true;
    }
    return count == 1;
}

/* The cages of rules (its groups with sums): every cell in exactly one,
 * each of 1 to max cells joined by their sides; how many have one cell. */
static uint32_t check_cages(const sk_rules *rules, uint32_t max)
{
    uint32_t n = rules->size, in[SK_MAX_CELLS] = {0}, singles = 0;
    for (uint32_t g = 0; g < rules->group_count; g++) {
        const sk_rules_group *cage = &rules->groups[g];
        CHECK(cage->sum > 0 && cage->count >= 1 && cage->count <= max);
        CHECK(cells_joined(n, cage->cells, cage->count));
        singles += cage->count == 1;
        for (uint32_t k = 0; k < cage->count; k++)
            in[cage->cells[k]]++;
    }
    for (uint32_t c = 0; c < n * n; c++)
        CHECK_INT(in[c], 1);
    return singles;
}

/* killer=1: cages only, no givens, and one solution under them. */
static void killer_without_givens(void)
{
    static const char *const specs[] = {"4x4", "6x6", "6x6:3x2", "6x6 x"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++)
        for (uint64_t index = 0; index < 3; index++) {
            variant_made made;
            make(specs[i], "killer=1", (sk_gen_request){0}, index, &made);
            if (made.status != SK_OK)
                continue;
            CHECK_INT(variant_clues(made.rules, &made.out.puzzle), 0);
            CHECK(strstr(sk_rules_spec(made.rules), " killer:") != NULL);
            uint32_t singles = check_cages(made.rules, 5);
            CHECK(singles * 4 <= made.rules->group_count);
            variant_check_round_trip(&made);
            variant_release(&made);
        }
}

/* killer=1 with a clue target: that many givens beside the cages, and
 * cages of at most cage-max cells. */
static void killer_with_givens(void)
{
    for (uint64_t index = 0; index < 3; index++) {
        variant_made made;
        make("6x6", "killer=1,cage-max=6", (sk_gen_request){.clues = 2}, index, &made);
        if (made.status != SK_OK)
            continue;
        CHECK_INT(variant_clues(made.rules, &made.out.puzzle), 2);
        check_cages(made.rules, 6);
        variant_check_round_trip(&made);
        variant_release(&made);
    }
}

/* Both at once: killer cages on a random jigsaw layout. */
static void killer_on_random_jigsaw(void)
{
    variant_made made;
    make("6x6", "regions=random,killer=1", (sk_gen_request){0}, 0, &made);
    if (made.status != SK_OK)
        return;
    CHECK(strncmp(sk_rules_spec(made.rules), "6x6 jigsaw:", 11) == 0);
    CHECK(layout_valid(made.rules));
    check_cages(made.rules, 5);
    CHECK_INT(variant_clues(made.rules, &made.out.puzzle), 0);
    variant_check_round_trip(&made);
    variant_release(&made);
}

/* The same seed and index give the same invented rules and puzzle. */
static void invented_rules_reproducible(void)
{
    static const char *const options[] = {"regions=random", "killer=1",
                                          "regions=random,killer=1,symmetry=rot180"};
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++) {
        variant_made a, b;
        make("6x6", options[i], (sk_gen_request){0}, 7, &a);
        make("6x6", options[i], (sk_gen_request){0}, 7, &b);
        if (a.status == SK_OK && b.status == SK_OK) {
            CHECK_STR(sk_rules_spec(a.rules), sk_rules_spec(b.rules));
            CHECK(memcmp(&a.out.puzzle, &b.out.puzzle, sizeof a.out.puzzle) == 0);
            CHECK(memcmp(&a.out.solution, &b.out.solution, sizeof a.out.solution) == 0);
        }
        variant_release(&a);
        variant_release(&b);
    }
}

static const ski_test_case cases[] = {
    {"random_jigsaw_layouts", random_jigsaw_layouts},
    {"jigsaw_layouts_differ_and_keep_symmetry", jigsaw_layouts_differ_and_keep_symmetry},
    {"killer_without_givens", killer_without_givens},
    {"killer_with_givens", killer_with_givens},
    {"killer_on_random_jigsaw", killer_on_random_jigsaw},
    {"invented_rules_reproducible", invented_rules_reproducible},
};

SK_TEST_MAIN(cases)
