# Bad input to `sudokit play` gets a clear message and a non-zero status.
. "$(dirname "$0")/play_lib.sh"

# run STATUS TEXT ARGS...: sudokit ARGS must exit STATUS with TEXT on stderr.
run() {
    want=$1 text=$2
    shift 2
    "$SK" "$@" < /dev/null > "$TMP/out" 2> "$TMP/err"
    got=$?
    [ "$got" = "$want" ] || fail "$*: status $got, want $want ($(cat "$TMP/err"))"
    grep -qF -- "$text" "$TMP/err" || fail "$*: stderr lacks '$text': $(cat "$TMP/err")"
}

two=$(echo "$PUZZLE" | sed 's/^53/00/')
run 1 "more than one solution" play --puzzle "$two" --keys -
run 2 "column 5: 'x'" play --puzzle "5300x0000600195000098000060800060003400803001700020006060000280000419005000080079" --keys -
run 2 "81 characters, not 80" play --puzzle "$(echo "$PUZZLE" | cut -c2-)" --keys -
run 1 "digit 5 twice in row 1" play --puzzle "$(echo "$PUZZLE" | sed 's/^530/535/')" --keys -
run 2 "choose one of" play --puzzle "$PUZZLE" --generate
run 2 "level '9': a level is 1 to 5" play --level 9
run 2 "MIN-MAX" play --rating 4
run 1 "no puzzle fits" play --level 3 --keys -
run 1 "no such puzzle" play --id 42 --keys -
printf '4 right sideways q\n' > "$TMP/keys"
run 1 "$TMP/keys:1:9: unknown key 'sideways'" play --puzzle "$PUZZLE" --keys "$TMP/keys"
# The moves before the bad key were saved.
echo q | "$SK" play --resume 1 --keys - > "$TMP/out" 2>/dev/null
expect filled 31 "$TMP/out"
run 1 "cannot open" play --puzzle "$PUZZLE" --keys "$TMP/missing"
run 1 "needs a terminal" play --puzzle "$PUZZLE"
echo "ok play_errors"
