/* Canonical form: the smallest image of a grid under the Sudoku group. */
#include "sudokit/canon.h"

#include <string.h>

/*
 * The search. A row of an image is packed into 36 bits, one nibble per
 * cell, first cell most significant, blank = 0xF: comparing two packed rows
 * as integers compares them in the canonical order. The smallest image is
 * found row by row:
 *
 *  1. Roots: the first row of an image is one row of the grid or of its
 *     transpose under some column order. Digits there are relabelled 1, 2,
 *     ... in order, so when no row or column repeats a digit only the
 *     number of givens per stack matters: the best first rows are those
 *     whose per-stack counts, sorted in decreasing order, are largest, and
 *     the only useful column orders put the fullest stack first and the
 *     givens first inside each stack. With repeated digits every column
 *     order is tried.
 *  2. For each root (orientation, first row, column order) a depth-first
 *     search picks the source row of image rows 1..8 (keeping bands
 *     together), relabelling digits as they appear, and prunes a branch as
 *     soon as its row is larger than the same row of the best image so far.
 *
 * Columns (and stacks, rows, bands) that are blank in the whole grid are
 * interchangeable, so only one order of them is tried: this keeps grids
 * with few givens as cheap as the others.
 */

#define CANON_BLANK 0xFu
#define CANON_BLANK_ROW 0xFFFFFFFFFull
#define CANON_NONE UINT64_MAX

/* Digit relabelling built while an image is read. */
typedef struct canon_labels {
    uint8_t map[10];
    uint8_t next;
} canon_labels;

typedef struct canon_ctx {
    uint8_t src[2][81];   /* the grid, and its transpose */
    uint8_t cols[9];      /* column order of the current root */
    bool col_blank[2][9]; /* column blank in the whole of src[t] */
    bool stack_blank[2][3];
    bool row_blank[2][9];
    bool band_blank[2][3];
    int t;            /* orientation of the current root */
    uint64_t best[9]; /* best image so far, packed rows */
    bool completed;   /* some image no larger than best was read to its end */
} canon_ctx;

