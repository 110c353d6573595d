#!/bin/sh
# The installed tree works from its prefix, and the template plugin with its
# unit test builds out of tree against it through pkg-config alone.
# usage: test_install.sh PREFIX LIBDIR TEMPLATE_SOURCE CFLAGS LUA
#   CFLAGS: extra compiler flags (a sanitized build's), may be empty
#   LUA: a stock lua5.4 to load the installed module with, or empty
prefix=$1 libdir=$2 template=$3 cflags=$4 lua=$5
. "$(dirname "$0")/../test_lib.sh"

if [ -f "$prefix/include/sudokit/plugin.h" ] && [ -f "$prefix/include/sudokit/plugin_mock.h" ] &&
    [ -f "$prefix/$libdir/pkgconfig/sudokit-plugin.pc" ] &&
    [ -f "$prefix/$libdir/pkgconfig/sudokit-plugin-mock.pc" ] &&
    [ -f "$prefix/$libdir/libsudokit-plugin-mock.a" ] &&
    ls "$prefix/$libdir/sudokit/plugins/"sk-generator-pattern.so > /dev/null 2>&1; then
    ok files_installed
else
    fail files_installed "missing header, pkg-config file, mock library or plugins"
fi

# The Lua pipelines are installed as examples and run from there.
examples=$prefix/share/doc/sudokit/examples
printf '%s\n' 530070000600195000098000060800060003400803001700020006060000280000419005000080079 \
    > one.txt
if [ -f "$examples/compare_solvers.lua" ] && [ -f "$examples/singles_rater.lua" ] &&
    SUDOKIT_PLUGIN_PATH= "$prefix/bin/sudokit" run "$examples/compare_solvers.lua" one.txt \
        > compare.txt 2>&1; then
    ok lua_examples_installed
else
    fail lua_examples_installed "no $examples/compare_solvers.lua, or it fails: $(cat compare.txt 2>/dev/null)"
fi

# The man pages and the bash completion go where man and bash-completion look.
if [ -f "$prefix/share/man/man1/sudokit.1" ] && [ -f "$prefix/share/man/man1/sudokit-db-query.1" ] &&
    MANWIDTH=80 man -l "$prefix/share/man/man1/sudokit-db-query.1" 2> /dev/null |
    grep -q "sudokit-db-query - " &&
    bash -c ". '$prefix/share/bash-completion/completions/sudokit' && complete -p sudokit" \
        > /dev/null 2>&1; then
    ok manuals_installed
else
    fail manuals_installed "no man pages under share/man/man1 or no completion under share/bash-completion/completions"
fi

if "$prefix/bin/sudokit" plugins > plugins.txt 2>&1 && grep -q "generator  *pattern" plugins.txt; then
    ok installed_host_finds_its_plugins
else
    fail installed_host_finds_its_plugins "$(cat plugins.txt)"
fi

# The modules are found beside the installed executable: print draws a
# booklet (sudokit-print.so), serve takes its keys to the server
# (sudokit-serve.so, which checks the address).
if "$prefix/bin/sudokit" generate -n 1 --seed 1 > grid.txt 2> print.txt &&
    "$prefix/bin/sudokit" print -q -o booklet.pdf grid.txt >> print.txt 2>&1 &&
    [ "$(head -c 5 booklet.pdf)" = "%PDF-" ]; then
    ok installed_host_finds_the_print_module
else
    fail installed_host_finds_the_print_module "$(cat print.txt)"
fi
"$prefix/bin/sudokit" serve --db "$work/db" --bind nonsense > serve.txt 2>&1
if [ $? -eq 2 ] && grep -q "not an IPv4 or IPv6 address" serve.txt; then
    ok installed_host_finds_the_serve_module
else
    fail installed_host_finds_the_serve_module "$(cat serve.txt)"
fi

("$prefix/bin/sudokit" -c 3 && [ "$(wc -l < sudoku.txt)" -eq 29 ]) &&
    ok installed_classic_mode || fail installed_classic_mode "sudokit -c 3 failed"

# The module links libsudokit (found through its RUNPATH) and loads the
# plugins installed beside the library.
if [ -n "$lua" ]; then
    if LUA_CPATH="$prefix/$libdir/lua/5.4/?.so" LUA_PATH= "$lua" -e \
        'local sk = require "sudokit"; print(sk.solver("dlx"))' \
        > lua.txt 2>&1 && grep -q "solver 'dlx' (plugin solver-dlx" lua.txt; then
        ok installed_lua_module_finds_library_and_plugins
    else
        fail installed_lua_module_finds_library_and_plugins "$(cat lua.txt)"
    fi
    # libsudokit finds the print module beside itself.
    if LUA_CPATH="$prefix/$libdir/lua/5.4/?.so" LUA_PATH= "$lua" -e \
        'assert(require("sudokit").print{input = "grid.txt", output = "lua.pdf", quiet = true})' \
        > lua.txt 2>&1 && [ "$(head -c 5 lua.pdf)" = "%PDF-" ]; then
        ok installed_lua_module_finds_the_print_module
    else
        fail installed_lua_module_finds_the_print_module "$(cat lua.txt)"
    fi
