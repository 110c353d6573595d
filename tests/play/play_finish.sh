# Play a puzzle to the end through the scripted mode: feed the solution's
# digits cell by cell and check the game is solved and recorded.
. "$(dirname "$0")/play_lib.sh"

# The cursor starts on the first empty cell; go back to r1c1 first.
first=$(printf '%s' "$PUZZLE" | awk '{ print index($0, "0") - 1 }')
keys=""
i=0
while [ $i -lt "$first" ]; do keys="$keys left"; i=$((i + 1)); done
i=0
while [ $i -lt 81 ]; do
    p=$(printf '%s' "$PUZZLE" | cut -c$((i + 1)))
    s=$(printf '%s' "$SOLUTION" | cut -c$((i + 1)))
    [ "$p" = 0 ] && keys="$keys $s"
    keys="$keys right"
    i=$((i + 1))
done
# Keys after the end are refused: the solved board stays. The script ends
# without q: the end of the keys ends the game too.
keys="$keys u 0"
printf '%s\n' "$keys" > "$TMP/keys"

"$SK" play --puzzle "$PUZZLE" --keys "$TMP/keys" > "$TMP/out" 2> "$TMP/err" ||
    fail "play exited with $? ($(cat "$TMP/err"))"
expect status solved "$TMP/out"
expect cells "$SOLUTION" "$TMP/out"
expect filled 81 "$TMP/out"
expect conflicts 0 "$TMP/out"
expect hints 0 "$TMP/out"
expect undo 51 "$TMP/out"
grep -q "^message The game is over" "$TMP/out" || fail "keys after the end were not refused"
# The end says the game is solved, with its time and hints, and offers no
# resume of a finished game.
grep -qE "^sudokit: game 1 solved in [0-9]+:[0-9]{2}:[0-9]{2} with 0 hints$" "$TMP/err" ||
    fail "the end does not say solved with time and hints: $(cat "$TMP/err")"
grep -q "resume" "$TMP/err" && fail "a solved game is offered to resume: $(cat "$TMP/err")"
# Resuming the solved game says so too, not "Saved as game 1".
echo "q" | "$SK" play --resume 1 --keys - > "$TMP/again" 2> "$TMP/err"
grep -q "Saved as" "$TMP/again" "$TMP/err" && fail "a solved game says Saved as: $(cat "$TMP/again")"
grep -q "^sudokit: game 1 solved in" "$TMP/err" || fail "resumed solved game: $(cat "$TMP/err")"

# The finished game is in the games table, and listed as solved.
"$SK" games > "$TMP/games" || fail "games exited with $?"
awk '$1 == 1 && $2 == 1 && $5 == 81 && $7 == "solved"' "$TMP/games" | grep -q . ||
    fail "games: $(cat "$TMP/games")"
"$SK" games --unfinished > "$TMP/games" 2> "$TMP/err"
[ ! -s "$TMP/games" ] && grep -q "no game matches" "$TMP/err" ||
    fail "games --unfinished: $(cat "$TMP/games" "$TMP/err")"
# Hints come from the human rater's next step; asking twice reveals its digit.
echo "?" | "$SK" play --puzzle "$PUZZLE" --keys - > "$TMP/hint" 2>/dev/null || fail "hint: $?"
expect hints 1 "$TMP/hint"
expect filled 30 "$TMP/hint"
field message "$TMP/hint" | grep -qi "single" || fail "hint text: $(field message "$TMP/hint")"
echo "? ?" | "$SK" play --resume 2 --keys - > "$TMP/reveal" 2>/dev/null || fail "reveal: $?"
expect hints 2 "$TMP/reveal"
expect filled 31 "$TMP/reveal"
cells=$(field cells "$TMP/reveal")
i=1
while [ $i -le 81 ]; do
    c=$(printf '%s' "$cells" | cut -c$i)
    [ "$c" = . ] || [ "$c" = "$(printf '%s' "$SOLUTION" | cut -c$i)" ] || fail "revealed a wrong digit"
    i=$((i + 1))
done
echo "ok play_finish"
