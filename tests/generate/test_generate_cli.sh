#!/bin/sh
# `sudokit generate` and `sudokit rate` through the real executable.
# usage: test_generate_cli.sh SUDOKIT DATA_DIR
sudokit=$1
data=$2
. "$(dirname "$0")/../test_lib.sh"

# column NAME < CSV: the values of column NAME, header line dropped.
column() {
    awk -F, -v name="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == name) c = i; next }
        { print $c }'
}

# expect_usage NAME PATTERN ARGS...: exit status 2 and PATTERN on stderr.
expect_usage() {
    name=$1 pattern=$2
    shift 2
    "$sudokit" "$@" > out.txt 2> err.txt
    status=$?
    if [ "$status" -ne 2 ]; then
        fail "$name" "exit status $status, not 2"
    elif ! grep -q -- "$pattern" err.txt; then
        fail "$name" "stderr lacks '$pattern': $(cat err.txt)"
    elif [ -s out.txt ]; then
        fail "$name" "wrote to stdout"
    else
        ok "$name"
    fi
}

# 1. --jobs 1 and --jobs 2 give the same output for the same seed.
"$sudokit" generate -n 120 --seed 42 --symmetry random --level 3 --solver singles > j1.txt 2> err1.txt
"$sudokit" generate -n 120 --seed 42 --symmetry random --level 3 --solver singles --jobs 2 > j2.txt 2> err2.txt
if [ "$(wc -l < j1.txt)" -eq 120 ] && cmp -s j1.txt j2.txt; then
    ok "jobs_identical"
else
    fail "jobs_identical" "outputs differ or are short: $(wc -l < j1.txt) $(wc -l < j2.txt) $(cat err1.txt err2.txt)"
fi

# 2. Quiet stderr when it is not a terminal.
if [ ! -s err1.txt ] && [ ! -s err2.txt ]; then ok "quiet_stderr"; else fail "quiet_stderr" "$(cat err1.txt err2.txt)"; fi

# 3. Same seed twice, same output; another seed, other puzzles.
"$sudokit" generate -n 50 --seed 42 --symmetry random --level 3 --solver singles > again.txt
"$sudokit" generate -n 50 --seed 43 --symmetry random --level 3 --solver singles > other.txt
if head -n 50 j1.txt | cmp -s - again.txt && ! cmp -s again.txt other.txt; then
    ok "seed_reproducible"
else
    fail "seed_reproducible" "same seed differs or other seed repeats"
fi

# 4. Every puzzle has exactly one solution by another solver, the one printed.
"$sudokit" generate -n 60 --seed 5 --symmetry rot180 --minimal --solver singles --solutions > withsol.txt
cut -d' ' -f1 withsol.txt > puzzles.txt
cut -d' ' -f2 withsol.txt > solutions.txt
if "$sudokit" solve --count --solver backtrack puzzles.txt > solved.txt 2> err.txt &&
    tr '.' '0' < solutions.txt | cmp -s - solved.txt; then
    ok "unique_by_other_solver"
else
    fail "unique_by_other_solver" "$(head -3 err.txt)"
fi

# 5. Level puzzles rate at that level with the same rater.
for level in 1 2 3 4 5; do
    "$sudokit" generate -n 8 --seed 9 --level $level > level$level.txt
    "$sudokit" rate --format csv level$level.txt 2> hist.txt | column level | sort -u > levels.txt
    if [ "$(cat levels.txt)" = "$level" ] && grep -q "rated 8 puzzles" hist.txt; then
        ok "level_$level"
    else
        fail "level_$level" "levels seen: $(cat levels.txt | tr '\n' ' ')"
    fi
done

# 6. The histogram counts what was rated.
cat level1.txt level5.txt > mixed.txt
"$sudokit" rate mixed.txt > rated.txt 2> hist.txt
if [ "$(wc -l < rated.txt)" -eq 16 ] && grep -q "1 easy *8 " hist.txt && grep -q "5 evil *8 " hist.txt; then
    ok "rate_histogram"
else
    fail "rate_histogram" "$(cat hist.txt)"
fi

