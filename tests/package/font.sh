#!/bin/sh
# The Debian package depends on the package of the font that print and
# --plot draw in: the family core/print/cairo/canvas.c names, as fontconfig
# finds it here, comes from a package that CPACK_DEBIAN_PACKAGE_DEPENDS
# names (dpkg-shlibdeps finds libraries, not fonts).
# usage: font.sh SOURCE_DIR BUILD_DIR
root=$1 build=$2
. "$(dirname "$0")/../test_lib.sh"
family=$(sed -n 's/.*cairo_select_font_face(cr, "\([^"]*\)".*/\1/p' "$root/core/print/cairo/canvas.c")
[ -n "$family" ] || { fail family "no cairo_select_font_face in canvas.c"; test_summary; exit; }
file=$(fc-match -f '%{file}' "$family")
package=$(dpkg -S "$file" 2> /dev/null | cut -d: -f1)
depends=$(sed -n 's/^set(CPACK_DEBIAN_PACKAGE_DEPENDS "\(.*\)")$/\1/p' "$build/CPackConfig.cmake")
if [ -z "$package" ]; then
    fail "$family" "fontconfig finds $file, of no Debian package"
elif printf '%s\n' "$depends" | tr ',' '\n' | sed 's/^ *//; s/ .*//' | grep -qx "$package"; then
    ok "$family: $package is a dependency"
else
    fail "$family" "its package $package is not in Depends ($depends)"
fi
test_summary
