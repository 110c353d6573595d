#!/bin/sh
# Generation rates of the "variant" generator per rules family and size, in
# one run, as ratios against classic 9x9 generation by "dig" (and by
# "variant"): 4x4, 6x6, 9x9 X, a random jigsaw 9x9, killer 9x9 without
# givens, 16x16 and 25x25, in puzzles a CPU second of one thread (one
# core), with issue 26's targets: 16x16 at least 2 a second, 25x25 at
# least one a minute, killer 9x9 without givens at least 5 a second.
#
# There is no `sudokit generate --rules` yet, so the driver is a C program
# built with the tests (build/tests/generate/rules_generate: the core
# compiles the rules, the host loads the plugins); once the command exists
# this script should run it instead.
#
# The generator decides uniqueness by its own propagation and search; the
# default solver of any rules (`general` when built) only answers what
# that search hands over (docs/generation.md). Without `general` the
# tests' reference solver (tests/rules) is loaded for that, and the script
# says so.
#
# usage: sh tests/bench/rules_generate.sh [BUILD_DIR] (default: build)
# environment: SECONDS_EACH (CPU seconds a family, default 5; every family
# makes at least one puzzle), SEED (default 1), ONLY (families, e.g.
# "16x16,killer"; the classic baseline always runs)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
driver=$build/tests/generate/rules_generate
if [ ! -x "$driver" ]; then
    echo "rules_generate.sh: $driver is missing: build the tests (cmake --build $build)" >&2
    exit 1
fi
plugins=$build/plugins
if [ ! -f "$plugins/sk-solver-general.so" ]; then
    plugins=$plugins:$build/tests/rules/reference.so
    echo "rules_generate.sh: no solver 'general' in $build/plugins: counting with the tests'" \
        "reference solver, which is slow" >&2
fi
set -- --plugins "$plugins" --seconds "${SECONDS_EACH:-5}" --seed "${SEED:-1}"
if [ -n "${ONLY:-}" ]; then
    set -- "$@" --only "$ONLY"
fi
exec "$driver" "$@"