static const uint8_t canon_perm3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                          {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

/* Pack one row of 9 cells taken in column order cols, relabelling digits
 * through labels. */
static uint64_t canon_row_value(const uint8_t *row, const uint8_t *cols, canon_labels *labels)
{
    uint64_t value = 0;
    for (int c = 0; c < 9; c++) {
        unsigned d = row[cols[c]], label = CANON_BLANK;
        if (d) {
            if (!labels->map[d])
                labels->map[d] = ++labels->next;
            label = labels->map[d];
        }
        value = value << 4 | label;
    }
    return value;
}

/* Offer value as row r of the image: returns -1 when the branch is worse
 * than the best image, else 0 (and records a better row). */
static int canon_offer(canon_ctx *ctx, int r, uint64_t value)
{
    if (value > ctx->best[r])
        return -1;
    if (value < ctx->best[r]) {
        ctx->best[r] = value;
        for (int k = r + 1; k < 9; k++)
            ctx->best[k] = CANON_NONE;
    }
    return 0;
}

/* Choose the source rows of image rows r..8; used has a bit per source
 * row taken, band is the band of image row r - 1. */
static void canon_search(canon_ctx *ctx, int r, unsigned used, int band, const canon_labels *labels)
{
    if (r == 9) {
        ctx->completed = true;
        return;
    }
    int options[6], n = 0;
    if (r % 3) {
        for (int i = band * 3; i < band * 3 + 3; i++)
            if (!(used & 1u << i))
                options[n++] = i;
    } else {
        for (int b = 0; b < 3; b++)
            if (!(used & 7u << (3 * b)))
                for (int i = b * 3; i < b * 3 + 3; i++)
                    options[n++] = i;
    }
    uint64_t values[6], min = CANON_NONE;
    canon_labels next[6];
    for (int k = 0; k < n; k++) {
        next[k] = *labels;
        values[k] = canon_row_value(ctx->src[ctx->t] + options[k] * 9, ctx->cols, &next[k]);
        if (values[k] < min)
            min = values[k];
    }
    if (canon_offer(ctx, r, min) < 0)
        return;
    /* Blank rows of one band, and wholly blank bands, are interchangeable:
     * descend into the first of each only. */
    bool blank_band_done = false;
    unsigned blank_row_done = 0; /* bit per band */
    for (int k = 0; k < n; k++) {
        if (values[k] != ctx->best[r])
            continue;
        int b = options[k] / 3;
        if (values[k] == CANON_BLANK_ROW) {
            bool whole = ctx->band_blank[ctx->t][b] && r % 3 == 0;
            if (whole ? blank_band_done : (blank_row_done >> b & 1))
                continue;
            blank_band_done |= whole;
            blank_row_done |= 1u << b;
        }
        canon_search(ctx, r + 1, used | 1u << options[k], b, &next[k]);
    }
}

/* Search every image whose first row is source row `line` of src[ctx->t]
 * under column order cols. */
static void canon_root(canon_ctx *ctx, int line, const uint8_t cols[9])
{
    canon_labels labels = {{0}, 0};
    uint64_t first = canon_row_value(ctx->src[ctx->t] + line * 9, cols, &labels);
    if (canon_offer(ctx, 0, first) < 0)
        return;
    memcpy(ctx->cols, cols, 9);
    canon_search(ctx, 1, 1u << line, line / 3, &labels);
}

/* Try the column orders of one first row. With restrict set (no repeated
 * digit in any line), only orders putting fuller stacks first and givens
 * first inside each stack. Blank columns and stacks keep their order. */
static void canon_line(canon_ctx *ctx, int line, bool restrict_orders)
{
    const uint8_t *row = ctx->src[ctx->t] + line * 9;
    const bool *col_blank = ctx->col_blank[ctx->t];
    const bool *stack_blank = ctx->stack_blank[ctx->t];
    int count[3] = {0, 0, 0};
    bool inner_ok[3][6];
    for (int s = 0; s < 3; s++) {
        for (int j = 0; j < 3; j++)
            count[s] += row[s * 3 + j] != 0;
        for (int p = 0; p < 6; p++) {
            const uint8_t *q = canon_perm3[p];
            bool ok = true;
            for (int a = 0; a < 3; a++)
                for (int b = a + 1; b < 3; b++) {
                    int ca = s * 3 + q[a], cb = s * 3 + q[b];
                    if (col_blank[ca] && col_blank[cb] && ca > cb)
                        ok = false;
                    if (restrict_orders && !row[ca] && row[cb])
                        ok = false;
                }
            inner_ok[s][p] = ok;
        }
    }
    for (int sp = 0; sp < 6; sp++) {
        const uint8_t *st = canon_perm3[sp];
        bool ok = true;
        for (int a = 0; a < 3; a++)
            for (int b = a + 1; b < 3; b++) {
                if (stack_blank[st[a]] && stack_blank[st[b]] && st[a] > st[b])
                    ok = false;
                if (restrict_orders && count[st[a]] < count[st[b]])
                    ok = false;
            }
        if (!ok)
            continue;
        uint8_t cols[9];
        for (int p0 = 0; p0 < 6; p0++) {
            if (!inner_ok[st[0]][p0])
                continue;
            for (int j = 0; j < 3; j++)
                cols[j] = (uint8_t)(st[0] * 3 + canon_perm3[p0][j]);
            for (int p1 = 0; p1 < 6; p1++) {
                if (!inner_ok[st[1]][p1])
                    continue;
                for (int j = 0; j < 3; j++)
                    cols[3 + j] = (uint8_t)(st[1] * 3 + canon_perm3[p1][j]);
                for (int p2 = 0; p2 < 6; p2++) {
                    if (!inner_ok[st[2]][p2])
                        continue;
                    for (int j = 0; j < 3; j++)
                        cols[6 + j] = (uint8_t)(st[2] * 3 + canon_perm3[p2][j]);
                    canon_root(ctx, line, cols);
                }
            }
        }
    }
}

/* Sorted per-stack given counts of a line as one comparable key. */
static int canon_line_key(const uint8_t *row)
{
    int c[3];
    for (int s = 0; s < 3; s++)
        c[s] = (row[s * 3] != 0) + (row[s * 3 + 1] != 0) + (row[s * 3 + 2] != 0);
    for (int a = 0; a < 2; a++)
        for (int b = a + 1; b < 3; b++)
            if (c[b] > c[a]) {
                int tmp = c[a];
                c[a] = c[b];
                c[b] = tmp;
            }
    return c[0] * 16 + c[1] * 4 + c[2];
}

/* True when no row of src repeats a digit. */
static bool canon_rows_distinct(const uint8_t *src)
{
    for (int r = 0; r < 9; r++) {
        unsigned seen = 0;
        for (int c = 0; c < 9; c++) {
            unsigned d = src[r * 9 + c];
            if (d && (seen >> d & 1))
                return false;
            seen |= 1u << d;
        }
    }
    return true;
}

/* Read the grid in (its cells 0..9) and its transpose into ctx, with
 * which of their lines are blank. This and canon_run are inlined into both
 * callers: called, sk_canon_form ran some 6 % more instructions. */
static inline __attribute__((always_inline)) void canon_prepare(canon_ctx *ctx,
                                                                 const sk_grid *in)
{
    for (int i = 0; i < 81; i++) {
        ctx->src[0][i] = in->cells[i];
        ctx->src[1][i % 9 * 9 + i / 9] = in->cells[i];
    }
    for (int t = 0; t < 2; t++) {
        for (int i = 0; i < 9; i++) {
            bool row = true, col = true;
            for (int j = 0; j < 9; j++) {
                row = row && !ctx->src[t][i * 9 + j];
                col = col && !ctx->src[t][j * 9 + i];
            }
            ctx->row_blank[t][i] = row;
            ctx->col_blank[t][i] = col;
        }
        for (int b = 0; b < 3; b++) {
            ctx->band_blank[t][b] = ctx->row_blank[t][3 * b] && ctx->row_blank[t][3 * b + 1] &&
                                    ctx->row_blank[t][3 * b + 2];
            ctx->stack_blank[t][b] = ctx->col_blank[t][3 * b] && ctx->col_blank[t][3 * b + 1] &&
                                     ctx->col_blank[t][3 * b + 2];
        }
    }
    ctx->completed = false;
}

/* Search from every root, lowering ctx->best to the smallest image that
 * is no larger than it was. */
static inline __attribute__((always_inline)) void canon_run(canon_ctx *ctx)
{
    bool empty = ctx->band_blank[0][0] && ctx->band_blank[0][1] && ctx->band_blank[0][2];
    bool distinct = canon_rows_distinct(ctx->src[0]) && canon_rows_distinct(ctx->src[1]);
    int best_key = -1;
    if (distinct)
        for (int t = 0; t < 2; t++)
            for (int i = 0; i < 9; i++) {
                int key = canon_line_key(ctx->src[t] + i * 9);
                best_key = key > best_key ? key : best_key;
            }
    for (ctx->t = 0; ctx->t < 2; ctx->t++) {
        for (int i = 0; i < 9; i++) {
            /* A blank first row loses to any row holding a given. */
            if (ctx->row_blank[ctx->t][i] && !empty)
                continue;
            if (distinct && canon_line_key(ctx->src[ctx->t] + i * 9) != best_key)
                continue;
            canon_line(ctx, i, distinct);
        }
    }
}

static bool canon_cells_valid(const sk_grid *grid)
{
    for (int i = 0; i < 81; i++)
        if (grid->cells[i] > 9)
            return false;
    return true;
}

int sk_canon_form(const sk_grid *in, sk_grid *out)
{
    canon_ctx ctx;
    if (!canon_cells_valid(in))
        return SK_ERR_INVALID;
    canon_prepare(&ctx, in);
    for (int r = 0; r < 9; r++)
        ctx.best[r] = CANON_NONE;
    canon_run(&ctx);
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            unsigned nib = (unsigned)(ctx.best[r] >> (4 * (8 - c))) & 0xF;
            out->cells[r * 9 + c] = (uint8_t)(nib == CANON_BLANK ? 0 : nib);
        }
    return SK_OK;
}

