#!/bin/sh
# Install the Debian 12 packages sudokit needs, only those missing.
# Run as root (or through sudo).
#   sh scripts/install-deps.sh          what the program needs to build and run
#   sh scripts/install-deps.sh --tests  that, and what the tests and the
#                                       benchmarks need
# --list prints the Debian packages (and the npm ones) instead, installed
# or not, one a line, and installs nothing.
set -eu
tests=0 list=0
for arg in "$@"; do
    case $arg in
    --tests) tests=1 ;;
    --list) list=1 ;;
    *) echo "usage: sh scripts/install-deps.sh [--tests] [--list]" >&2; exit 2 ;;
    esac
done
# The program: the compiler and CMake, Lua 5.4 (lua5.4 too: the build
# finds it to test the module in the stock interpreter), SQLite, ncurses,
# cairo and fontconfig with the font `print` draws in, and libmicrohttpd
# for `sudokit serve`.
packages="build-essential cmake pkg-config liblua5.4-dev lua5.4 libsqlite3-dev libncurses-dev
libcairo2-dev libfontconfig-dev fonts-dejavu-core libmicrohttpd-dev"
# The tests and the benchmarks: the sqlite3 shell (docs/database.md's
# queries), poppler-utils (the booklet's pages), tmux (the terminal play),
# qqwing and hyperfine (benchmarks), dpkg-dev and file (`cpack -G DEB`,
# tests/package/deb.sh), Slurm and GNU parallel (tests/cluster), groff-base
# and man-db (the man pages), curl, chromium, nodejs and npm (serve's
# browser test drives Chromium with puppeteer-core from npm).
test_packages="sqlite3 poppler-utils tmux qqwing hyperfine dpkg-dev file slurmctld slurmd
slurm-client parallel python3 procps groff-base man-db curl chromium nodejs"
if [ "$tests" -eq 1 ]; then
    packages="$packages $test_packages"
    # npm: Debian's own package, unless the nodejs installed brings its npm
    # (NodeSource's does, and conflicts with Debian's npm).
    command -v npm > /dev/null 2>&1 || packages="$packages npm"
fi
if [ "$list" -eq 1 ]; then
    # shellcheck disable=SC2086
    printf '%s\n' $packages
    [ "$tests" -eq 0 ] || echo "npm:puppeteer-core"
    exit 0
fi
missing=""
for p in $packages; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
        missing="$missing $p"
done
if [ -n "$missing" ]; then
    echo "installing:$missing"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $missing
fi
[ "$tests" -eq 1 ] || exit 0
# puppeteer-core, at the version tests/serve/package-lock.json pins, into
# tests/serve/node_modules (not committed); it uses the system Chromium.
repo=$(cd "$(dirname "$0")/.." && pwd)
if [ ! -d "$repo/tests/serve/node_modules/puppeteer-core" ]; then
    echo "installing puppeteer-core for the browser test"
    npm ci --prefix "$repo/tests/serve" --no-audit --no-fund --ignore-scripts
fi
