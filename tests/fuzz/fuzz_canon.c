/* Fuzz target: the canonical form on any grid of 0..9, checking that it is
 * a fixed point, the same for a transformed image, and shaped as promised
 * (digits in order of first appearance, the best-filled line first). */
#include <string.h>

#include "fuzz.h"
#include "sudokit/canon.h"
#include "sudokit/grid.h"

/* The first 81 bytes are the cells ('1'..'9' a digit, anything else a
 * blank, as in the line format); the next 8 seed the transformation. */
static void fuzz_decode(const uint8_t *data, size_t size, sk_grid *grid, uint64_t *seed)
{
    memset(grid, 0, sizeof *grid);
    for (size_t cell = 0; cell < 81 && cell < size; cell++)
        if (data[cell] >= '1' && data[cell] <= '9')
            grid->cells[cell] = (uint8_t)(data[cell] - '0');
    *seed = 0;
    for (size_t i = 81; i < 89 && i < size; i++)
        *seed = *seed << 8 | data[i];
}

/* Givens of one row (step 1) or column (step 9) per stack or band,
 * largest first, as one number to compare: 100 * c1 + 10 * c2 + c3. */
static int fuzz_line_weight(const uint8_t *first, int step)
{
    int count[3] = {0, 0, 0};
    for (int k = 0; k < 9; k++)
        count[k / 3] += first[k * step] != 0;
    for (int i = 0; i < 2; i++)
        for (int j = i + 1; j < 3; j++)
            if (count[j] > count[i]) {
                int swap = count[i];
                count[i] = count[j];
                count[j] = swap;
            }
    return 100 * count[0] + 10 * count[1] + count[2];
}

/* The promised shape of a canonical grid: same clues, digits numbered in
 * order of first appearance, and, when the grid follows the rules, a first
 * row whose givens fill the stacks at least as well as any row or column. */
static void fuzz_check_shape(const sk_grid *canon, const sk_grid *grid)
{
    FUZZ_CHECK(sk_grid_clues(canon) == sk_grid_clues(grid));
    int next = 1;
    bool seen[10] = {false};
    for (int cell = 0; cell < 81; cell++) {
        int d = canon->cells[cell];
        FUZZ_CHECK(d <= 9);
        if (d && !seen[d]) {
            FUZZ_CHECK(d == next);
            seen[d] = true;
            next++;
        }
    }
    if (!sk_grid_check(grid, NULL))
        return;
    int first = fuzz_line_weight(canon->cells, 1);
    for (int i = 0; i < 9; i++) {
        FUZZ_CHECK(fuzz_line_weight(canon->cells + 9 * i, 1) <= first);
        FUZZ_CHECK(fuzz_line_weight(canon->cells + i, 9) <= first);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sk_grid grid, canon, again, image;
    uint64_t seed;
    fuzz_decode(data, size, &grid, &seed);
    FUZZ_CHECK(sk_canon_form(&grid, &canon) == SK_OK);
    fuzz_check_shape(&canon, &grid);
    FUZZ_CHECK(sk_canon_form(&canon, &again) == SK_OK);
    FUZZ_CHECK(memcmp(again.cells, canon.cells, 81) == 0);

    sk_rng rng;
    sk_transform t;
    sk_rng_seed(&rng, seed, 0);
    sk_transform_random(&rng, &t);
    FUZZ_CHECK(sk_transform_check(&t));
    sk_canon_transform(&grid, &t, &image);
    char text[82];
    FUZZ_CHECK(sk_canon_string(&image, text) == SK_OK);
    FUZZ_CHECK(strlen(text) == 81);
    for (int cell = 0; cell < 81; cell++)
        FUZZ_CHECK(text[cell] == (canon.cells[cell] ? '0' + canon.cells[cell] : '.'));

    /* A cell above 9 is refused and the output left alone. */
    grid.cells[seed % 81] = (uint8_t)(10 + seed % 246);
    memcpy(&again, &canon, sizeof again);
    FUZZ_CHECK(sk_canon_form(&grid, &again) == SK_ERR_INVALID);
    FUZZ_CHECK(memcmp(again.cells, canon.cells, 81) == 0);
    return 0;
}
