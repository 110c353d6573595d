#!/bin/sh
# Benchmark of the cluster pipeline (scripts/cluster) on this machine, in
# one run: the same generate-and-rate run of COUNT puzzles
#  1. as one process (shard.sh 0/1: the baseline);
#  2. as 4 shards on a private single-node Slurm (tests/cluster/slurm_lib.sh)
#     whose node has 2 CPUs (2 tasks at a time), then 4 CPUs (4 at a time),
#     through slurm_submit.sh, merge job included, timed by polling squeue
#     every 0.1 s (sbatch --wait polls at up to 32 s intervals);
#  3. as 4 shards through GNU parallel -j 2;
# and the merge alone (merge.sh on the 4 shard stores). Wall-clock seconds
# of each and its speed-up over the baseline.
# usage: sh tests/bench/cluster.sh [BUILD_DIR] (default: build)
# environment: COUNT (default 2000), SEED (default 1)
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
SUDOKIT=$build/sudokit
export SUDOKIT
count=${COUNT:-2000}
seed=${SEED:-1}
scripts=$root/scripts/cluster
T=$(mktemp -d)
. "$root/tests/cluster/slurm_lib.sh"
slurm_require
trap 'slurm_stop; rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }
speedup() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }

echo "load: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; $count puzzles, seed $seed"
mkdir "$T/one"
t=$(now)
/usr/bin/time -f '%U %S' -o "$T/cpu.txt" sh "$scripts/shard.sh" "$T/one" 0 1 "$count" "$seed" \
    > /dev/null || exit 1
one=$(since "$t")
cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$T/cpu.txt")
echo "one process:            ${one}s (baseline; ${cpu}s CPU," \
     "$(awk -v c="$count" -v t="$cpu" 'BEGIN { printf "%.1f", t * 1000 / c }') ms CPU a puzzle)"
for cpus in 2 4; do
    slurm_start "$T/slurm$cpus" $cpus || exit 1
    t=$(now)
    sh "$scripts/slurm_submit.sh" "$T/s$cpus" 4 "$count" "$seed" > "$T/s$cpus.out" 2>&1 ||
        { cat "$T/s$cpus.out"; exit 1; }
    jobs=$(sed -n 's/^[a-z]*: job \([0-9]*\),.*/\1/p' "$T/s$cpus.out" | paste -sd, -)
    while [ -n "$(squeue -h -j "$jobs" 2> /dev/null)" ]; do sleep 0.1; done
    w=$(since "$t")
    [ -f "$T/s$cpus/merged.db" ] || { cat "$T/s$cpus.out" "$T/s$cpus"/*.log; exit 1; }
    echo "Slurm, 4 shards, $cpus at a time: ${w}s (x$(speedup "$one" "$w"))"
    slurm_stop
done
t=$(now)
sh "$scripts/parallel_run.sh" "$T/par" 4 "$count" "$seed" -j 2 > "$T/par.out" 2>&1 ||
    { cat "$T/par.out"; exit 1; }
w=$(since "$t")
echo "parallel -j 2, 4 shards: ${w}s (x$(speedup "$one" "$w"))"
rm -f "$T/par/merged.db"
t=$(now)
sh "$scripts/merge.sh" "$T/par" 4 > /dev/null || exit 1
m=$(since "$t")
n=$(sqlite3 "$T/par/merged.db" "SELECT count(*) FROM puzzles")
r=$(sqlite3 "$T/par/merged.db" "SELECT count(*) FROM ratings")
echo "merge alone ($n puzzles, $r ratings, with db check): ${m}s," \
     "$(speedup "$m" "$one" | awk '{ printf "%.1f", $1 * 100 }')% of the one-process run"
