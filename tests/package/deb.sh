#!/bin/sh
# The Debian package from a built tree: `cpack -G DEB` makes it, its
# dependencies cover every library its programs need, it installs with
# dpkg -i (apt-get fetches any Depends that is missing, as on a fresh
# Debian 12), runs from /usr, and dpkg -r removes it leaving none of its
# files behind.
# The machine is left as it was, also when a step fails.
# usage: sh tests/package/deb.sh [BUILD_DIR]   (default: build; as root)
set -u
build=${1:-build}
scratch=$(mktemp -d)
installed=0
cleanup() {
    [ "$installed" -eq 0 ] || dpkg --purge sudokit > /dev/null 2>&1
    rm -rf "$scratch"
}
trap cleanup EXIT
fail() {
    echo "deb: FAIL: $*" >&2
    exit 1
}

[ "$(id -u)" -eq 0 ] || { echo "deb: run as root (it installs a package)" >&2; exit 2; }
[ -f "$build/CPackConfig.cmake" ] || { echo "deb: $build is not a configured sudokit build" >&2; exit 2; }
if dpkg-query -W -f='${Status}' sudokit 2> /dev/null | grep -q 'ok installed'; then
    echo "deb: a sudokit package is already installed: remove it first (apt-get purge sudokit)" >&2
    exit 2
fi

rm -f "$build"/sudokit_*.deb
(cd "$build" && cpack -G DEB) > "$scratch/cpack.log" 2>&1 || { cat "$scratch/cpack.log"; fail "cpack -G DEB"; }
deb=$(cd "$build" && echo "$PWD"/sudokit_*_*.deb)
[ -f "$deb" ] || fail "cpack made no sudokit_*.deb in $build"
echo "deb: built ${deb##*/} ($(du -k "$deb" | cut -f1) KiB)"

# What a fresh Debian 12 gets is what Depends names: every library the
# package's programs link to directly (their NEEDED entries; what those
# libraries need in turn comes with their own packages) must be the
# package's own or come from one of those.
dpkg-deb -x "$deb" "$scratch/root"
depends=$(dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed 's/^ *\([^ ]*\).*/\1/')
find "$scratch/root" -type f -perm -u+x | while read -r file; do
    readelf -d "$file" 2> /dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' > "$scratch/needed"
    ldd "$file" 2> /dev/null | sed -n 's/^[[:space:]]*\([^ ]*\) => \(\/[^ ]*\) .*/\1 \2/p' |
        while read -r name path; do
            grep -qxF "$name" "$scratch/needed" && echo "$path"
        done
