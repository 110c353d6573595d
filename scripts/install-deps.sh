#!/bin/sh
# Install the Debian 12 packages sudokit needs to build, test and benchmark.
# Run as root (or through sudo). Installs only what is missing.
set -eu
# dpkg-dev (dpkg-shlibdeps) and file are what `cpack -G DEB` needs to find
# the package's dependencies (tests/package/deb.sh); libmicrohttpd-dev for
# `sudokit serve`; curl, chromium, nodejs and npm for its tests (the browser
# test drives Chromium with puppeteer-core from npm).
packages="build-essential cmake pkg-config liblua5.4-dev lua5.4 libsqlite3-dev sqlite3
libncurses-dev libcairo2-dev libfontconfig-dev fonts-dejavu-core poppler-utils tmux qqwing hyperfine
dpkg-dev file slurmctld slurmd slurm-client parallel python3 procps groff-base man-db
libmicrohttpd-dev curl chromium nodejs"
# npm: Debian's own package, unless the nodejs installed brings its npm
# (NodeSource's does, and conflicts with Debian's npm).
command -v npm > /dev/null 2>&1 || packages="$packages npm"
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
# puppeteer-core, at the version tests/serve/package-lock.json pins, into
# tests/serve/node_modules (not committed); it uses the system Chromium.
repo=$(cd "$(dirname "$0")/.." && pwd)
if [ ! -d "$repo/tests/serve/node_modules/puppeteer-core" ]; then
    echo "installing puppeteer-core for the browser test"
    npm ci --prefix "$repo/tests/serve" --no-audit --no-fund --ignore-scripts
fi