fi

export PKG_CONFIG_PATH="$prefix/$libdir/pkgconfig"
if cmake -S "$template" -B template-build "-DCMAKE_C_FLAGS=$cflags" > t.log 2>&1 &&
    cmake --build template-build >> t.log 2>&1 &&
    SUDOKIT_PLUGIN_PATH="$work/template-build" "$prefix/bin/sudokit" plugins 2>&1 |
    grep -q "rater  *template"; then
    ok template_builds_out_of_tree
else
    fail template_builds_out_of_tree "$(tail -20 t.log)"
fi

# Its unit test runs on the installed mock, without the host.
if ctest --test-dir template-build --output-on-failure > unit.log 2>&1 &&
    grep -q "ok   agrees_with_the_solver_on_random_puzzles" template-build/Testing/Temporary/LastTest.log; then
    ok template_unit_test_runs_on_the_mock
else
    fail template_unit_test_runs_on_the_mock "$(tail -20 unit.log)"
fi

# The constraint example builds out of tree too: the installed sudokit
# lists the rule, and its unit test compiles whole specs on the installed
# mock.
if SUDOKIT_PLUGIN_PATH="$work/template-build" "$prefix/bin/sudokit" plugins --kind constraint \
        2>&1 | grep -q "constraint  *odd-count  *template-constraint" &&
    grep -q "ok   decides_a_puzzle" template-build/Testing/Temporary/LastTest.log; then
    ok template_constraint_builds_and_runs_out_of_tree
else
    fail template_constraint_builds_and_runs_out_of_tree "$(tail -20 unit.log)"
fi

# shellcheck disable=SC2086 # cflags and pkg-config's output are word lists
if cc -shared -fPIC $cflags $(pkg-config --cflags sudokit-plugin) -o sk-hand.so \
    "$template/template.c" 2> cc.log &&
    cc $cflags $(pkg-config --cflags sudokit-plugin-mock) -o test-hand \
        "$template/test_template.c" "$template/template.c" \
        $(pkg-config --libs sudokit-plugin-mock) 2>> cc.log && ./test-hand > hand.log &&
    [ "$(pkg-config --variable=plugindir sudokit-plugin)" -ef "$prefix/$libdir/sudokit/plugins" ]; then
    ok pkg_config_describes_the_install
else
    fail pkg_config_describes_the_install "$(cat cc.log hand.log 2> /dev/null)"
fi

# The solver and generator examples build out of tree too: their unit
# tests pass on the installed mock, and the installed sudokit runs them as
# docs/plugins.md shows (puzzles of the generator, each solved once by the
# solver under --count).
if SUDOKIT_PLUGIN_PATH="$work/template-build" "$prefix/bin/sudokit" plugins > kinds.txt 2>&1 &&
    grep -q "solver  *template  *template-solver" kinds.txt &&
    grep -q "generator  *template  *template-generator" kinds.txt &&
    grep -q "ok   agrees_with_the_mock_on_random_puzzles" template-build/Testing/Temporary/LastTest.log &&
    grep -q "ok   gives_minimal_puzzles_with_one_solution" template-build/Testing/Temporary/LastTest.log &&
    SUDOKIT_PLUGIN_PATH="$work/template-build" "$prefix/bin/sudokit" generate \
        --generator template -n 3 --seed 1 > mine.txt 2> gen.log &&
    [ "$(grep -c . mine.txt)" -eq 3 ] &&
    SUDOKIT_PLUGIN_PATH="$work/template-build" "$prefix/bin/sudokit" solve --solver template \
        --count mine.txt > solved.txt 2>> gen.log &&
    [ "$(grep -c '^[1-9]\{81\}$' solved.txt)" -eq 3 ]; then
    ok template_solver_and_generator_run_out_of_tree
else
    fail template_solver_and_generator_run_out_of_tree "$(cat kinds.txt gen.log mine.txt 2> /dev/null)"
fi

# docs/plugins.md's hand build of the constraint example.
# shellcheck disable=SC2086 # cflags and pkg-config's output are word lists
if cc -shared -fPIC $cflags $(pkg-config --cflags sudokit-plugin) -o sk-odd.so \
    "$template/constraint.c" 2> cc.log &&
    cc $cflags $(pkg-config --cflags sudokit-plugin-mock) -o test_odd \
        "$template/test_constraint.c" "$template/constraint.c" \
        $(pkg-config --libs sudokit-plugin-mock) 2>> cc.log && ./test_odd > odd.log &&
    SUDOKIT_PLUGIN_PATH=$PWD/sk-odd.so "$prefix/bin/sudokit" plugins --kind constraint |
    grep -q "odd-count"; then
    ok constraint_builds_by_hand
else
    fail constraint_builds_by_hand "$(cat cc.log odd.log 2> /dev/null)"
fi

test_summary
