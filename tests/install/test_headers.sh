#!/bin/sh
# core/include/sudokit/ holds exactly the installed headers: what
# `cmake --install` puts in include/sudokit is that folder and the plugin
# mock's header (core/mock/include/sudokit/), no more and no less; a
# private header lives beside its sources.
# usage: test_headers.sh PREFIX SOURCE_DIR
prefix=$1 root=$2
. "$(dirname "$0")/../test_lib.sh"
(cd "$prefix/include/sudokit" && ls) > installed.txt
(cd "$root/core/include/sudokit" && ls; cd "$root/core/mock/include/sudokit" && ls) | sort > source.txt
if diff installed.txt source.txt > diff.txt; then
    ok installed_headers_are_the_include_folder
else
    fail installed_headers_are_the_include_folder \
        "< installed only, > in core/include/sudokit only: $(cat diff.txt)"
fi
test_summary
