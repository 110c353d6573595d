# Choosing a puzzle from the database: by level and rating window, unplayed
# puzzles first, and the rating shown in the title and in `sudokit games`.
. "$(dirname "$0")/play_lib.sh"

"$SK" generate --store --rater human --level 1 -n 2 --seed 11 2>/dev/null ||
    fail "generate level 1 exited with $?"
"$SK" generate --store --rater human --level 2 -n 1 --seed 12 2>/dev/null ||
    fail "generate level 2 exited with $?"

title() { echo q | "$SK" play "$@" --keys - 2>/dev/null | sed -n 's/^title //p'; }

t=$(title --level 2)
echo "$t" | grep -Eq '^game 1, puzzle [0-9]+, human [0-9.]+ level 2$' || fail "level 2: $t"
a=$(title --level 1)
b=$(title --level 1)
echo "$a" | grep -q ' level 1$' || fail "level 1: $a"
echo "$b" | grep -q ' level 1$' || fail "level 1: $b"
pa=$(echo "$a" | sed 's/.*puzzle \([0-9]*\),.*/\1/')
pb=$(echo "$b" | sed 's/.*puzzle \([0-9]*\),.*/\1/')
[ "$pa" != "$pb" ] || fail "the unplayed level 1 puzzle did not come first ($a / $b)"
# With every level 1 puzzle played, one of them comes again.
c=$(title --level 1)
pc=$(echo "$c" | sed 's/.*puzzle \([0-9]*\),.*/\1/')
[ "$pc" = "$pa" ] || [ "$pc" = "$pb" ] || fail "third level 1 game: $c"
# A rating window that holds the level 2 puzzle's score finds it.
score=$(echo "$t" | sed 's/.*human \([0-9.]*\) level.*/\1/')
lo=$(awk -v s="$score" 'BEGIN { print s - 0.05 }')
hi=$(awk -v s="$score" 'BEGIN { print s + 0.05 }')
w=$(title --rating "$lo-$hi")
echo "$w" | grep -q "human $score level 2" || fail "rating $lo-$hi: $w"
"$SK" games > "$TMP/games"
[ "$(awk 'NR > 1 && $4 != "-"' "$TMP/games" | wc -l)" = 5 ] ||
    fail "games lacks ratings: $(cat "$TMP/games")"
echo "ok play_levels"
