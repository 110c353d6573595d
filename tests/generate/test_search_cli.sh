#!/bin/sh
# The searches of `sudokit generate` (vicinity, clue-pattern) and the filters
# every generator takes (--requires, --hardest, --exclude), through the real
# executable. Seeds: the first puzzles of tests/data/hardest_60.txt.
# usage: test_search_cli.sh SUDOKIT DATA_DIR
sudokit=$1
data=$2
cluster=$(cd "$(dirname "$0")/../../scripts/cluster" && pwd)
. "$(dirname "$0")/../test_lib.sh"

# A public Patterns Game pattern (docs/generation.md names its source).
pattern="...xxx.....x...x..xx.....xx..x...x.....x.x.......x........x.......x.x....xx...xx."
grep -v '^#' "$data/hardest_60.txt" | head -n 30 > seeds.txt
# The starter collection's evil puzzles (SE 9 and less), hardest first, ties in the
# collection's order.
"$sudokit" --db seeds.db db init --seeds > /dev/null
"$sudokit" --db seeds.db db query --rater human --level evil --sort id --format csv |
    python3 -c 'import csv, sys
for row in sorted(csv.DictReader(sys.stdin), key=lambda row: -float(row["score"])):
    print(row["puzzle"])' > evil.txt

# column NAME < CSV: the values of column NAME, header line dropped.
column() {
    python3 -c 'import csv, sys
for row in csv.DictReader(sys.stdin): print(row[sys.argv[1]])' "$1"
}

# expect_usage NAME PATTERN ARGS...: exit status 2 and PATTERN on stderr.
expect_usage() {
    name=$1 want=$2
    shift 2
    "$sudokit" "$@" > out.txt 2> err.txt
    status=$?
    if [ "$status" -ne 2 ] || ! grep -q -- "$want" err.txt || [ -s out.txt ]; then
        fail "$name" "status $status: $(cat err.txt)"
    else
        ok "$name"
    fi
}

# canon FILE: the canonical forms of FILE's puzzles, sorted.
canon() { "$sudokit" db canon "$1" 2> /dev/null | sort; }

# 1. Every puzzle of a clue-pattern run has exactly the pattern (x for a
# clue), and the default generator with --pattern is clue-pattern.
"$sudokit" generate -n 4 --pattern "$pattern" --seed 1 --format csv > pat.csv 2> err.txt
column puzzle < pat.csv | tr '1-9' 'x' | sort -u > got.txt
if [ "$(column strategy < pat.csv | sort -u)" = clue-pattern ] &&
    [ "$(cat got.txt)" = "$pattern" ] && [ "$(column puzzle < pat.csv | wc -l)" -eq 4 ]; then
    ok "pattern_exact"
else
    fail "pattern_exact" "$(cat got.txt err.txt)"
fi

# 2. With a rating window the pattern is kept and every puzzle is in it.
"$sudokit" generate -n 2 --pattern "$pattern" --rating 7-12 --seed 2 --format csv > patr.csv 2> err.txt
scores=$(column score < patr.csv | awk '$1 < 7 || $1 > 12 { bad++ } END { print NR, bad + 0 }')
if [ "$(column puzzle < patr.csv | tr '1-9' 'x' | sort -u)" = "$pattern" ] && [ "$scores" = "2 0" ]; then
    ok "pattern_rating"
else
    fail "pattern_rating" "$scores $(cat err.txt)"
fi

# 3. --requires: each puzzle's explained path uses the technique; --hardest:
# it is the hardest. Names are taken in any case, types included.
for technique in X-wing Swordfish XY-wing "unique rectangle" "Forcing chain"; do
    "$sudokit" generate -n 3 --requires "$technique" --seed 4 > req.txt 2> err.txt
    missing=0
    while read -r puzzle; do
        echo "$puzzle" | "$sudokit" rate --explain 2> /dev/null |
            grep -qi -- "^ *[0-9]*\. [0-9.]* $technique\( type [0-9]\)*:" ||
            missing=$((missing + 1))
    done < req.txt
    if [ "$(wc -l < req.txt)" -eq 3 ] && [ "$missing" -eq 0 ]; then
        ok "requires $technique"
    else
        fail "requires $technique" "$missing without it: $(cat err.txt)"
    fi
