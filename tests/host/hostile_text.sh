#!/bin/sh
# Terminal escapes (ESC ] ... BEL sets a terminal's title) and line ends
# that sudokit did not write itself reach the terminal escaped as \xNN: a
# plugin's version and summary in the plugins table, what it logs, its
# step words in a hint, a plugin path in a load error, file names and a
# database's schema in messages.
# usage: hostile_text.sh SUDOKIT HOSTILE_SO NOT_ELF_SO
sudokit=$1 SO=$2 NOT_ELF=$3
. "$(dirname "$0")/../test_lib.sh"
EASY=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
TITLE=$(printf '\033]0;pwned\007')
SHOWN='\\x1B]0;pwned\\x07'

# check NAME PATTERN FILE: out.txt and err.txt hold no control byte but the
# line end, and PATTERN (a grep pattern) is in FILE.
check() {
    if LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177]')" out.txt err.txt; then
        fail "$1" "a control character reached the output: $(cat -v out.txt err.txt)"
    elif ! grep -q -- "$2" "$3"; then
        fail "$1" "$3 lacks '$2': $(cat -v "$3")"
    else
        ok "$1"
    fi
}

# The plugins table: one row for the plugin, its fields escaped.
"$sudokit" --plugin-path "$SO" plugins --kind rater > out.txt 2> err.txt
check plugins_version "1\\.0$SHOWN\\\\x0A9\\.9" out.txt
check plugins_summary "a summary$SHOWN\\\\x0Arater    fake    row$" out.txt
[ "$(grep -c hostile out.txt)" -eq 1 ] && ! grep -q '^rater  *fake' out.txt &&
    ok plugins_one_row || fail plugins_one_row "a line end made a row: $(cat -v out.txt)"

# A load error names a path that holds escapes.
mkdir "plugins$TITLE"
cp "$NOT_ELF" "plugins$TITLE/"
"$sudokit" --plugin-path "plugins$TITLE" plugins > out.txt 2> err.txt
check load_error "plugin problem: .*/plugins$SHOWN/not_elf.so: not a shared object" err.txt

# What a plugin logs, and its step words in a hint.
echo "$EASY" > easy.txt
"$sudokit" --plugin-path "$SO" rate --rater hostile easy.txt > out.txt 2> err.txt
check plugin_log "^sudokit: rater 'hostile': log$SHOWN\\\\x0Asudokit: fake line$" err.txt
"$sudokit" --plugin-path "$SO" hint --rater hostile "$EASY" > out.txt 2> err.txt
check hint_words '^Technique\\x1B\[2J (1.0): why\\x1B]0;pwned\\x07\\x0Asecond line$' out.txt

# File names in messages: one that cannot be opened, one with a bad puzzle.
"$sudokit" solve "missing$TITLE.txt" > out.txt 2> err.txt
check missing_file "cannot open missing$SHOWN.txt" err.txt
echo "x$EASY" > "bad$TITLE.txt"
"$sudokit" solve "bad$TITLE.txt" > out.txt 2> err.txt
check bad_puzzle "^sudokit: bad$SHOWN.txt:1:1: puzzle 1: unexpected character 'x'" err.txt

# A database whose schema holds an escape: the error shows it escaped.
sqlite3 evil.db "CREATE TABLE x(a); PRAGMA writable_schema=ON;
    UPDATE sqlite_schema SET sql='CREATE TABLE x(a ' || char(27) || ']0;pwned' || char(7)
    || ' b' WHERE name='x';"
"$sudokit" --db evil.db db stats > out.txt 2> err.txt
check schema_error "^sudokit: " err.txt
test_summary
