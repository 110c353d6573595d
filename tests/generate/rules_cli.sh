#!/bin/sh
# `sudokit generate --rules` (and Lua's sudokit.generate{rules = ...}):
# generate -> solve round trips per rules family, each puzzle's one
# solution confirmed by counting (`solve --count` stops at two) with both
# solvers of any rules, and the solution written beside it equal to the
# one found; the run's refusals.
# usage: rules_cli.sh SUDOKIT GENERATION_MD
sudokit=$1 doc=$2
. "$(dirname "$0")/../test_lib.sh"

# round_trip NAME ARGS...: generate two puzzles with ARGS, check the layout
# names the rules, and that general and cover each find exactly one
# solution, the one generate wrote beside the puzzle.
round_trip() {
    name=$1
    shift
    if ! "$sudokit" generate -n 2 --seed 7 "$@" > "$name.txt" 2> "$name.err" ||
        ! "$sudokit" generate -n 2 --seed 7 --solutions "$@" > "$name.both" 2>> "$name.err"; then
        fail "$name" "generate failed: $(cat "$name.err")"
        return
    fi
    # the line layout with --solutions: "PUZZLE SOLUTION" under the #rules line
    awk '/^#/ { print; next } { print $2 }' "$name.both" > "$name.want"
    if ! head -1 "$name.txt" | grep -q '^#rules '; then
        fail "$name" "no #rules line: $(head -1 "$name.txt")"
    elif [ "$(grep -vc '^#' "$name.txt")" -ne 2 ]; then
        fail "$name" "not two puzzles: $(cat "$name.txt")"
    elif ! "$sudokit" solve --count "$name.txt" > "$name.general" 2> "$name.err"; then
        fail "$name" "general does not find exactly one solution: $(cat "$name.err")"
    elif ! "$sudokit" solve --solver cover --count "$name.txt" > "$name.cover" 2> "$name.err"; then
        fail "$name" "cover does not find exactly one solution: $(cat "$name.err")"
    elif ! cmp -s "$name.general" "$name.want" || ! cmp -s "$name.cover" "$name.want"; then
        fail "$name" "solutions differ from generate's: $(cat "$name.want" "$name.general")"
    else
        ok "$name"
    fi
}

round_trip four --rules 4x4
round_trip six --rules 6x6 --symmetry rot180
round_trip six_boxes_3x2 --rules 6x6:3x2 --minimal
round_trip x --rules '9x9 x' --symmetry rot180
round_trip windoku --rules '9x9 windoku'
round_trip anti_knight --rules '9x9 anti-knight'
round_trip sixteen --rules 16x16 --symmetry rot180
round_trip jigsaw_given --rules \
    '9x9 jigsaw:aaabbbcccaabbdbbccaabddddccaabdddeecfffdeeeecfffffggeehfhggggiehhhgggiiihhhhiiiii'
round_trip jigsaw_random -g variant --generator-options regions=random --clues 30
round_trip killer_no_givens -g variant --generator-options killer=1
round_trip killer_few_givens -g variant --generator-options killer=1,cage-max=4 --clues 3

# killer without givens: every cell blank, the cages in the rules line
if [ "$(grep -v '^#' killer_no_givens.txt | tr -d '.\n')" = "" ] &&
    grep -q '^#rules 9x9 killer:' killer_no_givens.txt; then
    ok killer_cages_only
else
    fail killer_cages_only "$(cat killer_no_givens.txt)"
fi
# a few givens: exactly 3 a puzzle
if [ "$(grep -v '^#' killer_few_givens.txt | tr -d '.\n' | wc -c)" -eq 6 ]; then
    ok killer_three_givens
else
    fail killer_three_givens "$(cat killer_few_givens.txt)"
fi
# symmetry asked is the symmetry written
if "$sudokit" generate --rules 6x6 --symmetry rot180 --seed 3 --format csv > sym.csv &&
    grep -q ',rot180,' sym.csv && head -1 sym.csv | grep -q '^index,rules,puzzle'; then
    ok csv_has_rules_and_symmetry
else
    fail csv_has_rules_and_symmetry "$(cat sym.csv)"
fi
# the same seed, the same puzzles, on any number of jobs
"$sudokit" generate --rules 6x6 -n 6 --seed 5 > one.txt
"$sudokit" generate --rules 6x6 -n 6 --seed 5 --jobs 2 > two.txt
if cmp -s one.txt two.txt; then ok same_with_jobs; else fail same_with_jobs "differ"; fi

