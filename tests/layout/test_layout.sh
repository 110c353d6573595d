#!/bin/sh
# The tree and the documents that describe it agree:
#  - folders: every folder of core/ is named in docs/architecture.md (as
#    core/NAME/), so `ls core` and the architecture are one picture;
#  - paths: every core/ path that README.md or a page of docs/ names (a
#    file, a folder or a pattern such as core/lua/*.c) exists.
# usage: test_layout.sh SOURCE_DIR
root=$1
. "$(dirname "$0")/../test_lib.sh"
arch=$root/docs/architecture.md

# The folders of core/, as core/NAME/ (hidden folders left out).
(cd "$root" && find core -name '.*' -prune -o -type d -print) | sort > folders.txt
[ -s folders.txt ] || fail folders_found "no core/ folder under $root"
while read -r folder; do
    if grep -qF "$folder/" "$arch"; then
        ok "named $folder/"
    else
        fail "named $folder/" "docs/architecture.md does not name it: add it to the tree"
    fi
done < folders.txt

# Every core/ path the documents name, without what follows it in a
# sentence (a closing bracket, a comma, a full stop); a path inside
# another (BUILD/core/lua/) is the build's, not the source tree's.
for doc in "$root"/README.md "$root"/docs/*.md; do
    grep -oE '(^|[^A-Za-z0-9_./-])core/[A-Za-z0-9_./*-]*' "$doc" |
        sed -E 's/^[^c]//; s/[.,:]+$//' | sort -u |
        while read -r path; do echo "${doc#"$root"/} $path"; done
done > paths.txt
[ -s paths.txt ] || fail paths_found "no core/ path in the documents"
while read -r doc path; do
    # A pattern exists when something matches it (sh expands it here).
    set -- "$root"/$path
    if [ -e "$1" ]; then
        ok "$doc: $path"
    else
        fail "$doc: $path" "no such file or folder: update the document"
    fi
done < paths.txt
test_summary
