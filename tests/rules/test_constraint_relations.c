/* The relations constraint plugin (plugins/constraint-relations) on the
 * plugin mock: each rule's pairs and tables, the digit relabellings they
 * keep, the negative rules reading the marks of the whole spec, the
 * refusals with their columns, and public puzzles solved under them. */
#include "constraint_test.h"

static void describes_itself(void)
{
    constraint_describes_itself();
}

/* The relation of rules between cells a and b (either order), or NULL. */
static const sk_rules_relation *relation_of(const sk_rules *rules, uint32_t a, uint32_t b)
{
    for (uint32_t i = 0; i < rules->relation_count; i++) {
        const sk_rules_relation *r = &rules->relations[i];
        if ((r->a == a && r->b == b) || (r->a == b && r->b == a))
            return r;
    }
    return NULL;
}

static uint32_t peers_of(const sk_rules *rules, uint32_t cell)
{
    return rules->peer_start[cell + 1] - rules->peer_start[cell];
}

static void chess_moves(void)
{
    sk_mock *mock = constraint_mock();
    const sk_rules *rules = constraint_compile(mock, "9x9 anti-king");
    /* r3c3 gains r2c4, r4c2 and r4c4; r5c5's diagonal cells share its box */
    CHECK(rules && rules->relation_count == 128 && peers_of(rules, 20) == 23);
    CHECK(rules && peers_of(rules, 40) == 20 && rules->digit_symmetry == SK_DIGITS_ANY);
    CHECK(rules && relation_of(rules, 40, 30) && !relation_of(rules, 40, 22));
    CHECK(rules && strcmp(rules->relations[0].mark, "king") == 0);
    sk_mock_rules_free(rules);
    rules = constraint_compile(mock, "9x9 anti-knight");
    CHECK(rules && rules->relation_count == 224 && peers_of(rules, 40) == 28);
    CHECK(rules && relation_of(rules, 40, 21) && relation_of(rules, 40, 57));
    CHECK(rules && rules->relations[0].allowed[3] == (0x1FFu & ~4u));
    sk_mock_rules_free(rules);
    constraint_refused(mock, "9x9 anti-knight:r1c1",
                       "column 17: anti-knight: anti-knight takes "
                       "no argument: write anti-knight alone");
    sk_mock_free(mock);
}

static void consecutive_digits(void)
{
    sk_mock *mock = constraint_mock();
    const sk_rules *rules = constraint_compile(mock, "9x9 non-consecutive");
    CHECK(rules && rules->relation_count == 144 && peers_of(rules, 40) == 20);
    CHECK(rules && rules->relations[0].allowed[5] == (0x1FFu & ~(8u | 32u)));
    CHECK(rules && rules->digit_symmetry == SK_DIGITS_REVERSE);
    sk_mock_rules_free(rules);
    /* a white dot's pair is no longer non-consecutive */
    rules = constraint_compile(mock, "9x9 non-consecutive kropki-white:r1c2+r1c1");
    CHECK(rules && rules->relation_count == 144);
    const sk_rules_relation *dot = rules ? relation_of(rules, 0, 1) : NULL;
    CHECK(dot && strcmp(dot->mark, "dot-white") == 0 && dot->allowed[5] == (8u | 32u));
    sk_mock_rules_free(rules);
    sk_mock_free(mock);
}

static void kropki_dots(void)
{
    sk_mock *mock = constraint_mock();
    constraint_normalises(mock, "9x9 kropki-white:R1C2+r1c1=1;r2c1+r3c1=3",
                          "9x9 kropki-white:r1c1+r1c2;r2c1+r3c1=3");
    const sk_rules *rules = constraint_compile(mock, "9x9 kropki-black:r5c5+r5c4");
    const sk_rules_relation *r = rules ? &rules->relations[0] : NULL;
    CHECK(r && r->a == 39 && r->b == 40 && strcmp(r->label, "2") == 0);
    CHECK(r && r->allowed[1] == 2u && r->allowed[2] == (1u | 8u) && r->allowed[5] == 0);
    CHECK(rules && rules->digit_symmetry == SK_DIGITS_FIXED);
    sk_mock_rules_free(rules);
    rules = constraint_compile(mock, "9x9 kropki-white:r1c1+r1c2=3");
    CHECK(rules && rules->relations[0].allowed[5] == (2u | 128u) &&
          rules->digit_symmetry == SK_DIGITS_REVERSE);
    sk_mock_rules_free(rules);
    constraint_refused(mock, "9x9 kropki-white:r1c1+r2c2",
                       "column 18: kropki-white: a mark "
                       "joins two cells side by side, as r1c1+r1c2 or r1c1+r2c1");
    constraint_refused(mock, "9x9 kropki-white:r1c9+r2c1",
                       "column 18: kropki-white: a mark "
                       "joins two cells side by side, as r1c1+r1c2 or r1c1+r2c1");
    constraint_refused(mock, "9x9 kropki-white:r1c1+r1c2=9",
                       "column 27: kropki-white: a white "
                       "dot's value is a whole number 1-8 after '=' (1 when left out)");
    constraint_refused(mock, "9x9 kropki-black:r1c1+r1c2=1",
                       "column 27: kropki-black: a black "
                       "dot's value is a whole number 2-9 after '=' (2 when left out)");
    constraint_refused(mock, "9x9 kropki-black",
                       "column 5: kropki-black: kropki-black needs its "
                       "cells: kropki-black:r1c1+r1c2 (=R for a ratio other than 2)");
    sk_mock_free(mock);
}

