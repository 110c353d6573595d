#!/bin/sh
# Rating and hints of variant puzzles through the real executable: each
# family of tests/data/rules/puzzles.txt and solvers.txt (sources named
# there) rated to a fixed score, level and hardest technique; hints and
# --explain naming the house or constraint a step used, in words and JSON.
# usage: test_variant_cli.sh SUDOKIT DATA_DIR
sudokit=$1
data=$2
. "$(dirname "$0")/../test_lib.sh"

# puzzle_file NAME: the puzzle NAME as a "#rules SPEC" block in NAME.txt.
puzzle_file() {
    grep -h "^$1|" "$data/rules/puzzles.txt" "$data/rules/solvers.txt" |
        awk -F'|' '{print "#rules " $2; print $3}' > "$1.txt"
}

# NAME|SCORE LEVEL NAME HARDEST as rate's line format ends.
while IFS='|' read -r name want; do
    puzzle_file "$name"
    expect_output "rate_$name" 0 " $want\$" out.txt rate "$name.txt"
done <<'TABLE'
solo-2x2|1.20 1 easy Hidden single in a box
solo-2x3|1.20 1 easy Hidden single in a box
solo-4x4|1.20 1 easy Hidden single in a box
solo-3x3x|1.20 1 easy Hidden single in a box
solo-9jx|1.20 1 easy Hidden single in a box
solo-2x3k|2.50 2 medium Cage combinations
solo-3x3k|2.80 2 medium Cage pointing
solo-3x3xk|8.50 5 evil Dynamic forcing chain
kaji-wormhole-sixxtreme|1.50 1 easy Hidden single in a line
kaji-piggly-wiggly|2.80 2 medium Claiming
kaji-frost|2.50 2 medium Relation (thermo)
fp-knight-shift|1.50 1 easy Hidden single in a line
fp-clipped|8.50 5 evil Dynamic forcing chain
sudokit-killer-no-sums|3.80 3 hard Swordfish
fp-self-contained|11.00+ 5 evil Trial and error
TABLE

# A rating is the same run after run, and with several jobs.
cat solo-3x3k.txt kaji-frost.txt solo-2x3k.txt > three.txt
"$sudokit" rate three.txt > once.txt 2> /dev/null
"$sudokit" rate --jobs 2 three.txt > twice.txt 2> /dev/null
if cmp -s once.txt twice.txt && [ "$(grep -c medium once.txt)" -eq 3 ]; then
    ok stable
else
    fail stable "$(cat once.txt twice.txt)"
fi

# --rules on the command line, and the steps of rate --explain in words and JSON.
x=$(sed -n 2p solo-3x3x.txt)
expect_output rules_key 0 "1.20 1 easy" out.txt rate --rules "9x9 x" "$x"
expect_output explain_words 0 "1\. 1\.2 Hidden single in a box: r6c5 is the only place for 6 in box 5" \
    out.txt rate --explain --rules "9x9 x" "$x"
expect_output explain_json 0 '"where":"box 5"' out.txt rate --explain --format json --rules "9x9 x" "$x"

# hint: the step, its cells, the house or constraint used.
expect_output hint_words 0 "^where: box 5" out.txt hint --rules "9x9 x" "$x"
killer_spec=$(sed -n 1p solo-2x3k.txt | cut -c8-)
killer=$(sed -n 2p solo-2x3k.txt)
expect_output hint_cage 0 '"technique":"Cage combinations".*"where":"cage 10 at r1c4"' out.txt \
    hint --format json --rules "$killer_spec" "$killer"
big=$(sed -n 2p solo-4x4.txt)
expect_output hint_16x16 0 '"cells":\["r[0-9]*c1[0-6]\?"\]' out.txt hint --format json --rules 16x16 "$big"
expect_output hint_path 0 "^2\. " out.txt hint --path --rules "9x9 x" "$x"
knight=$(sed -n 2p fp-knight-shift.txt)
expect_output hint_line 0 "where: \(row\|column\) [1-9]" out.txt hint --path --rules "9x9 anti-knight" "$knight"

# Lua: the same hint, rows and columns on the board's size, and where.
cat > hint.lua <<LUA
local sudokit = require "sudokit"
local steps = assert(sudokit.hint{puzzle = "$big", rules = "16x16"})
local p = steps[1].placed[1]
print(steps[1].technique, p.row, p.col, p.digit, steps[1].where)
LUA
expect_output lua_hint_16x16 0 "Hidden single in a box	3	1	3	box 1" out.txt run hint.lua

# Bad input: what is wrong, and no rating.
expect_output wrong_entry 1 "contradicts the solution" out.txt hint --rules "9x9 x" --cells "9${x#?}" "$x"
expect_output short_board 2 "give 36 characters for rules '6x6'" err.txt hint --rules 6x6 123
puzzle_file solo-5x5
expect_output too_big 1 "rates rules up to 16x16, not 25x25" err.txt rate solo-5x5.txt
expect_output no_hodoku_scale 1 "techniques=hodoku rates classic 9x9 puzzles only" err.txt \
    rate --rater-options techniques=hodoku solo-2x2.txt
# --store keeps the rating with its puzzle, rules and solution, once.
expect_output store 0 "stored 1 ratings: 1 new puzzles" err.txt --db store.db rate --store solo-2x2.txt
expect_output store_again 0 "stored 1 ratings: 0 new puzzles, 1 already" err.txt \
    --db store.db rate --store solo-2x2.txt
expect_output stored_rating 0 ",4x4,.*,human,.*,1.20,0,1,easy,Hidden single in a box," out.txt \
    --db store.db db query --rules 4x4 --format csv
# The examples of docs/rules.md ("Rating and hints under rules") print what
# the page shows: each "$ sudokit" line run, its output compared.
awk '/^## Rating and hints under rules/ { part = 1 } part && /^```/ { inside = !inside; next }
     part && inside' "$data/../../docs/rules.md" > examples.txt
n=0
while IFS= read -r line; do
    case $line in
    '$ sudokit '*)
        n=$((n + 1))
        printf '%s\n' "${line#\$ }" > "command$n.sh"
        : > "want$n.txt"
        ;;
    *) printf '%s\n' "$line" >> "want$n.txt" ;;
    esac
done < examples.txt
[ "$n" -ge 3 ] || fail doc_examples "only $n examples found in docs/rules.md"
i=1
while [ "$i" -le "$n" ]; do
    sed "s#^sudokit #\"\$sudokit\" #" "command$i.sh" > run$i.sh
    sudokit=$sudokit sh "run$i.sh" > got$i.txt 2> /dev/null
    if cmp -s "want$i.txt" "got$i.txt"; then
        ok "doc_example_$i"
    else
        fail "doc_example_$i" "$(cat "command$i.sh"; diff "want$i.txt" "got$i.txt")"
    fi
    i=$((i + 1))
done
test_summary
