# Hostile key scripts: a byte that is not part of a key (NUL, ESC, BEL) is
# an error at its FILE:LINE:COLUMN, endless input stops at its first byte,
# and a script that cannot be opened creates no game and no database.
. "$(dirname "$0")/play_lib.sh"

# run STATUS TEXT ARGS...: sudokit ARGS must exit STATUS with TEXT on stderr.
run() {
    want=$1 text=$2
    shift 2
    timeout 60 "$SK" "$@" < /dev/null > "$TMP/out" 2> "$TMP/err"
    got=$?
    [ "$got" = "$want" ] || fail "$*: status $got, want $want ($(cat "$TMP/err"))"
    grep -qF -- "$text" "$TMP/err" || fail "$*: stderr lacks '$text': $(cat "$TMP/err")"
}

# A file that cannot be opened is refused before anything is made.
run 1 "play: keys: cannot open $TMP/missing: No such file" \
    play --puzzle "$PUZZLE" --keys "$TMP/missing"
[ -e "$SUDOKIT_DB" ] && fail "a database was made for a key script that cannot be opened"

# /dev/zero ends at its first byte instead of running forever.
run 1 '/dev/zero:1:1: byte \x00 is not part of a key' play --puzzle "$PUZZLE" --keys /dev/zero

# A NUL after good keys: the moves before it are saved, its place named.
printf '4 right\n6 x\000 6\n' > "$TMP/nul"
run 1 "$TMP/nul:2:4: byte \\x00 is not part of a key" play --puzzle "$PUZZLE" --keys "$TMP/nul"
expect filled 32 "$TMP/out"

# Terminal escapes in a key script never reach the output raw.
printf '\033]0;pwned\007 q\n' > "$TMP/esc"
run 1 "$TMP/esc:1:1: byte \\x1B is not part of a key" play --puzzle "$PUZZLE" --keys "$TMP/esc"
grep -q "$(printf '[\033\007]')" "$TMP/out" "$TMP/err" && fail "ESC or BEL reached the output"
expect message "$TMP/esc:1:1: byte \\x1B is not part of a key (a key script holds printable keys separated by blanks: 5 u right ctrl-r q)" "$TMP/out"

# A token longer than any key name.
printf '4 %s q\n' "$(printf 'x%.0s' $(seq 40))" > "$TMP/long"
run 1 "$TMP/long:1:3: a key is one character or a name of at most 31" \
    play --puzzle "$PUZZLE" --keys "$TMP/long"
echo "ok play_keys"
