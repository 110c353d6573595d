# A resumed game whose saved time is the largest a games row holds plays on
# and saves every move: the time stops at the limit instead of wrapping to
# a negative time that no save accepts. Needs the sqlite3 shell (exit 77).
. "$(dirname "$0")/play_lib.sh"
command -v sqlite3 > /dev/null || { echo "skipped: no sqlite3 shell"; exit 77; }

echo q | "$SK" play --puzzle "$PUZZLE" --keys - > /dev/null 2>&1 || fail "first session: $?"
sqlite3 "$SUDOKIT_DB" "UPDATE games SET elapsed_ms = 9223372036854775807 WHERE id = 1" ||
    fail "cannot edit the games row"

# The pause makes the loop add play time between the two moves.
{ echo 4; sleep 1; echo "right 6 q"; } | "$SK" play --resume 1 --keys - > "$TMP/a" 2> "$TMP/err" ||
    fail "resumed session exited with $?: $(cat "$TMP/err")"
grep -q "NOT SAVED" "$TMP/err" && fail "a move was not saved: $(cat "$TMP/err")"
want=$(cells_with "$(cells_with "$(echo "$PUZZLE" | tr 0 .)" 2 4)" 3 6)
expect cells "$want" "$TMP/a"
expect time 2562047788015:12:55 "$TMP/a"

# Both moves are in the database, and the game resumes again.
echo q | "$SK" play --resume 1 --keys - > "$TMP/b" 2>/dev/null || fail "second resume: $?"
expect cells "$want" "$TMP/b"
expect undo 2 "$TMP/b"
expect time 2562047788015:12:55 "$TMP/b"

# A hint count beyond what the engine counts is refused with a message.
sqlite3 "$SUDOKIT_DB" "UPDATE games SET hints = 4294967296 WHERE id = 1" ||
    fail "cannot edit the games row"
echo q | "$SK" play --resume 1 --keys - > /dev/null 2> "$TMP/err" && fail "resumed a damaged game"
grep -q "saved game 1 is damaged: .*hint count 4294967296" "$TMP/err" ||
    fail "damaged game: $(cat "$TMP/err")"
echo "ok play_time_limit"
