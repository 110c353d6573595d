#!/bin/sh
# A C++ program can use libsudokit: every installed header compiles as
# C++ (with warnings as errors) and its functions link by their C names.
# usage: test_cxx.sh PREFIX LIBDIR CFLAGS
prefix=$1 libdir=$2 cflags=$3
. "$(dirname "$0")/../test_lib.sh"

export PKG_CONFIG_PATH="$prefix/$libdir/pkgconfig"
{
    for header in "$prefix"/include/sudokit/*.h; do
        printf '#include "sudokit/%s"\n' "$(basename "$header")"
    done
    cat <<'CXX'
#include <cstdio>
#include <cstring>

int main()
{
    const char *line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    sk_grid grid;
    size_t column = 0;
    if (sk_grid_parse_line(&grid, line, std::strlen(line), &column) != 0)
        return 1;
    std::printf("%d\n", sk_grid_clues(&grid));
    return 0;
}
CXX
} > headers.cpp

# shellcheck disable=SC2086 # cflags and pkg-config's output are word lists
if c++ -std=c++11 -Wall -Wextra -Werror $cflags $(pkg-config --cflags sudokit) \
    -o headers headers.cpp $(pkg-config --libs sudokit) \
    -Wl,-rpath,"$(pkg-config --variable=libdir sudokit)" 2> cxx.log; then
    ok headers_compile_and_link_as_cxx
else
    fail headers_compile_and_link_as_cxx "$(head -20 cxx.log)"
fi
[ "$(./headers 2>&1)" = 17 ] && ok cxx_program_calls_the_library ||
    fail cxx_program_calls_the_library "$(./headers 2>&1)"
test_summary