# Classic 9x9 stays with the classic generator: --rules 9x9 is the default.
"$sudokit" generate -n 3 --seed 9 > plain.txt
"$sudokit" generate -n 3 --seed 9 --rules 9x9 > ruled.txt
if cmp -s plain.txt ruled.txt && ! grep -q '#rules' ruled.txt; then
    ok classic_unchanged
else
    fail classic_unchanged "$(cat plain.txt ruled.txt)"
fi

expect_output level_refused 2 "rules '25x25': levels and ratings are judged while generating only under rules the rater 'human' rates" err.txt \
    generate --rules 25x25 --level 3
expect_output bad_spec_refused 2 "rules '9x9 nosuch': column 5: unknown rule 'nosuch'" \
    err.txt generate --rules '9x9 nosuch'
expect_output clues_out_of_range 2 "clues '36': a 6x6 puzzle has 1 to 35 clues" err.txt \
    generate --rules 6x6 --clues 36
expect_output classic_clues_range 2 "clues '10': give a whole number from 17 to 81" err.txt \
    generate --clues 10
expect_output classic_generator_refused 2 \
    "generator 'dig' makes classic 9x9 puzzles only, not the rules '6x6'" err.txt \
    generate -g dig --rules 6x6
# --store keeps them with their rules, each one a new row; a killer puzzle
# whose cages the generator invents too.
if "$sudokit" --db gen.db generate -n 3 --rules 6x6 --seed 3 --store -q > out.txt 2> err.txt &&
    "$sudokit" --db gen.db generate -g variant --generator-options killer=1 --seed 3 --store -q \
        >> out.txt 2>> err.txt &&
    [ "$(sqlite3 gen.db "SELECT count(*) FROM puzzles WHERE rules = '6x6'")" = 3 ] &&
    [ "$(sqlite3 gen.db "SELECT count(*) FROM puzzles WHERE rules LIKE '9x9 killer:%'")" = 1 ] &&
    "$sudokit" --db gen.db db check > out.txt 2>> err.txt; then
    ok store_keeps_rules
else
    fail store_keeps_rules "$(cat out.txt err.txt)"
fi
expect_output symmetry_not_kept 1 \
    "symmetry rot90 does not keep the rules '9x9 diagonal+': choose one of none, rot180, diagonal" \
    err.txt generate --rules '9x9 diagonal+' --symmetry rot90

# Lua: the same operation, the same keys.
cat > gen.lua <<'LUA'
local sudokit = require "sudokit"
local made = sudokit.generate{rules = "6x6", count = 2, seed = 7, solutions = true}
assert(#made == 2, "two puzzles")
for _, p in ipairs(made) do
    assert(p.rules == "6x6", "rules " .. tostring(p.rules))
    assert(#p.puzzle == 36 and #p.solution == 36, "36 cells")
end
local none, err = sudokit.generate{rules = "25x25", level = 3}
assert(none == nil and err:find("rules '25x25': levels and ratings are judged while generating only", 1, true), tostring(err))
print(made[1].clues, made[1].puzzle)
LUA
"$sudokit" generate --rules 6x6 -n 2 --seed 7 > cli.txt
if "$sudokit" run gen.lua > lua.out 2> lua.err &&
    [ "$(cut -f2 lua.out)" = "$(sed -n 2p cli.txt)" ]; then
    ok lua_generate_rules
else
    fail lua_generate_rules "$(cat lua.out lua.err six.txt)"
fi

# docs/generation.md's examples under "From the command line and Lua":
# each runs, and what it writes has one solution a puzzle.
awk '/^### From the command line and Lua/ { inside = 1 }
     inside && /^```/ { if (code) exit; code = 1; next }
     inside && code { print }' "$doc" > doc-commands.txt
n=0
while read -r command; do
    n=$((n + 1))
    if (PATH=$(dirname "$sudokit"):$PATH && eval "$command") > "doc$n.txt" 2> "doc$n.err" &&
        "$sudokit" solve --count "doc$n.txt" > /dev/null 2>> "doc$n.err"; then
        ok "doc_example_$n"
    else
        fail "doc_example_$n" "$command: $(cat "doc$n.err")"
    fi
done < doc-commands.txt
[ "$n" -ge 6 ] || fail doc_examples "only $n examples found in $doc"

test_summary
