# A signal in the middle of a game loses no move: keys come through a fifo,
# the game is killed while it waits for more, and resuming shows every move.
. "$(dirname "$0")/play_lib.sh"

# wait_filled N: wait until the saved game shows N filled cells.
wait_filled() {
    n=0
    while [ $n -lt 300 ]; do
        "$SK" games 2>/dev/null | awk -v n="$1" '$5 == n' | grep -q . && return 0
        sleep 0.1
        n=$((n + 1))
    done
    fail "the game never reached $1 filled cells"
}

game=0
for sig in TERM INT HUP; do
    game=$((game + 1))
    rm -f "$TMP/fifo"
    mkfifo "$TMP/fifo"
    # A background job of sh starts with SIGINT ignored, which sudokit
    # respects: restore it.
    env --default-signal=INT "$SK" play --puzzle "$PUZZLE" --keys "$TMP/fifo" \
        > "$TMP/out.$sig" 2> "$TMP/err.$sig" &
    pid=$!
    exec 3> "$TMP/fifo"
    # Fill r1c3 and r1c4 (the second puzzle fills one more cell, and so on).
    echo "4 right 6" >&3
    wait_filled 32
    kill -s "$sig" "$pid"
    wait "$pid"
    status=$?
    exec 3>&-
    case $sig in TERM) want=143 ;; INT) want=130 ;; HUP) want=129 ;; esac
    [ "$status" = "$want" ] || fail "SIG$sig: exit status $status, want $want"
    echo q | "$SK" play --resume "$game" --keys - > "$TMP/res.$sig" 2>/dev/null ||
        fail "resume after SIG$sig exited with $?"
    expect cells "$(cells_with "$(cells_with "$(echo "$PUZZLE" | tr 0 .)" 2 4)" 3 6)" \
        "$TMP/res.$sig"
    expect undo 2 "$TMP/res.$sig"
    # Undo works on what the killed session did.
    echo "u q" | "$SK" play --resume "$game" --keys - > "$TMP/undo.$sig" 2>/dev/null
    expect cells "$(cells_with "$(echo "$PUZZLE" | tr 0 .)" 2 4)" "$TMP/undo.$sig"
    # That game now has 31 filled cells, so the next round waits for its own.
done
echo "ok play_signal"
