#!/bin/sh
# Every example runs as written: the manual's (`sudokit help --format
# examples`: each command's --help, man page and docs/cli.md show them),
# the README's "Using it" block, and the command blocks of docs/play.md
# ("Starting a game"), docs/database.md ("Queries"), docs/human-rater.md
# ("Every step's reasoning") and docs/print.md ("A booklet", "A worked
# solution"). Each runs in one
# folder holding puzzles.txt, data/hard.txt, a database with the starter
# collection, seven games and data/hard.txt imported, and the shards
# shard1.db and shard2.db; sudokit is the one built, on PATH.
#  - play without --keys would take the terminal: it plays no key
#    (--keys /dev/null) and must start, save and end with status 0;
#  - serve runs for 3 seconds and must print its URL;
#  - the Lua examples' installed folder is the source's scripts/.
# usage: examples.sh SUDOKIT SOURCE_DIR
sudokit=$1 root=$2
. "$(dirname "$0")/../test_lib.sh"
mkdir bin data && ln -s "$sudokit" bin/sudokit && ln -s "$root/scripts" scripts
PATH=$work/bin:$PATH
export SUDOKIT_DB="$work/sudokit.db"
cp "$root/tests/classic/puzzles.txt" puzzles.txt
cp puzzles.txt data/hard.txt
{
    sudokit db init --seeds && sudokit db import data/hard.txt &&
        for id in 1 2 3 4 5 6 7; do sudokit play --id $id --keys /dev/null || exit 1; done &&
        sudokit --db shard1.db db import puzzles.txt &&
        sudokit generate -n 3 --seed 1 | sudokit --db shard2.db db import -
} > setup.log 2>&1 || { cat setup.log; fail setup "the folder could not be made"; test_summary; exit; }

# run SOURCE LINE: the example LINE from SOURCE exits with status 0.
run() {
    line=$(printf '%s' "$2" | sed 's#/usr/share/doc/sudokit/examples/#scripts/#g; s#build/sudokit#sudokit#g')
    case $line in
    *"sudokit play"*--keys* | *"sudokit play --resume") ;;
    *"sudokit play"*) line="$line --keys /dev/null" ;;
    esac
    case $line in
    *"sudokit serve"*)
        timeout 3 sh -c "$line" < /dev/null > out.txt 2> err.txt
        status=$?
        grep -q 'http://127.0.0.1:[0-9]*/' out.txt err.txt && [ "$status" -eq 124 ] && status=0
        ;;
    *)
        timeout 120 sh -c "$line" < /dev/null > out.txt 2> err.txt
        status=$?
        ;;
    esac
    if [ "$status" -eq 0 ]; then
        ok "$1: $2"
    else
        fail "$1: $2" "exit $status: $(tail -3 err.txt)"
    fi
}

# block FILE HEADING: the lines of the first code block after HEADING,
# a line ending in \ joined with the next, comments and a description
# after two blanks (docs/play.md) left out.
block() {
    awk -v h="$2" '
        $0 == h { inside = 1; next }
        inside && /^```/ { if (code) exit; code = 1; next }
        inside && code { print }' "$1" |
        sed -e ':a' -e '/\\$/N; s/\\\n *//; ta' |
        sed -e 's/ *# .*//' -e 's/   *[a-z].*$//' | grep '^\(build/\)\{0,1\}sudokit '
}

sudokit help --format examples > manual.txt || fail manual "help --format examples: exit $?"
count=0
while IFS= read -r line; do
    run manual "$line"
    count=$((count + 1))
done < manual.txt
commands=$(sudokit help --format commands | wc -l)
[ "$count" -ge "$commands" ] && ok "examples: $count for $commands commands" ||
    fail examples "$count examples for $commands commands"

for source in "README.md|## Using it" "docs/play.md|## Starting a game" \
    "docs/database.md|## Queries" "docs/human-rater.md|### Every step's reasoning" \
    "docs/print.md|## A booklet" "docs/print.md|## A worked solution"; do
    file=${source%%|*} heading=${source#*|}
    block "$root/$file" "$heading" > lines.txt
    [ -s lines.txt ] || fail "$file" "no command under '$heading'"
    while IFS= read -r line; do run "$file" "$line"; done < lines.txt
done
# docs/play.md's table of keys is the one the program's manual prints.
sudokit help --format markdown play | sed -n '/^| Key | Does |$/,/^$/p' | grep '^|' > keys.txt
missing=$(grep -vxFf "$root/docs/play.md" keys.txt)
[ -s keys.txt ] && [ -z "$missing" ] && ok "docs/play.md: the keys" ||
    fail "docs/play.md: the keys" "not in docs/play.md: $missing"
test_summary
