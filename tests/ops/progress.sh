#!/bin/sh
# The progress of long runs, one rule for every operation (core/ops/
# progress.c): done/total when the input is a file (its records counted
# first), the share done and an ETA from them. SUDOKIT_PROGRESS=0 shows it
# on a stderr that is not a terminal, a line an update.
# usage: progress.sh SUDOKIT DATA_DIR CASE
set -u
S=$1 DATA=$2 CASE=$3
. "$(dirname "$0")/../test_lib.sh"
# One case a run: its first failure ends it.
fail() { echo "FAIL $CASE: $*"; exit 1; }
grep -v '^#' "$DATA/hardest_60.txt" | head -6 > p.txt
export SUDOKIT_PROGRESS=0

# expect LABEL TOTAL: err holds "LABEL: N/TOTAL (P%)  R/s  ETA D" for N from
# 1 to TOTAL, in order, and its last is TOTAL/TOTAL.
expect() {
    label=$1 total=$2
    grep "^$label: " err > lines
    [ -s lines ] || fail "no progress line: $(cat err)"
    grep -v -E "^$label: [0-9]+/$total \([0-9]+%\)  [0-9.]+/s  ETA [0-9]+(s|m[0-9]{2}s|h[0-9]{2}m)$" \
        lines > bad
    [ -s bad ] && fail "lines without done/total and an ETA: $(head -3 bad)"
    sed -E "s|^$label: ([0-9]+)/.*|\1|" lines > done
    sort -n -c done 2> /dev/null || fail "done goes back: $(tr '\n' ' ' < done)"
    [ "$(tail -1 done)" = "$total" ] || fail "ends at $(tail -1 done), not $total"
    return 0
}

case_rate() { "$S" rate --jobs 2 p.txt -o out.txt 2> err || fail "exit $?"; expect rate 6; }
case_solve() { "$S" solve p.txt p.txt > out.txt 2> err || fail "exit $?"; expect solve 12; }
case_import() { "$S" --db d.db db import p.txt 2> err || fail "exit $?"; expect import 6; }
case_generate() { "$S" generate -n 5 --seed 1 > out 2> err || fail "exit $?"; expect generate 5; }
case_bench() {
    head -3 p.txt > few.txt
    "$S" bench --solvers fast,dlx --time 0.1 --warmup 0 few.txt p.txt > out 2> err ||
        fail "exit $?"
    # A line stands while a run measures: 0..3 of 4 runs.
    grep "^bench: " err | sed -E 's|^bench: ([0-9]+)/4 .*|\1|' | tr '\n' ' ' > done
    [ "$(cat done)" = "0 1 2 3 " ] || fail "runs shown: $(cat done) ($(cat err))"
}
case_merge() {
    "$S" --db a.db db import p.txt 2> /dev/null || fail "import"
    "$S" --db b.db db init > /dev/null 2>&1 || fail "init"
    "$S" db merge b.db a.db > out 2> err || fail "exit $?: $(cat err)"
    grep -q -E "^merge: [0-9]+/[0-9]+ \(" err || fail "no done/total: $(cat err)"
}
case_print() {
    "$S" print p.txt -o book.pdf 2> err || fail "exit $?: $(cat err)"
    expect print 6
}
# stdin has no total: a count and a rate, no ETA; --quiet shows nothing.
case_stdin_and_quiet() {
    head -2 p.txt > two.txt
    "$S" rate < two.txt > out 2> err || fail "exit $?"
    grep -q -E "^rate: 2  [0-9.]+/s$" err || fail "stdin: $(grep '^rate:' err)"
    "$S" rate --quiet two.txt > out 2> err || fail "quiet: exit $?"
    [ -s err ] && fail "--quiet shows: $(cat err)"
    SUDOKIT_PROGRESS= "$S" rate two.txt > out 2> err || fail "unset: exit $?"
    grep -q "^rate: " err && fail "progress on a file without SUDOKIT_PROGRESS: $(cat err)"
    return 0
}

"case_$CASE"
echo "ok $CASE"
