#!/bin/sh
# db merge: puzzles by canonical form (duplicates counted, the first row and
# its provenance kept), ratings per rater and version, games remapped onto
# the stored puzzle (moved onto its image when the input stores another
# member of the class), bench runs; merging again adds nothing; a game saved
# later replaces the merged copy; an input of a newer schema, or not a
# database, is refused by name and OUT is left as it was.
# usage: merge.sh SUDOKIT DATA_DIR
set -u
S=$1
DATA=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
failed=0 passed=0
check() { # check WHAT CONDITION...
    what=$1
    shift
    if "$@"; then passed=$((passed + 1)); else echo "FAIL: $what"; failed=$((failed + 1)); fi
}
q() { sqlite3 "$@"; }
dump() {
    q "$1" "SELECT * FROM puzzles ORDER BY id; SELECT * FROM ratings ORDER BY id;
            SELECT * FROM games ORDER BY id; SELECT * FROM bench_runs ORDER BY id"
}
grep -v '^#' "$DATA/17_clue_2000.txt" | head -40 > p.txt
sed -n 1,30p p.txt > a.txt
# b.txt: other images (the canonical forms) of puzzles 21..40
sed -n 21,40p p.txt | "$S" db canon > b.txt
"$S" --db A.db db import a.txt > /dev/null
"$S" --db A.db rate --store a.txt > /dev/null 2>&1
"$S" --db A.db bench --store --solver dlx a.txt > /dev/null 2>&1
"$S" --db B.db db import b.txt > /dev/null
"$S" --db B.db rate --store b.txt > /dev/null 2>&1
"$S" --db B.db rate --store --rater classic b.txt > /dev/null 2>&1
# Games in B: puzzle 1 of B is puzzle 21 of A's class (stored in A as
# another image), puzzle 15 of B is B's own.
echo "a 5 right 7 u right right m 3 q" | "$S" --db B.db play --id 1 --keys - > /dev/null 2>&1
echo "right 4 right right 9 m 2 6 q" | "$S" --db B.db play --id 15 --keys - > /dev/null 2>&1
check "the inputs hold 1 bench run and 2 games" \
    [ "$(q A.db 'SELECT count(*) FROM bench_runs')$(q B.db 'SELECT count(*) FROM games')" = 12 ]

"$S" db merge OUT.db A.db B.db > out 2> err
check "merge status 0: $(cat err)" [ $? -eq 0 ]
check "A's counts: $(sed -n 1p out)" grep -q "^A.db: puzzles added 30, duplicates 0, not merged 0; ratings added 30, kept 0, not merged 0; games added 0, updated 0, kept 0, not merged 0; bench runs added 1, kept 0, not merged 0$" out
check "B's counts: $(sed -n 2p out)" grep -q "^B.db: puzzles added 10, duplicates 10, not merged 0; ratings added 30, kept 10, not merged 0; games added 2, updated 0, kept 0, not merged 0; bench runs added 0, kept 0, not merged 0$" out
check "db check of OUT" "$S" --db OUT.db db check
# The first row of a class is kept: puzzle 21 as A stored it, from a.txt.
p21=$(sed -n 21p p.txt)
check "first kept: $(q OUT.db 'SELECT id, givens, source FROM puzzles WHERE id = 21')" \
    [ "$(q OUT.db 'SELECT givens, source FROM puzzles WHERE id = 21')" = "$p21|a.txt" ]
check "40 puzzles, 60 ratings (human 40, classic 20)" \
    [ "$(q OUT.db "SELECT count(*) FROM puzzles; SELECT rater || count(*) FROM ratings GROUP BY rater ORDER BY rater" | tr '\n' ' ')" = "40 classic20 human40 " ]
check "every rating of B carried, each on the right class" \
    [ "$(q OUT.db "ATTACH 'B.db' AS b; SELECT count(*) FROM b.ratings br JOIN b.puzzles bp ON bp.id = br.puzzle_id
        JOIN main.puzzles mp ON mp.canonical = bp.canonical JOIN main.ratings mr ON mr.puzzle_id = mp.id
        AND mr.rater = br.rater AND mr.rater_version = br.rater_version AND mr.score = br.score")" = 40 ]
# The game on the moved puzzle is on OUT's image: it resumes (cells keep the
# givens, the history replays) and holds the same digits, moved.
g21=$(q OUT.db "SELECT id FROM games WHERE puzzle_id = 21")
check "the moved game resumes" sh -c "echo q | '$S' --db OUT.db play --resume '$g21' --keys - > resume.out 2>&1"
check "its cells are an image of B's game" [ "$(q OUT.db "SELECT cells FROM games WHERE id = $g21" | "$S" db canon)" = \
    "$(q B.db "SELECT cells FROM games WHERE puzzle_id = 1" | "$S" db canon)" ]
check "its marks and history were rewritten, not copied" [ "$(q OUT.db "SELECT marks, history FROM games WHERE id = $g21")" != \
    "$(q B.db "SELECT marks, history FROM games WHERE puzzle_id = 1")" ]
g35=$(q OUT.db "SELECT id FROM games WHERE puzzle_id <> 21")
check "the other game is copied as it is" [ "$(q OUT.db "SELECT cells, marks, history, created, updated FROM games WHERE id = $g35")" = \
    "$(q B.db "SELECT cells, marks, history, created, updated FROM games WHERE puzzle_id = 15")" ]

# Merging again adds nothing.
dump OUT.db > before
"$S" db merge OUT.db B.db A.db > out 2> err
check "second merge status 0" [ $? -eq 0 ]
check "second merge adds nothing: $(cat out)" [ "$(grep -c "puzzles added 0,.*ratings added 0,.*games added 0, updated 0,.*bench runs added 0" out)" = 2 ]
dump OUT.db > after
check "second merge leaves OUT as it was" cmp -s before after

# A game saved later in the input replaces the merged copy; once.
echo "left 8 q" | "$S" --db B.db play --resume 2 --keys - > /dev/null 2>&1
"$S" db merge OUT.db B.db > out 2> err
check "a later save updates the game: $(cat out)" grep -q "games added 0, updated 1, kept 1" out
"$S" db merge OUT.db B.db > out 2> err
check "then it is kept: $(cat out)" grep -q "games added 0, updated 0, kept 2" out

# Refusals name the file, and OUT keeps every row.
cp A.db NEW.db
q NEW.db "PRAGMA user_version = 99"
printf 'not a database\n' > text.db
dump OUT.db > before
"$S" db merge OUT.db NEW.db > out 2> err
check "a newer schema: status 1" [ $? -eq 1 ]
check "a newer schema is named: $(cat err)" grep -q "NEW.db has schema version 99, newer than this sudokit" err
"$S" db merge OUT.db text.db missing.db A.db > out 2> err
check "unknown inputs: status 1" [ $? -eq 1 ]
check "a text file is named: $(cat err)" grep -q "text.db is not a usable sudokit database" err
check "a missing file is named" grep -q "cannot merge missing.db: No such file" err
check "the good input after them is merged: $(cat out)" grep -q "^A.db: puzzles added 0, duplicates 30" out
check "2 of 3 inputs not merged" grep -q "2 of 3 inputs not merged" err
dump OUT.db > after
check "OUT unchanged by the refused inputs" cmp -s before after
"$S" db merge OUT.db > out 2> err
check "no input is a usage error" [ $? -eq 2 ]
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
