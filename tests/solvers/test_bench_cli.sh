#!/bin/sh
# `sudokit bench` through the real executable: one row per solver in every
# format, a lying solver marked FAILED, and clear refusals of bad input.
# usage: sh test_bench_cli.sh SUDOKIT DATA_DIR WRONG_SOLVER_SO
set -u
sudokit=$1
data=$2
wrong=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

grep -v '^#' "$data/hardest_60.txt" | head -3 > "$work/few.txt"
grep -v '^#' "$data/17_clue_2000.txt" | head -5 > "$work/easy.txt"
# --time bounds the checked pass too: far above what these puzzles take.
quick="--time 0.5 --warmup 0"
# Solutions with two cells blanked: every solver, backtrack included, takes
# microseconds on them, so their checked pass is far within any --time.
"$sudokit" solve "$work/few.txt" | sed 's/^../../' > "$work/trivial.txt"

# Every solver (every: the slow ones too) gets a row with status ok, in the table...
"$sudokit" bench --solvers every $quick "$work/trivial.txt" > "$work/table.txt" \
    2> "$work/err.txt" || fail "bench --solvers every exited $? ($(cat "$work/err.txt"))"
solvers=$("$sudokit" plugins | awk '$1 == "solver" { print $2 }')
[ -n "$solvers" ] || fail "sudokit plugins lists no solver"
for s in $solvers; do
    rows=$(awk -v s="$s" '$1 == "trivial.txt" && $2 == s && $NF == "ok"' "$work/table.txt" | wc -l)
    [ "$rows" -eq 1 ] || fail "table: $rows ok rows for solver $s"
done
[ "$(wc -l < "$work/table.txt")" -eq $(($(echo "$solvers" | wc -l) + 1)) ] ||
    fail "table: not one header and one row per solver"

# ...in CSV (one row per file and solver, 15 fields)...
"$sudokit" bench --solvers fast,dlx $quick --format csv "$work/few.txt" "$work/easy.txt" \
    > "$work/out.csv" || fail "bench --format csv exited $?"
[ "$(wc -l < "$work/out.csv")" -eq 5 ] || fail "csv: expected a header and 4 rows"
awk -F, 'NR > 1 && (NF != 15 || $15 != "ok") { bad = 1 } END { exit bad }' "$work/out.csv" ||
    fail "csv: a row without 15 fields and status ok"
grep -q "easy.txt,[0-9a-f]*,dlx,1,1,5," "$work/out.csv" || fail "csv: no dlx row for easy.txt"

# ...and in JSON, counting up to 2 solutions, in a shuffled order.
"$sudokit" bench --solvers fast,propagate $quick --count-limit 2 --shuffle --seed 7 \
    --format json "$work/few.txt" > "$work/out.json" || fail "bench --format json exited $?"
python3 - "$work/out.json" <<'PY' || fail "json: not one object per run"
import json, sys
runs = [json.loads(line) for line in open(sys.argv[1])]
assert [r["solver"] for r in runs] == ["fast", "propagate"]
assert all(r["count_limit"] == 2 and r["status"] == "ok" and r["puzzles"] == 3
           and r["puzzles_per_second"] > 0 for r in runs)
PY

# A solver returning wrong grids is caught by the checked pass.
"$sudokit" --plugin-path "$wrong" bench --solvers wrong,fast $quick "$work/few.txt" \
    > "$work/wrong.txt" 2> "$work/wrong.err"
status=$?
[ "$status" -eq 1 ] || fail "wrong solver: exit $status, expected 1"
grep -q "^few.txt  *wrong .*FAILED$" "$work/wrong.txt" || fail "wrong solver: no FAILED row"
grep -q "^few.txt  *fast .* ok$" "$work/wrong.txt" || fail "wrong solver: fast row not ok"
grep -q "bench: wrong on .*few.txt: FAILED: puzzle 1: returned a wrong grid" "$work/wrong.err" ||
    fail "wrong solver: message missing ($(cat "$work/wrong.err"))"

# Bad command lines exit 2 with a message, bad input exits 1.
expect() {
    want=$1 text=$2
    shift 2
    "$sudokit" bench "$@" > /dev/null 2> "$work/msg.txt"
    got=$?
    [ "$got" -eq "$want" ] || fail "bench $*: exit $got, expected $want"
    grep -q -- "$text" "$work/msg.txt" || fail "bench $*: no '$text' in: $(cat "$work/msg.txt")"
}
expect 2 "unknown solver 'nope' (" --solvers nope "$work/few.txt"
expect 2 "count-limit '3'" --count-limit 3 "$work/few.txt"
expect 2 "time 'soon'" --time soon "$work/few.txt"
expect 2 "add --shuffle" --seed 3 "$work/few.txt"
expect 2 "unknown format 'xml'" --format xml "$work/few.txt"
expect 2 "give at least one FILE" --solvers fast
printf '%s\n' "1234" > "$work/bad.txt"
expect 1 "bad.txt:1:5: puzzle 1" --solvers fast $quick "$work/bad.txt"
expect 1 "cannot open" --solvers fast $quick "$work/missing.txt"

# --store records one run per solver in the database's bench_runs table
"$sudokit" --db "$work/bench.db" bench --solvers fast,dlx $quick --store "$work/easy.txt" \
    > /dev/null 2>&1 || fail "bench --store exited $?"
runs=$("$sudokit" --db "$work/bench.db" db stats 2> /dev/null | awk '/^bench runs:/ { print $3 }')
[ "$runs" = 2 ] || fail "bench --store recorded '$runs' runs, not 2"
"$sudokit" --db "$work/easy.txt" bench --solvers fast $quick --store "$work/easy.txt" \
    > /dev/null 2> "$work/msg.txt"
[ $? -eq 1 ] && grep -q "not a database" "$work/msg.txt" ||
    fail "bench --store into a file that is not a database: $(cat "$work/msg.txt")"

"$sudokit" bench --help | grep -q "^usage: sudokit bench" || fail "bench --help"

[ "$failures" -eq 0 ] && echo "bench CLI: all checks passed"
exit "$failures"
