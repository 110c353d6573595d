/* Generator `pattern`: distinct complete grids at mass-production speed.
 *
 * Every grid is built from the base pattern B(r,c) = (3*(r%3) + r/3 + c) % 9,
 * whose nine rows are nine different cyclic shifts of one row:
 *  1. permute rows 1..8 without moving row 0, keeping the rows a valid grid:
 *     swap rows 1-2 or not, order bands 2 and 3, order the rows inside each
 *     of those two bands: 2*2*6*6 = 144 arrangements, all different because
 *     B's rows are all different;
 *  2. relabel the digits with a permutation s that sends B's top-left digit
 *     to the fixed first digit: 8! = 40320 choices. Row 0 of the result is s
 *     itself, so s is read back from the grid, and then the arrangement is:
 *     distinct (arrangement, s) pairs give distinct grids;
 *  3. apply one geometric transformation T chosen from the seed that keeps
 *     cell (0,0) in place (row and column permutations that fix row 0 and
 *     column 0, optionally transposition). T is a bijection on grids, so
 *     distinctness survives and the top-left digit stays fixed.
 * Grid number `index` of a run takes pair number k = (a*index + b) mod M,
 * M = 144 * 40320 = 5 806 080, with a and b drawn from the seed and a prime
 * to M: an affine bijection, so indexes 0..M-1 give M distinct grids.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudokit/plugin.h"

#define PATTERN_ARRANGEMENTS 144u
#define PATTERN_RELABELLINGS 40320u
#define PATTERN_LIMIT (PATTERN_ARRANGEMENTS * PATTERN_RELABELLINGS)
/* 81 cells padded to whole 16-byte vectors. */
#define PATTERN_ROW 96

#define PATTERN_OPTIONS_HELP "first=1..9 (top-left digit, default 1)"

typedef struct pattern_state {
    uint8_t first; /* the top-left digit, 1..9 */
    bool have_seed;
    uint64_t seed;
    uint64_t a, b; /* the affine bijection on pair numbers */
    /* value[p][cell]: B's value (0..8) landing on cell under arrangement p
     * and the seed's T; a grid is then 81 look-ups of the relabelling. */
    uint8_t value[PATTERN_ARRANGEMENTS][PATTERN_ROW];
    /* relabel[q]: relabelling number q decoded, for top-left digit
     * relabel_first (0 = not built yet); built once, read per grid. */
    uint8_t (*relabel)[16];
    uint8_t relabel_first;
    void (*apply)(const uint8_t *value, const uint8_t *digit_of, uint8_t *out);
} pattern_state;

static uint64_t pattern_gcd(uint64_t x, uint64_t y)
{
    while (y) {
        uint64_t t = x % y;
        x = y;
        y = t;
    }
    return x;
}

/* A permutation of 0..8 that keeps 0 first and respects bands: the other
 * rows of band 0 in either order, bands 1 and 2 in either order, the rows
 * of those bands in any order. */
