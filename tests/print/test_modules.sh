#!/bin/sh
# The modules loaded at first use (print: sudokit-print.so, serve:
# sudokit-serve.so): a module that is missing, is not a shared object, has
# no entry table, or comes from another sudokit version makes the command
# that needs it fail with status 1 and a message naming the file and what
# to do, writes no file, and costs nothing to a command that does not need
# it.
# usage: test_modules.sh SUDOKIT DATA_DIR PLUGIN_FILE CC
#   PLUGIN_FILE: any built plugin (a shared object without an entry table)
#   CC: a C compiler, to build a module of another version
sudokit=$1 data=$2 plugin=$3 cc=$4
. "$(dirname "$0")/../test_lib.sh"

grep -v '^#' "$data/17_clue_2000.txt" | head -3 > p3.txt
mkdir empty text plugin old

# expect NAME DIR MESSAGE ARGS...: with SUDOKIT_MODULE_DIR=DIR, sudokit
# ARGS exits 1, says MESSAGE (a fixed string) and what to do on stderr,
# and leaves out.* unwritten.
expect() {
    name=$1 dir=$2 message=$3
    shift 3
    rm -f out.*
    SUDOKIT_MODULE_DIR=$work/$dir "$sudokit" "$@" > /dev/null 2> err.txt < /dev/null
    got=$?
    if [ "$got" -eq 1 ] && grep -qF -- "$message" err.txt &&
        grep -qF "reinstall sudokit, or set SUDOKIT_MODULE_DIR to the folder" err.txt &&
        ! ls out.* > /dev/null 2>&1; then
        ok "$name"
    else
        fail "$name" "status $got: $(cat err.txt)"
    fi
}

missing="cannot be loaded: cannot open shared object file"
expect print_missing empty "print: the print module $work/empty/sudokit-print.so $missing" \
    print -o out.pdf p3.txt
expect bench_plot_missing empty "bench: the print module $work/empty/sudokit-print.so" \
    bench --solvers fast --time 0.01 --warmup 0 -q --plot out.svg p3.txt
expect rate_plot_missing empty "rate: the print module $work/empty/sudokit-print.so" \
    rate --rater classic -q --plot out.png p3.txt
expect serve_missing empty "serve: the serve module $work/empty/sudokit-serve.so $missing" \
    serve --port 0 --db "$work/db.sqlite"

echo "not a shared object" > text/sudokit-print.so
expect print_not_elf text "print: the print module $work/text/sudokit-print.so cannot be loaded" \
    print -o out.pdf p3.txt

cp "$plugin" plugin/sudokit-print.so
expect print_no_table plugin \
    "sudokit-print.so cannot be used: it has no entry table (symbol ski_print_module)" \
    print -o out.pdf p3.txt

# A table of another sudokit: the header the loader checks first.
cat > old.c << 'C'
#include <stdint.h>
const struct { uint32_t abi, struct_size; const char *version; } ski_print_module = {1, 40, "0.0.1"};
C
if "$cc" -shared -fPIC -o old/sudokit-print.so old.c 2> cc.txt; then
    expect print_other_version old \
        "sudokit-print.so cannot be used: it comes from sudokit 0.0.1 (table ABI 1, 40 bytes)" \
        print -o out.pdf p3.txt
else
    fail print_other_version "cannot build the module: $(cat cc.txt)"
fi

# What needs no module runs without one.
if SUDOKIT_MODULE_DIR=$work/empty "$sudokit" solve p3.txt > solved.txt 2> err.txt &&
    [ "$(wc -l < solved.txt)" -eq 3 ]; then
    ok solve_needs_no_module
else
    fail solve_needs_no_module "$(cat err.txt)"
fi

# The default folder (the build tree's) holds working modules.
if "$sudokit" print -q -o out.pdf p3.txt 2> err.txt && [ -s out.pdf ]; then
    ok print_from_the_default_folder
else
    fail print_from_the_default_folder "$(cat err.txt)"
fi

test_summary
