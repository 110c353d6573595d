#!/bin/sh
# scripts/se_agreement.lua on ratings whose agreement is known: the human
# rater's own scores (perfect agreement), the same scores shifted by 0.1
# (never exact, always within 0.1), a line without a rating (an error
# naming the file and line), and a puzzle with several solutions (left out,
# named, exit status 1).
# usage: se_agreement.sh SUDOKIT SCRIPT DATA_DIR SCRATCH
set -eu
sudokit=$1 script=$2 data=$3 scratch=$4
rm -rf "$scratch" && mkdir -p "$scratch"
grep -v "^#" "$data/17_clue_2000.txt" | head -60 > "$scratch/puzzles.txt"
"$sudokit" rate --rater human --format csv "$scratch/puzzles.txt" 2>/dev/null |
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        { print "id" NR, $c["puzzle"], $c["score"] }' > "$scratch/own.txt"
awk '{ printf "%s %s %.1f\n", $1, $2, $3 + 0.1 }' "$scratch/own.txt" > "$scratch/shifted.txt"

fail() { echo "FAIL: $*"; exit 1; }
out=$("$sudokit" run "$script" "$scratch/own.txt")
echo "$out" | grep -Eq '^all +60 +1\.000 +100\.0% +100\.0% +100\.0%$' || fail "own ratings: $out"
out=$("$sudokit" run "$script" "$scratch/shifted.txt")
echo "$out" | grep -Eq '^all +60 +1\.000 +0\.0% +100\.0% +100\.0%$' || fail "shifted: $out"
echo "$out" | grep -q 'mean (ours - SE)' || fail "no per-rating table: $out"

head -2 "$scratch/own.txt" > "$scratch/bad.txt"
echo "id9 not-a-puzzle 3.0" >> "$scratch/bad.txt"
if out=$("$sudokit" run "$script" "$scratch/bad.txt" 2>&1); then fail "bad line accepted"; fi
echo "$out" | grep -q "bad.txt:3: expected a puzzle and its SE rating" || fail "bad line: $out"
head -2 "$scratch/own.txt" > "$scratch/multi.txt"
printf 'id0 %s 1.0\n' "$(printf '%081d' 0)" >> "$scratch/multi.txt"
if out=$("$sudokit" run "$script" "$scratch/multi.txt" 2>&1); then fail "puzzle with several solutions accepted"; fi
echo "$out" | grep -q "multi.txt:3: skipped: .*more than one solution" || fail "several solutions: $out"
echo "$out" | grep -q "^2 puzzles rated by human .*1 skipped" || fail "several solutions: $out"
echo "se_agreement: ok"
