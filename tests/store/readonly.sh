#!/bin/sh
# A database the user cannot write answers the commands that only read it:
# a file of mode 0444 in a folder the user may write, and a file in a
# folder the user cannot write. A command that writes says which file,
# why, and what to do (--db), and leaves the file as it was; creating a
# database in a read-only folder says so. As root (who writes anything)
# the commands run as the user nobody through setpriv, with a copy of the
# plugins in the scratch folder (the build's own may lie in a folder only
# root may enter, as in a CI's scratch clone); without setpriv the test is
# skipped (status 77).
# usage: readonly.sh SUDOKIT
owner=$1
. "$(dirname "$0")/../test_lib.sh"
# $sudokit, which expect_output runs, is the command as the user.
sudokit=$owner
if [ "$(id -u)" -eq 0 ]; then
    command -v setpriv > /dev/null || { echo "root without setpriv: skipped"; exit 77; }
    mkdir plugins
    cp "$(dirname "$owner")"/plugins/*.so plugins/
    chmod 755 plugins && chmod 644 plugins/*.so
    printf '#!/bin/sh\nSUDOKIT_PLUGIN_PATH="%s" exec setpriv --reuid=65534 --regid=65534 --clear-groups "%s" "$@"\n' \
        "$work/plugins" "$owner" > as_user
    chmod 755 as_user
    sudokit=$work/as_user
fi
chmod 755 "$work"
mkdir open shut
chmod 777 open
"$owner" --db open/ro.db db init --seeds > /dev/null 2>&1 || fail "db init" "exit status $?"
cp open/ro.db shut/ro.db
chmod 666 shut/ro.db
chmod 444 open/ro.db
chmod 555 shut
cp open/ro.db before.db

for place in open shut; do
    what="a read-only database ($place folder)"
    expect_output "$what answers db query" 0 " hard " out.txt \
        --db $place/ro.db db query --level 3 --limit 3
    expect_output "$what answers db stats" 0 "^puzzles: *1500 " out.txt --db $place/ro.db db stats
    expect_output "$what answers db export" 0 "." out.txt --db $place/ro.db db export --limit 2
    expect_output "$what passes db check" 0 "^ok$" out.txt --db $place/ro.db db check
    expect_output "$what answers games" 0 "no game saved yet" err.txt --db $place/ro.db games
    expect_output "$what answers db benchmarks" 0 "no run recorded yet" err.txt \
        --db $place/ro.db db benchmarks
done

"$owner" db export --db open/ro.db --limit 3 > three.txt 2> /dev/null
chmod 644 three.txt
expect_output "a write to a read-only file names it, says why and what to do" 1 \
    "cannot write database open/ro.db: the file is read-only.*give --db FILE" err.txt \
    --db open/ro.db db import three.txt
expect_output "a write in a read-only folder says why" 1 \
    "cannot write database shut/ro.db: its folder shut cannot be written" err.txt \
    --db shut/ro.db rate --store three.txt
expect_output "creating a database in a read-only folder says so" 1 \
    "cannot create database shut/new.db: its folder shut cannot be written.*--db" err.txt \
    --db shut/new.db db import three.txt
[ ! -e shut/new.db ] && ok "nothing is created in the read-only folder" ||
    fail "nothing is created in the read-only folder" "$(ls shut)"
cmp -s open/ro.db before.db && cmp -s shut/ro.db before.db &&
    ok "the read-only files are unchanged" ||
    fail "the read-only files are unchanged" "their bytes changed"
chmod 755 shut
test_summary
