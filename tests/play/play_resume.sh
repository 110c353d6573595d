# Quit in the middle, resume: the same board, marks and undo/redo history.
. "$(dirname "$0")/play_lib.sh"

# r1c3 = 4, r1c4 = 6, then pencil marks 1 and 2 on r1c6, then quit.
echo "4 right 6 right right m 1 2 q" | "$SK" play --puzzle "$PUZZLE" --keys - > "$TMP/a" 2>/dev/null ||
    fail "first session exited with $?"
want=$(cells_with "$(cells_with "$(echo "$PUZZLE" | tr 0 .)" 2 4)" 3 6)
expect cells "$want" "$TMP/a"
expect undo 4 "$TMP/a"
marks=$(field marks "$TMP/a")
[ "$(printf '%s' "$marks" | cut -c16-18)" = 003 ] || fail "marks of r1c6: $marks"

# `games --unfinished` lists the game.
"$SK" games --unfinished > "$TMP/list" || fail "games --unfinished exited with $?"
awk '$1 == 1 && $2 == 1 && $5 == 32 && $7 == "playing"' "$TMP/list" | grep -q . || fail "list: $(cat "$TMP/list")"

# Resume and quit at once: everything is as it was.
echo q | "$SK" play --resume 1 --keys - > "$TMP/b" 2>/dev/null || fail "resume exited with $?"
for name in cells marks undo redo hints; do
    [ "$(field $name "$TMP/a")" = "$(field $name "$TMP/b")" ] || fail "$name changed on resume"
done

# Undo after resume: two undos clear the marks, the third takes back r1c4.
echo "u u u" | "$SK" play --resume 1 --keys - > "$TMP/c" 2>/dev/null || fail "undo session: $?"
expect cells "$(cells_with "$(echo "$PUZZLE" | tr 0 .)" 2 4)" "$TMP/c"
expect undo 1 "$TMP/c"
expect redo 3 "$TMP/c"
[ "$(field marks "$TMP/c" | tr -d 0)" = "" ] || fail "marks left after undo: $(field marks "$TMP/c")"

# The redo history survives too: redo all three in a new session.
echo "r ctrl-r r q" | "$SK" play --resume 1 --keys - > "$TMP/d" 2>/dev/null || fail "redo session: $?"
for name in cells marks; do
    [ "$(field $name "$TMP/a")" = "$(field $name "$TMP/d")" ] || fail "$name differs after redo"
done
expect redo 0 "$TMP/d"

# A game that does not exist is a clear error.
"$SK" play --resume 99 --keys - < /dev/null > /dev/null 2> "$TMP/err" && fail "resume 99 worked"
grep -q "99" "$TMP/err" || fail "resume 99: $(cat "$TMP/err")"
# Abandoning a game takes it off the unfinished list; resuming takes it up.
"$SK" games --abandon 1 > "$TMP/ab" || fail "abandon exited with $?"
"$SK" games --unfinished > "$TMP/list"
[ ! -s "$TMP/list" ] || fail "abandoned game still unfinished: $(cat "$TMP/list")"
"$SK" games --status abandoned | awk '$1 == 1 && $7 == "abandoned"' | grep -q . ||
    fail "not listed as abandoned"
"$SK" games --abandon 1 > /dev/null 2> "$TMP/err" && fail "abandoning twice worked"
grep -q "is abandoned" "$TMP/err" || fail "abandon twice: $(cat "$TMP/err")"
echo "u q" | "$SK" play --resume 1 --keys - > "$TMP/e" 2> "$TMP/err" || fail "resume abandoned: $?"
grep -q "was abandoned" "$TMP/err" || fail "no notice: $(cat "$TMP/err")"
expect status playing "$TMP/e"
expect undo 3 "$TMP/e"

# The same puzzle typed transposed is the stored puzzle: the game plays the
# stored form, and resumes.
transposed=$(printf '%s' "$PUZZLE" | awk '{ for (c = 0; c < 9; c++) for (r = 0; r < 9; r++)
    printf "%s", substr($0, r * 9 + c + 1, 1); print "" }')
[ "$transposed" != "$PUZZLE" ] || fail "transposing changed nothing"
echo q | "$SK" play --puzzle "$transposed" --keys - > "$TMP/t" 2> "$TMP/terr" ||
    fail "transposed puzzle: $?"
grep -q "transformed, as puzzle 1" "$TMP/terr" || fail "no notice: $(cat "$TMP/terr")"
expect cells "$(echo "$PUZZLE" | tr 0 .)" "$TMP/t"
expect title "game 2, puzzle 1" "$TMP/t"
echo "4 q" | "$SK" play --resume 2 --keys - > "$TMP/t2" 2>/dev/null || fail "resume game 2: $?"
expect filled 31 "$TMP/t2"
echo "ok play_resume"
