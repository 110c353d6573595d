#!/bin/sh
# Regression cases for bad input, full disks, closed pipes, signals and
# refused paths, one per CTest test: hardening.sh SUDOKIT DATA_DIR CASE
set -u
S=$1 DATA=$2 CASE=$3
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
fail() {
    echo "FAIL $CASE: $*" >&2
    exit 1
}
EASY=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79

# expect_status WANT WHAT: the last command's status was WANT.
expect_status() {
    [ "$status" -eq "$1" ] || fail "$2: exit status $status, wanted $1: $(cat err 2> /dev/null)"
}
expect_err() {
    grep -q -- "$1" err || fail "no '$1' on stderr: $(cat err)"
}

# A line that begins with NUL is an unexpected character, not a blank line.
case_nul_byte() {
    printf '\000%s\n' "$(echo $EASY | cut -c2-)" > nul.txt
    for command in "solve nul.txt" "rate nul.txt" "bench --time 0.01 --warmup 0 nul.txt" \
        "--db n.db db import nul.txt" "-s nul.txt"; do
        # shellcheck disable=SC2086
        "$S" $command > out 2> err
        status=$?
        expect_status 1 "$command"
        expect_err 'nul.txt:1:1: puzzle 1: unexpected character \\x00'
    done
}

# Input without an end of line, or a line longer than any layout allows,
# is refused at that length with its place, in bounded memory: /dev/zero
# under a memory limit, a 10 MB line after good ones, a quote left open.
case_endless_input() {
    limit=500000
    (ulimit -v $limit && "$S" --version) > /dev/null 2>&1 || limit=unlimited # sanitizers
    for command in "solve" "rate" "-s" "--db z.db db import"; do
        # shellcheck disable=SC2086
        (ulimit -v $limit && timeout 60 head -c 300000000 /dev/zero | "$S" $command -) \
            > out 2> err
        status=$?
        expect_status 1 "$command /dev/zero"
        expect_err '<stdin>:1:1048577: the line is longer than 1048576 bytes'
    done
    (ulimit -v $limit && timeout 60 "$S" solve /dev/zero) > out 2> err
    status=$?
    expect_status 1 "solve /dev/zero"
    expect_err '/dev/zero:1:1048577: the line is longer than 1048576 bytes'
    { echo "$EASY" && echo "$EASY" && head -c 10000000 /dev/zero | tr '\0' 1 && echo; } > long.txt
    echo "$EASY" >> long.txt
    "$S" solve long.txt > out 2> err
    status=$?
    expect_status 1 "a 10 MB line"
    expect_err '^sudokit: long.txt:3:1048577: the line is longer'
    [ "$(wc -l < out)" -eq 2 ] || fail "the puzzles before the long line: $(cat out)"
    { echo 'puzzle,name' && printf '%s,"open\n' "$EASY" && yes 0123456789 | head -500000; } > open.csv
    "$S" solve open.csv > out 2> err
    status=$?
    expect_status 1 "a quote left open"
    expect_err 'open.csv:[0-9]*:1: puzzle 1: the record holds more than 4194304 bytes of text'
}

# wait_for_temp PATTERN: until a temporary file matching PATTERN exists.
wait_for_temp() {
    for _ in $(seq 1 400); do
        ls $1 > /dev/null 2>&1 && return 0
        sleep 0.05
    done
    fail "no temporary file $1 appeared"
}

# Interrupting -c or -s leaves no temporary file behind.
case_classic_interrupted() {
    for sig in INT TERM HUP; do
        # A background job of sh starts with SIGINT ignored: restore it.
        env --default-signal=INT "$S" -c 5000000 --seed 1 2> err &
        pid=$!
        wait_for_temp '.sudoku.txt.*'
        kill -$sig $pid
        wait $pid
        status=$?
        [ $status -gt 128 ] || fail "-c after SIG$sig: exit status $status"
        ls -A | grep -q '^\.sudoku\.txt\.' && fail "-c after SIG$sig left $(ls -A | grep sudoku)"
        [ -e sudoku.txt ] && fail "-c after SIG$sig wrote sudoku.txt"
    done
    # -s reading a pipe that stays open: killed while it waits for input.
    mkfifo feed
    "$S" -s feed 2> err &
    pid=$!
    exec 3> feed
    echo "$EASY" >&3
    wait_for_temp '.sudoku.txt.*'
    kill -TERM $pid
    wait $pid
    exec 3>&-
    ls -A | grep -q '^\.sudoku\.txt\.' && fail "-s after SIGTERM left a temporary file"
    return 0
}

