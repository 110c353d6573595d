#!/bin/sh
# usage: test_install.sh BUILD_DIR TEMPLATE_SOURCE LIBDIR
build=$1 template=$2 libdir=$3
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
passed=0 failed=0
ok() { echo "ok   $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }

cmake --install "$build" --prefix "$prefix" > "$prefix/install.log" 2>&1 ||
    { cat "$prefix/install.log"; exit 1; }

if [ -f "$prefix/include/sudokit/plugin.h" ] && [ -f "$prefix/$libdir/pkgconfig/sudokit-plugin.pc" ] &&
    ls "$prefix/$libdir/sudokit/plugins/"sk-generator-pattern.so > /dev/null 2>&1; then
    ok files_installed
else
    fail files_installed "missing header, pkg-config file or plugins"
fi

if "$prefix/bin/sudokit" plugins > "$prefix/plugins.txt" 2>&1 &&
    grep -q "generator  pattern" "$prefix/plugins.txt"; then
    ok installed_host_finds_its_plugins
else
    fail installed_host_finds_its_plugins "$(cat "$prefix/plugins.txt")"
fi

(cd "$prefix" && "$prefix/bin/sudokit" -c 3 && [ "$(wc -l < sudoku.txt)" -eq 29 ]) &&
    ok installed_classic_mode || fail installed_classic_mode "sudokit -c 3 failed"

export PKG_CONFIG_PATH="$prefix/$libdir/pkgconfig"
if cmake -S "$template" -B "$prefix/template-build" > "$prefix/t.log" 2>&1 &&
    cmake --build "$prefix/template-build" >> "$prefix/t.log" 2>&1 &&
    SUDOKIT_PLUGIN_PATH="$prefix/template-build" "$prefix/bin/sudokit" plugins 2>&1 |
    grep -q "rater      template"; then
    ok template_builds_out_of_tree
else
    fail template_builds_out_of_tree "$(tail -20 "$prefix/t.log")"
fi

if cc -shared -fPIC $(pkg-config --cflags sudokit-plugin) -o "$prefix/sk-hand.so" \
    "$template/template.c" 2> "$prefix/cc.log" &&
    [ "$(pkg-config --variable=plugindir sudokit-plugin)" -ef "$prefix/$libdir/sudokit/plugins" ]; then
    ok pkg_config_describes_the_install
else
    fail pkg_config_describes_the_install "$(cat "$prefix/cc.log")"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
