/* Template constraint: a copy-me rule of a rules spec, "odd-count".
 *
 *   odd-count:CELLS=K   exactly K of the cells listed hold an odd digit
 *                       (9x9 odd-count:r1c1+r1c2+r1c3=1)
 *
 * No primitive says "so many odd digits", so the rule is a custom: the
 * plugin keeps its own state and checks and propagates it. A rule that
 * houses, groups or relations can say needs none of that: its parse only
 * calls builder->add_house, add_group or add_relation (the built-in
 * constraint plugins do so), and the host, the solvers, the canonical form
 * and the faces handle the rest.
 *
 * Recipe for a new rule:
 *  1. Copy this file (and test_constraint.c) and rename the `odd_` prefix,
 *     the term and the plugin; a term is 1-40 characters of a-z, 0-9, '-',
 *     '+', '_', starting with a letter.
 *  2. In parse, read one item of the argument (the host splits arguments
 *     at ';'); read cells with builder->parse_cells, say where a problem
 *     is with builder->error_at and what to write instead in err.
 *  3. Give the canonical spelling with builder->normalise, so that two
 *     spellings of one rule make one normalised spec.
 *  4. Emit primitives; for a custom, give check (a full grid), propagate
 *     (remove candidates, naming each removal to note) and free_state.
 *  5. Test it on the plugin mock (test_constraint.c): whole specs compile
 *     with sk_mock_rules_compile, exactly as the host compiles them.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudokit/plugin.h"

/* One odd-count: the cells and how many of them hold an odd digit. */
typedef struct odd_state {
    uint32_t odd;
    uint32_t count;
    uint16_t cells[SK_MAX_SIZE];
} odd_state;

/* Odd digits: bits 0, 2, 4, ... (digits 1, 3, 5, ...). */
#define ODD_DIGITS 0x1555555u

static int odd_check(void *state, const sk_rules *rules, const sk_board *grid, char *why,
                     size_t len)
{
    (void)rules;
    const odd_state *s = state;
    uint32_t odd = 0;
    for (uint32_t i = 0; i < s->count; i++)
        odd += grid->cells[s->cells[i]] % 2;
    if (odd == s->odd)
        return 1;
    snprintf(why, len, "%u odd digits, not %u", odd, s->odd);
    return 0;
}

/* Take away from every undecided cell of s the digits of parity removed. */
static void odd_force(const odd_state *s, sk_digits *candidates, sk_digits removed,
                      sk_note_fn note, void *user, const char *why)
{
    for (uint32_t i = 0; i < s->count; i++) {
        sk_digits *cell = &candidates[s->cells[i]];
        bool odd = (*cell & ODD_DIGITS) != 0, even = (*cell & ~ODD_DIGITS) != 0;
        if (!(odd && even))
            continue;
        if (note)
            note(user, s->cells[i], *cell & removed, why);
        *cell &= ~removed;
    }
}

static int odd_propagate(void *state, const sk_rules *rules, sk_digits *candidates,
                         sk_note_fn note, void *user)
{
    (void)rules;
    const odd_state *s = state;
    uint32_t surely_odd = 0, maybe_odd = 0;
    for (uint32_t i = 0; i < s->count; i++) {
        sk_digits cell = candidates[s->cells[i]];
        surely_odd += cell && !(cell & ~ODD_DIGITS);
        maybe_odd += (cell & ODD_DIGITS) != 0;
    }
    if (surely_odd > s->odd || maybe_odd < s->odd)
        return SK_ERR_INVALID;
    if (surely_odd == s->odd)
        odd_force(s, candidates, ODD_DIGITS, note, user, "the odd digits are all placed");
    else if (maybe_odd == s->odd)
        odd_force(s, candidates, ~ODD_DIGITS, note, user, "every cell left must be odd");
    return SK_OK;
}

static int odd_parse(const sk_services *services, const sk_rules_builder *b, const char *argument,
                     char *err, size_t errlen)
{
    (void)services;
    if (!argument) {
        snprintf(err, errlen, "odd-count needs its cells and count: odd-count:r1c1+r1c2=1");
        return SK_ERR;
    }
    odd_state *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return SK_ERR;
    }
    const char *end;
    char *after = NULL;
    if (b->parse_cells(b->ctx, argument, s->cells, b->size, &s->count, &end) != SK_OK) {
        free(s);
        return SK_ERR; /* the builder said what and where */
    }
    unsigned long odd = *end == '=' ? strtoul(end + 1, &after, 10) : 0;
    if (*end != '=' || after == end + 1 || *after || odd > s->count) {
        b->error_at(b->ctx, end);
        snprintf(err, errlen, "after the cells comes '=' and how many of them are odd (0-%u)",
                 s->count);
        free(s);
        return SK_ERR;
    }
    s->odd = (uint32_t)odd;
    char canonical[256] = "";
    for (uint32_t i = 0; i < s->count; i++) /* cells as listed; canonical: in order */
        for (uint32_t j = i + 1; j < s->count; j++)
            if (s->cells[j] < s->cells[i]) {
                uint16_t swap = s->cells[i];
                s->cells[i] = s->cells[j];
                s->cells[j] = swap;
            }
    for (uint32_t i = 0; i < s->count; i++)
        snprintf(canonical + strlen(canonical), sizeof canonical - strlen(canonical),
                 "%sr%uc%u", i ? "+" : "", s->cells[i] / b->size + 1, s->cells[i] % b->size + 1);
    snprintf(canonical + strlen(canonical), sizeof canonical - strlen(canonical), "=%u", s->odd);
    b->normalise(b->ctx, canonical);
    char label[16];
    snprintf(label, sizeof label, "%u odd", s->odd);
    /* from here the host owns s: it calls free_state when the rules go */
    return b->add_custom(b->ctx, s, s->cells, s->count, "odd-count", label);
}

static const sk_constraint odd_constraint = {
    .struct_size = sizeof(sk_constraint),
    .syntax = "odd-count:CELLS=K (exactly K of the cells hold an odd digit)",
    .example = "9x9 odd-count:r1c1+r1c2+r1c3=1;r9c9+r8c8=0",
    .fpuzzles = NULL, /* f-puzzles has no such field */
    .parse = odd_parse,
    .check = odd_check,
    .propagate = odd_propagate,
    .free_state = free,
};

static const sk_strategy odd_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_CONSTRAINT,
    .name = "odd-count", /* the spec term */
    .summary = "example rule: exactly K of the cells listed hold an odd digit",
    .constraint = &odd_constraint, /* create and destroy: a constraint has no instances */
};

/* The plugin: its descriptor and entry symbol. */
SK_PLUGIN_DEFINE("template-constraint", "1.0.0", &odd_strategy)