# A full disk (here a file size limit) is named with the file and reason.
case_classic_full_disk() {
    (
        trap '' XFSZ
        ulimit -f 1000
        "$S" -c 100000 --seed 1 > out 2> err
    )
    status=$?
    expect_status 1 "-c on a full disk"
    expect_err "cannot write sudoku.txt: File too large"
    ls -A | grep -q 'sudoku' && fail "left $(ls -A)"
    return 0
}

# With SIGPIPE ignored, generate stops at the first EPIPE. A run that went
# on would take hours: the test's timeout catches it.
case_generate_epipe() {
    (
        trap '' PIPE
        "$S" generate -n 100000000 --seed 1 2> err | head -1 > out
    )
    [ "$(wc -l < out)" -eq 1 ] || fail "head got $(wc -l < out) lines"
    expect_err "generate: cannot write the output: Broken pipe"
}

# Output that cannot be written is an error even for commands that print.
case_dev_full() {
    for command in "plugins" "--help" "--version" "--db d.db db stats"; do
        # shellcheck disable=SC2086
        "$S" $command > /dev/full 2> err
        status=$?
        expect_status 1 "$command > /dev/full"
        expect_err "cannot write the output: No space left on device"
    done
}

# Only a regular file (or none yet) is a database; nothing is made beside
# a device.
case_db_path_not_a_file() {
    mkdir folder
    for path in /dev/null folder; do
        "$S" --db "$path" db stats > out 2> err
        status=$?
        expect_status 1 "--db $path"
        expect_err "$path is not a regular file"
    done
    [ -e /dev/null-journal ] && fail "/dev/null-journal was made"
    [ -e /dev/null-wal ] && fail "/dev/null-wal was made"
    "$S" --db "" db stats > out 2> err
    status=$?
    expect_status 1 "--db ''"
    expect_err "the database path is empty"
}

# --output to something that is not a regular file: a FIFO (as a device
# such as /dev/null) is written in place, never replaced by a file; a
# symbolic link stays and its target gets the output; a folder is refused.
case_output_not_regular() {
    echo "$EASY" > easy.txt
    mkfifo fifo
    cat fifo > from_fifo &
    reader=$!
    "$S" solve easy.txt -o fifo 2> err || fail "solve -o fifo: $(cat err)"
    wait $reader
    [ -p fifo ] || fail "the FIFO was replaced: $(ls -l fifo)"
    [ "$(wc -l < from_fifo)" -eq 1 ] || fail "the FIFO's reader got: $(cat from_fifo)"
    echo old > target.txt
    ln -s target.txt link.txt
    "$S" solve easy.txt -o link.txt 2> err || fail "solve -o link.txt: $(cat err)"
    [ -L link.txt ] || fail "the symbolic link was replaced by a file"
    cmp -s target.txt from_fifo || fail "the link's target holds: $(cat target.txt)"
    ln -s target.txt sudoku.txt
    "$S" -c 3 2> err || fail "-c 3 through a link: $(cat err)"
    [ -L sudoku.txt ] && [ "$(grep -c "^[1-9] " target.txt)" -eq 27 ] || fail "-c replaced the link"
    mkdir folder
    "$S" solve easy.txt -o folder > out 2> err
    status=$?
    expect_status 1 "solve -o folder"
    expect_err "folder is a folder, not a file"
    [ -z "$(ls -A folder)" ] || fail "something was made in the folder: $(ls -A folder)"
}