bool sk_canon_is(const sk_grid *in, const sk_grid *canonical)
{
    canon_ctx ctx;
    uint64_t claimed[9];
    if (!canon_cells_valid(in) || !canon_cells_valid(canonical))
        return false;
    canon_prepare(&ctx, in);
    for (int r = 0; r < 9; r++) {
        claimed[r] = 0;
        for (int c = 0; c < 9; c++) {
            unsigned d = canonical->cells[r * 9 + c];
            claimed[r] = claimed[r] << 4 | (d ? d : CANON_BLANK);
        }
        ctx.best[r] = claimed[r];
    }
    /* With the claim as the bound from the start, only images no larger
     * than it are read: it is the canonical form when one of them is read
     * whole (it is an image) and none is smaller. */
    canon_run(&ctx);
    return ctx.completed && memcmp(ctx.best, claimed, sizeof claimed) == 0;
}

int sk_canon_string(const sk_grid *in, char out[82])
{
    sk_grid canon;
    int rc = sk_canon_form(in, &canon);
    if (rc != SK_OK)
        return rc;
    for (int i = 0; i < 81; i++)
        out[i] = canon.cells[i] ? (char)('0' + canon.cells[i]) : '.';
    out[81] = '\0';
    return SK_OK;
}

void sk_canon_transform(const sk_grid *in, const sk_transform *t, sk_grid *out)
{
    sk_grid image;
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            int i = t->rows[r], j = t->cols[c];
            uint8_t d = t->transpose ? in->cells[j * 9 + i] : in->cells[i * 9 + j];
            image.cells[r * 9 + c] = d <= 9 ? t->digits[d] : d;
        }
    *out = image;
}

