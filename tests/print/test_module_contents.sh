#!/bin/sh
# The print module is self-contained by design (docs/architecture.md): it
# defines its own functions (canvas, booklet, plot, its entry table) and
# the requests' helpers of core/print/picture.c, and no other function of
# the core (no level names, no number parsing).
# usage: test_module_contents.sh MODULE
module=$1
. "$(dirname "$0")/../test_lib.sh"
nm --defined-only "$module" > symbols.txt 2> nm.txt
awk '{ print $NF }' symbols.txt | grep -E '^ski?_' > defined.txt
if ! grep -qx ski_print_module defined.txt; then
    fail symbols_read "no entry table among the symbols of $module: $(cat nm.txt)"
    test_summary
    exit
fi
grep -v -e '^ski_canvas_' -e '^ski_booklet_' -e '^ski_plot_' -e '^ski_print_module$' \
    -e '^ski_paper_' -e '^ski_picture_' defined.txt > foreign.txt
if [ -s foreign.txt ]; then
    fail only_its_own_functions "the module compiles in: $(tr '\n' ' ' < foreign.txt)"
else
    ok only_its_own_functions
fi
test_summary
