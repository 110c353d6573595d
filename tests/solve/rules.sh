#!/bin/sh
# `sudokit solve` of puzzles under any rules: each solution equals the
# known one of tests/data/rules/puzzles.txt and is checked again by the
# other solver (the solved grid as givens has exactly one solution).
# usage: rules.sh SUDOKIT DATA_DIR
sudokit=$1 data=$2
. "$(dirname "$0")/../test_lib.sh"

# solve_checked NAME INPUT SOLUTION: solve INPUT with the default solver,
# expect SOLUTION, and have `--solver cover --count` accept the output.
solve_checked() {
    name=$1 input=$2 want=$3
    if ! "$sudokit" solve --count "$input" > "$name.out" 2> "$name.err"; then
        fail "$name" "solve failed: $(cat "$name.err")"
    elif [ "$(grep -v '^#' "$name.out")" != "$want" ]; then
        fail "$name" "solution $(cat "$name.out"), not $want"
    elif ! "$sudokit" solve --solver cover --count "$name.out" > "$name.check" 2>&1 ||
        ! cmp -s "$name.out" "$name.check"; then
        fail "$name" "cover does not confirm it: $(cat "$name.check")"
    else
        ok "$name"
    fi
}

# solve_listed NAME: the puzzle NAME of puzzles.txt as a #rules file.
solve_listed() {
    line=$(grep "^$1|" "$data/rules/puzzles.txt")
    spec=$(echo "$line" | cut -d'|' -f2)
    printf '#rules %s\n%s\n' "$spec" "$(echo "$line" | cut -d'|' -f3)" > "$1.txt"
    solve_checked "$1" "$1.txt" "$(echo "$line" | cut -d'|' -f4)"
}

solve_listed solo-2x3
solve_listed solo-4x4
solve_listed solo-6j
solve_listed solo-3x3k
solve_checked kaji-frost_json "$data/fpuzzles/kaji-frost.json" \
    "$(grep '^kaji-frost|' "$data/rules/puzzles.txt" | cut -d'|' -f4)"

printf '#rules 4x4\n12..............\n' > two.txt
expect_output several_solutions_counted 1 "two.txt:2: puzzle 1: has several solutions" err.txt \
    solve --count two.txt

printf '#rules 6x6 nosuch:1\n43......1..2.46......41.6..5......24\n' > bad.txt
expect_output bad_rules_line_placed 1 "bad.txt:1:12: unknown rule 'nosuch'" err.txt solve bad.txt

expect_output classic_solver_refuses_rules 1 \
    "solver dlx takes classic 9x9 puzzles only, not rules '6x6'" err.txt \
    solve --solver dlx solo-2x3.txt

# docs/rules.md's example: the file it shows, solved as it shows.
awk '/^## Solving a puzzle under rules/ { inside = 1 }
     inside && /^```/ { if (code) exit; code = 1; next }
     inside && code { print }' "$data/../../docs/rules.md" > doc.txt
sed -n '/^\$ cat six.txt/,/^\$ sudokit/p' doc.txt | sed '1d;$d' > six.txt
sed -n '/^\$ sudokit/,$p' doc.txt | sed 1d > doc-out.txt
command=$(sed -n 's/^\$ \(sudokit .*\)/\1/p' doc.txt)
if [ -s six.txt ] && [ -s doc-out.txt ] &&
    (PATH=$(dirname "$sudokit"):$PATH && eval "$command") > six.out 2>&1 &&
    cmp -s six.out doc-out.txt; then
    ok docs_rules_example
else
    fail docs_rules_example "'$command' gave $(cat six.out), not $(cat doc-out.txt)"
fi

test_summary
