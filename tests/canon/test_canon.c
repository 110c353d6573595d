/* Tests of the canonical form: invariance, fixed point, separation, and
 * agreement with an exhaustive search over the whole group. */
#include <stdlib.h>

#include "check.h"
#include "sudokit/canon.h"
#include "sudokit/grid.h"

#define MAX_PUZZLES 2000

static sk_grid *test_puzzles;
static size_t test_count;

/* Load the 2000 17-clue puzzles of $SUDOKIT_DATA once. */
static void test_load(void)
{
    if (test_puzzles)
        return;
    const char *dir = getenv("SUDOKIT_DATA");
    char path[4096];
    snprintf(path, sizeof path, "%s/17_clue_2000.txt", dir ? dir : ".");
    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    if (!f)
        return;
    test_puzzles = calloc(MAX_PUZZLES, sizeof *test_puzzles);
    char line[256];
    while (test_count < MAX_PUZZLES && fgets(line, sizeof line, f)) {
        size_t len = strcspn(line, "\r\n"), col;
        if (len == 0 || line[0] == '#')
            continue;
        if (sk_grid_parse_line(&test_puzzles[test_count], line, len, &col) == 0)
            test_count++;
    }
    fclose(f);
    CHECK_INT((int)test_count, 2000);
}

static sk_grid test_from_line(const char *text)
{
    sk_grid g;
    size_t col;
    CHECK(sk_grid_parse_line(&g, text, strlen(text), &col) == 0);
    return g;
}

/* Exhaustive reference: the smallest relabelled image over all 2 * 6^8
 * arrangements, cells compared with blank after 9. */
static void test_reference(const sk_grid *in, sk_grid *out)
{
    static const int p3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    int best[81];
    for (int i = 0; i < 81; i++)
        best[i] = 11;
    for (int t = 0; t < 2; t++) {
        int src[81];
        for (int i = 0; i < 81; i++)
            src[i] = t ? in->cells[i % 9 * 9 + i / 9] : in->cells[i];
        for (int rp = 0; rp < 6 * 6 * 6 * 6; rp++) {
            int rows[9], x = rp;
            int bands = x % 6;
            x /= 6;
            for (int b = 0; b < 3; b++, x /= 6)
                for (int k = 0; k < 3; k++)
                    rows[b * 3 + k] = p3[bands][b] * 3 + p3[x % 6][k];
            for (int cp = 0; cp < 6 * 6 * 6 * 6; cp++) {
                int cols[9], y = cp;
                int stacks = y % 6;
                y /= 6;
                for (int s = 0; s < 3; s++, y /= 6)
                    for (int k = 0; k < 3; k++)
                        cols[s * 3 + k] = p3[stacks][s] * 3 + p3[y % 6][k];
                int map[10] = {0}, next = 0, i = 0;
                for (; i < 81; i++) {
                    int d = src[rows[i / 9] * 9 + cols[i % 9]], v = 10;
                    if (d) {
                        if (!map[d])
                            map[d] = ++next;
                        v = map[d];
                    }
                    if (v != best[i]) {
                        if (v > best[i])
                            break;
                        best[i] = v;
                        for (int j = i + 1; j < 81; j++)
                            best[j] = 11; /* the rest follows this image */
                    }
                }
            }
        }
    }
    for (int i = 0; i < 81; i++)
        out->cells[i] = (uint8_t)(best[i] == 10 ? 0 : best[i]);
}

static void test_matches_exhaustive_search(void)
{
    const char *cases[] = {
        /* a 17-clue puzzle */
        "...8.1..........435............7.8........1...2..3....6......75..34........2..6..",
        /* a complete grid */
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        /* repeated digits, no solution */
        "11.......2........3.........9.....9........................................5.5...",
        /* few givens, much symmetry */
        "....1...........................................................................2",
        /* two givens in one column */
        "1........3.......................................................................",
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        sk_grid g = test_from_line(cases[k]), fast, slow;
        CHECK_INT(sk_canon_form(&g, &fast), SK_OK);
        test_reference(&g, &slow);
        char a[82], b[82];
        sk_grid_format_line(&fast, a, true);
        sk_grid_format_line(&slow, b, true);
        a[81] = b[81] = '\0';
        CHECK_STR(a, b);
    }
}