static void pattern_band_permutation(sk_rng *rng, uint8_t out[9])
{
    static const uint8_t orders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                         {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    bool swap = sk_rng_below(rng, 2);
    out[0] = 0;
    out[1] = swap ? 2 : 1;
    out[2] = swap ? 1 : 2;
    bool bands = sk_rng_below(rng, 2);
    for (int band = 1; band < 3; band++) {
        int source_band = bands ? 3 - band : band;
        const uint8_t *order = orders[sk_rng_below(rng, 6)];
        for (int i = 0; i < 3; i++)
            out[band * 3 + i] = (uint8_t)(source_band * 3 + order[i]);
    }
}

/* Decode arrangement p (0..143) into the source row of each row. */
static void pattern_arrangement(uint32_t p, uint8_t rows[9])
{
    static const uint8_t orders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                         {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    bool swap = p & 1;
    bool bands = (p >> 1) & 1;
    uint32_t rest = p >> 2;
    rows[0] = 0;
    rows[1] = swap ? 2 : 1;
    rows[2] = swap ? 1 : 2;
    for (int band = 1; band < 3; band++) {
        int source_band = bands ? 3 - band : band;
        const uint8_t *order = orders[band == 1 ? rest % 6 : rest / 6];
        for (int i = 0; i < 3; i++)
            rows[band * 3 + i] = (uint8_t)(source_band * 3 + order[i]);
    }
}

static void pattern_reseed(pattern_state *state, uint64_t seed)
{
    sk_rng rng;
    sk_rng_seed(&rng, seed, 0);
    uint64_t a = sk_rng_next(&rng) % PATTERN_LIMIT;
    while (pattern_gcd(a, PATTERN_LIMIT) != 1)
        a = (a + 1) % PATTERN_LIMIT;
    state->a = a;
    state->b = sk_rng_next(&rng) % PATTERN_LIMIT;
    uint8_t t_row[9], t_col[9], rows[9];
    pattern_band_permutation(&rng, t_row);
    pattern_band_permutation(&rng, t_col);
    bool transpose = sk_rng_below(&rng, 2);
    for (uint32_t p = 0; p < PATTERN_ARRANGEMENTS; p++) {
        pattern_arrangement(p, rows);
        for (int r = 0; r < 9; r++) {
            for (int c = 0; c < 9; c++) {
                int tr = transpose ? t_col[c] : t_row[r];
                int tc = transpose ? t_row[r] : t_col[c];
                int br = rows[tr];
                state->value[p][r * 9 + c] = (uint8_t)((3 * (br % 3) + br / 3 + tc) % 9);
            }
        }
    }
    state->seed = seed;
    state->have_seed = true;
}

/* Decode relabelling number q (0..40319) into digit_of[0..8] (B's value v
 * becomes digit_of[v]), with digit_of[0] = first. */
static void pattern_relabelling(uint32_t q, uint8_t first, uint8_t digit_of[16])
{
    uint8_t pool[8];
    int n = 0;
    for (uint8_t d = 1; d <= 9; d++)
        if (d != first)
            pool[n++] = d;
    digit_of[0] = first;
    for (int i = 1; i < 9; i++) {
        uint32_t radix = (uint32_t)(9 - i); /* 8, 7, ..., 1 */
        uint32_t pick = q % radix;
        q /= radix;
        digit_of[i] = pool[pick];
        memmove(pool + pick, pool + pick + 1, (size_t)(n - 1 - (int)pick));
        n--;
    }
}

/* Build the table of all relabellings for top-left digit first. */
static void pattern_build_relabellings(pattern_state *state, uint8_t first)
{
    for (uint32_t q = 0; q < PATTERN_RELABELLINGS; q++)
        pattern_relabelling(q, first, state->relabel[q]);
    state->relabel_first = first;
}

/* Apply a relabelling to a value row: out[cell] = digit_of[value[cell]]. */
static void pattern_apply_scalar(const uint8_t *value, const uint8_t *digit_of, uint8_t *out)
{
    for (int cell = 0; cell < 81; cell++)
        out[cell] = digit_of[value[cell]];
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <tmmintrin.h>

#include "cpu_features.h"

/* The same with one byte shuffle per 16 cells (SSSE3, checked at run
 * time). */
__attribute__((target("ssse3"))) static void pattern_apply_ssse3(const uint8_t *value,
                                                                const uint8_t *digit_of,
                                                                uint8_t *out)
{
    __m128i table = _mm_loadu_si128((const __m128i *)digit_of);
    uint8_t padded[PATTERN_ROW];
    for (int i = 0; i < PATTERN_ROW; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(value + i));
        _mm_storeu_si128((__m128i *)(padded + i), _mm_shuffle_epi8(table, v));
    }
    memcpy(out, padded, 81);
}
#endif

static void *pattern_create(const sk_services *services, const sk_option *options,
                            size_t option_count, char *err, size_t errlen)
{
    (void)services;
    static const sk_option_spec specs[] = {{"first", 1, 9, NULL}};
    long long first = 1;
    if (sk_options_read(options, option_count, specs, 1, &first, PATTERN_OPTIONS_HELP, err,
                        errlen) != SK_OK)
        return NULL;
    pattern_state *state = calloc(1, sizeof *state);
    if (state)
        state->relabel = calloc(PATTERN_RELABELLINGS, sizeof(*state->relabel));
    if (!state || !state->relabel) {
        free(state);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    state->first = (uint8_t)first;
    state->apply = pattern_apply_scalar;
#if defined(__x86_64__) && defined(__GNUC__)
    if (SK_CPU_HAS(SSSE3, "ssse3"))
        state->apply = pattern_apply_ssse3;
#endif
    return state;
}

static void pattern_destroy(void *instance)
{
    pattern_state *state = instance;
    if (state)
        free(state->relabel);
    free(state);
}

static int pattern_generate(void *instance, const sk_gen_request *request, sk_gen_result *out,
                            char *err, size_t errlen)
{
    pattern_state *state = instance;
    uint8_t first = state->first;
    static const uint8_t zeros[80];
    if (memcmp(request->fixed.cells + 1, zeros, sizeof zeros) != 0) {
        int cell = 1;
        while (!request->fixed.cells[cell])
            cell++;
        snprintf(err, errlen, "only the top-left cell can be fixed (cell r%dc%d is set)",
                 cell / 9 + 1, cell % 9 + 1);
        return SK_ERR;
    }
    if (request->fixed.cells[0])
        first = request->fixed.cells[0];
    if (request->clues || request->minimal || request->level || request->rating_max > 0) {
        snprintf(err, errlen, "makes complete grids only (no clue count, level or rating)");
        return SK_ERR;
    }
    if (request->index >= PATTERN_LIMIT) {
        snprintf(err, errlen, "makes at most %u distinct grids per seed (asked for grid %llu)",
                 PATTERN_LIMIT, (unsigned long long)request->index + 1);
        return SK_ERR_LIMIT;
    }
    if (!state->have_seed || state->seed != request->seed)
        pattern_reseed(state, request->seed);

    uint64_t k = (state->a * request->index + state->b) % PATTERN_LIMIT;
    if (state->relabel_first != first)
        pattern_build_relabellings(state, first);
    const uint8_t *digit_of = state->relabel[k / PATTERN_ARRANGEMENTS];
    state->apply(state->value[k % PATTERN_ARRANGEMENTS], digit_of, out->solution.cells);
    out->puzzle = out->solution;
    out->symmetry = SK_SYM_NONE;
    out->attempts = 1;
    return SK_OK;
}

static const sk_strategy pattern_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_GENERATOR,
    .name = "pattern",
    .summary = "distinct complete grids at mass-production speed (top-left digit fixed)",
    .options_help = PATTERN_OPTIONS_HELP,
    .create = pattern_create,
    .destroy = pattern_destroy,
    .generate = pattern_generate,
};

/* The plugin: its descriptor and entry symbol. */
SK_PLUGIN_DEFINE("pattern", "1.0.0", &pattern_strategy)
