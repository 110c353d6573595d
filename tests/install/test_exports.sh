#!/bin/sh
# libsudokit's dynamic symbols are exactly the API of its installed headers
# (every installed sudokit header but plugin.h and plugin_mock.h, which
# belong to plugins): every function and object they declare is exported
# and defined, nothing else is, every exported name starts with sk_, and the
# SONAME follows the project version. Declarations are read by the compiler
# (gcc -aux-info). The explicit list the build exports (LIST, the version
# script core/library/libsudokit.map) names exactly those, and the installed
# executable exports the same list to its modules.
# usage: test_exports.sh PREFIX LIBDIR VERSION LIST
prefix=$1 libdir=$2 version=$3 list=$4
. "$(dirname "$0")/../test_lib.sh"
include=$prefix/include/sudokit
lib=$prefix/$libdir/libsudokit.so

major=${version%%.*} minor=${version#*.}
minor=${minor%%.*}
[ "$major" = 0 ] && soname=libsudokit.so.0.$minor || soname=libsudokit.so.$major
readelf -d "$lib" > dynamic.txt 2>&1
grep -q "SONAME.*\[$soname\]" dynamic.txt && [ -f "$prefix/$libdir/$soname.${version#*.*.}" ] &&
    ok soname_follows_the_version || fail soname_follows_the_version "wanted $soname: $(grep SONAME dynamic.txt)"

for header in "$include"/*.h; do
    case ${header##*/} in
    plugin.h | plugin_mock.h) ;;
    *) echo "#include \"$header\"" ;;
    esac
done > all.c
if ! gcc -std=c11 -fsyntax-only -aux-info aux.txt "-I$prefix/include" all.c 2> cc.log; then
    fail headers_compile "$(cat cc.log)"
fi
grep "^/\* $include/" aux.txt | grep -v "/plugin\.h:" | grep " extern " |
    sed 's/.*[ *]\(sk_[a-z0-9_]*\) (.*/\1/' | sort -u > declared_functions.txt
cat "$include"/*.h | sed -n 's/^extern .*[ *]\(sk_[a-z0-9_]*\) *[[;].*/\1/p' | sort -u > declared_objects.txt
nm -D --defined-only "$lib" > symbols.txt
awk '$2 == "T" { print $3 }' symbols.txt | sort -u > exported_functions.txt
awk '$2 != "T" { print $3 }' symbols.txt | sort -u > exported_objects.txt

[ "$(wc -l < declared_functions.txt)" -gt 100 ] && cmp -s declared_functions.txt exported_functions.txt &&
    ok functions_are_the_headers_functions ||
    fail functions_are_the_headers_functions \
        "declared only: $(comm -23 declared_functions.txt exported_functions.txt | tr '\n' ' ')exported only: $(comm -13 declared_functions.txt exported_functions.txt | tr '\n' ' ')"
[ -s declared_objects.txt ] && cmp -s declared_objects.txt exported_objects.txt &&
    ok objects_are_the_headers_objects ||
    fail objects_are_the_headers_objects \
        "declared only: $(comm -23 declared_objects.txt exported_objects.txt | tr '\n' ' ')exported only: $(comm -13 declared_objects.txt exported_objects.txt | tr '\n' ' ')"

sort -u exported_functions.txt exported_objects.txt > exported.txt
grep -v '^sk_' exported.txt > not_public.txt
[ -s exported.txt ] && [ ! -s not_public.txt ] && ok exported_names_are_public ||
    fail exported_names_are_public "exported without the sk_ prefix: $(tr '\n' ' ' < not_public.txt)"

sed -n 's/^ *\(sk_[a-z0-9_]*\);$/\1/p' "$list" | sort > listed.txt
sort -u declared_functions.txt declared_objects.txt > declared.txt
cmp -s listed.txt declared.txt && ok list_is_the_headers_api ||
    fail list_is_the_headers_api \
        "declared only: $(comm -13 listed.txt declared.txt | tr '\n' ' ')listed only: $(comm -23 listed.txt declared.txt | tr '\n' ' ')(add a public function to $list with its declaration)"

nm -D --defined-only "$prefix/bin/sudokit" | awk '{ print $3 }' | grep '^sk' | sort -u > program.txt
cmp -s listed.txt program.txt && ok program_exports_the_list ||
    fail program_exports_the_list \
        "listed only: $(comm -23 listed.txt program.txt | tr '\n' ' ')exported only: $(comm -13 listed.txt program.txt | tr '\n' ' ')"

test_summary
