#!/usr/bin/env bash
# Build the libFuzzer targets of tests/fuzz with clang under ASan + UBSan in
# BUILD_DIR and run each for SECONDS, starting from a copy of its seed
# corpus and kept crashes. Prints each target's executions and the total.
# A crash (or leak, timeout, out-of-memory) is copied into
# tests/fuzz/regressions/TARGET/ of this working tree (or of the folder
# $SUDOKIT_FUZZ_REGRESSIONS), named, and the script exits 1. Without clang
# or libFuzzer it says so and exits 0.
# usage: tests/fuzz/run.sh BUILD_DIR SECONDS_PER_TARGET [TARGET...]
set -euo pipefail
if [ $# -lt 2 ] || ! [[ $2 =~ ^[1-9][0-9]*$ ]]; then
    echo "usage: $0 BUILD_DIR SECONDS_PER_TARGET [TARGET...]" >&2
    exit 2
fi
build=$1
seconds=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
keep=${SUDOKIT_FUZZ_REGRESSIONS:-$here/regressions}
cc=${SUDOKIT_FUZZ_CC:-}
if [ -z "$cc" ]; then
    for candidate in clang clang-14 clang-15 clang-16; do
        if command -v "$candidate" > /dev/null; then
            cc=$candidate
            break
        fi
    done
fi
if [ -z "$cc" ]; then
    echo "fuzz: SKIPPED: no clang found (install clang and libclang-rt-dev, or set SUDOKIT_FUZZ_CC)"
    exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return d && n; }' > "$work/probe.c"
if ! "$cc" -fsanitize=fuzzer,address,undefined "$work/probe.c" -o "$work/probe" 2> "$work/probe.log"; then
    echo "fuzz: SKIPPED: $cc cannot link libFuzzer with ASan + UBSan (install libclang-rt-dev):"
    sed 's/^/    /' "$work/probe.log" | head -n 5
    exit 0
fi

echo "== fuzz build ($cc, ASan + UBSan + libFuzzer) in $build"
cmake -S "$root" -B "$build" -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DSUDOKIT_FUZZ=ON > "$work/configure.log" || { cat "$work/configure.log"; exit 1; }
cmake --build "$build" -j2 --target fuzz_targets > "$work/build.log" || { cat "$work/build.log"; exit 1; }
if [ $# -eq 0 ]; then
    mapfile -t targets < "$build/tests/fuzz/targets.txt"
else
    targets=("$@")
fi
for target in "${targets[@]}"; do
    if [ ! -x "$build/tests/fuzz/fuzz_$target" ]; then
        echo "fuzz: no target '$target'; the targets are: $(tr '\n' ' ' < "$build/tests/fuzz/targets.txt")" >&2
        exit 2
    fi
done

echo "== fuzzing each target for $seconds s"
export ASAN_OPTIONS=detect_leaks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
total=0
failed=()
for target in "${targets[@]}"; do
    corpus=$work/corpus/$target
    artifacts=$work/artifacts/$target
    mkdir -p "$corpus" "$artifacts"
    # The fuzzer adds what it finds to its working corpus: a copy, so the
    # repository's seeds never change.
    cp "$here/seeds/$target"/* "$corpus/"
    # The reader also starts from the sample files of other programs' layouts.
    [ "$target" != reader ] || cp "$here/../data/formats"/* "$corpus/"
    if [ -d "$here/regressions/$target" ]; then
        cp "$here/regressions/$target"/* "$corpus/"
    fi
    # A sudokit store (512-byte pages) takes some 15 KB: store_open's
    # inputs may be that long, every other target's 4 KB.
    max_len=4096
    [ "$target" != store_open ] || max_len=32768
    log=$work/$target.log
    status=0
    "$build/tests/fuzz/fuzz_$target" -max_total_time="$seconds" -timeout=10 -max_len="$max_len" \
        -print_final_stats=1 -artifact_prefix="$artifacts/" "$corpus" > "$log" 2>&1 || status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    runs=${runs:-0}
    total=$((total + runs))
    printf 'fuzz: %-12s %10d executions\n' "$target" "$runs"
    found=("$artifacts"/*)
    if [ $status -ne 0 ] || [ -e "${found[0]}" ]; then
        failed+=("$target")
        echo "fuzz: $target FAILED (exit $status); its report:"
        grep -E -A 30 '^(==[0-9]+==ERROR|.*runtime error|.*invariant broken|SUMMARY)' "$log" |
            head -n 60 | sed 's/^/    /'
        mkdir -p "$keep/$target"
        for input in "${found[@]}"; do
            [ -e "$input" ] || continue
            kept=$keep/$target/$(basename "$input")
            cp "$input" "$kept"
            echo "fuzz: input kept as $kept; replay it with"
            echo "      $build/tests/fuzz/fuzz_$target $kept"
        done
    fi
done
printf 'fuzz: %-12s %10d executions\n' "total" "$total"
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: FAILED: ${failed[*]}: fix the bug and commit the kept input with the fix"
    exit 1
fi
