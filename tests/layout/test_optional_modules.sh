#!/bin/sh
# The modules are optional parts of the build: configured where cairo,
# fontconfig and libmicrohttpd cannot be found (their pkg-config files
# hidden), or with -DSUDOKIT_WITH_PRINT=OFF -DSUDOKIT_WITH_SERVE=OFF, the
# build still configures, says which module it leaves out and what to do,
# has no target for the module, and reports the tests that need it as
# skipped with the reason. (Only configured here: the whole build without
# the modules, with every other test passing, is run by hand; see
# docs/packaging.md.)
# usage: test_optional_modules.sh SOURCE_DIR CMAKE CTEST
root=$1 cmake=$2 ctest=$3
. "$(dirname "$0")/../test_lib.sh"

# Every pkg-config file this machine has, but those of the modules.
mkdir pc
for dir in $(pkg-config --variable pc_path pkg-config | tr ':' ' '); do
    for file in "$dir"/*.pc; do
        [ -f "$file" ] || continue
        name=${file##*/}
        case $name in cairo*.pc | fontconfig.pc | libmicrohttpd.pc) continue ;; esac
        [ -e "pc/$name" ] || ln -s "$file" "pc/$name"
    done
done

# configured NAME BUILD_DIR ARGS...: cmake configures BUILD_DIR with ARGS.
configured() {
    name=$1 dir=$2
    shift 2
    if "$cmake" -S "$root" -B "$dir" "$@" > "$dir.log" 2>&1; then
        ok "$name"
    else
        fail "$name" "$(tail -20 "$dir.log")"
    fi
}

# says NAME BUILD_DIR TEXT: the configure output of BUILD_DIR holds TEXT
# (its lines joined, as cmake wraps a warning).
says() {
    if tr -s ' \n' ' ' < "$2.log" | grep -qF -- "$3"; then
        ok "$1"
    else
        fail "$1" "no '$3' in: $(cat "$2.log")"
    fi
}

PKG_CONFIG_LIBDIR=$work/pc configured configures_without_the_libraries hidden
says print_left_out_says_why hidden "print module: skipped, cairo and fontconfig not found: \
install libcairo2-dev and libfontconfig-dev, then configure and build sudokit again"
says serve_left_out_says_why hidden "serve module: skipped, libmicrohttpd not found: \
install libmicrohttpd-dev, then configure and build sudokit again"

configured configures_with_the_modules_off off -DSUDOKIT_WITH_PRINT=OFF -DSUDOKIT_WITH_SERVE=OFF
says print_off_says_so off "print module: skipped (SUDOKIT_WITH_PRINT=OFF)"
says serve_off_says_so off "serve module: skipped (SUDOKIT_WITH_SERVE=OFF)"

# The build has the program but neither module.
"$cmake" --build hidden --target help > targets.txt 2>&1
if grep -q '\bsudokit\b' targets.txt && ! grep -q 'sudokit_print\|sudokit_serve\b' targets.txt; then
    ok no_module_targets
else
    fail no_module_targets "$(grep 'sudokit' targets.txt)"
fi

# A test that needs a module says it is skipped, and why.
for test in test_print_booklet serve_api; do
    "$ctest" --test-dir hidden -R "^$test\$" -V > "$test.log" 2>&1
    if grep -q "(Skipped)" "$test.log" && grep -q "$test: skipped: this build has no" "$test.log"; then
        ok "${test}_is_skipped"
    else
        fail "${test}_is_skipped" "$(cat "$test.log")"
    fi
done
test_summary