done | sort -u > "$scratch/loaded"
[ -s "$scratch/loaded" ] || fail "ldd found no library in the package's programs"
while read -r lib; do
    case $lib in "$scratch/root"/*) continue ;; esac # the package's own
    # dpkg knows a file by the path its package gave (/lib or /usr/lib).
    owner=$(dpkg -S "$lib" "/usr$lib" "${lib#/usr}" 2> /dev/null | head -1)
    owner=${owner%%:*}
    [ -n "$owner" ] || fail "no installed package provides $lib"
    echo "$depends" | grep -qx "$owner" || fail "$lib comes from $owner, which Depends does not name"
done < "$scratch/loaded" || exit 1
echo "deb: Depends: $(dpkg-deb -f "$deb" Depends)"
# The font print draws in is no library: Depends names its package too.
echo "$depends" | grep -qx fonts-dejavu-core || fail "Depends does not name fonts-dejavu-core"

installed=1
if ! dpkg -i "$deb" > "$scratch/dpkg.log" 2>&1; then
    # dpkg leaves a package whose Depends are missing unconfigured; apt-get
    # installs them and finishes it, or the package is not installable.
    DEBIAN_FRONTEND=noninteractive apt-get install -f -y -qq --no-install-recommends \
        >> "$scratch/dpkg.log" 2>&1 || { cat "$scratch/dpkg.log"; fail "dpkg -i $deb"; }
fi
dpkg-query -W -f='${Status}' sudokit | grep -qx 'install ok installed' ||
    { cat "$scratch/dpkg.log"; fail "dpkg -i left sudokit $(dpkg-query -W -f='${Status}' sudokit)"; }
dpkg -L sudokit > "$scratch/files" || fail "dpkg -L sudokit"
echo "deb: installed $(wc -l < "$scratch/files") paths"

cd "$scratch" || exit 1
/usr/bin/sudokit plugins > plugins.txt 2>&1 || fail "sudokit plugins: $(cat plugins.txt)"
grep -q '^solver  *fast ' plugins.txt && grep -q '^rater  *human ' plugins.txt ||
    fail "sudokit plugins lists no fast solver or human rater: $(cat plugins.txt)"
/usr/bin/sudokit generate -n 1 --seed 1 > puzzle.txt 2> err.txt || fail "generate: $(cat err.txt)"
grep -Eqx '[.1-9]{81}' puzzle.txt || fail "generate -n 1 wrote: $(cat puzzle.txt)"
/usr/bin/sudokit solve puzzle.txt > solution.txt 2> err.txt || fail "solve: $(cat err.txt)"
grep -Eqx '[1-9]{81}' solution.txt || fail "solve wrote: $(cat solution.txt)"
# The modules, loaded at first use, are found under /usr/lib too.
/usr/bin/sudokit print -q -o booklet.pdf puzzle.txt 2> err.txt && [ "$(head -c 5 booklet.pdf)" = "%PDF-" ] ||
    fail "print (the print module): $(cat err.txt)"
/usr/bin/sudokit serve --db "$scratch/db" --bind nonsense > /dev/null 2> err.txt
[ $? -eq 2 ] && grep -q "not an IPv4 or IPv6 address" err.txt ||
    fail "serve (the serve module): $(cat err.txt)"
[ "$(pkg-config --modversion sudokit)" = "$(dpkg-deb -f "$deb" Version)" ] ||
    fail "pkg-config does not find sudokit.pc under /usr"
ldconfig -p | grep -q 'libsudokit\.so\.' || fail "libsudokit is not in the linker cache"
if command -v lua5.4 > /dev/null; then
    lua5.4 -e 'print(require("sudokit").solver("fast"))' > lua.txt 2>&1 &&
        grep -q "solver 'fast'" lua.txt || fail "the Lua module under lua5.4: $(cat lua.txt)"
    lua5.4 -e 'assert(require("sudokit").print{input = "puzzle.txt", output = "lua.pdf", quiet = true})' \
        > lua.txt 2>&1 && [ "$(head -c 5 lua.pdf)" = "%PDF-" ] ||
        fail "the Lua module's print (the print module beside libsudokit): $(cat lua.txt)"
fi
/usr/bin/sudokit run /usr/share/doc/sudokit/examples/compare_solvers.lua puzzle.txt > lua.txt 2>&1 ||
    fail "the installed Lua example compare_solvers.lua: $(cat lua.txt)"
echo "deb: sudokit plugins, generate, solve, print, serve, pkg-config, the Lua module and examples work from /usr"

dpkg -r sudokit > dpkg.log 2>&1 || { cat dpkg.log; fail "dpkg -r sudokit"; }
# It has no configuration files; dpkg remembers it (config-files) only for
# its postrm to run on purge.
status=$(dpkg-query -W -f='${Status}' sudokit 2> /dev/null)
case $status in
"" | *not-installed | *config-files) ;;
*) fail "after dpkg -r sudokit is still '$status'" ;;
esac
while read -r path; do
    if [ -d "$path" ]; then
        # Folders other packages share stay; the package's own must go.
        case $path in
        */sudokit | */sudokit/*) fail "$path is left" ;;
        esac
    elif [ -e "$path" ] || [ -L "$path" ]; then
        fail "$path is left"
    fi
done < files || exit 1
ldconfig -p | grep -q 'libsudokit\.so\.' && fail "libsudokit is still in the linker cache"
dpkg --purge sudokit > dpkg.log 2>&1 || { cat dpkg.log; fail "dpkg --purge sudokit"; }
installed=0
[ -z "$(dpkg-query -W -f='${Status}' sudokit 2> /dev/null | grep -v not-installed)" ] ||
    fail "dpkg still knows sudokit after purge"
echo "deb: removed (dpkg -r, then --purge); none of its $(wc -l < files) paths is left"
