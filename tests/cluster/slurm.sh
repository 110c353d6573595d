#!/bin/sh
# The 4-shard generate-and-rate pipeline of scripts/cluster on a real,
# private single-node Slurm (slurm_lib.sh): slurm_submit.sh --wait runs the
# job array and the merge job (sbatch --wait); the merged store must equal
# the one-machine run (the same pipeline as one shard, 0/1): the same
# puzzles with the same provenance, the same ratings of both raters. The
# same pipeline through GNU parallel (parallel_run.sh, -j 2) must give it
# too. Skipped (77) when Slurm is not installed.
# usage: slurm.sh SUDOKIT SCRIPTS_DIR
set -u
SUDOKIT=$1
SCRIPTS=$2
export SUDOKIT
T=$(mktemp -d)
# shellcheck source=tests/cluster/slurm_lib.sh
. "$(dirname "$0")/slurm_lib.sh"
slurm_require
trap 'slurm_stop; rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
fail() {
    echo "FAIL: $*" >&2
    exit 1
}
COUNT=200 SEED=17
# The puzzles and ratings of a store, without row ids and times.
content() {
    sqlite3 "$1" "SELECT givens, canonical, solution, clues, symmetry, minimal, strategy,
        options, seed, source FROM puzzles ORDER BY canonical;
        SELECT p.canonical, r.rater, r.rater_version, r.score, r.score_is_lower_bound,
        r.first_step, r.first_placement, r.level, r.hardest, r.steps
        FROM ratings r JOIN puzzles p ON p.id = r.puzzle_id ORDER BY p.canonical, r.rater"
}
mkdir "$T/one" || fail "mkdir"
sh "$SCRIPTS/shard.sh" "$T/one" 0 1 $COUNT $SEED > /dev/null || fail "the one-machine run"
content "$T/one/shard-0.db" > "$T/one.txt"
[ "$(sqlite3 "$T/one/shard-0.db" 'SELECT count(*) FROM puzzles')" -eq $COUNT ] ||
    fail "the one-machine run does not hold $COUNT puzzles"
[ "$(sqlite3 "$T/one/shard-0.db" 'SELECT count(DISTINCT rater) FROM ratings')" -eq 2 ] ||
    fail "the one-machine run lacks the ratings of two raters"

slurm_start "$T/slurm" 2 || fail "cannot start the private Slurm"
sh "$SCRIPTS/slurm_submit.sh" --wait "$T/shared" 4 $COUNT $SEED > "$T/submit.out" 2>&1 ||
    fail "the Slurm pipeline failed: $(cat "$T/submit.out" "$T"/shared/*.log)"
grep -q "^done: $T/shared/merged.db" "$T/submit.out" || fail "submit: $(cat "$T/submit.out")"
for k in 0 1 2 3; do
    grep -q "^shard $k/4: 50 puzzles" "$T/shared/shard-$k.log" ||
        fail "shard $k's log: $(cat "$T/shared/shard-$k.log")"
done
grep -q "^merge: 4 shards" "$T/shared/merge.log" || fail "merge log: $(cat "$T/shared/merge.log")"
content "$T/shared/merged.db" > "$T/slurm.txt"
cmp -s "$T/one.txt" "$T/slurm.txt" ||
    fail "the merged store differs from the one-machine run: $(diff "$T/one.txt" "$T/slurm.txt" | head)"

command -v parallel > /dev/null || fail "GNU parallel is not installed (sh scripts/install-deps.sh --tests)"
sh "$SCRIPTS/parallel_run.sh" "$T/par" 4 $COUNT $SEED -j 2 > "$T/par.out" 2>&1 ||
    fail "the parallel pipeline failed: $(cat "$T/par.out")"
content "$T/par/merged.db" > "$T/par.txt"
cmp -s "$T/one.txt" "$T/par.txt" || fail "the parallel run's store differs from the one-machine run"
echo "ok: 4 Slurm shards and 4 parallel shards merged into the one-machine run's store"