static void test_invariant_under_random_transforms(void)
{
    test_load();
    sk_rng rng;
    sk_rng_seed(&rng, 20261129, 1);
    for (size_t i = 0; i < test_count; i += 37) {
        char want[82], got[82];
        CHECK_INT(sk_canon_string(&test_puzzles[i], want), SK_OK);
        for (int k = 0; k < 8; k++) {
            sk_transform t;
            sk_grid image;
            sk_transform_random(&rng, &t);
            CHECK(sk_transform_check(&t));
            sk_canon_transform(&test_puzzles[i], &t, &image);
            CHECK_INT(sk_grid_clues(&image), 17);
            CHECK_INT(sk_canon_string(&image, got), SK_OK);
            CHECK_STR(got, want);
        }
    }
}

static void test_invariant_for_odd_grids(void)
{
    const char *cases[] = {
        ".................................................................................",
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        "11.......2........3.........9.....9........................................5.5...",
        "....1...........................................................................2",
        "123456789........................................................................",
        "1...2...3...4...5...6...7...8...9................................................",
    };
    sk_rng rng;
    sk_rng_seed(&rng, 7, 2);
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        sk_grid g = test_from_line(cases[k]);
        char want[82], got[82];
        CHECK_INT(sk_canon_string(&g, want), SK_OK);
        for (int n = 0; n < 20; n++) {
            sk_transform t;
            sk_grid image;
            sk_transform_random(&rng, &t);
            sk_canon_transform(&g, &t, &image);
            CHECK_INT(sk_canon_string(&image, got), SK_OK);
            CHECK_STR(got, want);
        }
    }
}

static void test_canonical_form_is_a_fixed_point(void)
{
    test_load();
    for (size_t i = 0; i < test_count; i += 101) {
        sk_grid once, twice;
        CHECK_INT(sk_canon_form(&test_puzzles[i], &once), SK_OK);
        CHECK_INT(sk_canon_form(&once, &twice), SK_OK);
        CHECK(memcmp(&once, &twice, sizeof once) == 0);
        CHECK_INT(sk_grid_clues(&once), 17);
        CHECK(sk_grid_check(&once, NULL));
    }
}

static int test_cmp81(const void *a, const void *b)
{
    return memcmp(a, b, 81);
}

static void test_data_set_puzzles_pairwise_differ(void)
{
    test_load();
    char *forms = malloc(test_count * 81);
    for (size_t i = 0; i < test_count; i++) {
        char s[82];
        CHECK_INT(sk_canon_string(&test_puzzles[i], s), SK_OK);
        memcpy(forms + i * 81, s, 81);
    }
    qsort(forms, test_count, 81, test_cmp81);
    size_t same = 0;
    for (size_t i = 1; i < test_count; i++)
        same += memcmp(forms + (i - 1) * 81, forms + i * 81, 81) == 0;
    CHECK_INT(same, 0);
    free(forms);
}

static void test_changed_clue_changes_the_form(void)
{
    test_load();
    for (size_t i = 0; i < test_count; i += 997) {
        sk_grid g = test_puzzles[i];
        char base[82], removed[82], moved[82];
        sk_canon_string(&g, base);
        int cell = 0;
        while (!g.cells[cell])
            cell++;
        sk_grid fewer = g;
        fewer.cells[cell] = 0;
        sk_canon_string(&fewer, removed);
        CHECK(strcmp(base, removed) != 0);
        /* Move the given to an empty cell of another row and column. */
        sk_grid other = fewer;
        int target = (cell + 40) % 81;
        while (other.cells[target])
            target = (target + 1) % 81;
        other.cells[target] = g.cells[cell];
        sk_canon_string(&other, moved);
        sk_grid ref;
        test_reference(&other, &ref);
        char refs[82];
        sk_grid_format_line(&ref, refs, true);
        refs[81] = '\0';
        CHECK_STR(moved, refs);
        if (i == 0)
            break; /* the exhaustive reference is slow: one case is enough */
    }
}

static void test_rejects_bad_cells(void)
{
    sk_grid g = {{0}}, out = {{0}};
    g.cells[5] = 10;
    CHECK_INT(sk_canon_form(&g, &out), SK_ERR_INVALID);
}

