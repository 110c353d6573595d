#!/bin/sh
# sudokit help rules: the spec's grammar and every constraint the loaded
# plugins offer (sudokit plugins --kind constraint), each with its syntax,
# an example spec and its f-puzzles field; a --format for the whole program
# is a usage error.
# usage: help_rules.sh SUDOKIT
sudokit=$1
. "$(dirname "$0")/../test_lib.sh"

expect_output help_rules 0 'GEOMETRY \[TERM \.\.\.\]' out.txt help rules
cp out.txt rules.txt
"$sudokit" plugins --kind constraint | awk 'NR > 1 { print $2 }' > terms.txt
[ -s terms.txt ] && ok constraints_loaded || fail constraints_loaded "no constraint plugin"
while read -r term; do
    if grep -q "^  $term: " rules.txt; then
        ok "lists $term"
    else
        fail "lists $term" "no '  $term: ' line in: $(cat rules.txt)"
    fi
done < terms.txt
examples=$(grep -c '^    example:   [0-9]*x[0-9]*' rules.txt)
[ "$examples" -eq "$(wc -l < terms.txt)" ] && ok every_example ||
    fail every_example "$examples examples for $(wc -l < terms.txt) constraints"
expect_output help_rules_markdown 0 '^| `anti-knight` |' out.txt help --format markdown rules
expect_output help_rules_bash 2 'not the rules' err.txt help --format bash rules
test_summary
