#!/bin/sh
# bench_print.sh BUILDDIR SRCDIR - `make bench`, print part: a 54-card deck
# repeated 20 times (120 pages), drawn by wyrmpost's print layer and by
# ReportLab (if python3-reportlab is installed): time, peak memory, size.
set -eu
build=$1 src=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/wp-bench-XXXXXX")
trap 'rm -rf "$work"' EXIT
timer=/usr/bin/time
[ -x "$timer" ] || { echo "bench: needs GNU time (Debian package time)" >&2; exit 69; }
$timer -f '%e %M' -o "$work/wp.time" "$build/bench_cards" "$work/wp.pdf" 20
read -r ws wk <"$work/wp.time"
pages=$(pdfinfo "$work/wp.pdf" 2>/dev/null | awk '/^Pages/ { print $2 }')
printf 'print, 54 cards x 20 = %s pages: wyrmpost %.2f s, peak %.1f MB, %d bytes\n' \
	"${pages:-?}" "$ws" "$(echo "$wk / 1024" | bc -l)" "$(wc -c <"$work/wp.pdf")"
py=/usr/bin/python3
[ -x "$py" ] || py=python3
if "$py" -c 'import reportlab' 2>/dev/null; then
	$timer -f '%e %M' -o "$work/rl.time" "$py" "$src/tests/bench_cards.py" "$work/rl.pdf" 20
	read -r rs rk <"$work/rl.time"
	printf 'print, the same deck with ReportLab: %.2f s, peak %.1f MB, %d bytes\n' \
		"$rs" "$(echo "$rk / 1024" | bc -l)" "$(wc -c <"$work/rl.pdf")"
else
	echo "print: ReportLab not installed (Debian python3-reportlab): no comparison"
fi
