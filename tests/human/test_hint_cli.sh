#!/bin/sh
# `sudokit hint` (and `sudokit rate --rater human --explain`) through the real executable.
# usage: test_hint_cli.sh SUDOKIT
sudokit=$1
. "$(dirname "$0")/../test_lib.sh"

easy=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
# r1c3 holds 4 in the solution; 9 is wrong.
good=534.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
bad=539.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
solved=534678912672195348198342567859761423426853791713924856961537284287419635345286179
# From the hardest set: rated with chains, but its first step is a single.
chains=........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3

expect_output help 0 "usage: sudokit hint" out.txt hint --help
expect_output first_step 0 "Hidden single in a box (1.2): Only r1c6 in box 2 can hold 8" out.txt hint "$easy"
expect_output cells_line 0 "^cells: r1c6; place r1c6=8" out.txt hint "$easy"
expect_output with_entries 0 "(1\.[0-9])" out.txt hint --cells "$good" "$easy"
expect_output wrong_entry 1 "wrong: r1c3=9 contradicts the solution" out.txt hint --cells "$bad" "$easy"
expect_output changed_given 1 "r1c1 is a given (5), not 6" out.txt hint --cells "6${good#?}" "$easy"
expect_output blank_given 0 "(1\.[0-9])" out.txt hint --cells ".${good#?}" "$easy"
expect_output solved 0 "the grid is solved" out.txt hint --cells "$solved" "$easy"
expect_output short_puzzle 2 "81 characters" err.txt hint 53..7
expect_output bad_char 2 "column 81" err.txt hint --cells "${good%?}x" "$easy"
expect_output no_puzzle 2 "give exactly one PUZZLE" err.txt hint
empty=$(printf '%081d' 0 | tr 0 .)
expect_output several_solutions 1 "more than one solution" err.txt hint "$empty"
expect_output clash 1 "breaks the rules" err.txt hint "55${empty#??}"
expect_output hard_puzzle 0 "^cells:" out.txt hint "$chains"

# The rate command lists every step with --explain when it has that option.
if "$sudokit" rate --help 2>/dev/null | grep -q -- --explain; then
    echo "$easy" > easy.txt
    expect_output explain 0 "1\. 1\.2 Hidden single in a box: Only r1c6 in box 2 can hold 8" out.txt \
        rate --rater human --explain easy.txt
fi

# HoDoKu's technique set: the step HoDoKu shows, its chain in Eureka notation and as data.
# Royle's 17-clue puzzle 63 (tests/data/17_clue_2000.txt) needs an X-chain (HoDoKu's own path,
# tests/data/hodoku_17_clue.txt).
xchain=.................1..2..3.4........2..5..6.3..16..7.........8.....4..2....7..1...6
expect_output hodoku_first 0 "^Hidden Single (14\.0): Only r" out.txt hint --rater hodoku "$xchain"
expect_output hodoku_chain_text 0 "^chain: (8)r5c3=(8)r5c4-(8)r4c5=" out.txt \
    hint --rater hodoku --path "$xchain"
expect_output hodoku_chain_json 0 '"link":"strong","via":"row 5"' out.txt \
    hint --rater hodoku --path --format json "$xchain"
# Royle's 17-clue puzzle 789 needs a finned Franken swordfish (HoDoKu's own path).
franken=.................1..2..3.4......5.2..6...7...81...........1.3.6....8......96..2..
expect_output hodoku_fish_json 0 '"base":\["r3","r7","b9"\],"cover":\["c2","c4","c9"\]' out.txt \
    hint --rater hodoku --path --format json "$franken"
# The first puzzle of tests/data/hardest_60.txt needs forcing nets (HoDoKu's own path,
# tests/data/hodoku_hardest_60_paths.txt): the branches in nested notation, a side branch in
# brackets, and as nodes.
hardest=........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3
expect_output hodoku_net_json 0 '"technique":"Forcing Net Contradiction".*"notation":"r4c8=4 \[-> r6c9<>4\] -> r5c9<>4 -> r5c9=9' \
    out.txt hint --rater hodoku --path --format json "$hardest"
echo "$xchain" > xchain.txt
expect_output explain_json 0 '"technique":"X-Chain".*"notation":"(8)r5c3=' out.txt \
    rate --rater hodoku --explain --format json xchain.txt

# SE's chains as data: the hardest puzzle's second step is a dynamic chain with forcing chains
# nested inside its branches (r2c9=2 placed first). Each branch in nested notation, a node a
# rule inside the branch gave marked; as nodes, a strong link made by the house the branch read.
after_single=........8..3...4.2.9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3
expect_output se_chain_text 0 '^chain: r6c1=3 \[-> r4c2<>3\] \[-> r5c2<>3 -> r7c2=3 .*-> r6c1<>8 \[-> r4c4<>8 (nested)\] -> r5c4<>8 (nested) -> r6c5=8 -> r6c5<>4; r6c5=3 -> r6c5<>4; r6c7=3 ' \
    out.txt hint --cells "$after_single" "$chains"
expect_output se_chain_json_strong 0 '"cells":\["r6c5"\],"digit":8,"on":true,"link":"strong","via":"box 5","parent":13' \
    out.txt hint --cells "$after_single" --format json "$chains"
expect_output se_chain_json_nested 0 '"cells":\["r4c4"\],"digit":8,"on":false,"link":"nested","via":null,"parent":1' \
    out.txt hint --cells "$after_single" --format json "$chains"
expect_output se_chain_json_rule 0 '"cells":\["r8c4"\],"digit":3,"on":false,"link":"rule","via":null,"parent":4' \
    out.txt hint --cells "$after_single" --format json "$chains"
# A nested node unfolded: the forcing chain run inside the branch that gave r4c4<>8 (node 12 of
# branch 1), its own branch written after the step's chains in SE's words, and as data a chain
# whose start follows the node it proves.
expect_output se_nested_unfolded_text 0 '^chain: r6c1=3 .* | r4c4<>8 (nested): r4c4=8 -> r6c5<>8 -> r6c7=8 -> r8c7<>8 -> r8c4=8 -> r4c4<>8 | r5c4<>8 (nested): r5c4=8 ' \
    out.txt hint --cells "$after_single" "$chains"
expect_output se_nested_unfolded_json 0 '{"nodes":\[{"kind":"cell","cells":\["r4c4"\],"digit":8,"on":true,"link":"start","via":null,"parent":-1},.*{"kind":"cell","cells":\["r4c4"\],"digit":8,"on":false,"link":"weak","via":"column 4","parent":4}\],"unfolds":{"chain":0,"node":12}}' \
    out.txt hint --cells "$after_single" --format json "$chains"
echo "$chains" > chains.txt
expect_output se_nested_unfolded_explain 0 '"unfolds":{"chain":2,"node":13}' \
    out.txt rate --explain --format json chains.txt
expect_output se_chain_explain 0 '^       chain: r7c6=4 \[-> r8c5<>4\] -> r8c6<>4 -> r8c9=4 -> r6c9<>4 -> r6c3=4; r7c6=4 -> r3c6<>4 -> r3c3=4 -> r6c3<>4$' \
    out.txt rate --explain chains.txt
expect_output se_chain_explain_json 0 '"technique":"Nishio forcing chain".*"chains":\[{"nodes":\[{"kind":"cell","cells":\["r7c6"\],"digit":4,"on":true,"link":"start"' \
    out.txt rate --explain --format json chains.txt

test_summary
