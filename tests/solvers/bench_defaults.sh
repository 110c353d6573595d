#!/bin/sh
# bench as the README runs it, on the repository's data sets: the default
# solvers ("all") finish within the default time and the run exits 0,
# saying which slow solvers it left out and how to take them in; --store
# keeps each run's CPU time and time limit, a low CPU share is warned of,
# and `db benchmarks` shows what tells runs apart.
# usage: bench_defaults.sh SUDOKIT DATA_DIR CASE
set -u
S=$1 DATA=$2 CASE=$3
. "$(dirname "$0")/../test_lib.sh"
# One case a run: its first failure ends it.
fail() { echo "FAIL $CASE: $*"; exit 1; }

# The README's example, `bench --store puzzles.txt; db benchmarks`, on both
# public data sets with every default.
case_readme_example() {
    "$S" --db b.db bench --store "$DATA/17_clue_2000.txt" "$DATA/hardest_60.txt" \
        > out 2> err || fail "exit $?: $(cat out err)"
    grep -q "TIMEOUT" out && fail "a default run timed out: $(cat out)"
    grep -q "all leaves out backtrack,propagate" err || fail "no word of what all left out: $(cat err)"
    grep -q -- "--solvers every" err || fail "no word of how to take them in: $(cat err)"
    "$S" --db b.db db benchmarks > runs || fail "db benchmarks failed"
    [ "$(grep -c ' fast ' runs)" -eq 2 ] || fail "not one fast run a file: $(cat runs)"
    grep -q "backtrack\|propagate" runs && fail "all ran a slow solver: $(cat runs)"
    return 0
}

# Named, or with every, the slow solvers run (here on puzzles that take
# them microseconds).
case_every_takes_them_in() {
    grep -v '^#' "$DATA/hardest_60.txt" | head -3 | "$S" solve | sed 's/^../../' > trivial.txt
    "$S" bench --solvers every --time 0.2 --warmup 0 trivial.txt > out 2> err ||
        fail "exit $?: $(cat out err)"
    grep -q " backtrack .* ok" out && grep -q " propagate .* ok" out || fail "$(cat out)"
    grep -q "leaves out" err && fail "every left something out: $(cat err)"
    "$S" bench --solvers all,backtrack --time 0.2 --warmup 0 trivial.txt > out 2> err ||
        fail "all,backtrack: exit $?"
    grep -q " backtrack .* ok" out || fail "all,backtrack has no backtrack row: $(cat out)"
    grep -q "all leaves out propagate," err || fail "all,backtrack: $(cat err)"
    return 0
}

# More threads than CPUs: each thread gets at most a quarter of one, which
# is warned of, and the run is stored with its CPU time and time limit.
case_cpu_share() {
    jobs=$((4 * $(nproc)))
    grep -v '^#' "$DATA/17_clue_2000.txt" | head -50 > few.txt
    "$S" --db b.db bench --store --solvers fast --jobs "$jobs" --time 0.3 --warmup 0 few.txt \
        > out 2> err || fail "exit $?: $(cat out err)"
    grep -q "bench: fast on few.txt got [0-9]*% of a CPU a thread" err ||
        fail "no warning of the low share: $(cat err)"
    "$S" --db b.db db benchmarks --format csv > runs.csv || fail "db benchmarks failed"
    python3 - runs.csv "$jobs" <<'PY' || fail "stored run: $(cat runs.csv)"
import csv, sys
run, = csv.DictReader(open(sys.argv[1]))
assert run["time_limit"] and abs(float(run["time_limit"]) - 0.3) < 1e-9, run
# A loaded machine may give the threads well under 1%: shown as 0.
assert run["cpu_percent"] and 0 <= float(run["cpu_percent"]) <= 25.5, run
assert int(run["jobs"]) == int(sys.argv[2]), run
PY
    [ "$(sqlite3 b.db 'SELECT count(*) FROM bench_runs WHERE cpu_seconds > 0')" = 1 ] ||
        fail "no CPU time stored"
}

# Two runs that differ only in --count-limit and --time are told apart in
# db benchmarks' table.
case_runs_told_apart() {
    grep -v '^#' "$DATA/17_clue_2000.txt" | head -50 > few.txt
    for limit in 1 2; do
        "$S" --db b.db bench --store --solvers fast --count-limit $limit \
            --time 0.$((limit + 1)) --warmup 0 few.txt > /dev/null 2>&1 || fail "bench $limit"
    done
    "$S" --db b.db db benchmarks > runs || fail "db benchmarks failed"
    head -1 runs | grep -q "count_limit .*time_limit .*cpu_percent" || fail "header: $(head -1 runs)"
    grep -q "few.txt  *2  *1  *0.300  " runs && grep -q "few.txt  *1  *1  *0.200  " runs ||
        fail "the runs look alike: $(cat runs)"
}

"case_$CASE"
echo "ok $CASE"