# Every output path is checked before the work: a missing folder makes
# every operation fail at once, with nothing written to stdout (rate and
# bench print results as they go); a device that fills up is reported and
# never said to be written.
case_outputs_checked_first() {
    echo "$EASY" > easy.txt
    "$S" --db o.db db init > /dev/null || fail "init"
    for command in "solve easy.txt" "generate -n 1" "rate easy.txt" "hint $EASY" \
        "grids -n 10" "bench --time 0.01 --warmup 0 easy.txt" "plugins" "print easy.txt" \
        "--db o.db games" "--db o.db db stats" "--db o.db db check" "--db o.db db query" \
        "--db o.db db export" "--db o.db db import easy.txt" "--db o.db db benchmarks" \
        "--db o.db play --puzzle $EASY --keys /dev/null"; do
        # shellcheck disable=SC2086
        "$S" $command -o /nonexistent/out > out 2> err
        status=$?
        expect_status 1 "$command -o /nonexistent/out"
        expect_err "cannot create a file beside /nonexistent/out: No such file or directory"
        [ -s out ] && fail "$command -o /nonexistent/out wrote: $(cat out)"
    done
    for command in "rate easy.txt" "bench --time 0.01 --warmup 0 easy.txt"; do
        # shellcheck disable=SC2086
        "$S" $command --plot /nonexistent/plot.svg > out 2> err
        status=$?
        expect_status 1 "$command --plot /nonexistent/plot.svg"
        expect_err "cannot create a file beside /nonexistent/plot.svg"
        [ -s out ] && fail "$command rated before checking its plot: $(cat out)"
    done
    "$S" print easy.txt -o /dev/full > out 2> err
    status=$?
    expect_status 1 "print -o /dev/full"
    expect_err "print: cannot write /dev/full: No space left on device"
    grep -q written err && fail "print said it wrote /dev/full: $(cat err)"
    return 0
}

# Scores must be finite: typed windows and what a rater returns.
case_non_finite() {
    for window in inf-inf nan-1 1-inf 0x1p3-9; do
        "$S" generate --rating "$window" > out 2> err
        status=$?
        expect_status 2 "generate --rating $window"
        expect_err "must be finite numbers"
        "$S" play --rating "$window" --keys - < /dev/null > out 2> err
        status=$?
        expect_status 2 "play --rating $window"
    done
    printf 'return {kind = "rater", rate = function() return {score = 0/0, level = 1} end}\n' > nan.lua
    echo "$EASY" > easy.txt
    "$S" rate --rater lua:nan.lua easy.txt > out 2> err
    status=$?
    expect_status 1 "a Lua rater's NaN score"
    expect_err "not a finite number"
    cat > add.lua << LUA
local sk = require "sudokit"
local db = assert(sk.open("r.db"))
local id = assert(db:add(assert(sk.grid("$EASY"))))
print(db:add_rating(id, "by-hand", "1", {score = math.huge, level = 1}))
LUA
    "$S" run add.lua > out 2> err
    grep -q "nil.*finite" out || fail "db:add_rating took an infinite score: $(cat out err)"
}

# A failed batch of an import is not counted: the counts are what was
# committed, and importing again adds exactly the rest.
case_import_full_disk() {
    "$S" --db f.db db init > /dev/null || fail "init"
    "$S" generate -n 5000 --seed 3 > in.txt 2> /dev/null || fail "generate"
    (
        trap '' XFSZ
        ulimit -f 1200
        "$S" --db f.db db import --batch 500 in.txt > out 2> err
    )
    status=$?
    expect_status 1 "import on a full disk"
    expect_err "was rolled back"
    added=$(sed -n 's/^added \([0-9]*\),.*/\1/p' out)
    stored=$("$S" --db f.db db stats | sed -n 's/^puzzles: *\([0-9]*\).*/\1/p')
    [ -n "$added" ] && [ "$added" -eq "$stored" ] || fail "printed added $added, stored $stored"
    [ "$stored" -lt 5000 ] || fail "the limit did not stop the import"
    "$S" --db f.db db import in.txt > out 2> err || fail "import again: $(cat err)"
    grep -q "^added $((5000 - stored)), duplicates $stored, rejected 0$" out ||
        fail "second import: $(cat out)"
}

"case_$CASE"
echo "ok $CASE"
