#!/bin/sh
# The quick start installs what the program needs, not the tests' tools:
# scripts/install-deps.sh alone names the packages to build and run
# sudokit (the print module's font among them), --tests adds what the
# tests and the benchmarks need; the README's quick start runs the first,
# its test command and CI the second.
# usage: install_deps.sh SOURCE_DIR
root=$1
. "$(dirname "$0")/../test_lib.sh"
deps=$root/scripts/install-deps.sh

sh "$deps" --list > program.txt 2> err.txt || fail program_list "exit $?: $(cat err.txt)"
sh "$deps" --tests --list > tests.txt 2> err.txt || fail tests_list "exit $?: $(cat err.txt)"
for p in build-essential cmake liblua5.4-dev libsqlite3-dev libncurses-dev libcairo2-dev \
    fonts-dejavu-core libmicrohttpd-dev; do
    if grep -qx "$p" program.txt && grep -qx "$p" tests.txt; then
        ok "program needs $p"
    else
        fail "program needs $p" "not in both lists"
    fi
done
for p in slurmctld slurmd chromium nodejs hyperfine qqwing tmux npm:puppeteer-core; do
    if grep -qx "$p" program.txt; then
        fail "quick start without $p" "the program's list has it"
    elif ! grep -qx "$p" tests.txt; then
        fail "tests need $p" "not in the --tests list"
    else
        ok "only the tests need $p"
    fi
done
grep -q '^sh scripts/install-deps.sh$' "$root/scripts/quickstart.sh" &&
    ok "quick start installs the program's packages" ||
    fail "quick start installs the program's packages" "scripts/quickstart.sh"
grep -q '^sh scripts/install-deps.sh --tests && ctest --test-dir build' "$root/README.md" &&
    ok "the README's test command installs the tests' packages" ||
    fail "the README's test command installs the tests' packages" "README.md"
[ "$(grep -c '^sh scripts/install-deps.sh --tests$' "$root/.ci/run")" -eq 2 ] &&
    ok "CI installs the tests' packages" || fail "CI installs the tests' packages" ".ci/run"
test_summary