/* True when p (9 entries) permutes 0..8 keeping groups of three. */
static bool canon_perm9_check(const uint8_t *p)
{
    unsigned seen = 0;
    for (int r = 0; r < 9; r++) {
        if (p[r] > 8 || (seen >> p[r] & 1) || p[r] / 3 != p[r - r % 3] / 3)
            return false;
        seen |= 1u << p[r];
    }
    return true;
}

bool sk_transform_check(const sk_transform *t)
{
    if (!canon_perm9_check(t->rows) || !canon_perm9_check(t->cols) || t->digits[0])
        return false;
    unsigned seen = 0;
    for (int d = 1; d <= 9; d++) {
        if (t->digits[d] < 1 || t->digits[d] > 9 || (seen >> t->digits[d] & 1))
            return false;
        seen |= 1u << t->digits[d];
    }
    return true;
}

/* Shuffle n bytes uniformly (Fisher-Yates). */
static void canon_shuffle(sk_rng *rng, uint8_t *v, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)sk_rng_below(rng, (uint32_t)i + 1);
        uint8_t tmp = v[i];
        v[i] = v[j];
        v[j] = tmp;
    }
}

/* A random structure-keeping permutation of 0..8 into p. */
static void canon_random_perm9(sk_rng *rng, uint8_t *p)
{
    uint8_t groups[3] = {0, 1, 2};
    canon_shuffle(rng, groups, 3);
    for (int g = 0; g < 3; g++) {
        uint8_t inner[3] = {0, 1, 2};
        canon_shuffle(rng, inner, 3);
        for (int k = 0; k < 3; k++)
            p[g * 3 + k] = (uint8_t)(groups[g] * 3 + inner[k]);
    }
}

void sk_transform_random(sk_rng *rng, sk_transform *t)
{
    t->transpose = sk_rng_below(rng, 2) != 0;
    canon_random_perm9(rng, t->rows);
    canon_random_perm9(rng, t->cols);
    t->digits[0] = 0;
    for (int d = 1; d <= 9; d++)
        t->digits[d] = (uint8_t)d;
    canon_shuffle(rng, t->digits + 1, 9);
}

void sk_transform_identity(sk_transform *t)
{
    t->transpose = false;
    for (int i = 0; i < 9; i++)
        t->rows[i] = t->cols[i] = (uint8_t)i;
    for (int d = 0; d <= 9; d++)
        t->digits[d] = (uint8_t)d;
}
