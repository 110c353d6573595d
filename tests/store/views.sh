#!/bin/sh
# The views of docs/database.md answer its four questions: each question's
# one-line sqlite3 query is taken from the document itself (so the two
# cannot drift) and run on a database holding the starter collection, two
# games (one abandoned), a newer rating of one puzzle and bench --store runs;
# each answer is checked against the same facts found another way.
# usage: views.sh SUDOKIT DOC DATA_DIR
set -u
S=$1 DOC=$2 DATA=$3
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export SUDOKIT_DB="$T/s.db" DB="$T/s.db"
failed=0 passed=0
fail() { echo "FAIL $*"; failed=$((failed + 1)); }
ok() { passed=$((passed + 1)); }

# ask QUESTION: run the document's query for QUESTION, its answer in $T/answer.
ask() {
    query=$(awk -v q="# $1" '$0 == q { getline; print; exit }' "$DOC")
    case $query in
    'sqlite3 "$DB" '*) ;;
    *) fail "docs: no one-line sqlite3 query under '# $1'"; : > "$T/answer"; return ;;
    esac
    sh -c "$query" > "$T/answer" 2> "$T/answer.err" || fail "'$1': $query: $(cat "$T/answer.err")"
}

"$S" db init --seeds > /dev/null || fail "db init --seeds"
echo "5 q" | "$S" play --level 2 --keys - > /dev/null 2>&1 || fail "play"
echo "q" | "$S" play --level 4 --keys - > /dev/null 2>&1 || fail "play"
"$S" games --abandon 2 > /dev/null || fail "games --abandon"
grep -v '^#' "$DATA/hardest_60.txt" | head -5 > "$T/hard.txt"
for i in 1 2; do
    "$S" bench --store --quiet --solvers fast,dlx --time 0.3 --warmup 0 "$T/hard.txt" \
        > /dev/null || fail "bench --store"
done

# The ten hardest: the ten highest human scores of db query, each the
# score db query gives that puzzle (ties at the tenth may pick others).
"$S" db query --rater human --format csv > "$T/all.csv" || fail "db query"
ask "the ten hardest puzzles I have"
python3 - "$T/all.csv" "$T/answer" << 'PY' && ok || fail "ten hardest: $(cat "$T/answer")"
import csv, sys
score = {int(r["id"]): float(r["score"]) for r in csv.DictReader(open(sys.argv[1]))}
rows = [line.split("|") for line in open(sys.argv[2]).read().splitlines()]
got = [(int(r[0]), float(r[1])) for r in rows]
assert len(got) == 10, got
assert [s for _, s in got] == sorted(score.values(), reverse=True)[:10], got
assert all(score[i] == s for i, s in got), got
PY
grep -Evq '\|(evil|expert)\|' "$T/answer" && fail "ten hardest not all expert/evil: $(cat "$T/answer")" || ok

# Unfinished: game 1 only, with what games says of it.
"$S" games --unfinished --format csv | tail -n +2 | cut -d, -f1,2,5 > "$T/expected"
ask "my unfinished games"
cut -d'|' -f1-3 "$T/answer" | tr '|' , > "$T/got"
[ "$(cut -d, -f1 "$T/got")" = 1 ] && cmp -s "$T/expected" "$T/got" && ok ||
    fail "unfinished games: got $(cat "$T/got"), expected $(cat "$T/expected")"

# Per level: 300 of each in the starter collection.
ask "how many puzzles per level"
printf '1|easy|300\n2|medium|300\n3|hard|300\n4|expert|300\n5|evil|300\n' > "$T/expected"
cmp -s "$T/expected" "$T/answer" && ok || fail "per level: $(cat "$T/answer")"

# A newer rating of puzzle 1 by human (another rater version, written
# later) is the one the views show, and it moves the puzzle to its level.
sqlite3 "$DB" "INSERT INTO ratings (puzzle_id, rater, rater_version, score, level, hardest, steps,
    created) VALUES (1, 'human', '99.0', 9.9, 5, 'Test', 1, '2999-01-01T00:00:00.000Z')" ||
    fail "insert a newer rating"
ask "how many puzzles per level"
[ "$(sed -n '1p;5p' "$T/answer" | tr '\n' ' ')" = "1|easy|299 5|evil|301 " ] && ok ||
    fail "per level after a newer rating: $(cat "$T/answer")"
ask "the ten hardest puzzles I have"
[ "$(head -1 "$T/answer" | cut -d'|' -f1-3)" = "1|9.9|evil" ] && ok ||
    fail "hardest after a newer rating: $(head -1 "$T/answer")"
summary=$(sqlite3 "$DB" "SELECT ratings, games FROM puzzle_summary WHERE puzzle_id = 1")
[ "$summary" = "human 9.9 evil|0" ] && ok || fail "puzzle_summary of puzzle 1: $summary"

# Fastest: per data set, the solver with the best puzzles per second of
# the runs db benchmarks lists (four: two solvers, twice).
"$S" db benchmarks --format csv > "$T/runs.csv" || fail "db benchmarks"
[ "$(tail -n +2 "$T/runs.csv" | wc -l)" -eq 4 ] && ok || fail "runs: $(cat "$T/runs.csv")"
rate=$(head -1 "$T/runs.csv" | tr , '\n' | grep -n '^puzzles_per_second$' | cut -d: -f1)
best=$(tail -n +2 "$T/runs.csv" | sort -t, -k"$rate,$rate"gr | head -1 | cut -d, -f"3,$rate")
ask "which solver was fastest in my runs"
got=$(cut -d'|' -f2,3 "$T/answer" | tr '|' ,)
[ "$(wc -l < "$T/answer")" -eq 1 ] && [ "$(cut -d'|' -f1 "$T/answer")" = "$T/hard.txt" ] &&
    awk -v a="$got" -v b="$best" 'BEGIN { split(a, x, ","); split(b, y, ",");
        d = x[2] - y[2]; exit !(x[1] == y[1] && d <= 1 && d >= -1) }' && ok ||
    fail "fastest: got $(cat "$T/answer"), runs say $best"
runs=$(sqlite3 "$DB" "SELECT group_concat(solver || ':' || runs, ' ') FROM
    (SELECT solver, runs FROM bench_results ORDER BY solver)")
[ "$runs" = "dlx:2 fast:2" ] && ok || fail "bench_results runs: $runs"
echo "$passed checks passed, $failed failed"
[ "$failed" -eq 0 ]