static void test_transform_identity_and_check(void)
{
    sk_grid g = test_from_line(
        "...8.1..........435............7.8........1...2..3....6......75..34........2..6..");
    sk_transform t, bad;
    sk_transform_identity(&t);
    CHECK(sk_transform_check(&t));
    sk_grid out;
    sk_canon_transform(&g, &t, &out);
    CHECK(memcmp(&g, &out, sizeof g) == 0);
    bad = t;
    bad.rows[0] = 3; /* row 3 of band 1 moved into band 0 */
    bad.rows[3] = 0;
    CHECK(!sk_transform_check(&bad));
    bad = t;
    bad.digits[2] = 1;
    CHECK(!sk_transform_check(&bad));
    t.transpose = true;
    sk_canon_transform(&g, &t, &out);
    CHECK_INT(out.cells[1 * 9 + 3], g.cells[3 * 9 + 1]);
}

/* For random images of data set puzzles (and of sparse and complete
 * grids), the transformation found maps the grid onto the image; a grid
 * that is not equivalent gets none. */
static void test_find_transform(void)
{
    test_load();
    sk_rng rng;
    sk_rng_seed(&rng, 77, 1);
    sk_grid grids[203];
    if (test_count < 2000)
        return;
    for (int i = 0; i < 200; i++)
        grids[i] = test_puzzles[i * 7];
    memset(&grids[200], 0, sizeof grids[200]);
    grids[201] = grids[200];
    grids[201].cells[40] = 5;
    grids[202] = test_from_line(
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179");
    for (int i = 0; i < 203; i++) {
        sk_transform t, found;
        sk_grid image, back;
        sk_transform_random(&rng, &t);
        sk_canon_transform(&grids[i], &t, &image);
        CHECK(sk_canon_find_transform(&grids[i], &image, &found));
        CHECK(sk_transform_check(&found));
        sk_canon_transform(&grids[i], &found, &back);
        CHECK(memcmp(&back, &image, sizeof image) == 0);
    }
    sk_transform none;
    CHECK(!sk_canon_find_transform(&grids[0], &grids[1], &none));
    CHECK(!sk_canon_find_transform(&grids[200], &grids[201], &none));
}

/* sk_canon_is takes a puzzle's canonical form, and refuses every other
 * claim: another image of the puzzle, a grid smaller than the form that
 * is no image of it, one cell changed, the form of another puzzle. */
static void test_canon_is_checks_a_claimed_form(void)
{
    test_load();
    sk_rng rng;
    sk_rng_seed(&rng, 30, 3);
    for (size_t i = 0; i < test_count; i += 53) {
        const sk_grid *g = &test_puzzles[i];
        sk_grid form, image, smaller, changed;
        CHECK_INT(sk_canon_form(g, &form), SK_OK);
        CHECK(sk_canon_is(g, &form));
        sk_transform t;
        sk_transform_random(&rng, &t);
        sk_canon_transform(g, &t, &image);
        CHECK(sk_canon_is(&image, &form));
        if (memcmp(&image, &form, sizeof form) != 0)
            CHECK(!sk_canon_is(g, &image));
        smaller = form;
        for (int cell = 0; cell < 81; cell++)
            if (!smaller.cells[cell]) {
                smaller.cells[cell] = 1; /* 1 sorts before a blank */
                break;
            }
        CHECK(!sk_canon_is(g, &smaller));
        changed = form;
        changed.cells[80] = changed.cells[80] ? 0 : 9;
        CHECK(!sk_canon_is(g, &changed));
        CHECK(!sk_canon_is(&test_puzzles[(i + 1) % test_count], &form));
    }
    sk_grid empty = {{0}};
    CHECK(sk_canon_is(&empty, &empty));
}

static const ski_test_case cases[] = {
    {"matches_exhaustive_search", test_matches_exhaustive_search},
    {"invariant_under_random_transforms", test_invariant_under_random_transforms},
    {"invariant_for_odd_grids", test_invariant_for_odd_grids},
    {"canonical_form_is_a_fixed_point", test_canonical_form_is_a_fixed_point},
    {"data_set_puzzles_pairwise_differ", test_data_set_puzzles_pairwise_differ},
    {"changed_clue_changes_the_form", test_changed_clue_changes_the_form},
    {"rejects_bad_cells", test_rejects_bad_cells},
    {"transform_identity_and_check", test_transform_identity_and_check},
    {"find_transform", test_find_transform},
    {"canon_is_checks_a_claimed_form", test_canon_is_checks_a_claimed_form},
};

SK_TEST_MAIN(cases)