done
"$sudokit" generate -n 3 --hardest xy-wing --seed 5 --format csv > hard.csv 2> err.txt
if [ "$(column hardest < hard.csv | sort -u)" = XY-wing ]; then
    ok "hardest"
else
    fail "hardest" "$(column hardest < hard.csv) $(cat err.txt)"
fi

# 4. A search from seeds: in the window, never a seed, the same output for
# the same seed with one job and with two; a search with misses, repeats
# and puzzles fed back as seeds too.
run_search() {
    "$sudokit" generate -n 3 --rating 10-12 --seed 7 --seeds seeds.txt --format csv -q "$@"
}
run_search > s1.csv 2> err1.txt
run_search --jobs 2 > s2.csv 2> err2.txt
run_search > s3.csv 2> /dev/null
column puzzle < s1.csv > found.txt
scores=$(column score < s1.csv | awk '$1 < 10 || $1 > 12 { bad++ } END { print NR, bad + 0 }')
if [ "$scores" = "3 0" ] && [ "$(column lower_bound < s1.csv | sort -u)" = 0 ] &&
    [ "$(column strategy < s1.csv | sort -u)" = vicinity ]; then
    ok "search_window"
else
    fail "search_window" "$scores $(cat err1.txt)"
fi
canon seeds.txt > sc.txt
canon found.txt > fc.txt
if [ -z "$(comm -12 sc.txt fc.txt)" ] && [ "$(sort -u fc.txt | wc -l)" -eq 3 ]; then
    ok "search_new"
else
    fail "search_new" "a seed or a repeat was made"
fi
if [ "$(wc -l < found.txt)" -eq 3 ] && cmp -s s1.csv s2.csv && cmp -s s1.csv s3.csv; then
    ok "search_jobs"
else
    fail "search_jobs" "outputs differ: $(diff s1.csv s2.csv | head -4)"
fi
run_fed() {
    "$sudokit" generate -n 12 --rating 8.8-12 --seed 3 --seeds evil.txt \
        --generator-options episode=30 --format csv "$@"
}
run_fed > f1.csv 2> ferr1.txt
run_fed --jobs 3 > f3.csv 2> ferr3.txt
if cmp -s f1.csv f3.csv && [ "$(column puzzle < f1.csv | wc -l)" -eq 12 ] &&
    grep -q "repeats of puzzles already made dropped" ferr1.txt &&
    [ "$(column index < f1.csv | tail -n 1)" -gt 11 ]; then
    ok "search_fed_jobs"
else
    fail "search_fed_jobs" "$(cat ferr1.txt ferr3.txt | head -5)"
fi

# 5. --exclude: a found puzzle, given in another form, is not made again.
"$sudokit" db canon found.txt 2> /dev/null | head -n 1 | cut -c1-81 > known.txt
run_search --exclude known.txt > ex.csv 2> err.txt
column puzzle < ex.csv > ex.txt
canon ex.txt > xc.txt
canon known.txt > kc.txt
if [ -z "$(comm -12 xc.txt kc.txt)" ] &&
    [ "$(wc -l < ex.txt)" -eq 3 ] && ! cmp -s ex.txt found.txt; then
    ok "exclude"
else
    fail "exclude" "$(cat err.txt)"
fi

# 6. A target the search cannot reach in its attempts: status 1, a message,
# and what it found before is kept (printed and stored).
"$sudokit" --db give.db generate -n 8 --rating 9-9.3 --seed 4 --seeds evil.txt \
    --generator-options episode=30 --attempts 120 --store --format line > give.txt 2> err.txt
