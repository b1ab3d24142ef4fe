#!/bin/sh
# print.sh BUILDDIR SRCDIR - `make bench`, print part: a 54-card deck
# repeated 20 times (120 pages), drawn by wyrmpost's print layer and by
# ReportLab (if python3-reportlab is installed): time, peak memory, size.
# Each side runs several times and the mean is shown in milliseconds: one
# wyrmpost run takes about 11 ms, below what GNU time's 10 ms steps show.
# Both sides write their file plainly; a third line times wyrmpost writing
# it durably, as `wyrmpost print` does (fsync of the file and directory).
set -eu
build=$1 src=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/wp-bench-XXXXXX")
trap 'rm -rf "$work"' EXIT
timer=/usr/bin/time
[ -x "$timer" ] || { echo "bench: needs GNU time (Debian package time)" >&2; exit 69; }

# mean_ms N CMD...: run CMD N times, print the mean wall time in ms.
mean_ms() {
	n=$1
	shift
	t0=$(date +%s%N)
	i=0
	while [ $i -lt "$n" ]; do
		"$@"
		i=$((i + 1))
	done
	t1=$(date +%s%N)
	echo "($t1 - $t0) / $n / 1000000" | bc -l
}

$timer -f '%M' -o "$work/wp.time" "$build/bench-cards" "$work/wp.pdf" 20
read -r wk <"$work/wp.time"
wms=$(mean_ms 10 "$build/bench-cards" "$work/wp.pdf" 20)
wb=$(wc -c <"$work/wp.pdf")
pages=$(pdfinfo "$work/wp.pdf" 2>/dev/null | awk '/^Pages/ { print $2 }')
printf 'print, 54 cards x 20 = %s pages: wyrmpost %.1f ms, peak %.1f MB, %d bytes\n' \
	"${pages:-?}" "$wms" "$(echo "$wk / 1024" | bc -l)" "$wb"
dms=$(mean_ms 10 "$build/bench-cards" "$work/wpd.pdf" 20 durable)
cmp -s "$work/wp.pdf" "$work/wpd.pdf" || { echo "bench: the durable write differs" >&2; exit 70; }
printf 'print, the same written durably (fsync, rename, fsync of the directory): %.1f ms\n' "$dms"
py=/usr/bin/python3
[ -x "$py" ] || py=python3
if "$py" -c 'import reportlab' 2>/dev/null; then
	$timer -f '%M' -o "$work/rl.time" "$py" "$src/tests/bench/cards.py" "$work/rl.pdf" 20
	read -r rk <"$work/rl.time"
	rms=$(mean_ms 3 "$py" "$src/tests/bench/cards.py" "$work/rl.pdf" 20)
	rb=$(wc -c <"$work/rl.pdf")
	printf 'print, the same deck with ReportLab: %.1f ms, peak %.1f MB, %d bytes\n' \
		"$rms" "$(echo "$rk / 1024" | bc -l)" "$rb"
	printf 'print: wyrmpost %.1f times as fast, files %.0f %% of the size\n' \
		"$(echo "$rms / $wms" | bc -l)" "$(echo "100 * $wb / $rb" | bc -l)"
else
	echo "print: ReportLab not installed (Debian python3-reportlab): no comparison"
fi
