#!/bin/sh
# `sudokit solve`: streaming, threads in input order, failures by line.
# usage: test_solve.sh SUDOKIT DATA_DIR
sudokit=$1 data=$2
. "$(dirname "$0")/../test_lib.sh"

# 600 real puzzles with bad ones spread through them
grep -v '^#' "$data/17_clue_2000.txt" | head -600 > good.txt
awk 'NR == 100 { print "12345678.........9..............................................................." }
     NR == 300 { print "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79" }
     NR == 500 { print "12345" } { print }' good.txt > mixed.txt

"$sudokit" solve --solver singles --verify mixed.txt > one.txt 2> one.err
status1=$?
"$sudokit" solve --solver singles --verify --jobs 2 mixed.txt > two.txt 2> two.err
status2=$?
if [ "$status1" -eq 1 ] && [ "$status2" -eq 1 ] && cmp -s one.txt two.txt && cmp -s one.err two.err &&
    [ "$(wc -l < one.txt)" -eq 600 ]; then
    ok jobs_keep_input_order
else
    fail jobs_keep_input_order "status $status1/$status2, $(wc -l < one.txt) lines"
fi

if grep -q "mixed.txt:100: puzzle 100: has no solution" one.err &&
    grep -q "mixed.txt:301:2: puzzle 301: digit 5 twice in row 1" one.err &&
    grep -q "mixed.txt:502:6: puzzle 502: too few cells" one.err &&
    grep -q "3 of 603 puzzles failed" one.err; then
    ok failures_name_their_lines
else
    fail failures_name_their_lines "$(cat one.err)"
fi

if head -50 good.txt | "$sudokit" solve --solver singles --jobs 3 - > stdin.txt 2> stdin.err &&
    [ "$(wc -l < stdin.txt)" -eq 50 ] && head -50 one.txt | cmp -s - stdin.txt; then
    ok stdin_is_streamed
else
    fail stdin_is_streamed "$(cat stdin.err)"
fi

# several solutions only fail with --count
open="$(printf "%073d" 0)12345678"
if echo "$open" | "$sudokit" solve > /dev/null 2>&1 &&
    ! echo "$open" | "$sudokit" solve --count > /dev/null 2> count.err &&
    grep -q "has several solutions" count.err; then
    ok count_rejects_several_solutions
else
    fail count_rejects_several_solutions "$(cat count.err)"
fi

for bad in 0 abc 300; do
    if "$sudokit" solve --jobs "$bad" good.txt > /dev/null 2> jobs.err; then
        fail "bad_jobs_$bad" "accepted"
    elif [ $? -eq 2 ] && grep -q "jobs .*: give a whole number from 1 to 256" jobs.err; then
        ok "bad_jobs_$bad"
    else
        fail "bad_jobs_$bad" "$(cat jobs.err)"
    fi
done

# solve leaves the rules to the solver: every solver's refusal of a repeated
# digit is reported as the reader reports it (rate checks while reading),
# in the line, classic and csv layouts.
clash=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8.779
printf '# a comment\n   %s\n' "$clash" > clash.txt
echo "$clash" | sed 's/\(.........\)/\1\n/g' | sed '/^$/d; s/\./0/g; s/./& /g' > clash.classic
printf 'id,puzzle\n7,%s\n' "$clash" > clash.csv
for file in clash.txt clash.classic clash.csv; do
    "$sudokit" rate "$file" > /dev/null 2> rate.err
    want=$(grep -v "failed\|^rated\|^ " rate.err)
    for solver in backtrack dlx fast propagate singles; do
        "$sudokit" solve --solver "$solver" "$file" > /dev/null 2> solve.err
        status=$?
        got=$(grep -v "failed" solve.err)
        if [ "$status" -eq 1 ] && [ -n "$want" ] && [ "$got" = "$want" ]; then
            ok "rules_${solver}_$file"
        else
            fail "rules_${solver}_$file" "status $status: '$got', want '$want'"
        fi
    done
done

if ! "$sudokit" solve --solver nosuch good.txt 2> name.err && grep -q "unknown solver 'nosuch'" name.err; then
    ok unknown_solver
else
    fail unknown_solver "$(cat name.err)"
fi

test_summary
