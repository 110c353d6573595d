#!/bin/sh
# --rules SPEC on solve, rate and hint, and what rate and print do with
# puzzles under other rules than classic: solve reads plain lines and
# puzzles written on the command line under SPEC; rate and hint rate them
# with a rater of any rules (human) and refuse them for a rater of classic
# puzzles only (status 2 on the command line, 1 for a file's puzzles),
# never rating them as classic; print refuses what its booklet cannot draw.
# usage: rules_faces.sh SUDOKIT
sudokit=$1
doc=$(cd "$(dirname "$0")/../.." && pwd)/docs/rules.md
. "$(dirname "$0")/../test_lib.sh"

# A 6x6 puzzle and its solution (made by `sudokit generate --rules 6x6
# --seed 7`, checked by both solvers of any rules in test_generate_rules).
six=....51.5...6....3231....5...4.63....
six_solution=$("$sudokit" solve --rules 6x6 --count "$six" 2> err.txt)
if [ "$(printf '%s\n' "$six_solution" | sed -n 1p)" = "#rules 6x6" ] &&
    [ "$(printf '%s\n' "$six_solution" | sed -n 2p | wc -c)" -eq 37 ]; then
    ok solve_puzzle_argument_under_rules
else
    fail solve_puzzle_argument_under_rules "$six_solution $(cat err.txt)"
fi

printf '%s\n' "$six" > plain.txt
if "$sudokit" solve --rules 6x6 --count plain.txt > plain.out 2> err.txt &&
    [ "$(cat plain.out)" = "$six_solution" ]; then
    ok solve_plain_file_under_rules
else
    fail solve_plain_file_under_rules "$(cat plain.out err.txt)"
fi

# Without --rules the same 36 characters are no classic puzzle.
expect_output plain_file_needs_rules 1 "plain.txt:1:37: puzzle 1: too few cells" err.txt \
    solve plain.txt
# A #rules line of the file wins over --rules for the puzzles after it.
printf '%s\n#rules 4x4\n4....13.....3.2.\n' "$six" > mixed.txt
if "$sudokit" solve --rules 6x6 --count mixed.txt > mixed.out 2> err.txt &&
    [ "$(grep -c '^#rules' mixed.out)" -eq 2 ] && grep -q '^#rules 4x4' mixed.out; then
    ok rules_line_wins
else
    fail rules_line_wins "$(cat mixed.out err.txt)"
fi
# A puzzle under rules with a repeat is refused where it is.
expect_output argument_repeat_placed 1 "argument:1:" err.txt \
    solve --rules 4x4 11..............
expect_output bad_rules_usage 2 "solve: rules '6x6 nosuch': column 5: unknown rule 'nosuch'" \
    err.txt solve --rules '6x6 nosuch' plain.txt
expect_output diagonal_hint 2 "write x for both diagonals" err.txt \
    solve --rules '9x9 diagonal' plain.txt

# rate: the rater human rates 6x6 and X puzzles; hodoku rates classic ones
# only, said on the command line (2) and per puzzle (1), never rating them
# as classic.
expect_output rate_rules_rated 0 "^#rules 6x6" out.txt rate --rules 6x6 plain.txt
expect_output rate_rules_refused 2 \
    "rate: rules '6x6': the rater 'hodoku' rates classic 9x9 puzzles only (raters of other rules: .*human.*)" \
    err.txt rate --rater hodoku --rules 6x6 plain.txt
printf '#rules 9x9 x\n%s\n' \
    "$("$sudokit" generate --rules '9x9 x' --seed 4 | sed -n 2p)" > x.txt
expect_output rate_file_rules_rated 0 " [0-9]*\.[0-9]*+\? [1-5] " out.txt rate x.txt
expect_output rate_file_rules_refused 1 \
    "x.txt:2: puzzle 1: under the rules '9x9 x': the rater 'hodoku' rates classic 9x9 puzzles only (.*): not rated" \
    err.txt rate --rater hodoku x.txt
if ! grep -q 'score' out.txt || ! grep -q '[0-9]\.[0-9]' out.txt; then
    ok rate_gives_no_classic_score
else
    fail rate_gives_no_classic_score "$(cat out.txt)"
fi
"$sudokit" generate -n 2 --seed 3 > classic.txt
expect_output rate_classic_rules_rates 0 "" out.txt rate --rules 9x9 classic.txt

# hint: the same refusal; an 81-character X puzzle is not hinted as classic.
expect_output hint_rules_refused 2 "hint: rules '9x9 x': the rater 'hodoku' rates classic" err.txt \
    hint --rater hodoku --rules '9x9 x' "$(sed -n 2p x.txt)"
expect_output hint_rules 0 "^where: " out.txt hint --rules '9x9 x' "$(sed -n 2p x.txt)"

# a 6x6 puzzle is refused for its rules, not for its length
expect_output hint_judges_rules_first 2 "hint: rules '6x6': the rater 'hodoku'" err.txt \
    hint "$six" --rater hodoku --rules 6x6

# print: a puzzle under rules is refused, naming it and what to do.
expect_output print_rules_refused 1 \
    "x.txt:2: puzzle 1: under the rules '9x9 x': the booklet draws classic 9x9 grids only" \
    err.txt print x.txt -o booklet.pdf
[ ! -e booklet.pdf ] && ok print_writes_nothing || fail print_writes_nothing "booklet.pdf"

# docs/rules.md's example of --rules, run as it shows.
awk '/^### `--rules` on the command line/ { inside = 1 }
     inside && /^```/ { if (code) exit; code = 1; next }
     inside && code { print }' "$doc" > doc.txt
command=$(sed -n 's/^\$ \(sudokit .*\)/\1/p' doc.txt)
sed 1d doc.txt > doc-want.txt
if [ -n "$command" ] && (PATH=$(dirname "$sudokit"):$PATH && eval "$command") > doc.out 2>&1 &&
    cmp -s doc.out doc-want.txt; then
    ok doc_example
else
    fail doc_example "$command: $(cat doc.out)"
fi

test_summary