status=$?
stored=$("$sudokit" --db give.db db query --format line 2> /dev/null | wc -l)
if [ "$status" -eq 1 ] && grep -q "no puzzle meeting the targets found in" err.txt &&
    [ "$(wc -l < give.txt)" -ge 2 ] && [ "$stored" -eq "$(wc -l < give.txt)" ]; then
    ok "give_up_keeps"
else
    fail "give_up_keeps" "status $status, $(wc -l < give.txt) printed, $stored stored: $(cat err.txt)"
fi

# 7. A search killed (SIGKILL) leaves a sound store holding every puzzle it
# found: the first of what the same run makes when let finish.
"$sudokit" --db kill.db generate -n 1000 --rating 10-12 --seed 9 --seeds seeds.txt --store \
    -q > /dev/null 2>&1 &
pid=$!
stored=0 waited=0
while [ "$stored" -lt 3 ] && [ $waited -lt 600 ] && kill -0 $pid 2> /dev/null; do
    sleep 0.2
    waited=$((waited + 1))
    stored=$("$sudokit" --db kill.db db query --format line 2> /dev/null | wc -l)
done
kill -KILL $pid 2> /dev/null
wait $pid 2> /dev/null
"$sudokit" --db kill.db db query --format csv --rater human 2> /dev/null > kept.csv
kept=$(column puzzle < kept.csv | wc -l)
"$sudokit" generate -n "$kept" --rating 10-12 --seed 9 --seeds seeds.txt -q > again.txt
if [ "$kept" -ge 3 ] && "$sudokit" --db kill.db db check > /dev/null 2>&1 &&
    column puzzle < kept.csv | cmp -s - again.txt &&
    [ "$(column score < kept.csv | awk '$1 >= 10 && $1 <= 12' | wc -l)" -eq "$kept" ]; then
    ok "killed_store"
else
    fail "killed_store" "$kept kept; $(column puzzle < kept.csv | diff - again.txt | head -4)"
fi

# 7b. On a terminal a search with --jobs 2, as shard 1/2, shows its progress
# (puzzles made, candidates judged and rated, best score); SIGINT stops it
# with status 130, and the store is sound and holds every puzzle it printed.
# stderr is a pseudo-terminal, stdout a file; SIGINT is sent once the
# progress line counts two puzzles made of the shard's 500.
python3 - "$sudokit" > interrupt.txt 2>&1 << 'EOF'
import os, pty, re, select, signal, sys, time
args = [sys.argv[1], "--db", "int.db", "generate", "-n", "1000", "--rating", "10-12",
        "--seed", "9", "--seeds", "seeds.txt", "--jobs", "2", "--shard", "1/2", "--store",
        "--format", "line"]
