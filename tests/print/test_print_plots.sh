#!/bin/sh
# `rate --plot` and `bench --plot`: the picture files exist in the format
# asked, and hold the bars their data call for. check_plot finds the bars
# of a PNG by their colour; an SVG's bars are its paths filled with the
# palette's colours. The histogram's bins are recomputed here from the
# scores rate printed; bench's bars from the rates bench printed.
# usage: test_print_plots.sh SUDOKIT CHECK_PLOT DATA_DIR
sudokit=$1 check_plot=$2 data=$3
. "$(dirname "$0")/../test_lib.sh"
# The first three colours of the plots' palette, as PNG pixels and in SVG.
palette="0072b2 e69f00 009e73"
svg_bars() { grep -c 'fill:rgb(0%,44.7%,69.8%)\|fill:rgb(90.2%,62.4%,0%)\|fill:rgb(0%,62%,45.1%)' "$1"; }

grep -v '^#' "$data/17_clue_2000.txt" | head -120 > p.txt
grep -v '^#' "$data/17_clue_2000.txt" | head -20 > p20.txt
grep -v "^#" "$data/17_clue_2000.txt" | sed -n 21,40p > q20.txt

# --- rate --plot: the histogram -------------------------------------------
"$sudokit" rate --rater classic --format csv --plot hist.png p.txt > rated.csv 2> err.txt &&
    "$sudokit" rate --rater classic --quiet --plot hist.svg p.txt > /dev/null 2>> err.txt
status=$?
if [ "$status" -eq 0 ] && file hist.png | grep -q "PNG image data, 800 x 450" && head -c 100 hist.svg | grep -q '<svg'; then
    ok rate_plot_files
else
    fail rate_plot_files "status $status: $(file hist.png hist.svg) $(cat err.txt)"
fi
# The bins: the smallest width of 0.1, 0.2, 0.5, 1, 2, 5... that needs at
# most 24 bins; the nonempty ones as "INDEX COUNT", in order.
awk -F, 'NR > 1 { print $4 }' rated.csv | sort -n | awk '
    { v[NR] = $1 }
    END {
        split("1 2 5", k, " ")
        for (p = 0.1; !w; p *= 10)
            for (i = 1; i <= 3 && !w; i++)
                if (int(v[NR] / (p * k[i]) + 1e-9) - int(v[1] / (p * k[i]) + 1e-9) < 24)
                    w = p * k[i]
        first = int(v[1] / w + 1e-9)
        for (j = 1; j <= NR; j++) c[int(v[j] / w + 1e-9) - first]++
        for (b = 0; b < 24; b++) if (c[b]) print b, c[b]
    }' > bins.txt
"$check_plot" hist.png $palette | sort -n > bars.txt
# Bar b stands at first_x + (index - first_index) * pitch; its height is
# in proportion to its count (2 px either way for antialiasing).
if [ "$(wc -l < bins.txt)" -ge 3 ] && [ "$(wc -l < bins.txt)" = "$(wc -l < bars.txt)" ] &&
    paste -d' ' bins.txt bars.txt | awk '
        { index_[NR] = $1; count[NR] = $2; x[NR] = $3; h[NR] = $6
          if ($2 > most) { most = $2; tallest = $6 } }
        END {
            pitch = (x[NR] - x[1]) / (index_[NR] - index_[1])
            for (i = 1; i <= NR; i++) {
                dx = x[i] - (x[1] + (index_[i] - index_[1]) * pitch)
                dh = h[i] - tallest * count[i] / most
                if (dx < -2 || dx > 2 || dh < -2 || dh > 2) {
                    print "bin " index_[i] " count " count[i] ": x off " dx ", height off " dh
                    bad = 1
                }
            }
            exit bad
        }' > why.txt; then
    ok histogram_png_bars_match_the_scores
else
    fail histogram_png_bars_match_the_scores "bins: $(tr '\n' ' ' < bins.txt) bars: $(tr '\n' ' ' < bars.txt) $(cat why.txt)"
fi
if [ "$(svg_bars hist.svg)" = "$(wc -l < bins.txt)" ]; then
    ok histogram_svg_bars_match_the_scores
else
    fail histogram_svg_bars_match_the_scores "$(svg_bars hist.svg) bars, $(wc -l < bins.txt) bins"
fi

# --- bench --plot: bars per solver and file ---------------------------------
"$sudokit" bench --solvers dlx,propagate,singles --count-limit 2 --time 0.3 --warmup 0 --format csv \
    --plot bench.png p20.txt q20.txt > bench.csv 2> err.txt
"$sudokit" bench --solvers dlx,propagate,singles --count-limit 2 --time 0.3 --warmup 0 --format csv \
    --plot bench.svg p20.txt q20.txt > bench_svg.csv 2>> err.txt
if file bench.png | grep -q "PNG image data, 800 x" && head -c 100 bench.svg | grep -q '<svg'; then
    ok bench_plot_files
else
    fail bench_plot_files "$(file bench.png bench.svg) $(cat err.txt)"
fi
# Every run that did not fail is a bar, top to bottom in the table's order,
# a colour per solver, its length in proportion to its puzzles per second.
awk -F, 'NR > 1 && $15 == "ok" { print $3, $9 }' bench.csv > runs.txt
"$check_plot" bench.png $palette | sort -k2,2n > bars.txt
if [ "$(wc -l < runs.txt)" -ge 2 ] && [ "$(wc -l < runs.txt)" = "$(wc -l < bars.txt)" ] &&
    paste -d' ' runs.txt bars.txt | awk '
        { solver[NR] = $1; rate[NR] = $2; w[NR] = $5; colour[NR] = $7
          if ($2 > most) { most = $2; longest = $5 } }
        END {
            for (i = 1; i <= NR; i++) {
                dw = w[i] - longest * rate[i] / most
                if (dw < -2 || dw > 2) { print solver[i] " " rate[i] "/s: length off " dw; bad = 1 }
                for (j = 1; j < i; j++)
                    if ((solver[i] == solver[j]) != (colour[i] == colour[j])) {
                        print "bars " j " and " i ": colours do not follow the solvers"; bad = 1
                    }
            }
            exit bad
        }' > why.txt; then
    ok bench_png_bars_match_the_runs
else
    fail bench_png_bars_match_the_runs "runs: $(tr '\n' ' ' < runs.txt) bars: $(tr '\n' ' ' < bars.txt) $(cat why.txt)"
fi
# The svg's run: as many bars as its runs that did not fail.
svg_runs=$(awk -F, 'NR > 1 && $15 == "ok"' bench_svg.csv | wc -l)
if [ "$svg_runs" -ge 1 ] && [ "$(svg_bars bench.svg)" = "$svg_runs" ]; then
    ok bench_svg_bars_for_the_runs
else
    fail bench_svg_bars_for_the_runs "$(svg_bars bench.svg) bars, $svg_runs runs: $(cat err.txt)"
fi

# A plot that cannot be written: exit 1, the path named.
"$sudokit" rate --rater classic --quiet --plot nosuch/dir/h.png p20.txt > /dev/null 2> err.txt
status=$?
if [ "$status" -eq 1 ] && grep -q "nosuch/dir/h.png" err.txt; then
    ok plot_unwritable_path
else
    fail plot_unwritable_path "status $status: $(cat err.txt)"
fi

test_summary
