/* grid-fill: the randomised backtracking fill of a grid, for the random and dig generators. */
#include "grid_fill.h"

#include <stdio.h>

/* One search level: the cell filled there and the candidates not yet tried. */
typedef struct fill_frame {
    uint8_t cell;
    uint16_t left;
} fill_frame;

/* The used-digit masks of the 27 units, bit d-1 for digit d. */
typedef struct fill_units {
    uint16_t row[9], col[9], box[9];
} fill_units;

static int fill_box(int cell)
{
    return cell / 27 * 3 + cell % 9 / 3;
}

static uint16_t fill_candidates(const fill_units *u, int cell)
{
    return (uint16_t)(~(u->row[cell / 9] | u->col[cell % 9] | u->box[fill_box(cell)]) & 0x1FF);
}

static void fill_toggle(fill_units *u, int cell, uint16_t bit)
{
    u->row[cell / 9] ^= bit;
    u->col[cell % 9] ^= bit;
    u->box[fill_box(cell)] ^= bit;
}

/* The k-th (0-based) set bit of mask, as a one-bit mask. */
static uint16_t fill_nth_bit(uint16_t mask, unsigned k)
{
    while (k--)
        mask &= (uint16_t)(mask - 1);
    return (uint16_t)(mask & -mask);
}

static int fill_digit(uint16_t bit)
{
    return __builtin_ctz(bit) + 1;
}

/* Record the given cells in u; false (with a message) when one repeats. */
static int fill_load(const sk_grid *grid, fill_units *u, uint8_t *empty, int *empty_count,
                     char *err, size_t errlen)
{
    static const char *const names[3] = {"row", "column", "box"};
    *empty_count = 0;
    for (int cell = 0; cell < 81; cell++) {
        int d = grid->cells[cell];
        if (d == 0) {
            empty[(*empty_count)++] = (uint8_t)cell;
            continue;
        }
        if (d > 9) {
            snprintf(err, errlen, "cell r%dc%d holds %d, not a digit 1-9", cell / 9 + 1,
                     cell % 9 + 1, d);
            return SK_ERR_INVALID;
        }
        uint16_t bit = (uint16_t)(1u << (d - 1));
        uint16_t used[3] = {u->row[cell / 9], u->col[cell % 9], u->box[fill_box(cell)]};
        for (int k = 0; k < 3; k++) {
            if (used[k] & bit) {
                snprintf(err, errlen,
                         "fixed digit %d at r%dc%d repeats in its %s; fix the fixed cells", d,
                         cell / 9 + 1, cell % 9 + 1, names[k]);
                return SK_ERR_INVALID;
            }
        }
        fill_toggle(u, cell, bit);
    }
    return SK_OK;
}

/* Move the empty cell (among empty[from..count)) with the fewest candidates
 * to position from; the scan starts at a random offset so ties fall at
 * random. Returns its candidates. */
static uint16_t fill_pick(const fill_units *u, uint8_t *empty, int from, int count, sk_rng *rng)
{
    int span = count - from;
    int start = (int)sk_rng_below(rng, (uint32_t)span);
    int best = from, best_count = 10;
    uint16_t best_mask = 0;
    for (int i = 0; i < span; i++) {
        int pos = from + (start + i) % span;
        uint16_t mask = fill_candidates(u, empty[pos]);
        int n = __builtin_popcount(mask);
        if (n < best_count) {
            best = pos;
            best_count = n;
            best_mask = mask;
            if (n <= 1)
                break;
        }
    }
    uint8_t t = empty[from];
    empty[from] = empty[best];
    empty[best] = t;
    return best_mask;
}

int fill_random_grid(sk_grid *grid, sk_rng *rng, uint64_t node_limit, char *err, size_t errlen)
{
    fill_units u = {{0}, {0}, {0}};
    uint8_t empty[81];
    fill_frame stack[81];
    int count = 0;
    int rc = fill_load(grid, &u, empty, &count, err, errlen);
    if (rc != SK_OK)
        return rc;
    uint64_t nodes = 0;
    int depth = 0;
    while (depth < count) {
        stack[depth].left = fill_pick(&u, empty, depth, count, rng);
        stack[depth].cell = empty[depth];
        /* Try the next candidate here, backing up while a level is exhausted. */
        while (stack[depth].left == 0) {
            if (depth == 0) {
                snprintf(err, errlen,
                         "the fixed cells admit no complete grid; fix the fixed cells");
                return SK_ERR_INVALID;
            }
            depth--;
            int cell = stack[depth].cell;
            fill_toggle(&u, cell, (uint16_t)(1u << (grid->cells[cell] - 1)));
            grid->cells[cell] = 0;
        }
        fill_frame *f = &stack[depth];
        uint16_t bit =
            fill_nth_bit(f->left, sk_rng_below(rng, (uint32_t)__builtin_popcount(f->left)));
        f->left &= (uint16_t)~bit;
        grid->cells[f->cell] = (uint8_t)fill_digit(bit);
        fill_toggle(&u, f->cell, bit);
        if (++nodes > node_limit) {
            snprintf(err, errlen,
                     "no complete grid found within %llu search nodes; the fixed cells may "
                     "admit none",
                     (unsigned long long)node_limit);
            return SK_ERR_LIMIT;
        }
        depth++;
    }
    return SK_OK;
}
