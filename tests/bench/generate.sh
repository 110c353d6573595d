#!/bin/sh
# Benchmark of puzzle generation against QQWing, side by side in one run:
# `qqwing --generate N --difficulty D --one-line` against `sudokit generate -n N`
# at the matching level, both without symmetry (QQWing's default), on one job
# and on two; then minimal puzzles (QQWing's puzzles are minimal too: it tries
# every cell once). Prints puzzles per second and the ratios.
# usage: sh tests/bench/generate.sh [BUILD_DIR] (default: build)
# environment: N (puzzles per run, default 1000), N_MINIMAL (default 100),
#              SOLVER (solver behind the uniqueness checks, default: the host's)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
sudokit=$build/sudokit
n=${N:-1000}
n_minimal=${N_MINIMAL:-100}
solver=${SOLVER:+--solver $SOLVER}
command -v qqwing >/dev/null || { echo "qqwing is missing: apt-get install qqwing" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# rate COUNT COMMAND...: run COMMAND (stdout kept in out.txt), print
# "WALL CPU": COUNT per wall-clock second and per CPU second (user + system).
# On a busy machine the CPU figure is the fairer one-core measure.
rate() {
    count=$1
    shift
    /usr/bin/time -f '%e %U %S' -o "$work/time.txt" "$@" > "$work/out.txt"
    lines=$(grep -c . "$work/out.txt" || true)
    [ "$lines" -eq "$count" ] || { echo "expected $count puzzles, got $lines from: $*" >&2; exit 1; }
    awk -v c="$count" '{ printf "%.1f %.1f", c / ($1 > 0 ? $1 : 0.01), c / ($2 + $3 > 0 ? $2 + $3 : 0.01) }' "$work/time.txt"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1fx", a / b }'; }

echo "sudokit generate against $(qqwing --version | head -1); N=$n, minimal N=$n_minimal"
echo "solver: ${SOLVER:-host default}; rater: classic; symmetry: none on both sides"
echo "rates in puzzles/s; cpu = per CPU second, wall = per elapsed second"
printf '%-13s %9s %9s %7s %9s %9s %7s %9s %9s\n' difficulty qqwing sudokit ratio qqwing sudokit ratio jobs2 minimal
printf '%-13s %9s %9s %7s %9s %9s %7s %9s %9s\n' "" cpu cpu cpu wall wall wall wall cpu
for pair in simple:1 easy:2 intermediate:3 expert:4 any:0; do
    d=${pair%%:*}
    level=${pair##*:}
    level_arg=
    [ "$level" -eq 0 ] || level_arg="--level $level"
    set -- $(rate "$n" qqwing --generate "$n" --difficulty "$d" --one-line)
    q_wall=$1 q_cpu=$2
    # shellcheck disable=SC2086
    set -- $(rate "$n" "$sudokit" generate -n "$n" --seed 1 --symmetry none --rater classic $level_arg $solver)
    s_wall=$1 s_cpu=$2
    # shellcheck disable=SC2086
    set -- $(rate "$n" "$sudokit" generate -n "$n" --seed 1 --symmetry none --rater classic --jobs 2 $level_arg $solver)
    j_wall=$1
    # shellcheck disable=SC2086
    set -- $(rate "$n_minimal" "$sudokit" generate -n "$n_minimal" --seed 1 --symmetry none \
        --minimal --attempts 1000000 --rater classic $level_arg $solver)
    m_cpu=$2
    printf '%-13s %9s %9s %7s %9s %9s %7s %9s %9s\n' "$d" "$q_cpu" "$s_cpu" \
        "$(ratio "$s_cpu" "$q_cpu")" "$q_wall" "$s_wall" "$(ratio "$s_wall" "$q_wall")" \
        "$j_wall" "$m_cpu"
done
