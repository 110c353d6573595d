#!/bin/sh
# The cluster scripts take a run folder of any name: one holding $(...),
# blanks, quotes, {} (parallel's replacement) and % (sbatch's log
# patterns) runs no command, and every shard and the merge land in it.
# MODE parallel runs parallel_run.sh; MODE slurm runs slurm_submit.sh on a
# private Slurm (slurm_lib.sh; skipped, 77, when Slurm is not installed).
# usage: names.sh SUDOKIT SCRIPTS_DIR parallel|slurm
set -u
SUDOKIT=$1 SCRIPTS=$2 MODE=$3
export SUDOKIT
T=$(mktemp -d)
# shellcheck source=tests/cluster/slurm_lib.sh
. "$(dirname "$0")/slurm_lib.sh"
[ "$MODE" = slurm ] && slurm_require
trap 'slurm_stop; rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
fail() {
    echo "FAIL: $*" >&2
    exit 1
}
cd "$T" || exit 1
# A command in the name would make the file INJECTED here.
DIR="$T/run \$(touch INJECTED) 'q\" {} 50%a%j"

if [ "$MODE" = slurm ]; then
    slurm_start "$T/slurm" 2 || fail "cannot start the private Slurm"
    sh "$SCRIPTS/slurm_submit.sh" --wait "$DIR" 2 20 5 > submit.out 2>&1 ||
        fail "slurm_submit.sh: $(cat submit.out)"
    for k in 0 1; do
        grep -q "^shard $k/2: 10 puzzles" "$DIR/shard-$k.log" ||
            fail "shard $k's log is not in the run folder: $(ls -A "$DIR")"
    done
    grep -q "^merge: 2 shards" "$DIR/merge.log" || fail "merge log: $(ls -A "$DIR")"
    sh "$SCRIPTS/slurm_submit.sh" 'back\slash' 1 1 1 > out 2>&1
    [ $? -eq 2 ] && grep -q "holds a backslash" out || fail "a backslash in DIR: $(cat out)"
else
    command -v parallel > /dev/null || fail "GNU parallel is not installed (sh scripts/install-deps.sh --tests)"
    sh "$SCRIPTS/parallel_run.sh" "$DIR" 2 20 5 -j 2 > run.out 2>&1 ||
        fail "parallel_run.sh: $(cat run.out)"
    for k in 0 1; do
        [ -f "$DIR/shard-$k.log" ] && [ "$(wc -l < "$DIR/shard-$k.txt")" -eq 10 ] ||
            fail "shard $k is not in the run folder: $(ls -A "$DIR")"
    done
fi
[ -e INJECTED ] && fail "a command in the folder's name ran"
[ "$(sqlite3 "$DIR/merged.db" 'SELECT count(*) FROM puzzles')" -eq 20 ] ||
    fail "the merged store does not hold 20 puzzles: $(ls -A "$DIR")"
echo "ok: $MODE with a hostile folder name"
