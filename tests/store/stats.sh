#!/bin/sh
# `db stats` and `games` as text and JSON: after rating the starter
# collection with a second rater, 3000 ratings of 1500 puzzles, one line per
# rater version; the JSON holds the same counts; games lists the game
# played, as a table, csv and JSON lines.
# usage: stats.sh SUDOKIT
set -u
S=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export SUDOKIT_DB="$T/s.db"
failed=0 passed=0
fail() { echo "FAIL $*"; failed=$((failed + 1)); }
ok() { passed=$((passed + 1)); }

"$S" db init --seeds > /dev/null || fail "db init --seeds"
"$S" db export > "$T/all.txt" || fail "db export"
"$S" rate --rater classic --store --quiet "$T/all.txt" > /dev/null || fail "rate --store"
human=$("$S" plugins --kind rater | awk '$2 == "human" { print $4 }')
classic=$("$S" plugins --kind rater | awk '$2 == "classic" { print $4 }')
# One game being played and one abandoned.
echo "5 q" | "$S" play --level 2 --keys - > /dev/null 2>&1 || fail "play"
echo "q" | "$S" play --level 3 --keys - > /dev/null 2>&1 || fail "play"
"$S" games --abandon 2 > /dev/null || fail "games --abandon"

"$S" db stats > "$T/stats.txt" || fail "db stats"
grep -q "^ratings: *3000, rating 1500 of the 1500 puzzles$" "$T/stats.txt" && ok ||
    fail "ratings line: $(grep ratings "$T/stats.txt")"
grep -Eq "^  classic +$classic +1500 of the 1500 puzzles rated, scores " "$T/stats.txt" && ok ||
    fail "no classic line: $(cat "$T/stats.txt")"
grep -Eq "^  human +$human +1500 of the 1500 puzzles rated, scores 1.2..9$" "$T/stats.txt" && ok ||
    fail "no human line: $(cat "$T/stats.txt")"
grep -q "^games: *2 (playing 1, solved 0, abandoned 1)$" "$T/stats.txt" && ok ||
    fail "games line: $(grep games "$T/stats.txt")"

"$S" db stats --format json --output "$T/stats.json" || fail "db stats --format json"
python3 - "$T/stats.json" "$human" "$classic" << 'PY' && ok || fail "stats json: $(cat "$T/stats.json")"
import json, sys
with open(sys.argv[1]) as f:
    lines = f.read().splitlines()
assert len(lines) == 1, "one object on one line"
s = json.loads(lines[0])
assert s["puzzles"] == 1500 and s["with_solution"] == 1500, s
assert s["ratings"] == 3000 and s["rated_puzzles"] == 1500, s
assert [(r["rater"], r["version"], r["ratings"]) for r in s["raters"]] == \
    [("classic", sys.argv[3], 1500), ("human", sys.argv[2], 1500)], s["raters"]
assert sum(s["by_clues"].values()) == 1500 and sum(s["by_symmetry"].values()) == 1500
assert (s["games"], s["playing"], s["solved"], s["abandoned"]) == (2, 1, 0, 1), s
assert s["bench_runs"] == 0 and s["schema_version"] >= 1
PY

"$S" games > "$T/games.txt" || fail "games"
[ "$(wc -l < "$T/games.txt")" -eq 3 ] && ok || fail "games table: $(cat "$T/games.txt")"
"$S" games --format csv > "$T/games.csv" || fail "games --format csv"
[ "$(head -1 "$T/games.csv")" = "game,puzzle,score,level,filled,time,status,updated" ] && ok ||
    fail "games csv header: $(head -1 "$T/games.csv")"
"$S" games --format json > "$T/games.json" || fail "games --format json"
"$S" games --format json --unfinished > "$T/unfinished.json" || fail "games --unfinished json"
python3 - "$T/games.json" "$T/unfinished.json" << 'PY' && ok || fail "games json: $(cat "$T/games.json")"
import json, sys
games = [json.loads(line) for line in open(sys.argv[1])]
assert sorted((g["game"], g["status"]) for g in games) == [(1, "playing"), (2, "abandoned")], games
assert all(isinstance(g["puzzle"], int) and isinstance(g["score"], float)
           and 1 <= g["level"] <= 5 and g["filled"] >= 17 for g in games), games
playing = [g for g in games if g["game"] == 1][0]
assert playing["level"] == 2, playing
unfinished = [json.loads(line) for line in open(sys.argv[2])]
assert [g["game"] for g in unfinished] == [1], unfinished
PY
echo "$passed checks passed, $failed failed"
[ "$failed" -eq 0 ]