pid, fd = pty.fork()
if pid == 0:
    out = os.open("int.txt", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(out, 1)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    os.execv(args[0], args)
shown, sent, deadline = b"", False, time.time() + 600
while True:
    ready, _, _ = select.select([fd], [], [], 0.2)
    if ready:
        try:
            data = os.read(fd, 4096)
        except OSError:
            break
        if not data:
            break
        shown += data
    made = re.findall(rb"generate: (\d+)/500 \(\d+%\)  \d+ judged", shown)
    if not sent and (made and int(made[-1]) >= 2 or time.time() > deadline):
        os.kill(pid, signal.SIGINT)
        sent = True
_, status = os.waitpid(pid, 0)
open("int_err.txt", "wb").write(shown)
print(os.waitstatus_to_exitcode(status))
EOF
status=$(tail -n 1 interrupt.txt)
printed=$(grep -c . int.txt)
stored=$("$sudokit" --db int.db db query --format line 2> /dev/null | cut -c1-81 | sort)
if [ "$status" = 130 ] && [ "$printed" -ge 2 ] &&
    grep -q 'generate: [0-9]*/500 ([0-9]*%)  [0-9]* judged, [0-9]* rated, best 1[0-9]\.[0-9]' int_err.txt &&
    grep -q "stopped by signal 2; what was stored before is kept" int_err.txt &&
    "$sudokit" --db int.db db check > /dev/null 2>&1 &&
    [ "$(cut -c1-81 int.txt | sort)" = "$stored" ]; then
    ok "interrupted"
else
    fail "interrupted" "status $status, $printed printed: $(tr '\r' '\n' < int_err.txt | tail -n 4) $(cat interrupt.txt)"
fi

# 8. Seeds from the store, picked by db query's filters.
"$sudokit" --db seeds.db generate -n 2 --rating 8.8-12 --seed 6 \
    --seeds-from-db 'rater=human,level=evil,sort=score,desc,limit=40' \
    --generator-options episode=40 --format csv > db.csv 2> err.txt
if [ "$(column puzzle < db.csv | wc -l)" -eq 2 ] && [ "$(column strategy < db.csv | sort -u)" = vicinity ]; then
    ok "seeds_from_db"
else
    fail "seeds_from_db" "$(cat err.txt)"
fi

# 9. The human rater's stop option: a lower bound at the floor, or exact.
head -n 1 seeds.txt > one.txt
full=$("$sudokit" rate one.txt 2> /dev/null | cut -d' ' -f2)
stopped=$("$sudokit" rate --rater-options stop=9.5 one.txt 2> /dev/null | cut -d' ' -f2)
exact=$("$sudokit" rate --rater-options stop=12 one.txt 2> /dev/null | cut -d' ' -f2)
case $stopped in
9.[5-9]*+ | 1[0-9].*+) [ "$exact" = "$full" ] && ok "rater_stop" || fail "rater_stop" "$exact vs $full" ;;
*) fail "rater_stop" "stop=9.5 gave $stopped (full $full)" ;;
esac

# 10. The cluster scripts run a search shard by shard; a shard that did
# not finish gives what it found to merge.sh with PARTIAL=1.
mkdir run
export SUDOKIT="$sudokit"
GENERATE_OPTIONS="--rating 10-12 --seeds $work/seeds.txt" sh "$cluster/shard.sh" run 0 2 4 5 \
    > shard.out 2>&1
"$sudokit" --db run/shard-1.db.part generate -n 4 --shard 1/2 --seed 5 --rating 10-12 \
    --seeds seeds.txt --store -q > /dev/null 2>&1
sh "$cluster/merge.sh" run 2 > merge1.out 2>&1
refused=$?
PARTIAL=1 sh "$cluster/merge.sh" run 2 > merge2.out 2>&1
merged=$("$sudokit" --db run/merged.db db query --format line 2> /dev/null | wc -l)
if [ "$refused" -eq 1 ] && grep -q "shard 1/2 did not finish; taking" merge2.out && [ "$merged" -eq 4 ]; then
    ok "cluster_partial"
else
    fail "cluster_partial" "refused $refused, merged $merged: $(cat shard.out merge1.out merge2.out)"
fi
unset SUDOKIT

# 11. Bad requests: a message and status 2.
expect_usage pattern_length "pattern has 80 characters, not 81" generate --pattern "$(echo "$pattern" | cut -c2-)"
expect_usage pattern_char "pattern: character 3 is 'q'" generate --pattern "..q$(echo "$pattern" | cut -c4-)"
expect_usage requires_unknown "requires 'X-wings': rater 'human' has no such technique" generate --requires X-wings
expect_usage pattern_dig "generator 'dig' takes no clue pattern" generate -g dig --pattern "$pattern"
expect_usage seeds_dig "generator 'dig' takes no seeds" generate -g dig --seeds seeds.txt
expect_usage seeds_filter "'colour' is not a filter of db query" --db seeds.db generate --seeds-from-db colour=red
"$sudokit" generate --seeds missing.txt > out.txt 2> err.txt
status=$?
if [ "$status" -eq 1 ] && grep -q "seeds: cannot open missing.txt" err.txt; then
    ok "seeds_missing"
else
    fail "seeds_missing" "status $status: $(cat err.txt)"
fi

test_summary