static void x_and_v(void)
{
    sk_mock *mock = constraint_mock();
    constraint_normalises(mock, "9x9 xv:V=r2c2+r2c1;X=r1c2+r1c1", "9x9 xv:v=r2c1+r2c2;x=r1c1+r1c2");
    const sk_rules *rules = constraint_compile(mock, "9x9 xv:X=r1c1+r1c2");
    CHECK(rules && rules->relations[0].allowed[3] == 64u && rules->relations[0].allowed[1] == 256u);
    CHECK(rules && rules->digit_symmetry == SK_DIGITS_REVERSE); /* d+e=10 <=> (10-d)+(10-e)=10 */
    CHECK(rules && strcmp(rules->relations[0].mark, "x") == 0 &&
          strcmp(rules->relations[0].label, "X") == 0);
    sk_mock_rules_free(rules);
    rules = constraint_compile(mock, "9x9 xv:v=r1c1+r1c2");
    CHECK(rules && rules->digit_symmetry == SK_DIGITS_FIXED);
    sk_mock_rules_free(rules);
    constraint_refused(mock, "9x9 xv:Y=r1c1+r1c2",
                       "column 8: xv: 'Y=r1c1+r1c2' is not a mark: "
                       "write X=r1c1+r1c2 (sum 10) or V=r1c1+r1c2 (sum 5)");
    constraint_refused(mock, "9x9 xv:X=r1c1+r1c2+r1c3",
                       "column 20: xv: more than 2 cells in "
                       "one list");
    sk_mock_free(mock);
}

static void negative_rules_read_the_whole_spec(void)
{
    sk_mock *mock = constraint_mock();
    const sk_rules *rules = constraint_compile(mock, "9x9 negative-kropki kropki-white:r1c1+r1c2 "
                                                     "kropki-black:r2c1+r2c2=3");
    CHECK(rules && rules->relation_count == 144);
    const sk_rules_relation *plain = rules ? relation_of(rules, 40, 41) : NULL;
    /* neither consecutive nor in ratio 3 (the only black dot's): 5 and 6 differ
     * by 1; 2 and 6 are in ratio 3; 2 and 4 (ratio 2) are fine */
    CHECK(plain && strcmp(plain->mark, "negative-kropki") == 0);
    CHECK(plain && !(plain->allowed[5] & 32u) && !(plain->allowed[2] & 32u) &&
          (plain->allowed[2] & 8u));
    sk_mock_rules_free(rules);
    rules = constraint_compile(mock, "9x9 negative-kropki");
    plain = rules ? relation_of(rules, 0, 1) : NULL; /* default: difference 1, ratio 2 */
    CHECK(plain && !(plain->allowed[2] & 8u) && !(plain->allowed[2] & 4u) &&
          (plain->allowed[2] & 16u));
    sk_mock_rules_free(rules);
    rules = constraint_compile(mock, "9x9 xv:X=r1c1+r1c2 negative-xv");
    CHECK(rules && rules->relation_count == 144);
    plain = rules ? relation_of(rules, 1, 2) : NULL;
    CHECK(plain && !(plain->allowed[4] & 32u) && !(plain->allowed[4] & 1u) &&
          (plain->allowed[4] & 2u));
    sk_mock_rules_free(rules);
    constraint_refused(mock, "9x9 negative-xv:x",
                       "column 17: negative-xv: negative-xv takes no "
                       "argument: write negative-xv alone");
    sk_mock_free(mock);
}

/* Public puzzles (tests/data/rules/puzzles.txt names their sources). */
static void public_puzzles(void)
{
    sk_mock *mock = constraint_mock();
    constraint_solves_named(mock, "kaji-our-lady-of-the-adjacent");
    constraint_solves_named(mock, "kaji-finger-counting");
    constraint_solves_named(mock, "kaji-alien-abacus");
    constraint_solves_named(mock, "fp-knight-shift");
    constraint_solves_named(mock, "fp-irregular-7x7-kropki");
    sk_mock_free(mock);
}

static const ski_test_case relations_cases[] = {
    {"describes_itself", describes_itself},
    {"chess_moves", chess_moves},
    {"consecutive_digits", consecutive_digits},
    {"kropki_dots", kropki_dots},
    {"x_and_v", x_and_v},
    {"negative_rules_read_the_whole_spec", negative_rules_read_the_whole_spec},
    {"public_puzzles", public_puzzles},
};

SK_TEST_MAIN(relations_cases)
