#!/bin/sh
# --quiet on a terminal: rate, generate, import and solve show a progress
# line on stderr when it is a terminal (and rate its level histogram, and
# --store its summary); with --quiet they show none of it, and their output
# is the same. The terminal is script(1)'s; skipped (77) without it.
# usage: quiet.sh SUDOKIT DATA_DIR
set -u
S=$1 DATA=$2
command -v script > /dev/null 2>&1 || { echo "script(1) not found: skipped"; exit 77; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
failed=0 passed=0
fail() { echo "FAIL $*"; failed=$((failed + 1)); }
grep -v '^#' "$DATA/17_clue_2000.txt" | head -20 > p.txt

# on_terminal NAME COMMAND...: run COMMAND with stderr on a terminal,
# stdout into NAME.out; what the terminal showed into NAME.tty.
on_terminal() {
    name=$1
    shift
    script -qec "$* > $name.out" /dev/null < /dev/null > "$name.tty" 2>&1
}

# check LABEL EXTRA COMMAND...: progress "LABEL: " (and EXTRA, a fixed
# text, unless empty) on the terminal without --quiet, neither with it.
check() {
    label=$1 extra=$2 before=$failed
    shift 2
    rm -f db.db
    on_terminal loud "$@" || fail "$label: $* failed: $(cat loud.tty)"
    rm -f db.db
    on_terminal quiet "$@" --quiet || fail "$label: $* --quiet failed: $(cat quiet.tty)"
    grep -q "$(printf '\r')$label: " loud.tty || fail "$label: no progress line on a terminal"
    [ -z "$extra" ] || grep -qF "$extra" loud.tty || fail "$label: no '$extra' on a terminal"
    [ -s quiet.tty ] && fail "$label: --quiet still shows: $(od -c quiet.tty | head -3)"
    cmp -s loud.out quiet.out || fail "$label: --quiet changed the output"
    [ "$failed" -eq "$before" ] && passed=$((passed + 1))
}

check rate "rated 20 puzzles" "$S" rate p.txt
check rate "stored 20 ratings" "$S" --db db.db rate --store p.txt
check solve "" "$S" solve p.txt
check generate "" "$S" generate -n 2 --seed 1
check generate "stored 2 new puzzles" "$S" --db db.db generate -n 2 --seed 1 --store
check import "" "$S" --db db.db db import p.txt
echo "$passed commands checked, $failed failed"
[ "$failed" -eq 0 ]
