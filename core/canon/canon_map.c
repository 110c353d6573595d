/* The transformation between two equivalent grids: a search of column
 * orders and then rows, matching the target row by row. */
#include <string.h>

#include "sudokit/canon.h"

/* The search of one orientation and column order: src is the grid (or its
 * transpose), to the target. */
typedef struct map_ctx {
    const uint8_t *src;
    const uint8_t *to;
    uint8_t cols[9];
    uint8_t rows[9];
} map_ctx;

/* Match source row `row` as image row r under the digit maps (forward and
 * back); false when a cell disagrees. The maps grow with new pairs. */
static bool map_row(const map_ctx *m, int row, int r, uint8_t fwd[10], uint8_t back[10])
{
    for (int c = 0; c < 9; c++) {
        uint8_t s = m->src[row * 9 + m->cols[c]], d = m->to[r * 9 + c];
        if ((s == 0) != (d == 0))
            return false;
        if (!s)
            continue;
        if (!fwd[s] && !back[d]) {
            fwd[s] = d;
            back[d] = s;
        } else if (fwd[s] != d) {
            return false;
        }
    }
    return true;
}

/* Choose the source rows of image rows r..8 (used: a bit per source row
 * taken); fills fwd with the digit map on success. */
static bool map_rows(map_ctx *m, int r, unsigned used, uint8_t fwd[10], uint8_t back[10])
{
    if (r == 9)
        return true;
    int band = r % 3 ? m->rows[r - 1] / 3 : -1;
    for (int row = 0; row < 9; row++) {
        bool band_ok = band >= 0 ? row / 3 == band : !(used & 7u << (row / 3 * 3));
        if ((used & 1u << row) || !band_ok)
            continue;
        uint8_t f[10], b[10];
        memcpy(f, fwd, 10);
        memcpy(b, back, 10);
        m->rows[r] = (uint8_t)row;
        if (map_row(m, row, r, f, b) && map_rows(m, r + 1, used | 1u << row, f, b)) {
            memcpy(fwd, f, 10);
            return true;
        }
    }
    return false;
}

/* Complete a partial digit map (fwd[d] 0 for digits the grid lacks) to a
 * permutation of 1..9 fixing 0. */
static void map_complete(const uint8_t fwd[10], uint8_t digits[10])
{
    bool taken[10] = {false};
    for (int d = 1; d <= 9; d++)
        taken[fwd[d]] = fwd[d] != 0;
    digits[0] = 0;
    for (int d = 1, next = 1; d <= 9; d++) {
        if (fwd[d]) {
            digits[d] = fwd[d];
            continue;
        }
        while (taken[next])
            next++;
        digits[d] = (uint8_t)next;
        taken[next] = true;
    }
}

/* Try every column order of one orientation. */
static bool map_orientation(map_ctx *m, sk_transform *out)
{
    static const uint8_t perm3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                        {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int code = 0; code < 6 * 6 * 6 * 6; code++) {
        int st = code % 6, p[3] = {code / 6 % 6, code / 36 % 6, code / 216 % 6};
        for (int s = 0; s < 3; s++)
            for (int j = 0; j < 3; j++)
                m->cols[s * 3 + j] = (uint8_t)(perm3[st][s] * 3 + perm3[p[s]][j]);
        uint8_t fwd[10] = {0}, back[10] = {0};
        if (map_rows(m, 0, 0, fwd, back)) {
            memcpy(out->rows, m->rows, 9);
            memcpy(out->cols, m->cols, 9);
            map_complete(fwd, out->digits);
            return true;
        }
    }
    return false;
}

bool sk_canon_find_transform(const sk_grid *from, const sk_grid *to, sk_transform *out)
{
    uint8_t transposed[81];
    for (int i = 0; i < 81; i++)
        transposed[i % 9 * 9 + i / 9] = from->cells[i];
    for (int t = 0; t < 2; t++) {
        map_ctx m = {.src = t ? transposed : from->cells, .to = to->cells};
        out->transpose = t == 1;
        if (map_orientation(&m, out)) {
            sk_grid image;
            sk_canon_transform(from, out, &image);
            return sk_transform_check(out) && memcmp(image.cells, to->cells, 81) == 0;
        }
    }
    return false;
}
