# A long key script saves its game at checkpoints, not after every move:
# each save rewrites the whole undo history, so saving every move made
# 20 000 moves take minutes. A preloaded shim (count_saves.c) counts the
# writes of the games table.
# usage: play_keys_saves.sh SUDOKIT COUNT_SAVES_SO
. "$(dirname "$0")/play_lib.sh"
SHIM=$2
# The shim comes before a sanitizer's runtime in the list of libraries.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"

moves=4000
awk -v n=$moves 'BEGIN { for (i = 0; i < n; i += 2) print "4 6" }' > "$TMP/keys"
SK_COUNT_SAVES="$TMP/count" LD_PRELOAD="$SHIM" "$SK" play --puzzle "$PUZZLE" \
    --keys "$TMP/keys" > "$TMP/out" 2> "$TMP/err" || fail "play: $(cat "$TMP/err")"
saves=$(cat "$TMP/count")
# Two saves (the new game, the end), one more a second of play.
[ "$saves" -ge 2 ] && [ "$saves" -lt 100 ] || fail "$moves moves saved the game $saves times"
expect undo $moves "$TMP/out"
# Every move was saved at the end: the resumed game has them all.
echo q | "$SK" play --resume 1 --keys - > "$TMP/res" 2> /dev/null || fail "resume"
expect undo $moves "$TMP/res"
expect cells "$(cells_with "$(echo "$PUZZLE" | tr 0 .)" 2 6)" "$TMP/res"
echo "ok play_keys_saves ($moves moves, $saves saves)"