# 7. rate reports a puzzle without a unique solution with its place, and goes on.
{ head -n 1 level1.txt; printf '%081d\n' 0; tail -n 1 level1.txt; } > bad.txt
"$sudokit" rate bad.txt > rated.txt 2> err.txt
status=$?
if [ "$status" -eq 1 ] && grep -q "bad.txt:2: puzzle 2" err.txt && [ "$(wc -l < rated.txt)" -eq 2 ]; then
    ok "rate_bad_puzzle"
else
    fail "rate_bad_puzzle" "status $status: $(cat err.txt)"
fi

# 8. json and csv carry the rating; clue targets are met.
"$sudokit" generate -n 3 --seed 1 --clues 30 --format json > out.json
if [ "$(grep -c '"clues":30,' out.json)" -eq 3 ] && grep -q '"level_name":' out.json; then
    ok "json_clues"
else
    fail "json_clues" "$(cat out.json)"
fi
"$sudokit" generate -n 2 --seed 1 --symmetry diagonal --format csv > out.csv
if head -n 1 out.csv | grep -q '^index,puzzle,solution,clues,symmetry' && [ "$(grep -c ',diagonal,' out.csv)" -eq 2 ]; then
    ok "csv_header"
else
    fail "csv_header" "$(cat out.csv)"
fi

# 9. The classic rater puts the hardest set above generated easy puzzles.
grep -v '^#' "$data/hardest_60.txt" | head -n 20 > hardest.txt
"$sudokit" rate --rater classic --format csv hardest.txt 2> /dev/null | column level | sort -u > levels.txt
if [ "$(cat levels.txt)" = 5 ]; then ok "hardest_evil"; else fail "hardest_evil" "$(cat levels.txt)"; fi

# 10. A target that cannot be met ends after the bound, with a message.
"$sudokit" generate --clues 18 --attempts 2 --seed 1 > out.txt 2> err.txt
status=$?
if [ "$status" -eq 1 ] && grep -q "2 attempts" err.txt; then
    ok "bounded_effort"
else
    fail "bounded_effort" "status $status: $(cat err.txt)"
fi

# 11. --store keeps provenance and ratings and counts duplicates.
"$sudokit" --db gen.db generate -n 20 --seed 3 --level 2 --store > out.txt 2> err.txt
"$sudokit" --db gen.db generate -n 30 --seed 3 --level 2 --store --jobs 2 > out2.txt 2> err2.txt
stored=$("$sudokit" --db gen.db db query --format csv 2> /dev/null | tail -n +2 | grep -c ',dig,"*symmetry=none,level=2,rater=human,index=' || true)
if [ ! -s out.txt ] && grep -q "stored 20 new puzzles, 0 duplicates" err.txt &&
    grep -q "stored 10 new puzzles, 20 duplicates" err2.txt && [ "$stored" -eq 30 ]; then
    ok "store"
else
    fail "store" "$(cat err.txt err2.txt) rows with provenance: $stored"
fi

# 12. Bad options: clear message, exit status 2.
expect_usage symmetry_unknown "unknown symmetry 'spiral'" generate --symmetry spiral
expect_usage level_9 "level '9': a level is 1 to 5 or easy, medium, hard, expert or evil" generate --level 9
expect_usage clues_10 "clues '10': give a whole number from 17 to 81" generate --clues 10
expect_usage count_abc "count 'abc': give a whole number from 1 to" generate -n abc
expect_usage rating_empty "rating '5-2': MIN is greater than MAX" generate --rating 5-2
expect_usage level_and_rating "not both" generate --level 2 --rating 1-2
expect_usage format_xml "unknown format 'xml'" generate --format xml
expect_usage jobs_0 "jobs '0': give a whole number from 1 to 256" generate --jobs 0
expect_usage generator_unknown "unknown generator 'magic' (dig, pattern, random, vicinity, clue-pattern, variant or lua)" generate --generator magic
expect_usage rater_unknown "unknown rater 'magic' (classic, human, hodoku or lua)" rate --rater magic puzzles.txt
expect_usage rate_format "unknown format 'xml'" rate --format xml
expect_usage option_unknown "unknown option '--colour'" generate --colour

# 13. --help goes to stdout with status 0.
if "$sudokit" generate --help | grep -q "usage: sudokit generate" &&
    "$sudokit" rate --help | grep -q "usage: sudokit rate"; then
    ok "help"
else
    fail "help" "no usage on stdout"
fi

test_summary
