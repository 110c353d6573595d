#!/bin/sh
# The man pages the build wrote: one for sudokit and one per command of
# `sudokit help --format commands`, each the same as `sudokit help --format
# man COMMAND` prints, and each read by groff and man without a warning.
# usage: manpages.sh SUDOKIT MANUAL_DIR
set -u
S=$1 DIR=$2/man1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
failed=0 passed=0
ok() { passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }

# check PAGE WORDS...: PAGE is what sudokit prints and reads cleanly.
check() {
    page=$1
    shift
    [ -f "$DIR/$page" ] || { fail "$page: not written by the build"; return; }
    "$S" help --format man "$@" > "$T/want" || { fail "$page: sudokit help failed"; return; }
    cmp -s "$T/want" "$DIR/$page" || { fail "$page: differs from sudokit help --format man $*"; return; }
    groff -man -Tutf8 -ww -z "$DIR/$page" > "$T/groff" 2>&1
    [ -s "$T/groff" ] && { fail "$page: groff warns: $(head -3 "$T/groff")"; return; }
    MANWIDTH=80 LC_ALL=C.UTF-8 man --warnings -l "$DIR/$page" > "$T/man" 2> "$T/man.err"
    [ -s "$T/man.err" ] && { fail "$page: man warns: $(head -3 "$T/man.err")"; return; }
    name=${page%.1}
    grep -q "^ *$name - " "$T/man" || { fail "$page: no NAME line for $name"; return; }
    ok
}

check sudokit.1
"$S" help --format commands > "$T/commands" || fail "help --format commands"
pages=1
while IFS= read -r words; do
    page="sudokit-$(printf '%s' "$words" | tr ' ' -).1"
    # shellcheck disable=SC2086
    check "$page" $words
    pages=$((pages + 1))
    # Each command's page has examples, and a synopsis that is no --help text.
    grep -q '^\.SH EXAMPLES$' "$DIR/$page" || fail "$page: no EXAMPLES section"
    sed -n '/^\.SH SYNOPSIS/,/^\.SH /p' "$DIR/$page" | grep -q 'usage:' &&
        fail "$page: the SYNOPSIS holds raw usage text"
    sed -n '/^\.SH DESCRIPTION/,/^\.SH /p' "$DIR/$page" | grep -q '^  *\\-' &&
        fail "$page: options in the DESCRIPTION"
done < "$T/commands"
[ "$(ls "$DIR" | wc -l)" -eq "$pages" ] || fail "$(ls "$DIR" | wc -l) pages for $pages commands"
# Every command's page is listed in sudokit(1), and an option in its own.
MANWIDTH=80 man -l "$DIR/sudokit.1" 2> /dev/null > "$T/top"
grep -q "sudokit-db-query(1)" "$T/top" || fail "sudokit(1) does not refer to sudokit-db-query(1)"
MANWIDTH=80 man -l "$DIR/sudokit-db-query.1" 2> /dev/null | grep -q -- "--clues-min N" ||
    fail "sudokit-db-query(1) lacks --clues-min N"
# play's page has the table of keys.
MANWIDTH=80 man -l "$DIR/sudokit-play.1" 2> /dev/null > "$T/play"
grep -q '^KEYS' "$T/play" && grep -q 'undo (no limit)' "$T/play" && grep -q 'save and quit' "$T/play" ||
    fail "sudokit-play(1) has no KEYS with undo and quit"
echo "$passed pages checked, $failed failed"
[ "$failed" -eq 0 ]
