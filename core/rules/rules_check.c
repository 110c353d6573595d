/* Checking a board under rules: which primitive a grid breaks, and where
 * (pure: plugin.h and libc only). */
#include <stdio.h>
#include <string.h>

#include "rules_internal.h"

enum { CHECK_CELL = 0, CHECK_HOUSE = 1, CHECK_GROUP = 2, CHECK_RELATION = 3, CHECK_CUSTOM = 4 };

static void check_name(const sk_rules *rules, uint32_t cell, char out[24])
{
    snprintf(out, 24, "r%uc%u", cell / rules->size + 1, cell % rules->size + 1);
}

/* Fill broken (when not NULL); returns false. */
static bool check_broken(rules_break *broken, int part, uint32_t index, uint32_t a, uint32_t b,
                         uint32_t cell_count, const char *why)
{
    if (broken) {
        *broken = (rules_break){part, index, {a, b}, cell_count, ""};
        snprintf(broken->why, sizeof broken->why, "%s", why);
    }
    return false;
}

/* No digit twice among cells; the two clashing cells in *a, *b. */
static bool check_distinct(const sk_board *board, const uint16_t *cells, uint32_t n, uint32_t *a,
                           uint32_t *b)
{
    int seen_at[SK_MAX_SIZE + 1];
    memset(seen_at, -1, sizeof seen_at);
    for (uint32_t i = 0; i < n; i++) {
        unsigned d = board->cells[cells[i]];
        if (!d)
            continue;
        if (seen_at[d] >= 0) {
            *a = cells[seen_at[d]];
            *b = cells[i];
            return false;
        }
        seen_at[d] = (int)i;
    }
    return true;
}

static bool check_cells(const sk_rules *rules, const sk_board *board, bool complete,
                        rules_break *broken)
{
    char name[24], why[96];
    for (uint32_t cell = 0; cell < rules->size * rules->size; cell++) {
        unsigned d = board->cells[cell];
        if (d <= rules->size && (d || !complete))
            continue;
        check_name(rules, cell, name);
        if (d)
            snprintf(why, sizeof why, "%s holds %u, outside 1-%u", name, d, rules->size);
        else
            snprintf(why, sizeof why, "%s is empty", name);
        return check_broken(broken, CHECK_CELL, cell, cell, 0, 1, why);
    }
    return true;
}

static bool check_sets(const sk_rules *rules, const sk_board *board, bool complete,
                       rules_break *broken)
{
    char na[24], nb[24], why[160];
    uint32_t a, b;
    for (uint32_t i = 0; i < rules->house_count; i++) {
        const sk_rules_house *h = &rules->houses[i];
        if (check_distinct(board, h->cells, h->count, &a, &b))
            continue;
        check_name(rules, a, na);
        check_name(rules, b, nb);
        snprintf(why, sizeof why, "digit %u twice in a %s: %s and %s", board->cells[a], h->mark, na,
                 nb);
        return check_broken(broken, CHECK_HOUSE, i, a, b, 2, why);
    }
    for (uint32_t i = 0; i < rules->group_count; i++) {
        const sk_rules_group *g = &rules->groups[i];
        check_name(rules, g->cells[0], na);
        if (!check_distinct(board, g->cells, g->count, &a, &b)) {
            check_name(rules, a, na);
            check_name(rules, b, nb);
            snprintf(why, sizeof why, "digit %u twice in a %s: %s and %s", board->cells[a], g->mark,
                     na, nb);
            return check_broken(broken, CHECK_GROUP, i, a, b, 2, why);
        }
        int32_t sum = 0;
        uint32_t empty = 0;
        for (uint32_t k = 0; k < g->count; k++) {
            sum += board->cells[g->cells[k]];
            empty += board->cells[g->cells[k]] == 0;
        }
        bool bad = g->sum && (empty ? (!complete && sum >= g->sum) : sum != g->sum);
        if (bad) {
            snprintf(why, sizeof why, "the %s at %s sums to %s%d, not %d", g->mark, na,
                     empty ? "at least " : "", sum + (int32_t)empty, g->sum);
            return check_broken(broken, CHECK_GROUP, i, g->cells[0], 0, 1, why);
        }
    }
    return true;
}

static bool check_relations(const sk_rules *rules, const sk_board *board, rules_break *broken)
{
    char na[24], nb[24], why[160];
    for (uint32_t i = 0; i < rules->relation_count; i++) {
        const sk_rules_relation *r = &rules->relations[i];
        unsigned da = board->cells[r->a], db = board->cells[r->b];
        if (!da || !db || (r->allowed[da] >> (db - 1) & 1u))
            continue;
        check_name(rules, r->a, na);
        check_name(rules, r->b, nb);
        snprintf(why, sizeof why, "%s %u and %s %u break the %s%s%s", na, da, nb, db, r->mark,
                 r->label ? " " : "", r->label ? r->label : "");
        return check_broken(broken, CHECK_RELATION, i, r->a, r->b, 2, why);
    }
    return true;
}

static bool check_customs(const sk_rules *rules, const sk_board *board, rules_break *broken)
{
    for (uint32_t i = 0; i < rules->custom_count; i++) {
        const sk_rules_custom *c = &rules->customs[i];
        bool filled = true;
        for (uint32_t k = 0; k < c->count && filled; k++)
            filled = board->cells[c->cells[k]] != 0;
        char why[120] = "";
        if (!filled || c->constraint->check(c->state, rules, board, why, sizeof why) == 1)
            continue;
        char na[24], text[192];
        check_name(rules, c->cells[0], na);
        snprintf(text, sizeof text, "the %.24s at %s: %s", c->mark, na, why[0] ? why : "broken");
        return check_broken(broken, CHECK_CUSTOM, i, c->cells[0], 0, 1, text);
    }
    return true;
}

bool rules_check_board(const sk_rules *rules, const sk_board *board, bool complete,
                       rules_break *broken)
{
    return check_cells(rules, board, complete, broken) &&
           check_sets(rules, board, complete, broken) && check_relations(rules, board, broken) &&
           check_customs(rules, board, broken);
}
